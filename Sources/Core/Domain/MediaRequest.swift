import Foundation

/// A request someone made in Jellyseerr or Overseerr for a movie or a series (API-GUIDE-3 §3.4). The
/// service sends no title: it is read from the service's own movie or series page (by TMDB id).
public struct MediaRequest: Sendable, Equatable, Identifiable, Codable {
    public enum Status: Sendable, Equatable, Codable {
        case pending, approved, declined, failed
        case unknown(Int)
        public init(_ code: Int) {
            switch code {
            case 1: self = .pending
            case 2: self = .approved
            case 3: self = .declined
            case 4: self = .failed
            default: self = .unknown(code)
            }
        }
        /// The service's own code (kept as such in the cache).
        public var code: Int {
            switch self {
            case .pending: 1
            case .approved: 2
            case .declined: 3
            case .failed: 4
            case .unknown(let code): code
            }
        }
        public init(from decoder: Decoder) throws { self.init(try decoder.singleValueContainer().decode(Int.self)) }
        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(code)
        }
    }

    /// Where the media itself stands (its `status`, or `status4k` for a 4K request).
    public enum MediaStatus: String, Sendable, Equatable, Codable {
        case unknown, pending, processing, partiallyAvailable, available, blacklisted
        public init(_ code: Int?) {
            switch code {
            case 2: self = .pending
            case 3: self = .processing
            case 4: self = .partiallyAvailable
            case 5: self = .available
            case 6: self = .blacklisted
            default: self = .unknown
            }
        }
    }

    public enum MediaType: String, Sendable, Equatable, Codable {
        case movie, tv
        /// A series: requested by seasons.
        public var hasSeasons: Bool { self == .tv }
    }

    public var id: ResourceID
    public var status: Status
    public var mediaType: MediaType
    public var is4k: Bool
    public var created: Date?
    public var updated: Date?
    /// Who asked (display name) and their user id.
    public var requestedBy: String
    public var requestedByID: Int?
    public var modifiedBy: String?
    /// The seasons asked for (series).
    public var seasons: [Int]
    public var tmdbID: Int?
    public var mediaStatus: MediaStatus
    /// From the service's movie or series page.
    public var title: String?
    public var year: Int?
    public var posterPath: String?
    /// Why that page could not be read (the title is then unknown); not kept in the cache: the next refresh reads it again.
    public var titleFailure: ServiceError? = nil

    enum CodingKeys: String, CodingKey {
        case id, status, mediaType, is4k, created, updated, requestedBy, requestedByID, modifiedBy, seasons, tmdbID, mediaStatus, title,
             year, posterPath
    }

    public init(id: ResourceID, status: Status, mediaType: MediaType, is4k: Bool = false, created: Date? = nil, updated: Date? = nil,
                requestedBy: String, requestedByID: Int? = nil, modifiedBy: String? = nil, seasons: [Int] = [], tmdbID: Int?,
                mediaStatus: MediaStatus = .unknown, title: String? = nil, year: Int? = nil, posterPath: String? = nil) {
        self.id = id
        self.status = status
        self.mediaType = mediaType
        self.is4k = is4k
        self.created = created
        self.updated = updated
        self.requestedBy = requestedBy
        self.requestedByID = requestedByID
        self.modifiedBy = modifiedBy
        self.seasons = seasons
        self.tmdbID = tmdbID
        self.mediaStatus = mediaStatus
        self.title = title
        self.year = year
        self.posterPath = posterPath
    }
}

/// Which requests to list: the service's own `filter` values (API-GUIDE-3 §3.3).
public enum RequestFilter: String, Sendable, CaseIterable {
    case all, pending, approved, processing, available, unavailable, failed
}

/// One page of requests, newest change first, and how many match in all.
public struct RequestPage: Sendable, Equatable {
    public var requests: [MediaRequest]
    public var total: Int
    public init(requests: [MediaRequest], total: Int) {
        self.requests = requests
        self.total = total
    }
}

