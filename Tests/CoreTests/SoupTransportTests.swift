@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Real libsoup against the local fixture server (HTTP and HTTPS on 127.0.0.1).
final class SoupTransportTests: XCTestCase {
    private var server: FixtureServer!
    private var transport: SoupTransport!
    private let plain = SchemePolicy(allowsPlainHTTP: true)

    override func setUpWithError() throws {
        server = try FixtureServer()
        transport = try SoupTransport(limits: TestLimits.short)
    }

    override func tearDown() {
        transport = nil
        server = nil
    }

    private func get(_ path: String, _ endpoint: Endpoint? = nil, _ requestClass: RequestClass = .probe,
                     headers: [String: String] = [:], policy: SchemePolicy? = nil,
                     via transport: (any HTTPTransport)? = nil) async throws(TransportError) -> HTTPResponse {
        let request = HTTPRequest(.get, endpoint ?? server.http, path: path, headers: headers,
                                  requestClass: requestClass, schemePolicy: policy ?? plain)
        return try await (transport ?? self.transport).send(request)
    }

    private func expect(_ expected: TransportError, line: UInt = #line,
                        _ body: () async throws(TransportError) -> HTTPResponse) async {
        do {
            let response = try await body()
            XCTFail("expected \(expected), got HTTP \(response.status)", line: line)
        } catch {
            XCTAssertEqual(error, expected, line: line)
        }
    }

