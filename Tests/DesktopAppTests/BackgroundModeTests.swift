import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// "Keep running with the window closed", with a real daemon: Ctrl+W hides the window and the
/// process stays; a download that a real NZBGet finishes meanwhile (through the NNTP stub; no
/// orchestrator tracks it) is announced by the gentle refresh that runs without a window; launching
/// Switchyard again brings the window back (the second process hands over and exits); the
/// notification's click opens Downloads with that transfer picked; Ctrl+Q ends the process.
final class BackgroundModeTests: XCTestCase {
    func testClosedWindowKeepsNotifyingRelaunchPresentsQuitEnds() throws {
        let nzbget = try SoloPeer(.nzbget)
        defer { nzbget.stop() }
        // The gentle refresh without a window runs every minute; here every two seconds (the same timer).
        let rig = try NotificationRig(preferences: #"{"schemaVersion": 1, "keepRunning": true}"#,
                                      environment: ["SWITCHYARD_BACKGROUND_REFRESH_MS": "2000"]) { _ in
            [(ServiceConfig(kind: .nzbget, displayName: "Fixture NZBGet", localEndpoint: try Endpoint.parse("http://127.0.0.1:\(nzbget.daemon.port)"),
                            allowPlainHTTPOnLocal: true),
              Credential(username: nzbget.daemon.username, password: nzbget.daemon.password))]
        }
        defer { rig.stop() }

        try rig.until("the window") { try rig.visibleWindow() != nil }
        try rig.until("the live channel") { try rig.fixture("GET", "/__hub_log").contains("\"live\":1") }
        // The baseline: a queue sync makes the app refresh Activity (Sonarr's queue and NZBGet's
        // transfers); a second one starts only after the first refresh has ended.
        for round in 1...2 {
            let before = try rig.queueReads()
            try rig.pushQueueSync()
            try rig.until("queue read \(round)") { try rig.queueReads() > before }
        }

        try rig.press("ctrl+w")
        try rig.until("the window hidden") { try rig.visibleWindow() == nil }
        XCTAssertTrue(rig.app.isRunning, "closing the window kept the app")

        // NZBGet downloads a new NZB for real; the refresh without a window notices it.
        let (status, output) = try runTool("/usr/bin/python3", [rig.harness.root.appendingPathComponent("Tests/Peers/peers.py").path,
                                                                 "usenet", nzbget.run.path, "fixture-usenet-background"])
        XCTAssertEqual(status, 0, output)
        try rig.until("the notification with the window closed") { !rig.sent().isEmpty }
        let notice = try XCTUnwrap(rig.sent().first)
        XCTAssertEqual(notice["summary"] as? String, "Download finished")
        XCTAssertEqual(notice["body"] as? String, "fixture-usenet-background")
        XCTAssertNil(try rig.visibleWindow(), "a notification does not raise the window by itself")

        let (relaunch, relaunchOutput) = try runTool(rig.harness.binary.path, [], environment: rig.environment)
        XCTAssertEqual(relaunch, 0, relaunchOutput)
        try rig.until("the window back") { try rig.visibleWindow() != nil }
        XCTAssertTrue(rig.app.isRunning)

        try rig.click(notice)
        try rig.until("the transfer picked on Downloads") {
            let text = try rig.tree()
            let picked = NotificationRig.selectedRows(in: text)
            return text.contains("[page tab] 'Downloads' {visible,selected") && picked.count == 1 && picked[0].contains("fixture-usenet-background")
        }

        try rig.press("ctrl+q")
        try rig.until("the app to end") { !rig.app.isRunning }
        XCTAssertEqual(rig.sent().count, 1, "no other notification: \(rig.sent())")
        print("captured notification:", String(decoding: try JSONSerialization.data(withJSONObject: notice, options: [.sortedKeys]), as: UTF8.self))
    }
}
