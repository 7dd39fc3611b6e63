import Foundation

/// The live changes a library list has taken since the read it shows was asked for.
///
/// A read asked before a change may answer without it (the service took the read first), so its answer must not
/// undo the change: each change stays laid over every answer to a read asked before it, and is let go once a read
/// asked after it has answered for its instance (that answer has it, or something newer).
public struct LivePatches: Sendable {
    public typealias Instant = ContinuousClock.Instant

    private enum Change: Sendable {
        case item(Resource)
        case removed
    }

    private var changes: [ResourceID: (change: Change, at: Instant)] = [:]

    public init() {}

    public var isEmpty: Bool { changes.isEmpty }
    public var count: Int { changes.count }

    /// The whole item came with a change at `at` (or was read again alone, asked at `at`).
    public mutating func patch(_ item: Resource, at: Instant) { changes[item.id] = (.item(item), at) }

    /// The item was deleted at `at`.
    public mutating func remove(_ id: ResourceID, at: Instant) { changes[id] = (.removed, at) }

    /// A read asked at `asked` answered afresh for the instances `fresh`; `present` are all the instances the answer
    /// covers (fresh, from the cache, or still pending). Changes it holds are let go, and so are those of an instance
    /// no longer configured.
    public mutating func answered(fresh: Set<UUID>, askedAt asked: Instant, present: Set<UUID>) {
        changes = changes.filter { id, entry in
            present.contains(id.serviceID) && !(fresh.contains(id.serviceID) && entry.at <= asked)
        }
    }

    /// `items` with the changes laid over them: a changed item in its place, a deleted one gone, one the list does
    /// not have yet at the end (in the order the changes came).
    public func applied(to items: [Resource]) -> [Resource] {
        guard !changes.isEmpty else { return items }
        var result: [Resource] = []
        result.reserveCapacity(items.count + changes.count)
        var placed = Set<ResourceID>()
        for item in items {
            guard let entry = changes[item.id] else {
                result.append(item)
                continue
            }
            placed.insert(item.id)
            if case .item(let changed) = entry.change { result.append(changed) }
        }
        let joining = changes.filter { !placed.contains($0.key) }.sorted { $0.value.at < $1.value.at }
        for (_, entry) in joining {
            if case .item(let changed) = entry.change { result.append(changed) }
        }
        return result
    }
}
