import Foundation

/// Finding and adding library items (API-GUIDE-2 §1): lookups, reference data, and the add POST
/// with every field the services would otherwise default sent explicitly. A lookup or add the
/// service refuses says why in its words (validation arrays, SkyHook's 503 message).
extension ServarrClient {
    /// A read that keeps the service's words when it fails (a lookup while the metadata service is down: 503 + message).
    func read(_ path: String, query: [URLQueryItem] = []) async throws(ServiceError) -> Data {
        try await checked(try await send(path, query: query, class: .list, authenticated: true), keeping503: true)
    }

    public func lookup(_ term: String) async throws(ServiceError) -> [LookupResult] {
        let trimmed = term.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count >= 2 else { return [] } // the service answers a missing term with a 503
        let body = try await read("\(apiBase)/\(flavour.itemResource)/lookup", query: [URLQueryItem(name: "term", value: trimmed)])
        let decode = flavour.decodeLookup
        return try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList { r throws(ServiceError) in try decode(&r) } }
            .compactMap { $0 }
    }

    public func rootFolders() async throws(ServiceError) -> [RootFolder] {
        try JSONReader.read(try await read("\(apiBase)/rootfolder")) { r throws(ServiceError) in
            try r.decodeList { r throws(ServiceError) -> RootFolder? in
                var id: Int?, path: String?, accessible = false, free: Int64?
                try r.readObject { r, key throws(ServiceError) in
                    if key("id") { id = try r.lenientInt() }
                    else if key("path") { path = try r.lenientString() }
                    else if key("accessible") { accessible = try r.lenientBool() ?? false }
                    else if key("freeSpace") { free = try r.lenientInt64() }
                    else { try r.skipValue() } // unmappedFolders can be huge: skipped, never kept
                }
                guard let id, let path else { return nil }
                return RootFolder(id: id, path: path, accessible: accessible, freeSpace: free)
            }
        }.compactMap { $0 }
    }

    /// `qualityprofile` (name) or `tag` (label): ids and names.
    func named(_ resource: String, nameKey: StaticString) async throws(ServiceError) -> [NamedID] {
        try JSONReader.read(try await read("\(apiBase)/\(resource)")) { r throws(ServiceError) in
            try r.decodeList { r throws(ServiceError) -> NamedID? in
                var id: Int?, name: String?
                try r.readObject { r, key throws(ServiceError) in
                    if key("id") { id = try r.lenientInt() }
                    else if key(nameKey) { name = try r.lenientString() }
                    else { try r.skipValue() }
                }
                guard let id, let name else { return nil }
                return NamedID(id: id, name: name)
            }
        }.compactMap { $0 }
    }

    public func qualityProfiles() async throws(ServiceError) -> [NamedID] { try await named("qualityprofile", nameKey: "name") }
    public func tags() async throws(ServiceError) -> [NamedID] { try await named("tag", nameKey: "label") }
    public func metadataProfiles() async throws(ServiceError) -> [NamedID] { try await named("metadataprofile", nameKey: "name") }

    /// `POST {item}` with the flavour's body (nothing sent when the addition is incomplete); the item as stored.
    public func add(_ addition: LibraryAddition) async throws(ServiceError) -> Resource {
        guard addition.isComplete(for: flavour.library), let body = flavour.addBody(addition) else { throw .invalidRequest(.incomplete) }
        let answer = try await write(.post, "\(apiBase)/\(flavour.itemResource)", body: body)
        guard let added = try flavour.decodeItems(Data("[".utf8) + answer + Data("]".utf8), serviceID).first else {
            throw .unavailable(.badResponse)
        }
        return added
    }
}
