import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// The Requests tab end to end, as a user drives it: the real window under Xvfb, a real click and real
/// keys (Tools/requests-ui-check.py over AT-SPI and xdotool), the key in the session's real keyring,
/// and the fixture server as Jellyseerr, whose own log says what it received.
final class RequestsUITests: XCTestCase {
    private static let key = "fixture-jellyseerr-ui-key"

    func testApproveOneAndDeclineAnotherEachSentOnceByID() throws {
        try requireTestSession()
        let harness = try Harness()
        let server = try ServerProcess(harness.binary.deletingLastPathComponent().appendingPathComponent("switchyard-fixture-server"),
                                       ["--kind", "jellyseerr", "--fixtures", harness.root.appendingPathComponent("Fixtures").path,
                                        "--api-key", Self.key])
        defer { server.stop() }
        let port = try XCTUnwrap(server.port)
        let config = ServiceConfig(kind: .jellyseerr, displayName: "Fixture Jellyseerr",
                                   localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"), allowPlainHTTPOnLocal: true)
        let walk = try WalkThrough("Tools/requests-ui-check.py", services: [(config, Credential(apiKey: Self.key))], driverEnvironment: [
            "SY_STATE": "http://127.0.0.1:\(port)/__state", "SY_APPROVE": "Fixture Movie 1 (2021)", "SY_DECLINE": "Fixture Series 2 (2012)"])
        let seen = walk.seen
        XCTAssertEqual(seen["pendingBefore"] as? [String], ["Fixture Series 2 (2012)", "Fixture Movie 1 (2021)"], "pending, oldest first")
        XCTAssertEqual((seen["actionsBefore"] as? [Any])?.count, 0, "nothing sent by looking")
        XCTAssertEqual(Self.pairs(seen["afterApprove"]), [Pair("approve", 11)], "one approve, naming request 11")
        XCTAssertEqual(Self.pairs(seen["actions"]), [Pair("approve", 11), Pair("decline", 12)], "each sent once, by id")
        XCTAssertEqual(seen["approvedStatus"] as? String, "Approved by Fixture Owner", "read back as the service reports it")
        XCTAssertEqual(seen["declinedStatus"] as? String, "Declined by Fixture Owner")
        XCTAssertEqual(seen["pendingAfter"] as? [String], [])
        XCTAssertFalse(walk.log.contains(Self.key), "the key never reaches the log")
        XCTAssertEqual(walk.warnings, [], "GTK warnings while acting")
    }

    private struct Pair: Equatable {
        var action: String, id: Int
        init(_ action: String, _ id: Int) { self.action = action; self.id = id }
    }

    private static func pairs(_ value: Any?) -> [Pair] {
        (value as? [[Any]] ?? []).compactMap { entry in
            guard entry.count == 2, let action = entry[0] as? String, let id = entry[1] as? Int else { return nil }
            return Pair(action, id)
        }
    }
}
