import CGtk
@testable import Core
@testable import DesktopApp
import SwitchyardTestSupport
import XCTest

/// The Files page's Rename File…: on for exactly one file picked where the client renames files, a form starting from
/// the file's name, one action naming the file by index and path; off with the reason elsewhere.
extension TransferDetailsPaneTests {
    func testRenameFileTakesOneFilePickedAndSendsItsIndexAndPath() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            gtk_init()
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            var asked: [TransferDetailAction] = []
            page.details.onAction = { action, _ in asked.append(action) }
            let bay = InspectionData.transfers[0]
            page.openDetails(key: DownloadsPage.key(bay))
            page.details.render(InspectionData.transferDetails)
            page.details.visiblePart = .files
            let button = page.details.renameFileButton
            XCTAssertTrue(button.visible, "shown on the Files page")
            XCTAssertFalse(button.sensitive, "nothing picked")
            XCTAssertEqual(button.tooltip, "Rename a file (pick one file first)")

            let root = "d:Placeholder.Bay.S02E02.1080p.WEB-DL"
            page.details.files.list.select(keys: [root])
            XCTAssertFalse(button.sensitive, "a folder is not a file")
            page.details.files.list.select(keys: ["1", "2"])
            XCTAssertFalse(button.sensitive, "two files")
            page.details.files.list.select(keys: ["2"])
            XCTAssertTrue(button.sensitive)
            XCTAssertEqual(button.tooltip, "Rename the file picked, on disk")

            page.details.askRenameFile()
            let dialog = try XCTUnwrap(page.details.confirmation)
            let field = try XCTUnwrap(Self.descendants(of: dialog.window.widget, gtk_entry_get_type()).first)
            XCTAssertEqual(Self.text(field), "English.srt")
            XCTAssertFalse(dialog.confirmButton.sensitive, "the name it has")
            // Enter in the field: its "activate" (what Return in its text sends on).
            func pressEnter() {
                var value = GValue()
                g_value_init(&value, gtk_entry_get_type())
                g_value_set_object(&value, UnsafeMutableRawPointer(field))
                g_signal_emitv(&value, g_signal_lookup("activate", gtk_entry_get_type()), 0, nil)
                g_value_unset(&value)
            }
            pressEnter()
            XCTAssertNotNil(page.details.confirmation, "Enter with the name unchanged does nothing")
            XCTAssertTrue(asked.isEmpty)
            gtk_editable_set_text(cast(field), "Subs/English.srt")
            XCTAssertFalse(dialog.confirmButton.sensitive, "a slash is not a name")
            gtk_editable_set_text(cast(field), "English (SDH).srt")
            XCTAssertTrue(dialog.confirmButton.sensitive)
            pressEnter() // renames, as the button does
            XCTAssertNil(page.details.confirmation)
            XCTAssertEqual(asked, [.renameFile(index: 2, path: "Placeholder.Bay.S02E02.1080p.WEB-DL/Subs/English.srt", name: "English (SDH).srt")])

            // rTorrent renames no file: off, and it says so.
            page.details.show(bay, clientName: "rTorrent", kind: .rtorrent)
            page.details.render(InspectionData.transferDetails)
            page.details.files.list.select(keys: ["2"])
            XCTAssertFalse(button.sensitive)
            XCTAssertEqual(button.tooltip, "rTorrent cannot do this through its API")
            page.details.visiblePart = .general
            XCTAssertFalse(button.visible, "only on the Files page")
        }
    }
}
