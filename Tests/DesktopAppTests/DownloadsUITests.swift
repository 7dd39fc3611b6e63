import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// The Downloads actions end to end, as a user drives them: the real window under Xvfb, real
/// clicks and keys (Tools/downloads-ui-check.py over AT-SPI and xdotool), the session's real
/// keyring, and two real daemons — qBittorrent and Transmission — holding the same torrent.
final class DownloadsUITests: XCTestCase {
    func testSelectTwoClientsPauseWithSpaceRemoveOneWithItsFiles() throws {
        try requireTestSession(peers: true)
        let qbt = try SoloPeer(.qbittorrent)
        defer { qbt.stop() }
        let transmission = try SoloPeer(.transmission)
        defer { transmission.stop() }
        let seed = try XCTUnwrap(qbt.daemon.seeds?.first)
        XCTAssertEqual(transmission.daemon.seeds?.first?.hash, seed.hash, "both daemons hold the same torrent")
        let (seen, log) = try walk([("Solo qBittorrent", .qbittorrent, qbt), ("Solo Transmission", .transmission, transmission)], seed: seed)

        XCTAssertEqual(seen["tabsAfterHiddenShortcut"] as? [String], seen["tabsBeforeHiddenShortcut"] as? [String],
                       "Alt+3 (no third tab on screen) left the tab on screen")
        XCTAssertEqual((seen["tabsBeforeHiddenShortcut"] as? [String])?.count, 1)
        XCTAssertEqual(seen["rows"] as? [String], ["Solo Transmission", "Solo qBittorrent"].sorted(), "one row per client holding it")
        XCTAssertEqual(seen["selected"] as? [String], ["Solo Transmission", "Solo qBittorrent"].sorted(), "click and Ctrl-click picked both")
        XCTAssertEqual(seen["resumedInDaemons"] as? Bool, true, "Space resumed it in both daemons")
        XCTAssertEqual(seen["pausedInDaemons"] as? Bool, true, "Space paused it in both daemons")
        XCTAssertEqual(seen["confirmButtons"] as? [String], ["Cancel", "Remove and Delete Files"])
        XCTAssertEqual(seen["removedBeforeConfirming"] as? Bool, false, "nothing removed before the answer")
        XCTAssertEqual(seen["fileGone"] as? Bool, true, "the removed torrent's file is gone")
        XCTAssertEqual(seen["otherKept"] as? Bool, true, "the other client kept its copy and its file")
        XCTAssertEqual((seen["rowsAfter"] as? [String])?.count, 1)
        let warnings = log.split(separator: "\n").filter { $0.contains("-CRITICAL") || $0.contains("-WARNING") }
        XCTAssertEqual(warnings, [], "GTK warnings while acting")
    }

    /// rTorrent (behind lighttpd's SCGI mount, as seedboxes run it): click its row, Space resumes the
    /// seed and Space pauses it, each seen in rTorrent's own XML-RPC; Delete asks, Remove drops the
    /// torrent there and its file stays on disk.
    func testPauseResumeAndRemoveKeepingDataOnRTorrent() throws {
        try requireTestSession(peers: true)
        let rtorrent = try SoloPeer(.rtorrent)
        defer { rtorrent.stop() }
        let seed = try XCTUnwrap(rtorrent.daemon.seeds?.first)
        let (seen, log) = try walk([("Solo rTorrent", .rtorrent, rtorrent)], seed: seed)
        XCTAssertEqual(seen["rows"] as? [String], ["Solo rTorrent"])
        XCTAssertEqual(seen["startedPaused"] as? Bool, true)
        XCTAssertEqual(seen["selected"] as? [String], ["Solo rTorrent"])
        XCTAssertEqual(seen["resumedInDaemon"] as? Bool, true, "Space resumed it in rTorrent")
        XCTAssertEqual(seen["pausedInDaemon"] as? Bool, true, "Space paused it in rTorrent")
        XCTAssertEqual(seen["confirmButtons"] as? [String], ["Cancel", "Remove"])
        XCTAssertEqual(seen["removedBeforeConfirming"] as? Bool, false, "nothing removed before the answer")
        XCTAssertEqual(seen["removedInDaemon"] as? Bool, true)
        XCTAssertEqual(seen["fileKept"] as? Bool, true, "removing keeps the downloaded file")
        let warnings = log.split(separator: "\n").filter { $0.contains("-CRITICAL") || $0.contains("-WARNING") }
        XCTAssertEqual(warnings, [], "GTK warnings while acting")
    }

    /// Runs the walk-through (Tools/downloads-ui-check.py) against the real binary with these solo
    /// daemons in a fresh profile (registry and session keyring): what it saw, and the app's log.
    private func walk(_ clients: [(name: String, kind: ServiceKind, solo: SoloPeer)], seed: SoloPeer.Seed) throws -> (seen: [String: Any], log: String) {
        let harness = try Harness()
        let environment = ProcessInfo.processInfo.environment
        // A fresh profile: the services in its registry, their passwords in the session's keyring.
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-downloads-ui-\(UUID().uuidString)")
        let configHome = profile.appendingPathComponent("config"), cacheHome = profile.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: configHome, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: cacheHome, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: profile) }
        let registry = ServiceRegistry(fileURL: configHome.appendingPathComponent("switchyard/services.json"))
        let keyring = KeyringSecretStore()
        var runs: [String: [String: String]] = [:]
        var credentials: [CredentialReference] = []
        for (name, kind, solo) in clients {
            let config = ServiceConfig(kind: kind, displayName: name,
                                       localEndpoint: try Endpoint.parse("http://127.0.0.1:\(solo.daemon.port)"), allowPlainHTTPOnLocal: true)
            try runBlocking { try await registry.upsert(config) }
            try runBlocking {
                try await keyring.write(Credential(username: solo.daemon.username, password: solo.daemon.password),
                                        for: config.credential, kind: kind)
            }
            credentials.append(config.credential)
            runs[name] = ["kind": kind.rawValue, "run": solo.run.path, "data": solo.daemon.data ?? "", "hash": seed.hash]
        }
        defer { for credential in credentials { try? runBlocking { try await keyring.delete(credential) } } }

        let stderrFile = profile.appendingPathComponent("switchyard.stderr")
        FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        let app = Process()
        app.executableURL = harness.binary
        var appEnvironment = environment
        appEnvironment["XDG_CONFIG_HOME"] = configHome.path
        appEnvironment["XDG_CACHE_HOME"] = cacheHome.path
        app.environment = appEnvironment
        app.standardError = try FileHandle(forWritingTo: stderrFile)
        app.standardOutput = app.standardError
        try app.run()
        defer { if app.isRunning { app.terminate() }; app.waitUntilExit() }

        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        driver.arguments = [harness.root.appendingPathComponent("Tools/downloads-ui-check.py").path]
        var driverEnvironment = environment
        driverEnvironment["SY_APP_PID"] = String(app.processIdentifier)
        driverEnvironment["SY_SEED"] = seed.name
        driverEnvironment["SY_RUNS"] = String(decoding: try JSONSerialization.data(withJSONObject: runs), as: UTF8.self)
        driver.environment = driverEnvironment
        let (output, errors) = try runCapturingOutput(driver)
        let seen = (try? JSONSerialization.jsonObject(with: output) as? [String: Any]) ?? [:]
        let log = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
        XCTAssertEqual(driver.terminationStatus, 0, "the walk-through failed: \(String(decoding: errors, as: UTF8.self))\nseen: \(seen)\napp: \(log)")
        return (seen, log)
    }
}
