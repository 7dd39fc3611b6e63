import Foundation

/// The last good content of one feature of one service, as kept on disk.
public struct CachedFeature<Value: Codable & Sendable>: Sendable {
    public var value: Value
    public var refreshedAt: Date
    /// Older than the feature's maximum age: never to be shown as fresh.
    public var isExpired: Bool

    /// What a page shows for cached data before (or instead of) a successful
    /// refresh: always `stale`, with the refresh time it really had.
    public func state(recovery: Recovery = .retry) -> FeatureState<Value> {
        .stale(value, refreshedAt: refreshedAt, recovery: recovery)
    }
}

/// How long each kind of cached content stays usable.
public enum CacheAge {
    public static let library: TimeInterval = 6 * 3600
    public static let calendar: TimeInterval = 3600
    public static let queue: TimeInterval = 10 * 60
    public static let transfers: TimeInterval = 5 * 60
    public static let overview: TimeInterval = 10 * 60
}

private struct CacheEntry<Value: Codable>: Codable {
    var schemaVersion: Int
    var refreshedAt: Date
    var value: Value
}

extension ServiceCache {
    static let featureSchemaVersion = 1

    /// Keeps `value` as the last good content of `feature` (a file name stem, e.g. "library").
    public func storeFeature<Value: Codable & Sendable>(_ value: Value, feature: String, serviceID: UUID,
                                                        refreshedAt: Date) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let data = try encoder.encode(CacheEntry(schemaVersion: Self.featureSchemaVersion, refreshedAt: refreshedAt, value: value))
        try store(data, named: "\(feature).json", for: serviceID)
    }

    /// Notes that the content `storeFeature` last kept for `feature` was still what the service reported at
    /// `currentAt`, without writing that content again: a few bytes beside it, read back by `loadFeature`.
    public func confirmFeature(_ feature: String, serviceID: UUID, currentAt: Date) throws {
        try store(Data(String(currentAt.timeIntervalSince1970).utf8), named: "\(feature).current", for: serviceID)
    }

    /// The cached content with its original refresh time, marked expired when older than `maxAge`.
    /// Unreadable, truncated or other-schema files read as nothing and are deleted (the next refresh replaces them).
    public func loadFeature<Value: Codable & Sendable>(_ type: Value.Type, feature: String, serviceID: UUID,
                                                       now: Date, maxAge: TimeInterval) -> CachedFeature<Value>? {
        guard let data = load(named: "\(feature).json", for: serviceID) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let entry = try? decoder.decode(CacheEntry<Value>.self, from: data),
              entry.schemaVersion == Self.featureSchemaVersion else {
            discard(named: "\(feature).json", for: serviceID) // corrupt, truncated or from another schema: gone
            return nil
        }
        // Confirmed current later than it was written (a confirmation older than the content is from before it).
        var refreshedAt = entry.refreshedAt
        if let note = load(named: "\(feature).current", for: serviceID),
           let seconds = TimeInterval(String(decoding: note, as: UTF8.self)) {
            refreshedAt = max(refreshedAt, Date(timeIntervalSince1970: seconds))
        }
        return CachedFeature(value: entry.value, refreshedAt: refreshedAt,
                             isExpired: now.timeIntervalSince(refreshedAt) > maxAge)
    }
}
