@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Transfer actions of the two clients with no Debian package here — qBittorrent 5.x and
/// SABnzbd — over real libsoup against `Tools/write-fixtures.py`, which enforces the API guide
/// (5.x has no pause/resume; SABnzbd's key only in the body, each parameter once) and refuses
/// every "all" or id-less form.
final class TransferActionFixtureTests: XCTestCase {
    private struct Action: Decodable {
        let path: String?
        let hashes: [String]?
        let deleteFiles: String?
        let mode: String?
        let name: String?
        let value: StringOrList?
        let del_files: String?
    }

    private enum StringOrList: Decodable, Equatable {
        case text(String), list([String])
        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let list = try? container.decode([String].self) { self = .list(list) } else { self = .text(try container.decode(String.self)) }
        }
    }

    private final class Fixture: @unchecked Sendable {
        let port: Int
        private let server: ServerProcess
        private let transport = try? SoupTransport()

        init(_ kind: String, key: String = "") throws {
            server = try ServerProcess(URL(fileURLWithPath: "/usr/bin/python3"),
                                       [projectDirectory.appendingPathComponent("Tools/write-fixtures.py").path,
                                        "--kind", kind, "--fixtures", fixturesDirectory.path, "--api-key", key])
            guard let port = server.port else { throw TestServerError.didNotStart("no port in \(server.ports)") }
            self.port = port
        }

        private func get(_ path: String) async throws -> Data {
            let request = HTTPRequest(try Endpoint.parse("http://127.0.0.1:\(port)"), path: path, requestClass: .probe,
                                      schemePolicy: SchemePolicy(allowsPlainHTTP: true))
            return try await transport!.send(request).body
        }

        func actions() async throws -> [Action] { try JSONDecoder().decode([Action].self, from: await get("/__actions")) }
        func refused() async throws -> String { String(decoding: try await get("/__refused"), as: UTF8.self) }
    }

    private func repository(_ kind: ServiceKind, port: Int, credential: Credential) async throws -> Repository {
        let directory = try temporaryDirectory(self)
        let registry = ServiceRegistry(fileURL: directory.appendingPathComponent("services.json"))
        let secrets = InMemorySecretStore()
        let config = ServiceConfig(kind: kind, localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"), allowPlainHTTPOnLocal: true)
        try await secrets.write(credential, for: config.credential, kind: kind)
        try await registry.upsert(config)
        let repository = Repository(registry: registry, transport: RetryingTransport(try SoupTransport()), secrets: secrets, cache: nil)
        await repository.reload()
        return repository
    }

    func testQBittorrent5StopsAndStartsByTheRenamedActions() async throws {
        let fixture = try Fixture("qbittorrent5")
        let repository = try await repository(.qbittorrent, port: fixture.port,
                                              credential: Credential(username: "fixture-user", password: "fixture-pass"))
        let state = await repository.downloads(force: true)
        let items = try XCTUnwrap(state.value?.items, "\(state)")
        XCTAssertEqual(items.count, 2)
        let first = try XCTUnwrap(items.first { $0.joinKey.hasPrefix("0123") })

        var report = await repository.perform(.pause, on: [first])
        XCTAssertEqual(report.failed, [], "\(report)")
        report = await repository.perform(.resume, on: [first])
        XCTAssertEqual(report.failed, [], "\(report)")
        report = await repository.perform(.forceStart, on: items)
        XCTAssertEqual(report.failed, [], "\(report)")
        report = await repository.perform(.removeWithData, on: [first])
        XCTAssertEqual(report.failed, [], "\(report)")
        report = await repository.perform(.pause, on: [])
        XCTAssertEqual(report.parts, [])

        let actions = try await fixture.actions()
        XCTAssertEqual(actions.map(\.path), ["/api/v2/torrents/stop", "/api/v2/torrents/start", "/api/v2/torrents/setForceStart",
                                             "/api/v2/torrents/delete"], "one request per action, by the 5.x names")
        XCTAssertEqual(actions[0].hashes, [first.joinKey])
        XCTAssertEqual(Set(actions[2].hashes ?? []), Set(items.map(\.joinKey)))
        XCTAssertEqual(actions[3].deleteFiles, "true")
        let refused = try await fixture.refused()
        XCTAssertEqual(refused, "[]", "nothing refused: no pause/resume, no all, no empty list")

        let configured = await repository.configuredServices
        let id = try XCTUnwrap(configured.first?.id)
        var modes = await repository.setTurtleMode(true, on: [id])
        XCTAssertEqual(try modes[id]?.get(), true)
        modes = await repository.setTurtleMode(false, on: [id])
        XCTAssertEqual(try modes[id]?.get(), false)
    }

    func testQBittorrent5RefusesTheOldNames() async throws {
        let fixture = try Fixture("qbittorrent5")
        // A client that believes it talks to 4.x (as one would that never read the version) gets 404.
        let config = ServiceConfig(kind: .qbittorrent, localEndpoint: try Endpoint.parse("http://127.0.0.1:\(fixture.port)"),
                                   allowPlainHTTPOnLocal: true)
        let secrets = InMemorySecretStore()
        try await secrets.write(Credential(username: "fixture-user", password: "fixture-pass"), for: config.credential, kind: .qbittorrent)
        let client = QBittorrentClient(connection: try ServiceConnection(config: config, role: .local),
                                       transport: RetryingTransport(try SoupTransport()), secrets: secrets)
        await client.assumeWebAPIVersion("2.10.4")
        let snapshot = try await client.transfers()
        let item = try XCTUnwrap(snapshot.items.first)
        do {
            try await client.perform(.pause, on: [item])
            XCTFail("5.x accepted torrents/pause")
        } catch {
            XCTAssertEqual(error, .incompatibleVersion(found: "WebAPI 2.10.4"))
        }
        XCTAssertTrue(QBittorrentClient.isStopStart("2.11.0"))
        XCTAssertTrue(QBittorrentClient.isStopStart("2.11.2"))
        XCTAssertTrue(QBittorrentClient.isStopStart("2.15.1"))
        XCTAssertFalse(QBittorrentClient.isStopStart("2.10.4"))
        XCTAssertFalse(QBittorrentClient.isStopStart("2.8.19"))
    }

    func testSABnzbdActionsNameExactIdsInTheBody() async throws {
        let key = "fixture-sab-key-0001"
        let fixture = try Fixture("sabnzbd", key: key)
        let repository = try await repository(.sabnzbd, port: fixture.port, credential: Credential(apiKey: key))
        let state = await repository.downloads(force: true)
        let items = try XCTUnwrap(state.value?.items, "\(state)")
        let queued = items.filter { !$0.isHistoryEntry }, finished = items.filter(\.isHistoryEntry)
        XCTAssertEqual(queued.count, 3)
        XCTAssertEqual(finished.count, 2)

        var report = await repository.perform(.pause, on: [queued[0], queued[1]])
        XCTAssertEqual(report.failed, [], "\(report)")
        report = await repository.perform(.resume, on: [queued[1]])
        XCTAssertEqual(report.failed, [], "\(report)")
        report = await repository.perform(.removeWithData, on: [queued[2]])
        XCTAssertEqual(report.failed, [], "\(report)")
        // Queue and history entries picked together: the history entry cannot be paused, so only the queue one goes.
        report = await repository.perform(.pause, on: [queued[0], finished[0]])
        XCTAssertEqual(report.parts.first?.skipped, [finished[0].clientID])
        report = await repository.perform(.remove, on: [finished[0]])
        XCTAssertEqual(report.failed, [], "\(report)")
        report = await repository.perform(.removeWithData, on: [finished[1]])
        XCTAssertEqual(report.accepted, [], "a finished entry's files are not SABnzbd's to delete")
        report = await repository.perform(.forceStart, on: queued)
        XCTAssertEqual(report.accepted, [])

        let actions = try await fixture.actions()
        XCTAssertEqual(actions.count, 5, "\(actions)")
        XCTAssertEqual(actions[0].value, .list([queued[0].clientID, queued[1].clientID]))
        XCTAssertEqual(actions[0].name, "pause")
        XCTAssertEqual(actions[1].name, "resume")
        XCTAssertEqual(actions[2].name, "delete")
        XCTAssertEqual(actions[2].del_files, "1")
        XCTAssertEqual(actions[3].value, .list([queued[0].clientID]))
        XCTAssertEqual(actions[4].mode, "history")
        XCTAssertEqual(actions[4].del_files, "0")
        let refused = try await fixture.refused()
        XCTAssertEqual(refused, "[]", "nothing refused: key in the body, each parameter once, no all")

        let configured = await repository.configuredServices
        let id = try XCTUnwrap(configured.first?.id)
        var modes = await repository.setTurtleMode(true, on: [id])
        XCTAssertEqual(try modes[id]?.get(), true)
        modes = await repository.setTurtleMode(false, on: [id])
        XCTAssertEqual(try modes[id]?.get(), false)
        let limits = try await fixture.actions().filter { $0.mode == "config" }.map(\.value)
        XCTAssertEqual(limits, [.text("1024K"), .text("0")], "an absolute limit, then none")
    }
}
