import Foundation

/// Prowlarr's answers, field names as `prowlarr-openapi.json` defines them, read with JSONReader:
/// unknown keys are skipped, every field optional, and each tolerance named where it is applied.
enum ProwlarrDecoding {
    /// `GET indexer`. Tolerance: an indexer without an id cannot be acted on; it is dropped.
    static func indexers(_ body: Data, serviceID: UUID) throws(ServiceError) -> [Indexer] {
        try JSONReader.read(body) { r throws(ServiceError) in
            try r.decodeList { r throws(ServiceError) -> Indexer? in
                var id: Int?, name = "", definition = "", enabled = false, proto = DownloadProtocol.unknown, privacy = "", priority = 25
                try r.readObject { r, key throws(ServiceError) in
                    if key("id") { id = try r.lenientInt() }
                    else if key("name") { name = try r.lenientString() ?? "" }
                    else if key("definitionName") { definition = try r.lenientString() ?? "" }
                    else if key("enable") { enabled = try r.lenientBool() ?? false }
                    else if key("protocol") { proto = DownloadProtocol(rawValue: try r.lenientString() ?? "") ?? .unknown }
                    else if key("privacy") { privacy = try r.lenientString() ?? "" }
                    else if key("priority") { priority = try r.lenientInt() ?? 25 }
                    else { try r.skipValue() } // fields, capabilities, tags: the resource stays Prowlarr's
                }
                guard let id, id > 0 else { return nil }
                return Indexer(id: ResourceID(serviceID: serviceID, itemID: id), name: name, definition: definition, enabled: enabled,
                               downloadProtocol: proto, privacy: privacy, priority: priority)
            }.compactMap { $0 }
        }
    }

    /// `GET indexerstatus`: only indexers held back, by indexer id.
    static func statuses(_ body: Data) throws(ServiceError) -> [Int: Indexer.Failure] {
        let list = try JSONReader.read(body) { r throws(ServiceError) in
            try r.decodeList { r throws(ServiceError) -> (Int, Indexer.Failure)? in
                var id: Int?, until: Date?, recent: Date?, initial: Date?
                try r.readObject { r, key throws(ServiceError) in
                    if key("indexerId") { id = try r.lenientInt() }
                    else if key("disabledTill") { until = try r.lenientDate() }
                    else if key("mostRecentFailure") { recent = try r.lenientDate() }
                    else if key("initialFailure") { initial = try r.lenientDate() }
                    else { try r.skipValue() }
                }
                guard let id else { return nil }
                return (id, Indexer.Failure(disabledUntil: until, mostRecent: recent, since: initial))
            }.compactMap { $0 }
        }
        return Dictionary(list, uniquingKeysWith: { first, _ in first })
    }

    /// `GET indexerstats`: `{indexers:[…]}`, by indexer id.
    static func stats(_ body: Data) throws(ServiceError) -> [Int: Indexer.Stats] {
        var result: [Int: Indexer.Stats] = [:]
        try JSONReader.read(body) { r throws(ServiceError) in
            try r.readObject { r, key throws(ServiceError) in
                guard key("indexers"), try r.peek() == .array else { return try r.skipValue() }
                try r.readArray { r, _ throws(ServiceError) in
                    guard try r.peek() == .object else { return try r.skipValue() } // tolerance: a null or odd element
                    var id: Int?, queries = 0, grabs = 0, failedQueries = 0, failedGrabs = 0, response = 0
                    try r.readObject { r, key throws(ServiceError) in
                        if key("indexerId") { id = try r.lenientInt() }
                        else if key("numberOfQueries") { queries = try r.lenientInt() ?? 0 }
                        else if key("numberOfGrabs") { grabs = try r.lenientInt() ?? 0 }
                        else if key("numberOfFailedQueries") { failedQueries = try r.lenientInt() ?? 0 }
                        else if key("numberOfFailedGrabs") { failedGrabs = try r.lenientInt() ?? 0 }
                        else if key("averageResponseTime") { response = try r.lenientInt() ?? 0 }
                        else { try r.skipValue() }
                    }
                    if let id {
                        result[id] = Indexer.Stats(queries: max(0, queries), grabs: max(0, grabs), failedQueries: max(0, failedQueries),
                                                   failedGrabs: max(0, failedGrabs), averageResponse: max(0, response))
                    }
                }
            }
        }
        return result
    }

