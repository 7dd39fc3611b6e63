import Core
import Foundation

/// Carries out what the library pages and Activity ask of the orchestrators: one write (never
/// retried), then the state read back at once and shown, with a message saying what the service did
/// — in its own words when it refused — and where the read-back disagrees. Commands are followed by
/// the `CommandTracker` until they end.
@MainActor
final class LibraryController: FeatureController {
    private let repository: Repository
    /// Each library kind's page, once made.
    private var pages: [LibraryKind.ID: LibraryPage] = [:]
    private weak var activity: ActivityPage?
    /// The tab on screen (where a queue message shows).
    private var selectedTab: @MainActor () -> AppTab? = { nil }
    let tracker: CommandTracker
    /// Which item each running command was started for, and which kind's page shows it.
    private var commandItems: [CommandTracker.Key: Resource] = [:]
    private var commandKinds: [CommandTracker.Key: LibraryKind.ID] = [:]
    /// Told when a request has been answered and read back (tests).
    var onFinished: ((LibraryRequest) -> Void)?
    /// Downloads about to leave the queue at the user's request (their leaving is no news to announce).
    var onRemovingDownloads: (([ActivityItem.ID]) -> Void)?

    init(repository: Repository, pollInterval: Duration = .seconds(1)) {
        self.repository = repository
        tracker = CommandTracker(repository: repository, interval: pollInterval)
        let tracker = tracker
        let target = WeakController(self)
        Task {
            await tracker.observe { key, result in
                MainLoop.hop { target.controller?.commandChanged(key, result) }
            }
        }
    }

    /// For the window: each page is taken when its tab's page is made.
    func bind(_ window: MainWindow) {
        selectedTab = { [weak window] in window?.selectedTab }
        for (_, slot) in window.librarySlots { slot.whenBuilt { [weak self] in self?.attach($0) } }
        window.activitySlot.whenBuilt { [weak self] in self?.attach(activity: $0) }
    }

    /// Pages made by hand (tests).
    convenience init(repository: Repository, pages: [LibraryPage], activity: ActivityPage, pollInterval: Duration = .seconds(1),
                     selectedTab: @escaping @MainActor () -> AppTab?) {
        self.init(repository: repository, pollInterval: pollInterval)
        self.selectedTab = selectedTab
        for page in pages { attach(page) }
        attach(activity: activity)
    }

    /// A library page, once it is made: its requests come here.
    func attach(_ page: LibraryPage) {
        pages[page.presentation.kind.id] = page
        page.actions.onRequest = { [weak self] request in self?.handle(request) }
        page.detail.onRequest = { [weak self] request in self?.handle(request) }
    }

    func attach(activity page: ActivityPage) {
        activity = page
        page.actions.onRequest = { [weak self] request in self?.handle(request) }
    }

    private func page(for kind: LibraryKind.ID) -> LibraryPage? { pages[kind] }

    private func instanceName(_ id: UUID) async -> String {
        await repository.configuredServices.first { $0.id == id }?.displayName ?? tr("The service")
    }

    func handle(_ request: LibraryRequest) {
        switch request {
        case .monitor(let on, let items): monitor(on, items, request)
        case .monitorGroups(let on, let item, let groups, let name):
            write(request, on: item, failure: tr("%s could not be changed").fill(name)) { repository throws(ServiceError) in
                try await repository.setGroupsMonitored(on, item: item.id, groups: groups)
            }
        case .monitorChildren(let on, let item, let ids):
            write(request, on: item, failure: (LibraryPresentations.of(item.kind).words.children?.notChanged ?? tr("The change could not be made"))) { repository throws(ServiceError) in
                try await repository.setChildrenMonitored(on, ids: ids, on: item.id.serviceID)
            }
        case .command(let command, let item): run(command, service: item.id.serviceID, item: item, kind: item.kind)
        case .rssSync(let instance):
            guard let kind = instance.kind.library?.id else { return }
            run(.rssSync, service: instance.id, item: nil, kind: kind)
        case .delete(let item, let files, let exclude): delete(item, deleteFiles: files, exclude: exclude, request)
        case .removeFromQueue(let records, let removal): removeFromQueue(records, removal, request)
        case .grab(let records): grab(records, request)
        case .interactiveSearch(let search, let item, let title): interactiveSearch(search, item: item, title: title)
        }
    }

