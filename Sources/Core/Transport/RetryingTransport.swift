import Foundation

/// The retry policy over any transport: only idempotent requests, only
/// transient failures (connection refused/lost, timeouts, 502/503/504, 429),
/// capped exponential backoff with jitter, Retry-After honoured up to a cap.
/// Never retries 401/403 or other 4xx, never a non-idempotent request (logins
/// are POSTs), and stops at once when the task is cancelled.
public struct RetryingTransport: HTTPTransport {
    public typealias Sleeper = @Sendable (Duration) async throws -> Void

    private let base: any HTTPTransport
    private let limits: TransportLimits
    private let sleep: Sleeper
    private let jitter: @Sendable () -> Double

    public init(_ base: any HTTPTransport, limits: TransportLimits = .standard,
                sleep: @escaping Sleeper = { try await Task.sleep(for: $0) },
                jitter: @escaping @Sendable () -> Double = { Double.random(in: 0.5...1.0) }) {
        self.base = base
        self.limits = limits
        self.sleep = sleep
        self.jitter = jitter
    }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let maxAttempts = request.isIdempotent ? max(1, limits[request.requestClass].maxAttempts) : 1
        var attempt = 1
        while true {
            let delay: Duration
            do {
                let response = try await base.send(request)
                guard attempt < maxAttempts, let wait = retryDelay(after: response, attempt: attempt) else {
                    return response
                }
                delay = wait
            } catch {
                guard attempt < maxAttempts, error.isTransient else { throw error }
                delay = backoff(attempt: attempt)
            }
            do {
                try await sleep(delay)
            } catch {
                throw .cancelled
            }
            if Task.isCancelled { throw .cancelled }
            attempt += 1
        }
    }

    /// The wait before retrying a response, or nil when it must not be retried.
    func retryDelay(after response: HTTPResponse, attempt: Int) -> Duration? {
        switch response.status {
        case 429, 502, 503, 504:
            if let seconds = response.retryAfter() {
                let wait = Duration.milliseconds(Int64((seconds * 1000).rounded()))
                return wait <= limits.maxRetryAfter ? wait : nil
            }
            return backoff(attempt: attempt)
        default:
            return nil
        }
    }

    /// base × 2^(attempt-1), capped, scaled by jitter in 50–100 %.
    func backoff(attempt: Int) -> Duration {
        let exponential = limits.backoffBase * Int(1 << min(attempt - 1, 16))
        let capped = min(exponential, limits.backoffCap)
        return capped * jitter()
    }
}
