import Foundation

/// Adding to rTorrent (API-GUIDE-3 §4.4): `load.start`/`load.normal` for a magnet or an http(s) link,
/// `load.raw_start`/`load.raw` (base64) for a file — the `_start` forms start it, the others leave it
/// stopped — with `d.custom1.set=<label>` run on the new item. `load.*` answers 0 even when it
/// rejected the torrent and never returns the hash, so the add is confirmed by reading the hash back
/// (`d.name`), for a file or magnet whose hash is known; an http(s) link is fetched by rTorrent and
/// cannot be confirmed here (its hash is unknown until then).
extension RTorrentClient: TransferAdding {
    public static let addable = DownloadSource.Family.torrent

    public func add(_ source: DownloadSource, options: AddOptions) async throws(ServiceError) -> AddOutcome {
        let hash = source.infoHash
        if let hash, try await holds(hash) { return .duplicate(id: hash) }
        var params: [XMLRPCValue] = [.string("")]
        let method: String
        switch source {
        case .magnet(let link):
            method = options.paused ? "load.normal" : "load.start"
            params.append(.string(link))
        case .url(let url):
            guard case .success = DownloadSource.link(url.absoluteString) else { throw .invalidRequest(.unsupportedLink) }
            method = options.paused ? "load.normal" : "load.start"
            params.append(.string(url.absoluteString))
        case .torrentFile(_, let data):
            method = options.paused ? "load.raw" : "load.raw_start"
            params.append(.base64(data))
        case .nzbFile:
            throw .notOffered
        }
        if let label = options.category { params.append(.string("d.custom1.set=" + label)) }
        _ = try await call(method, params, effect: .write)
        guard let hash else { return .added(id: nil) }
        // Loading is asynchronous inside rTorrent: a few reads, each an answer (no fixed sleep decides it).
        for _ in 0..<10 {
            if try await holds(hash) { return .added(id: hash) }
            await Task.yield()
        }
        throw .refused(.notAdded)
    }

    /// Whether rTorrent holds `hash` (`d.name` answers; an unknown hash is a fault).
    func holds(_ hash: String) async throws(ServiceError) -> Bool {
        do {
            _ = try await call("d.name", [.string(hash.uppercased())], effect: .read)
            return true
        } catch .refused {
            return false
        }
    }
}
