import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// The details pane end to end, as a user drives it: the real window under Xvfb, real clicks and keys and AT-SPI
/// actions (Tools/details-ui-check.py), the session's real keyring, and two real daemons — qBittorrent and
/// Transmission — holding the same torrent, a folder of three files. What each daemon did is read with its own API.
final class TransferDetailsUITests: XCTestCase {
    func testOpenThePaneSkipTwoFilesMoveLimitLabelVerifyAndReannounceOnTwoRealClients() throws {
        try requireTestSession(peers: true)
        let qbt = try SoloPeer(.qbittorrent, folder: true)
        defer { qbt.stop() }
        let transmission = try SoloPeer(.transmission, folder: true)
        defer { transmission.stop() }
        let seed = try XCTUnwrap(qbt.daemon.seeds?.first)
        XCTAssertEqual(transmission.daemon.seeds?.first?.hash, seed.hash, "both daemons hold the same torrent")
        var runs: [String: [String: String]] = [:]
        var services: [(config: ServiceConfig, credential: Credential)] = []
        for (name, kind, solo) in [("Solo qBittorrent", ServiceKind.qbittorrent, qbt), ("Solo Transmission", .transmission, transmission)] {
            let config = ServiceConfig(kind: kind, displayName: name,
                                       localEndpoint: try Endpoint.parse("http://127.0.0.1:\(solo.daemon.port)"), allowPlainHTTPOnLocal: true)
            services.append((config, Credential(username: solo.daemon.username, password: solo.daemon.password)))
            runs[name] = ["kind": kind.rawValue, "run": solo.run.path, "data": solo.daemon.data ?? "", "hash": seed.hash,
                          "moveTo": solo.run.appendingPathComponent("moved").path]
        }
        let walk = try WalkThrough("Tools/details-ui-check.py", services: services, driverEnvironment: [
            "SY_SEED": seed.name, "SY_FILES": #"["01 opening.bin", "02 middle.bin", "03 closing.bin"]"#, "SY_RUNS": String(decoding: try JSONSerialization.data(withJSONObject: runs), as: UTF8.self)])
        for name in runs.keys.sorted() {
            let seen = try XCTUnwrap(walk.seen[name] as? [String: Any], "\(name): \(walk.seen)")
            XCTAssertEqual(seen["heading"] as? String, seed.name, "\(name): Enter opened the pane on its transfer")
            XCTAssertEqual(seen["skippedInDaemon"] as? [Int], [0, 1], "\(name): Priority → Do Not Download skipped the two files picked, not the third")
            XCTAssertEqual(seen["thirdLeftUnpicked"] as? Bool, true)
            XCTAssertEqual(seen["moveButtons"] as? [String], ["Cancel", "Move"])
            XCTAssertEqual(seen["moveOffBeforeTyping"] as? Bool, true, "\(name): Move is off until the folder changes")
            XCTAssertEqual(seen["movedInDaemon"] as? Bool, true, "\(name): the daemon reports the new folder")
            XCTAssertEqual(seen["fileMoved"] as? Bool, true, "\(name): the file is in the new folder")
            XCTAssertEqual(seen["limitedInDaemon"] as? Bool, true, "\(name): the daemon reports the upload limit on that transfer")
            XCTAssertEqual(seen["verifyButtons"] as? [String], ["Cancel", "Verify"], "\(name): Verify asks first")
            XCTAssertEqual(seen["reannounceSaid"] as? Bool, true)
            XCTAssertEqual(seen["closedByEscape"] as? Bool, true)
        }
        XCTAssertEqual((walk.seen["Solo Transmission"] as? [String: Any])?["labelledInDaemon"] as? Bool, true, "typed labels, read back")
        XCTAssertEqual((walk.seen["Solo Transmission"] as? [String: Any])?["renamedInDaemon"] as? Bool, true, "More → Rename…, read back")
        XCTAssertEqual((walk.seen["Solo qBittorrent"] as? [String: Any])?["inOrderInDaemon"] as? Bool, true, "More → Download in Order, read back")
        XCTAssertEqual((walk.seen["Solo qBittorrent"] as? [String: Any])?["categoryShown"] as? String, "fixture-tv",
                       "the category form opens on the one it is in")
        XCTAssertEqual(walk.warnings, [], "GTK warnings while acting")
    }
}
