import Foundation

/// rTorrent's details of one torrent (API-GUIDE-4 §4): one `system.multicall` holding the `d.*` reads of the General
/// page and one `f.`/`p.`/`t.multicall` per list asked for — one request, plus one more only when the torrent is in a
/// throttle group (its rates are read by the group's name). Every call names the torrent by its hash; an unknown hash
/// faults ("Could not find info-hash."), read as the torrent gone (`.noSuchTransfer`).
///
/// What rTorrent says differently from the other clients: a file's path leaves out the torrent's folder (added here for
/// a multi-file torrent, so every client's paths read alike); file priorities are 0 off, 1 normal, 2 high (no low);
/// a peer's progress is a whole percent; peers carry no flag letters (E, I and S are made from its booleans); there is
/// no per-tracker message (the torrent's last tracker text, `d.message`, is shown on the trackers that failed); the
/// up and down totals count this session only, so they are not shown as the transfer's.
extension RTorrentClient: TransferInspecting {
    public func inspect(_ item: TransferItem, parts: Set<TransferDetailPart>) async throws(ServiceError) -> TransferInspection {
        let hash = try item.infoHash().uppercased()
        var calls: [(String, [XMLRPCValue])] = []
        let general = parts.contains(.general) ? Self.generalReads : []
        // The name and whether it has a folder come with the files (their paths leave the folder out).
        let head = Array(Set(general + (parts.contains(.files) || parts.contains(.trackers) ? Self.fileHead : []))).sorted()
        calls += head.map { ($0, [.string(hash)]) }
        if parts.contains(.files) { calls.append(("f.multicall", [.string(hash), .string("")] + Self.fileFields.map { .string($0) })) }
        if parts.contains(.peers) { calls.append(("p.multicall", [.string(hash), .string("")] + Self.peerFields.map { .string($0) })) }
        if parts.contains(.trackers) { calls.append(("t.multicall", [.string(hash), .string("")] + Self.trackerFields.map { .string($0) })) }
        let answers = try await multicall(calls, effect: .read)
        var values: [String: XMLRPCValue] = [:]
        for (index, method) in head.enumerated() { values[method] = answers[index] }
        var next = head.count
        func list(_ part: TransferDetailPart) -> XMLRPCValue? {
            guard parts.contains(part) else { return nil }
            defer { next += 1 }
            return answers[next]
        }
        var inspection = try Self.decodeInspection(values, files: list(.files), peers: list(.peers), trackers: list(.trackers),
                                                   parts: parts, now: Date())
        if parts.contains(.general), let group = values["d.throttle_name"]?.string, !group.isEmpty {
            let rates = try await multicall([("throttle.down.max", [.string(""), .string(group)]),
                                             ("throttle.up.max", [.string(""), .string(group)])], effect: .read)
            inspection.general?.downloadLimit = positive(rates[0].int)
            inspection.general?.uploadLimit = positive(rates[1].int)
        }
        return inspection
    }

    static let generalReads = ["d.directory", "d.load_date", "d.timestamp.finished", "d.ratio", "d.peers_connected", "d.peers_complete",
                               "d.chunk_size", "d.size_chunks", "d.completed_chunks", "d.size_bytes", "d.completed_bytes", "d.is_private",
                               "d.throttle_name"]
    static let fileHead = ["d.name", "d.is_multi_file", "d.message"]
    static let fileFields = ["f.path=", "f.size_bytes=", "f.completed_chunks=", "f.size_chunks=", "f.priority="]
    static let peerFields = ["p.address=", "p.port=", "p.client_version=", "p.completed_percent=", "p.down_rate=", "p.up_rate=",
                             "p.is_encrypted=", "p.is_incoming=", "p.is_snubbed="]
    static let trackerFields = ["t.url=", "t.group=", "t.is_enabled=", "t.is_busy=", "t.success_counter=", "t.failed_counter=",
                                "t.scrape_counter=", "t.scrape_complete=", "t.scrape_incomplete=", "t.scrape_downloaded=",
                                "t.activity_time_next="]

