import Foundation

/// A Sonarr/Radarr command (`POST /api/v3/command`, API-GUIDE-2 §2). Every one that acts on items
/// names them: a refresh or search without ids acts on the **whole library**, so an empty list is
/// refused before anything is sent.
public enum LibraryCommand: Sendable, Hashable {
    case seriesSearch(seriesID: Int)
    case seasonSearch(seriesID: Int, season: Int)
    case episodeSearch(episodeIDs: [Int])
    case refreshSeries(seriesID: Int)
    case moviesSearch(movieIDs: [Int])
    case refreshMovies(movieIDs: [Int])
    case rssSync

    /// The command's name as the service matches it.
    public var name: String {
        switch self {
        case .seriesSearch: "SeriesSearch"
        case .seasonSearch: "SeasonSearch"
        case .episodeSearch: "EpisodeSearch"
        case .refreshSeries: "RefreshSeries"
        case .moviesSearch: "MoviesSearch"
        case .refreshMovies: "RefreshMovie"
        case .rssSync: "RssSync"
        }
    }

    /// The series or movies it names (Sonarr's episode search names episodes instead).
    public var itemIDs: [Int] {
        switch self {
        case .seriesSearch(let id), .seasonSearch(let id, _), .refreshSeries(let id): [id]
        case .moviesSearch(let ids), .refreshMovies(let ids): ids
        case .episodeSearch, .rssSync: []
        }
    }

    public var episodeIDs: [Int] {
        if case .episodeSearch(let ids) = self { return ids }
        return []
    }

    /// A refresh and rescan (not a search).
    public var isRefresh: Bool {
        switch self {
        case .refreshSeries, .refreshMovies: true
        default: false
        }
    }

    /// The JSON body; nil when it would name no item (and so act on every one).
    public var body: String? {
        func ids(_ list: [Int]) -> String? {
            let valid = list.filter { $0 > 0 }
            return valid.isEmpty || valid.count != list.count ? nil : "[" + valid.map(String.init).joined(separator: ",") + "]"
        }
        switch self {
        case .seriesSearch(let id): return id > 0 ? #"{"name":"SeriesSearch","seriesId":\#(id)}"# : nil
        case .seasonSearch(let id, let season):
            return id > 0 && season >= 0 ? #"{"name":"SeasonSearch","seriesId":\#(id),"seasonNumber":\#(season)}"# : nil
        case .episodeSearch(let list): return ids(list).map { #"{"name":"EpisodeSearch","episodeIds":\#($0)}"# }
        case .refreshSeries(let id): return id > 0 ? #"{"name":"RefreshSeries","seriesId":\#(id)}"# : nil
        case .moviesSearch(let list): return ids(list).map { #"{"name":"MoviesSearch","movieIds":\#($0)}"# }
        case .refreshMovies(let list): return ids(list).map { #"{"name":"RefreshMovie","movieIds":\#($0)}"# }
        case .rssSync: return #"{"name":"RssSync"}"#
        }
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
    /// Monitored on or off for these series or movies (the editor endpoint: no whole resource is sent).
    func setMonitored(_ monitored: Bool, items: [ResourceID]) async throws(ServiceError)
    /// Starts a command; the service returns the running one instead of a duplicate.
    func start(_ command: LibraryCommand) async throws(ServiceError) -> CommandProgress
    func progress(ofCommand id: Int) async throws(ServiceError) -> CommandProgress
    /// Deletes a series or movie; its files only with `deleteFiles`, an import-list exclusion only with `exclude`.
    func delete(_ item: ResourceID, deleteFiles: Bool, excludeFromImportLists exclude: Bool) async throws(ServiceError)
}

/// Monitoring below the series (Sonarr): episodes by id, a season through the season pass.
public protocol EpisodeMonitoring: ServiceClient {
    /// `PUT episode/monitor` naming the episodes.
    func setEpisodesMonitored(_ monitored: Bool, episodeIDs: [Int]) async throws(ServiceError)
    /// `POST seasonpass` naming the series and the season (its episodes follow the season).
    func setSeasonMonitored(_ monitored: Bool, series: ResourceID, season: Int) async throws(ServiceError)
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

    public var query: [URLQueryItem] {
        [URLQueryItem(name: "removeFromClient", value: disposition == .removeFromClient ? "true" : "false"),
         URLQueryItem(name: "blocklist", value: blocklist == .no ? "false" : "true"),
         URLQueryItem(name: "skipRedownload", value: blocklist == .blocklistOnly ? "true" : "false"),
         URLQueryItem(name: "changeCategory", value: disposition == .changeCategory ? "true" : "false")]
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
