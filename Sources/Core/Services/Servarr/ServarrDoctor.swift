import Foundation

/// What the stack doctor reads of a Servarr orchestrator (`StackDoctor`): its download clients with
/// their category and whether enabled, completed-download handling, root folders, remote path mappings
/// and the free space it keeps when importing. Settings a version lacks are left unknown (nil), not errors.
extension ServarrClient: StackSettingsProviding {
    public func stackSettings() async throws(ServiceError) -> OrchestratorSettings {
        let clients = try await downloadClients()
        let folders = try await rootFolders()
        let handling = try await optional("config/downloadclient") { r throws(ServiceError) -> Bool? in
            var value: Bool?
            try r.readObject { r, key throws(ServiceError) in
                if key("enableCompletedDownloadHandling") { value = try r.lenientBool() } else { try r.skipValue() }
            }
            return value
        } ?? nil
        let minimum = try await optional("config/mediamanagement") { r throws(ServiceError) -> Int? in
            var value: Int?
            try r.readObject { r, key throws(ServiceError) in
                if key("minimumFreeSpaceWhenImporting") { value = try r.lenientInt() } else { try r.skipValue() }
            }
            return value
        } ?? nil
        let mappings = try await optional("remotepathmapping") { r throws(ServiceError) -> [RemotePathMapping] in
            try r.decodeList { r throws(ServiceError) -> RemotePathMapping? in
                var host: String?, remote: String?, local: String?
                try r.readObject { r, key throws(ServiceError) in
                    if key("host") { host = try r.lenientString() }
                    else if key("remotePath") { remote = try r.lenientString() }
                    else if key("localPath") { local = try r.lenientString() }
                    else { try r.skipValue() }
                }
                guard let host, let remote, let local else { return nil }
                return RemotePathMapping(host: host, remotePath: remote, localPath: local)
            }.compactMap { $0 }
        } ?? []
        return OrchestratorSettings(downloadClients: clients, completedDownloadHandling: handling, rootFolders: folders,
                                    remotePathMappings: mappings, minimumFreeSpaceMB: minimum)
    }

    /// `resource` decoded, or nil when the service does not answer it (a refused key and a cancel still end the pass).
    private func optional<T>(_ resource: String, _ decode: (inout JSONReader) throws(ServiceError) -> T) async throws(ServiceError) -> T? {
        do {
            let body = try await get("\(apiBase)/\(resource)", class: .list)
            return try JSONReader.read(body, decode)
        } catch {
            switch error {
            case .unauthorized, .cancelled, .authGateway: throw error
            default: return nil
            }
        }
    }
}