    /// One `system.multicall`: each call's value in order. A fault in any of them is the whole read's: an unknown hash
    /// is the torrent gone, anything else rTorrent's own words.
    func multicall(_ calls: [(String, [XMLRPCValue])], effect: RequestEffect) async throws(ServiceError) -> [XMLRPCValue] {
        let body = calls.map { XMLRPCValue.structure(["methodName": .string($0.0), "params": .array($0.1)]) }
        let answer = try await call("system.multicall", [.array(body)], effect: effect)
        return try Self.unpack(answer, count: calls.count)
    }

    static func unpack(_ answer: XMLRPCValue, count: Int) throws(ServiceError) -> [XMLRPCValue] {
        guard let answers = answer.array else { throw .decoding(path: "system.multicall", detail: "not a list") }
        // A fault says more than a count: the first one is the answer.
        if case .structure(let fault)? = answers.first(where: { if case .structure = $0 { true } else { false } }) {
            let message = fault["faultString"]?.string ?? "fault \(fault["faultCode"]?.int ?? 0)"
            if message.localizedCaseInsensitiveContains("info-hash") {
                throw .refused(.noSuchTransfer)
            }
            throw .refused(.said(message))
        }
        guard answers.count == count else { throw .decoding(path: "system.multicall", detail: "\(answers.count) answers to \(count) calls") }
        var values: [XMLRPCValue] = []
        values.reserveCapacity(count)
        for answer in answers {
            guard case .array(let one) = answer, one.count == 1 else {
                throw .decoding(path: "system.multicall", detail: "an answer that is neither [value] nor a fault")
            }
            values.append(one[0])
        }
        return values
    }

    /// The parts from their answers (`values`: the `d.*` reads by name; each list as its multicall answered it).
    static func decodeInspection(_ values: [String: XMLRPCValue], files: XMLRPCValue?, peers: XMLRPCValue?, trackers: XMLRPCValue?,
                                 parts: Set<TransferDetailPart>, now: Date) throws(ServiceError) -> TransferInspection {
        var inspection = TransferInspection()
        func int(_ method: String) -> Int64? { values[method]?.int }
        let message = values["d.message"]?.string ?? ""
        var trackerList: [TransferTracker]?
        if let trackers {
            guard let rows = trackers.array else { throw .decoding(path: "t.multicall", detail: "not a list") }
            guard rows.count <= TransferInspection.maxTrackers else {
                throw .decoding(path: "t.multicall", detail: "more than \(TransferInspection.maxTrackers) trackers")
            }
            trackerList = rows.compactMap { tracker($0, message: message) }
            inspection.trackers = trackerList
        }
        if parts.contains(.general) {
            var general = TransferGeneral()
            general.savePath = values["d.directory"]?.string.flatMap { $0.isEmpty ? nil : $0 }
            general.added = Date(epochSeconds: positive(int("d.load_date")).map(Double.init))
            general.completed = Date(epochSeconds: positive(int("d.timestamp.finished")).map(Double.init))
            general.ratio = nonNegative(int("d.ratio")).map { Double($0) / 1000 }
            let connected = nonNegative(int("d.peers_connected")).map(Int.init)
            let seeds = nonNegative(int("d.peers_complete")).map(Int.init)
            general.seedsConnected = seeds
            general.peersConnected = connected.map { max(0, $0 - (seeds ?? 0)) }
            general.pieceSize = positive(int("d.chunk_size"))
            general.pieceCount = nonNegative(int("d.size_chunks")).map(Int.init)
            general.piecesHave = nonNegative(int("d.completed_chunks")).map(Int.init)
            general.sizeBytes = nonNegative(int("d.size_bytes"))
            general.doneBytes = nonNegative(int("d.completed_bytes"))
            general.isPrivate = int("d.is_private").map { $0 != 0 }
            let due = trackerList?.compactMap(\.nextAnnounce).map { $0.timeIntervalSince(now) }.filter { $0 > 0 }.min()
            general.nextAnnounce = due
            inspection.general = general
        }
        if let files {
            guard let rows = files.array else { throw .decoding(path: "f.multicall", detail: "not a list") }
            guard rows.count <= TransferInspection.maxFiles else {
                throw .decoding(path: "f.multicall", detail: "more than \(TransferInspection.maxFiles) files")
            }
            // f.path leaves out the torrent's folder; the other clients include it.
            let folder = int("d.is_multi_file") == 1 ? values["d.name"]?.string.flatMap { $0.isEmpty ? nil : $0 + "/" } ?? "" : ""
            var list: [TransferFile] = []
            list.reserveCapacity(rows.count)
            for (index, row) in rows.enumerated() {
                guard let cells = row.array, cells.count >= fileFields.count, let path = cells[0].string, !path.isEmpty,
                      let size = cells[1].int, size >= 0 else {
                    throw .decoding(path: "f.multicall[\(index)]", detail: "a file without a path or a size")
                }
                let done = max(0, cells[2].int ?? 0), chunks = max(0, cells[3].int ?? 0)
                let doneBytes = chunks > 0 && done >= chunks ? size
                    : chunks > 0 ? Int64(saturating: Double(size) * Double(done) / Double(chunks)) : 0
                list.append(TransferFile(index: index, path: folder + path, sizeBytes: size, doneBytes: doneBytes,
                                         priority: filePriority(cells[4].int ?? 1)))
            }
            inspection.files = list
        }
        if let peers {
            guard let rows = peers.array else { throw .decoding(path: "p.multicall", detail: "not a list") }
            guard rows.count <= TransferInspection.maxPeers else {
                throw .decoding(path: "p.multicall", detail: "more than \(TransferInspection.maxPeers) peers")
            }
            inspection.peers = rows.compactMap(peer).fastestFirst()
        }
        return inspection
    }

