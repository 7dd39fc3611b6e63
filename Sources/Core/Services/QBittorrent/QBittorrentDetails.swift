import Foundation

/// qBittorrent's details of one torrent (API-GUIDE-4 §1): `torrents/properties`, `torrents/files`,
/// `torrents/trackers` and `sync/torrentPeers`, one GET per part asked for, each naming the one hash.
/// Peers come as diffs against a baseline qBittorrent keeps per session, not per torrent: the baseline starts
/// again (rid 0) whenever the torrent changes or the session is new.
extension QBittorrentClient: TransferInspecting {
    public func inspect(_ item: TransferItem, parts: Set<TransferDetailPart>) async throws(ServiceError) -> TransferInspection {
        let hash = try item.infoHash()
        var inspection = TransferInspection()
        if parts.contains(.general) {
            var general = try Self.decodeProperties(try await detailGet("torrents/properties", hash: hash).body)
            // Not in `properties`: as the list's last sync read them (no request of its own).
            general.sequential = mainData.torrents[hash]?.seqDl
            general.firstLastPiecesFirst = mainData.torrents[hash]?.firstLastPiecePrio
            general.queuePosition = positive(mainData.torrents[hash]?.priority) // 0: not in the queue
            general.shareLimits = mainData.torrents[hash]?.shareLimits
            inspection.general = general
        }
        if parts.contains(.files) {
            inspection.files = try Self.decodeFiles(try await detailGet("torrents/files", hash: hash).body)
        }
        if parts.contains(.trackers) {
            inspection.trackers = try Self.decodeTrackers(try await detailGet("torrents/trackers", hash: hash).body)
        }
        if parts.contains(.peers) {
            inspection.peers = try await peers(hash: hash)
        }
        return inspection
    }

    /// A read of one torrent's part; qBittorrent's 404 is a hash it no longer holds.
    private func detailGet(_ path: String, hash: String, extra: [URLQueryItem] = []) async throws(ServiceError) -> HTTPResponse {
        do {
            return try await get("/api/v2/" + path, query: [URLQueryItem(name: "hash", value: hash)] + extra, class: .list)
        } catch .unavailable(.serverError(status: 404)) {
            throw Self.gone
        }
    }

    static let gone = ServiceError.refused(.noSuchTransfer)

    private func peers(hash: String) async throws(ServiceError) -> [TransferPeer] {
        if peerSync.hash != hash { peerSync = QBittorrentPeerSync(hash: hash) }
        do {
            let response = try await detailGet("sync/torrentPeers", hash: hash, extra: [URLQueryItem(name: "rid", value: "\(peerSync.rid)")])
            try peerSync.apply(response.body)
        } catch {
            peerSync = QBittorrentPeerSync(hash: "") // gone, or a broken answer: the next read starts from a full list
            throw error
        }
        return Array(peerSync.peers.values).fastestFirst()
    }

    // MARK: Decoding

    static func decodeProperties(_ body: Data) throws(ServiceError) -> TransferGeneral {
        try JSONReader.read(body) { r throws(ServiceError) -> TransferGeneral in
            var general = TransferGeneral()
            var ratio: Double?
            try r.readObject { r, key throws(ServiceError) in
                if key("save_path") { general.savePath = try r.lenientString() }
                else if key("addition_date") { general.added = Date(epochSeconds: try r.lenientInt64()) }
                else if key("completion_date") { general.completed = Date(epochSeconds: try r.lenientInt64()) }
                else if key("total_size") { general.sizeBytes = nonNegative(try r.lenientInt64()) }
                else if key("total_downloaded") { general.downloadedBytes = nonNegative(try r.lenientInt64()) }
                else if key("total_uploaded") { general.uploadedBytes = nonNegative(try r.lenientInt64()) }
                else if key("share_ratio") { ratio = try r.lenientDouble() }
                else if key("seeding_time") { general.seedingTime = nonNegative(try r.lenientInt64()).map(TimeInterval.init) }
                else if key("seeds") { general.seedsConnected = nonNegative(try r.lenientInt()) }
                else if key("seeds_total") { general.seedsInSwarm = nonNegative(try r.lenientInt()) }
                else if key("peers") { general.peersConnected = nonNegative(try r.lenientInt()) }
                else if key("peers_total") { general.peersInSwarm = nonNegative(try r.lenientInt()) }
                else if key("piece_size") { general.pieceSize = nonNegative(try r.lenientInt64()) }
                else if key("pieces_num") { general.pieceCount = nonNegative(try r.lenientInt()) }
                else if key("pieces_have") { general.piecesHave = nonNegative(try r.lenientInt()) }
                else if key("comment") { general.comment = try r.lenientString().flatMap { $0.isEmpty ? nil : $0 } }
                else if key("is_private") || key("private") { general.isPrivate = try r.lenientBool() ?? general.isPrivate }
                else if key("dl_limit") { general.downloadLimit = positive(try r.lenientInt64()) }
                else if key("up_limit") { general.uploadLimit = positive(try r.lenientInt64()) }
                else if key("reannounce") { general.nextAnnounce = positive(try r.lenientInt64()).map(TimeInterval.init) } // 0 while paused
                else { try r.skipValue() }
            }
            // -1 is qBittorrent's "above 9,999" (infinite in practice).
            general.ratio = ratio.map { $0 < 0 ? .infinity : $0 }
            return general
        }
    }

