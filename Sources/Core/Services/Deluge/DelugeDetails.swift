import Foundation

/// Deluge's details of one torrent (API-GUIDE-4 §3): one `core.get_torrent_status(hash, keys)` with the keys of
/// every part asked for. An unknown hash answers `{}`. File priorities are 0–7 (0 skip, 1–3 low, 4 normal, 5–7
/// high); speeds and limits are KiB/s; a peer's `ip` is "address:port" with IPv6 unbracketed; the trackers list is
/// a snapshot taken when the torrent loaded, so only its URLs and tiers are read, and the live state
/// (`tracker_status`) is the current tracker's.
extension DelugeClient: TransferInspecting {
    public func inspect(_ item: TransferItem, parts: Set<TransferDetailPart>) async throws(ServiceError) -> TransferInspection {
        let hash = try item.infoHash()
        var keys: [String] = []
        if parts.contains(.general) { keys += Self.generalKeys }
        if parts.contains(.files) { keys += ["files", "file_progress", "file_priorities"] }
        if parts.contains(.peers) { keys += ["peers"] }
        if parts.contains(.trackers) { keys += ["trackers", "tracker", "tracker_status"] }
        let list = keys.map(Self.quote).joined(separator: ",")
        let body = try await authorized("core.get_torrent_status", "[\(Self.quote(hash)),[\(list)]]", effect: .read)
        guard let inspection = try Self.decodeInspection(body, parts: parts) else {
            throw .refused(.noSuchTransfer)
        }
        return inspection
    }

    static let generalKeys = ["download_location", "time_added", "completed_time", "seeding_time", "ratio", "num_seeds", "total_seeds",
                              "num_peers", "total_peers", "piece_length", "num_pieces", "total_size", "total_done", "total_uploaded",
                              "all_time_download", "comment", "private", "next_announce", "queue", "max_download_speed",
                              "max_upload_speed", "sequential_download", "prioritize_first_last_pieces", "stop_at_ratio", "stop_ratio"]

