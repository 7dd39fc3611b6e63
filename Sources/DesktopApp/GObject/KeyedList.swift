import CGtk
import Foundation

/// A GListModel of stable keys (a GtkStringList) for GtkListView and
/// GtkColumnView. The rows' data lives in Swift, looked up by key when a row
/// is bound; the model only changes when items are added, removed or moved,
/// and then by the smallest splice — never rebuilt on a refresh.
@MainActor
final class KeyedList {
    let list: OpaquePointer // GtkStringList
    private(set) var keys: [String] = []

    init() {
        list = gtk_string_list_new(nil)
    }

    isolated deinit {
        if idleSource != 0 { g_source_remove(idleSource) }
        // A tick callback still registered finds its list gone and removes itself.
        g_object_unref(UnsafeMutableRawPointer(list))
    }

    var model: OpaquePointer { list } // as GListModel

    /// The list view (or column view) showing this list. When it is scrolled to its very top, it stays
    /// there as items arrive above its first row: GTK keeps the old first row in place instead, and a
    /// page that fills from several services opened half way down with the new rows out of sight above.
    /// Scrolled anywhere else, the rows the user is looking at stay where they are.
    private var pinnedView: Widget?

    func keepsTop(of view: some WidgetRef) {
        pinnedView = view.widget
        paces(view)
    }

    /// The view (list or column view) that shows this list paces how fast it grows while on screen.
    /// GTK 4.8's list view makes and binds a row for up to 200 items as soon as they are in the model,
    /// and lays them all out in the next frame: 1,500 library items in one splice held the main loop
    /// for 100–140 ms. While the model holds fewer than `rowBudget` items, it grows by `growth` items a
    /// step: a frame (a tick callback, so each frame lays out only those) while the view is on screen,
    /// else an idle call; the first rows are on screen at once. Past the budget the rows exist already,
    /// and steps are idle calls of `chunk` items.
    func paces(_ view: some WidgetRef) {
        guard pacedView == nil else { return }
        pacedView = view.widget
        // Hidden mid-growth (another tab): finish in idle steps, since a hidden view gets no frames.
        onSignal(view.widget, "unmap") { [weak self] in
            guard let self, self.pending != nil else { return }
            self.scheduleStep(paced: false)
        }
    }

    private var pacedView: Widget?
    static let rowBudget = 256
    var growth = 16
    private var tickID: guint = 0
    /// The first frame in which the next paced step may run, and whether a step runs in a tick now.
    private var readyFrame: Int64 = 0
    private var inTick = false

    /// Most items one splice inserts; larger changes continue in idle steps, so
    /// a 20,000-item library never blocks a frame (the first rows show at once).
    var chunk = 1500
    private var pending: [String]?
    private var idleSource: guint = 0

    /// Steps still to come (tests).
    var isSettled: Bool { pending == nil }
    /// Splices made so far (tests: a refresh that changes nothing makes none).
    private(set) var splices = 0

    /// Makes the model hold `newKeys`, in order, by replacing only the range
    /// between the common prefix and the common suffix.
    func update(_ newKeys: [String]) {
        pending = nil
        step(toward: newKeys)
    }

