import CGtk
import Core
import Foundation

/// Downloads: every transfer of every client in a column view with sortable
/// columns, global speeds in the page header, a text filter (Ctrl+F; name, category
/// or label, client), filters by state and client, and actions on the transfers
/// picked (`DownloadsActions`: toolbar, context menu, keys).
///
/// The list is position-stable (`KeyedList`): the order and the filter are kept in Swift
/// (`DownloadsPage+Order`), and a refresh, a filter or a sort binds the rows on screen again
/// instead of replacing them. A refresh merges the transfers that changed into the order; when
/// every client's answer was incremental (`TransferSnapshot.changes`), only the rows it names are
/// looked at, and filter and order change only if one of those rows would be filtered or placed
/// differently (`applyInPlace`).
@MainActor
final class DownloadsPage {
    let page: FeaturePage
    let list = KeyedList()
    let view: ColumnView
    var columns: [(factory: RowFactory<DownloadCell>, sorter: CustomSorter)] = []
    /// What each column sorts by, by column.
    var columnSorts: [ColumnSort] = []
    var selection: SelectionModel!
    /// Every transfer's slot in the current sort, and those the filters let through (what the list shows).
    var order: [Int] = []
    var shown: [Int] = []
    var sort = SortState(column: 0, descending: false)
    /// Set by a column's sorter while the view's sort is asked (`readSortState`).
    var probing: Int?
    let speeds: Label
    let countLabel: Label
    let stateDropDown: DropDown
    let clientDropDown: DropDown
    let clientNames = StringList()
    var clients: [ServiceRef] = []
    var query = TransferQuery()
    /// The filter field: typed words narrow the list (Ctrl+F; Escape clears it).
    let searchEntry = Entry(search: tr("Filter transfers"))
    var search = TransferSearch()
    /// Each slot's search key (`TransferSearch.key(of:)`), beside `nameKeys`; each client's folded name.
    var searchKeys: [[UInt8]] = []
    var clientKeys: [UUID: [UInt8]] = [:]
    /// Each transfer's slot: its values, its natural-order name key and its search key by slot number.
    var slots: [TransferItem?] = []
    var nameKeys: [[UInt8]] = [] // natural-order sort keys, per slot
    var slotOf: [String: Int] = [:]
    var freeSlots: [Int] = []
    /// Each slot's row key ("" when free), its value in the sorting column and its place by name (`nameRank`;
    /// `byName` holds the slots in that order).
    var slotKeys: [String] = []
    /// Whether a slot holds a transfer (read where copying `slots[slot]` to test it would cost).
    var live: [Bool] = []
    var slotServices: [UUID] = []
    var sortValues: [Double] = []
    var nameRank: [Int] = []
    var byName: [Int] = []
    /// Each client's place among the clients by name (the Client column's sort).
    var clientRanks: [UUID: Double] = [:]
    var names: [UUID: String] = [:]
    /// Each client's kind (what it can do), by service.
    var kinds: [UUID: ServiceKind] = [:]
    var scratchObjects: (OpaquePointer, OpaquePointer)?
    let actions = DownloadsActions()
    /// An Add Download dialog an inspection route shows.
    var inspectionDialog: AddDownloadDialog?
    let message: TransientMessage
    /// One transfer's details, below the list (Enter or a double-click opens it, Escape closes it).
    let details = TransferDetailsPane()
    /// Each client's speeds over time, from the total speeds in the toolbar.
    let speedHistory: SpeedHistoryView
    let paned: Paned
    /// The details pane wants reading: it opened, its transfer or its page changed, or it closed.
    var onDetailsWanted: (() -> Void)?
    /// Called when a refresh has been applied, with the number of transfers (benchmarks).
    var onApplied: ((Int) -> Void)?

    /// The window's clock (fixed in inspection routes).
    let clock: Clock

