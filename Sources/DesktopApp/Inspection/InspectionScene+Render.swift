import Core
import Foundation

/// Renders a route's synthetic states into the real window: the tab shown has its page made; the
/// others keep their states for when they are shown (as at a real start). Each tab fills itself
/// (`TabDescriptor.sample`).
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
        guard let sample = TabCatalog.descriptor(tab)?.sample, let slot = anySlot(tab) else { return }
        slot.showAny { [unowned self] in sample(self, variant) }
    }
}

extension InspectionVariant {
    /// A tab's state in this variant, from its sample content.
    func state<Value: Sendable>(_ value: Value) -> FeatureState<Value> {
        switch self {
        case .content, .partial, .partialEmpty: .content(value, refreshedAt: InspectionData.now)
        case .loading: .loading
        case .empty: .empty
        case .stale: .stale(value, refreshedAt: InspectionData.staleSince, recovery: .retry)
        case .unavailable: .unavailable(.retry)
        case .unauthorized: .unauthorized
        case .disabled: .disabled
        }
    }

    var isStale: Bool { self == .stale }
    /// One service failing beside the others.
    var isPartial: Bool { self == .partial || self == .partialEmpty }
    /// The services that answered have nothing.
    var isNothing: Bool { self == .partialEmpty }
}
