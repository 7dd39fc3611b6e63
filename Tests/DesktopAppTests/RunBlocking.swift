import Foundation
import XCTest

extension XCTestCase {
    /// Runs async work from a synchronous test and waits for it (setup only).
    func runBlocking(_ body: @escaping @Sendable () async throws -> Void) throws { try waitFor(body) }
}

/// Runs async work from synchronous test code and waits for it (setup only).
func waitFor(_ body: @escaping @Sendable () async throws -> Void) throws {
    let done = DispatchSemaphore(value: 0)
    let failure = BlockingFailure()
    Task.detached {
        do { try await body() } catch { failure.error = error }
        done.signal()
    }
    done.wait()
    if let error = failure.error { throw error }
}

private final class BlockingFailure: @unchecked Sendable { var error: (any Error)? }
