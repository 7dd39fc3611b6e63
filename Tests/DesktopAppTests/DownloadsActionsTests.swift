import CGtk
import Core
@testable import DesktopApp
import SwitchyardTestSupport
import XCTest

/// The Downloads page's actions in the real widgets: what is enabled for a selection and why
/// not, that an action names exactly the transfers picked (of the client holding each row),
/// that destructive ones ask first with Cancel as the default, and what the message says after.
final class DownloadsActionsTests: XCTestCase {
    private static let qbit = ServiceRef(id: UUID(), name: "Fixture qBittorrent", kind: .qbittorrent)
    private static let deluge = ServiceRef(id: UUID(), name: "Fixture Deluge", kind: .deluge)
    private static let nzbget = ServiceRef(id: UUID(), name: "Fixture NZBGet", kind: .nzbget)

    private static func item(_ service: ServiceRef, _ key: String, _ state: TransferItem.State, history: Bool = false) -> TransferItem {
        TransferItem(serviceID: service.id, joinKey: key, name: "Fixture.\(key)", state: state, rawState: "x", progress: 0.5,
                     sizeBytes: 1000, remainingBytes: 500, actionID: service == nzbget ? "4\(key.count)" : nil, inHistory: history)
    }

    private static func content(_ items: [TransferItem]) -> FeatureState<DownloadsContent> { downloadsContent([qbit, deluge, nzbget], items) }

