import Foundation

/// The rules that turn the parts and failures of a multi-service feature into
/// the one state its page shows.
enum FeatureStates {
    /// - no service of the kinds it shows → `empty`; all of them disabled → `disabled`;
    /// - every service failed and nothing is cached → `unauthorized` when all were
    ///   refused, else `unavailable` with the first failure's recovery;
    /// - any part from the cache → `stale` since the oldest cached part (never fresh);
    /// - otherwise `content` (with the failures of the others, if any), or `empty`
    ///   when there is nothing to show and nothing failed.
    static func state<Value: Sendable & Equatable>(_ aggregate: Aggregate<Value>, configs: [ServiceConfig], now: Date,
                                                   isEmpty: (Aggregate<Value>) -> Bool) -> FeatureState<Aggregate<Value>> {
        guard !configs.isEmpty else { return .empty }
        guard configs.contains(where: \.enabled) else { return .disabled }
        return combine(aggregate, hasParts: !aggregate.parts.isEmpty, isEmpty: isEmpty(aggregate),
                       failures: aggregate.failures, staleSince: aggregate.staleSince, now: now)
    }

    static func state<Value: Collection & Sendable & Equatable>(_ aggregate: Aggregate<Value>, configs: [ServiceConfig],
                                                                now: Date) -> FeatureState<Aggregate<Value>> {
        state(aggregate, configs: configs, now: now, isEmpty: \.isEmpty)
    }

    static func state(_ aggregate: Aggregate<TransferSnapshot>, configs: [ServiceConfig],
                      now: Date) -> FeatureState<Aggregate<TransferSnapshot>> {
        state(aggregate, configs: configs, now: now, isEmpty: \.items.isEmpty)
    }

    static func combine<Value: Sendable>(_ value: Value, hasParts: Bool, isEmpty: Bool, failures: [ServiceFailure],
                                         staleSince: Date?, now: Date) -> FeatureState<Value> {
        if !hasParts {
            guard let first = failures.first else { return .empty }
            if failures.allSatisfy({ $0.error == .unauthorized || $0.error == .missingCredential }) { return .unauthorized }
            return .unavailable(first.recovery)
        }
        if let staleSince { return .stale(value, refreshedAt: staleSince, recovery: failures.first?.recovery ?? .retry) }
        if isEmpty && failures.isEmpty { return .empty }
        return .content(value, refreshedAt: now)
    }

    /// Activity depends on the orchestrators: without any queue there is nothing
    /// to show, whatever the transfer clients say. A failing transfer client only
    /// costs live progress, so it appears in the failures but never blanks the page.
    static func activity(_ content: ActivityContent, orchestrators: [ServiceConfig], now: Date) -> FeatureState<ActivityContent> {
        guard !orchestrators.isEmpty else { return .empty }
        guard orchestrators.contains(where: \.enabled) else { return .disabled }
        let hasQueues = !content.queues.parts.isEmpty
        return combine(content, hasParts: hasQueues, isEmpty: content.items.isEmpty,
                       failures: hasQueues ? content.failures : content.queues.failures,
                       staleSince: content.staleSince, now: now)
    }

    /// A progress report while services are still pending (the final state is the call's result).
    static func progress<Value: Sendable & Equatable>(_ report: @escaping @Sendable (FeatureState<Aggregate<Value>>) -> Void,
                                                      clock: Clock) -> @Sendable (Aggregate<Value>) -> Void {
        { aggregate in
            guard !aggregate.pending.isEmpty else { return }
            if let since = aggregate.staleSince {
                report(.stale(aggregate, refreshedAt: since, recovery: aggregate.failures.first?.recovery ?? .retry))
            } else if !aggregate.parts.isEmpty || !aggregate.failures.isEmpty {
                report(.content(aggregate, refreshedAt: clock.now))
            }
        }
    }
}

/// Combines the two halves of an Activity refresh as they arrive.
final class ActivityProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var queues: Aggregate<[QueueItem]>
    private var transfers: Aggregate<TransferSnapshot>
    private let report: (@Sendable (FeatureState<ActivityContent>) -> Void)?
    private let clock: Clock
    private let routes: DownloadClientRoutes

    init(orchestrators: [ServiceConfig], clients: [ServiceConfig], clock: Clock, routes: DownloadClientRoutes = [:],
         report: (@Sendable (FeatureState<ActivityContent>) -> Void)?) {
        self.routes = routes
        queues = Aggregate(pending: orchestrators.filter(\.enabled).map(ServiceRef.init))
        transfers = Aggregate(pending: clients.filter(\.enabled).map(ServiceRef.init))
        self.report = report
        self.clock = clock
    }

    func update(queues: Aggregate<[QueueItem]>) { publish { $0.queues = queues } }
    func update(transfers: Aggregate<TransferSnapshot>) { publish { $0.transfers = transfers } }

    private func publish(_ change: (ActivityProgress) -> Void) {
        guard let report else { return }
        let content: ActivityContent? = lock.withLock {
            change(self)
            guard !queues.parts.isEmpty, !(queues.pending.isEmpty && transfers.pending.isEmpty) else { return nil }
            return ActivityContent(joining: queues, transfers: transfers, routes: routes)
        }
        guard let content else { return }
        if let since = content.staleSince {
            report(.stale(content, refreshedAt: since, recovery: content.failures.first?.recovery ?? .retry))
        } else {
            report(.content(content, refreshedAt: clock.now))
        }
    }
}
