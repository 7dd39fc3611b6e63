import Foundation

/// A transfer client's list kept in display order between refreshes, so that an incremental answer
/// (qBittorrent's `rid` diff, Transmission's `recently-active`) costs what it names, not the whole
/// list: a changed transfer whose name is the same is replaced where it stands; only an added,
/// removed or renamed one re-sorts (with the sort keys kept from before).
///
/// Each snapshot it hands out carries a generation and, when the step from the one before only
/// replaced items in place, their positions (`TransferSnapshot.changes`): the page then applies
/// those rows and nothing else.
struct TransferTable: Sendable {
    private(set) var items: [TransferItem] = []
    private var nameKeys: [[UInt8]] = []      // natural-order key of each item's name, by position
    private var position: [String: Int] = [:] // join key → position
    private(set) var generation = 0
    private var changedPositions: [Int]? = nil
    /// The positions of the in-place steps before this generation, by generation (a few, none past a step
    /// that was not in place).
    private var history: [Int: [Int]] = [:]
    static let historyDepth = 8

    var count: Int { items.count }

    /// Everything, as a full answer lists it.
    mutating func replaceAll(_ new: [TransferItem]) {
        var known: [String: [UInt8]] = [:]
        for (index, item) in items.enumerated() { known[item.name] = nameKeys[index] }
        let keyed = new.map { item in (item: item, key: known[item.name] ?? LibraryQuery.naturalKey(item.name)) }
        install(keyed)
        changedPositions = nil
        generation += 1
        history = [:]
    }

    /// An incremental answer: `changed` holds new and updated transfers, `removed` the join keys of
    /// those gone. Nothing to do still starts a new generation (with no changed positions).
    mutating func apply(changed: [TransferItem], removed: Set<String>) {
        if let positions = changedPositions {
            history[generation] = positions
            history[generation - Self.historyDepth] = nil
        } else {
            history = [:]
        }
        generation += 1
        let inPlace = removed.allSatisfy { position[$0] == nil }
            && changed.allSatisfy { item in position[item.joinKey].map { items[$0].name == item.name } ?? false }
        if inPlace {
            var positions: [Int] = []
            positions.reserveCapacity(changed.count)
            for item in changed {
                guard let index = position[item.joinKey], items[index] != item else { continue }
                items[index] = item
                positions.append(index)
            }
            changedPositions = positions.sorted()
            return
        }
        var keyed: [(item: TransferItem, key: [UInt8])] = []
        keyed.reserveCapacity(items.count + changed.count)
        var updates: [String: TransferItem] = [:]
        for item in changed { updates[item.joinKey] = item }
        for (index, item) in items.enumerated() where !removed.contains(item.joinKey) {
            if let update = updates.removeValue(forKey: item.joinKey) {
                keyed.append((update, update.name == item.name ? nameKeys[index] : LibraryQuery.naturalKey(update.name)))
            } else {
                keyed.append((item, nameKeys[index]))
            }
        }
        for item in changed where updates[item.joinKey] != nil { keyed.append((item, LibraryQuery.naturalKey(item.name))) }
        install(keyed)
        changedPositions = nil
    }

    /// The list as a snapshot with `stats`; it says what changed when this generation only replaced
    /// items in place.
    func snapshot(stats: TransferStats) -> TransferSnapshot {
        var snapshot = TransferSnapshot(items: items, stats: stats)
        snapshot.changes = TransferSnapshot.Changes(generation: generation, positions: changedPositions,
                                                    earlier: changedPositions == nil ? [:] : history)
        return snapshot
    }

    private mutating func install(_ keyed: [(item: TransferItem, key: [UInt8])]) {
        let sorted = keyed.sorted(by: displayPrecedes)
        items = sorted.map(\.item)
        nameKeys = sorted.map(\.key)
        position = [:]
        position.reserveCapacity(items.count)
        for (index, item) in items.enumerated() { position[item.joinKey] = index }
    }
}
