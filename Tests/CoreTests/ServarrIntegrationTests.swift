@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// The real Sonarr/Radarr clients through real libsoup against the project's
/// SoupServer fixture server on 127.0.0.1.
final class ServarrIntegrationTests: XCTestCase {
    private var transport: SoupTransport!
    private var secrets: InMemorySecretStore!

    override func setUp() async throws {
        transport = try SoupTransport(limits: TestLimits.short)
        secrets = InMemorySecretStore()
    }

    private func connection(_ kind: ServiceKind, _ server: ServarrFixtureServer, base: String = "", role: EndpointRole = .local,
                            key: String = ServarrFixtureServer.key) async throws -> ServiceConnection {
        let endpoint = try Endpoint.parse("http://127.0.0.1:\(server.port)\(base)")
        let config = ServiceConfig(kind: kind, localEndpoint: role == .local ? endpoint : nil,
                                   remoteEndpoint: role == .remote ? endpoint : nil, allowPlainHTTPOnLocal: true)
        try await secrets.write(Credential(apiKey: key), for: config.credential, kind: kind)
        // The remote role is HTTPS-only by policy; these tests use the local endpoint unless a test says otherwise.
        return try ServiceConnection(config: config, role: role)
    }

    func testSonarrEndToEnd() async throws {
        let server = try ServarrFixtureServer(kind: "sonarr", urlBase: "/sonarr")
        let sonarr = SonarrClient(connection: try await connection(.sonarr, server, base: "/sonarr"),
                                  transport: transport, secrets: secrets)
        let status = try await sonarr.probe()
        XCTAssertEqual(status.appName, "Sonarr")
        XCTAssertEqual(status.version, "4.0.19.2979")

        let series = try await sonarr.library()
        XCTAssertEqual(series.count, 5)
        let seasons = try await sonarr.children(of: series[0])
        XCTAssertEqual(seasons.flatMap(\.children).count, 12)
        let start = Date(timeIntervalSince1970: 1_768_435_200)
        let calendar = try await sonarr.calendar(from: start, to: start.addingTimeInterval(7 * 86_400))
        XCTAssertEqual(calendar.count, 3)
        XCTAssertEqual(calendar[0].title, "Fixture Calendar Series")
        let queue = try await sonarr.queue()
        XCTAssertEqual(queue.count, 14, "the whole queue, not a 10-item page")
        XCTAssertTrue(queue.allSatisfy { $0.downloadID != nil && $0.resource != nil && $0.childID != nil })
        let health = try await sonarr.health()
        XCTAssertEqual(health.map(\.level), [.warning, .notice])
        let disks = try await sonarr.diskSpace()
        XCTAssertEqual(disks.count, 2)
        let history = try await sonarr.history(of: series[0].id)
        XCTAssertEqual(history.map(\.kind), [.grabbed, .imported])
    }

    func testRadarrEndToEndWithArtworkThroughTheAPITwin() async throws {
        let server = try ServarrFixtureServer(kind: "radarr")
        var connection = try await connection(.radarr, server)
        connection.config.artworkFromServerOnly = true
        let radarr = RadarrClient(connection: connection, transport: transport, secrets: secrets)
        _ = try await radarr.probe()
        let movies = try await radarr.library()
        XCTAssertEqual(movies.count, 6)
        let queue = try await radarr.queue()
        XCTAssertEqual(queue.count, 12)
        let start = Date(timeIntervalSince1970: 1_768_435_200)
        let calendar = try await radarr.calendar(from: start, to: start.addingTimeInterval(7 * 86_400))
        XCTAssertEqual(calendar.map(\.due), [.release("digital"), .release("inCinemas")])

        let poster = try XCTUnwrap(movies[0].poster)
        let lines = LineCollector()
        let observation = Log.addObserver { _, line in lines.append(line) }
        let bytes = try await radarr.artwork(poster, of: movies[0].id, thumbnail: true)
        observation.cancel()
        XCTAssertEqual(lines.values.filter { $0.hasPrefix("GET <asset> → 200") }.count, 1, "\(lines.values)")
        XCTAssertFalse(lines.values.joined().contains("mediacover"), "an asset URL was logged")
        XCTAssertTrue(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a real image")
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains("fixture\0/api/v3/mediacover/\(movies[0].id.itemID)/poster-250.jpg"),
                      "the thumbnail through the API twin")
    }

