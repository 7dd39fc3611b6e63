import CGtk
import Foundation

/// What a `RowFactory` over a `KeyedList` does for the list (type-erased).
@MainActor
protocol BoundRows: AnyObject {
    /// Binds again each bound row whose position shows another key now (of those at positions `within`, when given);
    /// returns how many.
    func rebindChanged(in list: KeyedList, within: ClosedRange<Int>?) -> Int
    /// The positions of the bound rows `listView` shows now (on screen), when it shows any.
    func visiblePositions(in listView: Widget) -> ClosedRange<Int>?
    func focusedPosition() -> Int?
    func focus(_ position: Int) -> Bool
    /// The bound row on screen at the top edge of `listView`: its position and height.
    func topRow(in listView: Widget) -> (position: Int, height: Double)?
    /// The furthest position GTK holds a bound row for (blank ones included).
    func lastBoundPosition() -> Int?
}

/// Builds and binds the rows of a list view from Swift: `make` creates a row once per row widget GTK
/// makes, `bind` fills it for the key its position shows (again when that key changes), `unbind` lets it
/// go. Rows currently bound are reachable by key, so a refresh can update them in place.
@MainActor
final class RowFactory<Row: AnyObject>: BoundRows {
    let factory: OpaquePointer // GtkListItemFactory
    private weak var list: KeyedList?
    private var rows: [UnsafeMutableRawPointer: Row] = [:]
    /// Each bound list item's position and the key it shows.
    private var boundItems: [UnsafeMutableRawPointer: (position: Int, key: String)] = [:]
    private var itemAt: [Int: UnsafeMutableRawPointer] = [:]
    /// Bound list items whose position is a blank row (`KeyedList.isBlank`): hidden, bound to nothing.
    private var blankItems: Set<UnsafeMutableRawPointer> = []
    private(set) var bound: [String: Row] = [:]
    private let bindRow: @MainActor (Row, String) -> Void
    private let unbindRow: @MainActor (Row) -> Void

