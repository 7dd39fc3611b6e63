import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Desktop notifications end to end: the real app (GLib's freedesktop backend) against a fake
/// notification server on the test session's bus (Tools/fake-notifications.py) and the fixture
/// Sonarr with its hub. Nothing is announced at start-up; a download that leaves the queue after it
/// finished is one notification; clicking it presents the window on Activity.
final class NotificationsUITests: XCTestCase {
    func testAFinishedDownloadIsOneNotificationAndItsClickOpensActivity() throws {
        let harness = try Harness()
        let environment = ProcessInfo.processInfo.environment
        guard environment["SWITCHYARD_SESSION"] != nil else {
            throw XCTSkip("needs the test session (display, bus, keyring); run through `make test`")
        }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-notify-\(UUID().uuidString)")
        let configHome = profile.appendingPathComponent("config"), cacheHome = profile.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: configHome, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: cacheHome, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: profile) }
        let log = profile.appendingPathComponent("notifications.jsonl")
        let notifications = try ServerProcess(URL(fileURLWithPath: "/usr/bin/python3"),
                                              [harness.root.appendingPathComponent("Tools/fake-notifications.py").path, log.path])
        defer { notifications.stop() }

        let key = "fixture-notifications-key"
        let server = try ServerProcess(harness.binary.deletingLastPathComponent().appendingPathComponent("switchyard-fixture-server"),
                                       ["--kind", "sonarr", "--fixtures", harness.root.appendingPathComponent("Fixtures").path, "--api-key", key])
        defer { server.stop() }
        let port = try XCTUnwrap(server.port)
        let registry = ServiceRegistry(fileURL: configHome.appendingPathComponent("switchyard/services.json"))
        let keyring = KeyringSecretStore()
        let config = ServiceConfig(kind: .sonarr, displayName: "Fixture Sonarr", localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"),
                                   allowPlainHTTPOnLocal: true)
        try runBlocking { try await registry.upsert(config) }
        try runBlocking { try await keyring.write(Credential(apiKey: key), for: config.credential, kind: .sonarr) }
        defer { try? runBlocking { try await keyring.delete(config.credential) } }

        let app = Process()
        app.executableURL = harness.binary
        var appEnvironment = environment
        appEnvironment["XDG_CONFIG_HOME"] = configHome.path
        appEnvironment["XDG_CACHE_HOME"] = cacheHome.path
        appEnvironment["GNOTIFICATION_BACKEND"] = "freedesktop"
        app.environment = appEnvironment
        app.standardError = FileHandle.nullDevice
        app.standardOutput = FileHandle.nullDevice
        try app.run()
        defer { if app.isRunning { app.terminate() }; app.waitUntilExit() }

        func tree() throws -> String {
            try runTool("/usr/bin/python3", [harness.root.appendingPathComponent("Tools/a11y-dump.py").path, "switchyard", "30",
                                             String(app.processIdentifier)]).output
        }
        func until(_ what: String, _ condition: () throws -> Bool) throws {
            // Looks again every half second until a minute has passed (the deadline only stops a hang).
            for _ in 0..<120 {
                if try condition() { return }
                Thread.sleep(forTimeInterval: 0.5)
            }
            XCTFail("waited for \(what)")
            throw Stop()
        }
        func fixture(_ method: String, _ path: String) throws {
            let (status, text) = try runTool("/usr/bin/python3", ["-c", """
                import sys, urllib.request
                request = urllib.request.Request(sys.argv[2], method=sys.argv[1], headers={"X-Api-Key": sys.argv[3]})
                print(urllib.request.urlopen(request, timeout=30).read().decode())
                """, method, "http://127.0.0.1:\(port)\(path)", key])
            XCTAssertEqual(status, 0, text)
        }
        func sent() throws -> [[String: Any]] {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
        func press(_ combo: String) throws { _ = try runTool("/usr/bin/xdotool", ["key", "--delay", "80", combo]) }

        // The live channel is up (the Overview says so); then Activity is shown and has its rows: the
        // baseline — downloads that were finishing or blocked before are no news.
        try until("the live channel") { try tree().contains(" · live'") }
        let window = try runTool("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^Switchyard$"]).output
            .split(separator: "\n").last.map(String.init) ?? ""
        _ = try runTool("/usr/bin/xdotool", ["windowfocus", "--sync", window])
        try until("Activity shown with its downloads") {
            try press("alt+4")
            let text = try tree()
            return text.contains("[page tab] 'Activity' {visible,selected") && text.contains("Fixture.Release.4.1080p.WEB-DL")
        }
        XCTAssertEqual(try sent().count, 0, "nothing announced at start-up")

        // Fixture.Release.4 (import pending) leaves the queue — imported — and Sonarr's hub says so.
        try fixture("DELETE", "/api/v3/queue/1000004?removeFromClient=false&blocklist=false&skipRedownload=false&changeCategory=false")
        try fixture("GET", "/__push?name=queue&action=sync")
        try until("the notification") { try !sent().isEmpty }
        let notices = try sent()
        XCTAssertEqual(notices.count, 1, "one notification: \(notices)")
        XCTAssertEqual(notices.first?["summary"] as? String, "Download finished")
        XCTAssertEqual(notices.first?["body"] as? String, "Fixture.Release.4.1080p.WEB-DL")
        XCTAssertTrue((notices.first?["actions"] as? [String] ?? []).contains("default"), "clickable")

        // Clicking it (the server's ActionInvoked): the window comes up on Activity.
        try until("the Overview shown") {
            try press("alt+1")
            return try tree().contains("[page tab] 'Overview' {visible,selected")
        }
        let id = try XCTUnwrap(notices.first?["id"] as? Int)
        try "\(id)".write(to: URL(fileURLWithPath: log.path + ".invoke"), atomically: true, encoding: .utf8)
        try until("Activity shown by the click") { try tree().contains("[page tab] 'Activity' {visible,selected") }
        XCTAssertEqual(try sent().count, 1, "no other notification")
    }

    private struct Stop: Error {}
}
