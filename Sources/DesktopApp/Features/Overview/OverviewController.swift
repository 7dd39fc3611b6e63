import Core
import Foundation

/// The Overview tab: one row per service, health and disks. It keeps each service's last status
/// row (Settings shows it) and hands each state to the notifications.
@MainActor
final class OverviewController: FeatureController {
    private let context: AppContext
    /// Each service's last status row, from the latest Overview state.
    private(set) var serviceStatus: [UUID: ServiceRow] = [:]

    init(context: AppContext) { self.context = context }

    func bind(_ window: MainWindow) {
        let repository = context.repository, target = context.windowRef(), scheduler = context.scheduler
        Task {
            await scheduler.register(.overview) { [weak self] force in
                let show = target.presenter(.overview) { [weak self] window, state in
                    self?.noteStatus(state)
                    window.overviewSlot.show { $0.render(state) }
                    self?.showSpeeds()
                    self?.context.controller(NotificationsController.self)?.notify(overview: state)
                }
                show(await repository.overview(force: force, progress: show))
            }
        }
    }

    func configurationLoaded(_ services: [ServiceConfig]) async {
        let overview = await context.repository.cachedOverview()
        context.window?.overviewSlot.show { $0.render(overview) }
    }

    /// Each transfer client's kept speeds of the last hour, under the services.
    private func showSpeeds() {
        let repository = context.repository
        Task { [weak self] in
            guard let store = repository.speedHistory else { return }
            let clients = await repository.configuredServices.filter { $0.enabled && $0.kind.offers(Capabilities.transfers) }.map(ServiceRef.init)
            let shown = zip(clients, await store.histories(clients.map(\.id))).map { client, kept in
                (service: client, history: kept.history, note: SpeedGraphColumn.note(notRead: nil, setAside: kept.setAside))
            }
            let now = Date()
            self?.context.window?.overviewSlot.show {
                $0.showSpeeds(shown, now: Int64(now.timeIntervalSince1970), utcOffset: Int64(TimeZone.current.secondsFromGMT(for: now)))
            }
        }
    }

    private func noteStatus(_ state: FeatureState<OverviewContent>) {
        guard let rows = state.value?.rows else { return }
        serviceStatus = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
    }
}