    static func decodeFiles(_ body: Data) throws(ServiceError) -> [TransferFile] {
        try JSONReader.read(body) { r throws(ServiceError) -> [TransferFile] in
            var files: [TransferFile] = []
            try r.readArray { r, position throws(ServiceError) in
                guard position < TransferInspection.maxFiles else { throw r.failure("more than \(TransferInspection.maxFiles) files") }
                var index: Int?, name: String?, size: Int64?, progress: Double?, priority: Int?
                try r.readObject { r, key throws(ServiceError) in
                    if key("index") { index = try r.lenientInt() }
                    else if key("name") { name = try r.lenientString() }
                    else if key("size") { size = try r.lenientInt64() }
                    else if key("progress") { progress = try r.lenientDouble() }
                    else if key("priority") { priority = try r.lenientInt() }
                    else { try r.skipValue() }
                }
                guard let name, let size, size >= 0 else { throw r.failure("a file without a name or a size") }
                let done = Double(size) * min(1, max(0, progress ?? 0))
                files.append(TransferFile(index: index ?? position, path: name, sizeBytes: size, doneBytes: Int64(saturating: done),
                                          priority: filePriority(priority ?? 1)))
            }
            return files
        }
    }

    /// 0 skip, 6 high, 7 maximum (shown as high); 1–5 (and anything else) normal. qBittorrent has no low.
    static func filePriority(_ value: Int) -> FilePriority {
        switch value {
        case 0: .skip
        case 6, 7: .high
        default: .normal
        }
    }

    static func decodeTrackers(_ body: Data) throws(ServiceError) -> [TransferTracker] {
        try JSONReader.read(body) { r throws(ServiceError) -> [TransferTracker] in
            var trackers: [TransferTracker] = []
            try r.readArray { r, position throws(ServiceError) in
                guard position < TransferInspection.maxTrackers + 3 else { throw r.failure("more than \(TransferInspection.maxTrackers) trackers") }
                var url: String?, tier: Int?, status: Int?, message: String?, seeds: Int?, leeches: Int?, downloaded: Int?
                try r.readObject { r, key throws(ServiceError) in
                    if key("url") { url = try r.lenientString() }
                    else if key("tier") { tier = try r.lenientInt() }
                    else if key("status") { status = try r.lenientInt() }
                    else if key("msg") { message = try r.lenientString() }
                    else if key("num_seeds") { seeds = try r.lenientInt() }
                    else if key("num_leeches") { leeches = try r.lenientInt() }
                    else if key("num_downloaded") { downloaded = try r.lenientInt() }
                    else { try r.skipValue() }
                }
                // The first three rows are DHT, PeX and LSD, not trackers.
                guard let url, !url.hasPrefix("** ["), tier != -1 else { return }
                trackers.append(TransferTracker(url: url, tier: tier, status: trackerStatus(status ?? 1), message: message,
                                                seeds: seeds, leeches: leeches, downloaded: downloaded))
            }
            return trackers
        }
    }

