import CGtk
import Core
import Foundation

/// What is selected, kept across refreshes by key, and the filters that decide what is listed.
@MainActor
extension DownloadsPage {

    /// The user (or `select(keys:)`) changed the selection (the list keeps it by key).
    func selectionChanged() {
        actions.update()
        // Open details follow the one transfer picked.
        if detailsOpen, let picked = selectedItems.first, selectedItems.count == 1, picked.id != details.item?.id {
            openDetails(key: Self.key(picked))
        }
    }

    /// The transfers picked, in the order shown.
    var selectedItems: [TransferItem] {
        selection.selectedPositions.compactMap { list.key(at: $0).flatMap(item(forKey:)) }
    }

    /// Every row key, in the order the list shows them (benchmarks).
    var allKeys: [String] { list.keys }

    /// The transfer a row key names now.
    func item(forKey key: String) -> TransferItem? { slotOf[key].flatMap { slots[$0] } }

    /// Selects exactly the rows of `keys` that are shown (tests, inspection, a right click on an unselected row).
    func select(keys: Set<String>) {
        list.select(keys: keys)
        selectionChanged()
    }

    /// Picks one transfer and scrolls to it (a notification's click), showing every state and client
    /// when a filter hides it; when it is not on the list yet (the page has not been read since), it
    /// is picked when it arrives — within half a minute.
    func reveal(key: String, now: Date = Date()) {
        revealing.want(key, now: now)
        revealIfListed(now: now)
    }


    func revealIfListed(now: Date = Date()) {
        guard let key = revealing.take(now: now, isListed: { self.item(forKey: $0) != nil }), let item = item(forKey: key) else { return }
        if let slot = slotOf[key], !shows(item, searchKey: searchKeys[slot]) {
            stateDropDown.selected = 0
            clientDropDown.selected = 0 // each change refilters (their notify::selected)
            searchEntry.text = "" // refilters after the entry's short delay
            search = TransferSearch()
            filtersChanged()
        }
        select(keys: [key])
        if let position = list.position(of: key) { KeyedList.scroll(view, to: position) }
    }

    /// Rows shown whose transfer is in `keys`, by position.
    func isSelected(key: String) -> Bool { selectedItems.contains { Self.key($0) == key } }

    /// Rows on screen take their current values again (a pending action came or went).
    func rebindShown(only keys: Set<String>? = nil) {
        for column in columns {
            column.factory.forEachBound { key, cell in
                if keys?.contains(key) ?? true, let item = item(forKey: key) { cell.rebind(item, names: names) }
            }
        }
    }

    /// Rows the column view shows now, after filter and sort (tests).
    var shownRowCount: Int { view.rowCount }

    // MARK: Filters

    /// Whether a transfer passes the state and client filters and the typed words.
    func shows(_ item: TransferItem, searchKey: [UInt8]) -> Bool {
        query.includes(item) && (search.isEmpty || search.matches(searchKey, client: clientKeys[item.serviceID] ?? []))
    }

    /// Whether a change of `old` into `new` changes what the filter field finds it by.
    static func searchedFieldsDiffer(_ old: TransferItem, _ new: TransferItem) -> Bool {
        old.name != new.name || old.category != new.category || old.labels != new.labels
    }

    func filtersChanged() {
        let states = TransferQuery.StateFilter.allCases
        let state = states[min(stateDropDown.selected, states.count - 1)]
        let clientIndex = clientDropDown.selected
        let query = TransferQuery(state: state, client: clientIndex > 0 && clientIndex <= clients.count ? clients[clientIndex - 1].id : nil)
        let search = TransferSearch(searchEntry.text), old = self.search.text
        let sameQuery = query == self.query
        self.query = query
        self.search = search
        // Typing on narrows what is shown: only the rows shown are tested again.
        showFiltered(narrowing: sameQuery && search.text.hasPrefix(old) && !old.isEmpty)
        updateCount()
        actions.update()
    }

    /// Ctrl+F: the filter field, its text selected (typing replaces it).
    func focusSearch() {
        searchEntry.grabFocus()
    }

    /// Types into the filter field (as a user would, a key at a time; tests and the benchmark).
    func setSearchText(_ text: String) {
        searchEntry.type(text)
    }

    /// Escape in the filter field: clears it; when it is empty already, back to the list.
    func stopSearch() {
        if searchEntry.text.isEmpty { view.grabFocus() } else { searchEntry.text = "" }
    }

    func updateCount() {
        let total = slotOf.count
        // From what the filters let through, not the view: a large splice reaches the view over several steps.
        let shown = shown.count
        countLabel.text = shown == total ? Strings.transfers(total) : Strings.transfersShown(shown, of: total)
    }

    static func key(_ item: TransferItem) -> String { key(item.id) }
    /// A row's key: the transfer's own id first (keys of one client differ from their first characters, so the
    /// list compares 10,000 of them quickly), then its client's.
    static func key(_ id: TransferItem.ID) -> String { id.joinKey + keySuffix(id.serviceID) }
    static func keySuffix(_ serviceID: UUID) -> String { "@" + serviceID.uuidString }
}