    /// The torrent's details, or nil for Deluge's `{}` (it does not hold that torrent).
    static func decodeInspection(_ body: Data, parts: Set<TransferDetailPart>) throws(ServiceError) -> TransferInspection? {
        try JSONRPCEnvelope.result(body, missing: .decoding(path: "$.result", detail: "missing key")) { r throws(ServiceError) -> TransferInspection? in
            var general = TransferGeneral()
            var keysRead = 0
            var ratio: Double?
            var files: [(index: Int, path: String, size: Int64)] = []
            var progress: [Double] = []
            var priorities: [Int] = []
            var peers: [TransferPeer] = []
            var trackers: [(url: String, tier: Int?)] = []
            var current: String?, status: String?
            var stopAtRatio: Bool?, stopRatio: Double?
            try r.readObject { r, key throws(ServiceError) in
                keysRead += 1
                if key("download_location") { general.savePath = try r.lenientString() }
                else if key("time_added") { general.added = Date(epochSeconds: try r.lenientDouble()) }
                else if key("completed_time") { general.completed = Date(epochSeconds: try r.lenientDouble()) }
                else if key("seeding_time") { general.seedingTime = nonNegative(try r.lenientDouble()) }
                else if key("ratio") { ratio = try r.lenientDouble() }
                else if key("num_seeds") { general.seedsConnected = nonNegative(try r.lenientInt()) }
                else if key("total_seeds") { general.seedsInSwarm = nonNegative(try r.lenientInt()) }
                else if key("num_peers") { general.peersConnected = nonNegative(try r.lenientInt()) }
                else if key("total_peers") { general.peersInSwarm = nonNegative(try r.lenientInt()) }
                else if key("piece_length") { general.pieceSize = positive(try r.lenientInt64()) }
                else if key("num_pieces") { general.pieceCount = nonNegative(try r.lenientInt()) }
                else if key("total_size") { general.sizeBytes = nonNegative(try r.lenientInt64()) }
                else if key("total_done") { general.doneBytes = nonNegative(try r.lenientInt64()) }
                else if key("total_uploaded") { general.uploadedBytes = nonNegative(try r.lenientInt64()) }
                else if key("all_time_download") { general.downloadedBytes = nonNegative(try r.lenientInt64()) }
                else if key("comment") { general.comment = try r.lenientString().flatMap { $0.isEmpty ? nil : $0 } }
                else if key("private") { general.isPrivate = try r.lenientBool() }
                else if key("next_announce") { general.nextAnnounce = positive(try r.lenientDouble()) } // 0 while paused
                else if key("queue") { general.queuePosition = nonNegative(try r.lenientInt()) }
                else if key("sequential_download") { general.sequential = try r.lenientBool() }
                else if key("prioritize_first_last_pieces") { general.firstLastPiecesFirst = try r.lenientBool() }
                else if key("max_download_speed") { general.downloadLimit = kibLimit(try r.lenientDouble()) }
                else if key("max_upload_speed") { general.uploadLimit = kibLimit(try r.lenientDouble()) }
                else if key("stop_at_ratio") { stopAtRatio = try r.lenientBool() }
                else if key("stop_ratio") { stopRatio = try r.lenientDouble() }
                else if key("files") {
                    try r.readArray { r, position throws(ServiceError) in
                        guard position < TransferInspection.maxFiles else { throw r.failure("more than \(TransferInspection.maxFiles) files") }
                        var index: Int?, path: String?, size: Int64?
                        try r.readObject { r, key throws(ServiceError) in
                            if key("index") { index = try r.lenientInt() }
                            else if key("path") { path = try r.lenientString() }
                            else if key("size") { size = try r.lenientInt64() }
                            else { try r.skipValue() }
                        }
                        guard let path, let size, size >= 0 else { throw r.failure("a file without a path or a size") }
                        files.append((index ?? position, path, size))
                    }
                } else if key("file_progress") {
                    try r.readArray { r, position throws(ServiceError) in
                        guard position < TransferInspection.maxFiles else { throw r.failure("more than \(TransferInspection.maxFiles) files") }
                        progress.append(try r.lenientDouble() ?? 0)
                    }
                } else if key("file_priorities") {
                    try r.readArray { r, position throws(ServiceError) in
                        guard position < TransferInspection.maxFiles else { throw r.failure("more than \(TransferInspection.maxFiles) files") }
                        priorities.append(try r.lenientInt() ?? 4)
                    }
                } else if key("peers") {
                    try r.readArray { r, position throws(ServiceError) in
                        guard position < TransferInspection.maxPeers else { throw r.failure("more than \(TransferInspection.maxPeers) peers") }
                        if let peer = try decodePeer(&r) { peers.append(peer) }
                    }
                } else if key("trackers") {
                    try r.readArray { r, position throws(ServiceError) in
                        guard position < TransferInspection.maxTrackers else { throw r.failure("more than \(TransferInspection.maxTrackers) trackers") }
                        var url: String?, tier: Int?
                        try r.readObject { r, key throws(ServiceError) in
                            if key("url") { url = try r.lenientString() }
                            else if key("tier") { tier = try r.lenientInt() }
                            else { try r.skipValue() }
                        }
                        if let url, !url.isEmpty { trackers.append((url, tier)) }
                    }
                } else if key("tracker") { current = try r.lenientString() }
                else if key("tracker_status") { status = try r.lenientString() }
                else { try r.skipValue() }
            }
            guard keysRead > 0 else { return nil }
            // -1 until anything was downloaded: not available.
            general.ratio = nonNegative(ratio)
            // Its own switch and ratio (Deluge's settings only seed new torrents' options).
            if let stopAtRatio {
                let value = stopRatio.flatMap { $0.isFinite && $0 > 0 ? min($0, ShareLimits.maxRatio) : nil }
                general.shareLimits = ShareLimits(ratio: stopAtRatio ? value.map { .value($0) } : .unlimited)
            }

            var inspection = TransferInspection()
            if parts.contains(.general) { inspection.general = general }
            if parts.contains(.files) {
                guard progress.isEmpty || progress.count == files.count, priorities.isEmpty || priorities.count == files.count else {
                    throw .decoding(path: "$.result.file_progress", detail: "\(progress.count) and \(priorities.count) entries for \(files.count) files")
                }
                inspection.files = files.enumerated().map { position, file in
                    let fraction = position < progress.count ? min(1, max(0, progress[position].isFinite ? progress[position] : 0)) : 0
                    return TransferFile(index: file.index, path: file.path, sizeBytes: file.size,
                                        doneBytes: Int64(saturating: Double(file.size) * fraction),
                                        priority: filePriority(position < priorities.count ? priorities[position] : 4))
                }
            }
            if parts.contains(.peers) { inspection.peers = peers.fastestFirst() }
            if parts.contains(.trackers) {
                inspection.trackers = trackers.map { tracker in
                    guard tracker.url == current, let status else {
                        return TransferTracker(url: tracker.url, tier: tracker.tier, status: .notContacted, message: nil,
                                               seeds: nil, leeches: nil, downloaded: nil)
                    }
                    let (state, message) = trackerState(status)
                    return TransferTracker(url: tracker.url, tier: tracker.tier, status: state, message: message,
                                           seeds: nil, leeches: nil, downloaded: nil)
                }
            }
            return inspection
        }
    }

