import Foundation

@_silgen_name("malloc_trim") private func mallocTrim(_ pad: Int) -> Int32

/// The aggregate behind every tab: fans out to each enabled service the
/// feature includes (each service its own child task, bounded by its own
/// request deadlines), merges by stable ids, maps failures to recoveries, and
/// keeps the last good content per service on disk.
///
/// Progress: every feature call takes an optional `progress` callback that
/// receives the aggregate each time one more service has answered, so one
/// slow service never holds back the content of the others; the call returns
/// the final state once every service has answered or failed.
///
/// Nothing here runs on the main thread: decoding happens in the client
/// actors, merging here, cache I/O in the cache actor.
public actor Repository: ServiceScopedState {
    public typealias Progress<Value: Sendable> = @Sendable (FeatureState<Value>) -> Void

    private let registry: ServiceRegistry
    private let transport: any HTTPTransport
    private let secrets: any SecretStore
    private let cache: ServiceCache?
    private let clock: Clock
    private var services: [ServiceConfig] = []
    private var sessions: [UUID: ServiceSession] = [:]
    /// Content that failed while the service itself answered: the reason its row is "degraded".
    private var contentFailures: [UUID: [Feature: ServiceError]] = [:]

    public init(registry: ServiceRegistry, transport: any HTTPTransport, secrets: any SecretStore,
                cache: ServiceCache?, clock: Clock = .system) {
        self.registry = registry
        self.transport = transport
        self.secrets = secrets
        self.cache = cache
        self.clock = clock
    }

    // MARK: Configuration

    /// Takes the registry's current services. A service whose configuration
    /// changed gets a new session (new endpoint, new client); a removed one is dropped.
    public func reload() async {
        services = await registry.services
        var kept: [UUID: ServiceSession] = [:]
        for config in services {
            if let session = sessions[config.id], session.config == config { kept[config.id] = session }
        }
        for id in sessions.keys where kept[id] == nil { contentFailures[id] = nil }
        sessions = kept
    }

    public var configuredServices: [ServiceConfig] { services }

    /// The network changed (GIO's network monitor): every endpoint is resolved again on next use.
    public func networkChanged() async {
        for session in sessions.values { await session.invalidate() }
    }

    /// A service or its credential was removed: forget its session and failures.
    /// (Its cache files are the cache's to purge.)
    public func purge(serviceID: UUID) {
        sessions[serviceID] = nil
        contentFailures[serviceID] = nil
    }

    /// New credential: the next request starts a new session (new client, new sign-in, no backoff).
    public func credentialChanged(serviceID: UUID) {
        sessions[serviceID] = nil
    }

    private func session(_ config: ServiceConfig) -> ServiceSession {
        if let session = sessions[config.id], session.config == config { return session }
        let session = ServiceSession(config: config, transport: transport, secrets: secrets, clock: clock)
        sessions[config.id] = session
        return session
    }

    // MARK: Features

    /// Series (Sonarr) or Movies (Radarr): every instance's library, each item tagged with its instance by its id.
    public func library(_ feature: Feature, force: Bool = false,
                        progress: Progress<LibraryContent>? = nil) async -> FeatureState<LibraryContent> {
        precondition(feature == .series || feature == .movies, "library is series or movies")
        let configs = services.filter { feature.includes($0.kind) }
        let started = ContinuousClock.now
        defer { Log.debug("timing: \(feature.rawValue) refresh \(ContinuousClock.now - started)") }
        let aggregate = await gather(configs, feature: feature, cacheName: "library", maxAge: CacheAge.library,
                                     force: force, progress: progress.map(aggregateProgress)) { client throws(ServiceError) in
            try await client.library()
        }
        if aggregate.items.count > 5000 { Self.returnFreedMemory() }
        return Self.state(aggregate, configs: configs, now: clock.now)
    }

    /// Every transfer client's full list.
    public func downloads(force: Bool = false,
                          progress: Progress<DownloadsContent>? = nil) async -> FeatureState<DownloadsContent> {
        let configs = services.filter { Feature.downloads.includes($0.kind) }
        let aggregate = await gatherTransfers(configs, force: force, progress: progress.map(aggregateProgress))
        return Self.state(aggregate, configs: configs, now: clock.now)
    }

    /// Upcoming episodes and movies of every orchestrator from the start of today for `days` days.
    public func calendar(days: Int = 14, force: Bool = false,
                         progress: Progress<CalendarContent>? = nil) async -> FeatureState<CalendarContent> {
        let configs = services.filter { Feature.calendar.includes($0.kind) }
        let start = Calendar.current.startOfDay(for: clock.now)
        let end = start.addingTimeInterval(TimeInterval(days) * 86_400)
        let aggregate = await gather(configs, feature: .calendar, cacheName: "calendar", maxAge: CacheAge.calendar,
                                     force: force, progress: progress.map(aggregateProgress)) { client throws(ServiceError) in
            try await client.calendar(from: start, to: end)
        }
        return Self.state(aggregate, configs: configs, now: clock.now)
    }

    /// Every orchestrator queue, grouped per download and joined with the
    /// transfer client holding it. Queues and transfer lists are fetched at once.
    public func activity(force: Bool = false,
                         progress: Progress<ActivityContent>? = nil) async -> FeatureState<ActivityContent> {
        let orchestrators = services.filter { $0.kind.role == .orchestrator }
        let clients = services.filter { $0.kind.role == .transferClient }
        let live = ActivityProgress(orchestrators: orchestrators, clients: clients, now: clock, report: progress)
        async let queues = gather(orchestrators, feature: .activity, cacheName: "queue", maxAge: CacheAge.queue,
                                  force: force, progress: { live.update(queues: $0) }) { client throws(ServiceError) in
            try await client.queue()
        }
        async let transfers = gatherTransfers(clients, force: force, progress: { live.update(transfers: $0) })
        let content = Self.activityContent(queues: await queues, transfers: await transfers)
        return Self.activityState(content, orchestrators: orchestrators, clients: clients, now: clock.now)
    }

    /// One status row per configured service, plus each orchestrator's health issues and disk space.
    /// Probe OK with failing health or disk space is one `degraded` row.
    public func overview(force: Bool = false,
                         progress: Progress<OverviewContent>? = nil) async -> FeatureState<OverviewContent> {
        let configs = services
        guard !configs.isEmpty else { return .empty }
        let now = clock.now
        var rows = configs.map { $0.enabled ? ServiceRow(service: ServiceRef($0), state: .checking) : .disabled(ServiceRef($0)) }
        var details = Aggregate<OverviewPart>(pending: configs.filter { $0.enabled && $0.kind.role == .orchestrator }.map(ServiceRef.init))
        let sessions = configs.filter(\.enabled).map { ($0, session($0)) }
        let cache = cache
        let clock = clock

        await withTaskGroup(of: (ServiceRow, ServicePart<OverviewPart>?, ServiceFailure?).self) { group in
            for (config, session) in sessions {
                group.addTask {
                    await Self.overviewRow(config, session: session, cache: cache, clock: clock, force: force)
                }
            }
            for await (row, part, failure) in group {
                let row = self.withContentFailures(row)
                if let index = rows.firstIndex(where: { $0.id == row.id }) { rows[index] = row }
                details.pending.removeAll { $0.id == row.id }
                if let part { details.parts.append(part) }
                if let failure { details.failures.append(failure) }
                details.parts.sort { Self.order(of: $0.service.id, in: configs) < Self.order(of: $1.service.id, in: configs) }
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

    /// A row reflects the last content failure of any feature while the service answered its probe.
    private func withContentFailures(_ row: ServiceRow) -> ServiceRow {
        guard row.state == .ok, let failure = contentFailures[row.id]?.sorted(by: { $0.key.rawValue < $1.key.rawValue }).first
        else { return row }
        var degraded = row
        degraded.state = .degraded
        degraded.recovery = failure.value.recovery
        degraded.message = ErrorText.sentence(failure.value)
        return degraded
    }

    private static func overviewRow(_ config: ServiceConfig, session: ServiceSession, cache: ServiceCache?, clock: Clock,
                                    force: Bool) async -> (ServiceRow, ServicePart<OverviewPart>?, ServiceFailure?) {
        let service = ServiceRef(config)
        let link: ServiceSession.Link
        do throws(ServiceError) {
            link = try await session.probe(force: force)
        } catch {
            let cached = await cachedPart(OverviewPart.self, service: service, cacheName: "overview", maxAge: CacheAge.overview,
                                          cache: cache, now: clock.now)
            return (.failed(service, error), cached, config.kind.role == .orchestrator ? ServiceFailure(service: service, error: error) : nil)
        }
        var row = ServiceRow(service: service, state: .ok, endpoint: link.role, appName: link.status.appName,
                             version: link.status.version,
                             latencyMilliseconds: Int((link.latency.seconds * 1000).rounded()))
        guard config.kind.role == .orchestrator else { return (row, nil, nil) }
        do throws(ServiceError) {
            let part = try await session.perform(force: true) { client throws(ServiceError) in
                async let health = outcome { () async throws(ServiceError) in try await client.health() }
                async let disks = outcome { () async throws(ServiceError) in try await client.diskSpace() }
                return OverviewPart(health: try await health.get(), disks: try await disks.get())
            }
            let now = clock.now
            try? await cache?.storeFeature(part, feature: "overview", serviceID: service.id, refreshedAt: now)
            return (row, ServicePart(service: service, value: part, refreshedAt: now, isStale: false), nil)
        } catch {
            // Probe OK, content failed: one degraded row, not "connected" plus "failed".
            row.state = .degraded
            row.recovery = error.recovery
            row.message = ErrorText.sentence(error)
            let cached = await cachedPart(OverviewPart.self, service: service, cacheName: "overview", maxAge: CacheAge.overview,
                                          cache: cache, now: clock.now)
            return (row, cached, ServiceFailure(service: service, error: error))
        }
    }

    /// A series' or movie's detail page: the item, its episodes (series), its
    /// recent history and its queue entries, from the instance that owns it.
    public func detail(of resource: Resource, force: Bool = false) async -> FeatureState<ResourceDetail> {
        guard let config = services.first(where: { $0.id == resource.id.serviceID }) else { return .unavailable(.configureEndpoint) }
        guard config.enabled else { return .disabled }
        let id = resource.id
        do throws(ServiceError) {
            let detail = try await session(config).perform(force: force) { client throws(ServiceError) in
                async let episodes = outcome { () async throws(ServiceError) in try await client.episodes(of: id) }
                async let history = outcome { () async throws(ServiceError) in try await client.history(of: id) }
                async let queue = outcome { () async throws(ServiceError) in try await client.queue() }
                return ResourceDetail(resource: resource, episodes: try await episodes.get(), history: try await history.get(),
                                      queue: try await queue.get().filter { $0.resource == id })
            }
            return .content(detail, refreshedAt: clock.now)
        } catch {
            return FeatureState<ResourceDetail>.loading.failed(error)
        }
    }

    /// A poster or other image of a library item, from the instance that owns it (or the image's public source).
    public func artwork(_ image: MediaImage, of resource: ResourceID, thumbnail: Bool) async throws(ServiceError) -> Data {
        guard let config = services.first(where: { $0.id == resource.serviceID }), config.enabled else {
            throw .unavailable(.unreachable)
        }
        return try await session(config).perform(force: false) { client throws(ServiceError) in
            try await client.artwork(image, of: resource, thumbnail: thumbnail)
        }
    }

    // MARK: Cached states (start-up)

    /// What a feature shows before its first refresh: the cached content of its
    /// services, always as `stale` with the time it was really fetched, or
    /// `loading` when nothing usable is cached. Expired entries are never shown.
    public func cachedLibrary(_ feature: Feature) async -> FeatureState<LibraryContent> {
        await cachedState(services.filter { feature.includes($0.kind) }, cacheName: "library", maxAge: CacheAge.library)
    }

    public func cachedDownloads() async -> FeatureState<DownloadsContent> {
        await cachedState(services.filter { Feature.downloads.includes($0.kind) }, cacheName: "transfers", maxAge: CacheAge.transfers)
    }

    public func cachedCalendar() async -> FeatureState<CalendarContent> {
        await cachedState(services.filter { Feature.calendar.includes($0.kind) }, cacheName: "calendar", maxAge: CacheAge.calendar)
    }

    public func cachedActivity() async -> FeatureState<ActivityContent> {
        let queues: Aggregate<[QueueItem]> = await cachedAggregate(services.filter { $0.kind.role == .orchestrator },
                                                                  cacheName: "queue", maxAge: CacheAge.queue)
        let transfers: Aggregate<TransferSnapshot> = await cachedAggregate(services.filter { $0.kind.role == .transferClient },
                                                                          cacheName: "transfers", maxAge: CacheAge.transfers)
        guard !queues.parts.isEmpty else { return .loading }
        let content = Self.activityContent(queues: queues, transfers: transfers)
        return .stale(content, refreshedAt: content.staleSince ?? clock.now, recovery: .retry)
    }

    public func cachedOverview() async -> FeatureState<OverviewContent> {
        let configs = services
        guard !configs.isEmpty else { return .empty }
        let rows = configs.map { $0.enabled ? ServiceRow(service: ServiceRef($0), state: .checking) : .disabled(ServiceRef($0)) }
        let details: Aggregate<OverviewPart> = await cachedAggregate(configs.filter { $0.kind.role == .orchestrator },
                                                                    cacheName: "overview", maxAge: CacheAge.overview)
        guard let since = details.staleSince else { return .loading }
        return .stale(OverviewContent(rows: rows, details: details), refreshedAt: since, recovery: .retry)
    }

    private func cachedState<Value: Codable & Sendable & Equatable>(
        _ configs: [ServiceConfig], cacheName: String, maxAge: TimeInterval
    ) async -> FeatureState<Aggregate<Value>> {
        guard !configs.isEmpty else { return .empty }
        guard configs.contains(where: \.enabled) else { return .disabled }
        let aggregate: Aggregate<Value> = await cachedAggregate(configs, cacheName: cacheName, maxAge: maxAge)
        guard let since = aggregate.staleSince else { return .loading }
        return .stale(aggregate, refreshedAt: since, recovery: .retry)
    }

    private func cachedAggregate<Value: Codable & Sendable & Equatable>(
        _ configs: [ServiceConfig], cacheName: String, maxAge: TimeInterval
    ) async -> Aggregate<Value> {
        var aggregate = Aggregate<Value>()
        for config in configs where config.enabled {
            if let part = await Self.cachedPart(Value.self, service: ServiceRef(config), cacheName: cacheName, maxAge: maxAge,
                                                cache: cache, now: clock.now) {
                aggregate.parts.append(part)
            }
        }
        return aggregate
    }

    private static func cachedPart<Value: Codable & Sendable & Equatable>(
        _ type: Value.Type, service: ServiceRef, cacheName: String, maxAge: TimeInterval, cache: ServiceCache?, now: Date
    ) async -> ServicePart<Value>? {
        guard let cached = await cache?.loadFeature(Value.self, feature: cacheName, serviceID: service.id, now: now, maxAge: maxAge),
              !cached.isExpired else { return nil }
        return ServicePart(service: service, value: cached.value, refreshedAt: cached.refreshedAt, isStale: true)
    }

    // MARK: Fan-out

    private func gatherTransfers(_ configs: [ServiceConfig], force: Bool,
                                 progress: (@Sendable (Aggregate<TransferSnapshot>) -> Void)?) async -> Aggregate<TransferSnapshot> {
        await gather(configs, feature: .downloads, cacheName: "transfers", maxAge: CacheAge.transfers,
                     force: force, progress: progress) { client throws(ServiceError) in
            try await client.transfers() ?? TransferSnapshot(items: [], stats: TransferStats(
                downloadSpeed: 0, uploadSpeed: 0, freeSpaceBytes: nil, count: 0, activeCount: 0))
        }
    }

    /// Asks every enabled service in `configs` at once, each in its own child
    /// task. A service that fails contributes its cached part (if any, and not
    /// expired) and a failure entry; the others are not affected.
    private func gather<Value: Codable & Sendable & Equatable>(
        _ configs: [ServiceConfig], feature: Feature, cacheName: String, maxAge: TimeInterval, force: Bool,
        progress: (@Sendable (Aggregate<Value>) -> Void)?,
        fetch: @escaping @Sendable (ServiceClient) async throws(ServiceError) -> Value
    ) async -> Aggregate<Value> {
        let enabled = configs.filter(\.enabled)
        var aggregate = Aggregate<Value>(pending: enabled.map(ServiceRef.init))
        let cache = cache
        let clock = clock
        let work = enabled.map { ($0, session($0)) }
        await withTaskGroup(of: (ServiceRef, Result<ServicePart<Value>, ServiceError>, ServicePart<Value>?).self) { group in
            for (config, session) in work {
                let service = ServiceRef(config)
                group.addTask {
                    do throws(ServiceError) {
                        let value = try await session.perform(force: force, fetch)
                        let now = clock.now
                        if await session.shouldKeep(cacheName, at: now, every: maxAge / 10) {
                            do {
                                try await cache?.storeFeature(value, feature: cacheName, serviceID: service.id, refreshedAt: now)
                            } catch {
                                Log.warning("cache: could not keep \(cacheName) of \(service.kind.rawValue) \(service.id): \(error)")
                            }
                        }
                        return (service, .success(ServicePart(service: service, value: value, refreshedAt: now, isStale: false)), nil)
                    } catch {
                        let cached = await Self.cachedPart(Value.self, service: service, cacheName: cacheName, maxAge: maxAge,
                                                           cache: cache, now: clock.now)
                        return (service, .failure(error), cached)
                    }
                }
            }
            for await (service, result, cached) in group {
                aggregate.pending.removeAll { $0.id == service.id }
                switch result {
                case .success(let part):
                    aggregate.parts.append(part)
                    contentFailures[service.id]?[feature] = nil
                case .failure(let error):
                    if case .cancelled = error { continue }
                    if let cached { aggregate.parts.append(cached) }
                    aggregate.failures.append(ServiceFailure(service: service, error: error))
                    if ServiceSession.isContentProblem(error) { contentFailures[service.id, default: [:]][feature] = error }
                }
                aggregate.parts.sort { Self.order(of: $0.service.id, in: configs) < Self.order(of: $1.service.id, in: configs) }
                aggregate.failures.sort { Self.order(of: $0.service.id, in: configs) < Self.order(of: $1.service.id, in: configs) }
                progress?(aggregate)
            }
        }
        return aggregate
    }

    /// Decoding a large library leaves tens of megabytes of freed buffers (the
    /// response, the JSON tokens, the cache encoding) in glibc's per-thread
    /// arenas; this hands them back to the system instead of keeping them resident.
    static func returnFreedMemory() {
        _ = mallocTrim(0)
    }

    private static func order(of id: UUID, in configs: [ServiceConfig]) -> Int {
        configs.firstIndex { $0.id == id } ?? configs.count
    }

    // MARK: States

    private func aggregateProgress<Value: Sendable & Equatable>(
        _ report: @escaping Progress<Aggregate<Value>>
    ) -> @Sendable (Aggregate<Value>) -> Void {
        let clock = clock
        return { aggregate in
            guard !aggregate.pending.isEmpty else { return } // the final state is the call's result
            if let since = aggregate.staleSince {
                report(.stale(aggregate, refreshedAt: since, recovery: aggregate.failures.first?.recovery ?? .retry))
            } else if !aggregate.parts.isEmpty || !aggregate.failures.isEmpty {
                report(.content(aggregate, refreshedAt: clock.now))
            }
        }
    }

    /// One state for a multi-service feature:
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

    public static func activityContent(queues: Aggregate<[QueueItem]>, transfers: Aggregate<TransferSnapshot>) -> ActivityContent {
        let items = ActivityJoin.join(queues: queues.parts.flatMap(\.value),
                                      transfers: transfers.parts.map { ($0.service.kind, $0.value.items) })
        return ActivityContent(items: items, queues: queues, transfers: transfers)
    }

    /// Activity depends on the orchestrators: without any queue there is nothing
    /// to show, whatever the transfer clients say. A failing transfer client only
    /// costs live progress, so it appears in the failures but never blanks the page.
    static func activityState(_ content: ActivityContent, orchestrators: [ServiceConfig], clients: [ServiceConfig],
                              now: Date) -> FeatureState<ActivityContent> {
        guard !orchestrators.isEmpty else { return .empty }
        guard orchestrators.contains(where: \.enabled) else { return .disabled }
        let hasQueues = !content.queues.parts.isEmpty
        return combine(content, hasParts: hasQueues, isEmpty: content.items.isEmpty,
                       failures: hasQueues ? content.failures : content.queues.failures,
                       staleSince: content.staleSince, now: now)
    }
}

/// Runs `body` and keeps its result or its typed error (for `async let`, which loses error types).
func outcome<T: Sendable>(_ body: @Sendable () async throws(ServiceError) -> T) async -> Result<T, ServiceError> {
    do throws(ServiceError) { return .success(try await body()) } catch { return .failure(error) }
}

/// Combines the two halves of an Activity refresh as they arrive.
private final class ActivityProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var queues: Aggregate<[QueueItem]>
    private var transfers: Aggregate<TransferSnapshot>
    private let report: Repository.Progress<ActivityContent>?
    private let clock: Clock

    init(orchestrators: [ServiceConfig], clients: [ServiceConfig], now clock: Clock, report: Repository.Progress<ActivityContent>?) {
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
            return Repository.activityContent(queues: queues, transfers: transfers)
        }
        guard let content else { return }
        if let since = content.staleSince {
            report(.stale(content, refreshedAt: since, recovery: content.failures.first?.recovery ?? .retry))
        } else {
            report(.content(content, refreshedAt: clock.now))
        }
    }
}
