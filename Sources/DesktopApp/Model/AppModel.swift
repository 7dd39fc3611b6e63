import CGtk
import Core
import Foundation

/// The composition root: it builds the registry, the repository, the refresh scheduler, posters and
/// the live hub, hands them to one controller per feature (`features`), and binds the window: which
/// tabs show, what is in scope, the configuration read and read again. Everything a tab or dialog
/// does lives in its controller (Sources/DesktopApp/Features/…).
@MainActor
final class AppModel {
    let registry: ServiceRegistry
    let repository: Repository
    let scheduler: RefreshScheduler
    let cache: ServiceCache
    let posters: PosterLoader
    /// What the settings dialog changes services through.
    let settings: ServiceSettings
    let context: AppContext
    private var watcher: NetworkWatcher?
    private(set) weak var window: MainWindow?
    /// How many network changes reached the repository (diagnostics and tests).
    private(set) var networkChanges = 0
    let preferencesFile: PreferencesFile

    /// The features beside the tabs, in the order they are bound: a new dialog is one line here. A tab's
    /// controllers come from its descriptor (`TabCatalog`), bound first, in tab order.
    static let features: [@MainActor (AppContext) -> [any FeatureController]] = [
        { [LibraryController(repository: $0.repository)] },
        { [AddToLibraryController(context: $0)] },
        { [AddDownloadController(context: $0)] },
        { [DoctorController(context: $0)] },
        { [LiveController(context: $0)] },
        { [NotificationsController(context: $0)] },
        { [SettingsController(context: $0)] },
    ]

    init(registry: ServiceRegistry = ServiceRegistry(fileURL: ServiceRegistry.defaultFileURL()),
         transport: any HTTPTransport, secrets: any SecretStore = KeyringSecretStore(),
         cache: ServiceCache = ServiceCache(root: ServiceCache.defaultRoot()), scheduler: RefreshScheduler = RefreshScheduler(),
         live: SoupTransport? = nil) {
        preferencesFile = PreferencesFile(fileURL: registry.fileURL.deletingLastPathComponent().appendingPathComponent("preferences.json"))
        self.registry = registry
        self.cache = cache
        self.scheduler = scheduler
        let repository = Repository(registry: registry, transport: transport, secrets: secrets, cache: cache)
        self.repository = repository
        settings = ServiceSettings(registry: registry, secrets: secrets, transport: transport, scopedState: [repository, cache])
        posters = PosterLoader(fetch: { resource, image throws(ServiceError) in
            try await repository.artwork(image, of: resource.id, thumbnail: true)
        }, fetchLookup: { result, instance throws(ServiceError) in
            try await repository.lookupPoster(result, on: instance)
        }, cache: cache)
        context = AppContext(repository: repository, scheduler: scheduler, posters: posters,
                             live: live.map { LiveHub(transport: $0, secrets: secrets) })
        context.model = self
        for tab in TabCatalog.all { for controller in tab.controllers(context) { context.add(controller) } }
        for make in Self.features { for controller in make(context) { context.add(controller) } }
    }

    var preferences: Preferences { context.preferences }
    var contentObserver: (any ContentObserver)? {
        get { context.contentObserver }
        set { context.contentObserver = newValue }
    }

    /// The controller of type `T` (tests, diagnostics, the benchmark probe).
    func controller<T>(_ type: T.Type) -> T? { context.controller(type) }

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
                    await scheduler.refreshAgain(feature)
                }
            }
        }
    }

    func stop() {
        watcher?.stop()
        watcher = nil
        for controller in context.controllers { controller.stop() }
        let scheduler = scheduler
        Task { await scheduler.stop() }
        // The speed histories' last minutes: written before the process ends (at most a second's wait, off the
        // main loop's work — the window is gone by now).
        if let history = repository.speedHistory {
            let written = DispatchSemaphore(value: 0)
            Task.detached {
                await history.flush()
                written.signal()
            }
            _ = written.wait(timeout: .now() + 1)
        }
    }

    // MARK: Binding the window

    /// Reads the registry, shows the welcome page or the tabs for the configured kinds (cached
    /// content first, as stale), and starts refreshing what is on screen.
    func bind(_ window: MainWindow) {
        self.window = window
        context.bind(window)
        window.onRefresh = { [weak self] tab in self?.refresh(tab) }
        window.onTabChanged = { [weak self] tab in self?.tabChanged(tab) }
        for controller in context.controllers { controller.bind(window) }
        watchVisibility(window)
        context.firstLoad = Task { await self.load() }
    }

    /// A switch in Settings changed: in effect at once, and saved.
    func setPreferences(_ new: Preferences) {
        context.preferences = new
        let file = preferencesFile
        Task {
            do throws(RegistryError) { try await file.save(new) } catch { Log.failure("preferences could not be saved", error) }
        }
    }

    /// (Re)reads the configuration: after start-up and whenever settings change.
    func load() async {
        context.preferences = await preferencesFile.load()
        guard let window else { return }
        await registry.load()
        await repository.reload()
        let services = await repository.configuredServices
        guard !services.isEmpty else {
            window.showWelcome()
            await scheduler.setInScope([])
            for controller in context.controllers { await controller.configurationLoaded(services) }
            return
        }
        let kinds = Set(services.map(\.kind))
        window.setAvailableTabs(Set(AppTab.allCases.filter { $0.isShown(for: kinds) }))
        window.showTabs()
        // Cached content first, shown as stale with its real refresh time (a tab not shown yet gets it
        // when its page is made); then what is on screen refreshes.
        for controller in context.controllers { await controller.configurationLoaded(services) }
        tabChanged(window.selectedTab ?? .overview)
    }

    /// Settings changed: the window shows the new set of services at once and the visible tab refreshes.
    func settingsChanged() {
        Task {
            await load()
            if let tab = window?.selectedTab, window?.isShowingWelcome == false {
                await scheduler.refreshAgain(tab)
            }
        }
    }

    private func tabChanged(_ tab: AppTab) {
        let scheduler = scheduler
        Task { await scheduler.setInScope([tab]) }
        for controller in context.controllers { controller.tabShown(tab) }
    }

    private func refresh(_ tab: AppTab) {
        let scheduler = scheduler
        Task { await scheduler.refreshAgain(tab) }
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
