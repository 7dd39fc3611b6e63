@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Each real daemon stopped mid-test: the client reports `unavailable` within
/// its deadline instead of hanging. Each test starts its own daemon on shifted
/// ports (Tests/Peers/peers.py solo) so the shared peers are untouched.
final class PeerStopTests: XCTestCase {
    private func startSolo(_ kind: ServiceKind) throws -> (SoloPeer.Daemon, URL) {
        let solo = try SoloPeer(kind)
        return (solo.daemon, solo.run)
    }

    private func stop(_ run: URL) { SoloPeer.stop(run) }

    private func check(_ kind: ServiceKind, refresh: @escaping (ServiceConnection, any HTTPTransport, any SecretStore) async throws(ServiceError) -> Int) async throws {
        let (daemon, run) = try startSolo(kind)
        defer { stop(run) }
        let secrets = InMemorySecretStore()
        let config = ServiceConfig(kind: kind, localEndpoint: try Endpoint.parse("http://127.0.0.1:\(daemon.port)"),
                                   allowPlainHTTPOnLocal: true)
        try await secrets.write(Credential(username: daemon.username, password: daemon.password), for: config.credential, kind: kind)
        let transport = RetryingTransport(try SoupTransport(limits: TestLimits.short), limits: TestLimits.short)
        let connection = try ServiceConnection(config: config, role: .local)
        let before = try await refresh(connection, transport, secrets)
        XCTAssertGreaterThan(before, 0)

        stop(run) // the daemon goes away mid-test
        let start = ContinuousClock.now
        do {
            _ = try await refresh(connection, transport, secrets)
            XCTFail("\(kind.rawValue) answered after it was stopped")
        } catch {
            guard case .unavailable = error else { return XCTFail("expected unavailable, got \(error)") }
        }
        XCTAssertLessThan((ContinuousClock.now - start).seconds, 10, "a stopped daemon must not hang the refresh")
    }

    func testStoppedQBittorrentIsUnavailable() async throws {
        let client = ClientBox<QBittorrentClient>()
        try await check(.qbittorrent) { connection, transport, secrets throws(ServiceError) in
            try await client.get { QBittorrentClient(connection: connection, transport: transport, secrets: secrets) }.transfers().items.count
        }
    }

    func testStoppedTransmissionIsUnavailable() async throws {
        let client = ClientBox<TransmissionClient>()
        try await check(.transmission) { connection, transport, secrets throws(ServiceError) in
            try await client.get { TransmissionClient(connection: connection, transport: transport, secrets: secrets) }.transfers().items.count
        }
    }

    func testStoppedDelugeIsUnavailable() async throws {
        let client = ClientBox<DelugeClient>()
        try await check(.deluge) { connection, transport, secrets throws(ServiceError) in
            try await client.get { DelugeClient(connection: connection, transport: transport, secrets: secrets) }.transfers().items.count
        }
    }

    func testStoppedRTorrentIsUnavailable() async throws {
        let client = ClientBox<RTorrentClient>()
        try await check(.rtorrent) { connection, transport, secrets throws(ServiceError) in
            try await client.get { RTorrentClient(connection: connection, transport: transport, secrets: secrets) }.transfers().items.count
        }
    }

    func testStoppedNZBGetIsUnavailable() async throws {
        let client = ClientBox<NZBGetClient>()
        try await check(.nzbget) { connection, transport, secrets throws(ServiceError) in
            try await client.get { NZBGetClient(connection: connection, transport: transport, secrets: secrets) }.transfers().items.count
        }
    }
}


/// Keeps one client across the before/after refreshes (so its session is the one that breaks).
final class ClientBox<Client: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var client: Client?
    func get(_ make: () -> Client) -> Client {
        lock.withLock {
            if let client { return client }
            let made = make()
            client = made
            return made
        }
    }
}
