import Core
import Foundation
import SwitchyardTestSupport
import XCTest

final class FeatureStateTransitionTests: XCTestCase {
    private let then = Date(timeIntervalSince1970: 1_768_485_720)

    func testRefreshKeepsShownDataAndOtherwiseLoads() {
        XCTAssertEqual(FeatureState.content([1], refreshedAt: then).refreshing(), .content([1], refreshedAt: then))
        XCTAssertEqual(FeatureState.stale([1], refreshedAt: then, recovery: .retry).refreshing(),
                       .stale([1], refreshedAt: then, recovery: .retry))
        XCTAssertEqual(FeatureState<[Int]>.unavailable(.retry).refreshing(), .loading)
        XCTAssertEqual(FeatureState<[Int]>.empty.refreshing(), .loading)
    }

    func testLoadedIsContentOrEmpty() {
        XCTAssertEqual(FeatureState.loaded([1, 2], at: then), .content([1, 2], refreshedAt: then))
        XCTAssertEqual(FeatureState<[Int]>.loaded([], at: then), .empty)
    }

    func testFailureNeverBlanksShownData() {
        let shown = FeatureState.content([1], refreshedAt: then)
        XCTAssertEqual(shown.failed(.unavailable(.timedOut)), .stale([1], refreshedAt: then, recovery: .retry))
        XCTAssertEqual(shown.failed(.unauthorized), .stale([1], refreshedAt: then, recovery: .updateCredentials))
    }

    func testFailureWithoutDataShowsTheFailure() {
        XCTAssertEqual(FeatureState<[Int]>.loading.failed(.unauthorized), .unauthorized)
        XCTAssertEqual(FeatureState<[Int]>.loading.failed(.missingCredential), .unauthorized)
        XCTAssertEqual(FeatureState<[Int]>.loading.failed(.unavailable(.connectionRefused)), .unavailable(.retry))
        XCTAssertEqual(FeatureState<[Int]>.loading.failed(.unavailable(.certificateUntrusted)), .unavailable(.configureEndpoint))
        XCTAssertEqual(FeatureState<[Int]>.loading.failed(.authGateway), .unavailable(.configureEndpoint))
    }

    func testExpiredContentIsNotTreatedAsFresh() {
        let shown = FeatureState.content([1], refreshedAt: then)
        XCTAssertEqual(shown.expired(now: then.addingTimeInterval(59), maxAge: 60), shown)
        XCTAssertEqual(shown.expired(now: then.addingTimeInterval(61), maxAge: 60),
                       .stale([1], refreshedAt: then, recovery: .retry))
    }
}

final class ServiceErrorMappingTests: XCTestCase {
    func testTransportErrorsMapOnceToServiceErrorsAndRecoveries() {
        let table: [(TransportError, ServiceError, Recovery)] = [
            (.timedOut, .unavailable(.timedOut), .retry),
            (.connectionRefused, .unavailable(.connectionRefused), .retry),
            (.connectionLost, .unavailable(.connectionLost), .retry),
            (.nameNotResolved, .unavailable(.nameNotResolved), .configureEndpoint),
            (.tlsUntrusted("x"), .unavailable(.certificateUntrusted), .configureEndpoint),
            (.insecureSchemeBlocked, .unavailable(.plainHTTPBlocked), .configureEndpoint),
            (.crossOriginRedirect(toOrigin: "https://sso.fixture.invalid:443"), .authGateway, .configureEndpoint),
            (.bodyTooLarge(limit: 1), .unavailable(.responseTooLarge), .retry),
            (.tooManyRedirects, .unavailable(.redirectRefused), .configureEndpoint),
            (.cancelled, .cancelled, .retry),
        ]
        for (transport, service, recovery) in table {
            XCTAssertEqual(ServiceError(transport), service, "\(transport)")
            XCTAssertEqual(ServiceError(transport).recovery, recovery, "\(transport)")
        }
        XCTAssertEqual(ServiceError.unauthorized.recovery, .updateCredentials)
        XCTAssertEqual(ServiceError.missingCredential.recovery, .updateCredentials)
        XCTAssertEqual(ServiceError.wrongServiceKind(expected: .sonarr, found: "Radarr").recovery, .configureEndpoint)
    }

