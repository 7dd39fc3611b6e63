import Foundation

/// What an interactive search is for: one item (a movie), one group of an item (a season, an
/// album) or one child (an episode). Each flavour makes its query from it; one that would name nothing
/// is never sent (Sonarr's release endpoint without an episode or a season fetches **every indexer's
/// whole RSS feed**).
public enum ReleaseSearch: Sendable, Hashable {
    case item(Int)
    case group(item: Int, group: Int)
    case child(Int)
}

/// A release an indexer offers, as the orchestrator judged it. Download links (which often carry
/// the indexer's key) are never decoded or kept: a grab names the release by `guid` and indexer.
public struct Release: Sendable, Equatable, Identifiable {
    public var guid: String
    public var indexerID: Int
    public var title: String
    public var indexer: String
    public var size: Int64
    public var ageHours: Double?
    public var downloadProtocol: DownloadProtocol
    public var seeders: Int?
    public var leechers: Int?
    public var quality: String?
    public var languages: [String]
    public var customFormatScore: Int
    public var approved: Bool
    public var temporarilyRejected: Bool
    /// Why the service would not grab it on its own, in full.
    public var rejections: [String]
    /// False: not matched to a known item (a grab needs more).
    public var downloadAllowed: Bool

    public var id: String { "\(indexerID)_\(guid)" }

    public init(guid: String, indexerID: Int, title: String, indexer: String, size: Int64, ageHours: Double?,
                downloadProtocol: DownloadProtocol, seeders: Int?, leechers: Int?, quality: String?, languages: [String],
                customFormatScore: Int, approved: Bool, temporarilyRejected: Bool, rejections: [String], downloadAllowed: Bool) {
        self.guid = guid
        self.indexerID = indexerID
        self.title = title
        self.indexer = indexer
        self.size = size
        self.ageHours = ageHours
        self.downloadProtocol = downloadProtocol
        self.seeders = seeders
        self.leechers = leechers
        self.quality = quality
        self.languages = languages
        self.customFormatScore = customFormatScore
        self.approved = approved
        self.temporarilyRejected = temporarilyRejected
        self.rejections = rejections
        self.downloadAllowed = downloadAllowed
    }
}

/// The services keep a search's results for 30 minutes; a grab after that fails (API-GUIDE-2 §3.2).
public enum ReleaseCache {
    public static let lifetime: TimeInterval = 30 * 60
    /// Whether results found at `searched` can still be grabbed at `now` (a minute's margin).
    public static func isFresh(searched: Date, now: Date) -> Bool { now.timeIntervalSince(searched) < lifetime - 60 }
}

/// Interactive search and grab (Sonarr, Radarr, Lidarr).
public protocol ReleaseSearching: ServiceClient {
    func releases(_ search: ReleaseSearch) async throws(ServiceError) -> [Release]
    func grab(_ release: Release) async throws(ServiceError)
}
