@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// The hostile-server matrix: one Sonarr that misbehaves in one way per case
/// (Tools/fixture-server.py's /hostile/CASE, and HTTPS listeners with bad
/// certificates) beside a well-behaved sibling Sonarr, through the real
/// repository, the retrying transport and real libsoup. Every case must end
/// in its defined error and recovery within its request class's budget, keep
/// memory bounded, and leave the sibling's content in the same refresh.
/// The table it prints is the one in Documentation/Reliability.md.
final class HostileServerMatrixTests: XCTestCase {
    static let limits = TestLimits.short
    /// Growth of the process's peak RSS allowed per case (the caps are 1–16 MB; a buffered 4 GiB body would blow it).
    static let rssBoundMB = 64.0

    enum Place { case plain, tls(String) }

    struct Case {
        var name: String
        var place: Place
        var expected: ServiceError
        var recovery: Recovery
    }

    static let cases: [Case] = [
        Case(name: "never", place: .plain, expected: .unavailable(.timedOut), recovery: .retry),
        Case(name: "trickle", place: .plain, expected: .unavailable(.timedOut), recovery: .retry),
        Case(name: "huge", place: .plain, expected: .unavailable(.responseTooLarge), recovery: .retry),
        Case(name: "gzip-bomb", place: .plain, expected: .unavailable(.responseTooLarge), recovery: .retry),
        Case(name: "html-login", place: .plain, expected: .authGateway, recovery: .configureEndpoint),
        Case(name: "redirect-http", place: .tls("valid"), expected: .unavailable(.plainHTTPBlocked), recovery: .configureEndpoint),
        Case(name: "redirect-cross-origin", place: .plain, expected: .wrongServiceKind(expected: .sonarr, found: nil),
             recovery: .configureEndpoint),
        Case(name: "status-401", place: .plain, expected: .unauthorized, recovery: .updateCredentials),
        Case(name: "status-403", place: .plain, expected: .unauthorized, recovery: .updateCredentials),
        Case(name: "status-429", place: .plain, expected: .unavailable(.rateLimited(retryAfter: 3600)), recovery: .retry),
        Case(name: "status-503", place: .plain, expected: .unavailable(.serverUnavailable(status: 503)), recovery: .retry),
        Case(name: "truncated", place: .plain, expected: .unavailable(.connectionLost), recovery: .retry),
        Case(name: "invalid-utf8", place: .plain, expected: .wrongServiceKind(expected: .sonarr, found: nil), recovery: .configureEndpoint),
        Case(name: "wrong-type", place: .plain, expected: .wrongServiceKind(expected: .sonarr, found: nil), recovery: .configureEndpoint),
        Case(name: "empty", place: .plain, expected: .wrongServiceKind(expected: .sonarr, found: nil), recovery: .configureEndpoint),
        Case(name: "self-signed", place: .tls("untrusted"), expected: .unavailable(.certificateUntrusted), recovery: .configureEndpoint),
        Case(name: "wrong-host-certificate", place: .tls("wronghost"), expected: .unavailable(.certificateUntrusted),
             recovery: .configureEndpoint),
        Case(name: "expired-certificate", place: .tls("expired"), expected: .unavailable(.certificateUntrusted),
             recovery: .configureEndpoint),
        Case(name: "reset", place: .plain, expected: .unavailable(.connectionLost), recovery: .retry),
    ]

    /// The longest a failing probe may take: every attempt at the probe deadline, plus backoffs, plus slack.
    static var budget: Double {
        let probe = limits.probe
        return probe.deadline.seconds * Double(probe.maxAttempts) + limits.backoffCap.seconds * Double(probe.maxAttempts - 1) + 1.0
    }

    func testEveryHostileServerEndsInItsStateWhileTheSiblingRefreshes() async throws {
        let server = try FixtureServer(hostileTLS: true)
        let report = try await matrix(.sonarr, cases: Self.cases, server: server)
        print("hostile-server matrix (probe \(Self.limits.probe.deadline) × \(Self.limits.probe.maxAttempts), budget \(Self.budget) s):\n\(report)")
        let out = fixturesDirectory.deletingLastPathComponent().appendingPathComponent("build/reliability")
        try? FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try? report.write(to: out.appendingPathComponent("hostile-matrix.md"), atomically: true, encoding: .utf8)
    }

    /// A hostile Lidarr (`/api/v1`) beside a well-behaved one: the cases whose outcome depends on what the
    /// answer says (a sign-in page, a body of the wrong shape, one too large, a cut connection, a refused key)
    /// end the same way for a kind on another API base.
    func testAHostileLidarrEndsInItsStateWhileItsSiblingRefreshes() async throws {
        let server = try FixtureServer(hostileTLS: true)
        let picked = ["html-login", "huge", "status-401", "truncated", "wrong-type", "empty", "self-signed"]
        let cases = Self.cases.filter { picked.contains($0.name) }.map { item in
            var item = item
            if case .wrongServiceKind(expected: _, found: _) = item.expected { item.expected = .wrongServiceKind(expected: .lidarr, found: nil) }
            return item
        }
        XCTAssertEqual(cases.count, picked.count)
        _ = try await matrix(.lidarr, cases: cases, server: server)
    }

