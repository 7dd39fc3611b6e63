import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// One real Switchyard for the notification tests: a private profile (services, preferences,
/// keyring entries), a fake notification server on the test session's bus
/// (Tools/fake-notifications.py) that records every notification, the fixture Sonarr with its hub,
/// any other services a test adds, and the app itself with GLib's backend for that server
/// (freedesktop, or GNOME Shell's org.gtk.Notifications).
/// Then what the tests do with it: read the accessibility tree, press keys, drive the fixture, read
/// and click notifications, and wait for each of those to show — by looking again, never by sleeping
/// for a fixed time.
final class NotificationRig {
    let harness: Harness
    let key = "fixture-notifications-key"
    let port: Int
    /// The app's environment (a relaunch uses the same).
    let environment: [String: String]
    let app = Process()
    private let profile: URL
    private let log: URL
    private let server: ServerProcess
    private let notifications: ServerProcess
    private let keyring = KeyringSecretStore()
    private var credentials: [ServiceConfig] = []

    /// The notification service the app talks to, through GLib's backend for it.
    enum Backend: String {
        /// org.freedesktop.Notifications: any freedesktop notification server.
        case freedesktop
        /// org.gtk.Notifications: GNOME Shell's.
        case gtk
    }

    /// `preferences`: the preferences file's text; `services`: more services (each with its secret)
    /// beside the fixture Sonarr, given the fixture's port; `environment`: more of the app's environment.
    init(backend: Backend = .freedesktop, preferences: String? = nil, environment extra: [String: String] = [:],
         services: (Int) throws -> [(ServiceConfig, Credential)] = { _ in [] }) throws {
        harness = try Harness()
        var environment = ProcessInfo.processInfo.environment
        try requireTestSession()
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-notify-\(UUID().uuidString)")
        let configHome = profile.appendingPathComponent("config"), cacheHome = profile.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: configHome.appendingPathComponent("switchyard"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: cacheHome, withIntermediateDirectories: true)
        if let preferences {
            try Data(preferences.utf8).write(to: configHome.appendingPathComponent("switchyard/preferences.json"))
        }
        log = profile.appendingPathComponent("notifications.jsonl")
        notifications = try ServerProcess(URL(fileURLWithPath: "/usr/bin/python3"),
                                          [harness.root.appendingPathComponent("Tools/fake-notifications.py").path, log.path]
                                            + (backend == .gtk ? ["--gtk"] : []))
        server = try ServerProcess(harness.binary.deletingLastPathComponent().appendingPathComponent("switchyard-fixture-server"),
                                   ["--kind", "sonarr", "--fixtures", harness.root.appendingPathComponent("Fixtures").path, "--api-key", key])
        port = try XCTUnwrap(server.port)

        let registry = ServiceRegistry(fileURL: configHome.appendingPathComponent("switchyard/services.json"))
        let sonarr = ServiceConfig(kind: .sonarr, displayName: "Fixture Sonarr", localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"),
                                   allowPlainHTTPOnLocal: true)
        for (config, secret) in [(sonarr, Credential(apiKey: key))] + (try services(port)) {
            try waitFor { try await registry.upsert(config) }
            try waitFor { [keyring] in try await keyring.write(secret, for: config.credential, kind: config.kind) }
            credentials.append(config)
        }

        environment["XDG_CONFIG_HOME"] = configHome.path
        environment["XDG_CACHE_HOME"] = cacheHome.path
        environment["GNOTIFICATION_BACKEND"] = backend.rawValue
        environment.merge(extra) { $1 }
        self.environment = environment
        app.executableURL = harness.binary
        app.environment = environment
        app.standardError = FileHandle.nullDevice
        app.standardOutput = FileHandle.nullDevice
        try app.run()
    }

    func stop() {
        if app.isRunning { app.terminate() }
        app.waitUntilExit()
        server.stop()
        notifications.stop()
        for config in credentials { try? waitFor { [keyring] in try await keyring.delete(config.credential) } }
        try? FileManager.default.removeItem(at: profile)
    }

    // MARK: Looking