    func testResponsesMapByStatusAndContent() {
        let url = URL(string: "https://sonarr.fixture.invalid/api")!
        func check(_ response: HTTPResponse, _ expected: ServiceError, line: UInt = #line) {
            XCTAssertThrowsError(try response.jsonBody(), line: line) { XCTAssertEqual($0 as? ServiceError, expected, line: line) }
        }
        check(HTTPResponse(status: 401, url: url), .unauthorized)
        check(HTTPResponse(status: 403, url: url), .unauthorized)
        check(HTTPResponse(status: 503, url: url), .unavailable(.serverUnavailable(status: 503)))
        check(HTTPResponse(status: 500, url: url), .unavailable(.serverError(status: 500)))
        check(HTTPResponse(status: 429, headerFields: [("Retry-After", "7")], url: url), .unavailable(.rateLimited(retryAfter: 7)))
        check(HTTPResponse(status: 302, headerFields: [("Location", "/login")], url: url), .authGateway)
        check(HTTPResponse(status: 200, body: Data("  <!doctype html><html>".utf8), url: url), .authGateway)
        check(HTTPResponse(status: 400, headerFields: [("Content-Type", "application/json")],
                           body: Data(#"{"message":"Invalid date"}"#.utf8), url: url),
              .serverMessage(status: 400, message: "Invalid date"))
        XCTAssertEqual(try HTTPResponse(status: 200, body: Data("[]".utf8), url: url).jsonBody(), Data("[]".utf8))
    }

    func testDecodingFailuresNameTheJSONPath() {
        struct Item: Decodable { let title: String; let year: Int }
        let data = Data(#"[{"title":"A","year":2001},{"title":"B","year":"soon"}]"#.utf8)
        XCTAssertThrowsError(try JSONDecoding.decode([Item].self, from: data)) {
            XCTAssertEqual($0 as? ServiceError, .decoding(path: "$[1].year", detail: "expected Int"))
        }
        XCTAssertThrowsError(try JSONDecoding.decode([Item].self, from: Data(#"[{"year":1}]"#.utf8))) {
            XCTAssertEqual($0 as? ServiceError, .decoding(path: "$[0].title", detail: "missing key"))
        }
    }
}

final class StubTransportTests: XCTestCase {
    func testServesRoutesAndFailsLoudlyOnAnythingElse() async throws {
        let endpoint = try Endpoint.parse("https://sonarr.fixture.invalid/sonarr")
        let stub = StubTransport(routes: ["GET /api/v3/system/status": .fixture("registry/services-v1.json"),
                                          "GET /api/v3/health": .status(401)],
                                 fixtures: fixturesDirectory)
        let status = try await stub.send(HTTPRequest(endpoint, path: "/api/v3/system/status", requestClass: .probe,
                                                     schemePolicy: .httpsOnly))
        XCTAssertEqual(status.status, 200)
        XCTAssertEqual(status.body, try fixture("registry/services-v1.json"))
        let health = try await stub.send(HTTPRequest(endpoint, path: "/api/v3/health", requestClass: .list,
                                                     schemePolicy: .httpsOnly))
        XCTAssertEqual(health.status, 401)
        do {
            _ = try await stub.send(HTTPRequest(endpoint, path: "/api/v3/queue", requestClass: .list, schemePolicy: .httpsOnly))
            XCTFail("an unknown route answered")
        } catch {
            XCTAssertEqual(stub.unexpectedRequests, ["GET /api/v3/queue"])
        }
        XCTAssertEqual(stub.requests.count, 3)
    }
}
