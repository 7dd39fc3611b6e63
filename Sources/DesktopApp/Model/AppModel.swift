import CGtk
import Core
import Foundation

/// What the window is bound to: the registry, the repository behind every
/// tab, the refresh scheduler, posters, and the network watcher that makes
/// the repository resolve endpoints again when the network changes.
@MainActor
final class AppModel {
    let registry: ServiceRegistry
    let repository: Repository
    let scheduler: RefreshScheduler
    let cache: ServiceCache
    let posters: PosterLoader
    /// What the settings dialog changes services through.
    let settings: ServiceSettings
    private var watcher: NetworkWatcher?
    private(set) weak var window: MainWindow?
    /// Told when content reaches the main thread (the benchmark probe of `make bench`).
    var contentObserver: (any ContentObserver)?
    /// Each service's last status row, from the latest Overview state (the settings dialog shows it).
    private(set) var serviceStatus: [UUID: ServiceRow] = [:]
    /// How many network changes reached the repository (diagnostics and tests).
    private(set) var networkChanges = 0
    /// Writes to Sonarr and Radarr (made when a window is bound).
    private(set) var library: LibraryController?
    /// The live channels of Sonarr and Radarr (none without a libsoup transport of our own: tests).
    let live: LiveHub?
    /// Live-driven refreshes waiting for their debounce, by feature.
    var liveDebounce: [Feature: Timer] = [:]
    /// Library items a live message said changed, each read again once its burst is over.
    var liveItemDebounce: [ResourceID: Timer] = [:]
    /// Library items read again on live messages (diagnostics, tests).
    var liveItemReads = 0
    /// How many refreshes live messages caused, by feature (diagnostics and tests).
    private(set) var liveRefreshes: [Feature: Int] = [:]
    func countLiveRefresh(_ feature: Feature) { liveRefreshes[feature, default: 0] += 1 }
    var liveListening = false
    /// What deserves a desktop notification (Documentation/Notifications.md).
    var notifications = NotificationPlanner()
    /// The application's preferences (which notifications are sent), and their file.
    private(set) var preferences = Preferences()
    let preferencesFile: PreferencesFile
    var notificationTimer: Timer?
    /// Each Sonarr/Radarr instance's live state, and how many messages arrived (tests, diagnostics).
    var liveStates: [UUID: LiveState] = [:]
    var liveMessages = 0
    /// Per Sonarr/Radarr instance: queue changes its channel announced (or a reconnection, which may
    /// have missed some), and how many of them the last read of its queue covered.
    var queueChanges: [UUID: Int] = [:]
    var queueChangesRead: [UUID: Int] = [:]

    init(registry: ServiceRegistry = ServiceRegistry(fileURL: ServiceRegistry.defaultFileURL()),
         transport: any HTTPTransport, secrets: any SecretStore = KeyringSecretStore(),
         cache: ServiceCache = ServiceCache(root: ServiceCache.defaultRoot()), scheduler: RefreshScheduler = RefreshScheduler(),
         live: SoupTransport? = nil) {
        self.live = live.map { LiveHub(transport: $0, secrets: secrets) }
        preferencesFile = PreferencesFile(fileURL: registry.fileURL.deletingLastPathComponent().appendingPathComponent("preferences.json"))
        self.registry = registry
        self.cache = cache
        self.scheduler = scheduler
        let repository = Repository(registry: registry, transport: transport, secrets: secrets, cache: cache)
        self.repository = repository
        settings = ServiceSettings(registry: registry, secrets: secrets, transport: transport,
                                   scopedState: [repository, cache])
        posters = PosterLoader(fetch: { resource, image throws(ServiceError) in
            try await repository.artwork(image, of: resource.id, thumbnail: true)
        }, fetchLookup: { result, instance throws(ServiceError) in
            try await repository.lookupPoster(result, on: instance)
        }, cache: cache)
    }

    /// Starts watching the network. Endpoints are resolved again on the next
    /// request after a change; the features on screen refresh at once.
    func watchNetwork(settle: Duration = .seconds(1)) {
        watcher = NetworkWatcher(settle: settle) { [weak self] in
            guard let self else { return }
            self.networkChanges += 1
            let repository = self.repository, scheduler = self.scheduler
            Task {
                await repository.networkChanged()
                for feature in Feature.allCases where await scheduler.isRefreshing(feature) {
                    await scheduler.refresh(feature, force: true)
                }
            }
        }
    }

