import CGtk
import Core

/// A tab's slot as the window handles every tab alike.
@MainActor
protocol AnyTabSlot: AnyObject {
    var holder: Box { get }
    var isBuilt: Bool { get }
    func build()
    /// The page, made now if it was not yet (whatever its type).
    var anyPage: AnyObject { get }
    /// Runs `body` once the page is made (the latest content only, as `show`).
    func showAny(_ body: @escaping () -> Void)
}

/// One tab of the window, whose page is made the first time it is needed — the tab is shown, or
/// the user acts on it — not at start-up (start-up builds only the tab on screen). Until then the
/// tab holds an empty box, and what is meant for the page waits: its wiring (every call, in order)
/// and its content (the latest of each kind only — a state replaces the one before).
@MainActor
final class TabSlot<Page: AnyObject> {
    /// What the tab stack holds: the page goes inside when it is made.
    let holder = Box.vertical()
    private let makePage: () -> Page
    private let widget: (Page) -> any WidgetRef
    /// The page, once made.
    private(set) var built: Page?
    private var wiring: [(Page) -> Void] = []
    private var latest: [String: (Page) -> Void] = [:]
    private var latestOrder: [String] = []

    init(make: @escaping () -> Page, widget: @escaping (Page) -> any WidgetRef) {
        makePage = make
        self.widget = widget
    }

    /// The page, made now if it was not yet.
    var page: Page { make() }

    var isBuilt: Bool { built != nil }

    /// Runs `body` with the page now if it is made, else when it is (every call is kept, in order).
    func whenBuilt(_ body: @escaping (Page) -> Void) {
        if let built { body(built) } else { wiring.append(body) }
    }

    /// Shows something on the page now if it is made; else only the latest of each `kind` is kept
    /// for when it is (a state replaces the state before it).
    func show(_ kind: String = "content", _ body: @escaping (Page) -> Void) {
        if let built { return body(built) }
        if latest.updateValue(body, forKey: kind) == nil { latestOrder.append(kind) }
    }

    func build() { _ = make() as Page }

    @discardableResult
    private func make() -> Page {
        if let built { return built }
        let page = makePage()
        built = page
        let child = widget(page)
        child.hexpand = true
        child.vexpand = true
        holder.append(child)
        let wiring = wiring, latest = latest, order = latestOrder
        self.wiring = []
        self.latest = [:]
        latestOrder = []
        for body in wiring { body(page) }
        for kind in order { latest[kind]?(page) }
        return page
    }
}

extension TabSlot: AnyTabSlot {
    var anyPage: AnyObject { page }
    func showAny(_ body: @escaping () -> Void) { show { _ in body() } }
}
