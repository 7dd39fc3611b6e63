import CGtk
import Core
@testable import DesktopApp
import SwitchyardTestSupport
import XCTest

/// The Downloads page with a selection of mixed states and clients, in the real widgets: Space decides
/// on the items it can act on, every message names what was left out, one confirmation at a time (and
/// every confirmation on screen answers), and the filter field narrows the list, the count and what
/// the actions act on — through a refresh.
final class DownloadsFilterTests: XCTestCase {
    private static let qbit = ServiceRef(id: UUID(), name: "Fixture qBittorrent", kind: .qbittorrent)
    private static let deluge = ServiceRef(id: UUID(), name: "Fixture Deluge", kind: .deluge)
    private static let nzbget = ServiceRef(id: UUID(), name: "Fixture NZBGet Box", kind: .nzbget)

    private static func item(_ service: ServiceRef, _ key: String, _ state: TransferItem.State, name: String? = nil,
                             category: String? = nil, history: Bool = false) -> TransferItem {
        TransferItem(serviceID: service.id, joinKey: key, name: name ?? "Fixture.\(key)", state: state, rawState: "x", progress: 0.5,
                     sizeBytes: 1000, remainingBytes: 500, category: category, actionID: service == nzbget ? "4\(key.count)" : nil,
                     inHistory: history)
    }

    private static func content(_ items: [TransferItem]) -> FeatureState<DownloadsContent> { downloadsContent([qbit, deluge, nzbget], items) }

    /// A page in a window, showing `items` (every row in the view).
    @MainActor
    private static func page(_ items: [TransferItem]) throws -> (DownloadsPage, Window) {
        try requireTestSession()
        gtk_init()
        MainLoop.installDispatchBridge()
        let page = DownloadsPage(clock: .inspection)
        let window = Window()
        window.setChild(page.page)
        window.present()
        page.render(Self.content(items))
        XCTAssertTrue(Self.spin(until: page.shownRowCount == items.count), "every row reached the view")
        return (page, window)
    }

    /// Turns the main loop until `condition` holds (the deadline only bounds a failure).
    @MainActor
    private static func spin(until condition: @autoclosure () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while !condition(), Date() < deadline { g_main_context_iteration(nil, 1) }
        return condition()
    }

    func testSpaceDecidesOnWhatItCanActOnAndTheMessageNamesWhatWasLeftOut() throws {
        let (qbit, nzbget) = (Self.qbit, Self.nzbget)
        try MainActor.assumeIsolated {
            let paused = Self.item(qbit, "aaaa", .paused), queuedPaused = Self.item(nzbget, "drone-1", .paused)
            let done = Self.item(nzbget, "drone-22", .completed, history: true)
            let failed = Self.item(nzbget, "drone-333", .error, history: true)
            let (page, window) = try Self.page([paused, queuedPaused, done, failed])
            defer { window.destroy() }
            var sent: [(TransferAction, [TransferItem])] = []
            page.actions.onAction = { sent.append(($0, $1)) }

            // Everything that can be paused or resumed is paused: Space resumes it (the finished entries take neither).
            page.selection.selectAll()
            XCTAssertEqual(page.selectedItems.count, 4)
            page.actions.togglePause()
            XCTAssertEqual(sent.last?.0, .resume, "finished entries do not decide the toggle")
            XCTAssertEqual(Set(sent.last?.1.map(DownloadsPage.key) ?? []), [DownloadsPage.key(paused), DownloadsPage.key(queuedPaused)],
                           "nothing is sent for the finished entries")
            page.actions.finished(ActionReport(action: .resume, parts: [
                ActionReport.Part(service: qbit, itemIDs: [paused.clientID], error: nil),
                ActionReport.Part(service: nzbget, itemIDs: [queuedPaused.clientID], error: nil),
            ]), readBack: Self.content([paused, queuedPaused, done, failed].map { item in
                var item = item
                if !item.isHistoryEntry { item.state = .downloading }
                return item
            }))
            XCTAssertEqual(page.message.text, "Resumed 2 transfers: 1 in Fixture qBittorrent and 1 in Fixture NZBGet Box")
            XCTAssertEqual(page.message.problems,
                           ["2 finished downloads in Fixture NZBGet Box left out: finished usenet downloads can only be removed."])

            // Now they run: Space pauses them, and says again what it left out.
            var running = [paused, queuedPaused].map { item in var item = item; item.state = .downloading; return item }
            running += [done, failed]
            page.render(Self.content(running))
            XCTAssertTrue(Self.spin(until: page.selectedItems.count == 4), "the selection survived the refresh")
            page.actions.togglePause()
            XCTAssertEqual(sent.last?.0, .pause)
            XCTAssertEqual(sent.last?.1.count, 2)
            page.actions.finished(ActionReport(action: .pause, parts: [
                ActionReport.Part(service: nzbget, itemIDs: [queuedPaused.clientID], error: nil),
            ]), readBack: Self.content(running))
            XCTAssertTrue(page.message.problems.contains("2 finished downloads in Fixture NZBGet Box left out: finished usenet downloads can only be removed."),
                          "\(page.message.problems)")

            // Only finished entries picked: nothing is sent, and the message says why.
            page.select(keys: [DownloadsPage.key(done)])
            let before = sent.count
            page.actions.togglePause()
            XCTAssertEqual(sent.count, before)
            XCTAssertEqual(page.message.text, "Finished usenet downloads can only be removed")
        }
    }

