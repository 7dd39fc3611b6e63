import Foundation

/// A series or movie found by a lookup (API-GUIDE-2 §1.1): what the add form shows, and the ids the
/// add needs. One already in the library comes back as itself (`libraryID`).
public struct LookupResult: Sendable, Equatable, Identifiable {
    public var kind: Resource.Kind
    public var title: String
    public var year: Int?
    public var overview: String?
    /// Sonarr: the network; Radarr: the studio.
    public var network: String?
    public var images: [MediaImage]
    /// Sonarr's key.
    public var tvdbID: Int?
    /// Radarr's key.
    public var tmdbID: Int?
    /// The library item's id when it is in the library already.
    public var libraryID: Int?
    /// Sonarr: the season numbers.
    public var seasons: [Int]

    public var id: String { kind == .series ? "tvdb:\(tvdbID ?? 0)" : "tmdb:\(tmdbID ?? 0)" }
    public var isInLibrary: Bool { (libraryID ?? 0) > 0 }
    public var poster: MediaImage? { images.first { $0.kind == .poster } }

    public init(kind: Resource.Kind, title: String, year: Int?, overview: String?, network: String?, images: [MediaImage],
                tvdbID: Int?, tmdbID: Int?, libraryID: Int?, seasons: [Int]) {
        self.kind = kind
        self.title = title
        self.year = year
        self.overview = overview
        self.network = network
        self.images = images
        self.tvdbID = tvdbID
        self.tmdbID = tmdbID
        self.libraryID = libraryID
        self.seasons = seasons
    }
}

/// A root folder the service offers (`accessible` false: missing or not answering).
public struct RootFolder: Sendable, Equatable, Identifiable {
    public var id: Int
    public var path: String
    public var accessible: Bool
    public var freeSpace: Int64?

    public init(id: Int, path: String, accessible: Bool, freeSpace: Int64?) {
        self.id = id
        self.path = path
        self.accessible = accessible
        self.freeSpace = freeSpace
    }
}

/// A quality profile or a tag: an id and its name.
public struct NamedID: Sendable, Equatable, Identifiable {
    public var id: Int
    public var name: String
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// Which episodes Sonarr monitors on add (`addOptions.monitor`).
public enum SeriesMonitor: String, Sendable, CaseIterable {
    case all, future, missing, existing, firstSeason, lastSeason, pilot, recent, none
}

/// Which Radarr monitors on add (`addOptions.monitor`).
public enum MovieMonitor: String, Sendable, CaseIterable {
    case movieOnly, movieAndCollection, none
}

/// Everything an add sends. Every field the services would otherwise default is sent explicitly:
/// Sonarr reads a missing `monitored` or `seasonFolder` as **false** (API-GUIDE-2 §1.3).
public struct LibraryAddition: Sendable, Equatable {
    public enum Options: Sendable, Equatable {
        case series(monitor: SeriesMonitor, seriesType: String, seasonFolder: Bool, searchForMissing: Bool)
        case movie(monitor: MovieMonitor, minimumAvailability: String, searchForMovie: Bool)
    }

    public var item: LookupResult
    public var qualityProfileID: Int
    public var rootFolderPath: String
    public var tags: [Int]
    public var options: Options

    public init(item: LookupResult, qualityProfileID: Int, rootFolderPath: String, tags: [Int], options: Options) {
        self.item = item
        self.qualityProfileID = qualityProfileID
        self.rootFolderPath = rootFolderPath
        self.tags = tags
        self.options = options
    }

    /// The POST body; nil when it lacks what the service requires (an id, a profile, a folder) or the kinds differ.
    public var body: String? {
        guard qualityProfileID > 0, !rootFolderPath.isEmpty, !item.title.isEmpty else { return nil }
        let tagList = "[" + tags.filter { $0 > 0 }.map(String.init).joined(separator: ",") + "]"
        let common = #""title":\#(JSONText.quote(item.title)),"qualityProfileId":\#(qualityProfileID),"rootFolderPath":\#(JSONText.quote(rootFolderPath)),"tags":\#(tagList)"#
        switch options {
        case .series(let monitor, let seriesType, let seasonFolder, let search):
            guard item.kind == .series, let tvdb = item.tvdbID, tvdb > 0 else { return nil }
            // `none` also leaves the series unmonitored (as Sonarr does it); otherwise monitored, explicitly.
            return #"{"tvdbId":\#(tvdb),\#(common),"monitored":\#(monitor != .none),"seasonFolder":\#(seasonFolder),"seriesType":\#(JSONText.quote(seriesType)),"monitorNewItems":"all","addOptions":{"monitor":\#(JSONText.quote(monitor.rawValue)),"searchForMissingEpisodes":\#(search),"searchForCutoffUnmetEpisodes":false}}"#
        case .movie(let monitor, let availability, let search):
            guard item.kind == .movie, let tmdb = item.tmdbID, tmdb > 0 else { return nil }
            // Radarr's `none` does not clear `monitored`: send it as the UI does.
            return #"{"tmdbId":\#(tmdb),\#(common),"monitored":\#(monitor != .none),"minimumAvailability":\#(JSONText.quote(availability)),"addOptions":{"monitor":\#(JSONText.quote(monitor.rawValue)),"searchForMovie":\#(search)}}"#
        }
    }
}

/// Sonarr and Radarr: finding and adding series or movies.
public protocol LibraryAdding: ServiceClient {
    /// `series/lookup` or `movie/lookup` with `term` (ids like `tvdb:N`, `imdb:tt…`, `tmdb:N` and pasted URLs work).
    func lookup(_ term: String) async throws(ServiceError) -> [LookupResult]
    func rootFolders() async throws(ServiceError) -> [RootFolder]
    func qualityProfiles() async throws(ServiceError) -> [NamedID]
    func tags() async throws(ServiceError) -> [NamedID]
    /// Adds it; returns the item as the service stored it.
    func add(_ addition: LibraryAddition) async throws(ServiceError) -> Resource
}
