import Core
import Foundation

public enum TestLimits {
    /// Short limits so deadlines are observable in a test run.
    public static let short = TransportLimits(
        probe: RequestLimits(deadline: .milliseconds(1500), maxBodyBytes: 1 << 20, maxAttempts: 2),
        list: RequestLimits(deadline: .seconds(3), maxBodyBytes: 4 << 20, maxAttempts: 3),
        largeLibrary: RequestLimits(deadline: .seconds(6), maxBodyBytes: 16 << 20, maxAttempts: 3),
        asset: RequestLimits(deadline: .seconds(3), maxBodyBytes: 1 << 20, maxAttempts: 2),
        mutation: RequestLimits(deadline: .seconds(3), maxBodyBytes: 1 << 20, maxAttempts: 1),
        backoffBase: .milliseconds(20), backoffCap: .milliseconds(100), maxRetryAfter: .seconds(2), maxRedirects: 5)
}

/// Log lines collected from any thread.
public final class LineCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    public init() {}
    public func append(_ line: String) { lock.withLock { lines.append(line) } }
    public var values: [String] { lock.withLock { lines } }
}