    /// 0 skip, 1–3 low, 4 normal, 5–7 high (Deluge's own UI groups them so).
    static func filePriority(_ value: Int) -> FilePriority {
        switch value {
        case ...0: .skip
        case 1...3: .low
        case 4: .normal
        default: .high
        }
    }

    /// `tracker_status` as Deluge sets it from libtorrent's alerts: "Announce OK", "Announce Sent", "Warning: …",
    /// "Error: …" (translated on some daemons; anything else is shown as the daemon said it).
    static func trackerState(_ status: String) -> (TransferTracker.Status, String?) {
        if status == "Announce OK" { return (.working, nil) }
        if status == "Announce Sent" { return (.updating, nil) }
        if status.hasPrefix("Error: ") { return (.error, String(status.dropFirst(7))) }
        if status.hasPrefix("Warning: ") { return (.notWorking, String(status.dropFirst(9))) }
        return (status.isEmpty ? .notContacted : .notWorking, status.isEmpty ? nil : status)
    }

    private static func decodePeer(_ r: inout JSONReader) throws(ServiceError) -> TransferPeer? {
        var ip: String?, client: String?, country: String?, progress = 0.0, down = 0.0, up = 0.0
        try r.readObject { r, key throws(ServiceError) in
            if key("ip") { ip = try r.lenientString() }
            else if key("client") { client = try r.lenientString() }
            else if key("country") { country = try r.lenientString() }
            else if key("progress") { progress = try r.lenientDouble() ?? 0 }
            else if key("down_speed") { down = try r.lenientDouble() ?? 0 }
            else if key("up_speed") { up = try r.lenientDouble() ?? 0 }
            else { try r.skipValue() }
        }
        guard let ip, !ip.isEmpty else { return nil }
        // "address:port", IPv6 without brackets: the port follows the last colon.
        var address = ip, port: Int?
        if let colon = ip.lastIndex(of: ":"), let number = Int(ip[ip.index(after: colon)...]) {
            address = String(ip[..<colon])
            port = number
        }
        if address.hasPrefix("["), address.hasSuffix("]") { address = String(address.dropFirst().dropLast()) }
        return TransferPeer(address: address, port: port, client: client.flatMap { $0.isEmpty ? nil : $0 }, flags: "",
                            progress: progress, downloadSpeed: Int64(saturating: down), uploadSpeed: Int64(saturating: up),
                            country: country.flatMap { $0.isEmpty ? nil : $0.lowercased() })
    }
}