/// The service's global counts (`/request/count`).
public struct RequestCounts: Sendable, Equatable, Codable {
    public var total, pending, approved, declined, processing, available: Int
    public init(total: Int, pending: Int, approved: Int, declined: Int, processing: Int, available: Int) {
        self.total = total
        self.pending = pending
        self.approved = approved
        self.declined = declined
        self.processing = processing
        self.available = available
    }
}

/// A service that holds media requests.
public protocol RequestsProviding: ServiceClient {
    func requests(_ filter: RequestFilter, take: Int, skip: Int) async throws(ServiceError) -> RequestPage
    func requestCounts() async throws(ServiceError) -> RequestCounts
}

/// What can be done to a request. Each call names one request; none is ever retried.
public enum RequestAction: String, Sendable, CaseIterable {
    case approve, decline, delete
}

/// A new request: a movie, or a series with the seasons asked for (nil: every season not yet asked).
public struct MediaAsk: Sendable, Equatable {
    public var mediaType: MediaRequest.MediaType
    public var tmdbID: Int
    public var seasons: [Int]?
    public var is4k: Bool

    public init(mediaType: MediaRequest.MediaType, tmdbID: Int, seasons: [Int]? = nil, is4k: Bool = false) {
        self.mediaType = mediaType
        self.tmdbID = tmdbID
        self.seasons = seasons
        self.is4k = is4k
    }
}

/// A service that takes new requests. Each is sent once; what it made of it is the answer.
public protocol RequestCreating: ServiceClient {
    /// Who a request made with the stored credential is attributed to (the key's user).
    func requester() async throws(ServiceError) -> String
    func request(_ ask: MediaAsk) async throws(ServiceError) -> MediaRequest
}

public protocol RequestActing: ServiceClient {
    /// Acts on one request; the service's answer for it (nil after a delete: it is gone).
    func perform(_ action: RequestAction, on id: Int) async throws(ServiceError) -> MediaRequest?
}

/// Where a request stands, as the Requests tab sorts and filters them: the request's own status, then
/// (once approved) where its media is. Pending comes first.
public enum RequestShelf: String, Sendable, CaseIterable, Codable {
    case pending, approved, processing, available, declined, failed, other

    public init(_ request: MediaRequest) {
        switch request.status {
        case .pending: self = .pending
        case .declined: self = .declined
        case .failed: self = .failed
        case .unknown: self = .other
        case .approved:
            switch request.mediaStatus {
            case .available, .partiallyAvailable: self = .available
            case .processing: self = .processing
            default: self = .approved
            }
        }
    }
}

/// One requests service's content for the Requests tab: every pending request (up to a page of 100),
/// the most recently changed others, and the service's global counts.
public struct RequestList: Sendable, Equatable, Codable, Collection {
    public var requests: [MediaRequest]
    public var counts: RequestCounts?
    /// Why the counts could not be read (they are extra: the requests still list); not cached.
    public var countsFailure: ServiceError? = nil
    /// More pending requests exist than were read.
    public var pendingTruncated: Bool

    enum CodingKeys: String, CodingKey { case requests, counts, pendingTruncated }

    public init(requests: [MediaRequest], counts: RequestCounts?, pendingTruncated: Bool = false) {
        self.requests = requests
        self.counts = counts
        self.pendingTruncated = pendingTruncated
    }

    /// Pending first (oldest first: who has waited longest), then the rest, most recently changed first.
    public static func ordered(pending: [MediaRequest], others: [MediaRequest]) -> [MediaRequest] {
        let pendingIDs = Set(pending.map(\.id))
        let waiting = pending.sorted { ($0.created ?? .distantPast, $0.id.itemID) < ($1.created ?? .distantPast, $1.id.itemID) }
        let rest = others.filter { !pendingIDs.contains($0.id) && $0.status != .pending }
            .sorted { ($0.updated ?? $0.created ?? .distantPast, $0.id.itemID) > ($1.updated ?? $1.created ?? .distantPast, $1.id.itemID) }
        return waiting + rest
    }

    public var startIndex: Int { requests.startIndex }
    public var endIndex: Int { requests.endIndex }
    public subscript(position: Int) -> MediaRequest { requests[position] }
    public func index(after i: Int) -> Int { requests.index(after: i) }
}
