import Foundation

/// Interactive release search and grab (API-GUIDE-2 §3) with the long indexer deadline; never a
/// search without an item (that would fetch every indexer's RSS feed).
extension ServarrClient {
    public func releases(_ search: ReleaseSearch) async throws(ServiceError) -> [Release] {
        guard let query = flavour.releaseQuery(search) else { throw .invalidRequest(.wholeLibrary) }
        let body = try await checked(try await send("\(apiBase)/release", query: query, class: .indexerSearch, authenticated: true))
        return try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(Self.release) }.compactMap { $0 }
    }

    public func grab(_ release: Release) async throws(ServiceError) {
        _ = try await write(.post, "\(apiBase)/release", body: release.servarrGrabBody, class: .indexerSearch)
    }

    static func release(_ r: inout JSONReader) throws(ServiceError) -> Release? {
        var guid: String?, indexerID: Int?, title: String?, indexer = "", size: Int64 = 0, age: Double?, proto = DownloadProtocol.unknown
        var seeders: Int?, leechers: Int?, quality: String?, languages: [String] = [], score = 0
        var approved = false, temporarily = false, rejections: [String] = [], allowed = true
        try r.readObject { r, key throws(ServiceError) in
            if key("guid") { guid = try r.lenientString() }
            else if key("indexerId") { indexerID = try r.lenientInt() }
            else if key("title") { title = try r.lenientString() }
            else if key("indexer") { indexer = try r.lenientString() ?? "" }
            else if key("size") { size = try r.lenientInt64() ?? 0 }
            else if key("ageHours") { age = try r.lenientDouble() }
            else if key("protocol") { proto = DownloadProtocol(rawValue: try r.lenientString() ?? "") ?? .unknown }
            else if key("seeders") { seeders = try r.lenientInt() }
            else if key("leechers") { leechers = try r.lenientInt() }
            else if key("customFormatScore") { score = try r.lenientInt() ?? 0 }
            else if key("approved") { approved = try r.lenientBool() ?? false }
            else if key("temporarilyRejected") { temporarily = try r.lenientBool() ?? false }
            else if key("downloadAllowed") { allowed = try r.lenientBool() ?? true }
            else if key("rejections") {
                guard try r.peek() == .array else { return try r.skipValue() }
                try r.readArray { r, _ throws(ServiceError) in
                    // Strings (v3+); tolerance: an object with a reason.
                    if try r.peek() == .object {
                        try r.readObject { r, key throws(ServiceError) in
                            if key("reason"), let reason = try r.lenientString() { rejections.append(reason) } else { try r.skipValue() }
                        }
                    } else if let text = try r.lenientString() { rejections.append(text) }
                }
            }
            else if key("quality") {
                guard try r.peek() == .object else { return try r.skipValue() }
                try r.readObject { r, key throws(ServiceError) in
                    guard key("quality"), try r.peek() == .object else { return try r.skipValue() }
                    try r.readObject { r, key throws(ServiceError) in
                        if key("name") { quality = try r.lenientString() } else { try r.skipValue() }
                    }
                }
            }
            else if key("languages") {
                guard try r.peek() == .array else { return try r.skipValue() }
                try r.readArray { r, _ throws(ServiceError) in
                    guard try r.peek() == .object else { return try r.skipValue() }
                    try r.readObject { r, key throws(ServiceError) in
                        if key("name"), let name = try r.lenientString() { languages.append(name) } else { try r.skipValue() }
                    }
                }
            }
            // downloadUrl, magnetUrl, infoUrl often carry the indexer's key: never decoded, never kept.
            else { try r.skipValue() }
        }
        guard let guid, let indexerID, let title else { return nil } // tolerance: a release that cannot be grabbed is dropped
        return Release(guid: guid, indexerID: indexerID, title: title, indexer: indexer, size: size, ageHours: age, downloadProtocol: proto,
                       seeders: seeders, leechers: leechers, quality: quality, languages: languages, customFormatScore: score,
                       approved: approved, temporarilyRejected: temporarily, rejections: rejections, downloadAllowed: allowed)
    }
}
