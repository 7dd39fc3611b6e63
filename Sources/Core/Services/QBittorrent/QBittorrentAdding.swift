import Foundation

/// Adding to qBittorrent (API-GUIDE-2 §6.1): `POST torrents/add` — links in `urls` (only magnet and
/// http(s): the field also takes paths on the daemon's disk), files as multipart parts. 4.x answers
/// "Ok." or "Fails." (a duplicate fails) and returns no hash, so the hash is computed beforehand
/// and the daemon asked whether it holds it already.
extension QBittorrentClient: TransferAdding {
    public static let addable = DownloadSource.Family.torrent

    public func add(_ source: DownloadSource, options: AddOptions) async throws(ServiceError) -> AddOutcome {
        let hash = source.infoHash
        if let hash, try await holds(hash) { return .duplicate(id: hash) }
        var fields: [(String, String)] = []
        if let category = options.category { fields.append(("category", category)) }
        fields.append((try await usesStopStart() ? "stopped" : "paused", options.paused ? "true" : "false"))
        let response: HTTPResponse
        switch source {
        case .magnet(let link):
            response = try await post("/api/v2/torrents/add", [("urls", link)] + fields)
        case .url(let url):
            guard case .success = DownloadSource.link(url.absoluteString) else { throw .invalidRequest(.unsupportedLink) }
            response = try await post("/api/v2/torrents/add", [("urls", url.absoluteString)] + fields)
        case .torrentFile(let name, let data):
            response = try await post("/api/v2/torrents/add", fields,
                                      files: [FilePart(field: "torrents", filename: name, contentType: "application/x-bittorrent", data: data)])
        case .nzbFile:
            throw .invalidRequest(.sourceNotTaken)
        }
        let text = String(decoding: response.body.prefix(512), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text == "Ok." || response.status == 202 || (text.hasPrefix("{") && !text.contains(#""success_count":0"#)) {
            return .added(id: hash)
        }
        // "Fails." (4.x) or 409 (5.2+): nothing was added — a duplicate when it holds the hash now.
        if let hash, try await holds(hash) { return .duplicate(id: hash) }
        throw .refused(.notAdded)
    }

    /// Whether the daemon has this torrent (`torrents/info?hashes=`, one hash: never "all").
    func holds(_ hash: String) async throws(ServiceError) -> Bool {
        guard hash.count == 40, hash.allSatisfy(\.isHexDigit) else { return false }
        let body = try await get("/api/v2/torrents/info", query: [URLQueryItem(name: "hashes", value: hash.lowercased())], class: .list).body
        return try JSONReader.read(body) { r throws(ServiceError) -> Bool in
            var count = 0
            try r.readArray { r, _ throws(ServiceError) in
                count += 1
                try r.skipValue()
            }
            return count > 0
        }
    }
}
