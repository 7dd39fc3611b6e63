import Foundation

/// Indexer managers (Prowlarr): their indexers, acting on them, and one search across them.
extension Repository {
    /// Every indexer manager's indexers, with status, statistics and the applications it syncs.
    public func indexers(force: Bool = false, progress: Progress<IndexersContent>? = nil) async -> FeatureState<IndexersContent> {
        let configs = services.filter { Feature.indexers.includes($0.kind) }
        let aggregate = await gather(configs, Capabilities.indexers, .indexers, cache: .indexers, force: force,
                                     progress: progress.map { FeatureStates.progress($0, clock: clock) }) { client throws(ServiceError) in
            try await client.indexers()
        }
        return FeatureStates.state(aggregate, configs: configs, now: clock.now) { $0.parts.allSatisfy(\.value.indexers.isEmpty) }
    }

    public func cachedIndexers() async -> FeatureState<IndexersContent> {
        await store.state(services.filter { Feature.indexers.includes($0.kind) }, .indexers, now: clock.now)
    }

    /// Enables or disables exactly `ids` on one manager: one request, sent once.
    public func setIndexers(_ ids: [Int], enabled: Bool, on service: UUID) async throws(ServiceError) {
        guard !ids.isEmpty else { throw .invalidRequest(.noItems) }
        let done: Void? = try await enabledSession(service).write(Capabilities.indexerActions) { client throws(ServiceError) in
            try await client.setEnabled(enabled, indexers: ids)
        }
        if done == nil { throw .notOffered }
    }

    /// Tests one indexer (nil `id`: every indexer) and returns what the manager says of each.
    public func testIndexers(_ id: Int?, on service: UUID) async throws(ServiceError) -> [IndexerTestResult] {
        guard let results = try await enabledSession(service).write(Capabilities.indexerActions, { client throws(ServiceError) in
            if let id { return [try await client.test(indexer: id)] }
            return try await client.testAll()
        }) else { throw .notOffered }
        return results
    }

    /// Grabs one result through the manager, to its own download client: sent once, never retried.
    public func grab(_ release: IndexerRelease, on service: UUID) async throws(ServiceError) {
        let done: Void? = try await enabledSession(service).write(Capabilities.indexerSearch) { client throws(ServiceError) in
            try await client.grab(release)
        }
        if done == nil { throw .notOffered }
    }

    /// Searches the manager's indexers, one request per indexer in parallel (at most `parallel` at a
    /// time) so results show as each answers and each indexer's fate is known: Prowlarr answers most
    /// failures of a search with `200 []`, and a merged answer could not say which indexer that was.
    /// `progress` gets the merged state after every answer; the result is the final state.
    public func searchIndexers(_ search: IndexerSearch, on service: UUID, among indexers: [Indexer], parallel: Int = 6,
                               progress: (@Sendable (IndexerSearchState) -> Void)? = nil) async throws(ServiceError) -> IndexerSearchState {
        let session = try enabledSession(service)
        let picked = search.indexerIDs.isEmpty ? indexers.filter(\.enabled) : indexers.filter { search.indexerIDs.contains($0.id.itemID) }
        guard !picked.isEmpty else { throw .invalidRequest(.noItems) }
        var state = IndexerSearchState(search: search, asked: picked.map { IndexerSearchState.Asked(id: $0.id.itemID, name: $0.name) })
        progress?(state)
        typealias Answer = (id: Int, result: Result<[IndexerRelease], ServiceError>)
        await withTaskGroup(of: Answer.self) { group in
            var next = 0
            func start(_ indexer: Indexer) {
                var one = search
                one.indexerIDs = [indexer.id.itemID]
                let request = one
                group.addTask {
                    do throws(ServiceError) {
                        guard let found = try await session.perform(Capabilities.indexerSearch, force: true, { client throws(ServiceError) in
                            try await client.search(request)
                        }) else { return (indexer.id.itemID, .failure(.notOffered)) }
                        return (indexer.id.itemID, .success(found))
                    } catch {
                        return (indexer.id.itemID, .failure(error))
                    }
                }
            }
            while next < min(parallel, picked.count) { start(picked[next]); next += 1 }
            for await answer in group {
                state.record(answer.id, answer.result)
                progress?(state)
                if Task.isCancelled { group.cancelAll(); continue }
                if next < picked.count { start(picked[next]); next += 1 }
            }
        }
        if Task.isCancelled { throw .cancelled }
        // Empty answers may have been failures: what the manager holds back now says which.
        if !state.empty.isEmpty {
            switch await outcome({ () throws(ServiceError) in
                try await session.perform(Capabilities.indexers, force: true) { client throws(ServiceError) in try await client.indexers() }
            }) {
            case .success(let list?):
                state.heldBack = Set(list.indexers.filter { state.empty.contains($0.id.itemID) && $0.isFailing(at: clock.now) }.map(\.id.itemID))
            case .success(nil): break
            case .failure(.cancelled): throw .cancelled
            case .failure(let error): state.heldBackUnknown = error
            }
            progress?(state)
        }
        return state
    }
}