    // MARK: Interactive search

    /// The interactive-search window open now (one at a time).
    private(set) var releaseDialog: ReleaseSearchDialog?
    private var releaseTask: Task<Void, Never>?

    private func interactiveSearch(_ search: ReleaseSearch, item: Resource, title: String) {
        releaseDialog?.window.destroy()
        guard let page = page(for: item.kind) else { return }
        let repository = repository, service = item.id.serviceID
        let dialog = ReleaseSearchDialog(over: Window.toplevel(of: page.page), search: search, title: title, clock: .system)
        dialog.onSearch = { [weak self, weak dialog] search in
            self?.releaseTask?.cancel()
            self?.releaseTask = Task {
                do throws(ServiceError) {
                    let found = try await repository.releases(search, on: service)
                    dialog?.found(found, at: Date())
                } catch {
                    if error != .cancelled { dialog?.failed(ErrorText.sentence(error)) }
                }
            }
        }
        dialog.onCancel = { [weak self] in self?.releaseTask?.cancel() }
        dialog.onGrab = { [weak dialog] release in
            Task {
                do throws(ServiceError) {
                    try await repository.grab(release, on: service)
                    dialog?.grabbed(release, error: nil)
                } catch {
                    dialog?.grabbed(release, error: ErrorText.sentence(error))
                }
            }
        }
        dialog.window.onDestroy { [weak self] in self?.releaseDialog = nil }
        releaseDialog = dialog
        dialog.start()
    }

    // MARK: Monitoring

