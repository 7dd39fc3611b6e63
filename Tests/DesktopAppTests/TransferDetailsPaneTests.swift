import CGtk
@testable import Core
@testable import DesktopApp
import SwitchyardTestSupport
import XCTest

/// The details pane below the Downloads list: it opens on a transfer, follows the one transfer picked, asks to be
/// read when it opens, changes page or closes, and shows what the client answered on each page.
final class TransferDetailsPaneTests: XCTestCase {
    func testThePaneOpensFollowsThePickAndShowsEachPage() throws {
        try requireTestSession()
        MainActor.assumeIsolated {
            gtk_init()
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            for _ in 0..<20 { g_main_context_iteration(nil, 0) }
            var wanted = 0
            page.onDetailsWanted = { wanted += 1 }
            let bay = InspectionData.transfers[0], street = InspectionData.transfers[1], usenet = InspectionData.transfers[2]
            XCTAssertFalse(page.detailsOpen, "closed until asked for")

            page.select(keys: [DownloadsPage.key(bay)])
            XCTAssertEqual(wanted, 0, "picking a row does not open the pane")
            page.openDetails(key: DownloadsPage.key(bay))
            XCTAssertTrue(page.detailsOpen)
            XCTAssertEqual(page.details.item?.id, bay.id)
            XCTAssertEqual(page.details.clientName, "qBittorrent")
            XCTAssertEqual(wanted, 1, "opening asks for a read")
            XCTAssertEqual(page.details.generalValue(.hash), bay.joinKey, "the hash before anything is read")
            XCTAssertEqual(page.details.generalValue(.savePath), "—")

            page.details.render(InspectionData.transferDetails)
            XCTAssertEqual(page.details.generalValue(.savePath), "/srv/downloads/tv")
            XCTAssertEqual(page.details.generalValue(.seeds), "4 connected of 61")
            XCTAssertEqual(page.details.generalValue(.uploadLimit), "Unlimited")
            XCTAssertEqual(page.details.files.list.keys, ["0", "1", "3", "2"], "files in path order: …mkv, …nfo, Sample/, Subs/")
            XCTAssertEqual(page.details.peers.list.keys, ["192.0.2.10:51413", "198.51.100.4:6881", "[2001:db8::7]:40000"])
            XCTAssertEqual(page.details.trackers.list.keys.count, 2)

            // Another page on screen: read it.
            page.details.visiblePart = .peers
            XCTAssertEqual(wanted, 2)
            // A peer left, another's speed changed: the list shows the client's answer.
            var next = InspectionData.transferDetails
            next.peers = Array(next.peers!.dropFirst())
            page.details.render(TransferInspection(peers: next.peers))
            XCTAssertEqual(page.details.peers.list.keys, ["198.51.100.4:6881", "[2001:db8::7]:40000"])
            XCTAssertEqual(page.details.generalValue(.savePath), "/srv/downloads/tv", "a page not read again keeps what it showed")

            // The pane follows the one transfer picked; two picked leave it where it was.
            page.select(keys: [DownloadsPage.key(street)])
            XCTAssertEqual(page.details.item?.id, street.id)
            XCTAssertEqual(wanted, 3)
            XCTAssertEqual(page.details.peers.list.keys, [], "another transfer: nothing of the last one's is left")
            XCTAssertEqual(page.details.generalValue(.savePath), "—")
            page.select(keys: [DownloadsPage.key(bay), DownloadsPage.key(usenet)])
            XCTAssertEqual(page.details.item?.id, street.id)
            XCTAssertEqual(wanted, 3)

            page.details.showError(.unavailable(.connectionRefused))
            page.closeDetails()
            XCTAssertFalse(page.detailsOpen)
            XCTAssertEqual(wanted, 4, "closing tells the controller to stop reading")
        }
    }

    /// The pane's actions: the Priority menu acts on the files picked, Verify asks first, and a client that cannot do
    /// an action has its control insensitive with the reason.
    func testThePanesActionsNameThePickedFilesAndSayWhatAClientCannotDo() throws {
        try requireTestSession()
        MainActor.assumeIsolated {
            gtk_init()
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            for _ in 0..<20 { g_main_context_iteration(nil, 0) }
            // In a window: a button clicks only once it is realized.
            let window = gtk_window_new()!
            gtk_window_set_child(cast(window), page.page.widget)
            gtk_window_set_default_size(cast(window), 1000, 700)
            gtk_window_present(cast(window))
            defer { gtk_window_destroy(cast(window)) }
            var asked: [TransferDetailAction] = []
            page.details.onAction = { action, _ in asked.append(action) }
            let bay = InspectionData.transfers[0]
            page.openDetails(key: DownloadsPage.key(bay))
            page.details.render(InspectionData.transferDetails)
            page.details.visiblePart = .files
            XCTAssertTrue(page.details.priorityButton.visible)
            XCTAssertFalse(page.details.priorityButton.sensitive, "no file picked")
            page.details.files.list.select(keys: ["3", "1"])
            XCTAssertEqual(page.details.pickedFiles, [1, 3])
            XCTAssertTrue(page.details.priorityButton.sensitive)
            gtk_widget_activate_action_variant(page.details.widget.widget, "details.priority-skip", nil)
            XCTAssertEqual(asked, [.setFilePriority(.skip, files: [1, 3])], "the picked files, by the client's index")
            gtk_widget_activate_action_variant(page.details.widget.widget, "details.priority-low", nil)
            XCTAssertEqual(asked.count, 1, "qBittorrent has no low priority: its item is off")

            XCTAssertTrue(page.details.reannounceButton.sensitive, "reannounce offered")
            XCTAssertTrue(iterate(until: { gtk_widget_get_realized(page.details.reannounceButton.widget) != 0 }))
            gtk_widget_activate(page.details.reannounceButton.widget) // a button clicks after a short press
            XCTAssertTrue(iterate(until: { asked.count == 2 }))
            XCTAssertEqual(asked.last, .reannounce)
            gtk_widget_activate(page.details.recheckButton.widget)
            for _ in 0..<50 { g_main_context_iteration(nil, 0) }
            XCTAssertEqual(asked.count, 2, "Verify asks first: nothing sent yet")
            page.details.visiblePart = .general
            XCTAssertFalse(page.details.priorityButton.visible, "the Priority menu is the Files page's")

            // An NZBGet entry: its client has none of these actions.
            let usenet = InspectionData.transfers[2]
            page.select(keys: [DownloadsPage.key(usenet)])
            XCTAssertEqual(page.details.item?.id, usenet.id)
            XCTAssertFalse(page.details.recheckButton.sensitive)
            XCTAssertEqual(page.details.recheckButton.tooltip, "NZBGet cannot do this through its API")
        }
    }
}
