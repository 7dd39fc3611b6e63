import Foundation

/// The pages of one transfer's details pane. A client reads the parts asked for, in as few requests as its API
/// allows (Transmission: one `torrent-get`; qBittorrent: one read per part).
public enum TransferDetailPart: String, Sendable, CaseIterable, Codable {
    case general, files, peers, trackers
    /// A usenet job's own log: SABnzbd's stage log, NZBGet's job log.
    case log
}

/// One transfer in depth, as its client reports it: each part is nil when it was not asked for.
public struct TransferInspection: Sendable, Equatable {
    public var general: TransferGeneral?
    public var files: [TransferFile]?
    public var peers: [TransferPeer]?
    public var trackers: [TransferTracker]?
    public var log: [TransferLogLine]?

    public init(general: TransferGeneral? = nil, files: [TransferFile]? = nil, peers: [TransferPeer]? = nil,
                trackers: [TransferTracker]? = nil, log: [TransferLogLine]? = nil) {
        self.general = general
        self.files = files
        self.peers = peers
        self.trackers = trackers
        self.log = log
    }

    /// Bounds on what one answer may hold. A hostile or broken client that sends more is a decoding error
    /// (bounded, named), not a pane that takes minutes and gigabytes: real torrents stay far below these.
    public static let maxFiles = 200_000
    public static let maxPeers = 10_000
    public static let maxTrackers = 2_000
    public static let maxLogLines = 10_000
}

/// One line of a usenet job's log: SABnzbd's stage log (no times: each line under its stage, Download, Repair,
/// Unpack…), NZBGet's job log (a time and a kind each).
public struct TransferLogLine: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable { case info, warning, error, detail }

    public var kind: Kind
    public var time: Date?
    public var stage: String?
    public var text: String

    public init(kind: Kind, time: Date?, stage: String?, text: String) {
        self.kind = kind
        self.time = time
        self.stage = stage.flatMap { $0.isEmpty ? nil : $0 }
        self.text = text
    }
}

/// The General page: what the transfer list does not already show. Every field is optional: a client that
/// does not report it leaves it out, and "unknown" sentinels (-1, 0 dates) read as nil.
public struct TransferGeneral: Sendable, Equatable {
    public var savePath: String?
    public var added: Date?
    public var completed: Date?
    public var sizeBytes: Int64?
    public var doneBytes: Int64?
    public var downloadedBytes: Int64?
    public var uploadedBytes: Int64?
    /// Share ratio; `.infinity` when the client says infinite.
    public var ratio: Double?
    public var seedingTime: TimeInterval?
    public var seedsConnected: Int?
    public var seedsInSwarm: Int?
    public var peersConnected: Int?
    public var peersInSwarm: Int?
    public var pieceSize: Int64?
    public var pieceCount: Int?
    public var piecesHave: Int?
    public var comment: String?
    public var isPrivate: Bool?
    /// The client's queue position (0-based as the client counts it).
    public var queuePosition: Int?
    /// Per-transfer limits in bytes per second; nil: unlimited.
    public var downloadLimit: Int64?
    public var uploadLimit: Int64?
    /// Seconds to the next announce, when the client reports one.
    public var nextAnnounce: TimeInterval?
    /// Whether it downloads its pieces in order, and its first and last pieces first (nil: the client does not say).
    public var sequential: Bool?
    public var firstLastPiecesFirst: Bool?
    /// When it stops seeding, as the client reports it (nil: the client has no such limits, or did not say).
    public var shareLimits: ShareLimits?
    /// A usenet job's priority, as its client reports it.
    public var jobPriority: JobPriority?

    public init() {}
}

extension TransferItem {
    /// The info-hash a details read or action names (a torrent's join key, lower case): exactly one, hexadecimal
    /// (v1 or v2), never empty or "all" — anything else is refused before a request is made.
    func infoHash() throws(ServiceError) -> String {
        let hash = joinKey.lowercased()
        guard [40, 64].contains(hash.utf8.count), hash.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            throw .invalidRequest(.noItems)
        }
        return hash
    }
}

/// A file's priority, in the words every torrent client shares (usenet files have none).
public enum FilePriority: String, Sendable, CaseIterable, Codable {
    /// Not downloaded.
    case skip
    case low
    case normal
    case high
}

/// One file of a transfer. `path` is the client's relative path with `/` separators (the torrent's top folder
/// included where the client includes it); `index` is the client's own file index, the one a write names.
public struct TransferFile: Sendable, Equatable {
    public var index: Int
    public var path: String
    public var sizeBytes: Int64
    public var doneBytes: Int64
    /// nil where files have none (usenet).
    public var priority: FilePriority?

    public init(index: Int, path: String, sizeBytes: Int64, doneBytes: Int64, priority: FilePriority?) {
        self.index = index
        self.path = path
        self.sizeBytes = max(0, sizeBytes)
        self.doneBytes = min(max(0, doneBytes), max(0, sizeBytes))
        self.priority = priority
    }

    public var progress: Double { sizeBytes > 0 ? Double(doneBytes) / Double(sizeBytes) : 1 }
}

