import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// A new request in Jellyseerr, end to end (NotificationRig: the real app, GLib's freedesktop backend,
/// the fake notification server, and the fixture server as Jellyseerr beside the fixture Sonarr): the
/// requests there at start are the baseline; someone's new request is one notification naming it and
/// who asked, and its click opens the Requests tab on that request.
final class RequestNotificationTests: XCTestCase {
    private static let key = "fixture-jellyseerr-notify-key"

    func testANewRequestIsOneNotificationAndItsClickOpensTheRequest() throws {
        let harness = try Harness()
        let jellyseerr = try ServerProcess(harness.binary.deletingLastPathComponent().appendingPathComponent("switchyard-fixture-server"),
                                           ["--kind", "jellyseerr", "--fixtures", harness.root.appendingPathComponent("Fixtures").path,
                                            "--api-key", Self.key])
        defer { jellyseerr.stop() }
        let port = try XCTUnwrap(jellyseerr.port)
        let rig = try NotificationRig(environment: ["SWITCHYARD_BACKGROUND_REFRESH_MS": "1000"]) { _ in
            [(ServiceConfig(kind: .jellyseerr, displayName: "Fixture Jellyseerr", localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"),
                            allowPlainHTTPOnLocal: true), Credential(apiKey: Self.key))]
        }
        defer { rig.stop() }
        func listReads() throws -> Int {
            let text = try rig.fixture("GET", "/__requests", port: port, key: Self.key)
            return (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Int])?["/api/v1/request"] ?? 0
        }
        // The Requests tab is not on screen: the background refresh reads the list (twice a refresh: pending, all).
        try rig.until("the requests read twice over") { try listReads() >= 4 }
        XCTAssertEqual(rig.sent().count, 0, "the requests there at start are no news")

        _ = try rig.fixture("GET", "/__request_add?type=movie&tmdb=900005&user=Cleo%20Example", port: port, key: Self.key)
        try rig.until("the notification") { !rig.sent().isEmpty }
        let notice = try XCTUnwrap(rig.sent().first)
        XCTAssertEqual(notice["summary"] as? String, "New request")
        XCTAssertEqual(notice["body"] as? String, "Fixture Movie 5 (2025) — Cleo Example")
        XCTAssertTrue((notice["actions"] as? [String] ?? []).contains("default"), "clickable")

        // Its click: the window on the Requests tab, the keyboard focus on that request's Approve — Enter approves it.
        try rig.showTab(1, "Overview")
        try rig.click(notice)
        try rig.until("the Requests tab on the new request") {
            let text = try rig.tree()
            return text.contains("[page tab] 'Requests' {visible,selected") && text.contains("[push button] 'Approve Fixture Movie 5 (2025)'")
        }
        try rig.press("Return")
        try rig.until("the approve of the new request, by its id") {
            let state = try rig.fixture("GET", "/__state", port: port, key: Self.key)
            let actions = (try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any])?["actions"] as? [[Any]] ?? []
            return actions.count == 1 && actions[0].first as? String == "approve" && actions[0].last as? Int == 13
        }
        XCTAssertEqual(rig.sent().count, 1, "one notification: \(rig.sent())")

    }
}
