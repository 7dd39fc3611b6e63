import Foundation

/// The cache entry a feature keeps per service (its file name: persisted, chosen once), and how long it
/// stays usable. A new feature names its own.
public struct CachedFeatureName: Sendable, Hashable {
    public let rawValue: String
    public let maxAge: TimeInterval

    public init(_ rawValue: String, maxAge: TimeInterval) {
        self.rawValue = rawValue
        self.maxAge = maxAge
    }

    static let library = CachedFeatureName("library", maxAge: CacheAge.library)
    static let calendar = CachedFeatureName("calendar", maxAge: CacheAge.calendar)
    static let queue = CachedFeatureName("queue", maxAge: CacheAge.queue)
    static let transfers = CachedFeatureName("transfers", maxAge: CacheAge.transfers)
    static let overview = CachedFeatureName("overview", maxAge: CacheAge.overview)
    static let indexers = CachedFeatureName("indexers", maxAge: CacheAge.overview)
    static let requests = CachedFeatureName("requests", maxAge: CacheAge.overview)
}

/// The repository's side of the disk cache: each service's last good content
/// per feature, read back as `stale` parts with the time it was really fetched.
struct FeatureStore: Sendable {
    let cache: ServiceCache?

    /// Keeps `value` as the service's last good content; a failure is logged with its real error.
    func keep<Value: Codable & Sendable>(_ value: Value, _ name: CachedFeatureName, service: ServiceRef, at now: Date) async {
        do {
            try await cache?.storeFeature(value, feature: name.rawValue, serviceID: service.id, refreshedAt: now)
        } catch {
            Log.failure("cache: could not keep \(name.rawValue) of \(service.kind.rawValue) \(service.id)", error)
        }
    }

    /// Notes that the service's cached content was still current at `now` (its client said nothing changed).
    func confirm(_ name: CachedFeatureName, service: ServiceRef, at now: Date) async {
        do {
            try await cache?.confirmFeature(name.rawValue, serviceID: service.id, currentAt: now)
        } catch {
            Log.failure("cache: could not confirm \(name.rawValue) of \(service.kind.rawValue) \(service.id)", error)
        }
    }

    /// The cached part of one service, unless missing or expired.
    func part<Value: Codable & Sendable & Equatable>(_ type: Value.Type, _ name: CachedFeatureName, service: ServiceRef,
                                                     now: Date) async -> ServicePart<Value>? {
        guard let cached = await cache?.loadFeature(Value.self, feature: name.rawValue, serviceID: service.id, now: now,
                                                    maxAge: name.maxAge),
              !cached.isExpired else { return nil }
        return ServicePart(service: service, value: cached.value, refreshedAt: cached.refreshedAt, isStale: true)
    }

    /// The cached parts of every enabled service in `configs`.
    func aggregate<Value: Codable & Sendable & Equatable>(_ configs: [ServiceConfig], _ name: CachedFeatureName,
                                                          now: Date) async -> Aggregate<Value> {
        var aggregate = Aggregate<Value>()
        for config in configs where config.enabled {
            if let part = await part(Value.self, name, service: ServiceRef(config), now: now) { aggregate.parts.append(part) }
        }
        return aggregate
    }

    /// What a feature shows before its first refresh: its services' cached content, always
    /// `stale` with the time it was really fetched, or `loading` when nothing usable is cached.
    func state<Value: Codable & Sendable & Equatable>(_ configs: [ServiceConfig], _ name: CachedFeatureName,
                                                      now: Date) async -> FeatureState<Aggregate<Value>> {
        guard !configs.isEmpty else { return .empty }
        guard configs.contains(where: \.enabled) else { return .disabled }
        let aggregate: Aggregate<Value> = await aggregate(configs, name, now: now)
        guard let since = aggregate.staleSince else { return .loading }
        return .stale(aggregate, refreshedAt: since, recovery: .retry)
    }
}
