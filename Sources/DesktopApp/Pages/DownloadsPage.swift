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
    private let view: ColumnView
    private var columns: [(factory: RowFactory<DownloadCell>, sorter: CustomSorter)] = []
    private var filter: CustomFilter!
    private var selection: SelectionModel!
    private let speeds: Label
    private let countLabel: Label
    private let stateDropDown: DropDown
    private let clientDropDown: DropDown
    private let clientNames = StringList()
    private var clients: [ServiceRef] = []
    private var query = TransferQuery()
    private var slots: [TransferItem?] = []
    private var nameKeys: [[UInt8]] = [] // natural-order sort keys, per slot
    private var slotOf: [String: Int] = [:]
    private var freeSlots: [Int] = []
    private var names: [UUID: String] = [:]
    private static let slotTag = ObjectTag("switchyard-slot")
    /// Called when a refresh has been applied, with the number of transfers (benchmarks).
    var onApplied: ((Int) -> Void)?

    init(clock: Clock) {
        speeds = Label.line("", classes: ["numeric"], ellipsize: false)
        speeds.setAccessibleLabel("Total speeds")
        let stateNames = ["All", "Active", "Downloading", "Seeding", "Paused", "Completed", "With Problems"]
        stateDropDown = DropDown(stateNames, name: "Show transfers")
        clientDropDown = DropDown(clientNames, name: "Client")
        countLabel = Label.line("", classes: ["dim-label"], ellipsize: false)
        let header = Box.horizontal(spacing: 8)
        header.margins(12)
        header.append(speeds, Box.spacer(), countLabel, stateDropDown, clientDropDown)

        view = ColumnView(name: "Transfers")
        let column = Box.vertical()
        column.append(header, Separator(), ScrolledWindow(both: view))
        page = FeaturePage(tab: .downloads, content: column, clock: clock)

        addColumns()
        buildModel()
        stateDropDown.onSelected { [weak self] in self?.filtersChanged() }
        clientDropDown.onSelected { [weak self] in self?.filtersChanged() }
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
        view.textWidth(samples) + 28
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
        let names = { [weak self] in self?.names ?? [:] }
        let comparison: SlotComparison = clientColumn
            ? { a, b in (names()[a.serviceID] ?? "").localizedStandardCompare(names()[b.serviceID] ?? "") }
            : compare
        let sorter = makeSorter(comparison)
        view.append(title, factory: factory.factory, sorter: sorter, width: width, expand: expand)
        columns.append((factory, sorter))
    }

    typealias SlotComparison = (TransferItem, TransferItem) -> ComparisonResult

    private func makeSorter(_ comparison: @escaping SlotComparison) -> CustomSorter {
        CustomSorter { [weak self] a, b in
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
        }
    }

    /// The slot of a row object: from its qdata, or — the first time the filter or
    /// sort model meets it, which can be inside the splice that inserts it (also
    /// for rows inserted in later idle chunks) — from its key, then kept in its qdata.
    private func slot(_ object: gpointer) -> Int? {
        var slot = Self.slotTag.get(object)
        if slot == nil {
            guard let key = KeyedList.key(of: object), let found = slotOf[key] else { return nil }
            Self.slotTag.set(object, found)
            slot = found
        }
        return slot.flatMap { $0 < slots.count ? $0 : nil }
    }

    private func item(_ object: gpointer) -> TransferItem? {
        slot(object).flatMap { slots[$0] }
    }

    private func buildModel() {
        filter = CustomFilter { [weak self] object in
            guard let self, let item = self.item(object) else { return false }
            return self.query.includes(item)
        }
        let sorted = filteredAndSorted(list.model, filter: filter, sorter: view.sorter)
        selection = SelectionModel(.single, over: sorted)
        unref(sorted)
        view.setModel(selection)
        view.sort(byColumn: 0)
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
            clientNames.replaceAll(with: ["All Clients"] + clients.map(\.name))
            clientDropDown.visible = clients.count > 1
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
            filter.changed()
            sorterChanged(view.sorter)
        }

        speeds.text = "↓ \(Formatting.speed(content.downloadSpeed))   ↑ \(Formatting.speed(content.uploadSpeed))"
        speeds.setAccessibleLabel("Total download speed \(Formatting.speed(content.downloadSpeed)), upload speed \(Formatting.speed(content.uploadSpeed))")
        updateCount()
        onApplied?(keys.count)
    }

    /// Rows the column view shows now, after filter and sort (tests).
    var shownRowCount: Int { view.rowCount }

    private func filtersChanged() {
        let states = TransferQuery.StateFilter.allCases
        let state = states[min(stateDropDown.selected, states.count - 1)]
        let clientIndex = clientDropDown.selected
        query = TransferQuery(state: state, client: clientIndex > 0 && clientIndex <= clients.count ? clients[clientIndex - 1].id : nil)
        filter.changed()
        updateCount()
    }

    private func updateCount() {
        let shown = slots.compactMap { $0 }.filter(query.includes).count
        let total = slotOf.count
        countLabel.text = shown == total ? "\(Formatting.count(total)) \(total == 1 ? "transfer" : "transfers")"
                                         : "\(Formatting.count(shown)) of \(Formatting.count(total))"
    }

    static func key(_ item: TransferItem) -> String { "\(item.serviceID.uuidString)/\(item.joinKey)" }
}

/// One cell: a label, or a progress bar for the Progress column.
@MainActor
final class DownloadCell {
    private let label: Label?
    private let bar: ProgressBar?
    var widget: any WidgetRef { label ?? bar! }
    var binder: (@MainActor (DownloadCell, TransferItem, [UUID: String]) -> Void)?

    init(numeric: Bool, progress: Bool) {
        if progress {
            bar = ProgressBar(0, text: "", name: "Progress")
            bar?.valign = GTK_ALIGN_CENTER
            label = nil
        } else {
            label = Label.line("", classes: numeric ? ["numeric"] : [])
            if numeric { label?.xalign = 1 }
            bar = nil
        }
        widget.margin(top: 6, bottom: 6)
    }

    func text(_ value: String) {
        label?.text = value
    }

    func progress(_ fraction: Double, name: String) {
        guard let bar else { return }
        bar.fraction = fraction
        bar.text = Formatting.percent(fraction)
        bar.setAccessibleLabel(name)
    }

    func rebind(_ item: TransferItem, names: [UUID: String]) { binder?(self, item, names) }
}
