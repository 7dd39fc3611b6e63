import Foundation

/// One torrent of `sync/maindata` (or `torrents/info`): every field optional,
/// because a diff carries only the keys that changed.
struct QBittorrentTorrentDTO: Equatable, Sendable {
    var name: String?
    var state: String?
    var progress: Double?
    var size: Int64?
    var amountLeft: Int64?
    var dlspeed: Int64?
    var upspeed: Int64?
    var eta: Int64?
    var category: String?
    var tags: String?
    var addedOn: Int64?
    var completionOn: Int64?
    /// Sequential download and first-and-last pieces first, as `torrents/info` and the sync diff report them.
    var seqDl: Bool?
    var firstLastPiecePrio: Bool?
    /// Its place in the queue, from 1; 0 when not queued (finished, or queueing off).
    var priority: Int?
    /// Its share limits: -2 the client's setting, -1 none; minutes for the times. The inactive time (4.6) and the
    /// action at the limit (5.2) are only carried back unchanged when the others are set.
    var ratioLimit: Double?
    var seedingTimeLimit: Int?
    var inactiveSeedingTimeLimit: Int?
    var shareLimitAction: String?

    /// Applies the keys present in the next object (a diff or a full entry).
    mutating func merge(_ r: inout JSONReader) throws(ServiceError) {
        try r.readObject { r, key throws(ServiceError) in
            if key("name") { name = try r.lenientString() }
            else if key("state") { state = try r.lenientString() }
            else if key("progress") { progress = try r.lenientDouble() }
            else if key("size") { size = try r.lenientInt64() }
            else if key("amount_left") { amountLeft = try r.lenientInt64() }
            else if key("dlspeed") { dlspeed = try r.lenientInt64() }
            else if key("upspeed") { upspeed = try r.lenientInt64() }
            else if key("eta") { eta = try r.lenientInt64() }
            else if key("category") { category = try r.lenientString() }
            else if key("tags") { tags = try r.lenientString() }
            else if key("added_on") { addedOn = try r.lenientInt64() }
            else if key("completion_on") { completionOn = try r.lenientInt64() }
            else if key("seq_dl") { seqDl = try r.lenientBool() }
            else if key("f_l_piece_prio") { firstLastPiecePrio = try r.lenientBool() }
            else if key("priority") { priority = try r.lenientInt() }
            else if key("ratio_limit") { ratioLimit = try r.lenientDouble() }
            else if key("seeding_time_limit") { seedingTimeLimit = try r.lenientInt() }
            else if key("inactive_seeding_time_limit") { inactiveSeedingTimeLimit = try r.lenientInt() }
            else if key("share_limit_action") { shareLimitAction = try r.lenientString() }
            else { try r.skipValue() }
        }
    }

    /// The share limits as the General page shows them (nil when this entry carried neither).
    var shareLimits: ShareLimits? {
        guard ratioLimit != nil || seedingTimeLimit != nil else { return nil }
        let ratio: ShareLimit<Double>? = ratioLimit.map { raw in
            raw == -2 ? .clientDefault : raw < 0 || !raw.isFinite ? .unlimited : .value(min(raw, ShareLimits.maxRatio))
        }
        let minutes: ShareLimit<Int>? = seedingTimeLimit.map { raw in
            raw == -2 ? .clientDefault : raw < 0 ? .unlimited : .value(min(raw, ShareLimits.maxMinutes))
        }
        return ShareLimits(ratio: ratio, seedingMinutes: minutes)
    }

    /// qBittorrent's ETA for "infinite".
    static let infiniteETA: Int64 = 8_640_000

    func domain(hash: String, serviceID: UUID) -> TransferItem {
        let raw = state ?? "unknown"
        return TransferItem(
            serviceID: serviceID, joinKey: hash.lowercased(), name: name ?? hash, state: Self.state(raw), rawState: raw,
            progress: progress ?? 0, sizeBytes: size ?? 0, remainingBytes: amountLeft ?? 0,
            downloadSpeed: dlspeed ?? 0, uploadSpeed: upspeed ?? 0,
            eta: eta.flatMap { $0 >= 0 && $0 < Self.infiniteETA ? TimeInterval($0) : nil }, // 8640000 = ∞
            category: category.flatMap { $0.isEmpty ? nil : $0 },
            labels: (tags ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty },
            added: Date(epochSeconds: addedOn), completed: Date(epochSeconds: completionOn),
            errorMessage: raw == "error" || raw == "missingFiles" ? raw : nil)
    }