/// A search across indexers as it stands: who was asked, who answered (and with how many), who failed
/// and why, and every result so far (merged, newest first).
public struct IndexerSearchState: Sendable {
    public struct Asked: Sendable, Equatable {
        public var id: Int
        public var name: String
        public init(id: Int, name: String) {
            self.id = id
            self.name = name
        }
    }

    public var search: IndexerSearch
    public var asked: [Asked]
    public private(set) var results: [IndexerRelease] = []
    /// Indexers that answered, with their count.
    public private(set) var answered: [Int: Int] = [:]
    public private(set) var failed: [Int: ServiceError] = [:]
    /// Answered with nothing and held back by the manager afterwards: most likely a failure, not "no results".
    public var heldBack: Set<Int> = []
    /// Why the manager could not be asked which empty answers it holds back (then `heldBack` is not known, not empty).
    public var heldBackUnknown: ServiceError?

    public init(search: IndexerSearch, asked: [Asked]) {
        self.search = search
        self.asked = asked
    }

    public var isFinished: Bool { answered.count + failed.count >= asked.count }
    public var pending: [Asked] { asked.filter { answered[$0.id] == nil && failed[$0.id] == nil } }
    /// Indexers that answered with nothing.
    public var empty: Set<Int> { Set(answered.filter { $0.value == 0 }.keys) }
    /// Indexers that filled a page: asking again with the next offset may find more.
    public var fullPages: [Int] { answered.filter { $0.value >= search.limit }.map(\.key).sorted() }
    /// "No results" is only true when every indexer answered, none failed and none is held back.
    public var isTrulyEmpty: Bool { isFinished && results.isEmpty && failed.isEmpty && heldBack.isEmpty }

    public mutating func record(_ indexer: Int, _ result: Result<[IndexerRelease], ServiceError>) {
        switch result {
        case .success(let found):
            answered[indexer] = found.count
            // Prowlarr names each result's indexer; one from another indexer than asked is kept as it says.
            var seen = Set(results.map(\.id))
            let fresh = found.filter { seen.insert($0.id).inserted }
            results = Self.merge(results, fresh)
        case .failure(let error):
            failed[indexer] = error
        }
    }

    /// Newest first; results without a date last, by title.
    static func merge(_ existing: [IndexerRelease], _ fresh: [IndexerRelease]) -> [IndexerRelease] {
        let sortedFresh = fresh.sorted(by: newer)
        var merged: [IndexerRelease] = []
        merged.reserveCapacity(existing.count + sortedFresh.count)
        var i = 0, j = 0
        while i < existing.count, j < sortedFresh.count {
            if newer(sortedFresh[j], existing[i]) { merged.append(sortedFresh[j]); j += 1 } else { merged.append(existing[i]); i += 1 }
        }
        merged += existing[i...]
        merged += sortedFresh[j...]
        return merged
    }

    public static func newer(_ a: IndexerRelease, _ b: IndexerRelease) -> Bool {
        switch (a.published, b.published) {
        case let (x?, y?): return x != y ? x > y : a.title < b.title
        case (_?, nil): return true
        case (nil, _?): return false
        case (nil, nil): return a.title < b.title
        }
    }
}
