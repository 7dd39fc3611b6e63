import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// "Keep running with the window closed": Ctrl+W hides the window and the process stays; a download
/// that finishes meanwhile (the fixture Sonarr's hub says so) is still announced; launching
/// Switchyard again brings the window back (the second process hands over and exits); Ctrl+Q ends it.
final class BackgroundModeTests: XCTestCase {
    func testClosedWindowKeepsNotifyingRelaunchPresentsQuitEnds() throws {
        let harness = try Harness()
        let environment = ProcessInfo.processInfo.environment
        guard environment["SWITCHYARD_SESSION"] != nil else {
            throw XCTSkip("needs the test session (display, bus, keyring); run through `make test`")
        }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-background-\(UUID().uuidString)")
        let configHome = profile.appendingPathComponent("config"), cacheHome = profile.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: configHome.appendingPathComponent("switchyard"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: cacheHome, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: profile) }
        try Data(#"{"schemaVersion": 1, "keepRunning": true}"#.utf8).write(to: configHome.appendingPathComponent("switchyard/preferences.json"))
        let log = profile.appendingPathComponent("notifications.jsonl")
        let notifications = try ServerProcess(URL(fileURLWithPath: "/usr/bin/python3"),
                                              [harness.root.appendingPathComponent("Tools/fake-notifications.py").path, log.path])
        defer { notifications.stop() }
        let key = "fixture-background-key"
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

        var appEnvironment = environment
        appEnvironment["XDG_CONFIG_HOME"] = configHome.path
        appEnvironment["XDG_CACHE_HOME"] = cacheHome.path
        appEnvironment["GNOTIFICATION_BACKEND"] = "freedesktop"
        let app = Process()
        app.executableURL = harness.binary
        app.environment = appEnvironment
        app.standardError = FileHandle.nullDevice
        app.standardOutput = FileHandle.nullDevice
        try app.run()
        defer { if app.isRunning { app.terminate() }; app.waitUntilExit() }

        func until(_ what: String, _ condition: () throws -> Bool) throws {
            for _ in 0..<120 {
                if try condition() { return }
                Thread.sleep(forTimeInterval: 0.5) // looks again; the minute is only a deadline against a hang
            }
            XCTFail("waited for \(what)")
            throw Stop()
        }
        func visibleWindow() throws -> String? {
            try runTool("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^Switchyard$"]).output
                .split(separator: "\n").last.map(String.init)
        }
        func press(_ combo: String) throws {
            guard let window = try visibleWindow() else { return }
            _ = try runTool("/usr/bin/xdotool", ["windowfocus", "--sync", window])
            _ = try runTool("/usr/bin/xdotool", ["key", "--delay", "80", combo])
        }
        func fixture(_ method: String, _ path: String) throws -> String {
            let (status, text) = try runTool("/usr/bin/python3", ["-c", """
                import sys, urllib.request
                request = urllib.request.Request(sys.argv[2], method=sys.argv[1], headers={"X-Api-Key": sys.argv[3]})
                print(urllib.request.urlopen(request, timeout=30).read().decode())
                """, method, "http://127.0.0.1:\(port)\(path)", key])
            XCTAssertEqual(status, 0, text)
            return text
        }
        func queueReads() throws -> Int {
            let counts = try JSONSerialization.jsonObject(with: Data(try fixture("GET", "/__requests").utf8)) as? [String: Int]
            return counts?["/api/v3/queue/details"] ?? 0
        }
        func sent() -> [[String: Any]] {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n")
                .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }

        try until("the window") { try visibleWindow() != nil }
        try until("the live channel") {
            try fixture("GET", "/__hub_log").contains("\"live\":1")
        }
        // The baseline: a queue sync makes the app read Sonarr's queue (on any tab).
        let before = try queueReads()
        _ = try fixture("GET", "/__push?name=queue&action=sync")
        try until("the queue read") { try queueReads() > before }

        try press("ctrl+w")
        try until("the window hidden") { try visibleWindow() == nil }
        XCTAssertTrue(app.isRunning, "closing the window kept the app")

        _ = try fixture("DELETE", "/api/v3/queue/1000004?removeFromClient=false&blocklist=false&skipRedownload=false&changeCategory=false")
        _ = try fixture("GET", "/__push?name=queue&action=sync")
        try until("the notification with the window closed") { !sent().isEmpty }
        XCTAssertEqual(sent().first?["summary"] as? String, "Download finished")
        XCTAssertEqual(sent().first?["body"] as? String, "Fixture.Release.4.1080p.WEB-DL")

        let (status, output) = try runTool(harness.binary.path, [], environment: appEnvironment)
        XCTAssertEqual(status, 0, output)
        try until("the window back") { try visibleWindow() != nil }
        XCTAssertTrue(app.isRunning)

        try press("ctrl+q")
        try until("the app to end") { !app.isRunning }
        XCTAssertEqual(sent().count, 1, "no other notification")
    }

    private struct Stop: Error {}
}
