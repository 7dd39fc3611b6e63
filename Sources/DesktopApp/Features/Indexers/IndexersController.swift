import Core
import Foundation

/// The Indexers tab: every Prowlarr's indexers (refreshed each minute while shown), enabling and
/// testing them (each read back at once), the search across them as it streams in, paging, cancel,
/// and a result grabbed through Prowlarr or sent to a transfer client — each write sent once.
@MainActor
final class IndexersController: FeatureController {
    private let context: AppContext
    private var search: Task<Void, Never>?

    init(context: AppContext) { self.context = context }

    func bind(_ window: MainWindow) {
        window.indexersSlot.whenBuilt { [weak self] page in
            page.onSearch = { [weak self] search, among in self?.start(search, among: among) }
            page.onCancel = { [weak self] in self?.search?.cancel() }
            page.onMore = { [weak self] in self?.more() }
            page.onEnable = { [weak self] service, indexer, enabled in self?.setEnabled(enabled, indexer, on: service) }
            page.onTest = { [weak self] service, indexer in self?.test(indexer, on: service) }
            page.onRelease = { [weak self] service, release in self?.offer(release, from: service) }
        }
        let repository = context.repository, target = context.windowRef()
        Task {
            await context.scheduler.register(.indexers) { force in
                let show = target.presenter(.indexers) { window, state in window.indexersSlot.show { $0.render(state) } }
                show(await repository.indexers(force: force, progress: show))
            }
        }
    }

    func configurationLoaded(_ services: [ServiceConfig]) async {
        let indexers = await context.repository.cachedIndexers()
        context.window?.indexersSlot.show { $0.render(indexers) }
    }

    func stop() { search?.cancel() }

    private var page: IndexersPage? { context.window?.indexers }

    // MARK: Search

    /// Searches every manager in `among` at once; each streams its answers to the page.
    func start(_ search: IndexerSearch, among: [UUID: [Indexer]], appending: Bool = false) {
        self.search?.cancel()
        let repository = context.repository
        if !appending { page?.began(search) } else { page?.resumed() }
        let services = Dictionary(uniqueKeysWithValues: page?.lists.map { ($0.service.id, $0.service) } ?? [])
        let target = context.windowRef()
        let mailbox = SearchMailbox()
        self.search = Task {
            var failures: [String] = []
            await withTaskGroup(of: String?.self) { group in
                for (id, indexers) in among {
                    guard let service = services[id] else { continue }
                    var one = search
                    if search.indexerIDs.isEmpty, appending { continue }
                    if appending { one.indexerIDs = search.indexerIDs.filter { wanted in indexers.contains { $0.id.itemID == wanted } } }
                    if appending, one.indexerIDs.isEmpty { continue }
                    let request = one
                    group.addTask {
                        do throws(ServiceError) {
                            _ = try await repository.searchIndexers(request, on: id, among: indexers) { state in
                                // Each report is the whole state so far: reports that arrive while one is on its way to
                                // the main loop replace it (several indexers answering at once are one update there).
                                if mailbox.post(state, from: service) {
                                    MainLoop.hop {
                                        for (service, state) in mailbox.take() {
                                            target.window?.indexersSlot.show("search") { $0.update(state, service: service) }
                                        }
                                    }
                                }
                            }
                            return nil
                        } catch {
                            if case .cancelled = error { return nil }
                            return tr("%1$s: %2$s").fill(service.name, ErrorText.sentence(error))
                        }
                    }
                }
                for await failure in group { if let failure { failures.append(failure) } }
            }
            // After the progress reports, which hop to the main loop in order before these final words.
            let cancelled = Task.isCancelled, failure = failures.isEmpty ? nil : failures.joined(separator: " ")
            MainLoop.hop { target.window?.indexersSlot.whenBuilt { $0.finished(cancelled: cancelled, failure: failure) } }
        }
    }

    /// The next page of each indexer that filled its page (Prowlarr pages each indexer, not the list).
    private func more() {
        guard let page else { return }
        for (service, state) in page.latestSearches where !state.fullPages.isEmpty {
            var next = state.search
            next.indexerIDs = state.fullPages
            next.offset += next.limit
            let indexers = page.lists.first { $0.service.id == service }?.list.indexers ?? []
            start(next, among: [service: indexers], appending: true)
            return // one manager at a time: its answers append to the list shown
        }
    }

    // MARK: Indexers

