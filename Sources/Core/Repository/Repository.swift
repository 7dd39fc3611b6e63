import Foundation

/// The aggregate behind every tab, as a façade: each feature asks the services
/// that offer its capability (`FanOut`), turns their parts and failures into one
/// state (`FeatureStates`, `OverviewRows`), keeps the last good content per
/// service on disk (`FeatureStore`) and one session per service (`SessionPool`).
///
/// Progress: every feature call takes an optional `progress` callback that
/// receives the aggregate each time one more service has answered, so one slow
/// service never holds back the others; the call returns the final state.
/// Nothing here runs on the main thread.
public actor Repository: ServiceScopedState {
    public typealias Progress<Value: Sendable> = @Sendable (FeatureState<Value>) -> Void

    let registry: ServiceRegistry
    let store: FeatureStore
    let clock: Clock
    var services: [ServiceConfig] = []
    var pool: SessionPool
    /// Each orchestrator's last queue read by Activity (live channels may let it be used again).
    var lastQueues: [UUID: ServicePart<[QueueItem]>] = [:]
    /// Each orchestrator's download clients and when they were read.
    var downloadClientLists: [UUID: (read: Date, clients: [DownloadClientInfo])] = [:]
    /// Orchestrator queues asked for by Activity refreshes (diagnostics, tests).
    public internal(set) var queuesRead = 0
    /// Each transfer client's speeds over time, sampled by every Downloads read (none without a cache folder).
    public nonisolated let speedHistory: SpeedHistoryStore?

    public init(registry: ServiceRegistry, transport: any HTTPTransport, secrets: any SecretStore,
                cache: ServiceCache?, clock: Clock = .system) {
        self.registry = registry
        self.store = FeatureStore(cache: cache)
        speedHistory = cache.map { SpeedHistoryStore(cache: $0) }
        self.clock = clock
        pool = SessionPool(transport: transport, secrets: secrets, clock: clock)
    }

    // MARK: Configuration

    /// Takes the registry's current services. A service whose configuration
    /// changed gets a new session (new endpoint, new client); a removed one is dropped.
    public func reload() async {
        services = await registry.services
        pool.keep(services)
    }

    public var configuredServices: [ServiceConfig] { services }

    /// The network changed (GIO's network monitor): every endpoint is resolved again on next use.
    public func networkChanged() async { await pool.invalidateAll() }

    /// A service or its credential was removed: forget its session and failures (its cache files are the cache's).
    public func purge(serviceID: UUID) async {
        pool.forget(serviceID)
        await speedHistory?.forget(serviceID)
    }

    /// New credential: the next request starts a new session (new client, new sign-in, no backoff).
    public func credentialChanged(serviceID: UUID) { pool.restart(serviceID) }

    // MARK: Features

    /// Series or Movies: every instance's library of that kind, each item tagged with its instance by its id.
    public func library(_ kind: Resource.Kind, force: Bool = false,
                        progress: Progress<LibraryContent>? = nil) async -> FeatureState<LibraryContent> {
        let feature = Feature.library(kind)
        let configs = services.filter { feature.includes($0.kind) }
        let started = ContinuousClock.now
        defer { Log.debug("timing: \(feature.rawValue) refresh \(ContinuousClock.now - started)") }
        let aggregate = await gather(configs, Capabilities.library, feature, cache: .library, force: force,
                                     progress: progress.map { FeatureStates.progress($0, clock: clock) }) { client throws(ServiceError) in
            try await client.library()
        }
        if aggregate.items.count > 5000 { Memory.returnFreed() }
        return FeatureStates.state(aggregate, configs: configs, now: clock.now)
    }

    /// Every transfer client's full list.
    public func downloads(force: Bool = false, progress: Progress<DownloadsContent>? = nil) async -> FeatureState<DownloadsContent> {
        let configs = services.filter { Feature.downloads.includes($0.kind) }
        let aggregate = await gather(configs, Capabilities.transfers, .downloads, cache: .transfers, force: force,
                                     progress: progress.map { FeatureStates.progress($0, clock: clock) }) { client throws(ServiceError) in
            try await client.transfers()
        }
        await sampleSpeeds(aggregate)
        return FeatureStates.state(aggregate, configs: configs, now: clock.now)
    }

    /// Each client read now (not a stale part from the cache) is one sample of its speeds — from the Downloads and
    /// the Activity reads alike: nothing is read for the history alone.
    func sampleSpeeds(_ aggregate: Aggregate<TransferSnapshot>) async {
        guard let speedHistory else { return }
        let now = Int64(clock.now.timeIntervalSince1970)
        for part in aggregate.parts where !part.isStale {
            await speedHistory.record(part.service.id, down: part.value.stats.downloadSpeed, up: part.value.stats.uploadSpeed, at: now)
        }
    }

    /// What airs or releases from the start of today for `days` days, from every service that has a calendar.
    public func calendar(days: Int = 14, force: Bool = false,
                         progress: Progress<CalendarContent>? = nil) async -> FeatureState<CalendarContent> {
        let configs = services.filter { Feature.calendar.includes($0.kind) }
        let start = Calendar.current.startOfDay(for: clock.now)
        let end = start.addingTimeInterval(TimeInterval(days) * 86_400)
        let aggregate = await gather(configs, Capabilities.calendar, .calendar, cache: .calendar, force: force,
                                     progress: progress.map { FeatureStates.progress($0, clock: clock) }) { client throws(ServiceError) in
            try await client.calendar(from: start, to: end)
        }
        return FeatureStates.state(aggregate, configs: configs, now: clock.now)
    }

    /// One status row per configured service, plus the health issues and disk space of those that report them.
    public func overview(force: Bool = false, progress: Progress<OverviewContent>? = nil) async -> FeatureState<OverviewContent> {
        let work = services.filter(\.enabled).map { FanOut.Work(config: $0, session: pool.session($0)) }
        return await OverviewRows.overview(services, sessions: work, store: store, clock: clock, force: force,
                                           degrade: { pool.withContentFailures($0) }, progress: progress)
    }

    /// The session of one service (writes go through it, like reads).
    func session(for config: ServiceConfig) -> ServiceSession { pool.session(config) }

    /// The session of a configured, enabled service — what every write and on-demand read goes through — or `.notConfigured`.
    func enabledSession(_ id: UUID) throws(ServiceError) -> ServiceSession {
        guard let config = configuredServices.first(where: { $0.id == id }), config.enabled else { throw .notConfigured }
        return session(for: config)
    }

    /// A feature defined anywhere (a new tab's): every enabled service offering `capability` asked at once, its
    /// answers merged into one state as for the built-in tabs — partial failures, stale parts from `cache`, backoff.
    public func content<Provider, Value: Codable & Sendable & Equatable>(
        _ feature: Feature, _ capability: Capability<Provider>, cache: CachedFeatureName, force: Bool = false,
        progress: Progress<Aggregate<Value>>? = nil, isEmpty: @escaping @Sendable (Aggregate<Value>) -> Bool,
        fetch: @escaping @Sendable (Provider) async throws(ServiceError) -> Value
    ) async -> FeatureState<Aggregate<Value>> {
        let configs = services.filter { feature.includes($0.kind) }
        let aggregate: Aggregate<Value> = await gather(configs, capability, feature, cache: cache, force: force,
                                                       progress: progress.map { FeatureStates.progress($0, clock: clock) }, fetch: fetch)
        return FeatureStates.state(aggregate, configs: configs, now: clock.now, isEmpty: isEmpty)
    }

    /// What such a feature shows before its first refresh: its services' cached parts, as stale.
    public func cachedContent<Value: Codable & Sendable & Equatable>(_ feature: Feature, cache: CachedFeatureName) async
        -> FeatureState<Aggregate<Value>> {
        await store.state(services.filter { feature.includes($0.kind) }, cache, now: clock.now)
    }

    // MARK: Fan-out

    func gather<Provider, Value: Codable & Sendable & Equatable>(
        _ configs: [ServiceConfig], _ capability: Capability<Provider>, _ feature: Feature, cache name: CachedFeatureName,
        force: Bool, progress: (@Sendable (Aggregate<Value>) -> Void)?,
        fetch: @escaping @Sendable (Provider) async throws(ServiceError) -> Value
    ) async -> Aggregate<Value> {
        let work = configs.filter(\.enabled).map { FanOut.Work(config: $0, session: pool.session($0)) }
        return await FanOut.gather(work, order: configs, capability, cache: name, force: force, store: store, clock: clock,
                                   progress: progress, outcome: { pool.record($1, feature: feature, service: $0.id) },
                                   fetch: fetch)
    }
}