    init(clock: Clock) {
        self.clock = clock
        details.clock = clock
        speeds = Label.line("", classes: ["numeric"], ellipsize: false)
        speeds.setAccessibleLabel(tr("Total speeds"))
        speedHistory = SpeedHistoryView(totals: speeds)
        let stateNames = [tr("All"), tr("Active"), tr("Downloading"), tr("Seeding"), tr("Paused"), tr("Completed"), tr("With Problems")]
        stateDropDown = DropDown(stateNames, name: tr("Show transfers"))
        clientDropDown = DropDown(clientNames, name: tr("Client"))
        countLabel = Label.line("", classes: ["dim-label"], ellipsize: false)
        let header = Box.horizontal(spacing: 8)
        header.margins(12)
        let add = Button(icon: "list-add-symbolic", name: tr("Add download…"), tooltip: tr("Add a magnet, link, torrent or NZB (Ctrl+O)"),
                         action: "win.add-download")
        searchEntry.setAccessibleLabel(tr("Filter transfers by name, category or client"))
        searchEntry.tooltip = tr("Filter by name, category or client (Ctrl+F; Escape clears)")
        // Wide enough for its placeholder in the user's language, with the search and clear icons.
        searchEntry.sizeRequest(width: max(200, searchEntry.textWidth([tr("Filter transfers")]) + 64), height: -1)
        header.append(add, Separator(GTK_ORIENTATION_VERTICAL), actions.toolbar, Separator(GTK_ORIENTATION_VERTICAL), speedHistory.button, Box.spacer(),
                      searchEntry, countLabel, actions.limitsButton, stateDropDown, clientDropDown)

        view = ColumnView(name: tr("Transfers"))
        details.widget.visible = false
        paned = Paned(vertical: true, start: ScrolledWindow(both: view), end: details.widget)
        paned.vexpand = true
        let column = Box.vertical()
        column.append(header, Separator(), paned)
        message = TransientMessage(over: column)
        page = FeaturePage(tab: .downloads, content: message.overlay, clock: clock)

        addColumns()
        buildModel()
        list.paces(view)
        stateDropDown.onSelected { [weak self] in self?.filtersChanged() }
        clientDropDown.onSelected { [weak self] in self?.filtersChanged() }
        searchEntry.onSearchChanged { [weak self] in self?.filtersChanged() }
        searchEntry.onStopSearch { [weak self] in self?.stopSearch() }
        actions.attach(to: self)
        view.onActivate { [weak self] position in
            guard let self, let key = self.list.key(at: position) else { return }
            self.openDetails(key: key)
        }
        details.onClose = { [weak self] in self?.closeDetails() }
        // Escape in the list or the pane closes the pane (the filter field keeps its own Escape: it clears it).
        Shortcuts.add(to: paned, triggers: ["Escape"]) { [weak self] in self?.closeDetails() }
        details.onPageChanged = { [weak self] in self?.onDetailsWanted?() }
    }

    // Selection and filtering (DownloadsPage+Selection.swift).
    /// The rows the user picked, by key: what survives a refresh, a filter and a sort.
    var selectedKeys: Set<String> { list.selectedKeys }
    var revealing = PendingReveal()

    private func buildModel() {
        selection = SelectionModel(.multiple, over: list.model)
        // A transfer the filter hides stays picked (picked again when it is shown); one gone from its client does not.
        list.keepsSelection(selection, hiddenStayPicked: true)
        view.setModel(selection)
        onSignal(view.sorter, "changed", withArgument: { [weak self] _ in self?.sortChanged() })
        view.sort(byColumn: 0)
    }

    // MARK: Content

    /// Why each client the last refresh could not read was not read (the speed history says so beside its graph).
    private(set) var unread: [UUID: String] = [:]
    /// Why no client was read, when none was.
    private(set) var noneRead: String?