    /// `cells`: the factory makes the cells of a column view's column. A cell must not select: the
    /// row does, and a cell that selects too toggles a Ctrl-clicked row twice — back to where it was.
    init(_ list: KeyedList, cells: Bool = false, make: @escaping @MainActor () -> (widget: any WidgetRef, row: Row),
         bind: @escaping @MainActor (Row, String) -> Void,
         unbind: @escaping @MainActor (Row) -> Void = { _ in }) {
        self.list = list
        bindRow = bind
        unbindRow = unbind
        factory = gtk_signal_list_item_factory_new()
        list.register(self)
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
            guard let self, let item, let row = self.rows[item], let list = self.list,
                  let position = KeyedList.position(of: gtk_list_item_get_item(OpaquePointer(item))) else { return }
            guard let key = list.key(at: position) else {
                if list.isBlank(position) { self.blank(item, position: position) }
                return
            }
            self.showRow(item, true)
            self.remember(item, row: row, position: position, key: key)
            bind(row, key)
            // Not inside the bind: a focus change makes GTK lay out (and bind) rows again.
            if list.focusWhenBound == position {
                list.focusWhenBound = nil
                MainLoop.later { [weak self] in _ = self?.focus(position) }
            }
        })
        onSignal(factory, "unbind", withArgument: { [weak self] item in
            guard let self, let item, let row = self.rows[item] else { return }
            if self.blankItems.remove(item) != nil {
                self.boundItems[item] = nil
                return
            }
            self.forget(item, row: row)
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

    private func remember(_ item: UnsafeMutableRawPointer, row: Row, position: Int, key: String) {
        boundItems[item] = (position, key)
        itemAt[position] = item
        bound[key] = row
    }

    private func forget(_ item: UnsafeMutableRawPointer, row: Row) {
        guard let (position, key) = boundItems.removeValue(forKey: item) else { return }
        if itemAt[position] == item { itemAt[position] = nil }
        if bound[key] === row { bound[key] = nil }
    }

    func rebindChanged(in list: KeyedList, within: ClosedRange<Int>?) -> Int {
        var count = 0
        for (item, entry) in boundItems {
            if let within, !within.contains(entry.position) { continue }
            guard let row = rows[item] else { continue }
            let wasBlank = blankItems.contains(item)
            if list.isBlank(entry.position) {
                guard !wasBlank else { continue }
                forget(item, row: row)
                unbindRow(row)
                blank(item, position: entry.position)
                continue
            }
            // A position beyond the list's end is about to leave the model (GTK unbinds it): not bound again.
            guard let key = list.key(at: entry.position), wasBlank || key != entry.key else { continue }
            if wasBlank {
                blankItems.remove(item)
                boundItems[item] = nil
                showRow(item, true)
            } else {
                forget(item, row: row)
                unbindRow(row)
            }
            remember(item, row: row, position: entry.position, key: key)
            bindRow(row, key)
            count += 1
        }
        return count
    }

    /// A bound list item at a blank position: its row hidden (no height, not drawn, not focusable, not presented to
    /// assistive technologies), bound to nothing.
    private func blank(_ item: UnsafeMutableRawPointer, position: Int) {
        blankItems.insert(item)
        boundItems[item] = (position, "")
        if itemAt[position] == item { itemAt[position] = nil }
        showRow(item, false)
    }

    private func showRow(_ item: UnsafeMutableRawPointer, _ visible: Bool) {
        guard let widget = rowWidget(item) ?? gtk_list_item_get_child(OpaquePointer(item)) else { return }
        gtk_widget_set_visible(widget, visible ? 1 : 0)
    }

    func visiblePositions(in listView: Widget) -> ClosedRange<Int>? {
        let height = Double(gtk_widget_get_height(listView))
        var first = Int.max, last = Int.min
        for (item, entry) in boundItems where !blankItems.contains(item) {
            guard let row = rowWidget(item), gtk_widget_get_mapped(row) != 0 else { continue }
            var x: Double = 0, y: Double = 0
            guard gtk_widget_translate_coordinates(row, listView, 0, 0, &x, &y) != 0,
                  y + Double(gtk_widget_get_height(row)) > 0, y < height else { continue }
            first = min(first, entry.position)
            last = max(last, entry.position)
        }
        return first <= last ? first...last : nil
    }

    func lastBoundPosition() -> Int? { boundItems.values.map(\.position).max() }

    /// The row widget of a bound list item: the ancestor of its child that the list view holds.
    private func rowWidget(_ item: UnsafeMutableRawPointer) -> Widget? {
        var widget = gtk_list_item_get_child(OpaquePointer(item))
        let listType = gtk_list_view_get_type()
        while let current = widget, let parent = gtk_widget_get_parent(current) {
            if g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(parent)), listType) != 0 { return current }
            widget = parent
        }
        return nil
    }

    func focusedPosition() -> Int? {
        for (item, entry) in boundItems {
            if let row = rowWidget(item), Self.holdsFocus(row) { return entry.position }
        }
        return nil
    }

    /// Whether the keyboard focus is on `widget` or inside it.
    private static func holdsFocus(_ widget: Widget) -> Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    func focus(_ position: Int) -> Bool {
        guard let item = itemAt[position], let row = rowWidget(item) else { return false }
        return gtk_widget_grab_focus(row) != 0
    }

    func topRow(in listView: Widget) -> (position: Int, height: Double)? {
        // Each mapped row's top in the list view's coordinates; the first one whose bottom is below the top edge.
        var tops: [Int: (y: Double, height: Double)] = [:]
        for (item, entry) in boundItems {
            guard let row = rowWidget(item), gtk_widget_get_mapped(row) != 0 else { continue }
            var x: Double = 0, y: Double = 0
            guard gtk_widget_translate_coordinates(row, listView, 0, 0, &x, &y) != 0 else { continue }
            tops[entry.position] = (y, Double(gtk_widget_get_height(row)))
        }
        guard let first = tops.filter({ $0.value.y + $0.value.height > 0 }).min(by: { $0.value.y < $1.value.y }) else { return nil }
        // The distance from one row to the next (rows have margins outside their height).
        let stride = tops[first.key + 1].map { $0.y - first.value.y } ?? tops[first.key - 1].map { first.value.y - $0.y } ?? first.value.height
        return (first.key, stride)
    }

    /// Every bound row that shows a key: its position and the key it was bound for (tests).
    var boundRows: [(position: Int, key: String, row: Row)] {
        boundItems.compactMap { item, entry in entry.key.isEmpty ? nil : rows[item].map { (entry.position, entry.key, $0) } }
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
