import Foundation

/// A command for an orchestrator's library, by what it does (API-GUIDE-2 §2); each flavour turns it into
/// its own command names and bodies. Every one that acts on items names them: a refresh or search
/// without ids acts on the **whole library**, so an empty list sends nothing.
public enum LibraryCommand: Sendable, Hashable {
    /// Search the indexers for these items (their monitored, missing parts).
    case search(items: [Int])
    /// Refresh the items' metadata and rescan their files.
    case refresh(items: [Int])
    /// Search groups of one item (a season by number, albums by their ids). A kind whose group
    /// commands take one group (`LibraryKind.Level.batchCommands` false: Sonarr's SeasonSearch) takes one.
    case searchGroups(item: Int, groups: [Int])
    /// Search these children (episodes).
    case searchChildren(item: Int, ids: [Int])
    /// Fetch every indexer's RSS feed now (names no item by design).
    case rssSync

    /// The library items it is for.
    public var itemIDs: [Int] {
        switch self {
        case .search(let ids), .refresh(let ids): ids
        case .searchGroups(let item, _), .searchChildren(let item, _): [item]
        case .rssSync: []
        }
    }

    /// A refresh and rescan (not a search).
    public var isRefresh: Bool {
        if case .refresh = self { return true }
        return false
    }
}

/// Where a command is (`CommandResource`): queued, started, then how it ended.
public struct CommandProgress: Sendable, Equatable {
    public enum Status: String, Sendable, Equatable {
        case queued, started, completed, failed, aborted, cancelled, orphaned, unknown
    }

    public var id: Int
    public var name: String
    public var status: Status
    /// The service's own words ("Series search completed. 3 reports downloaded.").
    public var message: String?

    public var isRunning: Bool { status == .queued || status == .started }

    public init(id: Int, name: String, status: Status, message: String?) {
        self.id = id
        self.name = name
        self.status = status
        self.message = message
    }
}

/// Monitoring and commands on an orchestrator's library.
public protocol LibraryActing: ServiceClient {
    /// Monitored on or off for these items (the editor endpoint: no whole resource is sent).
    func setMonitored(_ monitored: Bool, items: [ResourceID]) async throws(ServiceError)
    /// Starts a command (one request); the service returns the running one instead of a duplicate.
    /// A kind whose item commands take one item at a time (`LibraryKind.Level.batchCommands` false)
    /// refuses a command naming several.
    func start(_ command: LibraryCommand) async throws(ServiceError) -> CommandProgress
    func progress(ofCommand id: Int) async throws(ServiceError) -> CommandProgress
    /// Deletes an item; its files only with `deleteFiles`, an import-list exclusion only with `exclude`.
    func delete(_ item: ResourceID, deleteFiles: Bool, excludeFromImportLists exclude: Bool) async throws(ServiceError)
}

/// Monitoring below the item: a group (Sonarr's season pass, an album) and children by id (episodes).
public protocol ChildMonitoring: ServiceClient {
    /// Monitors groups of one item in one request (their children follow, as the service does it).
    func setGroupsMonitored(_ monitored: Bool, item: ResourceID, groups: [Int]) async throws(ServiceError)
    /// Monitors these children, named by id.
    func setChildrenMonitored(_ monitored: Bool, ids: [Int]) async throws(ServiceError)
}

/// How a download leaves an orchestrator's queue (API-GUIDE-2 §4.2). Every flag is sent, so the
/// services' defaults (`removeFromClient=true` deletes the item **and its data**) never decide.
public struct QueueRemoval: Sendable, Equatable {
    public enum Disposition: Sendable, Equatable {
        /// The client deletes the download and its data.
        case removeFromClient
        /// The client keeps it and moves it to its post-import category (torrent clients that have one).
        case changeCategory
        /// The orchestrator stops tracking it; the client keeps it.
        case ignore
    }

    public enum Blocklist: Sendable, Equatable {
        case no
        /// Blocklist the release and search for another.
        case blocklistAndSearch
        /// Blocklist the release, no new search.
        case blocklistOnly
    }

    public var disposition: Disposition
    public var blocklist: Blocklist

    public init(disposition: Disposition, blocklist: Blocklist) {
        self.disposition = disposition
        self.blocklist = blocklist
    }
}

/// Queue actions of an orchestrator.
public protocol QueueActing: ServiceClient {
    /// Removes each record: one bulk request when `bulk` (the caller knows every id is current — one
    /// stale id fails the whole call), otherwise one request per record. Never retried.
    func removeFromQueue(_ ids: [Int], _ removal: QueueRemoval, bulk: Bool) async throws(ServiceError)
    /// Grabs a delayed or pending release now.
    func grab(queueRecord id: Int) async throws(ServiceError)
}