    func stop() {
        watcher?.stop()
        watcher = nil
        notificationTimer?.cancel()
        notificationTimer = nil
        for timer in liveItemDebounce.values { timer.cancel() }
        liveItemDebounce = [:]
        let scheduler = scheduler, live = live
        Task { await scheduler.stop() }
        Task { await live?.stopAll() }
    }

    // MARK: Binding the window

    /// Reads the registry, shows the welcome page or the tabs for the configured
    /// kinds (cached content first, as stale), and starts refreshing what is on screen.
    func bind(_ window: MainWindow) {
        self.window = window
        window.onRefresh = { [weak self] tab in self?.refresh(tab) }
        window.onTabChanged = { [weak self] tab in self?.tabChanged(tab) }
        // Pages are made when their tab is first shown: each is wired then.
        for slot in [window.seriesSlot, window.moviesSlot] {
            slot.whenBuilt { [weak self] page in page.openDetail = { [weak self, weak page] resource in
                if let page { self?.openDetail(resource, in: page) }
            } }
        }
        window.downloadsSlot.whenBuilt { [weak self] page in
            page.actions.onAction = { [weak self] action, items in self?.perform(action, on: items) }
            page.actions.onTurtle = { [weak self] enabled, services in self?.setTurtleMode(enabled, on: services) }
        }
        library = LibraryController(repository: repository, window: window)
        library?.onRemovingDownloads = { [weak self] ids in self?.notifications.removedByUser(ids) }
        startNotificationRefreshes()
        addDownload = AddDownloadController(repository: repository, scheduler: scheduler, window: window,
                                            configurationRead: { [weak self] in await self?.firstLoad?.value })
        window.onAddDownload = { [weak self] candidates in self?.openAddDownload(candidates) }
        window.onAddToLibrary = { [weak self] media in self?.openAddToLibrary(media) }
        watchVisibility(window)
        registerRefreshes()
        firstLoad = Task { await self.load() }
    }

    /// The first reading of the configuration (what waits for it, like Add Download, awaits this).
    private var firstLoad: Task<Void, Never>?

    /// A switch in Settings changed: in effect at once, and saved.
    func setPreferences(_ new: Preferences) {
        preferences = new
        let file = preferencesFile
        Task {
            do throws(RegistryError) { try await file.save(new) } catch { Log.failure("preferences could not be saved", error) }
        }
    }

    /// (Re)reads the configuration: after start-up and whenever settings change.
    func load() async {
        preferences = await preferencesFile.load()
        guard let window else { return }
        await registry.load()
        await repository.reload()
        let services = await repository.configuredServices
        await addDownload?.configurationChanged()
        startLive()
        guard !services.isEmpty else {
            window.showWelcome()
            await scheduler.setInScope([])
            return
        }
        let kinds = Set(services.map(\.kind))
        let tabs = Set(AppTab.allCases.filter { $0.isShown(for: kinds) })
        window.setAvailableTabs(tabs)
        window.showTabs()

        // Cached content first: shown as stale with its real refresh time (a tab not shown yet gets it
        // when its page is made).
        let overview = await repository.cachedOverview()
        window.overviewSlot.show { $0.render(overview) }
        let series = await repository.cachedLibrary(.series)
        window.seriesSlot.show { $0.render(series) }
        let movies = await repository.cachedLibrary(.movie)
        window.moviesSlot.show { $0.render(movies) }
        let activity = await repository.cachedActivity()
        window.activitySlot.show { $0.render(activity) }
        let downloads = await repository.cachedDownloads()
        window.downloadsSlot.show { $0.render(downloads) }
        let calendar = await repository.cachedCalendar()
        window.calendarSlot.show { $0.render(calendar) }
        tabChanged(window.selectedTab ?? .overview)
    }

    /// Settings changed: the window shows the new set of services at once and
    /// the visible tab refreshes.
    func settingsChanged() {
        Task {
            await load()
            if let tab = window?.selectedTab, window?.isShowingWelcome == false {
                await scheduler.refresh(tab, force: true)
            }
        }
    }

    private func noteStatus(_ state: FeatureState<OverviewContent>) {
        guard let rows = state.value?.rows else { return }
        serviceStatus = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
    }