    func render(_ state: FeatureState<DownloadsContent>) {
        unread = Dictionary((state.value?.failures ?? []).map { ($0.service.id, ErrorText.sentence($0.error)) }, uniquingKeysWith: { first, _ in first })
        switch state {
        case .unavailable: noneRead = tr("No client could be reached")
        case .unauthorized: noneRead = tr("The clients refused their credentials")
        default: noneRead = nil
        }
        if let content = state.value {
            apply(content)
            sampleDetails()
        }
        // Nothing left (the last transfer removed): the rows go too, not only out of sight behind the
        // empty page (assistive technologies would still list them).
        else if case .empty = state { apply(DownloadsContent()) }
        page.show(PagePresentation(state), failures: state.value?.failures ?? [],
                  isEmpty: state.value?.parts.allSatisfy { $0.value.items.isEmpty } ?? false)
    }

    /// The clients in the order the list holds their rows, and each one's row keys in order.
    private var serviceOrder: [UUID] = []
    private var keysByService: [UUID: [String]] = [:]
    /// Each client's snapshot generation last applied, in the order of the parts (the fast path).
    private var appliedGenerations: [UUID: Int] = [:]
    /// Refreshes applied by the rows they named alone (tests).
    private(set) var inPlaceRefreshes = 0
    /// Two placeholder objects the view's sorter compares when its sort is asked (`readSortState`).
    var scratch: (OpaquePointer, OpaquePointer) {
        if let made = scratchObjects { return made }
        let pair = (gtk_string_object_new("")!, gtk_string_object_new("")!)
        scratchObjects = pair
        return pair
    }

