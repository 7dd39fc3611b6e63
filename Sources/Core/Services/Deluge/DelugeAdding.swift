import Foundation

/// Adding to Deluge through its daemon (API-GUIDE-2 §6.1): `core.add_torrent_magnet`,
/// `core.add_torrent_file` (the bytes, base64) and `core.add_torrent_url` — never `web.add_torrents`,
/// which takes a path on the web host, and never `/upload`, which has no authentication. A torrent
/// already in the session is an error naming it: reported as a duplicate. A category is the Label
/// plugin's label (refused in words when the plugin is off).
extension DelugeClient: TransferAdding {
    public static let addable = DownloadSource.Family.torrent

    public func add(_ source: DownloadSource, options: AddOptions) async throws(ServiceError) -> AddOutcome {
        let opts = #"{"add_paused":\#(options.paused)}"#
        let (method, params): (String, String)
        switch source {
        case .magnet(let link):
            (method, params) = ("core.add_torrent_magnet", "[\(JSONText.quote(link)),\(opts)]")
        case .url(let url):
            guard case .success = DownloadSource.link(url.absoluteString) else { throw .invalidRequest(.unsupportedLink) }
            (method, params) = ("core.add_torrent_url", "[\(JSONText.quote(url.absoluteString)),\(opts)]")
        case .torrentFile(let name, let data):
            (method, params) = ("core.add_torrent_file", "[\(JSONText.quote(name)),\(JSONText.quote(data.base64EncodedString())),\(opts)]")
        case .nzbFile:
            throw .invalidRequest(.sourceNotTaken)
        }
        let hash: String?
        do throws(ServiceError) {
            let body = try await authorized(method, params, effect: .write)
            hash = try JSONRPCEnvelope.result(body, missing: .unavailable(.badResponse)) { r throws(ServiceError) in try r.lenientString() }
        } catch .refused(.said(let message)) where message.contains("already in session") {
            return .duplicate(id: source.infoHash)
        }
        guard let hash, !hash.isEmpty else {
            throw .refused(.notAdded)
        }
        if let category = options.category {
            do throws(ServiceError) {
                _ = try await authorized("label.set_torrent", "[\(JSONText.quote(hash)),\(JSONText.quote(category.lowercased()))]", effect: .write)
            } catch {
                throw .partlyDone(.addedWithoutCategory(category))
            }
        }
        return .added(id: hash)
    }
}