    /// 4.x and 5.x state words (5.0 renamed paused* to stopped*).
    static func state(_ raw: String) -> TransferItem.State {
        switch raw {
        case "downloading", "forcedDL", "metaDL", "forcedMetaDL": .downloading
        case "uploading", "forcedUP", "stalledUP": .seeding
        case "pausedUP", "stoppedUP", "pausedDL", "stoppedDL": .paused
        case "queuedUP", "queuedDL": .queued
        case "checkingUP", "checkingDL", "checkingResumeData", "moving": .checking
        case "stalledDL": .stalled
        case "error", "missingFiles": .error
        default: .queued
        }
    }
}

/// `server_state` of maindata (also merged as a diff).
struct QBittorrentServerStateDTO: Equatable, Sendable {
    var dlInfoSpeed: Int64?
    var upInfoSpeed: Int64?
    var freeSpaceOnDisk: Int64?

    mutating func merge(_ r: inout JSONReader) throws(ServiceError) {
        try r.readObject { r, key throws(ServiceError) in
            if key("dl_info_speed") { dlInfoSpeed = try r.lenientInt64() }
            else if key("up_info_speed") { upInfoSpeed = try r.lenientInt64() }
            else if key("free_space_on_disk") { freeSpaceOnDisk = try r.lenientInt64() }
            else { try r.skipValue() }
        }
    }
}

/// The client's copy of qBittorrent's state, kept in step with `sync/maindata`:
/// a full update replaces it, a diff merges changed keys and drops removed torrents.
/// Public so the benchmark can measure merges from outside the module.
public struct QBittorrentMainData: Equatable, Sendable {
    public init() {}
    public var torrentCount: Int { torrents.count }
    /// Whether both hold the same torrents with the same fields (rid and totals aside).
    public func sameTorrents(as other: QBittorrentMainData) -> Bool { torrents == other.torrents }
    var rid = 0
    var torrents: [String: QBittorrentTorrentDTO] = [:]
    var serverState = QBittorrentServerStateDTO()
    /// What the last `apply` named: nil after a full update (everything), else the torrents the
    /// diff changed or added and those it removed.
    private(set) var lastChanges: (changed: Set<String>, removed: Set<String>)?

    public static func == (a: QBittorrentMainData, b: QBittorrentMainData) -> Bool {
        a.rid == b.rid && a.torrents == b.torrents && a.serverState == b.serverState
    }

    /// Merges one `sync/maindata` answer. It is read whole before anything changes (an answer that
    /// fails to parse leaves the state as it was), then applied in place: a diff naming 100 of 2,000
    /// torrents touches those 100, and the dictionary is not copied.
    public mutating func apply(_ body: Data) throws(ServiceError) {
        var rid = self.rid
        var full = false
        var serverState = self.serverState
        var updates: [String: QBittorrentTorrentDTO] = [:]
        var removed = Set<String>()
        try JSONReader.read(body) { r throws(ServiceError) in
            try r.readObject { r, key throws(ServiceError) in
                if key("rid") { rid = try r.lenientInt() ?? rid }
                else if key("full_update") { full = try r.lenientBool() ?? false }
                else if key("torrents") {
                    try r.readObject { r, key throws(ServiceError) in
                        let hash = key.string.lowercased()
                        var torrent = updates[hash] ?? torrents[hash] ?? QBittorrentTorrentDTO()
                        try torrent.merge(&r)
                        updates[hash] = torrent
                    }
                } else if key("torrents_removed") {
                    try r.readArray { r, _ throws(ServiceError) in
                        if let hash = try r.lenientString() { removed.insert(hash.lowercased()) }
                    }
                } else if key("server_state") {
                    try serverState.merge(&r)
                } else { try r.skipValue() }
            }
        }
        self.rid = rid
        self.serverState = serverState
        if full {
            torrents = updates // the whole truth: nothing else survives
            for hash in removed { torrents[hash] = nil }
            lastChanges = nil
        } else {
            for (hash, torrent) in updates { torrents[hash] = torrent }
            for hash in removed { torrents[hash] = nil }
            lastChanges = (Set(updates.keys).subtracting(removed), removed)
        }
    }
}
