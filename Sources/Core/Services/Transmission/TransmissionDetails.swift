import Foundation

/// Transmission's details of one torrent (API-GUIDE-4 §2): one `torrent-get` naming the torrent by its hash, with
/// the fields of every part asked for. `files` and `fileStats` are read side by side (names and sizes; wanted and
/// priority); limits are in units of 1,000 B/s and apply only when their `…Limited` flag is on.
extension TransmissionClient: TransferInspecting {
    public func inspect(_ item: TransferItem, parts: Set<TransferDetailPart>) async throws(ServiceError) -> TransferInspection {
        let hash = try item.infoHash()
        var fields = ["hashString"]
        if parts.contains(.general) { fields += Self.generalFields }
        if parts.contains(.files) { fields += ["files", "fileStats"] }
        if parts.contains(.peers) { fields += ["peers"] }
        if parts.contains(.trackers) { fields += ["trackerStats"] }
        let list = fields.map { "\"\($0)\"" }.joined(separator: ",")
        let body = try await call("torrent-get", "{\"ids\":[\(JSONText.quote(hash))],\"fields\":[\(list)]}", effect: .read)
        guard let inspection = try Self.decodeInspection(body, parts: parts) else {
            throw .refused(.noSuchTransfer)
        }
        return inspection
    }

    static let generalFields = ["downloadDir", "addedDate", "doneDate", "totalSize", "haveValid", "downloadedEver", "uploadedEver",
                                "uploadRatio", "secondsSeeding", "peersConnected", "pieceSize", "pieceCount", "comment", "isPrivate",
                                "queuePosition", "downloadLimit", "downloadLimited", "uploadLimit", "uploadLimited",
                                "seedRatioLimit", "seedRatioMode", "seedIdleLimit", "seedIdleMode"]

    /// The one torrent of the answer, or nil when Transmission listed none (it no longer holds it).
    static func decodeInspection(_ body: Data, parts: Set<TransferDetailPart>) throws(ServiceError) -> TransferInspection? {
        try JSONReader.read(body) { r throws(ServiceError) -> TransferInspection? in
            var found: TransferInspection?
            try r.readObject { r, key throws(ServiceError) in
                guard key("arguments") else { return try r.skipValue() }
                try r.readObject { r, key throws(ServiceError) in
                    guard key("torrents") else { return try r.skipValue() }
                    try r.readArray { r, index throws(ServiceError) in
                        guard index == 0 else { throw r.failure("more than the one torrent asked for") }
                        found = try decodeTorrent(&r, parts: parts)
                    }
                }
            }
            return found
        }
    }

