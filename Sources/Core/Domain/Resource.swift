import Foundation

/// Identifies an item across the whole app: which service instance, and the
/// item's id within it. Ids are only unique per instance.
public struct ResourceID: Sendable, Hashable, Codable, CustomStringConvertible {
    public var serviceID: UUID
    public var itemID: Int

    public init(serviceID: UUID, itemID: Int) {
        self.serviceID = serviceID
        self.itemID = itemID
    }

    public var description: String { "\(serviceID.uuidString.prefix(8))/\(itemID)" }
}

/// An image of a resource, as the service describes it.
public struct MediaImage: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Equatable, Codable {
        case poster, banner, fanart, screenshot, headshot, clearlogo, unknown
    }
    public var kind: Kind
    /// The absolute upstream URL (TheTVDB, TMDB…): no credentials needed, but a third party.
    public var remoteURL: URL?
    /// The service's own relative path (`/MediaCover/12/poster.jpg?lastWrite=…`).
    public var localPath: String?

    public init(kind: Kind, remoteURL: URL?, localPath: String?) {
        self.kind = kind
        self.remoteURL = remoteURL
        self.localPath = localPath
    }
}

/// A series (Sonarr) or a movie (Radarr) in a library.
public struct Resource: Sendable, Equatable, Identifiable, Codable {
    public enum Kind: String, Sendable, Equatable, Codable { case series, movie }

    /// Normalized status; `raw` keeps the service's word for display.
    public enum Status: Sendable, Equatable, RawCodable {
        case continuing, ended, upcoming, announced, inCinemas, released, tba, deleted
        case unknown(String)

        public init(_ raw: String?) {
            switch raw {
            case "continuing": self = .continuing
            case "ended": self = .ended
            case "upcoming": self = .upcoming
            case "announced": self = .announced
            case "inCinemas": self = .inCinemas
            case "released": self = .released
            case "tba": self = .tba
            case "deleted": self = .deleted
            default: self = .unknown(raw ?? "")
            }
        }

        public var rawValue: String {
            switch self {
            case .unknown(let raw): raw
            default: "\(self)"
            }
        }
    }

    public var id: ResourceID
    public var kind: Kind
    public var title: String
    public var sortTitle: String
    public var year: Int?
    public var status: Status
    public var monitored: Bool
    public var sizeOnDisk: Int64
    /// Series: episode files on disk / episodes aired; movies: 1/1 when the file exists.
    public var fileCount: Int
    public var expectedFileCount: Int
    public var hasFile: Bool
    public var network: String?
    public var added: Date?
    public var nextAiring: Date?
    public var releaseDates: ReleaseDates
    public var images: [MediaImage]
    /// Sonarr: the seasons monitored now, by number (nil when the service did not list seasons).
    public var monitoredSeasons: [Int]?

    /// Whether Sonarr monitors this season; nil when unknown.
    public func seasonMonitored(_ number: Int) -> Bool? { monitoredSeasons.map { $0.contains(number) } }

    public struct ReleaseDates: Sendable, Equatable, Codable {
        public var inCinemas: Date?
        public var digital: Date?
        public var physical: Date?
        public init(inCinemas: Date? = nil, digital: Date? = nil, physical: Date? = nil) {
            self.inCinemas = inCinemas
            self.digital = digital
            self.physical = physical
        }
    }

    public var poster: MediaImage? { images.first { $0.kind == .poster } }

    public init(id: ResourceID, kind: Kind, title: String, sortTitle: String, year: Int?, status: Status, monitored: Bool, sizeOnDisk: Int64, fileCount: Int, expectedFileCount: Int, hasFile: Bool, network: String?, added: Date?, nextAiring: Date?, releaseDates: ReleaseDates, images: [MediaImage], monitoredSeasons: [Int]? = nil) {
        self.id = id
        self.kind = kind
        self.title = title
        self.sortTitle = sortTitle
        self.year = year
        self.status = status
        self.monitored = monitored
        self.sizeOnDisk = sizeOnDisk
        self.fileCount = fileCount
        self.expectedFileCount = expectedFileCount
        self.hasFile = hasFile
        self.network = network
        self.added = added
        self.nextAiring = nextAiring
        self.releaseDates = releaseDates
        self.images = images
        self.monitoredSeasons = monitoredSeasons
    }
}

/// An episode of a series.
public struct Episode: Sendable, Equatable, Identifiable, Codable {
    public var id: ResourceID
    public var series: ResourceID
    public var seasonNumber: Int
    public var episodeNumber: Int
    public var title: String
    /// The local air date as the service gives it ("yyyy-MM-dd").
    public var airDate: String?
    public var airDateUTC: Date?
    public var hasFile: Bool
    public var monitored: Bool

    public init(id: ResourceID, series: ResourceID, seasonNumber: Int, episodeNumber: Int, title: String, airDate: String?, airDateUTC: Date?, hasFile: Bool, monitored: Bool) {
        self.id = id
        self.series = series
        self.seasonNumber = seasonNumber
        self.episodeNumber = episodeNumber
        self.title = title
        self.airDate = airDate
        self.airDateUTC = airDateUTC
        self.hasFile = hasFile
        self.monitored = monitored
    }
}

/// Something due in a date window: an episode airing or a movie releasing.
public struct CalendarEntry: Sendable, Equatable, Codable {
    public var resource: ResourceID
    public var title: String
    /// For episodes: "S01E02 · Episode title".
    public var subtitle: String?
    public var date: Date
    public var hasFile: Bool
    public var monitored: Bool

    public init(resource: ResourceID, title: String, subtitle: String?, date: Date, hasFile: Bool, monitored: Bool) {
        self.resource = resource
        self.title = title
        self.subtitle = subtitle
        self.date = date
        self.hasFile = hasFile
        self.monitored = monitored
    }
}

/// A history event for one item.
public struct HistoryEvent: Sendable, Equatable, Codable {
    /// What happened (Servarr's `eventType`; Sonarr and Radarr name their file events each their way).
    public enum Kind: Sendable, Equatable, RawCodable {
        case grabbed, imported, downloadFailed, fileDeleted, fileRenamed, ignored
        case unknown(String)

        public init(_ raw: String?) {
            switch raw {
            case "grabbed": self = .grabbed
            case "downloadFolderImported", "seriesFolderImported", "movieFolderImported": self = .imported
            case "downloadFailed": self = .downloadFailed
            case "episodeFileDeleted", "movieFileDeleted": self = .fileDeleted
            case "episodeFileRenamed", "movieFileRenamed": self = .fileRenamed
            case "downloadIgnored": self = .ignored
            default: self = .unknown(raw ?? "unknown")
            }
        }

        public var rawValue: String {
            switch self {
            case .grabbed: "grabbed"
            case .imported: "downloadFolderImported"
            case .downloadFailed: "downloadFailed"
            case .fileDeleted: "episodeFileDeleted"
            case .fileRenamed: "episodeFileRenamed"
            case .ignored: "downloadIgnored"
            case .unknown(let raw): raw
            }
        }
    }

    public var id: Int
    public var date: Date?
    public var kind: Kind
    public var sourceTitle: String
    public var downloadID: String?

    public init(id: Int, date: Date?, kind: Kind, sourceTitle: String, downloadID: String?) {
        self.id = id
        self.date = date
        self.kind = kind
        self.sourceTitle = sourceTitle
        self.downloadID = downloadID
    }
}
