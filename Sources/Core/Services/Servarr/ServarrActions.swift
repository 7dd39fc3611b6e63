import Foundation

/// Sonarr/Radarr writes (API-GUIDE §2.7, API-GUIDE-2 §2): the editor endpoints for monitoring — a
/// whole resource rebuilt from Switchyard's partial decode is never PUT — and commands, always
/// naming their items. Writes are sent once.
extension ServarrClient {
    /// JSON `body` to `path` with the API key; the checked answer.
    func write(_ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], body: String?,
               class requestClass: RequestClass = .list) async throws(ServiceError) -> Data {
        let request = ServiceRequest(method, path, query: query, headers: ["Accept": "application/json"], body: body.map { Data($0.utf8) },
                                     contentType: body == nil ? nil : "application/json", class: requestClass, effect: .write)
        return try await checked(try await http.send(request))
    }

    /// The answer's JSON body. A refused key signs out (the keyring is read again next time). A 500 that
    /// says why — an unknown command, a client without a post-import category — becomes those words: they
    /// are worth more than the status; with `keeping503`, a 503 that says why too (a metadata outage).
    func checked(_ response: HTTPResponse, keeping503: Bool = false) async throws(ServiceError) -> Data {
        do {
            return try response.jsonBody()
        } catch .unauthorized {
            await http.signOut()
            throw .unauthorized
        } catch .unavailable(let reason) {
            switch reason {
            case .serverError(let status):
                if let message = response.serverMessage { throw .serverMessage(status: status, message: message) }
            case .serverUnavailable(let status) where keeping503:
                if let message = response.serverMessage { throw .serverMessage(status: status, message: message) }
            default: break
            }
            throw .unavailable(reason)
        }
    }

    /// `PUT {series|movie}/editor {"seriesIds"|"movieIds": […], "monitored": …}`; nothing for no ids.
    func setMonitored(_ monitored: Bool, ids: [Int], resource: String, idsField: String) async throws(ServiceError) {
        let valid = ids.filter { $0 > 0 }
        guard !valid.isEmpty, valid.count == ids.count else { throw .notOffered }
        let list = valid.map(String.init).joined(separator: ",")
        _ = try await write(.put, "\(api.basePath)/\(resource)/editor", body: #"{"\#(idsField)":[\#(list)],"monitored":\#(monitored)}"#)
    }

    /// `DELETE queue/{id}` (or `queue/bulk`) with every flag explicit.
    public func removeFromQueue(_ ids: [Int], _ removal: QueueRemoval, bulk: Bool) async throws(ServiceError) {
        guard !ids.isEmpty, ids.allSatisfy({ $0 > 0 }) else { throw .notOffered }
        if bulk, ids.count > 1 {
            let list = ids.map(String.init).joined(separator: ",")
            _ = try await write(.delete, "\(api.basePath)/queue/bulk", query: removal.query, body: #"{"ids":[\#(list)]}"#)
        } else {
            for id in ids { _ = try await write(.delete, "\(api.basePath)/queue/\(id)", query: removal.query, body: nil) }
        }
    }

    /// `POST queue/grab/{id}`: only for pending (delayed) records; others answer 404.
    public func grab(queueRecord id: Int) async throws(ServiceError) {
        guard id > 0 else { throw .notOffered }
        _ = try await write(.post, "\(api.basePath)/queue/grab/\(id)", body: nil)
    }

    /// `DELETE {series|movie}/{id}` with both flags explicit (files kept unless asked).
    func delete(_ id: Int, resource: String, deleteFiles: Bool, exclusionFlag: String, exclude: Bool) async throws(ServiceError) {
        guard id > 0 else { throw .notOffered }
        _ = try await write(.delete, "\(api.basePath)/\(resource)/\(id)",
                            query: [URLQueryItem(name: "deleteFiles", value: String(deleteFiles)),
                                    URLQueryItem(name: exclusionFlag, value: String(exclude))], body: nil)
    }

    public func start(_ command: LibraryCommand) async throws(ServiceError) -> CommandProgress {
        guard let body = command.body else { throw .notOffered } // it would act on the whole library
        return try Self.decodeCommand(try await write(.post, "\(api.basePath)/command", body: body))
    }

    public func progress(ofCommand id: Int) async throws(ServiceError) -> CommandProgress {
        try Self.decodeCommand(try await get("\(api.basePath)/command/\(id)", class: .list))
    }

    public static func decodeCommand(_ body: Data) throws(ServiceError) -> CommandProgress {
        let fields = try JSONReader.read(body) { r throws(ServiceError) -> (Int?, String?, String?, String?) in
            var id: Int?, name: String?, status: String?, message: String?
            try r.readObject { r, key throws(ServiceError) in
                if key("id") { id = try r.lenientInt() }
                else if key("name") { name = try r.lenientString() }
                else if key("status") { status = try r.lenientString() }
                else if key("message") { message = try r.lenientString() }
                else { try r.skipValue() }
            }
            return (id, name, status, message)
        }
        guard let id = fields.0 else { throw .unavailable(.badResponse) }
        return CommandProgress(id: id, name: fields.1 ?? "", status: CommandProgress.Status(rawValue: fields.2 ?? "") ?? .unknown,
                               message: fields.3)
    }
}
