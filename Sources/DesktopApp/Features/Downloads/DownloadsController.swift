import Core
import Foundation

/// The Downloads tab: every transfer client's list, the actions on the transfers picked (each read
/// back at once) and turtle mode per client.
@MainActor
final class DownloadsController: FeatureController {
    private let context: AppContext
    /// While the details pane is open: reads the page on screen again (`detailsInterval`).
    private var detailsTimer: Timer?
    private var detailsRead: Task<Void, Never>?
    private var detailsReadAt: (key: String, part: TransferDetailPart, at: ContinuousClock.Instant)?

    init(context: AppContext) { self.context = context }

    func bind(_ window: MainWindow) {
        window.downloadsSlot.whenBuilt { [weak self] page in
            page.actions.onAction = { [weak self] action, items in self?.perform(action, on: items) }
            page.actions.onTurtle = { [weak self] enabled, services in self?.setTurtleMode(enabled, on: services) }
            page.onDetailsWanted = { [weak self] in self?.detailsChanged() }
            page.details.onAction = { [weak self] action, item in self?.perform(action, on: item) }
            page.details.onNotice = { [weak page] text, problems in page?.message.show(text, problems: problems) }
            page.details.readGroups = { [weak self] item in
                guard let repository = self?.context.repository else { return .failure(.cancelled) }
                return await repository.groupChoices(for: item)
            }
            page.speedHistory.onWanted = { [weak self] in self?.showSpeedHistory() }
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

    // MARK: Details

    /// How often the page on screen is read again while the pane is open: peers move by the second, the rest
    /// slowly (a 10,000-file list is not read every second).
    static func detailsInterval(_ part: TransferDetailPart) -> Duration {
        switch part {
        case .peers: .seconds(1)
        case .general: .seconds(2)
        case .files, .trackers, .log: .seconds(5)
        }
    }

    /// The pane opened, closed, or shows another transfer or page: read now; a timer reads again while it is open.
    private func detailsChanged() {
        guard let page = context.window?.downloads, page.detailsOpen else {
            detailsTimer?.cancel()
            detailsTimer = nil
            detailsRead?.cancel()
            detailsRead = nil
            detailsReadAt = nil
            return
        }
        readDetails(force: true)
        if detailsTimer == nil {
            detailsTimer = Timer(milliseconds: 500) { [weak self] in
                self?.readDetails(force: false)
                return true
            }
        }
    }

    /// Reads the page on screen of the transfer the pane shows, one read at a time; `force: false` only when its
    /// interval has passed and the pane is on screen (another tab, a hidden window: nothing is read).
    private func readDetails(force: Bool) {
        guard let page = context.window?.downloads, page.detailsOpen, let item = page.details.item else { return }
        guard !page.details.showsSpeed else { return } // drawn from the list's own refreshes: nothing to read
        let part = page.details.visiblePart, key = DownloadsPage.key(item), now = ContinuousClock.now
        if !force {
            guard page.details.widget.isMapped, detailsRead == nil else { return }
            if let last = detailsReadAt, last.key == key, last.part == part, now - last.at < Self.detailsInterval(part) { return }
        }
        detailsRead?.cancel()
        detailsReadAt = (key, part, now)
        let repository = context.repository
        detailsRead = Task { [weak self] in
            let result = await repository.inspect(item, parts: [part])
            guard !Task.isCancelled, let self else { return }
            self.detailsRead = nil
            guard let page = self.context.window?.downloads, page.details.item?.id == item.id else { return }
            switch result {
            case .success(let inspection): page.details.render(inspection)
            case .failure(let error): page.details.showError(error)
            }
        }
    }

    /// Sends one action of the details pane, says what the client answered, and reads the pane (and the list) back.
    private func perform(_ action: TransferDetailAction, on item: TransferItem) {
        let repository = context.repository, scheduler = context.scheduler
        Task { [weak self] in
            let result = await repository.perform(action, on: item)
            guard let self, let page = self.context.window?.downloads else { return }
            switch result {
            case .success:
                page.message.show(Self.doneText(action, item: item))
                self.readDetails(force: true)
                await scheduler.refreshAgain(.downloads)
            case .failure(let error):
                page.message.show(tr("“%s” was not changed").fill(item.name), problems: [ErrorText.sentence(error)])
            }
        }
    }

    static func doneText(_ action: TransferDetailAction, item: TransferItem) -> String {
        switch action {
        case .setFilePriority(let priority, let files):
            trn("Set %d file to “%s”", "Set %d files to “%s”", files.count).fill(files.count, TransferDetailsPane.priorityTitle(priority))
        case .recheck: tr("Verifying “%s”").fill(item.name)
        // qBittorrent, Transmission and Deluge wait out the minimum interval the tracker last gave them.
        case .reannounce: tr("Reannounce of “%s” sent: the client announces as soon as the tracker allows").fill(item.name)
        // Translators: %1$s is a transfer's name, %2$s a folder on the client's machine.
        case .moveData(let folder): tr("Moving “%1$s” to %2$s").fill(item.name, folder)
        case .setSpeedLimits: tr("Set the speed limits of “%s”").fill(item.name)
        case .setShareLimits: tr("Set the share limits of “%s”").fill(item.name)
        case .retry: tr("Sent “%s” back to the queue to download again").fill(item.name)
        case .setArchivePassword: tr("Set the archive password of “%s”").fill(item.name)
        // Translators: %1$s is a usenet job's name, %2$s a priority ("High").
        case .setJobPriority(let priority): tr("Set the priority of “%1$s” to %2$s").fill(item.name, TransferDetailsPane.priorityTitle(priority))
        // Translators: %1$s is a transfer's name, %2$s a category or label.
        case .setCategory(let name?): tr("Put “%1$s” in %2$s").fill(item.name, name)
        case .setCategory(nil): tr("Took “%s” out of its category").fill(item.name)
        case .setLabels(let names):
            names.isEmpty ? tr("Took the labels off “%s”").fill(item.name)
                // Translators: %1$s is a transfer's name, %2$s its labels ("tv, hd").
                : tr("Labelled “%1$s” %2$s").fill(item.name, names.joined(separator: ", "))
        case .moveInQueue(.top): tr("Moved “%s” to the top of the queue").fill(item.name)
        case .moveInQueue(.up): tr("Moved “%s” up in the queue").fill(item.name)
        case .moveInQueue(.down): tr("Moved “%s” down in the queue").fill(item.name)
        case .moveInQueue(.bottom): tr("Moved “%s” to the bottom of the queue").fill(item.name)
        case .setSequential(let on): (on ? tr("“%s” downloads in order") : tr("“%s” downloads in any order")).fill(item.name)
        case .setFirstLastPiecesFirst(let on):
            (on ? tr("“%s” downloads its first and last pieces first") : tr("“%s” no longer downloads its first and last pieces first")).fill(item.name)
        // Translators: %1$s is a transfer's old name, %2$s its new one.
        case .rename(let name): tr("Renamed “%1$s” to “%2$s”").fill(item.name, name)
        // Translators: %1$s is a file's old name, %2$s its new one.
        case .renameFile(_, let path, let name): tr("Renamed the file “%1$s” to “%2$s”").fill(String(path.split(separator: "/").last ?? ""), name)
        case .addTrackers(let urls): trn("Added %d tracker to “%s”", "Added %d trackers to “%s”", urls.count).fill(urls.count, item.name)
        case .replaceTracker: tr("Changed a tracker of “%s”").fill(item.name)
        case .removeTrackers(let urls): trn("Removed %d tracker from “%s”", "Removed %d trackers from “%s”", urls.count).fill(urls.count, item.name)
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

    /// Each transfer client's kept speeds, for the speed history popover; a client the last read failed says why.
    private func showSpeedHistory() {
        let repository = context.repository
        Task { [weak self] in
            guard let self, let store = repository.speedHistory else { return }
            let clients = await self.transferClients()
            let histories = await store.histories(clients.map(\.id))
            guard let page = self.context.window?.downloads else { return }
            let shown = zip(clients, histories).map { client, kept in
                (service: client, history: kept.history,
                 note: SpeedGraphColumn.note(notRead: page.unread[client.id] ?? page.noneRead, setAside: kept.setAside))
            }
            let now = Date()
            page.speedHistory.show(shown, now: Int64(now.timeIntervalSince1970), utcOffset: Int64(TimeZone.current.secondsFromGMT(for: now)))
        }
    }

    private func transferClients() async -> [ServiceRef] {
        await context.repository.configuredServices.filter { $0.enabled && $0.kind.offers(Capabilities.transfers) }.map(ServiceRef.init)
    }
}
