import CGtk
import Core
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// Add Download in the real widgets, at the model level of a drop: files and text given to the
/// dialog as a drop hands them over. Only links and readable files become sources; the clients
/// offered are those that take them; Add sends exactly the sources listed, with the options set.
final class AddDownloadDialogTests: XCTestCase {
    func testDroppedFilesAndTextBecomeSourcesForTheRightClients() throws {
        try requireTestSession()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-add-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let torrent = folder.appendingPathComponent("fixture.torrent"), junk = folder.appendingPathComponent("notes.torrent")
        let nzb = folder.appendingPathComponent("fixture.nzb")
        try Data("d4:infod6:lengthi1e4:name1:x12:piece lengthi16384e6:pieces20:xxxxxxxxxxxxxxxxxxxxee".utf8).write(to: torrent)
        try Data("just some text".utf8).write(to: junk)
        try Data("<?xml version=\"1.0\"?><nzb xmlns=\"http://www.newzbin.com/DTD/2003/nzb\"></nzb>".utf8).write(to: nzb)
        let qbit = ServiceRef(id: UUID(), name: "Fixture qBittorrent", kind: .qbittorrent)
        let deluge = ServiceRef(id: UUID(), name: "Fixture Deluge", kind: .deluge)
        let nzbget = ServiceRef(id: UUID(), name: "Fixture NZBGet", kind: .nzbget)

        try MainActor.assumeIsolated {
            gtk_init()
            let dialog = AddDownloadDialog(over: nil, clients: [.init(service: qbit, family: .torrent), .init(service: nzbget, family: .usenet),
                                                                 .init(service: deluge, family: .torrent)],
                                           preferred: [.torrent: deluge.id])
            defer { dialog.window.destroy() }
            var sent: [([DownloadSource], ServiceRef, AddOptions)] = []
            dialog.onAdd = { sent.append(($0, $1, $2)) }
            XCTAssertFalse(dialog.addButton.sensitive, "nothing to add yet")

            // A file manager's drop: two files, one not a torrent.
            dialog.take(AddCandidates.fromFiles([torrent, junk]))
            XCTAssertEqual(dialog.sources.count, 1)
            XCTAssertEqual(dialog.candidates.count, 2, "the refused one stays listed, with why")
            XCTAssertEqual(dialog.selectedClient, deluge, "torrents: the torrent client used last")
            // Dropped text: a path is refused (never handed to a client that would read it from its disk); a magnet is taken.
            dialog.take(AddCandidates.fromText("/etc/passwd\nmagnet:?xt=urn:btih:a9993e364706816aba3e25717850c26c9cd0d89d&dn=fixture"))
            XCTAssertEqual(dialog.sources.count, 2)
            XCTAssertTrue(dialog.addButton.sensitive)

            dialog.categoryEntry.text = "fixture"
            dialog.pausedCheck.active = true
            dialog.submit() // the Add button
            XCTAssertEqual(sent.count, 1)
            XCTAssertEqual(sent.first?.1, deluge)
            XCTAssertEqual(sent.first?.2, AddOptions(category: "fixture", paused: true))
            XCTAssertEqual(sent.first?.0.map(\.displayName), ["fixture.torrent", "fixture"])
            XCTAssertFalse(dialog.addButton.sensitive, "busy until the answers")
            dialog.showResults([("Added “fixture.torrent” to Fixture Deluge", true), ("Already in Fixture Deluge: “fixture”", false)])
            XCTAssertEqual(dialog.resultTexts.count, 2)
            XCTAssertEqual(dialog.sources, [], "what was sent leaves the list")

            // An NZB dropped as a file:// URI: a usenet client only; with a torrent too, no client fits.
            dialog.take(AddCandidates.fromText(nzb.absoluteString))
            XCTAssertEqual(dialog.selectedClient, nzbget)
            dialog.take(AddCandidates.fromFiles([torrent.deletingLastPathComponent().appendingPathComponent("fixture.torrent")]))
            XCTAssertNil(dialog.selectedClient, "torrents and NZBs are added separately")
            XCTAssertFalse(dialog.addButton.sensitive)
        }
    }
}