    func testActionsNameThePickedTransfersAndDestructiveOnesAskFirst() throws {
        try requireTestSession()
        let (qbit, deluge, nzbget) = (Self.qbit, Self.deluge, Self.nzbget)
        func item(_ service: ServiceRef, _ key: String, _ state: TransferItem.State, history: Bool = false) -> TransferItem {
            Self.item(service, key, state, history: history)
        }
        func content(_ items: [TransferItem]) -> FeatureState<DownloadsContent> { Self.content(items) }
        try MainActor.assumeIsolated {
            gtk_init()
            MainLoop.installDispatchBridge()
            let running = item(qbit, "aaaa", .downloading), paused = item(qbit, "bbbb", .paused)
            let delugeItem = item(deluge, "aaaa", .downloading) // the same torrent in a second client
            let queued = item(nzbget, "drone-1", .queued), finished = item(nzbget, "drone-22", .completed, history: true)
            let all = [running, paused, delugeItem, queued, finished]
            let page = DownloadsPage(clock: .inspection)
            let window = Window()
            window.setChild(page.page)
            window.present()
            defer { window.destroy() }
            page.render(content(all))
            let deadline = Date().addingTimeInterval(10)
            while page.shownRowCount < all.count, Date() < deadline { g_main_context_iteration(nil, 0) }
            XCTAssertEqual(page.shownRowCount, all.count)
            var sent: [(TransferAction, [TransferItem])] = []
            page.actions.onAction = { sent.append(($0, $1)) }
            let actions = page.actions

            // Nothing picked: nothing to do, and the buttons say so.
            for action in TransferAction.allCases { XCTAssertFalse(actions.isEnabled(action), "\(action)") }
            XCTAssertEqual(actions.tooltip(.pause), "Pause (select transfers first)")
            actions.request(.pause)
            XCTAssertTrue(sent.isEmpty, "an action with nothing picked sends nothing")

            // One torrent in qBittorrent and the same torrent in Deluge: each goes to the client of its row.
            page.select(keys: [DownloadsPage.key(running), DownloadsPage.key(delugeItem)])
            XCTAssertEqual(Set(page.selectedItems.map(\.serviceID)), [qbit.id, deluge.id])
            XCTAssertTrue(actions.isEnabled(.pause))
            XCTAssertTrue(actions.isEnabled(.forceStart), "qBittorrent can force-start its row")
            actions.request(.pause)
            XCTAssertEqual(sent.count, 1)
            XCTAssertEqual(sent.last?.0, .pause)
            XCTAssertEqual(Set(sent.last?.1.map(DownloadsPage.key) ?? []), [DownloadsPage.key(running), DownloadsPage.key(delugeItem)])
            XCTAssertEqual(actions.pending.count, 2, "both rows show the pause as pending")

            // A refresh that changes a row re-sorts the list: the picked rows stay picked.
            var changed = all
            changed[0].downloadSpeed = 123_456
            changed[2].progress = 0.75
            page.render(content(changed))
            XCTAssertEqual(Set(page.selectedItems.map(DownloadsPage.key)), [DownloadsPage.key(running), DownloadsPage.key(delugeItem)],
                           "the selection survived the refresh")
            page.render(content(all))

            // Shown as each client answers: while Deluge is still answering, its rows stay (and stay picked).
            guard case .content(var partial, _) = content(all) else { return XCTFail("no content") }
            partial.parts.removeAll { $0.service == deluge }
            partial.pending = [deluge]
            page.render(.content(partial, refreshedAt: Date()))
            XCTAssertEqual(page.shownRowCount, all.count, "a client still answering keeps its rows")
            XCTAssertEqual(Set(page.selectedItems.map(DownloadsPage.key)), [DownloadsPage.key(running), DownloadsPage.key(delugeItem)])
            page.render(content(all))

            // Deluge alone cannot force-start: disabled, and the button says why.
            page.select(keys: [DownloadsPage.key(delugeItem)])
            XCTAssertFalse(actions.isEnabled(.forceStart))
            XCTAssertEqual(actions.tooltip(.forceStart), "Force Start: Fixture Deluge cannot force-start transfers")

            // A finished usenet entry: only removal from the history.
            page.select(keys: [DownloadsPage.key(finished)])
            XCTAssertFalse(actions.isEnabled(.pause))
            XCTAssertFalse(actions.isEnabled(.removeWithData))
            XCTAssertTrue(actions.isEnabled(.remove))

            // Destructive: a question first, Cancel sends nothing; confirming sends exactly the picked ones.
            page.select(keys: [DownloadsPage.key(paused), DownloadsPage.key(queued)])
            actions.request(.removeWithData)
            let question = try XCTUnwrap(actions.confirmation)
            XCTAssertEqual(question.window.title, "Remove 2 transfers and delete their files?")
            XCTAssertEqual(sent.count, 1, "nothing is sent before the answer")
            question.answer(confirmed: false)
            XCTAssertNil(actions.confirmation)
            XCTAssertEqual(sent.count, 1, "Cancel sends nothing")
            actions.request(.removeWithData)
            try XCTUnwrap(actions.confirmation).answer(confirmed: true)
            XCTAssertEqual(sent.count, 2)
            XCTAssertEqual(sent.last?.0, .removeWithData)
            XCTAssertEqual(Set(sent.last?.1.map(\.clientID) ?? []), [paused.clientID, queued.clientID])

            // The answer and the read-back: Deluge refused, qBittorrent paused but still reports it downloading.
            let report = ActionReport(action: .pause, parts: [
                ActionReport.Part(service: qbit, itemIDs: [running.clientID], error: nil),
                ActionReport.Part(service: deluge, itemIDs: [delugeItem.clientID], error: .unauthorized),
            ])
            actions.finished(report, readBack: content(all))
            XCTAssertEqual(page.message.text, "Paused 1 transfer in Fixture qBittorrent")
            XCTAssertEqual(page.message.problems.count, 2, "\(page.message.problems)")
            XCTAssertTrue(page.message.problems.contains { $0.hasPrefix("Fixture qBittorrent still reports “Fixture.aaaa” as Downloading") },
                          "\(page.message.problems)")
            XCTAssertTrue(page.message.problems.contains { $0.hasPrefix("Fixture Deluge: ") }, "\(page.message.problems)")
            XCTAssertEqual(actions.pending.filter { $0.value == .pause }.count, 0, "the pause is no longer pending")
        }
    }
}