    /// The app's accessibility tree, one node per line.
    func tree() throws -> String {
        try runTool("/usr/bin/python3", [harness.root.appendingPathComponent("Tools/a11y-dump.py").path, "switchyard", "30",
                                         String(app.processIdentifier)]).output
    }

    /// The texts inside each selected row (list item or table row) of a tree.
    static func selectedRows(in tree: String) -> [String] {
        var rows: [String] = [], current: (indent: Int, text: [String])?
        for line in tree.split(separator: "\n") {
            let indent = line.prefix { $0 == " " }.count
            if let row = current, indent <= row.indent {
                rows.append(row.text.joined(separator: " | "))
                current = nil
            }
            if current != nil {
                if let start = line.firstIndex(of: "'"), let end = line.lastIndex(of: "'"), start < end {
                    current?.text.append(String(line[line.index(after: start)..<end]))
                }
            } else if line.contains("[list item]") || line.contains("[table row]"), line.contains("selected") {
                current = (indent, [])
            }
        }
        if let row = current { rows.append(row.text.joined(separator: " | ")) }
        return rows
    }

    /// Looks again every half second until `condition` holds; the deadline only stops a hang.
    func until(_ what: String, seconds: Double = 60, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return }
            Thread.sleep(forTimeInterval: 0.5)
        }
        XCTFail("waited for \(what)")
        throw Stop()
    }

    struct Stop: Error {}

    /// The X window of Switchyard's main window, while it is shown.
    func visibleWindow() throws -> String? {
        try runTool("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^Switchyard$"]).output
            .split(separator: "\n").last.map(String.init)
    }

    /// Gives the shown window the keyboard and presses `combo` there.
    func press(_ combo: String) throws {
        guard let window = try visibleWindow() else { return }
        _ = try runTool("/usr/bin/xdotool", ["windowfocus", "--sync", window])
        _ = try runTool("/usr/bin/xdotool", ["key", "--delay", "80", combo])
    }

    /// Presses Alt+`number` until the tab `name` is the one shown.
    func showTab(_ number: Int, _ name: String) throws {
        try until("the \(name) tab") {
            try press("alt+\(number)")
            return try tree().contains("[page tab] '\(name)' {visible,selected")
        }
    }

    // MARK: The fixture Sonarr

    @discardableResult
    func fixture(_ method: String, _ path: String, port other: Int? = nil, key otherKey: String? = nil) throws -> String {
        let (status, text) = try runTool("/usr/bin/python3", ["-c", """
            import sys, urllib.request
            request = urllib.request.Request(sys.argv[2], method=sys.argv[1], headers={"X-Api-Key": sys.argv[3]})
            print(urllib.request.urlopen(request, timeout=30).read().decode())
            """, method, "http://127.0.0.1:\(other ?? port)\(path)", otherKey ?? key])
        XCTAssertEqual(status, 0, text)
        return text
    }

    /// A queue record leaves Sonarr's queue (imported, or removed elsewhere).
    func removeQueueRecord(_ id: Int) throws {
        try fixture("DELETE", "/api/v3/queue/\(id)?removeFromClient=false&blocklist=false&skipRedownload=false&changeCategory=false")
    }

    /// Sonarr's hub says its queue changed.
    func pushQueueSync() throws { try fixture("GET", "/__push?name=queue&action=sync") }

    /// How often the app has read Sonarr's queue.
    func queueReads() throws -> Int {
        let counts = try JSONSerialization.jsonObject(with: Data(try fixture("GET", "/__requests").utf8)) as? [String: Int]
        return counts?["/api/v3/queue/details"] ?? 0
    }

    // MARK: Notifications

    /// Every notification sent so far, as the server recorded it (id, summary, body, actions, hints).
    func sent() -> [[String: Any]] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// Clicks a notification (the server emits ActionInvoked for its default action), or one of its buttons.
    func click(_ notice: [String: Any], button action: String = "default") throws {
        let id = try XCTUnwrap(notice["id"] as? Int)
        try "\(id) \(action)".write(to: URL(fileURLWithPath: log.path + ".invoke"), atomically: true, encoding: .utf8)
    }
}
