import Foundation

/// Kinds of request, each with its own limits. The table is documented in
/// Documentation/Security.md; change both together.
public enum RequestClass: String, Sendable, CaseIterable {
    /// Status and version checks, connection tests.
    case probe
    /// Ordinary lists: queue, history, health, transfers.
    case list
    /// Whole libraries (unpaginated series/movie lists, tens of MB).
    case largeLibrary
    /// Posters and other images.
    case asset
    /// Writes: pause, resume, delete, monitor toggles. Never retried unless idempotent.
    case mutation
    /// An interactive release search or grab: indexers answer within 100 s each, in tiers (API-GUIDE-2 §3).
    case indexerSearch
}

/// The limits of one request class.
public struct RequestLimits: Sendable, Equatable {
    /// Total deadline for one attempt: connect, send, headers and the whole body.
    public var deadline: Duration
    /// Largest decoded (decompressed) body accepted.
    public var maxBodyBytes: Int
    /// Attempts including the first, for idempotent requests with transient failures.
    public var maxAttempts: Int

    public init(deadline: Duration, maxBodyBytes: Int, maxAttempts: Int) {
        self.deadline = deadline
        self.maxBodyBytes = maxBodyBytes
        self.maxAttempts = maxAttempts
    }
}

/// The whole policy table plus retry timing.
public struct TransportLimits: Sendable, Equatable {
    public var probe: RequestLimits
    public var list: RequestLimits
    public var largeLibrary: RequestLimits
    public var asset: RequestLimits
    public var mutation: RequestLimits
    /// One attempt, a deadline that fits the services' own 100 s per indexer and their sequential tiers.
    public var indexerSearch = RequestLimits(deadline: .seconds(180), maxBodyBytes: 32 * (1 << 20), maxAttempts: 1)
    /// First backoff; doubles per retry, capped, then jittered to 50–100 %.
    public var backoffBase: Duration
    public var backoffCap: Duration
    /// A Retry-After longer than this is not waited for: the request fails as rate limited.
    public var maxRetryAfter: Duration
    public var maxRedirects: Int

    public init(probe: RequestLimits, list: RequestLimits, largeLibrary: RequestLimits, asset: RequestLimits,
                mutation: RequestLimits, backoffBase: Duration, backoffCap: Duration, maxRetryAfter: Duration, maxRedirects: Int) {
        self.probe = probe
        self.list = list
        self.largeLibrary = largeLibrary
        self.asset = asset
        self.mutation = mutation
        self.backoffBase = backoffBase
        self.backoffCap = backoffCap
        self.maxRetryAfter = maxRetryAfter
        self.maxRedirects = maxRedirects
    }

    public subscript(requestClass: RequestClass) -> RequestLimits {
        switch requestClass {
        case .probe: probe
        case .list: list
        case .largeLibrary: largeLibrary
        case .asset: asset
        case .mutation: mutation
        case .indexerSearch: indexerSearch
        }
    }

    private static let mebibyte = 1 << 20

    public static let standard = TransportLimits(
        probe: RequestLimits(deadline: .seconds(10), maxBodyBytes: 1 * mebibyte, maxAttempts: 2),
        list: RequestLimits(deadline: .seconds(30), maxBodyBytes: 32 * mebibyte, maxAttempts: 3),
        largeLibrary: RequestLimits(deadline: .seconds(120), maxBodyBytes: 256 * mebibyte, maxAttempts: 3),
        asset: RequestLimits(deadline: .seconds(30), maxBodyBytes: 8 * mebibyte, maxAttempts: 2),
        mutation: RequestLimits(deadline: .seconds(30), maxBodyBytes: 1 * mebibyte, maxAttempts: 1),
        backoffBase: .milliseconds(500), backoffCap: .seconds(8), maxRetryAfter: .seconds(30), maxRedirects: 5)
}

extension Duration {
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