    private func step(toward newKeys: [String]) {
        guard newKeys != keys else {
            pending = nil
            return
        }
        var prefix = 0
        let limit = min(keys.count, newKeys.count)
        while prefix < limit, keys[prefix] == newKeys[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < limit - prefix, keys[keys.count - 1 - suffix] == newKeys[newKeys.count - 1 - suffix] { suffix += 1 }
        let removed = keys.count - prefix - suffix
        let wanted = newKeys[prefix..<(newKeys.count - suffix)]
        let paced = pacedView.map { gtk_widget_get_mapped($0) != 0 } ?? false
        // Small steps until the row budget whether on screen or not: GTK makes the rows of a list view that
        // is not mapped yet too (a page built with its content, shown in the next frame: 200 rows made
        // before its first paint held the main loop for 130-200 ms at 10,000 transfers).
        let added = Array(wanted.prefix(keys.count - removed < Self.rowBudget ? growth : chunk))
        let listView = pinnedView.flatMap(Self.listView(in:))
        let atTop = listView.flatMap { gtk_scrollable_get_vadjustment(cast($0)) }.map { gtk_adjustment_get_value($0) < 0.5 } ?? false
        UI.splice(list, at: prefix, removing: removed, added)
        splices += 1
        if atTop, prefix == 0, !added.isEmpty, let listView {
            // Moves the view's anchor to the first row (a GtkListBase action, in GTK 4.8 the only way).
            let first = g_variant_ref_sink(g_variant_new_uint32(0))
            gtk_widget_activate_action_variant(listView, "list.scroll-to-item", first)
            g_variant_unref(first)
        }
        keys = Array(keys[..<prefix]) + added + Array(keys[(keys.count - suffix)...])
        guard added.count < wanted.count else {
            pending = nil
            return
        }
        pending = newKeys
        scheduleStep(paced: paced)
    }

    /// The next step: in the next frame while paced, else when idle. One of each at most is waiting.
    private func scheduleStep(paced: Bool) {
        let box = Unmanaged.passRetained(KeyedListStep(self)).toOpaque()
        let release: GDestroyNotify = { data in Unmanaged<KeyedListStep>.fromOpaque(data!).release() }
        if paced, let view = pacedView {
            // A step outside a frame (an update) is laid out by the next frame: the tick waits one more.
            // Set again by every step, so a waiting tick never runs in the frame that lays out the last one.
            let clock = gtk_widget_get_frame_clock(view)
            readyFrame = Int64(clock.map { gdk_frame_clock_get_frame_counter($0) } ?? 0) + (inTick ? 1 : 2)
            guard tickID == 0 else { return Unmanaged<KeyedListStep>.fromOpaque(box).release() }
            tickID = gtk_widget_add_tick_callback(view, { _, clock, data in
                let step = Unmanaged<KeyedListStep>.fromOpaque(data!).takeUnretainedValue()
                return MainActor.assumeIsolated {
                    guard let list = step.list else { return 0 }
                    if let clock, Int64(gdk_frame_clock_get_frame_counter(clock)) < list.readyFrame { return 1 }
                    list.tickID = 0
                    list.inTick = true
                    defer { list.inTick = false }
                    if let target = list.pending { list.step(toward: target) }
                    return 0
                }
            }, box, release)
        } else {
            guard idleSource == 0 else { return Unmanaged<KeyedListStep>.fromOpaque(box).release() }
            idleSource = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { data in
                let step = Unmanaged<KeyedListStep>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated {
                    guard let list = step.list else { return }
                    list.idleSource = 0
                    if let target = list.pending { list.step(toward: target) }
                }
                return 0
            }, box, release)
        }
    }

    /// `widget` when it is a GtkListView, else the GtkListView a GtkColumnView holds as its child.
    /// Scrolls a list view (or a column view's list) so that the row at `position` is shown.
    static func scroll(_ view: some WidgetRef, to position: Int) {
        guard let listView = listView(in: view.widget), position >= 0 else { return }
        let target = g_variant_ref_sink(g_variant_new_uint32(UInt32(position)))
        gtk_widget_activate_action_variant(listView, "list.scroll-to-item", target)
        g_variant_unref(target)
    }

    private static func listView(in widget: Widget) -> Widget? {
        let type = gtk_list_view_get_type()
        if g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget)), type) != 0 { return widget }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(current)), type) != 0 { return current }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// The key of a model item (a GtkStringObject).
    static func key(of item: gpointer?) -> String? {
        guard let item, let text = gtk_string_object_get_string(OpaquePointer(item)) else { return nil }
        return String(cString: text)
    }
}

private final class KeyedListStep {
    weak var list: KeyedList?
    init(_ list: KeyedList) { self.list = list }
}

