import Foundation

/// The Overview's rules: one status row per configured service — checking,
/// then OK, degraded (probe OK, content failing: one row, never "connected"
/// plus "failed"), unauthorized, unavailable or disabled — plus the health
/// issues and disks of each service that reports them.
enum OverviewRows {
    typealias Answer = (row: ServiceRow, part: ServicePart<OverviewPart>?, failure: ServiceFailure?)

    static func overview(_ configs: [ServiceConfig], sessions: [FanOut.Work], store: FeatureStore, clock: Clock, force: Bool,
                         isolation: isolated (any Actor)? = #isolation, degrade: (ServiceRow) -> ServiceRow,
                         progress: (@Sendable (FeatureState<OverviewContent>) -> Void)?) async -> FeatureState<OverviewContent> {
        guard !configs.isEmpty else { return .empty }
        let now = clock.now
        var rows = initialRows(configs)
        var details = Aggregate<OverviewPart>(
            pending: configs.filter { $0.enabled && $0.kind.offers(Capabilities.health) }.map(ServiceRef.init))
        await withTaskGroup(of: Answer.self) { group in
            for work in sessions {
                group.addTask {
                    BackgroundPriority.yieldToInterface()
                    return await row(work.config, session: work.session, store: store, clock: clock, force: force)
                }
            }
            for await answer in group {
                let row = degrade(answer.row)
                if let index = rows.firstIndex(where: { $0.id == row.id }) { rows[index] = row }
                details.pending.removeAll { $0.id == row.id }
                if let part = answer.part { details.parts.append(part) }
                if let failure = answer.failure { details.failures.append(failure) }
                details.parts.sort { FanOut.position(of: $0.service.id, in: configs) < FanOut.position(of: $1.service.id, in: configs) }
                if rows.contains(where: { $0.state == .checking }) || !details.pending.isEmpty {
                    progress?(.content(OverviewContent(rows: rows, details: details), refreshedAt: now))
                }
            }
        }
        let content = OverviewContent(rows: rows, details: details)
        if let since = details.staleSince {
            return .stale(content, refreshedAt: since, recovery: details.failures.first?.recovery ?? .retry)
        }
        return .content(content, refreshedAt: clock.now)
    }

    /// Before anything answered: enabled services are being checked.
    static func initialRows(_ configs: [ServiceConfig]) -> [ServiceRow] {
        configs.map { $0.enabled ? ServiceRow(service: ServiceRef($0), state: .checking) : .disabled(ServiceRef($0)) }
    }

    private static func row(_ config: ServiceConfig, session: ServiceSession, store: FeatureStore, clock: Clock,
                            force: Bool) async -> Answer {
        let service = ServiceRef(config)
        let reportsHealth = config.kind.offers(Capabilities.health)
        let link: ServiceSession.Link
        do throws(ServiceError) {
            link = try await session.probe(force: force)
        } catch {
            let cached = await store.part(OverviewPart.self, .overview, service: service, now: clock.now)
            return (.failed(service, error), cached, reportsHealth ? ServiceFailure(service: service, error: error) : nil)
        }
        let row = ServiceRow(service: service, state: .ok, endpoint: link.role, appName: link.status.appName,
                             version: link.status.version, latencyMilliseconds: Int((link.latency.seconds * 1000).rounded()))
        do throws(ServiceError) {
            guard let part = try await session.perform(Capabilities.health, force: true, { client throws(ServiceError) in
                async let health = outcome { () async throws(ServiceError) in try await client.health() }
                async let disks = outcome { () async throws(ServiceError) in try await client.diskSpace() }
                // An indexer manager's row says how many indexers it has, how many are enabled and failing, what it syncs.
                async let indexers = outcome { () async throws(ServiceError) -> IndexerSummary? in
                    guard let manager = Capabilities.indexers.provider(client) else { return nil }
                    return IndexerSummary(try await manager.indexers(), now: clock.now)
                }
                return OverviewPart(health: try await health.get(), disks: try await disks.get(), indexers: try await indexers.get())
            }) else { return (row, nil, nil) }
            let now = clock.now
            await store.keep(part, .overview, service: service, at: now)
            return (row, ServicePart(service: service, value: part, refreshedAt: now, isStale: false), nil)
        } catch {
            let cached = await store.part(OverviewPart.self, .overview, service: service, now: clock.now)
            return (row.degraded(by: error), cached, ServiceFailure(service: service, error: error))
        }
    }
}