    private func apply(_ content: DownloadsContent) {
        if applyInPlace(content) { return }
        appliedGenerations = [:]
        // A client still answering (a refresh shown as each client answers) keeps its rows as they
        // were until its part arrives: no rows vanishing for a moment, and its picked rows stay picked.
        let answered = Set(content.parts.map(\.service.id))
        let waiting = Set(content.pending.map(\.id)).subtracting(answered)
        var names: [UUID: String] = [:]
        for part in content.parts { names[part.service.id] = part.service.name }
        for id in waiting { names[id] = self.names[id] }
        var clientsRenamed = false
        if names != self.names {
            clientKeys = names.mapValues(TransferSearch.fold)
            let ranked = names.sorted { $0.value.localizedStandardCompare($1.value) == .orderedAscending }
            clientRanks = Dictionary(uniqueKeysWithValues: ranked.enumerated().map { ($0.element.key, Double($0.offset)) })
            clientsRenamed = true
        }
        self.names = names
        var kinds = Dictionary(content.parts.map { ($0.service.id, $0.service.kind) }, uniquingKeysWith: { a, _ in a })
        for id in waiting { kinds[id] = self.kinds[id] }
        self.kinds = kinds
        let clientList = content.parts.map(\.service)
        if clientList != clients, waiting.isEmpty || !Set(clients.map(\.id)).isSuperset(of: waiting) {
            clients = clientList
            clientNames.replaceAll(with: [tr("All Clients")] + clients.map(\.name))
            clientDropDown.visible = clients.count > 1
        }

        // The list keeps its order while clients answer one after another: each client's rows stand where
        // they stood, and a client still answering keeps its rows in place. (Appending the waiting clients'
        // rows after the answered ones re-spliced the whole list at every client's answer, and GTK made
        // every row again: with five clients that was half of the app's CPU.)
        let answeredIDs = content.parts.map(\.service.id)
        let order = waiting.isEmpty ? answeredIDs
            : serviceOrder.filter { answered.contains($0) || waiting.contains($0) } + answeredIDs.filter { !serviceOrder.contains($0) }
        serviceOrder = order
        let parts = Dictionary(content.parts.map { ($0.service.id, $0) }, uniquingKeysWith: { first, _ in first })
        var entries: [(String, TransferItem)] = []
        entries.reserveCapacity(content.parts.reduce(slotOf.count) { $0 + $1.value.items.count })
        for id in order {
            if let part = parts[id] {
                let suffix = Self.keySuffix(id) // one UUID formatted per client, not per row
                entries += part.value.items.lazy.map { ($0.joinKey + suffix, $0) }
            } else {
                entries += (keysByService[id] ?? []).compactMap { key in slotOf[key].flatMap { slots[$0] }.map { (key, $0) } }
            }
        }

        // Slots: existing keys keep theirs; gone keys free theirs; new keys take one.
        var keys: [String] = []
        keys.reserveCapacity(entries.count)
        var seen = Set<String>()
        var changed = Set<String>()
        var changedSlots = Set<Int>(), named = Set<Int>()
        var byService: [UUID: [String]] = [:]
        for (key, item) in entries {
            guard seen.insert(key).inserted else { continue }
            keys.append(key)
            byService[item.serviceID, default: []].append(key)
            if let slot = slotOf[key] {
                guard slots[slot] != item else { continue }
                if slots[slot]?.name != item.name {
                    nameKeys[slot] = LibraryQuery.naturalKey(item.name)
                    named.insert(slot)
                }
                if let old = slots[slot], Self.searchedFieldsDiffer(old, item) { searchKeys[slot] = TransferSearch.key(of: item) }
                slots[slot] = item
                sortValues[slot] = sortValue(item)
                changed.insert(key)
                changedSlots.insert(slot)
            } else {
                changed.insert(key)
                let slot = freeSlots.popLast() ?? newSlot()
                slots[slot] = item
                slotKeys[slot] = key
                live[slot] = true
                slotServices[slot] = item.serviceID
                nameKeys[slot] = LibraryQuery.naturalKey(item.name)
                searchKeys[slot] = TransferSearch.key(of: item)
                sortValues[slot] = sortValue(item)
                slotOf[key] = slot
                changedSlots.insert(slot)
                named.insert(slot)
            }
        }
        keysByService = byService
        list.unpick { !seen.contains($0) }
        for (key, slot) in slotOf where !seen.contains(key) {
            slots[slot] = nil
            searchKeys[slot] = []
            slotKeys[slot] = ""
            live[slot] = false
            slotOf[key] = nil
            freeSlots.append(slot)
            changed.insert(key)
            changedSlots.insert(slot)
            named.insert(slot)
        }
        renamed(named)

        // Rows on screen that changed take their new values; then order and filter follow, once each —
        // and not at all when nothing changed (most refreshes of a quiet client). The list keeps its rows
        // and the picked transfers stay picked (by key).
        if clientsRenamed, case .client = columnSorts[sort.column] {
            if !changed.isEmpty { rebindShown(only: changed) }
            resort()
        } else if !changed.isEmpty {
            rebindShown(only: changed)
            // Added and removed transfers are among the changed ones: merged in, or left out.
            self.order = reordered(changed: changedSlots)
            showFiltered()
        }

        if waiting.isEmpty, content.parts.allSatisfy({ !$0.isStale && $0.value.changes != nil }) {
            for part in content.parts { appliedGenerations[part.service.id] = part.value.changes!.generation }
        }
        finishApplying(content, updatingCount: true)
    }

    /// Each client's speeds as it last reported them: a client still answering counts with those, so the
    /// totals do not dip while a refresh arrives client by client.
    private var speedsByService: [UUID: (down: Int64, up: Int64)] = [:]

    /// One more slot, free.
    private static let noService = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    private func newSlot() -> Int {
        slots.append(nil)
        nameKeys.append([])
        searchKeys.append([])
        slotKeys.append("")
        live.append(false)
        // A fixed placeholder: `UUID()` reads the system's random source (an open and a read per call, a third of
        // the first apply of 10,000 transfers in a profile).
        slotServices.append(Self.noService)
        sortValues.append(0)
        nameRank.append(0)
        return slots.count - 1
    }

