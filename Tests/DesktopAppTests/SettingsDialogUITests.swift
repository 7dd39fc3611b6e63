import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// The settings dialog end to end, as a user drives it: the real window under
/// Xvfb, driven over AT-SPI and real X key events (Tools/settings-ui-check.py),
/// the real gnome-keyring of the test session, real libsoup against the fixture
/// Sonarr server and a real qBittorrent daemon on 127.0.0.1.
final class SettingsDialogUITests: XCTestCase {
    /// Distinctive values typed through the dialog: found anywhere on disk, in logs or on screen, they leaked.
    private let canaryKey = "canary5f1e0c9a7b3d4e2f8a6c0b1d77"
    private let wrongPassword = "canary-wrong-9d8c7b6a5f4e"

    func testAddTestSaveEditRemoveThroughTheDialog() throws {
        let harness = try Harness()
        let environment = ProcessInfo.processInfo.environment
        try requireTestSession(peers: true)
        let sonarr = try FixtureSonarr(root: harness.root, binary: harness.binary, key: canaryKey)
        defer { sonarr.stop() }
        let qbt = try SoloQBittorrent(root: harness.root)
        defer { qbt.stop() }

        // A fresh profile: its own config and cache, the session's real keyring.
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-settings-ui-\(UUID().uuidString)")
        let configHome = profile.appendingPathComponent("config"), cacheHome = profile.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: configHome, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: cacheHome, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: profile) }
        let stderrFile = profile.appendingPathComponent("switchyard.stderr")
        FileManager.default.createFile(atPath: stderrFile.path, contents: nil)

        let app = Process()
        app.executableURL = harness.binary
        var appEnvironment = environment
        appEnvironment["XDG_CONFIG_HOME"] = configHome.path
        appEnvironment["XDG_CACHE_HOME"] = cacheHome.path
        appEnvironment["G_MESSAGES_DEBUG"] = "all" // debug logging on: the canary must not appear there either
        app.environment = appEnvironment
        app.standardError = try FileHandle(forWritingTo: stderrFile)
        app.standardOutput = app.standardError
        try app.run()
        defer { if app.isRunning { app.terminate() }; app.waitUntilExit() }

        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        driver.arguments = [harness.root.appendingPathComponent("Tools/settings-ui-check.py").path]
        var driverEnvironment = environment
        driverEnvironment["SY_SONARR_PORT"] = String(sonarr.port)
        driverEnvironment["SY_SONARR_KEY"] = canaryKey
        driverEnvironment["SY_QBT_PORT"] = String(qbt.port)
        driverEnvironment["SY_QBT_USER"] = qbt.username
        driverEnvironment["SY_QBT_PASS"] = qbt.password
        driverEnvironment["SY_WRONG_PASS"] = wrongPassword
        driverEnvironment["SY_CONFIG"] = configHome.appendingPathComponent("switchyard/services.json").path
        driverEnvironment["SY_CACHE"] = cacheHome.appendingPathComponent("switchyard").path
        driverEnvironment["SY_APP_PID"] = String(app.processIdentifier)
        driver.environment = driverEnvironment
        let (output, errors) = try runCapturingOutput(driver)
        let problems = String(decoding: errors, as: UTF8.self)
        let seen = (try? JSONSerialization.jsonObject(with: output) as? [String: Any]) ?? [:]
        XCTAssertEqual(driver.terminationStatus, 0, "the dialog walk-through failed: \(problems)\nseen: \(seen)")

        // What the user saw.
        XCTAssertTrue((seen["SonarrTest"] as? String)?.hasPrefix("Connected to Sonarr 4.0.19.2979 at the local address (127.0.0.1:\(sonarr.port)) in ") == true,
                      "\(seen["SonarrTest"] ?? "no Sonarr test")")
        XCTAssertTrue((seen["qBittorrentTest"] as? String)?.hasPrefix("Connected to qBittorrent") == true, "\(seen)")
        XCTAssertEqual(seen["overviewConnected"] as? Int, 2, "both services connected in Overview (qBittorrent saved with Enter)")
        XCTAssertEqual(seen["escapeReturnedToList"] as? Bool, true)
        XCTAssertEqual(seen["SonarrDialogHoldsSecret"] as? Bool, false, "the typed key is readable over AT-SPI")
        XCTAssertEqual(seen["qBittorrentDialogHoldsSecret"] as? Bool, false, "the typed password is readable over AT-SPI")
        XCTAssertEqual(seen["editFormShowsStoredSecret"] as? Bool, false)
        XCTAssertEqual(seen["wrongTest"] as? String, "Test failed: the service refused this user name and password.")
        XCTAssertTrue((seen["wrongSave"] as? String)?.contains("The stored credentials are unchanged.") == true)
        XCTAssertEqual(seen["qbtPasswordKept"] as? Bool, true, "a refused password replaced the stored one")

        // Removal: keyring items, cache dir and config entry all gone; the window updated.
        XCTAssertGreaterThan(seen["sonarrKeyringItemsBefore"] as? Int ?? 0, 0)
        XCTAssertEqual(seen["sonarrKeyringItemsAfter"] as? Int, 0)
        XCTAssertEqual(seen["sonarrCacheBefore"] as? Bool, true)
        XCTAssertEqual(seen["sonarrCacheAfter"] as? Bool, false)
        XCTAssertEqual(seen["sonarrInConfigAfter"] as? Bool, false)
        XCTAssertEqual(seen["overviewWithoutSonarr"] as? Bool, true)
        XCTAssertEqual(seen["seriesTabShown"] as? Bool, false, "the Series tab stayed after the only Sonarr went")

        // The canaries: nowhere on disk, in the debug log, or in the inspection captures.
        app.terminate()
        app.waitUntilExit()
        let log = try String(contentsOf: stderrFile, encoding: .utf8)
        XCTAssertTrue(log.contains("DEBUG") || log.contains("Debug") || log.contains("-DEBUG"), "debug logging was not on")
        for canary in [canaryKey, wrongPassword, qbt.password] {
            XCTAssertFalse(log.contains(canary), "a secret reached the log")
            for directory in [configHome, cacheHome, harness.root.appendingPathComponent("build/inspection")] {
                XCTAssertEqual(filesContaining(canary, under: directory), [], "a secret reached \(directory.lastPathComponent)")
            }
        }
    }

    private func filesContaining(_ needle: String, under directory: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        let bytes = Data(needle.utf8)
        var hits: [String] = []
        for case let url as URL in walker {
            if let data = try? Data(contentsOf: url), data.range(of: bytes) != nil { hits.append(url.path) }
        }
        return hits
    }
}

