import Core
import Foundation

/// What every feature controller is handed: the services the composition root (`AppModel`) built,
/// the window once it is bound, and the other controllers by type (a controller that needs another
/// asks for it here; nothing is wired by hand in the root).
@MainActor
final class AppContext {
    let repository: Repository
    let scheduler: RefreshScheduler
    let posters: PosterLoader
    /// The live channels (none without a libsoup transport of our own: tests).
    let live: LiveHub?
    private(set) weak var window: MainWindow?
    /// The composition root, for what only it does (settings saved, preferences changed).
    weak var model: AppModel?
    /// Told when content reaches the main thread (the benchmark probe of `make bench`).
    var contentObserver: (any ContentObserver)?
    /// The application's preferences (which notifications are sent, keep running).
    var preferences = Preferences()
    /// The first reading of the configuration (what waits for it, like Add Download, awaits this).
    var firstLoad: Task<Void, Never>?
    /// Every feature controller, in registration order.
    fileprivate(set) var controllers: [any FeatureController] = []

    init(repository: Repository, scheduler: RefreshScheduler, posters: PosterLoader, live: LiveHub?) {
        self.repository = repository
        self.scheduler = scheduler
        self.posters = posters
        self.live = live
    }

    func bind(_ window: MainWindow) { self.window = window }

    /// The controller of type `T`, when one is registered.
    func controller<T>(_ type: T.Type) -> T? { controllers.lazy.compactMap { $0 as? T }.first }

    /// Every controller of type `T` (one per library kind, say).
    func controllers<T>(_ type: T.Type) -> [T] { controllers.compactMap { $0 as? T } }

    func add(_ controller: any FeatureController) { controllers.append(controller) }

    /// The window as the repository's callbacks see it (made on the main loop, used anywhere): its
    /// `presenter` shows each state on the main loop, dropped if the window is gone.
    func windowRef() -> WindowRef { WindowRef(window, observer: contentObserver) }
}

/// One feature of the window — a tab, a dialog, live updates, notifications: it wires its pages and
/// dialogs when the window is bound, registers its refreshes, and shows cached content when the
/// configuration has been read. A new one is a new type plus one line in `AppModel.features`.
@MainActor
protocol FeatureController: AnyObject {
    /// The window is bound: wire pages (they are made later, `TabSlot.whenBuilt`) and register refreshes.
    func bind(_ window: MainWindow)
    /// The configuration was read (start-up, or Settings changed).
    func configurationLoaded(_ services: [ServiceConfig]) async
    /// A tab came on screen (the user switched to it, or the window showed it first).
    func tabShown(_ tab: AppTab)
    /// The app quits.
    func stop()
}

extension FeatureController {
    func bind(_ window: MainWindow) {}
    func configurationLoaded(_ services: [ServiceConfig]) async {}
    func tabShown(_ tab: AppTab) {}
    func stop() {}
}

/// The window as seen from the repository's callbacks: states hop to the main
/// loop and are dropped if the window is gone.
final class WindowRef: @unchecked Sendable {
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
    /// A live change reached the main thread.
    func liveChange(_ change: LiveChange, at instant: ContinuousClock.Instant)
}

extension ContentObserver {
    func actionFinished(_ report: ActionReport) {}
    func liveChange(_ change: LiveChange, at instant: ContinuousClock.Instant) {}
}
