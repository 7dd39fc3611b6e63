import Foundation

/// Writes to the orchestrators: monitoring, commands, deletion and queue removal. Each goes to the
/// instance that owns the item (its `serviceID`), names its items, and is sent once; the caller
/// reads the state back afterwards (`library(force:)`, `detail(of:force:)`, `activity(force:)`).
extension Repository {
    /// Monitored on or off, one request per instance naming its items; the errors by instance.
    public func setMonitored(_ monitored: Bool, items: [ResourceID]) async -> [UUID: ServiceError] {
        var byService: [UUID: [ResourceID]] = [:]
        for item in items { byService[item.serviceID, default: []].append(item) }
        var failures: [UUID: ServiceError] = [:]
        for (id, picked) in byService {
            do throws(ServiceError) {
                let session = try enabledSession(id)
                let done: Void? = try await session.write(Capabilities.libraryActions) { client throws(ServiceError) in
                    try await client.setMonitored(monitored, items: picked)
                }
                if done == nil { failures[id] = .notOffered }
            } catch {
                failures[id] = error
            }
        }
        return failures
    }

    /// Groups of an item monitored on or off in one request (a season: its episodes follow; albums).
    public func setGroupsMonitored(_ monitored: Bool, item: ResourceID, groups: [Int]) async throws(ServiceError) {
        let session = try enabledSession(item.serviceID)
        let done: Void? = try await session.write(Capabilities.childMonitoring) { client throws(ServiceError) in
            try await client.setGroupsMonitored(monitored, item: item, groups: groups)
        }
        if done == nil { throw .notOffered }
    }

    /// Children of one instance monitored on or off, by id.
    public func setChildrenMonitored(_ monitored: Bool, ids: [Int], on service: UUID) async throws(ServiceError) {
        let session = try enabledSession(service)
        let done: Void? = try await session.write(Capabilities.childMonitoring) { client throws(ServiceError) in
            try await client.setChildrenMonitored(monitored, ids: ids)
        }
        if done == nil { throw .notOffered }
    }

    /// Starts a command on one instance (the service answers with the running one when it is a duplicate).
    public func start(_ command: LibraryCommand, on service: UUID) async throws(ServiceError) -> CommandProgress {
        let session = try enabledSession(service)
        guard let progress = try await session.write(Capabilities.libraryActions, { client throws(ServiceError) in
            try await client.start(command)
        }) else { throw .notOffered }
        return progress
    }

    /// Where a command stands now (a read: retried like any read).
    public func progress(ofCommand id: Int, on service: UUID) async throws(ServiceError) -> CommandProgress {
        let session = try enabledSession(service)
        guard let progress = try await session.perform(Capabilities.libraryActions, force: true, { client throws(ServiceError) in
            try await client.progress(ofCommand: id)
        }) else { throw .notOffered }
        return progress
    }

    /// Deletes a library item; files and an import-list exclusion only when asked.
    public func delete(_ item: ResourceID, deleteFiles: Bool, excludeFromImportLists exclude: Bool) async throws(ServiceError) {
        let session = try enabledSession(item.serviceID)
        let done: Void? = try await session.write(Capabilities.libraryActions) { client throws(ServiceError) in
            try await client.delete(item, deleteFiles: deleteFiles, excludeFromImportLists: exclude)
        }
        if done == nil { throw .notOffered }
    }

    /// Removes queue records. Per instance, the queue is read first: records no longer in it are
    /// reported as gone and not sent; the rest go in one bulk call only when every picked id is
    /// still current (one stale id fails a bulk call), otherwise one call each.
    public func removeFromQueue(_ items: [QueueItem], _ removal: QueueRemoval) async -> QueueRemovalReport {
        var byService: [UUID: [QueueItem]] = [:]
        for item in items { byService[item.id.serviceID, default: []].append(item) }
        var report = QueueRemovalReport()
        for (id, picked) in byService {
            do throws(ServiceError) {
                let session = try enabledSession(id)
                let current = try await session.perform(Capabilities.queue, force: true) { client throws(ServiceError) in
                    Set(try await client.queue().map(\.id.itemID))
                } ?? []
                let live = picked.filter { current.contains($0.id.itemID) }
                report.gone += picked.filter { !current.contains($0.id.itemID) }.map(\.id)
                guard !live.isEmpty else { continue }
                let bulk = live.count == picked.count && live.count > 1
                do throws(ServiceError) {
                    let done: Void? = try await session.write(Capabilities.queueActions) { client throws(ServiceError) in
                        try await client.removeFromQueue(live.map(\.id.itemID), removal, bulk: bulk)
                    }
                    if done == nil { report.failures[id] = .notOffered } else { report.removed += live.map(\.id) }
                } catch {
                    report.failures[id] = error
                }
            } catch {
                report.failures[id] = error
            }
        }
        return report
    }

    /// Grabs a delayed release now.
    public func grab(_ item: QueueItem) async throws(ServiceError) {
        let session = try enabledSession(item.id.serviceID)
        let done: Void? = try await session.write(Capabilities.queueActions) { client throws(ServiceError) in
            try await client.grab(queueRecord: item.id.itemID)
        }
        if done == nil { throw .notOffered }
    }
}

/// What a queue removal did: removed, already gone (not sent), refused per instance.
public struct QueueRemovalReport: Sendable, Equatable {
    public var removed: [ResourceID] = []
    public var gone: [ResourceID] = []
    public var failures: [UUID: ServiceError] = [:]
    public init() {}
}
