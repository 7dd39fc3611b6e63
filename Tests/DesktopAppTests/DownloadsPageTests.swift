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
                DownloadsPageTests.render(table, of: service, on: page)
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
            XCTAssertEqual(page.inPlaceRefreshes, 3, "a missed generation's changes come with the next one: still in place")
            XCTAssertEqual(page.item(forKey: key(1))?.progress, 0.7)
            XCTAssertEqual(page.item(forKey: key(2))?.progress, 0.8)

            for round in 0..<(TransferTable.historyDepth + 1) { // missed further back than the table remembers
                table.apply(changed: [item(3, progress: 0.01 * Double(round))], removed: [])
            }
            table.apply(changed: [item(4, progress: 0.9)], removed: [])
            show()
            XCTAssertEqual(page.inPlaceRefreshes, 3, "too many generations missed: every row compared")
            XCTAssertEqual(page.item(forKey: key(3))?.progress, 0.08)
            XCTAssertEqual(page.item(forKey: key(4))?.progress, 0.9)

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

    /// Every column, both ways, through refreshes that move, rename, add and remove transfers: the list's order
    /// is the one a full sort gives (the column's value, ties by name in natural order; Name itself both ways).
    func testEverySortMatchesAFullSortThroughChanges() throws {
        try requireTestSession()
        MainActor.assumeIsolated {
            gtk_init()
            let service = ServiceRef(id: UUID(), name: "Fixture client", kind: .qbittorrent)
            var seed: UInt64 = 0x5EED
            func random(_ bound: Int) -> Int {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                return Int((seed >> 33) % UInt64(bound))
            }
            let states: [TransferItem.State] = [.downloading, .seeding, .paused, .stalled, .queued]
            func item(_ index: Int, name: String? = nil) -> TransferItem {
                TransferItem(serviceID: service.id, joinKey: String(format: "%040x", index), name: name ?? "Fixture.Transfer.\(random(60))",
                             state: states[random(states.count)], rawState: "x", progress: Double(random(5)) / 4,
                             sizeBytes: Int64(random(4) * 1000), remainingBytes: 0, downloadSpeed: Int64(random(3) == 0 ? random(5) * 100 : 0),
                             uploadSpeed: Int64(random(2) * 50), eta: random(3) == 0 ? nil : TimeInterval(random(4) * 60))
            }
            var table = TransferTable()
            let page = DownloadsPage(clock: .inspection)
            @MainActor func show() {
                DownloadsPageTests.render(table, of: service, on: page)
                let deadline = Date().addingTimeInterval(10)
                while !page.list.isSettled, Date() < deadline { g_main_context_iteration(nil, 0) }
            }
            let values: [(TransferItem) -> Double] = [
                { _ in 0 }, { DownloadsPage.stateRank[$0.state] ?? 0 }, { $0.progress }, { Double($0.sizeBytes) },
                { Double($0.downloadSpeed) }, { Double($0.uploadSpeed) }, { $0.eta ?? .infinity },
            ]
            @MainActor func check(_ column: Int, descending: Bool, _ moment: String) {
                let shown = page.allKeys.compactMap { page.item(forKey: $0) }
                XCTAssertEqual(shown.count, table.count, moment)
                func nameBefore(_ a: TransferItem, _ b: TransferItem) -> Bool {
                    let x = LibraryQuery.naturalKey(a.name), y = LibraryQuery.naturalKey(b.name)
                    return x != y ? x.lexicographicallyPrecedes(y) : DownloadsPage.key(a) < DownloadsPage.key(b)
                }
                let expected = shown.sorted { a, b in
                    if column == 0 { return descending ? nameBefore(b, a) : nameBefore(a, b) }
                    let x = values[column](a), y = values[column](b)
                    return x != y ? (descending ? x > y : x < y) : nameBefore(a, b)
                }
                let wrong = shown.indices.first { DownloadsPage.key(shown[$0]) != DownloadsPage.key(expected[$0]) }
                XCTAssertNil(wrong, "column \(column), descending \(descending), \(moment): row \(wrong ?? -1) shows \(wrong.map { shown[$0].name } ?? "")")
            }
            table.replaceAll((0..<300).map { item($0) })
            show()
            var next = 300
            for column in 0..<values.count {
                for descending in [false, true] {
                    page.view.sort(byColumn: column, ascending: !descending)
                    check(column, descending: descending, "clicked")
                    // In place: values move (names kept).
                    table.apply(changed: (0..<15).compactMap { _ in
                        let index = random(next)
                        guard let old = page.item(forKey: DownloadsPage.key(item(index, name: ""))) else { return nil }
                        return item(index, name: old.name)
                    }, removed: [])
                    show()
                    check(column, descending: descending, "values moved")
                    // Renamed, added and removed: every row compared.
                    let renamed = (0..<5).compactMap { _ -> TransferItem? in
                        let index = random(next)
                        return page.item(forKey: DownloadsPage.key(item(index, name: ""))) == nil ? nil : item(index)
                    }
                    let removed = Set((0..<4).map { _ in String(format: "%040x", random(next)) })
                    table.apply(changed: renamed + (next..<(next + 6)).map { item($0) }, removed: removed)
                    next += 6
                    show()
                    check(column, descending: descending, "renamed, added, removed")
                }
            }
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

    /// The page shows `table` as one client's fresh answer.
    @MainActor static func render(_ table: TransferTable, of service: ServiceRef, on page: DownloadsPage) {
        let snapshot = table.snapshot(stats: TransferStats(downloadSpeed: 0, uploadSpeed: 0, freeSpaceBytes: nil,
                                                           count: table.count, activeCount: 0))
        page.render(.content(Aggregate(parts: [ServicePart(service: service, value: snapshot, refreshedAt: Date(), isStale: false)]),
                             refreshedAt: Date()))
    }
}
