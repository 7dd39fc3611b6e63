@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Refreshes reuse their connection: every read of the four real daemons goes through a counting
/// loopback proxy that numbers the TCP connections it accepts. Transmission, Deluge and NZBGet read
/// with POST, which libsoup puts on a new connection unless the request says it is idempotent — a
/// TCP (and, remotely, TLS) handshake on every refresh until it did.
final class ConnectionReuseTests: XCTestCase {
    static let cycles = 30

    func testRefreshesOfEveryRealDaemonReuseOneConnection() async throws {
        try requireTestSession(peers: true)
        let path = ProcessInfo.processInfo.environment["SWITCHYARD_PEERS"] ?? ""
        let peers = try JSONDecoder().decode(TransferPeerTests.Peers.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        let daemons: [(ServiceKind, Int, String, String)] = [
            (.transmission, peers.transmission.port, peers.transmission.username, peers.transmission.password),
            (.qbittorrent, peers.qbittorrent.port, peers.qbittorrent.username, peers.qbittorrent.password),
            (.deluge, peers.deluge.port, peers.deluge.username, peers.deluge.password),
            (.nzbget, peers.nzbget.port, peers.nzbget.username, peers.nzbget.password),
        ]
        for (kind, port, username, password) in daemons {
            let proxy = try LockoutSafetyTests.Proxy(target: port)
            let directory = try temporaryDirectory(self)
            let registry = ServiceRegistry(fileURL: directory.appendingPathComponent("services.json"))
            let secrets = InMemorySecretStore()
            let config = ServiceConfig(kind: kind, localEndpoint: try Endpoint.parse("http://127.0.0.1:\(proxy.port)"),
                                       allowPlainHTTPOnLocal: true)
            try await secrets.write(Credential(username: username, password: password), for: config.credential, kind: kind)
            try await registry.upsert(config)
            let repository = Repository(registry: registry, transport: RetryingTransport(try SoupTransport()), secrets: secrets, cache: nil)
            await repository.reload()
            for cycle in 0..<Self.cycles {
                let state = await repository.downloads(force: true)
                XCTAssertNotNil(state.value?.parts.first, "\(kind) cycle \(cycle): \(state)")
            }
            let seen = try await proxy.requests()
            let reads = seen.filter { !$0.login }
            let connections = Set(seen.map(\.connection))
            // After the first cycles (a sign-in may take a connection of its own), one connection carries everything.
            let steady = Set(reads.suffix(reads.count / 2).map(\.connection))
            print("connection reuse: \(kind.rawValue): \(seen.count) requests over \(connections.count) connections, "
                  + "the last \(reads.count / 2) reads over \(steady.count)")
            XCTAssertGreaterThanOrEqual(reads.count, Self.cycles, "\(kind): every cycle read the daemon")
            XCTAssertLessThanOrEqual(connections.count, 2, "\(kind): a new connection per refresh: \(seen.map(\.connection))")
            XCTAssertEqual(steady.count, 1, "\(kind): refreshes at steady state opened new connections")
        }
    }
}