/// Deluge's limits are KiB/s, -1 (or 0) for none.
private func kibLimit(_ value: Double?) -> Int64? {
    guard let value, value > 0, value.isFinite else { return nil }
    return Int64(saturating: value * 1024)
}

/// Deluge's per-transfer actions (API-GUIDE-4 §3.2, §3.6): ids always in a list (a bare string is iterated as its
/// characters). File priorities are one whole list, one value per file: read now, the asked files changed, sent
/// back — a list of the wrong length is ignored by Deluge without a word, so its length is checked first.
extension DelugeClient: TransferTuning {
    public static func availability(of action: TransferDetailAction) -> ActionAvailability {
        switch action {
        case .setLabels: .unsupported // one label each
        case .setJobPriority, .retry, .setArchivePassword: .unsupported // usenet's
        default: .available
        }
    }

    /// Its trackers after `action`, from the list it holds now (`core.set_torrent_trackers` takes the whole list):
    /// added ones each in a tier after the last, a replaced one in its place, removed ones gone.
    static func trackers(after action: TransferDetailAction, now: [TransferTracker]) throws(ServiceError) -> [(url: String, tier: Int)] {
        let urls = try action.checkedTrackers()
        var list = now.map { (url: $0.url, tier: $0.tier ?? 0) }
        switch action {
        case .addTrackers:
            // Bounded: a tier the client reports past any real one (a hostile Int.max) must not overflow the next.
            var tier = min(max(list.map(\.tier).max() ?? -1, -1), 10_000) + 1
            for url in urls where !list.contains(where: { $0.url == url }) {
                list.append((url, tier))
                tier += 1
            }
        case .replaceTracker:
            guard let index = list.firstIndex(where: { $0.url == urls[0] }) else { throw .refused(.noSuchTracker) }
            list[index].url = urls[1]
        default:
            guard urls.allSatisfy({ url in list.contains { $0.url == url } }) else { throw .refused(.noSuchTracker) }
            list.removeAll { urls.contains($0.url) }
        }
        return list
    }

    public static var grouping: TransferGrouping { .label }

    /// A ratio at which it stops, or none: Deluge keeps each torrent's own (its settings only fill in a new torrent's).
    public static var shareLimitSupport: ShareLimitSupport { ShareLimitSupport(ratio: true, seedingTime: false, idleTime: false, clientDefault: false) }

    /// Its Label plugin's labels; without the plugin Deluge has none.
    public func groupChoices() async throws(ServiceError) -> GroupChoices {
        guard let labels = try await labels() else { return .pluginOff }
        return .oneOf(labels.filter { !$0.isEmpty }.sorted())
    }

