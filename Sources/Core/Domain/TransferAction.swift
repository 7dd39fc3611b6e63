import Foundation

/// Something the user asks a transfer client to do to the transfers they picked.
public enum TransferAction: String, Sendable, CaseIterable, Codable {
    case pause
    case resume
    /// Start now, past the client's queue and its limits (qBittorrent's force start, Transmission's start-now).
    case forceStart
    /// Remove from the client; the downloaded files stay on disk.
    case remove
    /// Remove from the client and delete the downloaded files.
    case removeWithData
    /// Moves in the client's queue; several transfers keep their order among themselves.
    case queueTop, queueUp, queueDown, queueBottom

    /// The move in the queue, for the four that are one.
    public var queueMove: QueueMove? {
        switch self {
        case .queueTop: .top
        case .queueUp: .up
        case .queueDown: .down
        case .queueBottom: .bottom
        case .pause, .resume, .forceStart, .remove, .removeWithData: nil
        }
    }

    /// Confirmed before it is sent, with the safe choice as the default.
    public var isDestructive: Bool { self == .remove || self == .removeWithData }

    /// Whether the client's next answer shows the action took effect on an item (`nil`: the item is gone).
    public func isReflected(in item: TransferItem?) -> Bool {
        switch self {
        case .pause: item.map { $0.state == .paused } ?? false
        case .resume, .forceStart: item.map { $0.state != .paused } ?? false
        case .remove, .removeWithData: item == nil
        // The list carries no queue place: the transfer still being listed is what the answer shows.
        case .queueTop, .queueUp, .queueDown, .queueBottom: item != nil
        }
    }
}

/// Whether a client can take an action on one of its items, and if not, why.
public enum ActionAvailability: Sendable, Equatable {
    case available
    /// The client has no such action at all (Deluge has no force start).
    case unsupported
    /// A usenet client's finished entry: it can only be removed from the history.
    case finishedEntry
    /// The client keeps finished files where it cannot delete them (a usenet history entry).
    case keepsFinishedFiles
    /// The client's remove leaves the files, and it offers no safe way to delete them (rTorrent's
    /// `d.erase`: deleting needs the file system of the machine it runs on).
    case leavesFiles
    /// The client could only do it by running a program on its own machine (rTorrent's `execute` to move data),
    /// which Switchyard never does.
    case needsProgramOnServer
    /// The client limits speeds and ratios by named groups of transfers, not one transfer (rTorrent's throttle and
    /// ratio groups).
    case groupLimitsOnly
    /// The client queues only transfers still to download (qBittorrent, Deluge): a finished one has no place to move.
    case notQueued
}

/// Each service's answer to one action on the items it holds.
public struct ActionReport: Sendable, Equatable {
    public struct Part: Sendable, Equatable {
        public let service: ServiceRef
        /// The items sent to the service, by the id the client knows them by.
        public let itemIDs: [String]
        /// Items of this service that were picked but cannot take the action (nothing was sent for them).
        public let skipped: [String]
        /// nil: the service accepted the request.
        public let error: ServiceError?

        public init(service: ServiceRef, itemIDs: [String], skipped: [String] = [], error: ServiceError?) {
            self.service = service
            self.itemIDs = itemIDs
            self.skipped = skipped
            self.error = error
        }
    }

    public let action: TransferAction
    public let parts: [Part]

    public init(action: TransferAction, parts: [Part]) {
        self.action = action
        self.parts = parts
    }

    public var accepted: [Part] { parts.filter { $0.error == nil && !$0.itemIDs.isEmpty } }
    public var failed: [Part] { parts.filter { $0.error != nil } }
    public var sentCount: Int { accepted.reduce(0) { $0 + $1.itemIDs.count } }
}

/// "Turtle mode": a client's global speed limit switched on or off as one toggle.
public enum TurtleMode {
    /// The limits Switchyard sets on clients that have no alternative-speed setting of their own
    /// (Deluge, NZBGet, SABnzbd), in bytes per second. qBittorrent and Transmission use the
    /// alternative limits configured in the client.
    public static let downloadLimit: Int64 = 1_048_576
    public static let uploadLimit: Int64 = 262_144

    /// A download and an upload limit, in the client's own unit.
    public struct Pair<Value: Equatable & Sendable>: Equatable, Sendable {
        public var down: Value
        public var up: Value
        public init(_ down: Value, _ up: Value) {
            self.down = down
            self.up = up
        }
    }

    /// Switching turtle mode on a client without an alternative-speed setting of its own: on, its `current` limits are
    /// kept to restore (unless they are turtle mode's already: switched on twice, the first ones stay kept) and
    /// `turtle` is set; off, the kept limits come back — `unlimited` when none were kept (another session turned it on).
    /// Returns what to set and what to keep.
    static func plan<Limits: Equatable>(_ enabled: Bool, current: Limits?, turtle: Limits, kept: Limits?,
                                        unlimited: Limits) -> (set: Limits, keep: Limits?) {
        guard enabled else { return (kept ?? unlimited, nil) }
        guard let current, current != turtle else { return (turtle, kept) }
        return (turtle, current)
    }
}