    /// 4.5's codes; 3 (updating) left in 5.2, which added 5 (error) and 6 (unreachable).
    static func trackerStatus(_ code: Int) -> TransferTracker.Status {
        switch code {
        case 0: .disabled
        case 2: .working
        case 3: .updating
        case 4: .notWorking
        case 5: .error
        case 6: .unreachable
        default: .notContacted
        }
    }
}


/// The peers of the one torrent whose details are open, merged from `sync/torrentPeers` diffs.
struct QBittorrentPeerSync: Sendable {
    var hash: String
    var rid = 0
    var peers: [String: TransferPeer] = [:]

    init(hash: String) { self.hash = hash }

    mutating func apply(_ body: Data) throws(ServiceError) {
        var next = self
        try JSONReader.read(body) { r throws(ServiceError) in
            var full = false
            var entries: [(String, QBittorrentPeerDTO)] = []
            var removed: [String] = []
            try r.readObject { r, key throws(ServiceError) in
                if key("rid") { next.rid = try r.lenientInt() ?? 0 }
                else if key("full_update") { full = try r.lenientBool() ?? false }
                else if key("peers") {
                    var count = 0
                    try r.readObject { r, key throws(ServiceError) in
                        count += 1
                        guard count <= TransferInspection.maxPeers else { throw r.failure("more than \(TransferInspection.maxPeers) peers") }
                        var dto = QBittorrentPeerDTO()
                        try dto.merge(&r)
                        entries.append((key.string, dto))
                    }
                } else if key("peers_removed") {
                    try r.readArray { r, _ throws(ServiceError) in if let id = try r.lenientString() { removed.append(id) } }
                } else { try r.skipValue() }
            }
            if full { next.dtos = [:] }
            for (key, dto) in entries { next.dtos[key, default: QBittorrentPeerDTO()].update(from: dto) }
            for key in removed { next.dtos[key] = nil }
        }
        next.peers = next.dtos.compactMapValues { $0.domain() }
        self = next
    }

    private var dtos: [String: QBittorrentPeerDTO] = [:]
}

/// One peer of `sync/torrentPeers`: every field optional, because a diff carries only what changed.
struct QBittorrentPeerDTO: Sendable, Equatable {
    var ip: String?
    var port: Int?
    var client: String?
    var flags: String?
    var progress: Double?
    var dlSpeed: Int64?
    var upSpeed: Int64?
    var countryCode: String?

    mutating func merge(_ r: inout JSONReader) throws(ServiceError) {
        try r.readObject { r, key throws(ServiceError) in
            if key("ip") { ip = try r.lenientString() }
            else if key("port") { port = try r.lenientInt() }
            else if key("client") { client = try r.lenientString() }
            else if key("flags") { flags = try r.lenientString() }
            else if key("progress") { progress = try r.lenientDouble() }
            else if key("dl_speed") { dlSpeed = try r.lenientInt64() }
            else if key("up_speed") { upSpeed = try r.lenientInt64() }
            else if key("country_code") { countryCode = try r.lenientString() }
            else { try r.skipValue() }
        }
    }

    mutating func update(from diff: QBittorrentPeerDTO) {
        ip = diff.ip ?? ip
        port = diff.port ?? port
        client = diff.client ?? client
        flags = diff.flags ?? flags
        progress = diff.progress ?? progress
        dlSpeed = diff.dlSpeed ?? dlSpeed
        upSpeed = diff.upSpeed ?? upSpeed
        countryCode = diff.countryCode ?? countryCode
    }

    func domain() -> TransferPeer? {
        guard let ip, !ip.isEmpty else { return nil }
        let letters = (flags ?? "").filter { !$0.isWhitespace }
        return TransferPeer(address: ip, port: port, client: client.flatMap { $0.isEmpty ? nil : $0 }, flags: letters,
                            progress: progress ?? 0, downloadSpeed: dlSpeed ?? 0, uploadSpeed: upSpeed ?? 0,
                            country: countryCode.flatMap { $0.isEmpty ? nil : $0.lowercased() },
                            isEncrypted: letters.contains("E") || letters.contains("e"), isIncoming: letters.contains("I"))
    }
}