    private func monitor(_ on: Bool, _ items: [Resource], _ request: LibraryRequest) {
        guard let kind = items.first?.kind, let page = page(for: kind) else { return }
        let repository = repository
        Task { [weak self] in
            let failures = await repository.setMonitored(on, items: items.map(\.id))
            let state = await page.showRead { await repository.library(kind, force: true) }
            guard let self else { return }
            await page.applied()
            page.actions.finished(items.map(\.id))
            await self.refreshDetail(page, library: state.value)
            var problems: [String] = []
            for (service, error) in failures.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
                problems.append(CommandWords.said(await self.instanceName(service), ErrorText.sentence(error)))
            }
            let sent = items.filter { failures[$0.id.serviceID] == nil }
            if let now = state.value?.items {
                for item in sent {
                    guard let after = now.first(where: { $0.id == item.id }), after.monitored != on else { continue }
                    let name = await self.instanceName(item.id.serviceID)
                    // Translators: %1$s is a service, %2$s an item's title.
                    problems.append((after.monitored ? tr("%1$s still reports “%2$s” as monitored.") : tr("%1$s still reports “%2$s” as not monitored."))
                        .fill(name, after.title))
                }
            }
            let words = page.presentation.words
            let headline = sent.isEmpty ? tr("Monitoring could not be changed")
                : sent.count == 1 ? (on ? tr("Monitoring “%s”") : tr("Stopped monitoring “%s”")).fill(sent[0].title)
                : on ? words.monitoring(sent.count) : words.stoppedMonitoring(sent.count)
            page.message.show(headline, problems: problems)
            self.onFinished?(request)
        }
    }

    /// A write for one item's groups or children, then its detail and the list read back.
    private func write(_ request: LibraryRequest, on item: Resource, failure: String,
                       _ body: @escaping @Sendable (Repository) async throws(ServiceError) -> Void) {
        guard let page = page(for: item.kind) else { return }
        let repository = repository
        Task { [weak self] in
            var problem: String?
            do throws(ServiceError) {
                try await body(repository)
            } catch {
                problem = CommandWords.said(failure, ErrorText.sentence(error))
            }
            guard let self else { return }
            let library = await page.showRead { await repository.library(item.kind, force: true) }
            await page.applied()
            await self.refreshDetail(page, library: library.value)
            if let problem { page.message.show(problem) }
            self.onFinished?(request)
        }
    }

    /// The detail page on screen, read again — from the item as `library` (just read) has it now: the
    /// item's own fields (its monitored flag and groups) come from the library, not the detail read.
    private func refreshDetail(_ page: LibraryPage, library: LibraryContent? = nil) async {
        guard let shown = page.detailItem, page.isShowingDetail else { return }
        let item = library?.items.first { $0.id == shown.id } ?? shown
        let state = DetailView.State(await repository.detail(of: item, force: true))
        guard page.detailItem?.id == item.id else { return }
        page.showDetail(state, title: state.detail?.resource.title ?? item.title, focus: false)
    }

    // MARK: Commands

    private func run(_ command: LibraryCommand, service: UUID, item: Resource?, kind: LibraryKind.ID) {
        let key = CommandTracker.Key(service: service, command: command)
        if let item { commandItems[key] = item }
        commandKinds[key] = kind
        let tracker = tracker
        Task { await tracker.run(command, on: service) } // the same command running: joined, nothing sent
    }

    private func commandChanged(_ key: CommandTracker.Key, _ result: Result<CommandProgress, ServiceError>) {
        let item = commandItems[key]
        guard let kind = commandKinds[key] ?? item?.kind, let page = page(for: kind) else { return }
        let finished: Bool = { if case .success(let p) = result { return !p.isRunning }; return true }()
        let commandName = page.presentation.name(of: key.command)
        let words = CommandWords.progress(commandName, result)
        let running = !finished
        Task { [weak self] in
            guard let self else { return }
            let name = await self.instanceName(key.service)
            page.actions.commandChanged(key, running ? words : nil, instance: name)
            if page.detailItem?.id.serviceID == key.service { page.detail.showCommand(key.command, words: words, running: running, failed: Self.failed(result)) }
            guard finished else { return }
            self.commandItems[key] = nil
            self.commandKinds[key] = nil
            let failed = Self.failed(result)
            // Translators: %1$s is a command ("Series search"), %2$s a service.
            page.message.show(failed ? tr("%1$s on %2$s did not complete").fill(commandName, name) : CommandWords.said(name, words),
                              problems: failed ? [words] : [])
            if key.command.isRefresh, !failed {
                let repository = self.repository
                let library = await page.showRead { await repository.library(kind, force: true) }
                await page.applied()
                await self.refreshDetail(page, library: library.value)
            }
            self.onFinished?(.command(key.command, on: item ?? page.detailItem ?? Self.placeholder(key, kind: kind)))
        }
    }

    private static func failed(_ result: Result<CommandProgress, ServiceError>) -> Bool {
        if case .success(let progress) = result { return !progress.isRunning && progress.status != .completed }
        return true
    }

    private static func placeholder(_ key: CommandTracker.Key, kind: LibraryKind.ID) -> Resource {
        Resource(id: ResourceID(serviceID: key.service, itemID: 0), kind: kind, title: "", sortTitle: "", year: nil, status: .unknown(""),
                 monitored: false, sizeOnDisk: 0, fileCount: 0, expectedFileCount: 0, hasFile: false, subtitle: nil, added: nil, images: [])
    }

    // MARK: Delete

    private func delete(_ item: Resource, deleteFiles: Bool, exclude: Bool, _ request: LibraryRequest) {
        guard let page = page(for: item.kind) else { return }
        let repository = repository
        page.detail.setBusy(true)
        Task { [weak self] in
            var problem: String?
            do throws(ServiceError) {
                try await repository.delete(item.id, deleteFiles: deleteFiles, excludeFromImportLists: exclude)
            } catch {
                problem = ErrorText.sentence(error)
            }
            let state = await page.showRead { await repository.library(item.kind, force: true) }
            guard let self else { return }
            await page.applied()
            let name = await self.instanceName(item.id.serviceID)
            if let problem {
                page.detail.setBusy(false)
                page.message.show(tr("“%s” could not be deleted").fill(item.title), problems: [CommandWords.said(name, problem)])
            } else {
                if page.detailItem?.id == item.id { page.showList() }
                let still = state.value?.items.contains { $0.id == item.id } == true
                page.message.show((deleteFiles ? tr("Deleted “%s” and its files") : tr("Deleted “%s”; its files were kept")).fill(item.title),
                                  problems: still ? [tr("%s still lists it.").fill(name)] : [])
            }
            self.onFinished?(request)
        }
    }

    // MARK: Queue

    private func removeFromQueue(_ records: [QueueItem], _ removal: QueueRemoval, _ request: LibraryRequest) {
        onRemovingDownloads?(records.map(ActivityItem.ID.init(record:)))
        let repository = repository
        Task { [weak self] in
            let report = await repository.removeFromQueue(records, removal)
            await self?.queueAnswered(request, headline: report.removed.isEmpty ? tr("Nothing was removed")
                                      : CommandWords.removal(removal, count: report.removed.count),
                                      problems: await self?.problems(report.failures) ?? [],
                                      notes: report.gone.isEmpty ? [] : [trn("%d download was no longer in the queue.", "%d downloads were no longer in the queue.", report.gone.count).fill(report.gone.count)],
                                      removed: report.removed)
        }
    }

    private func grab(_ records: [QueueItem], _ request: LibraryRequest) {
        let repository = repository
        Task { [weak self] in
            var failures: [UUID: ServiceError] = [:]
            var grabbed = 0
            for record in records {
                do throws(ServiceError) {
                    try await repository.grab(record)
                    grabbed += 1
                } catch {
                    failures[record.id.serviceID] = error
                }
            }
            await self?.queueAnswered(request, headline: grabbed == 0 ? tr("Nothing was grabbed")
                                      : grabbed == 1 ? tr("Grabbed “%s”").fill(records[0].title) : trn("Grabbed %d release", "Grabbed %d releases", grabbed).fill(grabbed),
                                      problems: await self?.problems(failures) ?? [], notes: [], removed: [])
        }
    }

    private func problems(_ failures: [UUID: ServiceError]) async -> [String] {
        var lines: [String] = []
        for (service, error) in failures.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
            lines.append(CommandWords.said(await instanceName(service), ErrorText.sentence(error)))
        }
        return lines
    }

    /// The queue read back: Activity and any detail page on screen show it, and the message says what happened.
    private func queueAnswered(_ request: LibraryRequest, headline: String, problems: [String], notes: [String], removed: [ResourceID]) async {
        let state = await repository.activity(force: true)
        guard let activity else { return }
        activity.render(state)
        activity.actions.finished()
        var lines = problems + notes
        if let rows = state.value?.items {
            let still = rows.filter { removed.contains($0.queue.id) }
            if let first = still.first { lines.append(tr("The queue still lists “%s”.").fill(first.title)) }
        }
        let tab = selectedTab()
        for page in pages.values where page.isShowingDetail {
            await refreshDetail(page)
            if tab != .activity, tab == page.presentation.feature { page.message.show(headline, problems: lines) }
        }
        if tab == .activity || tab == nil { activity.message.show(headline, problems: lines) }
        onFinished?(request)
    }
}

/// The controller as the tracker's observer holds it: weakly, touched on the main loop only.
private final class WeakController: @unchecked Sendable {
    @MainActor weak var controller: LibraryController?
    @MainActor init(_ controller: LibraryController) { self.controller = controller }
}
