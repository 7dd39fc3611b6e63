import Foundation

/// Activity: the orchestrators' queues joined with the clients' transfers, and which configured
/// client each orchestrator's download clients are.
extension Repository {
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
        let transferLists = await transfers
        await sampleSpeeds(transferLists)
        let content = ActivityContent(joining: Self.adding(kept, to: answered, order: orchestrators), transfers: transferLists, routes: routes)
        return FeatureStates.activity(content, orchestrators: orchestrators, now: clock.now)
    }

    /// The longest a queue is used again on a live channel's word (the channel's safety net).
    public static let keptQueueMaximumAge: TimeInterval = 300

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
                    do throws(ServiceError) {
                        let list = try await session.perform(Capabilities.downloadClients, force: false) { client throws(ServiceError) in
                            try await client.downloadClients()
                        }
                        await session.note(.downloadClients, nil)
                        return (id, list)
                    } catch {
                        await session.note(.downloadClients, error) // its records go to the first client holding the download
                        return (id, nil)
                    }
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
}
