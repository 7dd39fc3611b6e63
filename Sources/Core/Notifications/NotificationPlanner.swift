import Foundation

/// What deserves a desktop notification, decided from successive Activity and Overview states —
/// never from anything that happened before this run: the first state seen of each orchestrator,
/// each transfer client (and each service's health) is the baseline. One refresh's events of a kind
/// become one notice ("4 downloads finished"). Downloads the user removed through Switchyard are
/// not announced.
///
/// A download an orchestrator tracks is announced when the orchestrator is done with it (it left
/// the queue imported, failed, or its import is blocked); the client finishing it is not news yet.
/// A transfer no orchestrator tracks is announced when its client finishes it (or fails it).
public struct NotificationPlanner: Sendable {
    public enum Kind: String, Sendable, CaseIterable, Codable {
        /// A download left the queue after it finished: imported.
        case finished
        case failed
        /// Import blocked: the orchestrator needs the user.
        case needsAttention
        /// A new health warning or error.
        case health
        /// A service unreachable for five minutes, and when it is back.
        case reachability
        /// Someone asked for a movie or series (a new pending request in Jellyseerr or Overseerr).
        case requests
    }

    /// What a click on a notification opens.
    public enum Target: Sendable, Hashable {
        /// One orchestrated download, picked on Activity.
        case download(ActivityItem.ID)
        /// One transfer no orchestrator tracks, picked on Downloads.
        case transfer(TransferItem.ID)
        /// One request, on the Requests tab.
        case request(ResourceID)
        case activity, downloads, overview, requests
    }

    /// One notification: what it is about (DesktopApp words it), and what a click opens.
    public struct Notice: Sendable, Equatable {
        public var kind: Kind
        public var about: About
        public var target: Target

        public init(kind: Kind, about: About, target: Target) {
            self.kind = kind
            self.about = about
            self.target = target
        }
    }

    /// What a notice says, as values.
    public enum About: Sendable, Equatable {
        /// Downloads of the notice's kind (finished, failed, needing the user): `total` of them,
        /// the first names sorted (at most three), and for a single one its detail line.
        case downloads(total: Int, names: [String], detail: String?)
        /// New health issues: `total` of them, the first (at most three) with their service.
        case health(total: Int, issues: [ServiceIssue])
        /// A service unreachable for five minutes, or answering again.
        case unreachable(service: String)
        case back(service: String)
        /// New pending requests: `total` of them, the first (at most three) themselves.
        case requests(total: Int, first: [MediaRequest])
    }

    /// A health issue and the service that reports it.
    public struct ServiceIssue: Sendable, Equatable {
        public var service: String
        public var level: HealthIssue.Level
        public var message: String

        public init(service: String, level: HealthIssue.Level, message: String) {
            self.service = service
            self.level = level
            self.message = message
        }
    }

    /// One event of a refresh: a download's name, a detail line, and its target.
    struct Event {
        var title: String
        var detail: String?
        var target: Target
    }

    private var known: [ActivityItem.ID: ActivityItem] = [:]
    private var baselined: Set<UUID> = []
    private var healthSeen: [UUID: Set<String>] = [:]
    private var ownRemovals: Set<ActivityItem.ID> = []
    /// Each transfer client's transfers as last seen (finished, failed), and when each client was first seen.
    private var transfersSeen: [TransferItem.ID: (done: Bool, failed: Bool)] = [:]
    private var clientsSince: [UUID: Date] = [:]
    /// Since when each service has been unreachable (in this run), and whether that was announced.
    private var downSince: [UUID: Date] = [:]
    private var announcedDown: Set<UUID> = []
    /// The pending requests of each request manager as last seen (its first answer is the baseline).
    private var pendingSeen: [UUID: Set<Int>] = [:]
    /// How long a service must stay unreachable before it is announced.
    public static let unreachableAfter: TimeInterval = 300

    public init() {}

