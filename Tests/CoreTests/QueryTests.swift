@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

final class QueryTests: XCTestCase {
    private let first = UUID(uuidString: "F1C7F1C7-0000-4000-8000-0000000000F1")!
    private let second = UUID(uuidString: "F1C7F1C7-0000-4000-8000-0000000000F2")!

    private func movie(_ id: Int, _ title: String, year: Int, size: Int64, monitored: Bool = true, hasFile: Bool = true,
                       instance: UUID? = nil, added: TimeInterval = 0) -> Resource {
        Resource(id: ResourceID(serviceID: instance ?? first, itemID: id), kind: .movie, title: title,
                 sortTitle: title.lowercased().replacingOccurrences(of: "the ", with: ""), year: year, status: .released,
                 monitored: monitored, sizeOnDisk: size, fileCount: hasFile ? 1 : 0, expectedFileCount: 1, hasFile: hasFile,
                 subtitle: nil, added: Date(timeIntervalSince1970: added), images: [])
    }

    private var library: [Resource] {
        [movie(1, "The Fixture Returns", year: 2024, size: 10, added: 300),
         movie(2, "Fixture 10", year: 2021, size: 30, monitored: false, added: 100),
         movie(3, "Fixture 9", year: 2026, size: 0, hasFile: false, instance: second, added: 200),
         movie(4, "Crème Fixture", year: 2021, size: 20, added: 50)]
    }

    func testSearchMatchesEveryWordIgnoringCaseAndAccents() {
        XCTAssertEqual(LibraryQuery(search: "creme").apply(to: library).map(\.id.itemID), [4])
        XCTAssertEqual(LibraryQuery(search: "fix RET").apply(to: library).map(\.id.itemID), [1])
        XCTAssertEqual(LibraryQuery(search: "  ").apply(to: library).count, 4)
        XCTAssertEqual(LibraryQuery(search: "nothing").apply(to: library), [])
    }

    func testSortOrders() {
        XCTAssertEqual(LibraryQuery(sort: .title).apply(to: library).map(\.id.itemID), [4, 3, 2, 1], "natural order: 9 before 10")
        XCTAssertEqual(LibraryQuery(sort: .year).apply(to: library).map(\.id.itemID), [3, 1, 4, 2], "newest first, then by title")
        XCTAssertEqual(LibraryQuery(sort: .added).apply(to: library).map(\.id.itemID), [1, 3, 2, 4])
        XCTAssertEqual(LibraryQuery(sort: .size).apply(to: library).map(\.id.itemID), [2, 4, 1, 3])
    }

    func testFilters() {
        XCTAssertEqual(LibraryQuery(filter: .monitored).apply(to: library).map(\.id.itemID), [4, 3, 1])
        XCTAssertEqual(LibraryQuery(filter: .unmonitored).apply(to: library).map(\.id.itemID), [2])
        XCTAssertEqual(LibraryQuery(filter: .missing).apply(to: library).map(\.id.itemID), [3])
        XCTAssertEqual(LibraryQuery(filter: .instance(second)).apply(to: library).map(\.id.itemID), [3])
    }

    func testTransferFilters() {
        func item(_ state: TransferItem.State, down: Int64 = 0, service: UUID? = nil) -> TransferItem {
            TransferItem(serviceID: service ?? first, joinKey: UUID().uuidString, name: "Fixture", state: state, rawState: "x",
                         progress: 0.5, sizeBytes: 1, remainingBytes: 1, downloadSpeed: down)
        }
        let items = [item(.downloading, down: 5), item(.seeding), item(.paused, service: second), item(.error), item(.stalled)]
        XCTAssertEqual(items.filter(TransferQuery(state: .active).includes).count, 1)
        XCTAssertEqual(items.filter(TransferQuery(state: .problems).includes).map(\.state), [.error, .stalled])
        XCTAssertEqual(items.filter(TransferQuery(state: .all, client: second).includes).map(\.state), [.paused])
        XCTAssertEqual(items.filter(TransferQuery(state: .seeding).includes).map(\.state), [.seeding])
    }

    func testCalendarGroupsByLocalDay() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let base = Date(timeIntervalSince1970: 1_768_435_200) // midnight UTC
        func entry(_ title: String, _ offset: TimeInterval) -> CalendarEntry {
            CalendarEntry(resource: ResourceID(serviceID: first, itemID: 1), title: title, due: .release("inCinemas"),
                          date: base.addingTimeInterval(offset), hasFile: false, monitored: true)
        }
        let days = CalendarDays.group([entry("B", 86_400 + 60), entry("A", 3600), entry("C", 7200)], calendar: calendar)
        XCTAssertEqual(days.map(\.start), [base, base.addingTimeInterval(86_400)])
        XCTAssertEqual(days.map { $0.entries.map(\.title) }, [["A", "C"], ["B"]])
    }
}