    private func registerRefreshes() {
        let repository = repository
        let scheduler = scheduler
        let target = WindowRef(window, observer: contentObserver)
        Task {
            await scheduler.register(.overview) { force in
                let show = target.presenter(.overview) { [weak self] window, state in
                    self?.noteStatus(state)
                    window.overviewSlot.show { $0.render(state) }
                    self?.notify(overview: state)
                }
                show(await repository.overview(force: force, progress: show))
            }
            await scheduler.register(.series) { force in
                let show = target.presenter(.series) { window, state in window.seriesSlot.show { $0.render(state) } }
                show(await repository.library(.series, force: force, progress: show))
            }
            await scheduler.register(.movies) { force in
                let show = target.presenter(.movies) { window, state in window.moviesSlot.show { $0.render(state) } }
                show(await repository.library(.movie, force: force, progress: show))
            }
            await scheduler.register(.activity) { [weak self] force in
                let show = target.presenter(.activity) { [weak self] window, state in
                    window.activitySlot.show { $0.render(state) }
                    self?.notify(activity: state)
                }
                // Queues a live channel vouches for are not asked again (a forced refresh asks for all).
                let plan = await MainActor.run { self?.queueReadPlan(force: force) } ?? QueueReadPlan()
                show(await repository.activity(force: force, keepingQueues: plan.keep, progress: show))
                await MainActor.run { self?.queuesWereRead(plan) }
            }
            await scheduler.register(.downloads) { force in
                let show = target.presenter(.downloads) { window, state in window.downloadsSlot.show { $0.render(state) } }
                show(await repository.downloads(force: force, progress: show))
            }
            await scheduler.register(.calendar) { force in
                let show = target.presenter(.calendar) { window, state in window.calendarSlot.show { $0.render(state) } }
                show(await repository.calendar(force: force, progress: show))
            }
        }
    }

    private func tabChanged(_ tab: AppTab) {
        let scheduler = scheduler
        Task { await scheduler.setInScope([tab]) }
        if tab == .downloads { readTurtleModes() }
    }

    // MARK: Actions