    private static func decodeTorrent(_ r: inout JSONReader, parts: Set<TransferDetailPart>) throws(ServiceError) -> TransferInspection {
        var general = TransferGeneral()
        var ratio: Double?
        var downloadLimit: Int64?, downloadLimited = false, uploadLimit: Int64?, uploadLimited = false
        var ratioLimit: Double?, ratioMode: Int?, idleLimit: Int?, idleMode: Int?
        var names: [(path: String, size: Int64, done: Int64)] = []
        var stats: [(wanted: Bool, priority: Int)] = []
        var peers: [TransferPeer] = []
        var trackers: [TransferTracker] = []
        try r.readObject { r, key throws(ServiceError) in
            if key("downloadDir") { general.savePath = try r.lenientString() }
            else if key("addedDate") { general.added = Date(epochSeconds: try r.lenientInt64()) }
            else if key("doneDate") { general.completed = Date(epochSeconds: try r.lenientInt64()) }
            else if key("totalSize") { general.sizeBytes = nonNegative(try r.lenientInt64()) }
            else if key("haveValid") { general.doneBytes = nonNegative(try r.lenientInt64()) }
            else if key("downloadedEver") { general.downloadedBytes = nonNegative(try r.lenientInt64()) }
            else if key("uploadedEver") { general.uploadedBytes = nonNegative(try r.lenientInt64()) }
            else if key("uploadRatio") { ratio = try r.lenientDouble() }
            else if key("secondsSeeding") { general.seedingTime = nonNegative(try r.lenientInt64()).map(TimeInterval.init) }
            else if key("peersConnected") { general.peersConnected = nonNegative(try r.lenientInt()) }
            else if key("pieceSize") { general.pieceSize = positive(try r.lenientInt64()) }
            else if key("pieceCount") { general.pieceCount = nonNegative(try r.lenientInt()) }
            else if key("comment") { general.comment = try r.lenientString().flatMap { $0.isEmpty ? nil : $0 } }
            else if key("isPrivate") { general.isPrivate = try r.lenientBool() }
            else if key("queuePosition") { general.queuePosition = nonNegative(try r.lenientInt()) }
            else if key("downloadLimit") { downloadLimit = try r.lenientInt64() }
            else if key("downloadLimited") { downloadLimited = try r.lenientBool() ?? false }
            else if key("uploadLimit") { uploadLimit = try r.lenientInt64() }
            else if key("uploadLimited") { uploadLimited = try r.lenientBool() ?? false }
            else if key("seedRatioLimit") { ratioLimit = try r.lenientDouble() }
            else if key("seedRatioMode") { ratioMode = try r.lenientInt() }
            else if key("seedIdleLimit") { idleLimit = try r.lenientInt() }
            else if key("seedIdleMode") { idleMode = try r.lenientInt() }
            else if key("files") {
                try r.readArray { r, index throws(ServiceError) in
                    guard index < TransferInspection.maxFiles else { throw r.failure("more than \(TransferInspection.maxFiles) files") }
                    var name: String?, length: Int64?, done: Int64?
                    try r.readObject { r, key throws(ServiceError) in
                        if key("name") { name = try r.lenientString() }
                        else if key("length") { length = try r.lenientInt64() }
                        else if key("bytesCompleted") { done = try r.lenientInt64() }
                        else { try r.skipValue() }
                    }
                    guard let name, let length, length >= 0 else { throw r.failure("a file without a name or a size") }
                    names.append((name, length, done ?? 0))
                }
            } else if key("fileStats") {
                try r.readArray { r, index throws(ServiceError) in
                    guard index < TransferInspection.maxFiles else { throw r.failure("more than \(TransferInspection.maxFiles) files") }
                    var wanted = true, priority = 0
                    try r.readObject { r, key throws(ServiceError) in
                        // A real boolean here (the top-level `wanted` array is 0/1 integers); 4.0.0–4.0.1 aside.
                        if key("wanted") { wanted = try r.peek() == .number ? (try r.readInt() ?? 1) != 0 : (try r.lenientBool() ?? true) }
                        else if key("priority") { priority = try r.lenientInt() ?? 0 }
                        else { try r.skipValue() }
                    }
                    stats.append((wanted, priority))
                }
            } else if key("peers") {
                try r.readArray { r, index throws(ServiceError) in
                    guard index < TransferInspection.maxPeers else { throw r.failure("more than \(TransferInspection.maxPeers) peers") }
                    if let peer = try decodePeer(&r) { peers.append(peer) }
                }
            } else if key("trackerStats") {
                try r.readArray { r, index throws(ServiceError) in
                    guard index < TransferInspection.maxTrackers else { throw r.failure("more than \(TransferInspection.maxTrackers) trackers") }
                    if let tracker = try decodeTracker(&r) { trackers.append(tracker) }
                }
            } else { try r.skipValue() }
        }
        // Transmission's -1 is "not available", -2 "infinite".
        general.ratio = ratio.flatMap { $0 == -2 ? .infinity : $0 < 0 ? nil : $0 }
        general.downloadLimit = downloadLimited ? downloadLimit.flatMap { $0 > 0 ? $0.multipliedSaturated(by: 1000) : nil } : nil
        general.uploadLimit = uploadLimited ? uploadLimit.flatMap { $0 > 0 ? $0.multipliedSaturated(by: 1000) : nil } : nil
        general.shareLimits = shareLimits(ratioLimit: ratioLimit, ratioMode: ratioMode, idleLimit: idleLimit, idleMode: idleMode)

        var inspection = TransferInspection()
        if parts.contains(.general) { inspection.general = general }
        if parts.contains(.files) {
            guard stats.isEmpty || stats.count == names.count else {
                throw .decoding(path: "$.arguments.torrents[0].fileStats", detail: "\(stats.count) entries for \(names.count) files")
            }
            inspection.files = names.enumerated().map { index, file in
                let stat = index < stats.count ? stats[index] : (wanted: true, priority: 0)
                return TransferFile(index: index, path: file.path, sizeBytes: file.size, doneBytes: file.done,
                                    priority: !stat.wanted ? .skip : stat.priority > 0 ? .high : stat.priority < 0 ? .low : .normal)
            }
        }
        if parts.contains(.peers) { inspection.peers = peers.fastestFirst() }
        if parts.contains(.trackers) { inspection.trackers = trackers }
        return inspection
    }