    /// `GET applications`: the names of those whose sync is not disabled.
    static func applications(_ body: Data) throws(ServiceError) -> [String] {
        try JSONReader.read(body) { r throws(ServiceError) in
            try r.decodeList { r throws(ServiceError) -> String? in
                var name: String?, implementation: String?, level: String?
                try r.readObject { r, key throws(ServiceError) in
                    if key("name") { name = try r.lenientString() }
                    else if key("implementation") { implementation = try r.lenientString() }
                    else if key("syncLevel") { level = try r.lenientString() }
                    else { try r.skipValue() }
                }
                guard level != "disabled" else { return nil }
                return name.flatMap { $0.isEmpty ? nil : $0 } ?? implementation
            }.compactMap { $0 }
        }
    }

    /// `POST indexer/testall`: `[{id,isValid,validationFailures:[{errorMessage}]}]`.
    static func testResults(_ body: Data) throws(ServiceError) -> [IndexerTestResult] {
        try JSONReader.read(body) { r throws(ServiceError) in
            try r.decodeList { r throws(ServiceError) -> IndexerTestResult? in
                var id: Int?, valid = false, messages: [String] = []
                guard try r.peek() == .object else { try r.skipValue(); return nil }
                try r.readObject { r, key throws(ServiceError) in
                    if key("id") { id = try r.lenientInt() }
                    else if key("isValid") { valid = try r.lenientBool() ?? false }
                    else if key("validationFailures"), try r.peek() == .array {
                        try r.readArray { r, _ throws(ServiceError) in
                            guard try r.peek() == .object else { return try r.skipValue() }
                            try r.readObject { r, key throws(ServiceError) in
                                if key("errorMessage"), let text = try r.lenientString(), !text.isEmpty { messages.append(text) } else { try r.skipValue() }
                            }
                        }
                    }
                    else { try r.skipValue() }
                }
                guard let id else { return nil }
                return IndexerTestResult(indexerID: id, isValid: valid, messages: messages)
            }.compactMap { $0 }
        }
    }

    /// `GET search`. The download links are Prowlarr's proxy links with its key in the query: kept only as
    /// `ProtectedLink` (never printed). Tolerance: a result without guid, indexer id or title cannot be
    /// grabbed; it is dropped.
    static func releases(_ body: Data) throws(ServiceError) -> [IndexerRelease] {
        try JSONReader.read(body) { r throws(ServiceError) in
            try r.decodeList(release).compactMap { $0 }
        }
    }

    static func release(_ r: inout JSONReader) throws(ServiceError) -> IndexerRelease? {
        var guid: String?, indexerID: Int?, indexer = "", title: String?, size: Int64 = 0, published: Date?
        var proto = DownloadProtocol.unknown, seeders: Int?, leechers: Int?, grabs: Int?, categories: [String] = []
        var download: String?, magnet: String?
        try r.readObject { r, key throws(ServiceError) in
            if key("guid") { guid = try r.lenientString() }
            else if key("indexerId") { indexerID = try r.lenientInt() }
            else if key("indexer") { indexer = try r.lenientString() ?? "" }
            else if key("title") { title = try r.lenientString() }
            else if key("size") { size = max(0, try r.lenientInt64() ?? 0) }
            else if key("publishDate") { published = try r.lenientDate() }
            else if key("protocol") { proto = DownloadProtocol(rawValue: try r.lenientString() ?? "") ?? .unknown }
            else if key("seeders") { seeders = try r.lenientInt() }
            else if key("leechers") { leechers = try r.lenientInt() }
            else if key("grabs") { grabs = try r.lenientInt() }
            else if key("downloadUrl") { download = try r.lenientString() }
            else if key("magnetUrl") { magnet = try r.lenientString() }
            else if key("categories"), try r.peek() == .array {
                try r.readArray { r, _ throws(ServiceError) in
                    guard try r.peek() == .object else { return try r.skipValue() }
                    try r.readObject { r, key throws(ServiceError) in
                        if key("name"), let name = try r.lenientString(), !name.isEmpty { categories.append(name) } else { try r.skipValue() }
                    }
                }
            }
            else { try r.skipValue() }
        }
        guard let guid, !guid.isEmpty, let indexerID, indexerID > 0, let title else { return nil }
        return IndexerRelease(guid: guid, indexerID: indexerID, indexer: indexer, title: title, size: size, published: published,
                              downloadProtocol: proto, seeders: seeders, leechers: leechers, grabs: grabs, categories: categories,
                              link: link(download) ?? link(magnet))
    }

    /// Only http(s) links are handed on (a `magnetUrl` from Prowlarr is its http proxy, not `magnet:`).
    static func link(_ text: String?) -> ProtectedLink? {
        guard let text, let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host?.isEmpty == false else { return nil }
        return ProtectedLink(url)
    }
}
