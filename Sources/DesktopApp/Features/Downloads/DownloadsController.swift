import Core
import Foundation

/// The Downloads tab: every transfer client's list, the actions on the transfers picked (each read
/// back at once) and turtle mode per client.
@MainActor
final class DownloadsController: FeatureController {
    private let context: AppContext

    init(context: AppContext) { self.context = context }

    func bind(_ window: MainWindow) {
        window.downloadsSlot.whenBuilt { [weak self] page in
            page.actions.onAction = { [weak self] action, items in self?.perform(action, on: items) }
            page.actions.onTurtle = { [weak self] enabled, services in self?.setTurtleMode(enabled, on: services) }
        }
        let repository = context.repository, target = context.windowRef()
        Task {
            await context.scheduler.register(.downloads) { force in
                let show = target.presenter(.downloads) { window, state in window.downloadsSlot.show { $0.render(state) } }
                show(await repository.downloads(force: force, progress: show))
            }
        }
    }

    func configurationLoaded(_ services: [ServiceConfig]) async {
        let downloads = await context.repository.cachedDownloads()
        context.window?.downloadsSlot.show { $0.render(downloads) }
    }

    /// Its tab came on screen: each client's turtle mode as it reports it now.
    func tabShown(_ tab: AppTab) {
        if tab == .downloads { readTurtleModes() }
    }

    /// Sends a transfer action, then reads the list back at once (not at the next tick): the
    /// page shows what the clients report after the write, and says where it disagrees.
    func perform(_ action: TransferAction, on items: [TransferItem]) {
        let repository = context.repository
        Task { [weak self] in
            let report = await repository.perform(action, on: items)
            // Several clients answer before they apply the change (Transmission queues a stop for its
            // session thread): read again, briefly, until the list shows it — or it plainly does not.
            var state = await repository.downloads(force: true)
            for _ in 0..<Self.readBackRetries where !Self.reflects(report, in: state) {
                try? await Task.sleep(for: .milliseconds(400))
                state = await repository.downloads(force: true)
            }
            guard let page = self?.context.window?.downloads else { return }
            page.render(state)
            page.actions.finished(report, readBack: state)
            self?.context.contentObserver?.actionFinished(report)
        }
    }

    /// Read-backs after the first, 400 ms apart, before a disagreement is reported.
    static let readBackRetries = 5

    /// Whether every item the services accepted shows the action in `state`.
    static func reflects(_ report: ActionReport, in state: FeatureState<DownloadsContent>) -> Bool {
        guard let items = state.value?.items else { return true } // nothing to compare: the page says why
        for part in report.accepted {
            for id in part.itemIDs {
                let item = items.first { $0.serviceID == part.service.id && $0.clientID == id }
                if !report.action.isReflected(in: item) { return false }
            }
        }
        return true
    }

    private func setTurtleMode(_ enabled: Bool, on services: [UUID]) {
        let repository = context.repository
        Task { [weak self] in
            let modes = await repository.setTurtleMode(enabled, on: services)
            guard let self, let page = self.context.window?.downloads else { return }
            page.actions.showTurtle(modes, clients: await self.transferClients())
            let failures = page.actions.turtleFailures(modes)
            page.message.show(failures.isEmpty ? (enabled ? tr("Speed limited") : tr("Speed limits off"))
                                                : tr("Speed limits could not be changed everywhere"), problems: failures)
        }
    }

    private func readTurtleModes() {
        let repository = context.repository
        Task { [weak self] in
            let modes = await repository.turtleModes()
            guard let self, let page = self.context.window?.downloads else { return }
            page.actions.showTurtle(modes, clients: await self.transferClients())
        }
    }

    private func transferClients() async -> [ServiceRef] {
        await context.repository.configuredServices.filter { $0.enabled && $0.kind.offers(Capabilities.transfers) }.map(ServiceRef.init)
    }
}
