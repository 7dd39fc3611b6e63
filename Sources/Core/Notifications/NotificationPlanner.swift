import Foundation

/// What deserves a desktop notification, decided from successive Activity and Overview states —
/// never from anything that happened before this run: the first state seen of each orchestrator
/// (and each service's health) is the baseline. One refresh's events of a kind become one notice
/// ("4 downloads finished"). Downloads the user removed through Switchyard are not announced.
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
    }

    /// One notification: its words, and the Activity item (or Overview) a click opens.
    public struct Notice: Sendable, Equatable {
        public var kind: Kind
        public var title: String
        public var body: String
        /// The Activity item to open (orchestrator/download key), or nil for the tab itself.
        public var target: ActivityItem.ID?
    }

    private var known: [ActivityItem.ID: ActivityItem] = [:]
    private var baselined: Set<UUID> = []
    private var healthSeen: [UUID: Set<String>] = [:]
    private var ownRemovals: Set<ActivityItem.ID> = []
    /// Since when each service has been unreachable (in this run), and whether that was announced.
    private var downSince: [UUID: Date] = [:]
    private var announcedDown: Set<UUID> = []
    /// How long a service must stay unreachable before it is announced.
    public static let unreachableAfter: TimeInterval = 300

    public init() {}

    /// The user removed these through Switchyard: their leaving the queue is no news.
    public mutating func removedByUser(_ ids: [ActivityItem.ID]) { ownRemovals.formUnion(ids) }

    /// Compares a new Activity state with the last one; returns the notices it calls for.
    public mutating func activity(_ content: ActivityContent) -> [Notice] {
        // Only orchestrators that answered this time: a failing or stale one says nothing about its items.
        let answered = Set(content.queues.parts.filter { !$0.isStale }.map(\.service.id))
        var finished: [ActivityItem] = [], failed: [ActivityItem] = [], blocked: [ActivityItem] = []
        let current = Dictionary(content.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (id, item) in current where baselined.contains(id.orchestrator) {
            let before = known[id]
            if Self.hasFailed(item), before.map(Self.hasFailed) != true { failed.append(item) }
            if item.queue.trackedState == .importBlocked, before?.queue.trackedState != .importBlocked { blocked.append(item) }
        }
        for (id, item) in known where current[id] == nil && answered.contains(id.orchestrator) {
            if ownRemovals.remove(id) != nil { continue }
            if Self.wasFinishing(item) { finished.append(item) }
        }
        known = known.filter { !(answered.contains($0.key.orchestrator) && current[$0.key] == nil) }
        baselined.formUnion(answered)
        for (id, item) in current where answered.contains(id.orchestrator) { known[id] = item }
        return [Self.notice(.finished, finished), Self.notice(.failed, failed), Self.notice(.needsAttention, blocked)].compactMap { $0 }
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
        guard let first = fresh.first else { return [] }
        if fresh.count == 1 {
            return [Notice(kind: .health, title: "\(first.0.name): \(first.1.level == .error ? "error" : "warning")", body: first.1.message, target: nil)]
        }
        return [Notice(kind: .health, title: "\(fresh.count) new health issues", body: fresh.prefix(3).map { "\($0.0.name): \($0.1.message)" }
            .joined(separator: "\n"), target: nil)]
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
                    notices.append(Notice(kind: .reachability, title: "\(row.service.name) is unreachable",
                                          body: "Switchyard has not reached it for 5 minutes; it keeps trying.", target: nil))
                }
            case .ok, .degraded:
                downSince[id] = nil
                if announcedDown.remove(id) != nil {
                    notices.append(Notice(kind: .reachability, title: "\(row.service.name) is back", body: "It answers again.", target: nil))
                }
            case .checking, .unauthorized, .disabled:
                break // still being checked, or not a reachability matter
            }
        }
        return notices
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

    static func notice(_ kind: Kind, _ items: [ActivityItem]) -> Notice? {
        guard let first = items.first else { return nil }
        let sorted = items.map(\.title).sorted()
        let more = sorted.prefix(3).joined(separator: "\n") + (items.count > 3 ? "\n…and \(items.count - 3) more" : "")
        switch kind {
        case .finished:
            return items.count == 1 ? Notice(kind: kind, title: "Download finished", body: first.title, target: first.id)
                                    : Notice(kind: kind, title: "\(items.count) downloads finished", body: more, target: nil)
        case .failed:
            return items.count == 1
                ? Notice(kind: kind, title: "Download failed", body: [first.title, first.queue.errorMessage].compactMap { $0 }.joined(separator: "\n"),
                         target: first.id)
                : Notice(kind: kind, title: "\(items.count) downloads failed", body: more, target: nil)
        case .needsAttention:
            return items.count == 1
                ? Notice(kind: kind, title: "Import needs you", body: [first.title, first.queue.messages.first].compactMap { $0 }.joined(separator: "\n"),
                         target: first.id)
                : Notice(kind: kind, title: "\(items.count) imports need you", body: more, target: nil)
        case .health, .reachability:
            return nil
        }
    }
}
