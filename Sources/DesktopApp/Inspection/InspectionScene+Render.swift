import Core
import Foundation

/// Renders a route's synthetic states into the real window: the tab shown has its page made; the
/// others keep their states for when they are shown (as at a real start).
@MainActor
extension MainWindow {
    func show(_ scene: InspectionScene) {
        switch scene {
        case .welcome:
            showWelcome()
        case .networkFailure:
            showNetworkFailure(ErrorText.sentence(ServiceError(TransportError.tlsFailed("cannot read trust anchors"))))
        case .tabs(let selected, let variant):
            for tab in AppTab.allCases { render(tab, tab == selected ? variant : .content) }
            showTabs(selected: selected)
        case .allTabs(let variant):
            for tab in AppTab.allCases { render(tab, variant) }
            showTabs(selected: .overview)
        case .detail(let tab):
            for tab in AppTab.allCases { render(tab, .content) }
            showTabs(selected: tab)
            let feature: Feature = tab == .series ? .series : .movies
            let detail = InspectionData.detail(feature)
            (tab == .series ? series : movies).showDetail(.content(detail, refreshedAt: InspectionData.now), title: detail.resource.title)
        }
    }

    private func render(_ tab: AppTab, _ variant: InspectionVariant) {
        let now = InspectionData.now
        func state<Value: Sendable>(_ value: Value, failures: [ServiceFailure] = []) -> FeatureState<Value> {
            switch variant {
            case .content, .partial, .partialEmpty: .content(value, refreshedAt: now)
            case .loading: .loading
            case .empty: .empty
            case .stale: .stale(value, refreshedAt: InspectionData.staleSince, recovery: .retry)
            case .unavailable: .unavailable(.retry)
            case .unauthorized: .unauthorized
            case .disabled: .disabled
            }
        }
        let stale = variant == .stale
        let partial = variant == .partial || variant == .partialEmpty
        let nothing = variant == .partialEmpty // the services that answered have nothing
        switch tab {
        case .overview:
            let shown = state(InspectionData.overview(partial: partial))
            overviewSlot.show { $0.render(shown) }
        case .series, .movies:
            let feature: Feature = tab == .series ? .series : .movies
            var content = InspectionData.library(feature, stale: stale)
            if partial {
                content.failures = [InspectionData.partialFailure(feature)]
                if feature == .series { content.parts.removeAll { $0.service.id == InspectionData.sonarr4K.id } }
            }
            if nothing { for index in content.parts.indices { content.parts[index].value = [] } }
            let shown = state(content)
            (tab == .series ? seriesSlot : moviesSlot).show { $0.render(shown) }
        case .activity:
            var content = InspectionData.activity(stale: stale)
            if nothing { for index in content.queues.parts.indices { content.queues.parts[index].value = [] } }
            if partial {
                content.transfers.parts.removeAll { $0.service.id == InspectionData.nzbget.id }
                content.transfers.failures = [ServiceFailure(service: InspectionData.nzbget, error: .unavailable(.timedOut))]
                content = ActivityContent(joining: content.queues, transfers: content.transfers)
            }
            let shown = state(content)
            activitySlot.show { $0.render(shown) }
        case .downloads:
            var content = InspectionData.downloads(stale: stale)
            if partial { content.failures = [InspectionData.partialFailure(.downloads)] }
            if nothing {
                for index in content.parts.indices {
                    content.parts[index].value = TransferSnapshot(items: [], stats: TransferStats(
                        downloadSpeed: 0, uploadSpeed: 0, freeSpaceBytes: nil, count: 0, activeCount: 0))
                }
            }
            let shown = state(content)
            downloadsSlot.show { $0.render(shown) }
        case .calendar:
            var content = InspectionData.calendar(stale: stale)
            if partial {
                content.failures = [InspectionData.partialFailure(.calendar)]
                content.parts.removeAll { $0.service.id == InspectionData.sonarr4K.id }
            }
            if nothing { for index in content.parts.indices { content.parts[index].value = [] } }
            let shown = state(content)
            calendarSlot.show { $0.render(shown) }
        }
    }
}
