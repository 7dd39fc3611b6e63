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
            guard let detail = InspectionData.samples(tab)?.detail else { return }
            library(tab)?.showDetail(.detail(detail), title: detail.resource.title)
        }
    }

    /// The tab's synthetic state, made and shown when its page is made (a tab never shown costs nothing).
    private func render(_ tab: AppTab, _ variant: InspectionVariant) {
        let fill: (AnyObject) -> Void = { [unowned self] _ in self.fill(tab, variant) }
        switch tab {
        case .overview: overviewSlot.show { fill($0) }
        case .activity: activitySlot.show { fill($0) }
        case .downloads: downloadsSlot.show { fill($0) }
        case .calendar: calendarSlot.show { fill($0) }
        case .indexers: indexersSlot.show { fill($0) }
        case .requests: requestsSlot.show { fill($0) }
        default: librarySlots[tab]?.show { fill($0) }
        }
    }

    private func fill(_ tab: AppTab, _ variant: InspectionVariant) {
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
        if let page = librarySlots[tab]?.built, let samples = InspectionData.samples(tab) {
            var content = samples.library(stale: stale)
            if partial {
                content.failures = [samples.partialFailure]
                content.parts.removeAll { $0.service.id == samples.partialFailure.service.id }
            }
            if nothing { for index in content.parts.indices { content.parts[index].value = [] } }
            return page.render(state(content))
        }
        switch tab {
        case .overview:
            overview.render(state(InspectionData.overview(partial: partial)))
        case .activity:
            var content = InspectionData.activity(stale: stale)
            if nothing { for index in content.queues.parts.indices { content.queues.parts[index].value = [] } }
            if partial {
                content.transfers.parts.removeAll { $0.service.id == InspectionData.nzbget.id }
                content.transfers.failures = [ServiceFailure(service: InspectionData.nzbget, error: .unavailable(.timedOut))]
                content = ActivityContent(joining: content.queues, transfers: content.transfers)
            }
            activity.render(state(content))
        case .downloads:
            var content = InspectionData.downloads(stale: stale)
            if partial { content.failures = [InspectionData.partialFailure(.downloads)] }
            if nothing {
                for index in content.parts.indices {
                    content.parts[index].value = TransferSnapshot(items: [], stats: TransferStats(
                        downloadSpeed: 0, uploadSpeed: 0, freeSpaceBytes: nil, count: 0, activeCount: 0))
                }
            }
            downloads.render(state(content))
        case .calendar:
            var content = InspectionData.calendar(stale: stale)
            if partial {
                let failure = InspectionData.partialFailure(.calendar)
                content.failures = [failure]
                content.parts.removeAll { $0.service.id == failure.service.id }
            }
            if nothing { for index in content.parts.indices { content.parts[index].value = [] } }
            calendar.render(state(content))
        case .indexers:
            var content = InspectionData.indexers(stale: stale)
            if partial {
                let failure = ServiceFailure(service: ServiceRef(id: InspectionData.id(31), name: "Prowlarr (remote)", kind: .prowlarr),
                                             error: .unavailable(.connectionRefused))
                content.failures = [failure]
            }
            if nothing { for index in content.parts.indices { content.parts[index].value.indexers = [] } }
            indexers.render(state(content))
        case .requests:
            var content = InspectionData.requests(stale: stale)
            if partial {
                content.failures = [ServiceFailure(service: ServiceRef(id: InspectionData.id(41), name: "Overseerr (family)", kind: .jellyseerr),
                                                   error: .unavailable(.timedOut))]
            }
            if nothing { for index in content.parts.indices { content.parts[index].value.requests = [] } }
            requests.render(state(content))
        default:
            break
        }
    }
}
