import Foundation

/// Adding to Transmission (API-GUIDE-2 §6.1): `torrent-add` with `filename` for a magnet or an
/// http(s) link only (a `filename` that is neither is read from the daemon's disk), `metainfo`
/// (base64) for a file. A duplicate still answers "success", with `torrent-duplicate`: reported as
/// a duplicate. Labels exist from RPC 17 (Transmission 4.0).
extension TransmissionClient: TransferAdding {
    public static let addable = DownloadSource.Family.torrent

    public func add(_ source: DownloadSource, options: AddOptions) async throws(ServiceError) -> AddOutcome {
        var arguments: [String] = ["\"paused\":\(options.paused)"]
        switch source {
        case .magnet(let link):
            arguments.append("\"filename\":\(JSONText.quote(link))")
        case .url(let url):
            guard case .success = DownloadSource.link(url.absoluteString) else { throw .invalidRequest(.unsupportedLink) }
            arguments.append("\"filename\":\(JSONText.quote(url.absoluteString))")
        case .torrentFile(_, let data):
            arguments.append("\"metainfo\":\(JSONText.quote(data.base64EncodedString()))")
        case .nzbFile:
            throw .notOffered
        }
        if let category = options.category {
            guard try await rpcVersion() >= 17 else {
                throw .refused(.noLabels)
            }
            arguments.append("\"labels\":[\(JSONText.quote(category))]")
        }
        let body = try await call("torrent-add", "{" + arguments.joined(separator: ",") + "}", effect: .write)
        return try JSONReader.read(body) { r throws(ServiceError) -> AddOutcome in
            var outcome: AddOutcome?
            try r.readObject { r, key throws(ServiceError) in
                guard key("arguments") else { return try r.skipValue() }
                try r.readObject { r, key throws(ServiceError) in
                    let added = key("torrent-added"), duplicate = key("torrent-duplicate")
                    guard added || duplicate else { return try r.skipValue() }
                    var hash: String?
                    try r.readObject { r, key throws(ServiceError) in
                        if key("hashString") { hash = try r.lenientString() } else { try r.skipValue() }
                    }
                    outcome = added ? .added(id: hash) : .duplicate(id: hash)
                }
            }
            guard let outcome else { throw .unavailable(.badResponse) }
            return outcome
        }
    }

    /// The daemon's RPC version (`session-get`), read when a label is asked for.
    func rpcVersion() async throws(ServiceError) -> Int {
        let body = try await call("session-get", #"{"fields":["rpc-version"]}"#, class: .probe, effect: .read)
        return try JSONReader.read(body) { r throws(ServiceError) -> Int in
            var version = 0
            try r.readObject { r, key throws(ServiceError) in
                guard key("arguments") else { return try r.skipValue() }
                try r.readObject { r, key throws(ServiceError) in
                    if key("rpc-version") { version = try r.lenientInt() ?? 0 } else { try r.skipValue() }
                }
            }
            return version
        }
    }
}