    private static func decodePeer(_ r: inout JSONReader) throws(ServiceError) -> TransferPeer? {
        var address: String?, port: Int?, client: String?, flags = "", progress = 0.0, down: Int64 = 0, up: Int64 = 0
        var encrypted: Bool?, incoming: Bool?
        try r.readObject { r, key throws(ServiceError) in
            if key("address") { address = try r.lenientString() }
            else if key("port") { port = try r.lenientInt() }
            else if key("clientName") { client = try r.lenientString() }
            else if key("flagStr") { flags = try r.lenientString() ?? "" }
            else if key("progress") { progress = try r.lenientDouble() ?? 0 }
            else if key("rateToClient") { down = try r.lenientInt64() ?? 0 }
            else if key("rateToPeer") { up = try r.lenientInt64() ?? 0 }
            else if key("isEncrypted") { encrypted = try r.lenientBool() }
            else if key("isIncoming") { incoming = try r.lenientBool() }
            else { try r.skipValue() }
        }
        guard let address, !address.isEmpty else { return nil }
        return TransferPeer(address: address, port: port, client: client.flatMap { $0.isEmpty ? nil : $0 }, flags: flags,
                            progress: progress, downloadSpeed: down, uploadSpeed: up, isEncrypted: encrypted, isIncoming: incoming)
    }

    private static func decodeTracker(_ r: inout JSONReader) throws(ServiceError) -> TransferTracker? {
        var url: String?, tier: Int?, id: Int?, announceState = 0, hasAnnounced = false, succeeded = false, timedOut = false
        var result: String?, seeds: Int?, leeches: Int?, downloads: Int?, next: Int64?
        try r.readObject { r, key throws(ServiceError) in
            if key("announce") { url = try r.lenientString() }
            else if key("tier") { tier = try r.lenientInt() }
            else if key("id") { id = try r.lenientInt() }
            else if key("announceState") { announceState = try r.lenientInt() ?? 0 }
            else if key("hasAnnounced") { hasAnnounced = try r.lenientBool() ?? false }
            else if key("lastAnnounceSucceeded") { succeeded = try r.lenientBool() ?? false }
            else if key("lastAnnounceTimedOut") { timedOut = try r.lenientBool() ?? false }
            else if key("lastAnnounceResult") { result = try r.lenientString() }
            else if key("seederCount") { seeds = try r.lenientInt() }
            else if key("leecherCount") { leeches = try r.lenientInt() }
            else if key("downloadCount") { downloads = try r.lenientInt() }
            else if key("nextAnnounceTime") { next = try r.lenientInt64() }
            else { try r.skipValue() }
        }
        guard let url, !url.isEmpty else { return nil }
        // announceState: 0 inactive, 1 waiting, 2 queued, 3 active (announcing now). The last announce's fields mean
        // something only once it has announced.
        let status: TransferTracker.Status = announceState == 3 ? .updating
            : !hasAnnounced ? .notContacted
            : succeeded ? .working
            : timedOut ? .unreachable
            : .notWorking
        return TransferTracker(url: url, tier: tier, status: status, message: hasAnnounced ? result : nil,
                               seeds: seeds, leeches: leeches, downloaded: downloads, nextAnnounce: Date(epochSeconds: next), clientID: id)
    }
}

