import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Desktop notifications end to end (NotificationRig: the real app, GLib's freedesktop backend, a
/// fake notification server recording every call, the fixture Sonarr with its hub): nothing is
/// announced at start-up; downloads that leave the queue together after they finished are one
/// notification; a failed download and a blocked import are one each, and clicking one presents
/// the window on Activity with that download picked; a new health error is one notification that
/// opens the Overview. With the window closed (kept running), a notification also has a Quit button
/// that ends the app.
final class NotificationsUITests: XCTestCase {
    func testNoticesAreOnePerBurstAndTheirClicksOpenTheirDownload() throws {
        let rig = try NotificationRig(preferences: #"{"schemaVersion": 1, "keepRunning": true}"#)
        defer { rig.stop() }

        // The live channel is up (the Overview says so); then Activity is shown and has its rows: the
        // baseline — downloads that were finishing or blocked before are no news.
        try rig.until("the live channel") { try rig.tree().contains(" · live'") }
        try rig.until("Activity shown with its downloads") {
            try rig.press("alt+3")
            let text = try rig.tree()
            return text.contains("[page tab] 'Activity' {visible,selected") && text.contains("Fixture.Release.4.1080p.WEB-DL")
        }
        XCTAssertEqual(rig.sent().count, 0, "nothing announced at start-up")

        // Three downloads (imports pending) leave the queue — imported — and Sonarr's hub says so once.
        for id in [1000004, 1000007, 1000008] { try rig.removeQueueRecord(id) }
        try rig.pushQueueSync()
        try rig.until("the notification") { !rig.sent().isEmpty }
        var notices = rig.sent()
        XCTAssertEqual(notices.count, 1, "one notification for the burst: \(notices)")
        XCTAssertEqual(notices.first?["summary"] as? String, "3 downloads finished")
        XCTAssertEqual(notices.first?["body"] as? String,
                       "Fixture.Release.4.1080p.WEB-DL\nFixture.Release.7.1080p.WEB-DL\nFixture.Release.8.1080p.WEB-DL")
        XCTAssertTrue((notices.first?["actions"] as? [String] ?? []).contains("default"), "clickable")

        // Its click (the server's ActionInvoked): the window comes up on Activity.
        try rig.showTab(1, "Overview")
        try rig.click(notices[0])
        try rig.until("Activity shown by the click") { try rig.tree().contains("[page tab] 'Activity' {visible,selected") }

        // A download fails in its client; another one's import is blocked: one notification each,
        // in the service's words, and each click picks its download on Activity.
        let cases: [(record: Int, state: String, message: String, summary: String, title: String)] = [
            (1000003, "failedPending", "Fixture client: disk full", "Download failed", "Fixture.Release.3.1080p.WEB-DL"),
            (1000005, "importBlocked", "Fixture: no files are eligible for import", "Import needs you", "Fixture.Release.5.1080p.WEB-DL"),
        ]
        for (index, change) in cases.enumerated() {
            let message = change.message.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            try rig.fixture("GET", "/__queue_change?id=\(change.record)&state=\(change.state)&message=\(message)")
            try rig.pushQueueSync()
            try rig.until("the \(change.summary) notification") { rig.sent().count == 2 + index }
            notices = rig.sent()
            XCTAssertEqual(notices.last?["summary"] as? String, change.summary)
            XCTAssertEqual(notices.last?["body"] as? String, "\(change.title)\n\(change.message)")

            try rig.showTab(1, "Overview")
            try rig.click(notices[1 + index])
            try rig.until("\(change.title) picked on Activity by the click") {
                let text = try rig.tree()
                let picked = NotificationRig.selectedRows(in: text)
                return text.contains("[page tab] 'Activity' {visible,selected") && picked.count == 1 && picked[0].contains(change.title)
            }
        }

        // A new health error: Sonarr's hub says its health changed; one notice, whose click opens the Overview.
        try rig.fixture("GET", "/__health_add?source=DownloadClientCheck&type=error&message=Unable%20to%20communicate%20with%20Fixture%20SABnzbd")
        try rig.fixture("GET", "/__push?name=health&action=sync")
        try rig.until("the health notification") { rig.sent().count == 4 }
        notices = rig.sent()
        XCTAssertEqual(notices[3]["summary"] as? String, "Fixture Sonarr: error")
        XCTAssertEqual(notices[3]["body"] as? String, "Unable to communicate with Fixture SABnzbd")
        try rig.showTab(3, "Activity")
        try rig.click(notices[3])
        try rig.until("the Overview shown by the click") { try rig.tree().contains("[page tab] 'Overview' {visible,selected") }

        XCTAssertEqual(rig.sent().count, 4, "no other notification: \(rig.sent())")
        XCTAssertFalse(rig.sent().contains { ($0["actions"] as? [String] ?? []).contains("app.quit") }, "no Quit button while the window is open")

        // With the window closed (kept running), a notification also offers Quit; it ends the app.
        try rig.press("ctrl+w")
        try rig.until("the window hidden") { try rig.visibleWindow() == nil }
        try rig.removeQueueRecord(1000009)
        try rig.pushQueueSync()
        try rig.until("the notification with the window closed") { rig.sent().count == 5 }
        let last = try XCTUnwrap(rig.sent().last)
        XCTAssertEqual(last["actions"] as? [String], ["default", "", "app.quit", "Quit Switchyard"])
        try rig.click(last, button: "app.quit")
        try rig.until("the app to end") { !rig.app.isRunning }
        // What the notification server received, for Documentation/Notifications.md.
        for notice in rig.sent() {
            print("captured notification:", String(decoding: try JSONSerialization.data(withJSONObject: notice, options: [.sortedKeys]), as: UTF8.self))
        }
    }

    func testSelectedRowsAreReadFromTheTree() {
        let tree = """
            [list] 'Downloads' {visible}
              [list item] '' {visible,selected}
                [label] 'Fixture.One' {visible}
                [label] 'Downloading' {visible}
              [list item] '' {visible}
                [label] 'Fixture.Two' {visible}
            [table row] 'GtkListItemWidget' {visible,selected,focusable}
              [table cell] 'GtkColumnViewCell' {visible}
                [label] 'Fixture.Three' {visible}
            """
        XCTAssertEqual(NotificationRig.selectedRows(in: tree), ["Fixture.One | Downloading", "GtkColumnViewCell | Fixture.Three"])
    }

    /// GNOME Shell's notification service (org.gtk.Notifications, GLib's gtk backend): the notice
    /// arrives with its default action and target; a click — the shell activating the app's action
    /// over D-Bus — picks the download on Activity.
    func testGnomeShellsServiceGetsTheNoticeAndItsClickPicksTheDownload() throws {
        let rig = try NotificationRig(backend: .gtk)
        defer { rig.stop() }
        try rig.until("the live channel") { try rig.tree().contains(" · live'") }
        try rig.until("Activity shown with its downloads") {
            try rig.press("alt+3")
            let text = try rig.tree()
            return text.contains("[page tab] 'Activity' {visible,selected") && text.contains("Fixture.Release.3.1080p.WEB-DL")
        }
        try rig.fixture("GET", "/__queue_change?id=1000003&state=failedPending&message=Fixture%20client%3A%20disk%20full")
        try rig.pushQueueSync()
        try rig.until("the notification") { !rig.sent().isEmpty }
        let notice = try XCTUnwrap(rig.sent().first)
        XCTAssertEqual(rig.sent().count, 1)
        XCTAssertEqual(notice["app"] as? String, "app.switchyard.Switchyard")
        XCTAssertEqual(notice["summary"] as? String, "Download failed")
        XCTAssertEqual(notice["body"] as? String, "Fixture.Release.3.1080p.WEB-DL\nFixture client: disk full")
        XCTAssertEqual(notice["actions"] as? [String], ["app.show-download"])
        XCTAssertTrue((notice["target"] as? String ?? "").hasSuffix("/BD626203234CBAB7D84B55D7A174DC4638503E9D"), "\(notice)")

        try rig.showTab(1, "Overview")
        try rig.click(notice)
        try rig.until("the download picked on Activity by the click") {
            let text = try rig.tree()
            let picked = NotificationRig.selectedRows(in: text)
            return text.contains("[page tab] 'Activity' {visible,selected") && picked.count == 1
                && picked[0].contains("Fixture.Release.3.1080p.WEB-DL")
        }
        print("captured notification (gtk):", String(decoding: try JSONSerialization.data(withJSONObject: notice, options: [.sortedKeys]), as: UTF8.self))
    }
}
