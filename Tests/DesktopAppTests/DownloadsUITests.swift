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

    /// Runs Tools/downloads-ui-check.py with these solo daemons configured (their passwords in the keyring).
    private func walk(_ clients: [(name: String, kind: ServiceKind, solo: SoloPeer)], seed: SoloPeer.Seed) throws -> (seen: [String: Any], log: String) {
        var runs: [String: [String: String]] = [:]
        var services: [(config: ServiceConfig, credential: Credential)] = []
        for (name, kind, solo) in clients {
            let config = ServiceConfig(kind: kind, displayName: name,
                                       localEndpoint: try Endpoint.parse("http://127.0.0.1:\(solo.daemon.port)"), allowPlainHTTPOnLocal: true)
            services.append((config, Credential(username: solo.daemon.username, password: solo.daemon.password)))
            runs[name] = ["kind": kind.rawValue, "run": solo.run.path, "data": solo.daemon.data ?? "", "hash": seed.hash]
        }
        let walk = try WalkThrough("Tools/downloads-ui-check.py", services: services, driverEnvironment: [
            "SY_SEED": seed.name, "SY_RUNS": String(decoding: try JSONSerialization.data(withJSONObject: runs), as: UTF8.self)])
        return (walk.seen, walk.log)
    }
}
