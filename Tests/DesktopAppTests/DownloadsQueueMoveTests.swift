import CGtk
import Core
@testable import DesktopApp
import SwitchyardTestSupport
import XCTest

/// The list's queue moves in the real widgets: the toolbar's Queue menu and the context menu act on the picked
/// transfers that have a place in their client's queue, name exactly those, leave the others out with the reason,
/// and the message after says what each client did.
final class DownloadsQueueMoveTests: XCTestCase {
    private static let qbit = ServiceRef(id: UUID(), name: "Fixture qBittorrent", kind: .qbittorrent)
    private static let rtorrent = ServiceRef(id: UUID(), name: "Fixture rTorrent", kind: .rtorrent)
    private static let nzbget = ServiceRef(id: UUID(), name: "Fixture NZBGet", kind: .nzbget)

    private static func item(_ service: ServiceRef, _ key: String, progress: Double = 0.5, history: Bool = false) -> TransferItem {
        TransferItem(serviceID: service.id, joinKey: key, name: "Fixture.\(key)", state: history ? .completed : .downloading, rawState: "x",
                     progress: progress, sizeBytes: 1000, remainingBytes: Int64(1000 * (1 - progress)),
                     actionID: service == nzbget ? "4\(key.count)" : nil, inHistory: history)
    }

    private static func content(_ items: [TransferItem]) -> FeatureState<DownloadsContent> { downloadsContent([qbit, rtorrent, nzbget], items) }

    func testQueueMovesNameThePickedTransfersThatHaveAPlaceAndSayWhyTheOthersHaveNone() throws {
        try requireTestSession()
        let (qbit, rtorrent, nzbget) = (Self.qbit, Self.rtorrent, Self.nzbget)
        try MainActor.assumeIsolated {
            gtk_init()
            MainLoop.installDispatchBridge()
            let first = Self.item(qbit, "aaaa"), second = Self.item(qbit, "bbbb"), seeding = Self.item(qbit, "cccc", progress: 1)
            let seedbox = Self.item(rtorrent, "dddd"), job = Self.item(nzbget, "drone-1"), done = Self.item(nzbget, "drone-22", history: true)
            let all = [first, second, seeding, seedbox, job, done]
            let page = DownloadsPage(clock: .inspection)
            let window = Window()
            window.setChild(page.page)
            window.present()
            defer { window.destroy() }
            page.render(Self.content(all))
            let deadline = Date().addingTimeInterval(10)
            while page.shownRowCount < all.count, Date() < deadline { g_main_context_iteration(nil, 0) }
            XCTAssertEqual(page.shownRowCount, all.count)
            var sent: [(TransferAction, [TransferItem])] = []
            page.actions.onAction = { sent.append(($0, $1)) }
            let actions = page.actions

            XCTAssertFalse(actions.queueButton.sensitive, "nothing picked")
            XCTAssertEqual(actions.queueButton.tooltip, "Move in Queue (select transfers first)")

            // Two waiting in qBittorrent, one in rTorrent (no queue) and a queued NZBGet job: one move, each client its own.
            page.select(keys: Set([first, second, seedbox, job].map(DownloadsPage.key)))
            for action in DownloadsActions.queueMoves { XCTAssertTrue(actions.isEnabled(action), "\(action)") }
            XCTAssertTrue(actions.queueButton.sensitive)
            actions.request(.queueTop)
            XCTAssertEqual(sent.count, 1, "no question: a move is not destructive")
            XCTAssertEqual(sent.last?.0, .queueTop)
            XCTAssertEqual(Set(sent.last?.1.map(DownloadsPage.key) ?? []), Set([first, second, job].map(DownloadsPage.key)),
                           "rTorrent's transfer is left out")
            XCTAssertEqual(actions.pending.filter { $0.value == .queueTop }.count, 3)

            let report = ActionReport(action: .queueTop, parts: [
                ActionReport.Part(service: qbit, itemIDs: [first.clientID, second.clientID], error: nil),
                ActionReport.Part(service: nzbget, itemIDs: [job.clientID], error: nil),
            ])
            actions.finished(report, readBack: Self.content(all))
            XCTAssertEqual(page.message.text, "Moved 3 transfers to the top of their queues: 2 in Fixture qBittorrent and 1 in Fixture NZBGet")
            XCTAssertEqual(page.message.problems, ["1 transfer in Fixture rTorrent left out: Fixture rTorrent cannot do that."])
            XCTAssertTrue(actions.pending.isEmpty, "read back: nothing pending")

            // Only transfers without a place: the menu is off and says why, and nothing is sent.
            page.select(keys: Set([seeding, seedbox, done].map(DownloadsPage.key)))
            for action in DownloadsActions.queueMoves { XCTAssertFalse(actions.isEnabled(action), "\(action)") }
            XCTAssertFalse(actions.queueButton.sensitive)
            let tooltip = try XCTUnwrap(actions.queueButton.tooltip)
            XCTAssertTrue(tooltip.hasPrefix("Move in Queue: "), tooltip)
            for reason in ["Fixture qBittorrent queues only transfers still to download", "Fixture rTorrent has no queue to move transfers in",
                           "Finished usenet downloads can only be removed"] {
                XCTAssertTrue(tooltip.contains(reason), tooltip)
            }
            actions.request(.queueBottom)
            XCTAssertEqual(sent.count, 1, "nothing sent")
            XCTAssertTrue(page.message.text?.contains("queues only transfers still to download") ?? false, page.message.text ?? "")
        }
    }

    /// A real X key event on the list: Alt+Home moves the picked transfers (the inspection window has no client behind
    /// it, so the rows stay "Moving in queue…").
    func testAltHomeMovesThePickedTransfersFromTheKeyboard() throws {
        let harness = try Harness()
        try requireTestSession()
        let result = try harness.run(["downloads.selected", "alt+Home", "[label] 'Moving in queue…'"],
                                     executable: URL(fileURLWithPath: "/usr/bin/python3"),
                                     prefix: [harness.root.appendingPathComponent("Tools/keyboard-check.py").path])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").map(String.init), ["after alt+Home: ok"])
    }
}