/// One connected peer.
public struct TransferPeer: Sendable, Equatable {
    /// The IP address as the client writes it (no brackets, no port).
    public var address: String
    public var port: Int?
    public var client: String?
    /// The client's flag letters (BitTorrent's shared alphabet: D/d, U/u, K, ?, O, S, I, H, X, L, E/e, P/T).
    public var flags: String
    public var progress: Double
    public var downloadSpeed: Int64
    public var uploadSpeed: Int64
    /// ISO country code in lower case, where the client resolves it (qBittorrent, Deluge).
    public var country: String?
    public var isEncrypted: Bool?
    public var isIncoming: Bool?

    public init(address: String, port: Int?, client: String?, flags: String, progress: Double, downloadSpeed: Int64,
                uploadSpeed: Int64, country: String? = nil, isEncrypted: Bool? = nil, isIncoming: Bool? = nil) {
        self.address = address
        self.port = port
        self.client = client
        self.flags = flags
        self.progress = min(1, max(0, progress.isFinite ? progress : 0))
        self.downloadSpeed = max(0, downloadSpeed)
        self.uploadSpeed = max(0, uploadSpeed)
        self.country = country
        self.isEncrypted = isEncrypted
        self.isIncoming = isIncoming
    }

    /// "address:port", with brackets around an IPv6 address.
    public var endpoint: String {
        guard let port else { return address }
        // A byte test, not Foundation's `contains` (a locale-aware search): this runs for every peer on every read.
        return address.utf8.contains(UInt8(ascii: ":")) ? "[\(address)]:\(port)" : "\(address):\(port)"
    }
}

extension Array where Element == TransferPeer {
    /// The order the Peers page shows: fastest download first, then by address (a stable order between reads).
    func fastestFirst() -> [TransferPeer] {
        map { ($0, $0.endpoint) }.sorted { ($0.0.downloadSpeed, $0.1) > ($1.0.downloadSpeed, $1.1) }.map(\.0)
    }
}

/// Sentinels in a client's numbers: a negative count, size or time is "unknown"; a limit of 0 or less is "none".
func nonNegative<T: Comparable & ExpressibleByIntegerLiteral>(_ value: T?) -> T? { value.flatMap { $0 < 0 ? nil : $0 } }
func positive<T: Comparable & ExpressibleByIntegerLiteral>(_ value: T?) -> T? { value.flatMap { $0 <= 0 ? nil : $0 } }

/// One tracker of a transfer.
public struct TransferTracker: Sendable, Equatable {
    public enum Status: String, Sendable, Equatable, CaseIterable, Codable {
        case disabled, notContacted, working, updating, notWorking, error, unreachable
    }

    public var url: String
    public var tier: Int?
    public var status: Status
    /// The tracker's last message (an error text, or the client's "Success").
    public var message: String?
    /// As the tracker reports them; nil when unknown (never scraped).
    public var seeds: Int?
    public var leeches: Int?
    public var downloaded: Int?
    /// When the next announce is due, where the client reports it.
    public var nextAnnounce: Date?
    /// The client's own id for edits, where it has one (Transmission's tracker id).
    public var clientID: Int?

    public init(url: String, tier: Int?, status: Status, message: String?, seeds: Int?, leeches: Int?, downloaded: Int?,
                nextAnnounce: Date? = nil, clientID: Int? = nil) {
        self.url = url
        self.tier = tier
        self.status = status
        self.message = message.flatMap { $0.isEmpty ? nil : $0 }
        self.seeds = seeds.flatMap { $0 < 0 ? nil : $0 }
        self.leeches = leeches.flatMap { $0 < 0 ? nil : $0 }
        self.downloaded = downloaded.flatMap { $0 < 0 ? nil : $0 }
        self.nextAnnounce = nextAnnounce
        self.clientID = clientID
    }
}

/// Something the user asks of one transfer from its details pane. Each is one request naming the transfer (and, for
/// files, the file indexes) exactly; none is retried.
public enum TransferDetailAction: Sendable, Equatable {
    /// Sets these files (the client's indexes; never empty) to a priority; `.skip` stops downloading them.
    case setFilePriority(FilePriority, files: [Int])
    /// Checks the data on disk against the torrent's hashes again (heavy: the client reads every piece).
    case recheck
    /// Asks the trackers for peers now.
    case reannounce
    /// Moves the transfer's data to this folder on the client's machine (absolute; the client makes it), and the
    /// transfer with it.
    case moveData(to: String)
    /// This transfer's own speed limits, in bytes per second; nil: none of its own (the client's limits still apply).
    case setSpeedLimits(down: Int64?, up: Int64?)
    /// Its one category or label (qBittorrent's category, Deluge's or rTorrent's label); nil: none.
    case setCategory(String?)
    /// Its labels, the whole list (Transmission's): the list replaces the one it has.
    case setLabels([String])
    /// Moves it in the client's queue (the order in which queued transfers start).
    case moveInQueue(QueueMove)
    /// Downloads its pieces in order (to watch a film while it comes), or in the swarm's best order again.
    case setSequential(Bool)
    /// Downloads its first and last pieces before the rest (a player reads both ends of a file first).
    case setFirstLastPiecesFirst(Bool)
    /// The name the client shows for it (Transmission renames its top file or folder on disk with it).
    case rename(String)
    /// Renames one of its files on disk: the file at `path` (the client's index and its path in the transfer, its
    /// folders included) gets the last component `name`; it stays in its folder.
    case renameFile(index: Int, path: String, name: String)
    /// Adds these announce URLs (each in a tier of its own after the others where the client decides).
    case addTrackers([String])
    /// Replaces one announce URL with another, in its place.
    case replaceTracker(String, with: String)
    /// Removes these announce URLs.
    case removeTrackers([String])
    /// When it stops seeding (the parts the client has; see `TransferTuning.shareLimitSupport`).
    case setShareLimits(ShareLimits)
    /// A usenet job's priority in its client's queue.
    case setJobPriority(JobPriority)
    /// Downloads a failed usenet job again (from its client's history back into its queue).
    case retry
    /// The password a usenet job's archives need to be unpacked.
    case setArchivePassword(ArchivePassword)

