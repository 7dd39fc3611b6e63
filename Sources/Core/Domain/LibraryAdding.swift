import Foundation

/// An item found by a lookup (API-GUIDE-2 §1.1): what the add form shows, and the key the add needs.
/// One already in the library comes back as itself (`libraryID`).
public struct LookupResult: Sendable, Equatable, Identifiable {
    public var kind: LibraryKind.ID
    public var title: String
    public var year: Int?
    public var overview: String?
    /// A line under the title: a series' network, a movie's studio.
    public var subtitle: String?
    public var images: [MediaImage]
    /// The metadata source's key the add names it by (TVDB, TMDB, MusicBrainz), as the service wrote it.
    public var foreignID: String?
    /// The library item's id when it is in the library already.
    public var libraryID: Int?
    /// The keys of its groups (a series' season numbers).
    public var groups: [Int]
    /// Its TMDB id, when the service gave it: what a request manager names it by.
    public var tmdbID: Int?

    public var id: String { "\(kind):\(foreignID ?? "")" }
    public var isInLibrary: Bool { (libraryID ?? 0) > 0 }
    public var poster: MediaImage? { images.first { $0.kind == .poster } }

    public init(kind: LibraryKind.ID, title: String, year: Int?, overview: String?, subtitle: String?, images: [MediaImage],
                foreignID: String?, libraryID: Int?, groups: [Int] = [], tmdbID: Int? = nil) {
        self.tmdbID = tmdbID
        self.kind = kind
        self.title = title
        self.year = year
        self.overview = overview
        self.subtitle = subtitle
        self.images = images
        self.foreignID = foreignID
        self.libraryID = libraryID
        self.groups = groups
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

/// Everything an add sends: the item, the profile, the folder, the tags, and a value for every one
/// of the kind's add options (`LibraryKind.addOptions`, by name: a choice's value, "true"/"false", a
/// profile id). The flavour builds the body; every field the services would otherwise default is
/// sent explicitly (Sonarr reads a missing `monitored` or `seasonFolder` as **false**, API-GUIDE-2 §1.3).
public struct LibraryAddition: Sendable, Equatable {
    public var item: LookupResult
    public var qualityProfileID: Int
    public var rootFolderPath: String
    public var tags: [Int]
    public var options: [String: String]

    public init(item: LookupResult, qualityProfileID: Int, rootFolderPath: String, tags: [Int], options: [String: String]) {
        self.item = item
        self.qualityProfileID = qualityProfileID
        self.rootFolderPath = rootFolderPath
        self.tags = tags
        self.options = options
    }

    /// Whether it has what every add needs (a title, a profile, a folder, the source's key), and a value
    /// for each of `kind`'s options that is one of its choices.
    public func isComplete(for kind: LibraryKind) -> Bool {
        guard qualityProfileID > 0, !rootFolderPath.isEmpty, !item.title.isEmpty, item.kind == kind.id,
              !(item.foreignID ?? "").isEmpty else { return false }
        return kind.addOptions.allSatisfy { option in
            guard let value = options[option.name] else { return false }
            switch option.control {
            case .choice(let values): return values.contains(value)
            case .toggle: return value == "true" || value == "false"
            case .metadataProfile: return (Int(value) ?? 0) > 0
            }
        }
    }

    /// `"title":…` and the profile fields: what Sonarr's and Radarr's bodies start with.
    public var commonFields: String { #""title":\#(JSONText.quote(item.title)),\#(profileFields)"# }

    /// `"qualityProfileId":…,"rootFolderPath":…,"tags":[…]`: what every flavour's body has (Lidarr names
    /// its item `artistName`, and has no `title`).
    public var profileFields: String {
        let tagList = "[" + tags.filter { $0 > 0 }.map(String.init).joined(separator: ",") + "]"
        return #""qualityProfileId":\#(qualityProfileID),"rootFolderPath":\#(JSONText.quote(rootFolderPath)),"tags":\#(tagList)"#
    }

    /// An option's value as a JSON literal: a toggle's true/false as is, anything else quoted.
    public func json(_ name: String) -> String {
        let value = options[name] ?? ""
        return value == "true" || value == "false" ? value : JSONText.quote(value)
    }
}

/// Finding and adding library items (Sonarr, Radarr, …).
public protocol LibraryAdding: ServiceClient {
    /// `{item}/lookup` with `term` (ids like `tvdb:N`, `imdb:tt…`, `tmdb:N` and pasted URLs work).
    func lookup(_ term: String) async throws(ServiceError) -> [LookupResult]
    func rootFolders() async throws(ServiceError) -> [RootFolder]
    func qualityProfiles() async throws(ServiceError) -> [NamedID]
    func tags() async throws(ServiceError) -> [NamedID]
    /// Metadata profiles, for a kind whose add form has one (Lidarr).
    func metadataProfiles() async throws(ServiceError) -> [NamedID]
    /// Adds it; returns the item as the service stored it.
    func add(_ addition: LibraryAddition) async throws(ServiceError) -> Resource
}
