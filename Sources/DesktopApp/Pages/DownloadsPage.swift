import CGtk
import Core
import Foundation

/// Downloads: every transfer of every client in a column view with sortable
/// columns, global speeds in the page header, filters by state and client.
///
/// A refresh never rebuilds the list model: the key list only changes where
/// transfers were added or removed; rows on screen are updated in place; the
/// sort and filter models re-evaluate once. Sorting compares slots of a Swift
/// array found through each row object's qdata — no string work per comparison.
@MainActor
final class DownloadsPage {
    let page: FeaturePage
    private let list = KeyedList()
    private let view: Widget
    private var columns: [(factory: RowFactory<DownloadCell>, column: OpaquePointer)] = []
    private var filter: UnsafeMutablePointer<GtkFilter>!
    private var viewSorter: UnsafeMutablePointer<GtkSorter>!
    private let speeds: Widget
    private let countLabel: Widget
    private let stateDropDown: Widget
    private let clientDropDown: Widget
    private let clientNames: OpaquePointer
    private var clients: [ServiceRef] = []
    private var query = TransferQuery()
    private var slots: [TransferItem?] = []
    private var nameKeys: [[UInt8]] = [] // natural-order sort keys, per slot
    private var slotOf: [String: Int] = [:]
    private var freeSlots: [Int] = []
    private var names: [UUID: String] = [:]
    fileprivate static let slotQuark = g_quark_from_static_string("switchyard-slot")
    /// Called when a refresh has been applied, with the number of transfers (benchmarks).
    var onApplied: ((Int) -> Void)?

    init(clock: Clock) {
        speeds = UI.line("", classes: ["numeric"], ellipsize: false)
        UI.setAccessibleLabel(speeds, "Total speeds")
        let stateNames = ["All", "Active", "Downloading", "Seeding", "Paused", "Completed", "With Problems"]
        stateDropDown = UI.dropDown(stateNames, name: "Show transfers")
        clientNames = gtk_string_list_new(nil)
        clientDropDown = gtk_drop_down_new(clientNames, nil)
        UI.nameDropDown(clientDropDown, "Client")
        countLabel = UI.line("", classes: ["dim-label"], ellipsize: false)
        let spacer = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 0)
        gtk_widget_set_hexpand(spacer, 1)
        let header = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        UI.margins(header, 12)
        UI.append(header, speeds, spacer, countLabel, stateDropDown, clientDropDown)

        view = gtk_column_view_new(nil)
        UI.setAccessibleLabel(view, "Transfers")
        gtk_column_view_set_show_column_separators(cast(view), 0)
        let column = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(cast(scroller), view)
        gtk_widget_set_vexpand(scroller, 1)
        UI.append(column, header, gtk_separator_new(GTK_ORIENTATION_HORIZONTAL), scroller)
        page = FeaturePage(tab: .downloads, content: column, clock: clock)