/// Transmission's per-transfer actions (API-GUIDE-4 §2.2, §2.6): every call names the torrent in `ids`, and a file
/// list is never empty (an empty one means every file).
extension TransmissionClient: TransferTuning {
    public static func availability(of action: TransferDetailAction) -> ActionAvailability {
        switch action {
        case .setCategory: .unsupported // labels, several each
        // 3.00 has neither (4.1's `sequential_download` is not in the dialect spoken here).
        case .setSequential, .setFirstLastPiecesFirst: .unsupported
        case .setJobPriority, .retry, .setArchivePassword: .unsupported // usenet's (bandwidthPriority is another thing)
        default: .available
        }
    }

    public static var grouping: TransferGrouping { .labels }

    /// A ratio and an idle time (minutes with nobody downloading from it), each its own, none, or Transmission's setting.
    public static var shareLimitSupport: ShareLimitSupport { ShareLimitSupport(ratio: true, seedingTime: false, idleTime: true, clientDefault: true) }

    /// Transmission's modes: 0 its setting, 1 this torrent's limit, 2 none (`transmission.h`); an unknown mode says nothing.
    static func shareLimits(ratioLimit: Double?, ratioMode: Int?, idleLimit: Int?, idleMode: Int?) -> ShareLimits? {
        func ratio() -> ShareLimit<Double>? {
            switch ratioMode {
            case 0: .clientDefault
            case 1: ratioLimit.flatMap { $0.isFinite && $0 > 0 ? .value(min($0, ShareLimits.maxRatio)) : nil }
            case 2: .unlimited
            default: nil
            }
        }
        func idle() -> ShareLimit<Int>? {
            switch idleMode {
            case 0: .clientDefault
            case 1: idleLimit.flatMap { $0 > 0 ? .value(min($0, ShareLimits.maxMinutes)) : nil }
            case 2: .unlimited
            default: nil
            }
        }
        let limits = ShareLimits(ratio: ratio(), idleMinutes: idle())
        return limits.ratio == nil && limits.idleMinutes == nil ? nil : limits
    }

    /// `torrent-rename-path` renames the top file or folder on disk.
    public static var renameRenamesFiles: Bool { true }

    public func groupChoices() async throws(ServiceError) -> GroupChoices { .anyNames }