/// The fixture Sonarr (`switchyard-fixture-server`) on 127.0.0.1, built next to the app.
private final class FixtureSonarr {
    let port: Int
    private let server: ServerProcess

    init(root: URL, binary: URL, key: String) throws {
        let executable = binary.deletingLastPathComponent().appendingPathComponent("switchyard-fixture-server")
        server = try ServerProcess(executable, ["--kind", "sonarr", "--fixtures", root.appendingPathComponent("Fixtures").path,
                                                "--api-key", key])
        guard let port = server.port else { throw TestServerError.didNotStart("no port in \(server.ports)") }
        self.port = port
    }

    func stop() { server.stop() } // it exits when its stdin closes
}

/// A qBittorrent daemon of its own (Tests/Peers/peers.py solo), so wrong passwords here never touch the shared one.
private struct SoloQBittorrent {
    let port: Int
    let username: String
    let password: String
    private let run: URL
    private let script: URL

    init(root: URL) throws {
        script = root.appendingPathComponent("Tests/Peers/peers.py")
        run = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-solo-\(UUID().uuidString)")
        let (status, text) = try runTool("/usr/bin/python3", [script.path, "solo", "qbittorrent", run.path])
        guard status == 0 else { throw SoloFailure(output: text) }
        struct Daemon: Decodable { let port: Int; let username: String; let password: String }
        struct File: Decodable { let qbittorrent: Daemon }
        let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: run.appendingPathComponent("peers.json")))
        port = file.qbittorrent.port
        username = file.qbittorrent.username
        password = file.qbittorrent.password
    }

    func stop() {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path, "stop", run.path]
        try? process.run()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: run)
    }

    struct SoloFailure: Error { let output: String }
}
