import CGtk
@testable import Core
@testable import DesktopApp
import SwitchyardTestSupport
import XCTest

/// The Downloads column view with more transfers than one splice inserts:
/// rows that arrive in later idle chunks must pass the filter and sort too.
final class DownloadsPageTests: XCTestCase {
    func testThousandsOfTransfersAllReachTheSortedFilteredView() throws {
        try requireTestSession()
        MainActor.assumeIsolated {
            gtk_init()
            let service = ServiceRef(id: UUID(), name: "Fixture client", kind: .transmission)
            let items = (0..<3000).map { index in
                TransferItem(serviceID: service.id, joinKey: String(format: "%040x", index), name: "Fixture.Transfer.\(index)",
                             state: index % 2 == 0 ? .seeding : .paused, rawState: "x", progress: 0.5,
                             sizeBytes: 1000, remainingBytes: 500)
            }
            let snapshot = TransferSnapshot(items: items, stats: TransferStats(downloadSpeed: 0, uploadSpeed: 0,
                                                                              freeSpaceBytes: nil, count: 3000, activeCount: 0))
            let content = Aggregate(parts: [ServicePart(service: service, value: snapshot, refreshedAt: Date(), isStale: false)])
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(content, refreshedAt: Date()))
            let deadline = Date().addingTimeInterval(10)
            while page.shownRowCount < 3000, Date() < deadline { g_main_context_iteration(nil, 0) }
            XCTAssertEqual(page.shownRowCount, 3000, "every transfer is in the view, not only the first chunk")
        }
    }

    /// A client's incremental answer (`TransferSnapshot.changes`) is applied by the rows it names:
    /// their values change, a row whose sorted value changed moves, one whose state now fails the
    /// filter leaves the view — and a skipped generation or a new transfer falls back to comparing all.
    func testAnIncrementalRefreshUpdatesMovesAndFiltersOnlyTheRowsItNames() throws {
        try requireTestSession()
        MainActor.assumeIsolated {
            gtk_init()
            let service = ServiceRef(id: UUID(), name: "Fixture client", kind: .qbittorrent)
            func item(_ index: Int, progress: Double, state: TransferItem.State = .downloading) -> TransferItem {
                TransferItem(serviceID: service.id, joinKey: String(format: "%040x", index), name: "Fixture.Transfer.\(index)",
                             state: state, rawState: "x", progress: progress, sizeBytes: 1000, remainingBytes: 500)
            }
            var table = TransferTable()
            let page = DownloadsPage(clock: .inspection)
            @MainActor func show() {
                let snapshot = table.snapshot(stats: TransferStats(downloadSpeed: 0, uploadSpeed: 0, freeSpaceBytes: nil,
                                                                   count: table.count, activeCount: 0))
                page.render(.content(Aggregate(parts: [ServicePart(service: service, value: snapshot, refreshedAt: Date(), isStale: false)]),
                                     refreshedAt: Date()))
                for _ in 0..<20 { g_main_context_iteration(nil, 0) }
            }
            @MainActor func key(_ index: Int) -> String { DownloadsPage.key(item(index, progress: 0)) }
            table.replaceAll((0..<40).map { item($0, progress: Double($0) / 100) })
            show()
            page.view.sort(byColumn: 2) // Progress, ascending
            for _ in 0..<20 { g_main_context_iteration(nil, 0) }
            XCTAssertEqual(page.allKeys.first, key(0))
            XCTAssertEqual(page.shownRowCount, 40)

            table.apply(changed: [item(0, progress: 0.99)], removed: [])
            show()
            XCTAssertEqual(page.inPlaceRefreshes, 1)
            XCTAssertEqual(page.item(forKey: key(0))?.progress, 0.99)
            XCTAssertEqual(page.allKeys.last, key(0), "its progress moved it to the end")
            XCTAssertEqual(page.allKeys.first, key(1))

            page.stateDropDown.selected = 2 // Downloading
            table.apply(changed: [item(5, progress: 0.05, state: .paused)], removed: [])
            show()
            XCTAssertEqual(page.inPlaceRefreshes, 2)
            XCTAssertEqual(page.shownRowCount, 39, "paused now: filtered out")
            XCTAssertFalse(page.allKeys.contains(key(5)))
            XCTAssertTrue(page.countLabel.text.contains("39"), page.countLabel.text)

            table.apply(changed: [item(40, progress: 0.5)], removed: []) // a new transfer: every row compared
            show()
            XCTAssertEqual(page.inPlaceRefreshes, 2)
            XCTAssertEqual(page.shownRowCount, 40)
            XCTAssertNotNil(page.item(forKey: key(40)))

            table.apply(changed: [item(1, progress: 0.7)], removed: [])
            _ = table.snapshot(stats: TransferStats(downloadSpeed: 0, uploadSpeed: 0, freeSpaceBytes: nil, count: 0, activeCount: 0))
            table.apply(changed: [item(2, progress: 0.8)], removed: []) // the page never saw the generation before
            show()
            XCTAssertEqual(page.inPlaceRefreshes, 2, "a skipped generation compares every row")
            XCTAssertEqual(page.item(forKey: key(1))?.progress, 0.7)
            XCTAssertEqual(page.item(forKey: key(2))?.progress, 0.8)

            // The header clicked again: descending (the order is made here, the arrow is the view's). A narrower
            // filter keeps that order; widening it back shows every row in it again.
            page.view.sort(byColumn: 2, ascending: false)
            XCTAssertEqual(page.allKeys.first, key(0), "99 % first")
            XCTAssertEqual(page.allKeys.map { page.item(forKey: $0)?.progress ?? -1 }, page.allKeys.map { page.item(forKey: $0)?.progress ?? -1 }
                .sorted(by: >))
            page.setSearchText("Transfer.3")
            for _ in 0..<40 where page.shownRowCount > 11 { g_main_context_iteration(nil, 1) }
            XCTAssertEqual(page.allKeys.compactMap { page.item(forKey: $0)?.name },
                           ["Fixture.Transfer.39", "Fixture.Transfer.38", "Fixture.Transfer.37", "Fixture.Transfer.36", "Fixture.Transfer.35",
                            "Fixture.Transfer.34", "Fixture.Transfer.33", "Fixture.Transfer.32", "Fixture.Transfer.31", "Fixture.Transfer.30",
                            "Fixture.Transfer.3"])
            page.view.sort(byColumn: 0) // Name, ascending: natural order
            XCTAssertEqual(page.allKeys.compactMap { page.item(forKey: $0)?.name }.prefix(3), ["Fixture.Transfer.3", "Fixture.Transfer.30", "Fixture.Transfer.31"])
        }
    }

    /// A refresh shown client by client (FanOut's progress: each client's answer as it arrives, the others
    /// still pending) that changes nothing splices nothing: each client's rows stay where they stood.
    /// Before, the waiting clients' rows moved behind the answered ones at every answer and GTK made every
    /// row again — with five clients, half of the app's CPU.
    func testAClientByClientRefreshThatChangesNothingSplicesNothing() throws {
        try requireTestSession()
        MainActor.assumeIsolated {
            gtk_init()
            let services = (1...3).map { ServiceRef(id: UUID(), name: "Fixture client \($0)", kind: .transmission) }
            func part(_ service: ServiceRef) -> ServicePart<TransferSnapshot> {
                let items = (0..<4).map { index in
                    TransferItem(serviceID: service.id, joinKey: String(format: "%040x", index), name: "Fixture.\(service.name).\(index)",
                                 state: .seeding, rawState: "x", progress: 1, sizeBytes: 1000, remainingBytes: 0, uploadSpeed: 1000)
                }
                return ServicePart(service: service, value: TransferSnapshot(items: items, stats: TransferStats(
                    downloadSpeed: 0, uploadSpeed: 1000, freeSpaceBytes: nil, count: 4, activeCount: 4)), refreshedAt: Date(), isStale: false)
            }
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(Aggregate(parts: services.map(part)), refreshedAt: Date()))
            let deadline = Date().addingTimeInterval(10)
            while !page.list.isSettled, Date() < deadline { g_main_context_iteration(nil, 0) }
            let keys = page.list.keys, splices = page.list.splices
            XCTAssertEqual(keys.count, 12)
            for answered in [[2], [2, 0], [2, 0, 1]] { // the last client answers first, then the first, then the middle one
                var content = Aggregate(parts: answered.sorted().map { part(services[$0]) })
                content.pending = services.enumerated().filter { !answered.contains($0.offset) }.map(\.element)
                page.render(.content(content, refreshedAt: Date()))
                XCTAssertEqual(page.list.keys, keys, "the rows stay where they stood while \(content.pending.count) clients answer")
                XCTAssertEqual(page.speeds.text.hasSuffix(Formatting.speed(3000)), true, "the total counts the waiting clients too")
            }
            XCTAssertEqual(page.list.splices, splices, "nothing changed: no splice")
        }
    }
}