/// Builds and binds the rows of a list view from Swift: `make` creates a row
/// once per recycled widget, `bind` fills it for a key. Rows currently bound
/// are reachable by key, so a refresh can update them in place.
@MainActor
final class RowFactory<Row: AnyObject> {
    let factory: OpaquePointer // GtkListItemFactory
    private var rows: [UnsafeMutableRawPointer: Row] = [:]
    private var boundKeys: [UnsafeMutableRawPointer: String] = [:]
    private(set) var bound: [String: Row] = [:]

    /// `cells`: the factory makes the cells of a column view's column. A cell must not select: the
    /// row does, and a cell that selects too toggles a Ctrl-clicked row twice — back to where it was.
    init(cells: Bool = false, make: @escaping @MainActor () -> (widget: any WidgetRef, row: Row),
         bind: @escaping @MainActor (Row, String) -> Void,
         unbind: @escaping @MainActor (Row) -> Void = { _ in }) {
        factory = gtk_signal_list_item_factory_new()
        onSignal(factory, "setup", withArgument: { [weak self] item in
            guard let item else { return }
            if cells {
                gtk_list_item_set_selectable(OpaquePointer(item), 0)
                gtk_list_item_set_activatable(OpaquePointer(item), 0)
            }
            let made = make()
            gtk_list_item_set_child(OpaquePointer(item), made.widget.widget)
            self?.rows[item] = made.row
        })
        onSignal(factory, "bind", withArgument: { [weak self] item in
            guard let self, let item, let row = self.rows[item],
                  let key = KeyedList.key(of: gtk_list_item_get_item(OpaquePointer(item))) else { return }
            self.boundKeys[item] = key
            self.bound[key] = row
            bind(row, key)
        })
        onSignal(factory, "unbind", withArgument: { [weak self] item in
            guard let self, let item, let row = self.rows[item] else { return }
            if let key = self.boundKeys.removeValue(forKey: item), self.bound[key] === row { self.bound[key] = nil }
            unbind(row)
        })
        onSignal(factory, "teardown", withArgument: { [weak self] item in
            guard let item else { return }
            self?.rows[item] = nil
        })
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(factory))
    }

    /// Calls `update` for every row on screen (bound), with its key.
    func forEachBound(_ update: (String, Row) -> Void) {
        for (key, row) in bound { update(key, row) }
    }

    /// The key of the bound row under `y` in `view`'s coordinates (a right click), if there is one.
    /// Only rows on screen count: GTK keeps some bound rows it no longer shows (the focused one, the
    /// ones it recycles next) with their old positions, unmapped.
    func key(atY y: Double, in view: some WidgetRef, widget: (Row) -> any WidgetRef) -> String? {
        bound.first { _, row in
            let cell = widget(row)
            guard cell.isMapped, let top = cell.translate(x: 0, y: 0, to: view)?.y else { return false }
            return y >= top && y < top + Double(cell.height)
        }?.key
    }

    /// The middle of the topmost bound row whose key passes `picked`, in `view`'s coordinates (the menu key).
    func topmostMiddle(in view: some WidgetRef, of picked: (String) -> Bool, widget: (Row) -> any WidgetRef) -> Double? {
        bound.compactMap { key, row -> Double? in
            let cell = widget(row)
            guard picked(key), cell.isMapped, let top = cell.translate(x: 0, y: 0, to: view)?.y else { return nil }
            return top + Double(cell.height) / 2
        }.min()
    }
}

/// A row to pick once it is on the list (a notification's click before the page was read again):
/// kept for half a minute, then forgotten.
struct PendingReveal {
    private var wanted: (key: String, until: Date)?

    mutating func want(_ key: String, now: Date) { wanted = (key, now.addingTimeInterval(30)) }

    /// The key, once `isListed` says its row is there (then it is no longer pending); nil before.
    mutating func take(now: Date = Date(), isListed: (String) -> Bool) -> String? {
        guard let (key, until) = wanted else { return nil }
        guard now < until else {
            wanted = nil
            return nil
        }
        guard isListed(key) else { return nil }
        wanted = nil
        return key
    }
}