    /// The user removed these through Switchyard: their leaving the queue is no news.
    public mutating func removedByUser(_ ids: [ActivityItem.ID]) { ownRemovals.formUnion(ids) }

    /// Compares a new Activity state with the last one; returns the notices it calls for.
    public mutating func activity(_ content: ActivityContent, now: Date = Date()) -> [Notice] {
        // Only orchestrators that answered this time: a failing or stale one says nothing about its items.
        let answered = Set(content.queues.parts.filter { !$0.isStale }.map(\.service.id))
        var finished: [Event] = [], failed: [Event] = [], blocked: [Event] = []
        let current = Dictionary(content.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (id, item) in current where baselined.contains(id.orchestrator) {
            let before = known[id]
            if Self.hasFailed(item), before.map(Self.hasFailed) != true {
                failed.append(Event(title: item.title, detail: item.queue.errorMessage, target: .download(id)))
            }
            if item.queue.trackedState == .importBlocked, before?.queue.trackedState != .importBlocked {
                blocked.append(Event(title: item.title, detail: item.queue.messages.first, target: .download(id)))
            }
        }
        for (id, item) in known where current[id] == nil && answered.contains(id.orchestrator) {
            if ownRemovals.remove(id) != nil { continue }
            if Self.wasFinishing(item) { finished.append(Event(title: item.title, detail: nil, target: .download(id))) }
        }
        known = known.filter { !(answered.contains($0.key.orchestrator) && current[$0.key] == nil) }
        baselined.formUnion(answered)
        for (id, item) in current where answered.contains(id.orchestrator) { known[id] = item }

        let transfers = transferEvents(content, now: now)
        finished += transfers.finished
        failed += transfers.failed
        return [Self.notice(.finished, finished), Self.notice(.failed, failed), Self.notice(.needsAttention, blocked)].compactMap { $0 }
    }

    /// Transfers no orchestrator tracks that their client finished or failed since it was last seen
    /// (or that appeared finished or failed since the client's first answer: a quick download
    /// between two refreshes). Judged only when every orchestrator answered: while one is silent, a
    /// download it tracks would look like nobody's; the comparison waits for the next full state.
    private mutating func transferEvents(_ content: ActivityContent, now: Date) -> (finished: [Event], failed: [Event]) {
        let queuesWhole = content.queues.pending.isEmpty && content.queues.failures.isEmpty && content.queues.parts.allSatisfy { !$0.isStale }
        guard queuesWhole else { return ([], []) }
        let tracked = Set(content.items.compactMap { $0.transfer?.id })
        var finished: [Event] = [], failed: [Event] = []
        for part in content.transfers.parts where !part.isStale {
            let client = part.service.id
            let since = clientsSince[client]
            var present: Set<TransferItem.ID> = []
            for item in part.value.items {
                let mark = (done: Self.isDone(item), failed: item.state == .error)
                present.insert(item.id)
                defer { transfersSeen[item.id] = mark }
                guard let since, !tracked.contains(item.id) else { continue }
                let before = transfersSeen[item.id]
                if before == nil, let completed = item.completed, completed < since.addingTimeInterval(-3600) { continue } // an old one shown again
                if mark.failed, before?.failed != true {
                    failed.append(Event(title: item.name, detail: item.errorMessage, target: .transfer(item.id)))
                } else if mark.done, !mark.failed, before?.done != true {
                    finished.append(Event(title: item.name, detail: nil, target: .transfer(item.id)))
                }
            }
            transfersSeen = transfersSeen.filter { $0.key.serviceID != client || present.contains($0.key) }
            if since == nil { clientsSince[client] = now }
        }
        return (finished, failed)
    }

    /// A transfer its client holds complete: downloaded in full, seeding, or in the usenet history.
    static func isDone(_ item: TransferItem) -> Bool {
        switch item.state {
        case .completed, .seeding: true
        case .error: false
        default: item.progress >= 1 && item.state != .checking
        }
    }

    /// New health warnings and errors of the services in `content` (their first report is the baseline).
    public mutating func health(_ content: OverviewContent) -> [Notice] {
        var fresh: [(ServiceRef, HealthIssue)] = []
        for part in content.details.parts where !part.isStale {
            let issues = part.value.health.filter { $0.level == .warning || $0.level == .error }
            let keys = Set(issues.map { "\($0.source)|\($0.message)" })
            if let seen = healthSeen[part.service.id] {
                fresh += issues.filter { !seen.contains("\($0.source)|\($0.message)") }.map { (part.service, $0) }
            }
            healthSeen[part.service.id] = keys
        }
        guard !fresh.isEmpty else { return [] }
        let issues = fresh.prefix(3).map { ServiceIssue(service: $0.0.name, level: $0.1.level, message: $0.1.message) }
        return [Notice(kind: .health, about: .health(total: fresh.count, issues: issues), target: .overview)]
    }

    /// The Overview's rows at `now`: a service unreachable for five minutes is announced once, and
    /// again when it answers.
    public mutating func services(_ rows: [ServiceRow], now: Date) -> [Notice] {
        var notices: [Notice] = []
        for row in rows {
            let id = row.service.id
            switch row.state {
            case .unavailable:
                let since = downSince[id] ?? now
                downSince[id] = since
                if now.timeIntervalSince(since) >= Self.unreachableAfter, announcedDown.insert(id).inserted {
                    notices.append(Notice(kind: .reachability, about: .unreachable(service: row.service.name), target: .overview))
                }
            case .ok, .degraded:
                downSince[id] = nil
                if announcedDown.remove(id) != nil {
                    notices.append(Notice(kind: .reachability, about: .back(service: row.service.name), target: .overview))
                }
            case .checking, .unauthorized, .disabled:
                break // still being checked, or not a reachability matter
            }
        }
        return notices
    }

    /// Pending requests that were not pending at the last look (a fresh answer only; a manager's first
    /// answer is the baseline). One notice per refresh: the request itself when there is one.
    public mutating func requests(_ content: RequestsContent) -> [Notice] {
        var fresh: [MediaRequest] = []
        for part in content.parts where !part.isStale {
            let pending = part.value.requests.filter { $0.status == .pending }
            if let seen = pendingSeen[part.service.id] { fresh += pending.filter { !seen.contains($0.id.itemID) } }
            pendingSeen[part.service.id] = Set(pending.map(\.id.itemID))
        }
        guard let first = fresh.first else { return [] }
        return [Notice(kind: .requests, about: .requests(total: fresh.count, first: Array(fresh.prefix(3))),
                       target: fresh.count == 1 ? .request(first.id) : .requests)]
    }

    static func hasFailed(_ item: ActivityItem) -> Bool {
        item.queue.trackedState == .failed || item.queue.trackedState == .failedPending || item.queue.status == .failed
    }

    /// Downloaded, being imported or imported: leaving the queue now means it arrived.
    static func wasFinishing(_ item: ActivityItem) -> Bool {
        switch item.queue.trackedState {
        case .importPending?, .importing?, .imported?: true
        default: item.queue.status == .completed || item.progress >= 1
        }
    }

    /// One notice for a refresh's events of a kind: the download itself when there is one, else a
    /// summary that opens the tab (Downloads when every event is a transfer, else Activity).
    static func notice(_ kind: Kind, _ events: [Event]) -> Notice? {
        guard let first = events.first else { return nil }
        if events.count == 1 {
            return Notice(kind: kind, about: .downloads(total: 1, names: [first.title], detail: first.detail), target: first.target)
        }
        let names = Array(events.map(\.title).sorted().prefix(3))
        let onlyTransfers = events.allSatisfy { if case .transfer = $0.target { true } else { false } }
        return Notice(kind: kind, about: .downloads(total: events.count, names: names, detail: nil), target: onlyTransfers ? .downloads : .activity)
    }
}
