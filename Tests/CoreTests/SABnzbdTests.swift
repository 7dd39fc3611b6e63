@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// SABnzbd has no Debian package: its client runs over real libsoup against the
/// project's fixture server, which answers as the API guide describes SABnzbd.
final class SABnzbdTests: XCTestCase {
    private let service = UUID(uuidString: "F1C7F1C7-0000-4000-8000-0000000000CC")!

    func testNumbersAsStringsAndTimeLeft() throws {
        let queue = try SABnzbdQueueDTO.decode(try fixture("sabnzbd/queue.json"))
        XCTAssertEqual(queue.version, "4.5.5")
        XCTAssertEqual(queue.kbPerSecond, 2048)
        let items = queue.slots.compactMap { $0.domain(serviceID: service, paused: false) }
        XCTAssertEqual(items.map(\.joinKey), ["SABnzbd_nzo_fixture0001", "SABnzbd_nzo_fixture0002", "SABnzbd_nzo_fixture0003"],
                       "nzo_id verbatim: joins are exact and case-sensitive")
        XCTAssertEqual(items[0].sizeBytes, 2048 * 1_048_576, "\"2048.00\" MiB")
        XCTAssertEqual(items[0].progress, 0.5, accuracy: 0.0001, "\"50\" percent")
        XCTAssertEqual(items[0].eta, 512, "0:08:32")
        XCTAssertNil(items[1].eta, "only a downloading slot has a time left")
        XCTAssertEqual(SABnzbdSlotDTO.clock("1:02:03:04"), 93_784, "D:H:MM:SS")
        XCTAssertNil(items[2].category, "\"*\" is no category")
        XCTAssertEqual(items.map(\.state), [.downloading, .queued, .paused])
        let paused = queue.slots.compactMap { $0.domain(serviceID: service, paused: true) }
        XCTAssertEqual(paused.map(\.state), [.paused, .paused, .paused], "a global pause pauses everything")
    }

    func testHistoryAndItsUnchangedShape() throws {
        let history = try XCTUnwrap(try SABnzbdHistoryDTO.decode(try fixture("sabnzbd/history.json")))
        XCTAssertEqual(history.lastUpdate, 7)
        let items = history.slots.compactMap { $0.domain(serviceID: service) }
        XCTAssertEqual(items.map(\.state), [.completed, .error])
        XCTAssertEqual(items[1].errorMessage, "Fixture: repair failed, not enough repair blocks")
        XCTAssertNil(try SABnzbdHistoryDTO.decode(Data(#"{"history": false}"#.utf8)), "nothing changed")
    }

    func testClientOverRealHTTPKeepsTheKeyOutOfTheURL() async throws {
        let server = try ServarrFixtureServer(kind: "sabnzbd")
        let transport = try SoupTransport(limits: TestLimits.short)
        let secrets = InMemorySecretStore()
        let config = ServiceConfig(kind: .sabnzbd, localEndpoint: try Endpoint.parse("http://127.0.0.1:\(server.port)"),
                                   allowPlainHTTPOnLocal: true)
        try await secrets.write(Credential(apiKey: "fixture-servarr-key"), for: config.credential, kind: .sabnzbd)
        let client = SABnzbdClient(connection: try ServiceConnection(config: config, role: .local), transport: transport, secrets: secrets)
        let status = try await client.probe()
        XCTAssertEqual(status.version, "4.5.5")
        let first = try await client.transfers()
        XCTAssertEqual(first.items.count, 5)
        let second = try await client.transfers() // history answers {"history": false}: the cached list stays
        XCTAssertEqual(second.items.map(\.joinKey), first.items.map(\.joinKey))

        let endpoint = try Endpoint.parse("http://127.0.0.1:\(server.port)")
        let keys = try await transport.send(HTTPRequest(endpoint, path: "/__query_keys", requestClass: .probe,
                                                        schemePolicy: SchemePolicy(allowsPlainHTTP: true)))
        XCTAssertEqual(try JSONDecoder().decode([String].self, from: keys.body), [], "a parameter travelled in the URL query")

        let wrongSecrets = InMemorySecretStore()
        try await wrongSecrets.write(Credential(apiKey: "fixture-wrong-key"), for: config.credential, kind: .sabnzbd)
        let wrong = SABnzbdClient(connection: try ServiceConnection(config: config, role: .local), transport: transport, secrets: wrongSecrets)
        do {
            _ = try await wrong.transfers()
            XCTFail("a wrong key was accepted")
        } catch {
            XCTAssertEqual(error, .unauthorized)
        }
    }
}
