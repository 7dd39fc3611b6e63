import Foundation

/// Asks every enabled service of a feature at once, each in its own child task
/// bounded by its own request deadlines, and merges their answers as they
/// arrive. A service that fails contributes its cached part (if any, and not
/// expired) and a failure entry; the others are not affected.
enum FanOut {
    struct Work: Sendable {
        var config: ServiceConfig
        var session: ServiceSession
    }

    /// `progress` sees the aggregate each time one more service has answered; `outcome` hears how each ended
    /// (nil: it delivered). Both run on the caller's actor.
    static func gather<Provider, Value: Codable & Sendable & Equatable>(
        _ work: [Work], order configs: [ServiceConfig], _ capability: Capability<Provider>, cache name: CachedFeatureName,
        force: Bool, store: FeatureStore, clock: Clock, isolation: isolated (any Actor)? = #isolation,
        progress: ((Aggregate<Value>) -> Void)?, outcome: (ServiceRef, ServiceError?) -> Void,
        fetch: @escaping @Sendable (Provider) async throws(ServiceError) -> Value
    ) async -> Aggregate<Value> {
        let work = work.filter { $0.config.enabled && $0.config.kind.offers(capability) }
        var aggregate = Aggregate<Value>(pending: work.map { ServiceRef($0.config) })
        // A child task's answer: the part (or failure, with the cached part standing in) and what the cache should do
        // with it; nil from a child that wrote the cache. The cache is written after the part has been handed on, so an
        // answer reaches the window without waiting for its encoding and file write (the first paint of 2,000 transfers).
        typealias Answer = (service: ServiceRef, result: Result<ServicePart<Value>, ServiceError>?, cached: ServicePart<Value>?, keeping: CacheKeeping)
        await withTaskGroup(of: Answer?.self) { group in
            for item in work {
                let service = ServiceRef(item.config)
                let session = item.session
                group.addTask {
                    BackgroundPriority.yieldToInterface()
                    do throws(ServiceError) {
                        guard let value = try await session.perform(capability, force: force, fetch) else {
                            return (service, nil, nil, .skip) // not offered: filtered out above
                        }
                        let now = clock.now
                        let unchanged = (value as? TransferSnapshot)?.changes?.positions?.isEmpty == true
                        let keeping = await session.shouldKeep(name.rawValue, at: now, every: name.maxAge / 10, unchanged: unchanged)
                        return (service, .success(ServicePart(service: service, value: value, refreshedAt: now, isStale: false)), nil, keeping)
                    } catch {
                        return (service, .failure(error), await store.part(Value.self, name, service: service, now: clock.now), .skip)
                    }
                }
            }
            while let answer = await group.next() {
                guard let (service, result, cached, keeping) = answer else { continue }
                aggregate.pending.removeAll { $0.id == service.id }
                switch result {
                case nil:
                    break
                case .success(let part):
                    aggregate.parts.append(part)
                    outcome(service, nil)
                    switch keeping {
                    case .write: group.addTask { await store.keep(part.value, name, service: service, at: part.refreshedAt); return nil }
                    case .confirm: group.addTask { await store.confirm(name, service: service, at: part.refreshedAt); return nil }
                    case .skip: break
                    }
                case .failure(let error):
                    if case .cancelled = error { continue }
                    if let cached { aggregate.parts.append(cached) }
                    aggregate.failures.append(ServiceFailure(service: service, error: error))
                    outcome(service, error)
                }
                aggregate.parts.sort { position(of: $0.service.id, in: configs) < position(of: $1.service.id, in: configs) }
                aggregate.failures.sort { position(of: $0.service.id, in: configs) < position(of: $1.service.id, in: configs) }
                progress?(aggregate)
            }
        }
        return aggregate
    }

    static func position(of id: UUID, in configs: [ServiceConfig]) -> Int {
        configs.firstIndex { $0.id == id } ?? configs.count
    }
}

/// Runs `body` and keeps its result or its typed error (for `async let`, which loses error types).
func outcome<T: Sendable>(_ body: @Sendable () async throws(ServiceError) -> T) async -> Result<T, ServiceError> {
    do throws(ServiceError) { return .success(try await body()) } catch { return .failure(error) }
}

@_silgen_name("malloc_trim") private func mallocTrim(_ pad: Int) -> Int32

enum Memory {
    /// Decoding a large library leaves tens of megabytes of freed buffers (the
    /// response, the JSON tokens, the cache encoding) in glibc's per-thread
    /// arenas; this hands them back to the system instead of keeping them resident.
    static func returnFreed() { _ = mallocTrim(0) }
}