    func testPlainGetReturnsStatusHeadersAndBody() async throws {
        let response = try await get("/json")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.mediaType, "application/json")
        XCTAssertEqual(try JSONSerialization.jsonObject(with: response.body) as? [String: Bool], ["ok": true])
    }

    func testPlainHTTPIsBlockedBeforeSendingUnlessAllowed() async throws {
        await expect(.insecureSchemeBlocked) { () throws(TransportError) in
            try await get("/json?blocked", policy: .httpsOnly)
        }
        let counts = try await server.requestCounts(using: transport)
        XCTAssertNil(counts["/json"], "a blocked request reached the server")
    }

    /// Bounds on time are the point here, so they are relative where a loaded machine could
    /// stretch them: a probe and a list request to a server that never answers start together;
    /// each fails no earlier than its own deadline, and the probe (1.5 s) well before the list (3 s).
    func testDeadlineFiresAtTheClassLimitWhenTheServerNeverAnswers() async {
        let transport = self.transport!, endpoint = server.http, plain = self.plain
        /// Seconds from `start` to the request's failure, and the failure.
        @Sendable func timeToFailure(_ requestClass: RequestClass, from start: ContinuousClock.Instant) async -> (Double, TransportError?) {
            do {
                _ = try await transport.send(HTTPRequest(.get, endpoint, path: "/never", requestClass: requestClass, schemePolicy: plain))
                return ((ContinuousClock.now - start).seconds, nil)
            } catch {
                return ((ContinuousClock.now - start).seconds, error as? TransportError)
            }
        }
        let start = ContinuousClock.now
        async let probe = timeToFailure(.probe, from: start)
        async let list = timeToFailure(.list, from: start)
        let ((probeElapsed, probeError), (listElapsed, listError)) = await (probe, list)
        XCTAssertEqual(probeError, .timedOut)
        XCTAssertEqual(listError, .timedOut)
        XCTAssertGreaterThanOrEqual(probeElapsed, 1.4, "probe deadline is 1.5 s")
        XCTAssertGreaterThanOrEqual(listElapsed, 2.9, "list deadline is 3 s")
        XCTAssertGreaterThan(listElapsed - probeElapsed, 0.75, "each class has its own deadline")
        XCTAssertLessThan(listElapsed, 15, "the deadline fired at all")
    }

    func testTricklingServerFailsAtTheDeadlineNotPerRead() async {
        // One byte a second keeps every read alive; only the total deadline stops it (a per-read
        // timeout never would: the trickle goes on for far longer than the bound below).
        let start = ContinuousClock.now
        await expect(.timedOut) { () throws(TransportError) in try await get("/trickle", server.http, .list) }
        let elapsed = (ContinuousClock.now - start).seconds
        XCTAssertGreaterThanOrEqual(elapsed, 2.9, "list deadline is 3 s")
        XCTAssertLessThan(elapsed, 15, "the total deadline stopped the trickle")
    }

    func testCancellingTheTaskStopsTheRequest() async {
        let transport = self.transport!, endpoint = server.http
        let task = Task { () throws(TransportError) -> HTTPResponse in
            try await transport.send(HTTPRequest(endpoint, path: "/never", requestClass: .largeLibrary,
                                                 schemePolicy: SchemePolicy(allowsPlainHTTP: true)))
        }
        try? await Task.sleep(for: .milliseconds(200))
        let start = ContinuousClock.now
        task.cancel()
        let result = await task.result
        // Well below the request's own 6 s deadline: the cancel ended it, not the deadline.
        XCTAssertLessThan((ContinuousClock.now - start).seconds, 4.0)
        guard case .failure(let error) = result else { return XCTFail("request finished despite cancel") }
        XCTAssertEqual(error as? TransportError, .cancelled)
    }

    /// Rows scrolling past cancel their poster requests at any moment, from any
    /// thread. Hundreds of cancels racing the HTTP thread must neither crash nor
    /// end with anything but the answer or `.cancelled`.
    func testManyCancelsRacingTheHTTPThread() async {
        let transport = self.transport!, endpoint = server.http
        let outcomes = await withTaskGroup(of: String.self) { group in
            for index in 0..<240 {
                group.addTask {
                    let request = Task { () throws(TransportError) -> HTTPResponse in
                        try await transport.send(HTTPRequest(endpoint, path: index % 2 == 0 ? "/big/300000" : "/json",
                                                             requestClass: .largeLibrary,
                                                             schemePolicy: SchemePolicy(allowsPlainHTTP: true)))
                    }
                    try? await Task.sleep(for: .microseconds(Int.random(in: 0...4000)))
                    request.cancel()
                    switch await request.result {
                    case .success: return "answered"
                    case .failure(let error): return error as? TransportError == .cancelled ? "cancelled" : "\(error)"
                    }
                }
            }
            var all: [String] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        XCTAssertEqual(outcomes.count, 240)
        XCTAssertEqual(outcomes.filter { $0 != "answered" && $0 != "cancelled" }, [])
        // The transport still works afterwards.
        let after = try? await get("/json")
        XCTAssertEqual(after?.status, 200)
    }

    func testSelfSignedCertificateIsRejectedAsUntrusted() async {
        do {
            _ = try await get("/json", server.https, policy: .httpsOnly)
            XCTFail("an untrusted certificate was accepted")
        } catch {
            guard case .tlsUntrusted = error else { return XCTFail("expected tlsUntrusted, got \(error)") }
        }
    }

    func testHTTPSWorksWithTheCertificateAsTrustAnchor() async throws {
        let pinned = try SoupTransport(limits: TestLimits.short, trustAnchors: server.certificate)
        let response = try await get("/json", server.https, policy: .httpsOnly, via: pinned)
        XCTAssertEqual(response.status, 200)
    }

    func testRedirectFromHTTPSToPlainHTTPIsBlocked() async throws {
        let pinned = try SoupTransport(limits: TestLimits.short, trustAnchors: server.certificate)
        await expect(.insecureSchemeBlocked) { () throws(TransportError) in
            try await get("/redirect/to-http", server.https, policy: .httpsOnly, via: pinned)
        }
    }

    func testSameOriginRedirectIsFollowed() async throws {
        let response = try await get("/redirect/same-origin", headers: ["X-Api-Key": "fixture-key"])
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.url.path, "/json")
    }

    func testCrossOriginRedirectIsNotFollowedWithCredentials() async throws {
        await expect(.crossOriginRedirect(toOrigin: "http://127.0.0.1:\(server.otherPort)")) { () throws(TransportError) in
            try await get("/redirect/cross-origin", headers: ["X-Api-Key": "fixture-key"])
        }
        let credentialed = try await server.credentialedPaths(using: transport)
        XCTAssertFalse(credentialed.contains("/echo"), "credentials reached the other origin")
        // Without credentials the same redirect may be followed (a public asset moving).
        let response = try await get("/redirect/cross-origin")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.url.port, server.otherPort)
    }

    func testRedirectLoopStops() async {
        await expect(.tooManyRedirects) { () throws(TransportError) in try await get("/redirect/loop") }
    }

    func testStatusMappingForAuthAndGateways() async throws {
        let unauthorized = try await get("/status/401")
        XCTAssertThrowsError(try unauthorized.jsonBody()) { XCTAssertEqual($0 as? ServiceError, .unauthorized) }
        let forbidden = try await get("/status/403")
        XCTAssertThrowsError(try forbidden.jsonBody()) { XCTAssertEqual($0 as? ServiceError, .unauthorized) }
        let login = try await get("/html-login")
        XCTAssertThrowsError(try login.jsonBody()) { XCTAssertEqual($0 as? ServiceError, .authGateway) }
        let loginRedirect = try await get("/login-redirect", headers: ["X-Api-Key": "fixture-key"])
        XCTAssertThrowsError(try loginRedirect.jsonBody()) { XCTAssertEqual($0 as? ServiceError, .authGateway) }
        let notFound = try await get("/status/404")
        XCTAssertThrowsError(try notFound.jsonBody()) {
            XCTAssertEqual($0 as? ServiceError, .serverMessage(status: 404, message: "fixture status 404"))
        }
    }

    func testOversizedBodyIsCapped() async {
        await expect(.bodyTooLarge(limit: 1 << 20)) { () throws(TransportError) in try await get("/big/5000000") }
    }

    func testGzipBodyIsCappedOnItsDecodedSize() async throws {
        // 5 MB of spaces compress to a few KB: the cap must apply to what it inflates to.
        await expect(.bodyTooLarge(limit: 1 << 20)) { () throws(TransportError) in try await get("/gzip-bomb/5000000") }
        let small = try await get("/gzip-bomb/1000")
        XCTAssertEqual(small.body.count, 1000, "gzip bodies are decoded")
        XCTAssertGreaterThan(small.wireBytes, 0)
        XCTAssertLessThan(small.wireBytes, 400, "gzip was asked for and used: the wire carried the compressed body")
    }

    func testTruncatedAndResetBodiesAreConnectionLost() async {
        await expect(.connectionLost) { () throws(TransportError) in try await get("/truncated") }
        await expect(.connectionLost) { () throws(TransportError) in try await get("/reset") }
    }

    func testRefusedConnection() async throws {
        let closed = try Endpoint.parse("http://127.0.0.1:9")
        await expect(.connectionRefused) { () throws(TransportError) in try await get("/json", closed) }
    }

    func testRetriesAreCountedExactly() async throws {
        let retrying = RetryingTransport(transport, limits: TestLimits.short)
        let key = UUID().uuidString.prefix(8)

        let flaky = try await get("/flaky/\(key)/2/503", server.http, .list, via: retrying)
        XCTAssertEqual(flaky.status, 200, "503 ×2 then 200")
        let unauthorized = try await get("/status/401/\(key)", server.http, .list, via: retrying)
        XCTAssertEqual(unauthorized.status, 401)
        let post = HTTPRequest(.post, server.http, path: "/flaky/\(key)-post/2/503", body: Data("{}".utf8),
                               contentType: "application/json", requestClass: .list, schemePolicy: plain)
        let posted = try await retrying.send(post)
        XCTAssertEqual(posted.status, 503, "a POST is never retried")
        let limited = try await get("/status/429/retry-after/3600", server.http, .list, via: retrying)
        XCTAssertEqual(limited.status, 429, "a Retry-After past the cap is not waited for")
        let soon = try await get("/flaky/\(key)-429/1/429", server.http, .list, via: retrying)
        XCTAssertEqual(soon.status, 200)

        let counts = try await server.requestCounts(using: transport)
        XCTAssertEqual(counts["/flaky/\(key)/2/503"], 3)
        XCTAssertEqual(counts["/status/401/\(key)"], 1)
        XCTAssertEqual(counts["/flaky/\(key)-post/2/503"], 1)
        XCTAssertEqual(counts["/status/429/retry-after/3600"], 1)
        XCTAssertEqual(counts["/flaky/\(key)-429/1/429"], 2)
    }

    func testTransientFailuresAreRetriedOnlyForIdempotentRequests() async throws {
        let attempts = Counter()
        let failing = ScriptedTransport { _ throws(TransportError) in
            attempts.increment()
            throw .connectionRefused
        }
        let retrying = RetryingTransport(failing, limits: TestLimits.short, sleep: { _ in })
        let get = HTTPRequest(server.http, path: "/x", requestClass: .list, schemePolicy: plain)
        do throws(TransportError) { _ = try await retrying.send(get) } catch { XCTAssertEqual(error, .connectionRefused) }
        XCTAssertEqual(attempts.value, 3)
        let login = HTTPRequest(.post, server.http, path: "/login", requestClass: .probe, schemePolicy: plain)
        do throws(TransportError) { _ = try await retrying.send(login) } catch { XCTAssertEqual(error, .connectionRefused) }
        XCTAssertEqual(attempts.value, 4, "a login is never retried")
    }

    func testBackoffIsExponentialCappedAndJittered() {
        let retrying = RetryingTransport(transport, limits: .standard, jitter: { 1.0 })
        XCTAssertEqual(retrying.backoff(attempt: 1), .milliseconds(500))
        XCTAssertEqual(retrying.backoff(attempt: 2), .seconds(1))
        XCTAssertEqual(retrying.backoff(attempt: 5), .seconds(8))
        XCTAssertEqual(retrying.backoff(attempt: 9), .seconds(8))
        let halved = RetryingTransport(transport, limits: .standard, jitter: { 0.5 })
        XCTAssertEqual(halved.backoff(attempt: 2), .milliseconds(500))
    }

    func testOneRedactedLogLinePerRequest() async throws {
        let lines = LineCollector()
        let observation = Log.addObserver { _, line in lines.append(line) }
        defer { observation.cancel() }
        let request = HTTPRequest(server.http, path: "/json", query: [URLQueryItem(name: "term", value: "fixture-canary-query")],
                                  headers: ["X-Api-Key": "fixture-canary-header"], requestClass: .probe, schemePolicy: plain)
        _ = try await transport.send(request)
        await expect(.timedOut) { () throws(TransportError) in try await get("/never") }
        let logged = lines.values.filter { $0.hasPrefix("GET ") }
        XCTAssertEqual(logged.count, 2)
        XCTAssertTrue(logged[0].hasPrefix("GET /json?… → 200 in "), logged[0])
        XCTAssertTrue(logged[1].hasPrefix("GET /never → failed (timed out) in "), logged[1])
        XCTAssertFalse(lines.values.joined().contains("canary"), "a query value or header was logged")
    }
}

/// A transport whose answers a test scripts.
struct ScriptedTransport: HTTPTransport {
    let handler: @Sendable (HTTPRequest) throws(TransportError) -> HTTPResponse
    init(_ handler: @escaping @Sendable (HTTPRequest) throws(TransportError) -> HTTPResponse) { self.handler = handler }
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse { try handler(request) }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
