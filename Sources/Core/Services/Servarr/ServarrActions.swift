import Foundation

/// Servarr writes (API-GUIDE §2.7, API-GUIDE-2 §2): the editor endpoints for monitoring — a
/// whole resource rebuilt from Switchyard's partial decode is never PUT — and commands, always
/// naming their items. Writes are sent once.
extension ServarrClient {
    /// JSON `body` to `path` with the API key, sent once; the checked answer.
    func write(_ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], body: String?,
               class requestClass: RequestClass = .list) async throws(ServiceError) -> Data {
        try await api.write(method, path, query: query, body: body, class: requestClass)
    }

    /// The answer's JSON body, as `ServarrAPI.checked` reads it.
    func checked(_ response: HTTPResponse, keeping503: Bool = false) async throws(ServiceError) -> Data {
        try await api.checked(response, keeping503: keeping503)
    }

    /// `PUT {item}/editor {"<item>Ids": […], "monitored": …}`; nothing for no ids.
    public func setMonitored(_ monitored: Bool, items: [ResourceID]) async throws(ServiceError) {
        let ids = items.map(\.itemID)
        guard !ids.isEmpty, ids.allSatisfy({ $0 > 0 }) else { throw .invalidRequest(.noItems) }
        let list = ids.map(String.init).joined(separator: ",")
        _ = try await write(.put, "\(apiBase)/\(flavour.itemResource)/editor",
                            body: #"{"\#(flavour.itemIDsField)":[\#(list)],"monitored":\#(monitored)}"#)
    }

    /// Groups of one item, in one request (the flavour's endpoint: Sonarr's season pass, Lidarr's album
    /// editor); never the whole item; nothing for no groups.
    public func setGroupsMonitored(_ monitored: Bool, item: ResourceID, groups: [Int]) async throws(ServiceError) {
        guard let monitorGroups = flavour.children?.monitorGroups else { throw .notOffered }
        guard item.itemID > 0, !groups.isEmpty, groups.allSatisfy({ $0 >= 0 }) else { throw .invalidRequest(.noItems) }
        let request = monitorGroups(monitored, item.itemID, groups)
        _ = try await write(request.0, "\(apiBase)/\(request.1)", body: request.2)
    }

    /// Children named by id (the flavour's endpoint: Sonarr's `episode/monitor`); nothing for no ids.
    public func setChildrenMonitored(_ monitored: Bool, ids: [Int]) async throws(ServiceError) {
        guard let monitorChildren = flavour.children?.monitorChildren else { throw .notOffered }
        guard !ids.isEmpty, ids.allSatisfy({ $0 > 0 }) else { throw .invalidRequest(.noItems) }
        let request = monitorChildren(monitored, ids)
        _ = try await write(request.0, "\(apiBase)/\(request.1)", body: request.2)
    }

    /// `DELETE queue/{id}` (or `queue/bulk`) with every flag explicit.
    public func removeFromQueue(_ ids: [Int], _ removal: QueueRemoval, bulk: Bool) async throws(ServiceError) {
        guard !ids.isEmpty, ids.allSatisfy({ $0 > 0 }) else { throw .invalidRequest(.noItems) }
        if bulk, ids.count > 1 {
            let list = ids.map(String.init).joined(separator: ",")
            _ = try await write(.delete, "\(apiBase)/queue/bulk", query: removal.servarrQuery, body: #"{"ids":[\#(list)]}"#)
        } else {
            for id in ids { _ = try await write(.delete, "\(apiBase)/queue/\(id)", query: removal.servarrQuery, body: nil) }
        }
    }

    /// `POST queue/grab/{id}`: only for pending (delayed) records; others answer 404.
    public func grab(queueRecord id: Int) async throws(ServiceError) {
        guard id > 0 else { throw .invalidRequest(.noItems) }
        _ = try await write(.post, "\(apiBase)/queue/grab/\(id)", body: nil)
    }

    /// `DELETE {item}/{id}` with both flags explicit (files kept unless asked).
    public func delete(_ item: ResourceID, deleteFiles: Bool, excludeFromImportLists exclude: Bool) async throws(ServiceError) {
        guard item.itemID > 0 else { throw .invalidRequest(.noItems) }
        _ = try await write(.delete, "\(apiBase)/\(flavour.itemResource)/\(item.itemID)",
                            query: [URLQueryItem(name: "deleteFiles", value: String(deleteFiles)),
                                    URLQueryItem(name: flavour.exclusionFlag, value: String(exclude))], body: nil)
    }

    /// The flavour's body for `command`; nil when it would name no item (and so act on every one).
    public static func body(_ command: LibraryCommand) -> String? {
        let commands = Kind.flavour.commands
        switch command {
        case .search(let ids): return commands.search(ids)
        case .refresh(let ids): return commands.refresh(ids)
        case .searchGroups(let item, let groups):
            return item > 0 && !groups.isEmpty && groups.allSatisfy({ $0 >= 0 }) ? commands.searchGroups?(item, groups) : nil
        case .searchChildren(_, let ids): return commands.searchChildren?(ids)
        case .rssSync: return #"{"name":"RssSync"}"#
        }
    }

    public func start(_ command: LibraryCommand) async throws(ServiceError) -> CommandProgress {
        guard let body = Self.body(command) else { throw .invalidRequest(.wholeLibrary) }
        return try ServarrCommands.decode(try await write(.post, "\(apiBase)/command", body: body))
    }

    public func progress(ofCommand id: Int) async throws(ServiceError) -> CommandProgress {
        try ServarrCommands.decode(try await get("\(apiBase)/command/\(id)", class: .list))
    }

}

/// A Servarr command resource (`CommandResource`), as a write's answer or a live message carries it.
public enum ServarrCommands {
    public static func decode(_ body: Data) throws(ServiceError) -> CommandProgress {
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
