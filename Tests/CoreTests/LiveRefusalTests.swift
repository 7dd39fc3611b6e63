@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// A key refused on a live channel's upgrade counts toward the session's refusal rule, like a
/// refused request: reads stop asking until the user does, and after three refusals even a forced
/// refresh sends nothing until the key changes (the fixture Sonarr counts what arrives).
final class LiveRefusalTests: XCTestCase {
    func testARefusedUpgradeIsOneOfTheSessionsRefusals() async throws {
        // The service wants another key than the one Switchyard holds.
        let server = try ServarrFixtureServer(kind: "sonarr", key: "fixture-other-key")
        let (repository, id) = try await server.repository(.sonarr, directory: try temporaryDirectory(self))
        let transport = try SoupTransport()
        func requestsArrived() async throws -> Int {
            let request = HTTPRequest(try Endpoint.parse("http://127.0.0.1:\(server.port)"), path: "/__requests", requestClass: .probe,
                                      schemePolicy: SchemePolicy(allowsPlainHTTP: true))
            let counts = try JSONSerialization.jsonObject(with: try await transport.send(request).body) as? [String: Int] ?? [:]
            return counts.filter { $0.key.hasPrefix("/api") }.values.reduce(0, +)
        }

        // The channel's upgrade was refused (what the app reports when the hub answers 401).
        await repository.liveRefused(serviceID: id)
        let state = await repository.activity()
        XCTAssertEqual(state, .unauthorized)
        let afterRefresh = try await requestsArrived()
        XCTAssertEqual(afterRefresh, 0, "a refresh does not try the refused key again")

        // The user asks twice: each asks once and is refused — the third refusal of this key.
        var asked = afterRefresh
        for round in 1...2 {
            let forced = await repository.activity(force: true)
            XCTAssertEqual(forced, .unauthorized)
            let arrived = try await requestsArrived()
            XCTAssertGreaterThan(arrived, asked, "forced refresh \(round) asked")
            asked = arrived
        }
        let before = try await requestsArrived()
        let last = await repository.activity(force: true)
        XCTAssertEqual(last, .unauthorized)
        let after = try await requestsArrived()
        XCTAssertEqual(after, before, "three refusals: nothing more is sent until the key changes")
    }
}