    public func perform(_ action: TransferDetailAction, on item: TransferItem) async throws(ServiceError) {
        let hash = try item.infoHash()
        let ids = "[\(Self.quote(hash))]"
        switch action {
        case .setFilePriority(let priority, _):
            let files = try action.checkedFiles()
            let body = try await authorized("core.get_torrent_status", "[\(Self.quote(hash)),[\"file_priorities\"]]", effect: .read)
            let current = try JSONRPCEnvelope.result(body, missing: .decoding(path: "$.result", detail: "missing key")) { r throws(ServiceError) -> [Int]? in
                var list: [Int]?
                try r.readObject { r, key throws(ServiceError) in
                    guard key("file_priorities") else { return try r.skipValue() }
                    var values: [Int] = []
                    try r.readArray { r, position throws(ServiceError) in
                        guard position < TransferInspection.maxFiles else { throw r.failure("more than \(TransferInspection.maxFiles) files") }
                        guard let value = try r.lenientInt() else { throw r.failure("a priority that is not a number") }
                        values.append(value)
                    }
                    list = values
                }
                return list
            }
            guard var priorities = current else { throw .refused(.noSuchTransfer) }
            guard let last = files.last, last < priorities.count else { throw .invalidRequest(.noItems) }
            let value = switch priority { case .skip: 0; case .low: 1; case .normal: 4; case .high: 7 }
            for index in files { priorities[index] = value }
            let list = priorities.map(String.init).joined(separator: ",")
            _ = try await authorized("core.set_torrent_options", "[\(ids),{\"file_priorities\":[\(list)]}]", effect: .write)
        case .recheck:
            _ = try await authorized("core.force_recheck", "[\(ids)]", effect: .write)
        case .reannounce:
            _ = try await authorized("core.force_reannounce", "[\(ids)]", effect: .write)
        case .moveData:
            // Always answers null: a move that fails is only in Deluge's log, so the read-back shows what happened.
            _ = try await authorized("core.move_storage", "[\(ids),\(Self.quote(try action.checkedFolder()))]", effect: .write)
        case .setSpeedLimits:
            // KiB/s as a number; -1 is no limit of its own.
            let limits = try action.checkedLimits()
            let kib = { (limit: Int64?) in limit.map { String(format: "%.3f", Double($0) / 1024) } ?? "-1" }
            _ = try await authorized("core.set_torrent_options",
                                     "[\(ids),{\"max_download_speed\":\(kib(limits.down)),\"max_upload_speed\":\(kib(limits.up))}]", effect: .write)
        case .setCategory:
            // One id as a string here (not a list); "" takes the label away; a label it does not have is an error.
            _ = try await authorized("label.set_torrent", "[\(Self.quote(hash)),\(Self.quote(try action.checkedCategory() ?? ""))]", effect: .write)
        case .moveInQueue(let move):
            _ = try await authorized("core.queue_\(move.rawValue)", "[\(ids)]", effect: .write)
        case .setSequential(let on):
            _ = try await authorized("core.set_torrent_options", "[\(ids),{\"sequential_download\":\(on)}]", effect: .write)
        case .setFirstLastPiecesFirst(let on):
            _ = try await authorized("core.set_torrent_options", "[\(ids),{\"prioritize_first_last_pieces\":\(on)}]", effect: .write)
        case .rename:
            // The name Deluge shows; the files keep theirs.
            _ = try await authorized("core.set_torrent_options", "[\(ids),{\"name\":\(Self.quote(try action.checkedName()))}]", effect: .write)
        case .renameFile:
            // By index, with the full new path in the torrent; done a moment later (it answers null at once).
            let rename = try action.checkedFileRename()
            _ = try await authorized("core.rename_files", "[\(Self.quote(hash)),[[\(rename.index),\(Self.quote(rename.newPath))]]]", effect: .write)
        case .addTrackers, .replaceTracker, .removeTrackers:
            // No single-tracker calls: the whole list, from the one it holds now (its `trackers` is what was last set).
            _ = try action.checkedTrackers()
            let list = try Self.trackers(after: action, now: try await inspect(item, parts: [.trackers]).trackers ?? [])
            let entries = list.map { "{\"url\":\(Self.quote($0.url)),\"tier\":\($0.tier)}" }.joined(separator: ",")
            _ = try await authorized("core.set_torrent_trackers", "[\(Self.quote(hash)),[\(entries)]]", effect: .write)
        case .setShareLimits:
            // `remove_at_ratio` is left as it is: this only says when it stops.
            let limits = try action.checkedShareLimits(Self.shareLimitSupport)
            let options = switch limits.ratio {
            case .value(let ratio): "{\"stop_at_ratio\":true,\"stop_ratio\":\(ShareLimits.wire(ratio))}"
            default: "{\"stop_at_ratio\":false}"
            }
            _ = try await authorized("core.set_torrent_options", "[\(ids),\(options)]", effect: .write)
        case .setLabels, .setJobPriority, .retry, .setArchivePassword:
            throw .notOffered // not reached: unavailable above
        }
    }
}
