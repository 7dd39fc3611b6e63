import Foundation

/// What every flavour's decoders share, public so a flavour defined anywhere (a test's) can use it.
public enum ServarrDecoding {
    /// Whether an anonymous `/ping` answer reads like a Servarr (public for the fuzz drivers).
    public static func isPing(_ body: Data) -> Bool {
        (try? JSONReader.read(body) { r throws(ServiceError) -> Bool in
            var ok = false
            try r.readObject { r, key throws(ServiceError) in
                if key("status") { ok = try r.lenientString() == "OK" } else { try r.skipValue() }
            }
            return ok
        }) ?? false
    }

    /// An `images` array: null elements skipped, unknown cover types kept as `.unknown`.
    public static func images(_ r: inout JSONReader) throws(ServiceError) -> [MediaImage] {
        try ServarrImageDTO.decodeList(&r).map(\.domain)
    }

    /// The download clients an orchestrator is set up with (`downloadclient`): name, implementation,
    /// host, port, URL base. Secret fields (passwords, keys) are skipped unread.
    public static func downloadClients(_ body: Data) throws(ServiceError) -> [DownloadClientInfo] {
        try JSONReader.read(body) { r throws(ServiceError) in
            try r.decodeList { r throws(ServiceError) -> DownloadClientInfo? in
                var name: String?, implementation: String?, host: String?, port: Int?, urlBase: String?, enabled: Bool?, category: String?
                try r.readObject { r, key throws(ServiceError) in
                    if key("name") { name = try r.lenientString() }
                    else if key("implementation") { implementation = try r.lenientString() }
                    else if key("enable") { enabled = try r.lenientBool() }
                    else if key("fields") {
                        // Only the address fields; secret fields (passwords, keys) are skipped unread.
                        try r.readArray { r, _ throws(ServiceError) in
                            var field: String?, text: String?, number: Int?
                            try r.readObject { r, key throws(ServiceError) in
                                if key("name") { field = try r.lenientString() }
                                else if key("value") {
                                    switch try r.peek() {
                                    case .number: number = try r.lenientInt()
                                    case .string: text = try r.lenientString()
                                    default: try r.skipValue()
                                    }
                                } else { try r.skipValue() }
                            }
                            switch field {
                            case "host": host = text
                            case "port": port = number ?? text.flatMap { Int($0) }
                            case "urlBase": urlBase = text
                            case "tvCategory", "movieCategory", "musicCategory": category = text.flatMap { $0.isEmpty ? nil : $0 }
                            default: break
                            }
                        }
                    } else { try r.skipValue() }
                }
                guard let name, let implementation else { return nil }
                return DownloadClientInfo(name: name, implementation: implementation, host: host, port: port, urlBase: urlBase,
                                          enabled: enabled, category: category)
            }.compactMap { $0 }
        }
    }

    /// A list answer, each element decoded by `element` (nil elements dropped, null elements skipped).
    public static func list<T>(_ body: Data, _ element: (inout JSONReader) throws(ServiceError) -> T?) throws(ServiceError) -> [T] {
        try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(element) }.compactMap { $0 }
    }

    /// One lookup result: title, year, overview, the subtitle field, the metadata source's key
    /// (`foreignKey`: "tvdbId", "tmdbId", "foreignArtistId"), the library id when it is in the
    /// library, images, and the group numbers in `groupsKey` ("seasons": `[{seasonNumber}]`).
    public static func lookup(_ r: inout JSONReader, kind: LibraryKind.ID, foreignKey: StaticString,
                              subtitleKey: StaticString, groupsKey: StaticString? = nil) throws(ServiceError) -> LookupResult? {
        var title: String?, year: Int?, overview: String?, subtitle: String?, foreign: String?, id: Int?, tmdb: Int?
        var images: [MediaImage] = []
        var groups: [Int] = []
        try r.readObject { r, key throws(ServiceError) in
            if key("title") { title = try r.lenientString() }
            else if key("year") { year = try r.lenientInt() }
            else if key("overview") { overview = try r.lenientString() }
            else if key(subtitleKey) { subtitle = try r.lenientString() ?? subtitle }
            else if key(foreignKey) {
                switch try r.peek() {
                case .number: foreign = try r.lenientInt().map(String.init)
                default: foreign = try r.lenientString()
                }
                if key("tmdbId") { tmdb = foreign.flatMap { Int($0) } } // Radarr names movies by it
            }
            else if key("tmdbId") { tmdb = try r.lenientInt() } // Sonarr 4 has it beside the TVDB id
            else if key("id") { id = try r.lenientInt() }
            else if key("images") { images = try Self.images(&r) }
            else if let groupsKey, key(groupsKey) {
                guard try r.peek() == .array else { return try r.skipValue() }
                try r.readArray { r, _ throws(ServiceError) in
                    guard try r.peek() == .object else { return try r.skipValue() }
                    try r.readObject { r, key throws(ServiceError) in
                        if key("seasonNumber"), let number = try r.lenientInt() { groups.append(number) } else { try r.skipValue() }
                    }
                }
            }
            else { try r.skipValue() }
        }
        guard let title, !title.isEmpty else { return nil } // tolerance: a result without a title cannot be offered
        return LookupResult(kind: kind, title: title, year: year.flatMap { $0 > 0 ? $0 : nil }, overview: overview, subtitle: subtitle,
                            images: images, foreignID: foreign.flatMap { $0.isEmpty || $0 == "0" ? nil : $0 },
                            libraryID: id.flatMap { $0 > 0 ? $0 : nil }, groups: groups, tmdbID: tmdb.flatMap { $0 > 0 ? $0 : nil })
    }
}

/// The requests a flavour's children reader makes through its client (reads below the API base).
struct ServarrReader<Kind: ServarrKind>: ServarrRequests {
    let client: ServarrClient<Kind>
    var serviceID: UUID { client.serviceID }
    var apiBase: String { client.apiBase }

    func read(_ path: String, query: [URLQueryItem]) async throws(ServiceError) -> Data {
        try await client.get("\(client.apiBase)/\(path)", query: query, class: .list)
    }
}