    private func setEnabled(_ enabled: Bool, _ indexer: Indexer, on service: UUID) {
        let repository = context.repository
        Task { [weak self] in
            var words: String
            do throws(ServiceError) {
                try await repository.setIndexers([indexer.id.itemID], enabled: enabled, on: service)
                words = enabled ? tr("Enabled %s").fill(indexer.name) : tr("Disabled %s").fill(indexer.name)
            } catch {
                words = tr("%1$s was not changed: %2$s").fill(indexer.name, ErrorText.sentence(error))
            }
            // Read back: the switch shows what Prowlarr reports now, whatever happened.
            let state = await repository.indexers(force: true)
            guard let page = self?.page else { return }
            page.render(state)
            let now = state.value?.parts.first { $0.service.id == service }?.value.indexers.first { $0.id == indexer.id }?.enabled
            if let now, now != enabled { words = tr("Prowlarr still reports %s as it was.").fill(indexer.name) }
            page.message.show(words)
        }
    }

    private func test(_ indexer: Int?, on service: UUID) {
        let repository = context.repository
        page?.showTest(service: service, indexer: indexer, words: tr("Testing…"))
        Task { [weak self] in
            do throws(ServiceError) {
                let results = try await repository.testIndexers(indexer, on: service)
                self?.page?.showTestResults(service: service, results)
                let failed = results.filter { !$0.isValid }.count
                self?.page?.message.show(failed == 0 ? tr("Every tested indexer passed.")
                    : trn("%d indexer failed its test.", "%d indexers failed their test.", failed).fill(failed))
            } catch {
                self?.page?.showTest(service: service, indexer: indexer, words: tr("Not tested: %s").fill(ErrorText.sentence(error)))
            }
        }
    }

    // MARK: Grab

    private func offer(_ release: IndexerRelease, from service: UUID) {
        guard let page else { return }
        let repository = context.repository
        let manager = page.lists.first { $0.service.id == service }?.service.name ?? "Prowlarr"
        Task { [weak self] in
            let clients = await repository.configuredServices.filter {
                $0.enabled && $0.kind.offers(Capabilities.transferAdding) && $0.kind.downloadProtocol == release.downloadProtocol
            }.map(ServiceRef.init)
            guard let self, let page = self.page else { return }
            self.dialog = IndexerReleaseDialog(over: Window.toplevel(of: page.page), release: release, manager: manager, clients: clients,
                                               now: page.now) {
                [weak self] choice in self?.send(release, from: service, to: choice)
            }
        }
    }

    /// The dialog on screen (tests, inspection).
    private(set) weak var dialog: IndexerReleaseDialog?

    func send(_ release: IndexerRelease, from service: UUID, to choice: IndexerReleaseDialog.Choice) {
        let repository = context.repository
        Task { [weak self] in
            let words: String
            switch choice {
            case .manager:
                do throws(ServiceError) {
                    try await repository.grab(release, on: service)
                    words = tr("Grabbed “%s”: Prowlarr sends it to its download client.").fill(release.title)
                } catch {
                    words = tr("“%1$s” was not grabbed: %2$s").fill(release.title, ErrorText.sentence(error))
                }
            case .client(let client):
                guard let link = release.link else { return }
                do throws(ServiceError) {
                    if case .duplicate = try await repository.add(.url(link.url), to: client.id, options: AddOptions()) {
                        words = tr("%1$s already holds “%2$s”.").fill(client.name, release.title)
                    } else {
                        words = tr("Sent “%1$s” to %2$s.").fill(release.title, client.name)
                    }
                } catch {
                    words = tr("“%1$s” was not sent to %2$s: %3$s").fill(release.title, client.name, ErrorText.sentence(error))
                }
            }
            self?.page?.message.show(words)
        }
    }
}

/// The latest search state of each manager, waiting for the main loop: `post` says whether a hop must
/// be scheduled (none is on its way), `take` empties it.
final class SearchMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [(ServiceRef, IndexerSearchState)] = []

    func post(_ state: IndexerSearchState, from service: ServiceRef) -> Bool {
        lock.withLock {
            let wasEmpty = waiting.isEmpty
            waiting.removeAll { $0.0.id == service.id && $0.1.search.offset == state.search.offset }
            waiting.append((service, state))
            return wasEmpty
        }
    }

    func take() -> [(ServiceRef, IndexerSearchState)] {
        lock.withLock {
            defer { waiting = [] }
            return waiting
        }
    }
}