    public func perform(_ action: TransferDetailAction, on item: TransferItem) async throws(ServiceError) {
        let ids = "[\(JSONText.quote(try item.infoHash()))]"
        switch action {
        case .setFilePriority(let priority, _):
            let files = "[" + (try action.checkedFiles()).map(String.init).joined(separator: ",") + "]"
            let arguments = switch priority {
            case .skip: #""files-unwanted":\#(files)"#
            case .low: #""files-wanted":\#(files),"priority-low":\#(files)"#
            case .normal: #""files-wanted":\#(files),"priority-normal":\#(files)"#
            case .high: #""files-wanted":\#(files),"priority-high":\#(files)"#
            }
            _ = try await call("torrent-set", "{\"ids\":\(ids),\(arguments)}", effect: .write)
        case .recheck:
            _ = try await call("torrent-verify", "{\"ids\":\(ids)}", effect: .write)
        case .reannounce:
            _ = try await call("torrent-reannounce", "{\"ids\":\(ids)}", effect: .write)
        case .moveData:
            // `move: true` moves the data; without it Transmission only looks for the data there.
            let folder = JSONText.quote(try action.checkedFolder())
            _ = try await call("torrent-set-location", "{\"ids\":\(ids),\"location\":\(folder),\"move\":true}", effect: .write)
        case .setSpeedLimits:
            // Units of 1,000 B/s, and a limit counts only with its `…Limited` switch on (setting one does not switch it).
            let limits = try action.checkedLimits()
            func part(_ name: String, _ limit: Int64?) -> String {
                guard let limit else { return "\"\(name)Limited\":false" }
                return "\"\(name)Limited\":true,\"\(name)Limit\":\((limit + 999) / 1000)"
            }
            _ = try await call("torrent-set", "{\"ids\":\(ids),\(part("download", limits.down)),\(part("upload", limits.up))}", effect: .write)
        case .setLabels:
            // The whole list (an empty one takes them all away); never without `ids`, which would label every torrent.
            let labels = try action.checkedLabels().map(JSONText.quote).joined(separator: ",")
            _ = try await call("torrent-set", "{\"ids\":\(ids),\"labels\":[\(labels)]}", effect: .write)
        case .moveInQueue(let move):
            _ = try await call("queue-move-\(move.rawValue)", "{\"ids\":\(ids)}", effect: .write)
        case .rename:
            // Renames the torrent's top file or folder on disk, and the torrent with it; `path` is its name now.
            let name = JSONText.quote(try action.checkedName())
            _ = try await call("torrent-rename-path", "{\"ids\":\(ids),\"path\":\(JSONText.quote(item.name)),\"name\":\(name)}", effect: .write)
        case .renameFile:
            // `path` the file's path now (its top folder included), `name` only the new last component.
            let rename = try action.checkedFileRename()
            let name = String(rename.newPath.split(separator: "/").last ?? "")
            _ = try await call("torrent-rename-path", "{\"ids\":\(ids),\"path\":\(JSONText.quote(rename.path)),\"name\":\(JSONText.quote(name))}",
                               effect: .write)
        case .addTrackers:
            // Each a new tier after the last; one it has already is skipped (and none added at all is its error).
            let urls = try action.checkedTrackers().map(JSONText.quote).joined(separator: ",")
            _ = try await call("torrent-set", "{\"ids\":\(ids),\"trackerAdd\":[\(urls)]}", effect: .write)
        case .replaceTracker, .removeTrackers:
            // By the tracker's id, read just before: 3.00's ids are places in the list that shift with every change.
            let urls = try action.checkedTrackers()
            let known = try await inspect(item, parts: [.trackers]).trackers ?? []
            func id(_ url: String) throws(ServiceError) -> Int {
                guard let id = known.first(where: { $0.url == url })?.clientID else { throw .refused(.noSuchTracker) }
                return id
            }
            if case .replaceTracker = action {
                _ = try await call("torrent-set", "{\"ids\":\(ids),\"trackerReplace\":[\(try id(urls[0])),\(JSONText.quote(urls[1]))]}", effect: .write)
            } else {
                var list: [String] = []
                for url in urls { list.append(String(try id(url))) }
                _ = try await call("torrent-set", "{\"ids\":\(ids),\"trackerRemove\":[\(list.joined(separator: ","))]}", effect: .write)
            }
        case .setShareLimits:
            // Each part with its mode; a part left out is not sent (Transmission keeps it).
            let limits = try action.checkedShareLimits(Self.shareLimitSupport)
            var parts: [String] = []
            switch limits.ratio {
            case .clientDefault: parts.append("\"seedRatioMode\":0")
            case .unlimited: parts.append("\"seedRatioMode\":2")
            case .value(let ratio): parts.append("\"seedRatioMode\":1,\"seedRatioLimit\":\(ShareLimits.wire(ratio))")
            case nil: break
            }
            switch limits.idleMinutes {
            case .clientDefault: parts.append("\"seedIdleMode\":0")
            case .unlimited: parts.append("\"seedIdleMode\":2")
            case .value(let minutes): parts.append("\"seedIdleMode\":1,\"seedIdleLimit\":\(minutes)")
            case nil: break
            }
            _ = try await call("torrent-set", "{\"ids\":\(ids),\(parts.joined(separator: ","))}", effect: .write)
        case .setCategory, .setSequential, .setFirstLastPiecesFirst, .setJobPriority, .retry, .setArchivePassword:
            throw .notOffered // not reached: unavailable above
        }
    }
}