    /// A hostile Prowlarr beside a well-behaved one: the same cases end the same way for a kind without a
    /// library (its indexers are what is read).
    func testAHostileProwlarrEndsInItsStateWhileItsSiblingRefreshes() async throws {
        let server = try FixtureServer(hostileTLS: true)
        let picked = ["html-login", "huge", "status-401", "status-503", "truncated", "wrong-type", "empty", "self-signed"]
        let cases = Self.cases.filter { picked.contains($0.name) }.map { item in
            var item = item
            if case .wrongServiceKind(expected: _, found: _) = item.expected { item.expected = .wrongServiceKind(expected: .prowlarr, found: nil) }
            return item
        }
        XCTAssertEqual(cases.count, picked.count)
        _ = try await matrix(.prowlarr, cases: cases, server: server)
    }

    /// Runs `cases` for one kind: each hostile instance beside a sibling from the fixture server, through the
    /// real repository; returns the table's lines.
    private func matrix(_ kind: ServiceKind, cases: [Case], server: FixtureServer) async throws -> String {
        let sibling = try ServarrFixtureServer(kind: kind.rawValue)
        let transport = RetryingTransport(try SoupTransport(limits: Self.limits, trustAnchors: server.anchors), limits: Self.limits)
        var table = ["| Case | State | Recovery | Time to state | Peak RSS growth |", "|---|---|---|---|---|"]
        // What the kind's tab reads: its library, or an indexer manager's indexers. The failures, and how much the sibling delivered.
        let read: (Repository, UUID) async -> (failures: [ServiceFailure], sibling: Int)? = { repository, sibling in
            if let library = kind.library?.id {
                return await repository.library(library, force: true).value.map { ($0.failures, $0.part(for: sibling)?.value.count ?? 0) }
            }
            return await repository.indexers(force: true).value.map { ($0.failures, $0.part(for: sibling)?.value.indexers.count ?? 0) }
        }

        for item in cases {
            let directory = try temporaryDirectory(self)
            let registry = ServiceRegistry(fileURL: directory.appendingPathComponent("services.json"))
            let secrets = InMemorySecretStore()
            let good = ServiceConfig(kind: kind, displayName: "Sibling",
                                     localEndpoint: try Endpoint.parse("http://127.0.0.1:\(sibling.port)"), allowPlainHTTPOnLocal: true)
            var hostile = ServiceConfig(kind: kind, displayName: "Hostile \(item.name)")
            switch item.place {
            case .plain:
                hostile.localEndpoint = try Endpoint.parse("http://127.0.0.1:\(server.httpPort)/hostile/\(item.name)")
                hostile.allowPlainHTTPOnLocal = true
            case .tls(let listener):
                let port = try XCTUnwrap(server.tlsPorts[listener], "no \(listener) listener")
                let path = item.name.hasPrefix("redirect") ? "/hostile/\(item.name)" : ""
                hostile.remoteEndpoint = try Endpoint.parse("https://127.0.0.1:\(port)\(path)")
            }
            for config in [good, hostile] {
                try await secrets.write(Credential(apiKey: ServarrFixtureServer.key), for: config.credential, kind: kind)
                try await registry.upsert(config)
            }
            let repository = Repository(registry: registry, transport: transport, secrets: secrets, cache: nil)
            await repository.reload()

            Self.resetPeakRSS()
            let before = Self.memory().peak
            let start = ContinuousClock.now
            let outcome = await read(repository, good.id)
            let elapsed = (ContinuousClock.now - start).seconds
            let growth = Self.memory().peak - before

            let content = try XCTUnwrap(outcome, "\(item.name): the sibling's content is missing")
            XCTAssertGreaterThan(content.sibling, 0, "\(item.name): the sibling did not refresh")
            let failure = content.failures.first { $0.service.id == hostile.id }
            XCTAssertEqual(failure?.error, item.expected, "\(item.name)")
            XCTAssertEqual(failure?.recovery, item.recovery, "\(item.name)")
            XCTAssertLessThan(elapsed, Self.budget, "\(item.name): took \(elapsed) s")
            XCTAssertLessThan(growth, Self.rssBoundMB, "\(item.name): peak RSS grew \(growth) MB")
            let words = failure.map { "\($0.error)" } ?? "none"
            table.append("| \(item.name) | `\(words)` | \(failure.map { "\($0.recovery)" } ?? "none") | "
                         + String(format: "%.2f s | %.1f MB |", elapsed, max(growth, 0)))
        }
        return table.joined(separator: "\n")
    }

    /// Current and peak resident set size of this process, in MB (from /proc/self/status).
    static func memory() -> (current: Double, peak: Double) {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Double {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return 0 }
            return Double(line.split(separator: " ").dropFirst().first { Double($0) != nil } ?? "0")! / 1024
        }
        return (field("VmRSS:"), field("VmHWM:"))
    }

    /// Makes the peak RSS start again from the current RSS (Linux: "5" to clear_refs).
    static func resetPeakRSS() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }
}
