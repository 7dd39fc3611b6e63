import Foundation

/// Finding and adding series or movies (API-GUIDE-2 §1): lookups, reference data, and the add POST
/// with every field the services would otherwise default sent explicitly. A lookup or add the
/// service refuses says why in its words (validation arrays, SkyHook's 503 message).
extension ServarrClient {
    /// A read that keeps the service's words when it fails (a lookup while the metadata service is down: 503 + message).
    func read(_ path: String, query: [URLQueryItem] = []) async throws(ServiceError) -> Data {
        try await checked(try await send(path, query: query, class: .list, authenticated: true), keeping503: true)
    }

    func lookup(_ term: String, resource: String, kind: Resource.Kind) async throws(ServiceError) -> [LookupResult] {
        let trimmed = term.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count >= 2 else { return [] } // the service answers a missing term with a 503
        let body = try await read("\(api.basePath)/\(resource)/lookup", query: [URLQueryItem(name: "term", value: trimmed)])
        return try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList { r throws(ServiceError) in try Self.lookupResult(&r, kind: kind) } }
            .compactMap { $0 }
    }

    static func lookupResult(_ r: inout JSONReader, kind: Resource.Kind) throws(ServiceError) -> LookupResult? {
        var title: String?, year: Int?, overview: String?, network: String?, tvdb: Int?, tmdb: Int?, id: Int?
        var images: [ServarrImageDTO] = []
        var seasons: [Int] = []
        try r.readObject { r, key throws(ServiceError) in
            if key("title") { title = try r.lenientString() }
            else if key("year") { year = try r.lenientInt() }
            else if key("overview") { overview = try r.lenientString() }
            else if key("network") || key("studio") { network = try r.lenientString() ?? network }
            else if key("tvdbId") { tvdb = try r.lenientInt() }
            else if key("tmdbId") { tmdb = try r.lenientInt() }
            else if key("id") { id = try r.lenientInt() }
            else if key("images") { images = try ServarrImageDTO.decodeList(&r) }
            else if key("seasons") {
                guard try r.peek() == .array else { return try r.skipValue() }
                try r.readArray { r, _ throws(ServiceError) in
                    guard try r.peek() == .object else { return try r.skipValue() }
                    try r.readObject { r, key throws(ServiceError) in
                        if key("seasonNumber"), let number = try r.lenientInt() { seasons.append(number) } else { try r.skipValue() }
                    }
                }
            }
            else { try r.skipValue() }
        }
        guard let title, !title.isEmpty else { return nil } // tolerance: a result without a title cannot be offered
        return LookupResult(kind: kind, title: title, year: year.flatMap { $0 > 0 ? $0 : nil }, overview: overview, network: network,
                            images: images.map(\.domain), tvdbID: tvdb, tmdbID: tmdb, libraryID: id.flatMap { $0 > 0 ? $0 : nil },
                            seasons: seasons)
    }

    func rootFolders() async throws(ServiceError) -> [RootFolder] {
        try JSONReader.read(try await read("\(api.basePath)/rootfolder")) { r throws(ServiceError) in
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
        try JSONReader.read(try await read("\(api.basePath)/\(resource)")) { r throws(ServiceError) in
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

    /// `POST series` or `POST movie`; the body as `LibraryAddition` builds it (nothing sent when it cannot be built).
    func add(_ addition: LibraryAddition, resource: String) async throws(ServiceError) -> Data {
        guard let body = addition.body else { throw .notOffered }
        let answer = try await write(.post, "\(api.basePath)/\(resource)", body: body)
        return Data("[".utf8) + answer + Data("]".utf8)
    }
}
