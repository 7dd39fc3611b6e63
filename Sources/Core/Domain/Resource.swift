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

/// An item of a library: a series, a movie, an artist — whatever its kind's top level is.
public struct Resource: Sendable, Equatable, Identifiable, Codable {
    public typealias Kind = LibraryKind.ID

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
    /// Files on disk / files expected: episode files of aired episodes, track files, 1/1 for a movie with its file.
    public var fileCount: Int
    public var expectedFileCount: Int
    public var hasFile: Bool
    /// A line under the title: a series' network, a movie's studio, an artist's type.
    public var subtitle: String?
    public var added: Date?
    /// When the next child comes out (the next episode airs), if known.
    public var nextDate: Date?
    /// The item's own dates by the kind's names for them (a movie's "inCinemas", "digital", "physical").
    public var dates: [String: Date]
    public var images: [MediaImage]
    /// The keys of the groups monitored now (Sonarr's seasons), when the item carries its groups.
    public var monitoredGroups: [Int]?

    /// Whether the service monitors the group with this key; nil when unknown.
    public func groupMonitored(_ key: Int) -> Bool? { monitoredGroups.map { $0.contains(key) } }

    public var poster: MediaImage? { images.first { $0.kind == .poster } }

    public init(id: ResourceID, kind: Kind, title: String, sortTitle: String, year: Int?, status: Status, monitored: Bool, sizeOnDisk: Int64,
                fileCount: Int, expectedFileCount: Int, hasFile: Bool, subtitle: String?, added: Date?, nextDate: Date? = nil,
                dates: [String: Date] = [:], images: [MediaImage], monitoredGroups: [Int]? = nil) {
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
        self.subtitle = subtitle
        self.added = added
        self.nextDate = nextDate
        self.dates = dates
        self.images = images
        self.monitoredGroups = monitoredGroups
    }
}

/// Something due in a date window: a child coming out (an episode airing), an item's release (a
/// movie in cinemas), a group's release (an album). Words are the app's: this says what, not how.
public struct CalendarEntry: Sendable, Equatable, Codable {
    public enum Due: Sendable, Equatable, Codable {
        /// A child of the item: its group's number, its own number and title (an episode).
        case child(group: Int, number: Int, title: String?)
        /// The item comes out in one of its kinds of release, by the kind's name ("inCinemas").
        case release(String)
        /// A group of the item comes out (an album), with its title.
        case group(title: String)
    }

    public var resource: ResourceID
    /// The library item's title.
    public var title: String
    public var due: Due
    public var date: Date
    public var hasFile: Bool
    public var monitored: Bool

    public init(resource: ResourceID, title: String, due: Due, date: Date, hasFile: Bool, monitored: Bool) {
        self.resource = resource
        self.title = title
        self.due = due
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
            case "downloadFolderImported", "seriesFolderImported", "movieFolderImported", "trackFileImported", "downloadImported":
                self = .imported
            case "downloadFailed": self = .downloadFailed
            case "episodeFileDeleted", "movieFileDeleted", "trackFileDeleted": self = .fileDeleted
            case "episodeFileRenamed", "movieFileRenamed", "trackFileRenamed": self = .fileRenamed
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
