import Foundation

/// One indexer an indexer manager (Prowlarr) holds, with what its status and statistics say about it.
public struct Indexer: Sendable, Equatable, Codable, Identifiable {
    /// The manager's instance and the indexer's id there.
    public var id: ResourceID
    public var name: String
    /// The definition it is made from ("Newznab", "1337x").
    public var definition: String
    public var enabled: Bool
    public var downloadProtocol: DownloadProtocol
    /// "public", "semiPrivate", "private" as the manager says it.
    public var privacy: String
    public var priority: Int
    /// Set only while the manager holds the indexer back after failures.
    public var failure: Failure?
    /// The last 24 hours, when the manager keeps statistics.
    public var stats: Stats?

    public struct Failure: Sendable, Equatable, Codable {
        public var disabledUntil: Date?
        public var mostRecent: Date?
        public var since: Date?
        public init(disabledUntil: Date?, mostRecent: Date?, since: Date?) {
            self.disabledUntil = disabledUntil
            self.mostRecent = mostRecent
            self.since = since
        }
    }

    public struct Stats: Sendable, Equatable, Codable {
        public var queries: Int
        public var grabs: Int
        public var failedQueries: Int
        public var failedGrabs: Int
        /// Milliseconds.
        public var averageResponse: Int
        public init(queries: Int, grabs: Int, failedQueries: Int, failedGrabs: Int, averageResponse: Int) {
            self.queries = queries
            self.grabs = grabs
            self.failedQueries = failedQueries
            self.failedGrabs = failedGrabs
            self.averageResponse = averageResponse
        }
    }

    public init(id: ResourceID, name: String, definition: String, enabled: Bool, downloadProtocol: DownloadProtocol,
                privacy: String, priority: Int, failure: Failure? = nil, stats: Stats? = nil) {
        self.id = id
        self.name = name
        self.definition = definition
        self.enabled = enabled
        self.downloadProtocol = downloadProtocol
        self.privacy = privacy
        self.priority = priority
        self.failure = failure
        self.stats = stats
    }

    /// Held back by the manager now (its status lists only indexers disabled until a later time).
    public func isFailing(at now: Date) -> Bool {
        guard let failure else { return false }
        return failure.disabledUntil.map { $0 > now } ?? true
    }
}

/// A manager's indexers and the applications it keeps in sync with them.
public struct IndexerList: Sendable, Equatable, Codable {
    public var indexers: [Indexer]
    /// The applications it syncs to (name and implementation: "Sonarr", "Radarr"), enabled ones only.
    public var applications: [String]
    /// The extra reads beside the list that failed (its statistics, its applications), each with why: the
    /// indexers still list, and the page says what it lacks. Not cached: the next refresh reads them again.
    public var unread: [Extra: ServiceError] = [:]

    public enum Extra: String, Sendable, Hashable, CaseIterable { case statistics, applications }

    enum CodingKeys: String, CodingKey { case indexers, applications }

    public init(indexers: [Indexer], applications: [String], unread: [Extra: ServiceError] = [:]) {
        self.indexers = indexers
        self.applications = applications
        self.unread = unread
    }
}

/// The answer to testing an indexer: valid, or the manager's reasons.
public struct IndexerTestResult: Sendable, Equatable {
    public var indexerID: Int
    public var isValid: Bool
    public var messages: [String]
    public init(indexerID: Int, isValid: Bool, messages: [String]) {
        self.indexerID = indexerID
        self.isValid = isValid
        self.messages = messages
    }
}

/// A search across indexers: its words, the kind of search, the indexers (none: every enabled one)
/// and categories, and a page per indexer (the manager pages each indexer, not the merged list).
public struct IndexerSearch: Sendable, Equatable {
    public enum SearchType: String, Sendable, CaseIterable {
        case search
        case tvSearch = "tvsearch"
        case movieSearch = "movie"
        case musicSearch = "music"
        case bookSearch = "book"
    }
    public var query: String
    public var type: SearchType
    public var indexerIDs: [Int]
    public var categories: [Int]
    public var limit: Int
    public var offset: Int

    public init(query: String, type: SearchType = .search, indexerIDs: [Int] = [], categories: [Int] = [], limit: Int = 100, offset: Int = 0) {
        self.query = query
        self.type = type
        self.indexerIDs = indexerIDs
        self.categories = categories
        self.limit = limit
        self.offset = offset
    }
}

/// A link that carries a secret in its query (Prowlarr's download proxy links hold its API key). It is
/// never printed, logged, cached or shown: its description is a placeholder, and only `url` hands it on.
public struct ProtectedLink: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public let url: URL
    public init(_ url: URL) { self.url = url }
    public var description: String { "<link withheld>" }
    public var debugDescription: String { description }
}

/// One result of a search across indexers. A grab names it by indexer and `guid`; its download link
/// (which carries the manager's key) is kept only to hand to a transfer client when the user asks.
public struct IndexerRelease: Sendable, Equatable, Identifiable {
    public var guid: String
    public var indexerID: Int
    public var indexer: String
    public var title: String
    public var size: Int64
    public var published: Date?
    public var downloadProtocol: DownloadProtocol
    public var seeders: Int?
    public var leechers: Int?
    public var grabs: Int?
    public var categories: [String]
    /// The `.torrent`/NZB link, else the magnet proxy link.
    public var link: ProtectedLink?

    public var id: String { "\(indexerID)_\(guid)" }

    public init(guid: String, indexerID: Int, indexer: String, title: String, size: Int64, published: Date?,
                downloadProtocol: DownloadProtocol, seeders: Int?, leechers: Int?, grabs: Int?, categories: [String], link: ProtectedLink?) {
        self.guid = guid
        self.indexerID = indexerID
        self.indexer = indexer
        self.title = title
        self.size = size
        self.published = published
        self.downloadProtocol = downloadProtocol
        self.seeders = seeders
        self.leechers = leechers
        self.grabs = grabs
        self.categories = categories
        self.link = link
    }
}

// MARK: Capabilities

/// An indexer manager's indexers, their status and statistics.
public protocol IndexersProviding: ServiceClient {
    func indexers() async throws(ServiceError) -> IndexerList
}

/// Enabling, disabling and testing indexers; every call names its indexers.
public protocol IndexerActing: ServiceClient {
    /// One request naming exactly `ids`; never sent for none.
    func setEnabled(_ enabled: Bool, indexers ids: [Int]) async throws(ServiceError)
    func test(indexer id: Int) async throws(ServiceError) -> IndexerTestResult
    func testAll() async throws(ServiceError) -> [IndexerTestResult]
}

/// Searching across indexers and grabbing a result through the manager.
public protocol IndexerSearching: ServiceClient {
    func search(_ search: IndexerSearch) async throws(ServiceError) -> [IndexerRelease]
    /// Sends the release to the manager's own download client; sent once, never retried.
    func grab(_ release: IndexerRelease) async throws(ServiceError)
}