        addColumns()
        buildModel()
        onSignal(stateDropDown, "notify::selected", withArgument: { [weak self] _ in self?.filtersChanged() })
        onSignal(clientDropDown, "notify::selected", withArgument: { [weak self] _ in self?.filtersChanged() })
    }

    // MARK: Columns

    /// Column widths come from the widest text each column shows, measured in the view's font, so numbers
    /// and states stay whole at every text scale; the Name column takes what is left and ellipsizes first.
    private func addColumns() {
        addColumn("Name", expand: true, width: width(["A short name"]), compare: { _, _ in .orderedSame }) { cell, item, _ in
            cell.text(item.name)
        }
        addColumn("State", width: width(["State"] + TransferItem.State.allCases.map(Strings.transferState)),
                  compare: { Self.order($0.state.rawValue, $1.state.rawValue) }) { cell, item, _ in
            cell.text(Strings.transferState(item.state))
        }
        addColumn("Progress", width: max(120, width(["Progress", "100 %"]) + 40), progress: true,
                  compare: { Self.order($0.progress, $1.progress) }) { cell, item, _ in
            cell.progress(item.progress, name: "Progress of \(item.name)")
        }
        addColumn("Size", width: width(["Size", "888 MB", "88.8 GB"]), numeric: true,
                  compare: { Self.order($0.sizeBytes, $1.sizeBytes) }) { cell, item, _ in
            cell.text(Formatting.bytes(item.sizeBytes))
        }
        addColumn("Down", width: width(["Down", "88.8 MB/s", "8.88 MB/s"]), numeric: true,
                  compare: { Self.order($0.downloadSpeed, $1.downloadSpeed) }) { cell, item, _ in
            cell.text(Formatting.speed(item.downloadSpeed))
        }
        addColumn("Up", width: width(["Up", "88.8 MB/s", "8.88 MB/s"]), numeric: true,
                  compare: { Self.order($0.uploadSpeed, $1.uploadSpeed) }) { cell, item, _ in
            cell.text(Formatting.speed(item.uploadSpeed))
        }
        addColumn("ETA", width: width(["ETA", "8 h 88 min", "8 d 88 h"]), numeric: true,
                  compare: { Self.order($0.eta ?? .infinity, $1.eta ?? .infinity) }) { cell, item, _ in
            cell.text(item.state == .downloading ? Formatting.duration(item.eta) : "—")
        }
        addColumn("Client", width: width(["Client", "Transmission"]), compare: { _, _ in .orderedSame }, clientColumn: true) { cell, item, names in
            cell.text(names[item.serviceID] ?? "")
        }
    }

    /// The width of the widest sample in the column view's font (so at the current text scale), plus the
    /// cell's padding and the header's sort arrow.
    private func width(_ samples: [String]) -> Int32 {
        var widest: Int32 = 0
        for text in samples {
            guard let layout = gtk_widget_create_pango_layout(view, text) else { continue }
            var width: Int32 = 0, height: Int32 = 0
            pango_layout_get_pixel_size(layout, &width, &height)
            g_object_unref(UnsafeMutableRawPointer(layout))
            widest = max(widest, width)
        }
        return widest + 28
    }

    private static func order<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
        a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
    }

    private func addColumn(_ title: String, expand: Bool = false, width: Int32, numeric: Bool = false, progress: Bool = false,
                           compare: @escaping (TransferItem, TransferItem) -> ComparisonResult, clientColumn: Bool = false,
                           bind: @escaping @MainActor (DownloadCell, TransferItem, [UUID: String]) -> Void) {
        let factory = RowFactory<DownloadCell>(make: {
            let cell = DownloadCell(numeric: numeric, progress: progress)
            cell.binder = bind
            return (cell.widget, cell)
        }, bind: { [weak self] cell, key in
            guard let self, let slot = self.slotOf[key], let item = self.slots[slot] else { return }
            bind(cell, item, self.names)
        })
        let column = gtk_column_view_column_new(title, factory.factory)!
        g_object_ref(UnsafeMutableRawPointer(factory.factory)) // the column took the factory; the RowFactory keeps its own
        gtk_column_view_column_set_expand(column, expand ? 1 : 0)
        gtk_column_view_column_set_resizable(column, 1)
        gtk_column_view_column_set_fixed_width(column, width)
        let names = { [weak self] in self?.names ?? [:] }
        let comparison: SlotComparison = clientColumn
            ? { a, b in (names()[a.serviceID] ?? "").localizedStandardCompare(names()[b.serviceID] ?? "") }
            : compare
        let sorter = makeSorter(comparison)
        gtk_column_view_column_set_sorter(column, cast(sorter))
        g_object_unref(UnsafeMutableRawPointer(sorter))
        gtk_column_view_append_column(cast(view), column)
        columns.append((factory, column))
        g_object_unref(UnsafeMutableRawPointer(column))
    }

    typealias SlotComparison = (TransferItem, TransferItem) -> ComparisonResult

    private func makeSorter(_ comparison: @escaping SlotComparison) -> OpaquePointer {
        let box = Unmanaged.passRetained(SorterBox { [weak self] a, b in
            guard let self, let leftSlot = self.slot(a), let rightSlot = self.slot(b),
                  let left = self.slots[leftSlot], let right = self.slots[rightSlot] else { return 0 }
            switch comparison(left, right) {
            case .orderedAscending: return -1
            case .orderedDescending: return 1
            case .orderedSame:
                // By name (precomputed natural-order keys), then by key: a stable order.
                let leftName = self.nameKeys[leftSlot], rightName = self.nameKeys[rightSlot]
                if leftName != rightName { return leftName.lexicographicallyPrecedes(rightName) ? -1 : 1 }
                return left.joinKey == right.joinKey ? 0 : (left.joinKey < right.joinKey ? -1 : 1)
            }
        }).toOpaque()
        return gtk_custom_sorter_new({ a, b, data in
            let box = Unmanaged<SorterBox>.fromOpaque(data!).takeUnretainedValue()
            let left = UInt(bitPattern: a), right = UInt(bitPattern: b)
            return MainActor.assumeIsolated { box.compare(left, right) }
        }, box, { data in Unmanaged<SorterBox>.fromOpaque(data!).release() })
    }

    /// The slot of a row object: from its qdata, or — the first time the filter or
    /// sort model meets it, which can be inside the splice that inserts it (also
    /// for rows inserted in later idle chunks) — from its key, then kept in its qdata.
    private func slot(_ address: UInt) -> Int? {
        guard let object = UnsafeMutableRawPointer(bitPattern: address) else { return nil }
        var slot = Int(bitPattern: g_object_get_qdata(cast(object), Self.slotQuark)) - 1
        if slot < 0 {
            guard let key = KeyedList.key(of: object), let found = slotOf[key] else { return nil }
            g_object_set_qdata(cast(object), Self.slotQuark, UnsafeMutableRawPointer(bitPattern: found + 1))
            slot = found
        }
        return slot < slots.count ? slot : nil
    }

    private func item(_ address: UInt) -> TransferItem? {
        slot(address).flatMap { slots[$0] }
    }

    private func buildModel() {
        let filterBox = Unmanaged.passRetained(FilterBox { [weak self] address in
            guard let self, let item = self.item(address) else { return false }
            return self.query.includes(item)
        }).toOpaque()
        let customFilter = gtk_custom_filter_new({ item, data in
            let box = Unmanaged<FilterBox>.fromOpaque(data!).takeUnretainedValue()
            let address = UInt(bitPattern: item)
            return MainActor.assumeIsolated { box.includes(address) } ? 1 : 0
        }, filterBox, { data in Unmanaged<FilterBox>.fromOpaque(data!).release() })!
        filter = cast(customFilter)
        let filtered = gtk_filter_list_model_new(cast(g_object_ref(UnsafeMutableRawPointer(list.model))),
                                                 cast(g_object_ref(UnsafeMutableRawPointer(customFilter))))!
        let sorter = gtk_column_view_get_sorter(cast(view))!
        viewSorter = sorter
        let sorted = gtk_sort_list_model_new(cast(filtered), cast(g_object_ref(UnsafeMutableRawPointer(sorter))))!
        let selection = gtk_single_selection_new(cast(sorted))!
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
        gtk_column_view_set_model(cast(view), cast(selection))
        g_object_unref(UnsafeMutableRawPointer(selection))
        if let first = columns.first?.column { gtk_column_view_sort_by_column(cast(view), first, GTK_SORT_ASCENDING) }
    }

    // MARK: Content

    func render(_ state: FeatureState<DownloadsContent>) {
        if let content = state.value { apply(content) }
        page.show(PagePresentation(state), failures: state.value?.failures ?? [], isEmpty: state.value?.items.isEmpty ?? false)
    }

    private func apply(_ content: DownloadsContent) {
        var names: [UUID: String] = [:]
        for part in content.parts { names[part.service.id] = part.service.name }
        self.names = names
        let clientList = content.parts.map(\.service)
        if clientList != clients {
            clients = clientList
            UI.replaceAll(clientNames, with: ["All Clients"] + clients.map(\.name))
            gtk_widget_set_visible(clientDropDown, clients.count > 1 ? 1 : 0)
        }

        // Slots: existing keys keep theirs; gone keys free theirs; new keys take one.
        let items = content.items
        var keys: [String] = []
        keys.reserveCapacity(items.count)
        var seen = Set<String>()
        var changed = Set<String>()
        for item in items {
            let key = Self.key(item)
            guard seen.insert(key).inserted else { continue }
            keys.append(key)
            if let slot = slotOf[key] {
                guard slots[slot] != item else { continue }
                if slots[slot]?.name != item.name { nameKeys[slot] = LibraryQuery.naturalKey(item.name) }
                slots[slot] = item
                changed.insert(key)
            } else {
                changed.insert(key)
                let slot = freeSlots.popLast() ?? { slots.append(nil); nameKeys.append([]); return slots.count - 1 }()
                slots[slot] = item
                nameKeys[slot] = LibraryQuery.naturalKey(item.name)
                slotOf[key] = slot
            }
        }
        for (key, slot) in slotOf where !seen.contains(key) {
            slots[slot] = nil
            slotOf[key] = nil
            freeSlots.append(slot)
            changed.insert(key)
        }

        list.update(keys)
        // Rows on screen that changed take their new values; then filter and order follow,
        // once each — and not at all when nothing changed (most refreshes of a quiet client).
        if !changed.isEmpty {
            for column in columns {
                column.factory.forEachBound { key, cell in
                    if changed.contains(key), let slot = slotOf[key], let item = slots[slot] { cell.rebind(item, names: names) }
                }
            }
            gtk_filter_changed(filter, GTK_FILTER_CHANGE_DIFFERENT)
            gtk_sorter_changed(viewSorter, GTK_SORTER_CHANGE_DIFFERENT)
        }

        UI.setText(speeds, "↓ \(Formatting.speed(content.downloadSpeed))   ↑ \(Formatting.speed(content.uploadSpeed))")
        UI.setAccessibleLabel(speeds, "Total download speed \(Formatting.speed(content.downloadSpeed)), upload speed \(Formatting.speed(content.uploadSpeed))")
        updateCount()
        onApplied?(keys.count)
    }

    /// Rows the column view shows now, after filter and sort (tests).
    var shownRowCount: Int {
        guard let model = gtk_column_view_get_model(cast(view)) else { return 0 }
        return Int(g_list_model_get_n_items(cast(model)))
    }

    private func filtersChanged() {
        let states = TransferQuery.StateFilter.allCases
        let state = states[min(Int(gtk_drop_down_get_selected(cast(stateDropDown))), states.count - 1)]
        let clientIndex = Int(gtk_drop_down_get_selected(cast(clientDropDown)))
        query = TransferQuery(state: state, client: clientIndex > 0 && clientIndex <= clients.count ? clients[clientIndex - 1].id : nil)
        gtk_filter_changed(filter, GTK_FILTER_CHANGE_DIFFERENT)
        updateCount()
    }

    private func updateCount() {
        let shown = slots.compactMap { $0 }.filter(query.includes).count
        let total = slotOf.count
        UI.setText(countLabel, shown == total ? "\(Formatting.count(total)) \(total == 1 ? "transfer" : "transfers")"
                                              : "\(Formatting.count(shown)) of \(Formatting.count(total))")
    }

    static func key(_ item: TransferItem) -> String { "\(item.serviceID.uuidString)/\(item.joinKey)" }
}

