import Core
import Foundation

/// The Downloads page's content for page tests: each of `services` answering with its own `items`, nothing stale.
func downloadsContent(_ services: [ServiceRef], _ items: [TransferItem]) -> FeatureState<DownloadsContent> {
    let parts = services.map { service in
        ServicePart(service: service, value: TransferSnapshot(items: items.filter { $0.serviceID == service.id },
                                                              stats: TransferStats(downloadSpeed: 0, uploadSpeed: 0, freeSpaceBytes: nil,
                                                                                   count: 0, activeCount: 0)),
                    refreshedAt: Date(), isStale: false)
    }
    return .content(Aggregate(parts: parts), refreshedAt: Date())
}
