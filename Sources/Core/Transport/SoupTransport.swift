import CSoup
import Foundation

/// The libsoup implementation of `HTTPTransport`: one attempt per call (wrap
/// it in `RetryingTransport` for the retry policy). Enforces the scheme policy
/// before sending and after every redirect, the class deadline over the whole
/// exchange, the decoded-size cap, and cancellation with the Swift task.
/// Certificate validation is always on; `trustAnchors` only replaces the CA
/// list (for a private CA), it never accepts an untrusted certificate.
public final class SoupTransport: HTTPTransport {
    let worker: SoupWorker
    public let limits: TransportLimits

    public init(limits: TransportLimits = .standard, trustAnchors: URL? = nil) throws(TransportError) {
        self.limits = limits
        let longest = RequestClass.allCases.map { limits[$0].deadline.seconds }.max() ?? 120
        worker = try SoupWorker(userAgent: "\(AppInfo.name)/\(AppInfo.version)", ioTimeout: UInt32(longest.rounded(.up)),
                                trustAnchors: trustAnchors)
    }

    deinit { worker.stop() }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let started = ContinuousClock.now
        do {
            guard request.schemePolicy.permits(scheme: request.endpoint.scheme.rawValue) else {
                throw TransportError.insecureSchemeBlocked
            }
            if Task.isCancelled { throw TransportError.cancelled }
            let exchange = SoupExchange(request: request, limits: limits[request.requestClass],
                                        maxRedirects: limits.maxRedirects, worker: worker)
            let response = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { exchange.start($0) }
            } onCancel: {
                exchange.cancel()
            }
            Log.request(request, outcome: "\(response.status)", duration: ContinuousClock.now - started)
            return response
        } catch let error as TransportError {
            Log.request(request, outcome: "failed (\(error.logLabel))", duration: ContinuousClock.now - started)
            throw error
        } catch {
            throw .other("unexpected failure")
        }
    }
}

extension TransportError {
    /// A short label for logs: the case name only, never server text.
    var logLabel: String {
        switch self {
        case .invalidRequest: "invalid request"
        case .insecureSchemeBlocked: "plain HTTP blocked"
        case .crossOriginRedirect: "cross-origin redirect blocked"
        case .redirectNotFollowed(let status): "redirect \(status) not followed"
        case .tooManyRedirects: "too many redirects"
        case .timedOut: "timed out"
        case .cancelled: "cancelled"
        case .connectionRefused: "connection refused"
        case .nameNotResolved: "name not resolved"
        case .unreachable: "unreachable"
        case .connectionLost: "connection lost"
        case .tlsUntrusted: "certificate not trusted"
        case .tlsFailed: "TLS failed"
        case .bodyTooLarge(let limit): "body over \(limit) bytes"
        case .protocolError: "protocol error"
        case .other: "other error"
        }
    }
}
