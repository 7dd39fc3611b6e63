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

    private let registry: ServiceRegistry
    private let store: FeatureStore
    private let clock: Clock
    private var services: [ServiceConfig] = []
    private var pool: SessionPool
    /// Each orchestrator's last queue read by Activity (live channels may let it be used again).
    private var lastQueues: [UUID: ServicePart<[QueueItem]>] = [:]
    /// Each orchestrator's download clients and when they were read.
    private var downloadClientLists: [UUID: (read: Date, clients: [DownloadClientInfo])] = [:]

    public init(registry: ServiceRegistry, transport: any HTTPTransport, secrets: any SecretStore,
                cache: ServiceCache?, clock: Clock = .system) {
        self.registry = registry
        self.store = FeatureStore(cache: cache)
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
    public func purge(serviceID: UUID) { pool.forget(serviceID) }

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
        return FeatureStates.state(aggregate, configs: configs, now: clock.now)
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

    /// Every queue, grouped per download and joined with the transfer client
    /// holding it. Queues and transfer lists are fetched at once.
    /// Activity: every orchestrator's queue joined with the clients' transfers. `keepingQueues`: the
    /// orchestrators whose live channel says their queue has not changed since it was last read — their
    /// last queue (read within `keptQueueMaximumAge`) is used again instead of asking for it; the
    /// transfers, which no channel covers, are always read.
    public func activity(force: Bool = false, keepingQueues: Set<UUID> = [],
                         progress: Progress<ActivityContent>? = nil) async -> FeatureState<ActivityContent> {
        let orchestrators = services.filter { $0.kind.offers(Capabilities.queue) }
        let clients = services.filter { $0.kind.offers(Capabilities.transfers) }
        let routes = await downloadClientRoutes(orchestrators, clients: clients)
        let now = clock.now
        let kept = orchestrators.compactMap { config -> ServicePart<[QueueItem]>? in
            guard keepingQueues.contains(config.id), let last = lastQueues[config.id],
                  now.timeIntervalSince(last.refreshedAt) < Self.keptQueueMaximumAge, last.refreshedAt <= now else { return nil }
            return last
        }
        let keptIDs = Set(kept.map(\.service.id))
        let asked = orchestrators.filter { !keptIDs.contains($0.id) }
        let live = ActivityProgress(orchestrators: orchestrators, clients: clients, clock: clock, routes: routes, report: progress)
        async let fetched = gather(asked, Capabilities.queue, .activity, cache: .queue, force: force,
                                   progress: { live.update(queues: Self.adding(kept, to: $0, order: orchestrators)) }) { client throws(ServiceError) in try await client.queue() }
        async let transfers = gather(clients, Capabilities.transfers, .downloads, cache: .transfers, force: force,
                                     progress: { live.update(transfers: $0) }) { client throws(ServiceError) in
            try await client.transfers()
        }
        let answered = await fetched
        for part in answered.parts where !part.isStale { lastQueues[part.service.id] = part }
        queuesRead += answered.parts.count + answered.failures.count
        let content = ActivityContent(joining: Self.adding(kept, to: answered, order: orchestrators), transfers: await transfers, routes: routes)
        return FeatureStates.activity(content, orchestrators: orchestrators, now: clock.now)
    }

    /// The longest a queue is used again on a live channel's word (the channel's safety net).
    public static let keptQueueMaximumAge: TimeInterval = 300
    /// Orchestrator queues asked for by Activity refreshes (diagnostics, tests).
    public private(set) var queuesRead = 0

    /// The queues read and the queues kept, in the configuration's order (as a full read gives them).
    private static func adding(_ kept: [ServicePart<[QueueItem]>], to aggregate: Aggregate<[QueueItem]>,
                               order: [ServiceConfig]) -> Aggregate<[QueueItem]> {
        guard !kept.isEmpty else { return aggregate }
        var all = aggregate
        all.parts += kept
        all.parts.sort { FanOut.position(of: $0.service.id, in: order) < FanOut.position(of: $1.service.id, in: order) }
        return all
    }

    /// Which configured client each orchestrator's download clients are. Their settings rarely change:
    /// read once per orchestrator session and again every ten minutes; an orchestrator that cannot say
    /// leaves its records to the first client holding the download.
    private func downloadClientRoutes(_ orchestrators: [ServiceConfig], clients: [ServiceConfig]) async -> DownloadClientRoutes {
        let now = clock.now
        let due = orchestrators.filter { config in
            config.enabled && config.kind.offers(Capabilities.downloadClients)
                && (downloadClientLists[config.id].map { now.timeIntervalSince($0.read) > 600 || $0.read > now } ?? true)
        }
        let sessions = due.map { ($0.id, pool.session($0)) }
        let fresh = await withTaskGroup(of: (UUID, [DownloadClientInfo]?).self) { group in
            for (id, session) in sessions {
                group.addTask {
                    let list = try? await session.perform(Capabilities.downloadClients, force: false) { client throws(ServiceError) in
                        try await client.downloadClients()
                    }
                    return (id, list ?? nil)
                }
            }
            var lists: [(UUID, [DownloadClientInfo]?)] = []
            for await entry in group { lists.append(entry) }
            return lists
        }
        for (id, list) in fresh { downloadClientLists[id] = (now, list ?? []) } // a refusal is asked again in ten minutes
        var routes: DownloadClientRoutes = [:]
        for (orchestrator, entry) in downloadClientLists {
            for info in entry.clients {
                if let service = info.service(among: clients) { routes[orchestrator, default: [:]][info.name] = service }
            }
        }
        return routes
    }

    /// One status row per configured service, plus the health issues and disk space of those that report them.
    public func overview(force: Bool = false, progress: Progress<OverviewContent>? = nil) async -> FeatureState<OverviewContent> {
        let work = services.filter(\.enabled).map { FanOut.Work(config: $0, session: pool.session($0)) }
        return await OverviewRows.overview(services, sessions: work, store: store, clock: clock, force: force,
                                           degrade: { pool.withContentFailures($0) }, progress: progress)
    }

    /// A library item's detail page: the item, its episodes, its recent history and
    /// its queue entries — whichever of those its instance offers.
    public func detail(of resource: Resource, force: Bool = false) async -> FeatureState<ResourceDetail> {
        guard let config = services.first(where: { $0.id == resource.id.serviceID }) else { return .unavailable(.configureEndpoint) }
        guard config.enabled else { return .disabled }
        let id = resource.id
        do throws(ServiceError) {
            let detail = try await pool.session(config).perform(force: force) { client throws(ServiceError) in
                async let episodes = outcome { () async throws(ServiceError) in
                    try await Capabilities.episodes.provider(client)?.episodes(of: id) ?? []
                }
                async let history = outcome { () async throws(ServiceError) in
                    try await Capabilities.history.provider(client)?.history(of: id) ?? []
                }
                async let queue = outcome { () async throws(ServiceError) in try await Capabilities.queue.provider(client)?.queue() ?? [] }
                return ResourceDetail(resource: resource, episodes: try await episodes.get(), history: try await history.get(),
                                      queue: try await queue.get().filter { $0.resource == id })
            }
            return .content(detail, refreshedAt: clock.now)
        } catch {
            return FeatureState<ResourceDetail>.loading.failed(error)
        }
    }

    /// One library item read again (a live message said it changed); nil when it cannot be read now.
    public func libraryItem(_ id: ResourceID) async -> Resource? {
        guard let config = services.first(where: { $0.id == id.serviceID }), config.enabled else { return nil }
        let item = try? await pool.session(config).perform(Capabilities.library, force: false) { client throws(ServiceError) in
            try await client.libraryItem(id.itemID)
        }
        return item ?? nil
    }

    /// A poster or other image of a library item, from the instance that owns it (or the image's public source).
    public func artwork(_ image: MediaImage, of resource: ResourceID, thumbnail: Bool) async throws(ServiceError) -> Data {
        guard let config = services.first(where: { $0.id == resource.serviceID }), config.enabled else {
            throw .unavailable(.unreachable)
        }
        let data = try await pool.session(config).perform(Capabilities.artwork, force: false) { client throws(ServiceError) in
            try await client.artwork(image, of: resource, thumbnail: thumbnail)
        }
        guard let data else { throw .notOffered } // the kind has no artwork
        return data
    }

    /// Where each enabled Sonarr (v4 and later) and Radarr instance can be reached now, for its live
    /// channel (the endpoint its last probe chose; one is probed when it has not been), and the instances
    /// whose version has no hub Switchyard speaks. Instances that cannot be reached are left out until the next call.
    public func liveTargets() async -> LiveTargets {
        var targets = LiveTargets()
        for config in services where config.enabled && (config.kind == .sonarr || config.kind == .radarr) {
            guard let link = try? await pool.session(config).probe(force: false) else { continue }
            if config.kind == .sonarr, let major = link.status.version.split(separator: ".").first.flatMap({ Int($0) }), major < 4 {
                targets.withoutHub[config.id] = link.status.version // Sonarr v3's hub speaks another protocol: polled
                continue
            }
            if let connection = try? ServiceConnection(config: config, role: link.role) { targets.connections.append(connection) }
        }
        return targets
    }

    /// The poster of a lookup result (Add Series / Add Movie), from the instance searched: its public
    /// source unless the instance is set to load artwork only from itself, else the instance's copy
    /// (the library's for an item already in it, the instance's cover proxy for one not yet added).
    public func lookupPoster(_ result: LookupResult, on instance: UUID) async throws(ServiceError) -> Data {
        guard let image = result.poster else { throw .notOffered }
        return try await artwork(image, of: ResourceID(serviceID: instance, itemID: result.libraryID ?? 0), thumbnail: true)
    }

    // MARK: Cached states (start-up): stale with the time really fetched, or loading

    public func cachedLibrary(_ kind: Resource.Kind) async -> FeatureState<LibraryContent> {
        await store.state(services.filter { Feature.library(kind).includes($0.kind) }, .library, now: clock.now)
    }

    public func cachedDownloads() async -> FeatureState<DownloadsContent> {
        await store.state(services.filter { Feature.downloads.includes($0.kind) }, .transfers, now: clock.now)
    }

    public func cachedCalendar() async -> FeatureState<CalendarContent> {
        await store.state(services.filter { Feature.calendar.includes($0.kind) }, .calendar, now: clock.now)
    }

    public func cachedActivity() async -> FeatureState<ActivityContent> {
        let queues: Aggregate<[QueueItem]> = await store.aggregate(services.filter { $0.kind.offers(Capabilities.queue) },
                                                                   .queue, now: clock.now)
        let transfers: Aggregate<TransferSnapshot> = await store.aggregate(
            services.filter { $0.kind.offers(Capabilities.transfers) }, .transfers, now: clock.now)
        guard !queues.parts.isEmpty else { return .loading }
        let content = ActivityContent(joining: queues, transfers: transfers)
        return .stale(content, refreshedAt: content.staleSince ?? clock.now, recovery: .retry)
    }

    public func cachedOverview() async -> FeatureState<OverviewContent> {
        guard !services.isEmpty else { return .empty }
        let details: Aggregate<OverviewPart> = await store.aggregate(services.filter { $0.kind.offers(Capabilities.health) },
                                                                     .overview, now: clock.now)
        guard let since = details.staleSince else { return .loading }
        return .stale(OverviewContent(rows: OverviewRows.initialRows(services), details: details), refreshedAt: since, recovery: .retry)
    }

    /// A live channel's upgrade was refused with the instance's key: that counts toward the
    /// session's refusals like a refused request (Documentation/Reliability.md) — reads stop asking
    /// until the user does, and three refusals stop even that until the key changes.
    public func liveRefused(serviceID: UUID) async {
        guard let config = configuredServices.first(where: { $0.id == serviceID }), config.enabled else { return }
        await session(for: config).refusedElsewhere()
    }

    /// The session of one service (writes go through it, like reads).
    func session(for config: ServiceConfig) -> ServiceSession { pool.session(config) }

    /// The session of a configured, enabled service — what every write and on-demand read goes through — or `.notOffered`.
    func enabledSession(_ id: UUID) throws(ServiceError) -> ServiceSession {
        guard let config = configuredServices.first(where: { $0.id == id }), config.enabled else { throw .notOffered }
        return session(for: config)
    }

    // MARK: Fan-out

    private func gather<Provider, Value: Codable & Sendable & Equatable>(
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