    /// 0 off, 1 normal, 2 high (`f.priority`; anything higher is refused by rTorrent).
    static func filePriority(_ value: Int64) -> FilePriority {
        switch value {
        case ...0: .skip
        case 1: .normal
        default: .high
        }
    }

    private static func peer(_ row: XMLRPCValue) -> TransferPeer? {
        guard let cells = row.array, cells.count >= peerFields.count, let address = cells[0].string, !address.isEmpty else { return nil }
        var flags = ""
        if cells[6].int == 1 { flags += "E" }
        if cells[7].int == 1 { flags += "I" }
        if cells[8].int == 1 { flags += "S" }
        let port = cells[1].int.flatMap { (1...65535).contains($0) ? Int($0) : nil }
        let bare = address.hasPrefix("[") && address.hasSuffix("]") ? String(address.dropFirst().dropLast()) : address
        return TransferPeer(address: bare, port: port, client: cells[2].string.flatMap { $0.isEmpty ? nil : $0 }, flags: flags,
                            progress: Double(cells[3].int ?? 0) / 100, downloadSpeed: cells[4].int ?? 0, uploadSpeed: cells[5].int ?? 0,
                            isEncrypted: cells[6].int.map { $0 == 1 }, isIncoming: cells[7].int.map { $0 == 1 })
    }

    /// A tracker's state from its counters (libtorrent resets the failure count on a success): disabled, announcing,
    /// never answered, failing since its last success, or working. The torrent's last tracker text goes with a failing one.
    private static func tracker(_ row: XMLRPCValue, message: String) -> TransferTracker? {
        guard let cells = row.array, cells.count >= trackerFields.count, let url = cells[0].string, !url.isEmpty else { return nil }
        let enabled = cells[2].int != 0, busy = cells[3].int == 1
        let successes = cells[4].int ?? 0, failures = cells[5].int ?? 0
        let status: TransferTracker.Status = !enabled ? .disabled
            : busy ? .updating
            : failures > 0 ? .notWorking
            : successes > 0 ? .working
            : .notContacted
        let trackerText = message.hasPrefix("Tracker: ") ? String(message.dropFirst(9)) : nil
        let scraped = (cells[6].int ?? 0) > 0
        func count(_ cell: XMLRPCValue) -> Int? { scraped ? cell.int.flatMap { Int(exactly: $0) } : nil }
        return TransferTracker(url: url, tier: cells[1].int.flatMap { Int(exactly: $0) }, status: status,
                               message: status == .notWorking ? trackerText : nil,
                               seeds: count(cells[7]), leeches: count(cells[8]), downloaded: count(cells[9]),
                               nextAnnounce: Date(epochSeconds: positive(cells[10].int).map(Double.init)))
    }
}

