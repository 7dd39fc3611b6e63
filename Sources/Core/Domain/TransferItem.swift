import Foundation

/// One transfer as its client reports it. The transfer client owns the full
/// list; orchestrators join to it through `joinKey`.
public struct TransferItem: Sendable, Equatable, Identifiable, Codable {
    public enum State: String, Sendable, Equatable, CaseIterable, Codable {
        case downloading, seeding, paused, queued, checking, stalled, completed, error
    }

    public struct ID: Sendable, Hashable {
        public var serviceID: UUID
        public var joinKey: String
    }

    public var id: ID { ID(serviceID: serviceID, joinKey: joinKey) }
    public var serviceID: UUID
    /// A torrent's info-hash in lower case, or the usenet client's id for the item.
    /// A join key, never a label.
    public var joinKey: String
    public var name: String
    public var state: State
    /// The client's own word for the state, for display next to the normalized one.
    public var rawState: String
    /// 0…1 whatever scale the client uses.
    public var progress: Double
    public var sizeBytes: Int64
    public var remainingBytes: Int64
    public var downloadSpeed: Int64
    public var uploadSpeed: Int64
    /// nil for the clients' "unknown" and "infinite" sentinels.
    public var eta: TimeInterval?
    public var category: String?
    public var labels: [String]
    public var added: Date?
    public var completed: Date?
    public var errorMessage: String?
    /// The id the client acts on, when it is not the join key (NZBGet: the NZBID; its join key is
    /// Sonarr's `drone` parameter).
    public var actionID: String?
    /// A usenet client's finished entry (its history): it can be removed, not paused or resumed.
    public var inHistory: Bool?

    /// The id to name this item by in an action sent to its client.
    public var clientID: String { actionID ?? joinKey }
    public var isHistoryEntry: Bool { inHistory == true }

    public init(serviceID: UUID, joinKey: String, name: String, state: State, rawState: String, progress: Double,
                sizeBytes: Int64, remainingBytes: Int64, downloadSpeed: Int64 = 0, uploadSpeed: Int64 = 0,
                eta: TimeInterval? = nil, category: String? = nil, labels: [String] = [], added: Date? = nil,
                completed: Date? = nil, errorMessage: String? = nil, actionID: String? = nil, inHistory: Bool = false) {
        self.serviceID = serviceID
        self.joinKey = joinKey
        self.name = name
        self.state = state
        self.rawState = rawState
        self.progress = min(1, max(0, progress))
        self.sizeBytes = sizeBytes
        self.remainingBytes = remainingBytes
        self.downloadSpeed = downloadSpeed
        self.uploadSpeed = uploadSpeed
        self.eta = eta
        self.category = category
        self.labels = labels
        self.added = added
        self.completed = completed
        self.errorMessage = errorMessage
        self.actionID = actionID
        self.inHistory = inHistory ? true : nil
    }
}

/// A transfer client's totals.
public struct TransferStats: Sendable, Equatable, Codable {
    public var downloadSpeed: Int64
    public var uploadSpeed: Int64
    public var freeSpaceBytes: Int64?
    public var count: Int
    public var activeCount: Int

    public init(downloadSpeed: Int64, uploadSpeed: Int64, freeSpaceBytes: Int64?, count: Int, activeCount: Int) {
        self.downloadSpeed = downloadSpeed
        self.uploadSpeed = uploadSpeed
        self.freeSpaceBytes = freeSpaceBytes
        self.count = count
        self.activeCount = activeCount
    }
}

/// What a transfer client answers for one refresh.
public struct TransferSnapshot: Sendable, Equatable, Codable {
    public var items: [TransferItem]
    public var stats: TransferStats
    /// What changed since the same client's previous snapshot, when its answer said (see
    /// `TransferTable`); nil from clients that re-read everything, and from the disk cache. Not
    /// part of equality: two snapshots with the same transfers are the same.
    public var changes: Changes?

    /// `generation` counts a client's snapshots (a new client starts again); `positions` are the
    /// items replaced in place since generation − 1 (same names, so the same order; nothing added
    /// or removed), or nil when the list may have changed in any way. `earlier` holds the same for
    /// the few generations before, back to the last step that was not in place: a reader that missed
    /// a snapshot (another tab read the same client meanwhile) still learns what changed since.
    public struct Changes: Sendable {
        public var generation: Int
        public var positions: [Int]?
        public var earlier: [Int: [Int]] = [:]

        public init(generation: Int, positions: [Int]?, earlier: [Int: [Int]] = [:]) {
            self.generation = generation
            self.positions = positions
            self.earlier = earlier
        }

        /// The items replaced in place since the reader's generation `applied`, in order; nil when the
        /// list may have changed in any way since (or that is further back than `earlier` reaches).
        public func positions(since applied: Int) -> [Int]? {
            if applied == generation { return [] }
            guard applied < generation, var all = positions else { return nil }
            var step = generation - 1
            while step > applied {
                guard let more = earlier[step] else { return nil }
                all += more
                step -= 1
            }
            return generation - applied == 1 ? all : Array(Set(all)).sorted()
        }
    }

    public init(items: [TransferItem], stats: TransferStats) {
        self.items = items
        self.stats = stats
    }

    enum CodingKeys: String, CodingKey { case items, stats }

    public static func == (a: TransferSnapshot, b: TransferSnapshot) -> Bool { a.items == b.items && a.stats == b.stats }
}

extension Date {
    /// Transfer clients send Unix seconds and use 0 or -1 for "never": those read as nil.
    init?(epochSeconds value: Double?) {
        guard let value, value > 0 else { return nil }
        self.init(timeIntervalSince1970: value)
    }

    init?(epochSeconds value: Int64?) {
        self.init(epochSeconds: value.map(Double.init))
    }
}

extension Array where Element == TransferItem {
    /// A stable order for a client's list: by name (natural order, case and accents
    /// ignored), then by join key. Keys are computed once per item — comparing 2,000
    /// names with localizedStandardCompare on every refresh cost most of its CPU.
    func sortedForDisplay() -> [TransferItem] {
        map { (item: $0, key: LibraryQuery.naturalKey($0.name)) }
            .sorted(by: displayPrecedes)
            .map(\.item)
    }
}

/// The display order of transfers with their names' natural-order keys: by name, then by join key.
func displayPrecedes(_ a: (item: TransferItem, key: [UInt8]), _ b: (item: TransferItem, key: [UInt8])) -> Bool {
    a.key == b.key ? a.item.joinKey < b.item.joinKey : a.key.lexicographicallyPrecedes(b.key)
}