private final class SorterBox {
    let compare: @MainActor (UInt, UInt) -> Int32
    init(_ compare: @escaping @MainActor (UInt, UInt) -> Int32) { self.compare = compare }
}

private final class FilterBox {
    let includes: @MainActor (UInt) -> Bool
    init(_ includes: @escaping @MainActor (UInt) -> Bool) { self.includes = includes }
}

/// One cell: a label, or a progress bar for the Progress column.
@MainActor
final class DownloadCell {
    let widget: Widget
    private let isProgress: Bool
    var binder: (@MainActor (DownloadCell, TransferItem, [UUID: String]) -> Void)?

    init(numeric: Bool, progress: Bool) {
        isProgress = progress
        if progress {
            widget = UI.progress(0, text: "", name: "Progress")
            gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        } else {
            widget = UI.line("", classes: numeric ? ["numeric"] : [])
            if numeric { gtk_label_set_xalign(cast(widget), 1) }
        }
        gtk_widget_set_margin_top(widget, 6)
        gtk_widget_set_margin_bottom(widget, 6)
    }

    func text(_ value: String) {
        UI.setText(widget, value)
    }

    func progress(_ fraction: Double, name: String) {
        gtk_progress_bar_set_fraction(cast(widget), fraction)
        gtk_progress_bar_set_text(cast(widget), Formatting.percent(fraction))
        UI.setAccessibleLabel(widget, name)
    }

    func rebind(_ item: TransferItem, names: [UUID: String]) { binder?(self, item, names) }
}