/// rTorrent's per-transfer actions (API-GUIDE-4 §4.2, §4.6), each one `system.multicall` naming the torrent by hash and
/// a file by its index (`HASH:fN`). File priorities take effect only with `d.update_priorities` after them, sent in the
/// same multicall; rTorrent has no low priority. Reannounce is `d.tracker_announce.force` (the plain one may wait out
/// the tracker's minimum interval).
extension RTorrentClient: TransferTuning {
    public static func availability(of action: TransferDetailAction) -> ActionAvailability {
        switch action {
        case .setFilePriority(.low, _): .unsupported
        // `d.directory.set` only points at another folder (no data moves); moving is `execute mv` on its machine.
        case .moveData: .needsProgramOnServer
        // Only throttle groups, and a group is set on a stopped transfer alone; ratios likewise by ratio groups
        // (`group.seeding.ratio.*`, set up in its rtorrent.rc).
        case .setSpeedLimits, .setShareLimits: .groupLimitsOnly
        case .setLabels: .unsupported // one label each
        // No queue, no piece order, no rename, and a tracker can only be switched off, not removed or edited.
        case .moveInQueue, .setSequential, .setFirstLastPiecesFirst, .rename, .renameFile, .replaceTracker, .removeTrackers, .setJobPriority,
             .retry, .setArchivePassword: .unsupported
        case .setFilePriority, .recheck, .reannounce, .setCategory, .addTrackers: .available
        }
    }

    public static var grouping: TransferGrouping { .label }

    /// Any word: rTorrent keeps the label in `d.custom1` and has no list of them.
    public func groupChoices() async throws(ServiceError) -> GroupChoices { .anyName }

    public func perform(_ action: TransferDetailAction, on item: TransferItem) async throws(ServiceError) {
        let hash = try item.infoHash().uppercased()
        guard Self.availability(of: action) == .available else { throw .notOffered }
        switch action {
        case .setFilePriority(let priority, _):
            let value: Int64 = switch priority { case .skip: 0; case .low, .normal: 1; case .high: 2 }
            let calls = try action.checkedFiles().map { ("f.priority.set", [XMLRPCValue.string("\(hash):f\($0)"), .int(value)]) }
            _ = try await multicall(calls + [("d.update_priorities", [.string(hash)])], effect: .write)
        case .recheck:
            _ = try await multicall([("d.check_hash", [.string(hash)])], effect: .write)
        case .reannounce:
            _ = try await multicall([("d.tracker_announce.force", [.string(hash)])], effect: .write)
        case .setCategory:
            // Written as typed (as Sonarr and Switchyard's own add do); "" takes the label away.
            _ = try await multicall([("d.custom1.set", [.string(hash), .string(try action.checkedCategory() ?? "")])], effect: .write)
        case .addTrackers:
            // Each in a group (tier) after the last one it has, as far as its limit of 32.
            let urls = try action.checkedTrackers()
            let last = min(max(try await inspect(item, parts: [.trackers]).trackers?.compactMap(\.tier).max() ?? -1, -1), 32)
            let calls = urls.prefix(100).enumerated().map { offset, url in
                ("d.tracker.insert", [XMLRPCValue.string(hash), .string(String(min(32, last + 1 + offset))), .string(url)])
            }
            _ = try await multicall(calls, effect: .write)
        case .moveData, .setSpeedLimits, .setLabels, .moveInQueue, .setSequential, .setFirstLastPiecesFirst, .rename, .renameFile,
             .replaceTracker, .removeTrackers, .setShareLimits, .setJobPriority, .retry, .setArchivePassword:
            throw .notOffered // not reached: unavailable above
        }
    }
}
