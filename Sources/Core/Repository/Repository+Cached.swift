import Foundation

/// The states shown at start-up, before the first refresh answers: each feature's cached content,
/// stale with the time it was really fetched, or loading.
extension Repository {
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
}