    /// Sends a transfer action, then reads the list back at once (not at the next tick): the
    /// page shows what the clients report after the write, and says where it disagrees.
    func perform(_ action: TransferAction, on items: [TransferItem]) {
        let repository = repository
        Task { [weak self] in
            let report = await repository.perform(action, on: items)
            // Several clients answer before they apply the change (Transmission queues a stop for its
            // session thread): read again, briefly, until the list shows it — or it plainly does not.
            var state = await repository.downloads(force: true)
            for _ in 0..<Self.readBackRetries where !Self.reflects(report, in: state) {
                try? await Task.sleep(for: .milliseconds(400))
                state = await repository.downloads(force: true)
            }
            guard let page = self?.window?.downloads else { return }
            page.render(state)
            page.actions.finished(report, readBack: state)
            self?.contentObserver?.actionFinished(report)
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
        let repository = repository
        Task { [weak self] in
            let modes = await repository.setTurtleMode(enabled, on: services)
            guard let self, let page = self.window?.downloads else { return }
            page.actions.showTurtle(modes, clients: await self.transferClients())
            let failures = page.actions.turtleFailures(modes)
            page.message.show(failures.isEmpty ? (enabled ? "Speed limited" : "Speed limits off")
                                                : "Speed limits could not be changed everywhere", problems: failures)
        }
    }

    private func readTurtleModes() {
        let repository = repository
        Task { [weak self] in
            let modes = await repository.turtleModes()
            guard let self, let page = self.window?.downloads else { return }
            page.actions.showTurtle(modes, clients: await self.transferClients())
        }
    }

    private(set) var addToLibraryDialog: AddToLibraryDialog?

    /// Add Series / Add Movie: lookups and the add go to the instance picked in the dialog.
    func openAddToLibrary(_ media: LibraryMedia) {
        if let addToLibraryDialog, addToLibraryDialog.media.kind == media.kind {
            addToLibraryDialog.window.present()
            return
        }
        addToLibraryDialog?.window.destroy()
        let repository = repository
        Task { [weak self] in
            let instances = await repository.instances(adding: media.kind)
            guard let self, let window = self.window else { return }
            let page = media.kind == .series ? window.series : window.movies
            let dialog = AddToLibraryDialog(over: window.toplevel, media: media, instances: instances)
            dialog.posters = self.posters
            dialog.window.onDestroy { [weak self] in self?.addToLibraryDialog = nil }
            var lookup: Task<Void, Never>?
            dialog.onLookup = { term, instance, answer in
                lookup?.cancel() // the previous search is no longer wanted
                lookup = Task {
                    do throws(ServiceError) {
                        let found = try await repository.lookup(term, on: instance.id)
                        answer(.success(found))
                    } catch {
                        if error != .cancelled { answer(.failure(error)) }
                    }
                }
            }
            dialog.onChoices = { instance, answer in
                Task {
                    do throws(ServiceError) { answer(.success(try await repository.addingChoices(on: instance.id))) } catch { answer(.failure(error)) }
                }
            }
            dialog.onAdd = { [weak dialog] addition, instance in
                Task {
                    do throws(ServiceError) {
                        let added = try await repository.add(addition, on: instance.id)
                        dialog?.window.destroy()
                        page.render(await repository.library(media.kind, force: true))
                        page.message.show("Added “\(added.title)” to \(instance.name)")
                    } catch {
                        dialog?.failed(ErrorText.sentence(error))
                    }
                }
            }
            dialog.onOpenExisting = { [weak self] found, instance in
                guard let id = found.libraryID else { return }
                let item = page.item(forKey: page.key(ResourceID(serviceID: instance.id, itemID: id)))
                window.select(media.tab)
                if let item { self?.openDetail(item, in: page) }
            }
            self.addToLibraryDialog = dialog
        }
    }

    /// Add Download: the dialog and the adds (made when a window is bound).
    private(set) var addDownload: AddDownloadController?

    /// Opens Add Download with `candidates` (a link or file handed to the app, a drop, Ctrl+O).
    func openAddDownload(_ candidates: [AddCandidates.Candidate]) {
        addDownload?.open(candidates)
    }

    private func transferClients() async -> [ServiceRef] {
        await repository.configuredServices.filter { $0.enabled && $0.kind.offers(Capabilities.transfers) }.map(ServiceRef.init)
    }

    private func refresh(_ tab: AppTab) {
        let scheduler = scheduler
        Task { await scheduler.refresh(tab, force: true) }
    }

    private func openDetail(_ resource: Resource, in page: LibraryPage) {
        page.showDetail(of: resource)
        let repository = repository
        Task {
            let state = await repository.detail(of: resource)
            page.showDetail(state, title: resource.title)
        }
    }

    /// Hidden or minimized: nothing refreshes; shown again: the visible tab refreshes at once.
    private func watchVisibility(_ window: MainWindow) {
        let scheduler = scheduler
        guard let toplevel = Window(found: window.window) else { return }
        onSignal(toplevel.widget, "map") { Task { await scheduler.setWindowVisible(true) } }
        onSignal(toplevel.widget, "unmap") { Task { await scheduler.setWindowVisible(false) } }
        toplevel.onSurfaceStateChanged {
            let minimized = toplevel.isMinimized // the handler lives on the window's own surface
            Task { await scheduler.setWindowVisible(!minimized) }
        }
    }
}

/// The window as seen from the repository's callbacks: states hop to the main
/// loop and are dropped if the window is gone.
private final class WindowRef: @unchecked Sendable {
    @MainActor weak var window: MainWindow?
    @MainActor let observer: (any ContentObserver)?
    @MainActor init(_ window: MainWindow?, observer: (any ContentObserver)?) {
        self.window = window
        self.observer = observer
    }

    func presenter<Value: Sendable>(_ feature: Feature, _ render: @escaping @MainActor @Sendable (MainWindow, FeatureState<Value>) -> Void)
        -> Repository.Progress<Value> {
        { state in
            let arrived = ContinuousClock.now
            MainLoop.hop { [self] in
                if state.value != nil { self.observer?.contentArrived(feature, at: arrived) }
                if let window = self.window { render(window, state) }
            }
        }
    }
}

/// Hears when a feature's content reached the main thread (benchmarks measure from there).
@MainActor
protocol ContentObserver: AnyObject {
    func contentArrived(_ feature: Feature, at instant: ContinuousClock.Instant)
    /// A transfer action was answered and read back (its rows show the result now).
    func actionFinished(_ report: ActionReport)
    /// A live message reached the main thread.
    func liveMessage(_ name: String, at instant: ContinuousClock.Instant)
}

extension ContentObserver {
    func actionFinished(_ report: ActionReport) {}
    func liveMessage(_ name: String, at instant: ContinuousClock.Instant) {}
}
