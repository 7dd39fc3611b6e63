import CGtk
import Core
import Foundation

/// The order and the filter of the Downloads list, kept in Swift over slot numbers: `order` holds every
/// transfer's slot sorted by the column the user picked (its header shows the arrow), `shown` the ones that pass
/// the filters; the position-stable list shows their keys (`KeyedList`: a filter or sort binds rows again
/// instead of making them).
///
/// A comparison reads two numbers: each slot's value in the sorting column (`sortValues`, kept as transfers
/// change) and its place by name (`nameRank`, natural order, kept as transfers come, go or are renamed) — no
/// transfer is copied and no key is hashed while sorting 10,000 of them.
///
/// Which column sorts, and which way, is the column view's own sorter's state: the user clicks a header and
/// it says so by "changed". GTK 4.8 has no call that reads it, so it is asked: each column's sorter answers a
/// comparison by naming itself, and the view's sorter calls the primary column's first and inverts it when
/// descending (`readSortState`).
@MainActor
extension DownloadsPage {
    struct SortState: Equatable {
        var column: Int
        var descending: Bool
    }

    /// What a column sorts by.
    enum ColumnSort {
        /// The name's natural order (`nameRank`).
        case name
        /// The client's name (`clientRanks`).
        case client
        /// A number the transfer holds.
        case number(@Sendable (TransferItem) -> Double)
    }

    /// Two slots compared by the current sort: the column's value, then the name's place (ascending), which is
    /// unique — so the order is total and a merge of changed slots lands where a full sort would put them.
    struct Ordering {
        let values: [Double]
        let ranks: [Int]
        let descending: Bool
        let byName: Bool

        func before(_ a: Int, _ b: Int) -> Bool {
            if byName { return descending ? ranks[a] > ranks[b] : ranks[a] < ranks[b] }
            let x = values[a], y = values[b]
            if x != y { return descending ? x > y : x < y }
            return ranks[a] < ranks[b]
        }
    }

    /// The column view's sort, asked of its sorter with two placeholder objects.
    func readSortState() -> SortState {
        probing = nil
        let answer = gtk_sorter_compare(view.sorter, UnsafeMutableRawPointer(scratch.0), UnsafeMutableRawPointer(scratch.1))
        defer { probing = nil }
        guard let column = probing else { return SortState(column: 0, descending: false) }
        return SortState(column: column, descending: answer == GTK_ORDERING_LARGER)
    }

    /// A column's sorter for the view: it only ever names its column (`readSortState`); sorting is done here.
    func probeSorter(column: Int) -> CustomSorter {
        CustomSorter { [weak self] _, _ in
            if self?.probing == nil { self?.probing = column }
            return -1
        }
    }

    /// The user clicked a header: everything in the new order.
    func sortChanged() {
        let state = readSortState()
        guard state != sort else { return }
        sort = state
        resort()
    }

    /// Every slot's value in the sorting column again, and the whole order made anew (a header clicked, a client renamed).
    func resort() {
        for slot in slots.indices { sortValues[slot] = slots[slot].map(sortValue) ?? 0 }
        order = ordering.sorted(Array(slotOf.values))
        showFiltered()
    }

    /// A transfer's value in the sorting column (NaN sorts first).
    func sortValue(_ item: TransferItem) -> Double {
        switch columnSorts[sort.column] {
        case .name: return 0
        case .client: return clientRanks[item.serviceID] ?? 0
        case .number(let value):
            let number = value(item)
            return number.isNaN ? -.infinity : number
        }
    }

    var ordering: Ordering {
        let byName: Bool
        if case .name = columnSorts[sort.column] { byName = true } else { byName = false }
        return Ordering(values: sortValues, ranks: nameRank, descending: sort.descending, byName: byName)
    }

    /// `order` after the slots of `changed` moved, came or went: the others keep their order and the changed
    /// ones are sorted and merged in (one pass, not a sort of everything).
    func reordered(changed: Set<Int>) -> [Int] {
        guard !changed.isEmpty else { return order }
        let live = live
        let staying = order.filter { live[$0] && !changed.contains($0) }
        let ordering = ordering
        return Self.merge(staying, ordering.sorted(changed.filter { live[$0] }), by: ordering.before)
    }

    /// Two sorted arrays as one.
    static func merge(_ staying: [Int], _ moving: [Int], by before: (Int, Int) -> Bool) -> [Int] {
        guard !moving.isEmpty else { return staying }
        var merged: [Int] = []
        merged.reserveCapacity(staying.count + moving.count)
        var i = 0, j = 0
        while i < staying.count, j < moving.count {
            if before(moving[j], staying[i]) {
                merged.append(moving[j]); j += 1
            } else {
                merged.append(staying[i]); i += 1
            }
        }
        merged += staying[i...]
        merged += moving[j...]
        return merged
    }

    /// `nameRank` after the slots of `changed` were named, renamed or freed: the others keep their order by name.
    func renamed(_ changed: Set<Int>) {
        guard !changed.isEmpty else { return }
        let keys = nameKeys, ids = slotKeys, live = live
        let before: (Int, Int) -> Bool = { a, b in
            keys[a] != keys[b] ? keys[a].lexicographicallyPrecedes(keys[b]) : ids[a] < ids[b]
        }
        let staying = byName.filter { live[$0] && !changed.contains($0) }
        byName = Self.merge(staying, changed.filter { live[$0] }.sorted(by: before), by: before)
        for (rank, slot) in byName.enumerated() { nameRank[slot] = rank }
    }

    /// Whether the current order may put `new` anywhere else than `old` (the same transfer, the same name).
    func sortMayMove(from old: TransferItem, to new: TransferItem) -> Bool {
        sortValue(old) != sortValue(new)
    }

    /// The list shows the transfers of `order` that pass the filters. `narrowing`: only those shown now are
    /// tested (typing on narrows).
    func showFiltered(narrowing: Bool = false) {
        if search.isEmpty && query == TransferQuery() {
            shown = order
        } else {
            let source = narrowing ? shown : order
            let items = slots, live = live, services = slotServices, searched = searchKeys, search = search, query = query, clients = clientKeys
            let everyState = query == TransferQuery()
            shown = source.filter { slot in
                guard live[slot] else { return false }
                if !everyState, let item = items[slot], !query.includes(item) { return false }
                if search.isEmpty { return true }
                // The typed words are in the transfer's own key mostly: its client's name is looked up only when not.
                return search.matches(searched[slot], client: []) || search.matches(searched[slot], client: clients[services[slot]] ?? [])
            }
        }
        let keys = slotKeys
        list.update(shown.map { keys[$0] })
    }
}

extension DownloadsPage.Ordering {
    func sorted(_ slots: some Sequence<Int>) -> [Int] { slots.sorted(by: before) }
}