    func testOneConfirmationAtATimeAndEveryConfirmationOnScreenAnswers() throws {
        let qbit = Self.qbit
        try MainActor.assumeIsolated {
            let one = Self.item(qbit, "aaaa", .downloading), two = Self.item(qbit, "bbbb", .paused)
            let (page, window) = try Self.page([one, two])
            defer { window.destroy() }
            var sent: [(TransferAction, [TransferItem])] = []
            page.actions.onAction = { sent.append(($0, $1)) }
            page.selection.selectAll()
            let shownBefore = OnScreen.count

            // Remove asked twice (a screen reader's "activate" on the toolbar behind the dialog): one dialog.
            page.actions.request(.remove)
            let first = try XCTUnwrap(page.actions.confirmation)
            page.actions.request(.removeWithData)
            XCTAssertTrue(page.actions.confirmation === first, "the open question is raised, no second one made")
            XCTAssertEqual(OnScreen.count, shownBefore + 1)
            XCTAssertEqual(first.window.title, "Remove 2 transfers?")
            first.answer(confirmed: false)
            XCTAssertNil(page.actions.confirmation)
            XCTAssertEqual(OnScreen.count, shownBefore)
            XCTAssertTrue(sent.isEmpty)

            // Closing the window answers Cancel; then a new question can be asked.
            page.actions.request(.remove)
            try XCTUnwrap(page.actions.confirmation).window.destroy()
            XCTAssertNil(page.actions.confirmation)
            XCTAssertTrue(sent.isEmpty, "closing is Cancel")
            page.actions.request(.remove)
            try XCTUnwrap(page.actions.confirmation).answer(confirmed: true)
            XCTAssertEqual(sent.last?.0, .remove)

            // A dialog nobody holds any more still answers while it is on screen: its owner is not what keeps it.
            var confirmed = false, ended = false
            @MainActor func ask() -> ConfirmDialog {
                ConfirmDialog(over: window, title: "Fixture question?", detail: "Fixture.", confirm: "Go",
                              onConfirm: { confirmed = true }, onEnd: { ended = true })
            }
            weak let orphan = ask()
            let held = try XCTUnwrap(orphan, "on screen, so alive")
            held.answer(confirmed: true)
            XCTAssertTrue(confirmed)
            XCTAssertTrue(ended)
            XCTAssertEqual(OnScreen.count, shownBefore, "answered: released")
        }
    }

    func testTheFilterNarrowsTheListTheCountAndWhatActionsActOnThroughARefresh() throws {
        let (qbit, deluge, nzbget) = (Self.qbit, Self.deluge, Self.nzbget)
        try MainActor.assumeIsolated {
            let alpha = Self.item(qbit, "aaaa", .downloading, name: "Fixture.Alpha.S01E01", category: "tv-sonarr")
            let alpha2 = Self.item(deluge, "bbbb", .downloading, name: "fixture alpha s01e02", category: "tv-sonarr")
            let beta = Self.item(qbit, "cccc", .downloading, name: "Fixture.Beta.2026", category: "radarr")
            let gamma = Self.item(deluge, "dddd", .paused, name: "Fixture.Gämma.2026", category: "radarr")
            let usenet = Self.item(nzbget, "drone-1", .queued, name: "Fixture.Delta.2026", category: "movies")
            let all = [alpha, alpha2, beta, gamma, usenet]
            let (page, window) = try Self.page(all)
            defer { window.destroy() }
            var sent: [(TransferAction, [TransferItem])] = []
            page.actions.onAction = { sent.append(($0, $1)) }
            XCTAssertEqual(page.countLabel.text, "5 transfers")

            // Words anywhere in the name, any case.
            page.setSearchText("ALPHA")
            XCTAssertTrue(Self.spin(until: page.shownRowCount == 2), "the field filters after its short delay")
            XCTAssertEqual(Set(page.allKeys), Set([alpha, alpha2].map(DownloadsPage.key)))
            XCTAssertEqual(page.countLabel.text, "2 of 5 transfers")
            // Every word must be found; a category and a client name count; accents are ignored.
            page.setSearchText("radarr deluge")
            XCTAssertTrue(Self.spin(until: page.search.text == "radarr deluge"))
            XCTAssertEqual(page.allKeys, [DownloadsPage.key(gamma)])
            page.setSearchText("gamma")
            XCTAssertTrue(Self.spin(until: page.search.text == "gamma"))
            XCTAssertEqual(page.allKeys, [DownloadsPage.key(gamma)], "“gamma” finds “Gämma”")
            page.setSearchText("nothing.like.this")
            XCTAssertTrue(Self.spin(until: page.shownRowCount == 0))
            XCTAssertEqual(page.countLabel.text, "0 of 5 transfers")

            // Select all while filtered: an action acts on the rows shown, never on the hidden ones.
            page.setSearchText("tv-sonarr")
            XCTAssertTrue(Self.spin(until: page.shownRowCount == 2))
            page.selection.selectAll()
            page.actions.request(.pause)
            XCTAssertEqual(Set(sent.last?.1.map(DownloadsPage.key) ?? []), Set([alpha, alpha2].map(DownloadsPage.key)))

            // A refresh keeps the filter and the selection; a transfer moved to the category is found by it.
            var changed = all
            changed[0].progress = 0.9
            changed[2].category = "tv-sonarr"
            page.render(Self.content(changed))
            XCTAssertTrue(Self.spin(until: page.shownRowCount == 3))
            XCTAssertEqual(page.countLabel.text, "3 of 5 transfers")
            XCTAssertEqual(page.searchEntry.text, "tv-sonarr")
            XCTAssertEqual(Set(page.selectedItems.map(DownloadsPage.key)), Set([alpha, alpha2].map(DownloadsPage.key)),
                           "the picked rows are still picked")

            // Escape clears the field (and a second Escape goes back to the list).
            page.stopSearch()
            XCTAssertTrue(Self.spin(until: page.shownRowCount == 5))
            XCTAssertEqual(page.countLabel.text, "5 transfers")
        }
    }
}