    private func finishApplying(_ content: DownloadsContent, updatingCount: Bool) {
        var latest: [UUID: (down: Int64, up: Int64)] = [:]
        for part in content.parts { latest[part.service.id] = (part.value.stats.downloadSpeed, part.value.stats.uploadSpeed) }
        for service in content.pending where latest[service.id] == nil { latest[service.id] = speedsByService[service.id] }
        speedsByService = latest
        let down = latest.values.reduce(Int64(0)) { $0.addingSaturated($1.down) }, up = latest.values.reduce(Int64(0)) { $0.addingSaturated($1.up) }
        let text = "↓ \(Formatting.speed(down))   ↑ \(Formatting.speed(up))"
        if text != speeds.text {
            speeds.text = text
            speeds.setAccessibleLabel(tr("Total download speed %s, upload speed %s").fill(Formatting.speed(down), Formatting.speed(up)))
        }
        if updatingCount { updateCount() }
        actions.contentChanged()
        revealIfListed()
        onApplied?(slotOf.count)
    }

    /// A refresh (or a client's part of one, as each answers) in which every client that answered
    /// changed only in place since the snapshot last applied (`TransferSnapshot.changes`): only the
    /// rows those name are compared and updated; the filter runs again only when a row's inclusion
    /// changed, the sort only when a row can move. Anything else (a client added, gone, stale,
    /// renamed, or a generation skipped) returns false and the whole content is compared.
    private func applyInPlace(_ content: DownloadsContent) -> Bool {
        guard !appliedGenerations.isEmpty,
              Set(content.parts.map(\.service.id) + content.pending.map(\.id)) == Set(appliedGenerations.keys),
              content.parts.allSatisfy({ clients.contains($0.service) }) else { return false }
        var fresh: [(part: ServicePart<TransferSnapshot>, positions: [Int])] = []
        for part in content.parts {
            guard !part.isStale, let changes = part.value.changes, let applied = appliedGenerations[part.service.id] else { return false }
            if changes.generation == applied { continue } // shown already (an earlier part of this refresh)
            // Since the generation shown: a snapshot missed (another tab read the client meanwhile) is in `earlier`.
            guard let positions = changes.positions(since: applied) else { return false }
            fresh.append((part, positions))
        }
        var updates: [(slot: Int, key: String, item: TransferItem, searchKey: [UInt8]?)] = []
        var refilter = false
        var moving = Set<Int>()
        for (part, positions) in fresh {
            let suffix = Self.keySuffix(part.service.id)
            for position in positions where position < part.value.items.count {
                let item = part.value.items[position]
                let key = item.joinKey + suffix
                // Not what we hold: compare all (nothing changed yet, so the full path sees every difference).
                guard let slot = slotOf[key], let old = slots[slot] else { return false }
                guard old != item else { continue }
                // A new name moves the transfer in the order by name: the whole content is compared.
                guard old.name == item.name else { return false }
                let searchKey = Self.searchedFieldsDiffer(old, item) ? TransferSearch.key(of: item) : nil
                if !refilter, shows(old, searchKey: searchKeys[slot]) != shows(item, searchKey: searchKey ?? searchKeys[slot]) { refilter = true }
                if sortMayMove(from: old, to: item) { moving.insert(slot) }
                updates.append((slot, key, item, searchKey))
            }
        }
        for update in updates {
            slots[update.slot] = update.item
            sortValues[update.slot] = sortValue(update.item)
            if let searchKey = update.searchKey { searchKeys[update.slot] = searchKey }
        }
        let changed = Set(updates.map(\.key))
        for (part, _) in fresh { appliedGenerations[part.service.id] = part.value.changes!.generation }
        inPlaceRefreshes += 1
        if !changed.isEmpty {
            rebindShown(only: changed)
            if !moving.isEmpty { order = reordered(changed: moving) }
            if refilter || !moving.isEmpty { showFiltered() }
        }
        finishApplying(content, updatingCount: refilter)
        return true
    }
}

