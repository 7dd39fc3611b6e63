import Foundation

/// What the stack doctor reads of a Servarr orchestrator (`StackDoctor`): its download clients with
/// their category and whether enabled, completed-download handling, root folders, remote path mappings
/// and the free space it keeps when importing — each read on its own, at once. A read that fails is
/// recorded with its error and its value left nil, so the checks that need it are skipped and the pass
/// says it was partial; a refused key, a sign-in page and a cancel end the pass for this service.
extension ServarrClient: StackSettingsProviding {
    public func stackSettings() async throws(ServiceError) -> OrchestratorSettings {
        async let clients = outcome { () throws(ServiceError) in try await self.downloadClients() }
        async let folders = outcome { () throws(ServiceError) in try await self.rootFolders() }
        async let handling = outcome { () throws(ServiceError) in
            try await self.read("config/downloadclient") { r throws(ServiceError) -> Bool? in
                var value: Bool?
                try r.readObject { r, key throws(ServiceError) in
                    if key("enableCompletedDownloadHandling") { value = try r.lenientBool() } else { try r.skipValue() }
                }
                return value
            }
        }
        async let minimum = outcome { () throws(ServiceError) in
            try await self.read("config/mediamanagement") { r throws(ServiceError) -> Int? in
                var value: Int?
                try r.readObject { r, key throws(ServiceError) in
                    if key("minimumFreeSpaceWhenImporting") { value = try r.lenientInt() } else { try r.skipValue() }
                }
                return value
            }
        }
        async let mappings = outcome { () throws(ServiceError) in
            try await self.read("remotepathmapping") { r throws(ServiceError) -> [RemotePathMapping] in
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
            }
        }
        var unread: [StackEvidence.Part: ServiceError] = [:]
        func value<T>(_ result: Result<T, ServiceError>, _ part: StackEvidence.Part) throws(ServiceError) -> T? {
            switch result {
            case .success(let value): return value
            case .failure(let error):
                switch error {
                case .unauthorized, .cancelled, .authGateway: throw error
                default: unread[part] = error; return nil
                }
            }
        }
        let (c, f, h, m, p) = await (clients, folders, handling, minimum, mappings)
        return OrchestratorSettings(downloadClients: try value(c, .downloadClients), completedDownloadHandling: try value(h, .completedHandling) ?? nil,
                                    rootFolders: try value(f, .rootFolders), remotePathMappings: try value(p, .remotePathMappings),
                                    minimumFreeSpaceMB: try value(m, .importSettings) ?? nil, unread: unread)
    }

    private func read<T>(_ resource: String, _ decode: (inout JSONReader) throws(ServiceError) -> T) async throws(ServiceError) -> T {
        try JSONReader.read(try await get("\(apiBase)/\(resource)", class: .list), decode)
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
