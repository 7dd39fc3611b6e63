import CGtk
import Core
@testable import DesktopApp
import XCTest

/// The Downloads column view with more transfers than one splice inserts:
/// rows that arrive in later idle chunks must pass the filter and sort too.
final class DownloadsPageTests: XCTestCase {
    func testThousandsOfTransfersAllReachTheSortedFilteredView() throws {
        guard ProcessInfo.processInfo.environment["SWITCHYARD_SESSION"] != nil else {
            throw XCTSkip("needs the test session's display; run through `make test`")
        }
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
}
