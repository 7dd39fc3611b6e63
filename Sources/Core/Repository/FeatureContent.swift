import Foundation

/// The features the window shows, one per tab: the overview, one per library kind, activity,
/// downloads, the calendar, indexers, requests — each what its descriptor says (`FeatureCatalog`, or its
/// `LibraryKind`). Raw values are stable: inspection routes, actions (`win.show-tab`) and saved window
/// state use them.
public struct Feature: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let overview = Feature(rawValue: "overview")
    public static let activity = Feature(rawValue: "activity")
    public static let downloads = Feature(rawValue: "downloads")
    public static let calendar = Feature(rawValue: "calendar")
    public static let indexers = Feature(rawValue: "indexers")
    public static let requests = Feature(rawValue: "requests")

    /// Every feature this build knows, in tab order: the catalog's, with the library tabs (from the library
    /// kinds) after those placed before them.
    public static var allCases: [Feature] {
        let features = FeatureCatalog.all
        return features.filter { $0.placement == .beforeLibraries }.map(\.feature) + LibraryKind.all.map(\.feature)
            + features.filter { $0.placement == .afterLibraries }.map(\.feature)
    }

    /// The library kind this feature shows, when it is a library tab.
    public var library: LibraryKind? { LibraryKind.all.first { $0.feature == self } }

    /// The kinds of service whose content this feature shows, by what they offer.
    public func includes(_ kind: ServiceKind) -> Bool {
        if let library { return kind.offers(Capabilities.library) && kind.library?.id == library.id }
        return FeatureCatalog.descriptor(self)?.includes(kind) ?? false
    }

    /// The tab of a library of this kind.
    public static func library(_ kind: LibraryKind.ID) -> Feature {
        LibraryKind.kind(kind)?.feature ?? Feature(rawValue: kind.rawValue)
    }

    /// Whether a window with services of these kinds shows this feature's tab (its descriptor may ask more
    /// than "includes one": Activity needs a queue, transfer lists alone have nothing to join).
    public func isShown(for kinds: some Sequence<ServiceKind>) -> Bool {
        if library == nil, let shownFor = FeatureCatalog.descriptor(self)?.shownFor { return shownFor(Array(kinds)) }
        return kinds.contains { includes($0) }
    }

    public init(from decoder: Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A service as a feature names it: enough to label a row, never a secret or an address.
public struct ServiceRef: Sendable, Hashable, Codable, Identifiable {
    public var id: UUID
    public var name: String
    public var kind: ServiceKind

    public init(id: UUID, name: String, kind: ServiceKind) {
        self.id = id
        self.name = name
        self.kind = kind
    }

    public init(_ config: ServiceConfig) {
        self.init(id: config.id, name: config.displayName, kind: config.kind)
    }
}

/// One service that could not deliver its part of a feature, with what the user can do.
public struct ServiceFailure: Sendable, Equatable {
    public var service: ServiceRef
    public var error: ServiceError
    public var recovery: Recovery { error.recovery }

    public init(service: ServiceRef, error: ServiceError) {
        self.service = service
        self.error = error
    }
}

/// One service's part of a feature: fresh from this refresh, or its last good
/// content from the cache (`isStale`) with the time it was really fetched.
public struct ServicePart<Value: Sendable & Equatable>: Sendable, Equatable {
    public var service: ServiceRef
    public var value: Value
    public var refreshedAt: Date
    public var isStale: Bool

    public init(service: ServiceRef, value: Value, refreshedAt: Date, isStale: Bool) {
        self.service = service
        self.value = value
        self.refreshedAt = refreshedAt
        self.isStale = isStale
    }
}

/// A feature's content across every enabled service it includes: the parts that
/// arrived (fresh or cached), the services that failed, and — while a refresh
/// is still running — the services not yet heard from.
public struct Aggregate<Value: Sendable & Equatable>: Sendable, Equatable {
    public var parts: [ServicePart<Value>] = []
    public var failures: [ServiceFailure] = []
    public var pending: [ServiceRef] = []

    public init(parts: [ServicePart<Value>] = [], failures: [ServiceFailure] = [], pending: [ServiceRef] = []) {
        self.parts = parts
        self.failures = failures
        self.pending = pending
    }

    public var values: [Value] { parts.map(\.value) }
    /// The oldest cached part's refresh time, when any part is from the cache.
    public var staleSince: Date? { parts.filter(\.isStale).map(\.refreshedAt).min() }
    public func part(for serviceID: UUID) -> ServicePart<Value>? { parts.first { $0.service.id == serviceID } }
    public func failure(for serviceID: UUID) -> ServiceFailure? { failures.first { $0.service.id == serviceID } }
}

extension Aggregate where Value: Collection {
    public var isEmpty: Bool { parts.allSatisfy(\.value.isEmpty) }
}

/// Series or Movies: the libraries of every instance, each item tagged with its instance by its id.
public typealias LibraryContent = Aggregate<[Resource]>
public typealias CalendarContent = Aggregate<[CalendarEntry]>
public typealias DownloadsContent = Aggregate<TransferSnapshot>
public typealias IndexersContent = Aggregate<IndexerList>
public typealias RequestsContent = Aggregate<RequestList>

extension Aggregate where Value == [Resource] {
    /// Every instance's items; with one instance its own array (shared, not copied: copying 20,000
    /// resources on the main thread took 15-20 ms).
    public var items: [Resource] { parts.count == 1 ? parts[0].value : parts.flatMap(\.value) }
}

extension Aggregate where Value == [CalendarEntry] {
    /// Every entry of every instance, by date.
    public var entries: [CalendarEntry] { parts.flatMap(\.value).sorted { $0.date < $1.date } }
}

extension Aggregate where Value == TransferSnapshot {
    public var items: [TransferItem] { parts.count == 1 ? parts[0].value.items : parts.flatMap(\.value.items) }
    public var downloadSpeed: Int64 { parts.reduce(0) { $0.addingSaturated($1.value.stats.downloadSpeed) } }
    public var uploadSpeed: Int64 { parts.reduce(0) { $0.addingSaturated($1.value.stats.uploadSpeed) } }
}

/// Activity: every orchestrator queue grouped per download and joined with the
/// transfer client that holds it. A transfer client that fails only costs the
/// live progress of its items; the orchestrators' records still show.
public struct ActivityContent: Sendable, Equatable {
    public var items: [ActivityItem]
    public var queues: Aggregate<[QueueItem]>
    public var transfers: Aggregate<TransferSnapshot>

    public var failures: [ServiceFailure] { queues.failures + transfers.failures }
    public var pending: [ServiceRef] { queues.pending + transfers.pending }
    public var staleSince: Date? { [queues.staleSince, transfers.staleSince].compactMap { $0 }.min() }

    public init(items: [ActivityItem], queues: Aggregate<[QueueItem]>, transfers: Aggregate<TransferSnapshot>) {
        self.items = items
        self.queues = queues
        self.transfers = transfers
    }

    /// The queues joined with the transfer lists (`ActivityJoin`); `routes` says which configured
    /// client each orchestrator's named download client is.
    public init(joining queues: Aggregate<[QueueItem]>, transfers: Aggregate<TransferSnapshot>, routes: DownloadClientRoutes = [:]) {
        let items = ActivityJoin.join(queues: queues.parts.flatMap(\.value),
                                      transfers: transfers.parts.map { .init(serviceID: $0.service.id, kind: $0.service.kind, items: $0.value.items) },
                                      routes: routes)
        self.init(items: items, queues: queues, transfers: transfers)
    }
}

/// What an orchestrator adds to the Overview besides its status row.
public struct OverviewPart: Sendable, Equatable, Codable {
    public var health: [HealthIssue]
    public var disks: [DiskSpace]
    /// An indexer manager's indexers in numbers (nil for other kinds).
    public var indexers: IndexerSummary?

    public init(health: [HealthIssue], disks: [DiskSpace], indexers: IndexerSummary? = nil) {
        self.health = health
        self.disks = disks
        self.indexers = indexers
    }
}

/// An indexer manager in numbers, for its Overview row.
public struct IndexerSummary: Sendable, Equatable, Codable {
    public var total: Int
    public var enabled: Int
    public var failing: Int
    /// The applications it syncs its indexers to.
    public var applications: [String]

    public init(total: Int, enabled: Int, failing: Int, applications: [String]) {
        self.total = total
        self.enabled = enabled
        self.failing = failing
        self.applications = applications
    }

    public init(_ list: IndexerList, now: Date) {
        self.init(total: list.indexers.count, enabled: list.indexers.filter(\.enabled).count,
                  failing: list.indexers.filter { $0.enabled && $0.isFailing(at: now) }.count, applications: list.applications)
    }
}

/// Overview: one status row per configured service, health issues and disk space per service.
public struct OverviewContent: Sendable, Equatable {
    public var rows: [ServiceRow]
    public var details: Aggregate<OverviewPart>

    public var healthIssues: [(service: ServiceRef, issues: [HealthIssue])] {
        details.parts.filter { !$0.value.health.isEmpty }.map { ($0.service, $0.value.health) }
    }

    public init(rows: [ServiceRow], details: Aggregate<OverviewPart>) {
        self.rows = rows
        self.details = details
    }
}

/// The detail page of one library item.
public struct ResourceDetail: Sendable, Equatable {
    /// The reads a detail page joins, each of which can fail alone.
    public enum Part: String, Sendable, Hashable, CaseIterable {
        case children, history, queue
    }

    public var resource: Resource
    /// The levels below the item: its groups, each with its children (seasons and episodes; albums and
    /// tracks); empty for a kind with nothing below its items; nil when they could not be read.
    public var groups: [ChildGroup]?
    /// nil when it could not be read (never an empty list standing in for a failure).
    public var history: [HistoryEvent]?
    /// The item's entries in its instance's queue; nil when it could not be read.
    public var queue: [QueueItem]?
    /// The reads that failed, each with why: the page shows the rest and says so in that section.
    public var unread: [Part: ServiceError]

    public init(resource: Resource, groups: [ChildGroup]?, history: [HistoryEvent]?, queue: [QueueItem]?,
                unread: [Part: ServiceError] = [:]) {
        self.resource = resource
        self.groups = groups
        self.history = history
        self.queue = queue
        self.unread = unread
    }

    /// Every child, group by group.
    public var children: [Child] { groups?.flatMap(\.children) ?? [] }

    /// This detail with `parts` as `fresh` has them (a section read again on its own).
    public func replacing(_ parts: Set<Part>, from fresh: ResourceDetail) -> ResourceDetail {
        var merged = self
        for part in parts {
            switch part {
            case .children: merged.groups = fresh.groups
            case .history: merged.history = fresh.history
            case .queue: merged.queue = fresh.queue
            }
            merged.unread[part] = fresh.unread[part]
        }
        return merged
    }
}
