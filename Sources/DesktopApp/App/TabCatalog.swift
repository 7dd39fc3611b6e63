import Core
import Foundation

/// One tab of the window as data, as `LibraryPresentation` is for a library kind: its feature, its words,
/// how its page and its controllers are made, and its inspection samples and scenes. `MainWindow`,
/// `AppModel` and the inspection routes iterate these; none of them names a tab.
struct TabDescriptor: Sendable {
    let feature: Feature
    /// Its feature in Core, for a tab registered from outside the built-in lists (`TabCatalog.register`).
    var core: FeatureDescriptor?
    /// The switcher's title (its mnemonic-free words), its icon, and its page's loading and empty words.
    var title: @Sendable () -> String
    var icon: String
    var loading: @Sendable () -> String
    var empty: @Sendable () -> (title: String, detail: String)
    /// Its slot in a window: the page is made the first time it is needed.
    var makeSlot: @MainActor @Sendable (TabEnvironment) -> any AnyTabSlot
    /// The controllers that feed it, made once per app model.
    var controllers: @MainActor @Sendable (AppContext) -> [any FeatureController]
    /// Its page in an inspection variant, from synthetic data (nil: the tab has no samples).
    var sample: (@MainActor @Sendable (MainWindow, InspectionVariant) -> Void)?
    /// Its inspection scenes beyond the variants (`<tab>.<scene>`).
    var scenes: @Sendable () -> [TabScene] = { [] }
}

/// What a window hands a tab's page when it is made.
struct TabEnvironment {
    let clock: Clock
    let posters: PosterLoader
}

/// One inspection scene of a tab: its name, what it shows, whether it is on a detail page, and how the window is
/// put in it — returning the window to capture when it is not the main one and a popover to draw over it.
struct TabScene: Sendable, Equatable {
    let name: String
    let summary: String
    var onDetail = false
    let run: @MainActor @Sendable (MainWindow) -> (window: Window?, popover: Widget?)

    static func == (a: Self, b: Self) -> Bool { a.name == b.name && a.onDetail == b.onDetail }
}

/// A page the window's Ctrl+F reaches: its search or filter field takes the keyboard.
@MainActor
protocol SearchablePage: AnyObject {
    func focusSearch()
}

/// A page a notification's click opens on one row (`app.show-download` and the like).
@MainActor
protocol RevealingPage: AnyObject {
    func revealRow(_ key: String)
}

/// Every tab this build knows, in tab order (`Feature.allCases`): the built-in ones, one per library kind (from its
/// presentation), and those a test adds with one line (`register`).
enum TabCatalog {
    /// The built-in tabs besides the library tabs; each is defined in its feature's folder.
    static let builtIn: [TabDescriptor] = [.overview, .activity, .downloads, .calendar, .indexers, .requests]

    private static let table = Table()

    /// Every tab, in tab order.
    static var all: [TabDescriptor] { Feature.allCases.compactMap { descriptor($0) } }

    static func descriptor(_ feature: Feature) -> TabDescriptor? {
        if let library = LibraryPresentations.of(feature) { return .library(library) }
        return table.get(feature) ?? builtIn.first { $0.feature == feature }
    }

    /// Adds a tab the build does not have: its Core feature too (the one line a new tab takes).
    static func register(_ tab: TabDescriptor) {
        if let core = tab.core { FeatureCatalog.register(core) }
        table.set(tab)
    }

    static func unregister(_ feature: Feature) {
        FeatureCatalog.unregister(feature)
        table.remove(feature)
    }

    private final class Table: @unchecked Sendable {
        private let lock = NSLock()
        private var byFeature: [Feature: TabDescriptor] = [:]
        func get(_ feature: Feature) -> TabDescriptor? { lock.withLock { byFeature[feature] } }
        func set(_ tab: TabDescriptor) { lock.withLock { byFeature[tab.feature] = tab } }
        func remove(_ feature: Feature) { lock.withLock { byFeature[feature] = nil } }
    }
}