    func testWrongKeyIsUnauthorized() async throws {
        let server = try ServarrFixtureServer(kind: "sonarr")
        let sonarr = SonarrClient(connection: try await connection(.sonarr, server, key: "fixture-wrong-key"),
                                  transport: transport, secrets: secrets)
        do {
            _ = try await sonarr.library()
            XCTFail("a wrong key was accepted")
        } catch {
            XCTAssertEqual(error, .unauthorized)
        }
    }

    func testHTMLLoginPageIsAnAuthGateway() async throws {
        let server = try ServarrFixtureServer(kind: "radarr")
        try await server.setFault("html", on: "/api/v3/movie", via: transport)
        let radarr = RadarrClient(connection: try await connection(.radarr, server), transport: transport, secrets: secrets)
        do {
            _ = try await radarr.library()
            XCTFail("an HTML page decoded as a library")
        } catch {
            XCTAssertEqual(error, .authGateway)
        }
    }

    func testWrongKindAtTheAddressIsAClearError() async throws {
        let server = try ServarrFixtureServer(kind: "radarr")
        let sonarr = SonarrClient(connection: try await connection(.sonarr, server), transport: transport, secrets: secrets)
        do {
            _ = try await sonarr.probe()
            XCTFail("Radarr accepted as Sonarr")
        } catch {
            XCTAssertEqual(error, .wrongServiceKind(expected: .sonarr, found: "Radarr"))
        }
    }

    func testStartingUpAndTruncatedAnswers() async throws {
        let server = try ServarrFixtureServer(kind: "sonarr")
        try await server.setFault("503", on: "/api/v3/health", via: transport)
        try await server.setFault("truncated", on: "/api/v3/series", via: transport)
        let sonarr = SonarrClient(connection: try await connection(.sonarr, server), transport: transport, secrets: secrets)
        do {
            _ = try await sonarr.health()
            XCTFail("503 passed")
        } catch {
            XCTAssertEqual(error, .unavailable(.serverUnavailable(status: 503)))
        }
        do {
            _ = try await sonarr.library()
            XCTFail("truncated JSON decoded")
        } catch {
            guard case .decoding = error else { return XCTFail("\(error)") }
        }
    }

    func testKeyIsNeverSentWhenPingDoesNotAnswerLikeServarr() async throws {
        let server = try ServarrFixtureServer(kind: "sonarr")
        // Point the client at a base path where nothing answers /ping like a Servarr.
        let sonarr = SonarrClient(connection: try await connection(.sonarr, server, base: "/not-servarr"),
                                  transport: transport, secrets: secrets)
        do {
            _ = try await sonarr.probe()
            XCTFail("probe passed without a Servarr ping")
        } catch {
            XCTAssertEqual(error, .wrongServiceKind(expected: .sonarr, found: nil))
        }
        let counts = try await server.requestCounts(via: transport)
        XCTAssertEqual(counts["/not-servarr/ping"], 1)
        XCTAssertNil(counts["/not-servarr/api/v3/system/status"], "the API key was sent before the ping checked out")
    }

    func testMissingCredentialSendsNothing() async throws {
        let server = try ServarrFixtureServer(kind: "sonarr")
        let endpoint = try Endpoint.parse("http://127.0.0.1:\(server.port)")
        let config = ServiceConfig(kind: .sonarr, localEndpoint: endpoint, allowPlainHTTPOnLocal: true)
        let sonarr = SonarrClient(connection: try ServiceConnection(config: config, role: .local), transport: transport, secrets: secrets)
        do {
            _ = try await sonarr.library()
            XCTFail("no credential, yet an answer")
        } catch {
            XCTAssertEqual(error, .missingCredential)
        }
    }
}
