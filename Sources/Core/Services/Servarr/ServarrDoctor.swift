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

/// The doctor's fix on an orchestrator: switch completed download handling on. `config/downloadclient`
/// is one resource written whole, so the plan is the resource exactly as the service sent it — every
/// key and value kept — with that one value changed; it is sent only if the resource is still what
/// was planned from, then read back.
extension ServarrClient: DoctorFixing {
    public func plan(_ fix: DoctorFix) async throws(ServiceError) -> FixPlan {
        guard fix.action == .enableCompletedHandling else { throw .notOffered }
        let (id, body) = try Self.switchedOn(try await get("\(apiBase)/config/downloadclient", class: .list))
        return FixPlan(fix: fix, method: "PUT", path: "\(apiBase)/config/downloadclient/\(id)", body: body)
    }

    public func apply(_ plan: FixPlan) async throws(ServiceError) -> FixOutcome {
        guard plan.fix.action == .enableCompletedHandling else { throw .notOffered }
        // Changed since the confirmation was shown: nothing is sent, the user checks again.
        let (id, body) = try Self.switchedOn(try await get("\(apiBase)/config/downloadclient", class: .list))
        guard body == plan.body, plan.path == "\(apiBase)/config/downloadclient/\(id)" else {
            throw .serverMessage(status: 409, message: "The setting changed since it was read. Check again.")
        }
        _ = try await api.write(.put, plan.path, body: plan.body)
        let handling = try JSONReader.read(try await get("\(apiBase)/config/downloadclient", class: .list)) { r throws(ServiceError) -> Bool? in
            var value: Bool?
            try r.readObject { r, key throws(ServiceError) in
                if key("enableCompletedDownloadHandling") { value = try r.lenientBool() } else { try r.skipValue() }
            }
            return value
        }
        return FixOutcome(confirmed: handling == true, readBack: "enableCompletedDownloadHandling: \(handling.map { "\($0)" } ?? "null")")
    }

    /// The resource's id and its whole body with `enableCompletedDownloadHandling` true (keys sorted).
    static func switchedOn(_ data: Data) throws(ServiceError) -> (Int, String) {
        guard var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let id = object["id"] as? Int, object["enableCompletedDownloadHandling"] != nil else {
            throw .decoding(path: "$.enableCompletedDownloadHandling", detail: "not in config/downloadclient")
        }
        object["enableCompletedDownloadHandling"] = true
        guard let body = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            throw .decoding(path: "$", detail: "config/downloadclient could not be written back")
        }
        return (id, String(decoding: body, as: UTF8.self))
    }
}
