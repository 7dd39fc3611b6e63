import CGtk
import Core
import Foundation

/// The order and the filter of the Downloads list, kept in Swift: `order` holds every transfer's key sorted by
/// the column the user picked (its header shows the arrow), `shownKeys` the ones that pass the filters; the
/// position-stable list shows them (`KeyedList`: a filter or sort binds rows again instead of making them).
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
        order = sorted(Array(slotOf.keys))
        showFiltered()
    }

    /// `a` before `b` in the current sort: the column's comparison, then by name (natural order), then by key.
    func precedes(_ a: Int, _ b: Int) -> Bool {
        guard let left = slots[a], let right = slots[b] else { return slots[a] != nil }
        switch columnOrder[sort.column](left, right) {
        case .orderedAscending: return !sort.descending
        case .orderedDescending: return sort.descending
        case .orderedSame:
            if nameKeys[a] != nameKeys[b] { return nameKeys[a].lexicographicallyPrecedes(nameKeys[b]) }
            return left.joinKey < right.joinKey
        }
    }

    func sorted(_ keys: [String]) -> [String] {
        keys.compactMap { key in slotOf[key].map { (key, $0) } }.sorted { precedes($0.1, $1.1) }.map(\.0)
    }

    /// `order` after the transfers of `changed` moved, came or went: the others keep their order and the changed
    /// ones are sorted and merged in (one pass, not a sort of everything).
    func reordered(changed: Set<String>) -> [String] {
        guard !changed.isEmpty else { return order }
        let staying = order.filter { !changed.contains($0) && slotOf[$0] != nil }
        let moving = sorted(changed.filter { slotOf[$0] != nil })
        guard !moving.isEmpty else { return staying }
        var merged: [String] = []
        merged.reserveCapacity(staying.count + moving.count)
        var i = 0, j = 0
        while i < staying.count, j < moving.count {
            if let a = slotOf[moving[j]], let b = slotOf[staying[i]], precedes(a, b) {
                merged.append(moving[j]); j += 1
            } else {
                merged.append(staying[i]); i += 1
            }
        }
        merged += staying[i...]
        merged += moving[j...]
        return merged
    }

    /// Whether the current order puts `new` anywhere else than `old` (the same transfer, the same name).
    func sortMayMove(from old: TransferItem, to new: TransferItem) -> Bool {
        columnOrder[sort.column](old, new) != .orderedSame
    }

    /// The list shows the transfers of `order` that pass the filters. `within`: only those shown now are
    /// tested (typing on narrows).
    func showFiltered(narrowing: Bool = false) {
        let source = narrowing ? shownKeys : order
        let everything = search.isEmpty && query == TransferQuery()
        shownKeys = everything ? order : source.filter { key in
            guard let slot = slotOf[key], let item = slots[slot] else { return false }
            return shows(item, searchKey: searchKeys[slot])
        }
        list.update(shownKeys)
    }
}
