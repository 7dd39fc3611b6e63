import CGtk
@testable import Core
@testable import DesktopApp
import SwitchyardTestSupport
import XCTest

/// The details pane's More menu and the Trackers page's own buttons: what each client offers (and why not), what each
/// sends, and the questions before a rename or a removal.
extension TransferDetailsPaneTests {
    func testTheMoreMenuOffersWhatTheClientCanAndSendsOneAction() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            gtk_init()
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            var asked: [TransferDetailAction] = []
            page.details.onAction = { action, _ in asked.append(action) }
            let bay = InspectionData.transfers[0]
            page.openDetails(key: DownloadsPage.key(bay))
            let group = try XCTUnwrap(page.details.group)
            XCTAssertFalse(group.isEnabled("queue-top"), "no place in the queue read yet: nothing to move")
            page.details.render(InspectionData.transferDetails) // in the queue, in order, first and last pieces not first
            for name in ["queue-top", "queue-up", "queue-down", "queue-bottom", "sequential", "first-last", "rename"] {
                XCTAssertTrue(group.isEnabled(name), name)
            }
            XCTAssertTrue(group.state("sequential"))
            XCTAssertFalse(group.state("first-last"))
            XCTAssertEqual(page.details.moreButton.tooltip, "More actions")
            group.activate("queue-top")
            group.activate("sequential")
            group.activate("first-last")
            XCTAssertEqual(asked, [.moveInQueue(.top), .setSequential(false), .setFirstLastPiecesFirst(true)])
            XCTAssertTrue(group.state("sequential"), "the state stays what the client reported until it is read again")

            // A transfer the client reports no place in the queue for (finished, in qBittorrent): no move.
            var finished = InspectionData.transferDetails
            finished.general?.queuePosition = nil
            page.details.render(finished)
            XCTAssertFalse(group.isEnabled("queue-top"))
            XCTAssertTrue(group.isEnabled("rename"))

            // Rename: its name now, Rename off until it is another possible name.
            page.details.askRename()
            var dialog = try XCTUnwrap(page.details.confirmation)
            let field = try XCTUnwrap(Self.descendants(of: dialog.window.widget, gtk_entry_get_type()).first)
            XCTAssertEqual(Self.text(field), bay.name)
            XCTAssertFalse(dialog.confirmButton.sensitive)
            gtk_editable_set_text(cast(field), "Fixture/Renamed")
            XCTAssertFalse(dialog.confirmButton.sensitive, "a slash is not a name")
            gtk_editable_set_text(cast(field), "Fixture Renamed")
            XCTAssertTrue(dialog.confirmButton.sensitive)
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked.last, .rename("Fixture Renamed"))

            // rTorrent: none of them, and the button says so.
            page.details.show(bay, clientName: "rTorrent", kind: .rtorrent)
            for name in ["queue-top", "sequential", "first-last", "rename"] { XCTAssertFalse(group.isEnabled(name), name) }
            XCTAssertFalse(page.details.moreButton.sensitive)
            XCTAssertEqual(page.details.moreButton.tooltip, "More actions (rTorrent cannot: Move to Top of Queue, Move Up in Queue, "
                           + "Move Down in Queue, Move to Bottom of Queue, Download in Order, First and Last Pieces First, Rename)")
            // Transmission: no piece order (3.00), the rest; its rename says it renames on disk.
            page.details.show(bay, clientName: "Transmission", kind: .transmission)
            XCTAssertTrue(page.details.moreButton.sensitive)
            XCTAssertEqual(page.details.moreButton.tooltip, "More actions (Transmission cannot: Download in Order, First and Last Pieces First)")
            page.details.askRename()
            dialog = try XCTUnwrap(page.details.confirmation)
            let labels = Self.descendants(of: dialog.window.widget, gtk_label_get_type()).compactMap { gtk_label_get_text(cast($0)).map { String(cString: $0) } }
            XCTAssertTrue(labels.contains { $0.contains("renames the transfer's file or folder on disk too") }, "\(labels)")
            dialog.answer(confirmed: false)
            XCTAssertEqual(asked.count, 4, "cancelled: nothing more")
        }
    }

    func testTheTrackersPageAddsEditsAndRemovesThePickedTrackers() throws {
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
            XCTAssertFalse(page.details.addTrackersButton.visible, "only on the Trackers page")
            page.details.visiblePart = .trackers
            XCTAssertTrue(page.details.addTrackersButton.visible)
            XCTAssertTrue(page.details.addTrackersButton.sensitive)
            XCTAssertFalse(page.details.editTrackerButton.sensitive, "none picked")
            XCTAssertFalse(page.details.removeTrackersButton.sensitive)
            let keys = page.details.trackers.list.keys
            XCTAssertEqual(keys.count, 2)
            page.details.trackers.list.select(keys: Set(keys))
            XCTAssertFalse(page.details.editTrackerButton.sensitive, "two picked: edit takes one")
            XCTAssertTrue(page.details.removeTrackersButton.sensitive)
            let urls = page.details.pickedTrackers
            XCTAssertEqual(urls.count, 2)

            // Remove: asked first, Cancel the default.
            page.details.confirmRemoveTrackers()
            var dialog = try XCTUnwrap(page.details.confirmation)
            dialog.answer(confirmed: false)
            XCTAssertEqual(asked, [])
            page.details.confirmRemoveTrackers()
            dialog = try XCTUnwrap(page.details.confirmation)
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked, [.removeTrackers(urls)])

            // Edit the one picked.
            page.details.trackers.list.select(keys: [keys[0]])
            XCTAssertTrue(page.details.editTrackerButton.sensitive)
            page.details.askEditTracker()
            dialog = try XCTUnwrap(page.details.confirmation)
            let field = try XCTUnwrap(Self.descendants(of: dialog.window.widget, gtk_entry_get_type()).first)
            XCTAssertFalse(dialog.confirmButton.sensitive, "the same address")
            gtk_editable_set_text(cast(field), "tracker.fixture.invalid")
            XCTAssertFalse(dialog.confirmButton.sensitive, "not an address")
            gtk_editable_set_text(cast(field), "https://tracker9.fixture.invalid/announce")
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked.last, .replaceTracker(page.details.pickedTrackers[0], with: "https://tracker9.fixture.invalid/announce"))

            // Add: one per line; a line that is not an address keeps Add off.
            page.details.askAddTrackers(prefill: "udp://a.fixture.invalid:1/announce\nnot-an-address")
            dialog = try XCTUnwrap(page.details.confirmation)
            XCTAssertFalse(dialog.confirmButton.sensitive)
            dialog.answer(confirmed: false)
            page.details.askAddTrackers(prefill: "udp://a.fixture.invalid:1/announce\n\nhttp://b.fixture.invalid/announce\nudp://a.fixture.invalid:1/announce")
            dialog = try XCTUnwrap(page.details.confirmation)
            XCTAssertTrue(dialog.confirmButton.sensitive)
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked.last, .addTrackers(["udp://a.fixture.invalid:1/announce", "http://b.fixture.invalid/announce"]), "repeats dropped")

            // rTorrent adds, and cannot edit or remove: greyed out, saying so.
            page.details.show(bay, clientName: "rTorrent", kind: .rtorrent)
            XCTAssertTrue(page.details.addTrackersButton.sensitive)
            XCTAssertFalse(page.details.removeTrackersButton.sensitive)
            XCTAssertEqual(page.details.removeTrackersButton.tooltip, "rTorrent cannot do this through its API")
        }
    }
}
