import Core
import Foundation

/// Sends each request to the transport registered for its endpoint's host, so
/// one test can stand up several services of the same kind (same paths,
/// different hosts under `fixture.invalid`) that behave differently.
/// Unknown hosts fail as unresolvable names; nothing leaves the process.
public final class HostRoutingTransport: HTTPTransport, Sendable {
    private let routes: [String: any HTTPTransport]

    public init(_ routes: [String: any HTTPTransport]) {
        self.routes = routes
    }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard let transport = routes[request.endpoint.host] else { throw .nameNotResolved }
        return try await transport.send(request)
    }
}

/// Answers through another transport after a fixed delay (a service at a
/// distance), or — with `failure` — fails after the delay (a request that runs
/// into its deadline). Cancellation ends the wait at once.
public struct DelayedTransport: HTTPTransport {
    private let inner: any HTTPTransport
    private let delay: Duration
    private let failure: TransportError?

    public init(_ inner: any HTTPTransport, delay: Duration, failure: TransportError? = nil) {
        self.inner = inner
        self.delay = delay
        self.failure = failure
    }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        do {
            try await Task.sleep(for: delay)
        } catch {
            throw .cancelled
        }
        if let failure { throw failure }
        return try await inner.send(request)
    }
}