    /// Confirmed before it is sent (a move's own dialog is its confirmation).
    public var needsConfirmation: Bool {
        switch self {
        case .recheck, .moveData, .removeTrackers, .retry: true
        // A rename's own dialog is its question; Transmission's renames on disk, said there.
        case .setFilePriority, .reannounce, .setSpeedLimits, .setCategory, .setLabels, .moveInQueue, .setSequential,
             .setFirstLastPiecesFirst, .rename, .renameFile, .addTrackers, .replaceTracker, .setShareLimits, .setJobPriority,
             .setArchivePassword: false
        }
    }

    /// The highest limit taken (10 GB/s): past it a client's own unit would overflow or mean nothing.
    public static let maxSpeedLimit: Int64 = 10_000_000_000
    /// The lowest (1 kB/s: Transmission's unit; a lower one means nothing to it).
    public static let minSpeedLimit: Int64 = 1000
}

/// Per-transfer actions of a torrent client's details pane.
public protocol TransferTuning: ServiceClient {
    /// Whether the client can do `action` at all (qBittorrent has no low file priority).
    static func availability(of action: TransferDetailAction) -> ActionAvailability
    /// What the client calls the names it groups transfers by.
    static var grouping: TransferGrouping { get }
    /// Sends `action` for `item` in one request; never retried.
    func perform(_ action: TransferDetailAction, on item: TransferItem) async throws(ServiceError)
    /// The names a transfer's category or labels can take (a read).
    func groupChoices() async throws(ServiceError) -> GroupChoices
    /// Whether a rename renames the transfer's top file or folder on disk too (Transmission), not only the name shown.
    static var renameRenamesFiles: Bool { get }
    /// The share limits it keeps per transfer.
    static var shareLimitSupport: ShareLimitSupport { get }
    /// What else a category change sets, and what a priority change does to a paused job (SABnzbd's rules).
    static var categorySetsJobSettings: Bool { get }
    static var priorityResumesPausedJob: Bool { get }
}

extension TransferTuning {
    public static var renameRenamesFiles: Bool { false }
    public static var shareLimitSupport: ShareLimitSupport { .none }
    public static var categorySetsJobSettings: Bool { false }
    public static var priorityResumesPausedJob: Bool { false }
}

extension TransferDetailAction {
    /// Whether `item` can take this action at all, whatever its client: Download Again is for a failed job of a usenet
    /// client's history, everything else for a transfer still in its client's list (a finished usenet job takes none).
    public func fits(_ item: TransferItem) -> Bool {
        if case .retry = self { return item.isHistoryEntry && item.state == .error }
        return !item.isHistoryEntry
    }
}

/// A usenet job's priority, in the words SABnzbd and NZBGet share (NZBGet has a step more at each end).
public enum JobPriority: String, Sendable, CaseIterable, Codable {
    case veryLow, low, normal, high, veryHigh
    /// Downloads even while the queue is paused.
    case force
}

/// A move in a client's queue.
public enum QueueMove: String, Sendable, CaseIterable, Codable {
    case top, up, down, bottom
}

/// What a client calls the names it groups transfers by: qBittorrent's categories, Deluge's and rTorrent's labels
/// (one each), Transmission's labels (several each).
public enum TransferGrouping: Sendable, Equatable {
    case category, label, labels
}

/// The names a transfer's category or labels can take.
public enum GroupChoices: Sendable, Equatable {
    /// One of the client's own (qBittorrent's categories, Deluge's labels), or none.
    case oneOf([String])
    /// Any name (rTorrent's label: a free word).
    case anyName
    /// Any names (Transmission's labels).
    case anyNames
    /// None to offer: Deluge without its Label plugin has no labels at all.
    case pluginOff

    /// One of `names`, in the order a person reads them ("Season 2" before "Season 10").
    static func oneOf<Names: Sequence<String>>(sorting names: Names) -> GroupChoices {
        .oneOf(names.sorted { $0.localizedStandardCompare($1) == .orderedAscending })
    }
}
