@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Lockout safety against the real daemons, through a counting loopback proxy
/// (Tools/counting-proxy.py): wrong credentials, expired sessions and a daemon
/// that goes away never cost more than one sign-in per refresh cycle or user
/// action, and ten minutes of refreshes with a wrong password (compressed)
/// never trip qBittorrent's ban or Transmission's anti-brute-force lockout.
final class LockoutSafetyTests: XCTestCase {
    /// Ten minutes of Downloads refreshes at its 2 s interval, one user retry every minute.
    static let cycles = 300
    static let userRetryEvery = 30

    final class Proxy: @unchecked Sendable {
        let port: Int
        private let server: ServerProcess

        init(target: Int) throws {
            server = try ServerProcess(URL(fileURLWithPath: "/usr/bin/python3"),
                                       [fixturesDirectory.deletingLastPathComponent().appendingPathComponent("Tools/counting-proxy.py").path,
                                        String(target)])
            guard let port = server.port else { throw TestServerError.didNotStart("no port in \(server.ports)") }
            self.port = port
        }

        struct Seen: Decodable {
            let method: String; let url: String; let status: Int; let login: Bool; let connection: Int
            let body: String?
        }

        private let transport = try? SoupTransport(limits: TestLimits.short)

        func requests() async throws -> [Seen] { try JSONDecoder().decode([Seen].self, from: await control("requests")) }

        @discardableResult
        func control(_ command: String) async throws -> Data {
            let request = HTTPRequest(try Endpoint.parse("http://127.0.0.1:\(port)"), path: "/__proxy/\(command)",
                                      requestClass: .probe, schemePolicy: SchemePolicy(allowsPlainHTTP: true))
            return try await transport!.send(request).body
        }
    }

    private func repository(kind: ServiceKind, port: Int, username: String, password: String) async throws -> Repository {
        let directory = try temporaryDirectory(self)
        let registry = ServiceRegistry(fileURL: directory.appendingPathComponent("services.json"))
        let secrets = InMemorySecretStore()
        let config = ServiceConfig(kind: kind, localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"), allowPlainHTTPOnLocal: true)
        try await secrets.write(Credential(username: username, password: password), for: config.credential, kind: kind)
        try await registry.upsert(config)
        let transport = RetryingTransport(try SoupTransport(limits: TestLimits.short), limits: TestLimits.short)
        let repository = Repository(registry: registry, transport: transport, secrets: secrets, cache: nil)
        await repository.reload()
        return repository
    }

    /// Sign-in attempts: qBittorrent's login requests; for Transmission (credentials on every request) the refused ones.
    private func attempts(_ seen: [Proxy.Seen], kind: ServiceKind) -> Int {
        kind == .qbittorrent ? seen.filter(\.login).count : seen.filter { $0.status == 401 }.count
    }

    private func wrongPasswordLoop(_ kind: ServiceKind) async throws -> (attempts: Int, worstCycle: Int) {
        let solo = try SoloPeer(kind)
        defer { solo.stop() }
        let proxy = try Proxy(target: solo.daemon.port)
        let repository = try await repository(kind: kind, port: proxy.port, username: solo.daemon.username,
                                              password: "canary-wrong-password")
        var worst = 0
        var before = 0
        for cycle in 0..<Self.cycles {
            let state = await repository.downloads(force: cycle % Self.userRetryEvery == 0)
            XCTAssertEqual(state, .unauthorized, "\(kind) cycle \(cycle)")
            let now = attempts(try await proxy.requests(), kind: kind)
            worst = max(worst, now - before)
            before = now
        }
        // Not banned, not locked out: the right password still gets in at once.
        let right = try await self.repository(kind: kind, port: proxy.port, username: solo.daemon.username,
                                              password: solo.daemon.password)
        let state = await right.downloads(force: true)
        XCTAssertNotNil(state.value, "\(kind) locked us out after the wrong-password loop: \(state)")
        return (before, worst)
    }

    func testWrongPasswordsNeverTripQBittorrentsBan() async throws {
        let result = try await wrongPasswordLoop(.qbittorrent)
        print("lockout: qBittorrent, \(Self.cycles) cycles with a wrong password: \(result.attempts) sign-ins, at most \(result.worstCycle) per cycle")
        XCTAssertLessThanOrEqual(result.worstCycle, 1)
        XCTAssertLessThanOrEqual(result.attempts, ServiceSession.maximumRefusals, "more sign-ins than one credential may spend")
    }

    func testWrongPasswordsNeverTripTransmissionsLockout() async throws {
        let result = try await wrongPasswordLoop(.transmission)
        print("lockout: Transmission, \(Self.cycles) cycles with a wrong password: \(result.attempts) refused requests, at most \(result.worstCycle) per cycle")
        XCTAssertLessThanOrEqual(result.worstCycle, 1)
        XCTAssertLessThanOrEqual(result.attempts, ServiceSession.maximumRefusals)
    }

    /// rTorrent's web server refuses the password (401) and rTorrent never sees the request.
    func testWrongPasswordsAtRTorrentsWebServerAreNotRepeated() async throws {
        let result = try await wrongPasswordLoop(.rtorrent)
        print("lockout: rTorrent behind lighttpd, \(Self.cycles) cycles with a wrong password: \(result.attempts) refused requests, at most \(result.worstCycle) per cycle")
        XCTAssertLessThanOrEqual(result.worstCycle, 1)
        XCTAssertLessThanOrEqual(result.attempts, ServiceSession.maximumRefusals)
    }

    func testExpiredSessionsAndARestartCostOneSignInEach() async throws {
        let solo = try SoloPeer(.qbittorrent)
        defer { solo.stop() }
        let proxy = try Proxy(target: solo.daemon.port)
        let repository = try await repository(kind: .qbittorrent, port: proxy.port, username: solo.daemon.username,
                                              password: solo.daemon.password)
        func cycle(force: Bool = false) async throws -> (logins: Int, state: FeatureState<DownloadsContent>) {
            let before = try await proxy.requests().filter(\.login).count
            let state = await repository.downloads(force: force)
            return (try await proxy.requests().filter(\.login).count - before, state)
        }
        let first = try await cycle()
        XCTAssertEqual(first.logins, 1)
        XCTAssertNotNil(first.state.value)
        let steady = try await cycle()
        XCTAssertEqual(steady.logins, 0, "a live session signed in again")

        try await proxy.control("expire-next") // the session expired: one 403
        let expired = try await cycle()
        XCTAssertEqual(expired.logins, 1, "an expired session must cost exactly one sign-in")
        XCTAssertNotNil(expired.state.value, "the refresh after re-signing in failed")

        try await proxy.control("down") // the daemon restarts: no answers for a while
        var whileDown = 0
        for _ in 0..<3 {
            let down = try await cycle()
            XCTAssertLessThanOrEqual(down.logins, 1, "more than one sign-in in a cycle while the daemon is away")
            whileDown += down.logins
        }
        XCTAssertLessThanOrEqual(whileDown, 1, "kept signing in to a daemon that is not there")
        try await proxy.control("up") // back: the client signs in anew when it resolves again
        let back = try await cycle(force: true) // the user presses Refresh
        XCTAssertLessThanOrEqual(back.logins, 1)
        XCTAssertNotNil(back.state.value)
        let total = try await proxy.requests().filter(\.login).count
        print("lockout: qBittorrent expired session and restart: \(total) sign-ins in 7 cycles")
    }
}
