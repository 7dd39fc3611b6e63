@testable import Core
import Foundation
import XCTest

/// A file rename is checked before anything is sent: one name (no folder in it, not "." or "..", not the one it has) for
/// a file the client has; the torrent clients that rename files take it, the others say they cannot.
final class FileRenameTests: XCTestCase {
    func testAFileRenameKeepsTheFoldersAndRefusesWhatCannotBeAName() throws {
        let rename = try TransferDetailAction.renameFile(index: 3, path: "Show/Sub/a.mkv", name: "b.mkv").checkedFileRename()
        XCTAssertEqual(rename.index, 3)
        XCTAssertEqual(rename.path, "Show/Sub/a.mkv")
        XCTAssertEqual(rename.newPath, "Show/Sub/b.mkv")
        XCTAssertEqual(try TransferDetailAction.renameFile(index: 0, path: "single.bin", name: "one.bin").checkedFileRename().newPath, "one.bin")
        for (index, path, name) in [(0, "Show/a.mkv", "x/b.mkv"), (0, "Show/a.mkv", ""), (0, "Show/a.mkv", ".."), (0, "Show/a.mkv", "a.mkv"),
                                    (-1, "Show/a.mkv", "b.mkv"), (0, "", "b.mkv"), (0, "Show/", "b.mkv"), (0, "Show/a.mkv", "b\u{7}.mkv")] {
            XCTAssertThrowsError(try TransferDetailAction.renameFile(index: index, path: path, name: name).checkedFileRename(), "\(path) → \(name)") {
                XCTAssertEqual($0 as? ServiceError, .invalidRequest(.badName))
            }
        }
    }

    func testWhichClientsRenameFiles() {
        let action = TransferDetailAction.renameFile(index: 0, path: "a", name: "b")
        for kind in [ServiceKind.qbittorrent, .transmission, .deluge] { XCTAssertEqual(kind.availability(of: action), .available, "\(kind)") }
        for kind in [ServiceKind.rtorrent, .sabnzbd, .nzbget] { XCTAssertEqual(kind.availability(of: action), .unsupported, "\(kind)") }
    }
}
