@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// What every client's requests get from ServiceHTTP, whatever the client.
final class ServiceHTTPTests: XCTestCase {
    private func http(_ kind: ServiceKind, _ scheme: AuthScheme, headers: [String: String] = [:],
                      transport: StubTransport) async throws -> ServiceHTTP {
        let config = ServiceConfig(kind: kind, remoteEndpoint: try Endpoint.parse("https://service.fixture.invalid"))
        let secrets = InMemorySecretStore()
        var credential = Credential(apiKey: "fixture-key", username: "fixture", password: "fixture-password")
        credential.extraHeaders = headers
        try await secrets.write(credential, for: config.credential, kind: kind)
        return ServiceHTTP(connection: try ServiceConnection(config: config, role: .remote), scheme: scheme,
                           transport: transport, secrets: secrets)
    }

    /// Idempotency follows the declared effect, not the method: a POST read may be repeated, a write never.
    func testIdempotencyIsTheRequestsDeclaredEffect() async throws {
        let stub = StubTransport(routes: ["POST /rpc": .json("{}")])
        let http = try await http(.transmission, .basic, transport: stub)
        _ = try await http.send(ServiceRequest(.post, "/rpc", body: Data("{}".utf8), class: .list, effect: .read))
        _ = try await http.send(ServiceRequest(.post, "/rpc", body: Data("{}".utf8), class: .mutation, effect: .write))
        XCTAssertEqual(stub.requests.map(\.isIdempotent), [true, false])
        XCTAssertTrue(stub.requests.allSatisfy { $0.headers["Authorization"]?.hasPrefix("Basic ") == true })
    }

    /// Gateway headers go on every request and mark it as carrying credentials.
    func testGatewayHeadersAreSentAndCountAsCredentials() async throws {
        let stub = StubTransport(routes: ["GET /api/v3/health": .json("[]")])
        let http = try await http(.sonarr, .apiKeyHeader("X-Api-Key"), headers: ["CF-Access-Client-Id": "fixture-gateway"],
                                  transport: stub)
        _ = try await http.send(ServiceRequest(.get, "/api/v3/health", class: .list, effect: .read))
        let request = try XCTUnwrap(stub.requests.first)
        XCTAssertEqual(request.headers["CF-Access-Client-Id"], "fixture-gateway")
        XCTAssertEqual(request.headers["X-Api-Key"], "fixture-key")
        XCTAssertTrue(request.hasGatewayHeaders)
    }

    /// SABnzbd's key travels in the form body, never in the URL.
    func testAFormFieldKeyStaysInTheBody() async throws {
        let stub = StubTransport(routes: ["POST /api": .json("{}")])
        let http = try await http(.sabnzbd, .apiKeyFormField("apikey"), transport: stub)
        _ = try await http.send(ServiceRequest(.post, "/api", form: [("mode", "queue")], class: .list, effect: .read))
        let request = try XCTUnwrap(stub.requests.first)
        XCTAssertEqual(request.body.map { String(decoding: $0, as: UTF8.self) }, "mode=queue&apikey=fixture-key")
        XCTAssertTrue(request.query.isEmpty)
        XCTAssertFalse(request.url.absoluteString.contains("fixture-key"))
    }
}
