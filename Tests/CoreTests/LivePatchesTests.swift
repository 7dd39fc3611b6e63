import Core
import Foundation
import XCTest

/// Live changes laid over library answers: kept over an answer to a read asked before them, let go after one
/// asked later (for their own instance only), dropped with their instance.
final class LivePatchesTests: XCTestCase {
    private let one = UUID(), two = UUID()

    private func item(_ service: UUID, _ id: Int, _ title: String) -> Resource {
        Resource(id: ResourceID(serviceID: service, itemID: id), kind: .series, title: title, sortTitle: title.lowercased(),
                 year: 2020, status: .continuing, monitored: true, sizeOnDisk: 0, fileCount: 0, expectedFileCount: 0,
                 hasFile: false, subtitle: nil, added: nil, images: [])
    }

    func testChangesLieOverTheAnswerInPlaceAndNewOnesJoinInTheOrderTheyCame() {
        var patches = LivePatches()
        let start = ContinuousClock.now
        let answer = [item(one, 1, "A"), item(one, 2, "B"), item(one, 3, "C")]
        XCTAssertEqual(patches.applied(to: answer).map(\.title), ["A", "B", "C"])
        patches.patch(item(one, 9, "Joined second"), at: start + .seconds(2))
        patches.patch(item(one, 8, "Joined first"), at: start + .seconds(1))
        patches.patch(item(one, 2, "B renamed"), at: start + .seconds(3))
        patches.remove(ResourceID(serviceID: one, itemID: 3), at: start + .seconds(4))
        XCTAssertEqual(patches.applied(to: answer).map(\.title), ["A", "B renamed", "Joined first", "Joined second"])
        XCTAssertEqual(patches.count, 4)
    }

    func testAReadAskedLaterLetsGoOfItsOwnInstancesChangesOnly() {
        var patches = LivePatches()
        let start = ContinuousClock.now
        patches.patch(item(one, 1, "one, early"), at: start + .seconds(1))
        patches.patch(item(two, 1, "two, early"), at: start + .seconds(1))
        patches.patch(item(one, 2, "one, late"), at: start + .seconds(5))
        let both: Set = [one, two]

        // Asked before every change: all stay.
        patches.answered(fresh: both, askedAt: start, present: both)
        XCTAssertEqual(patches.count, 3)
        // Asked at 3 s, fresh for `one` only (`two` answered from the cache): one's early change goes.
        patches.answered(fresh: [one], askedAt: start + .seconds(3), present: both)
        XCTAssertEqual(patches.applied(to: []).map(\.title).sorted(), ["one, late", "two, early"])
        // `two` is no longer configured: its change goes with it, whatever the times.
        patches.answered(fresh: [], askedAt: start, present: [one])
        XCTAssertEqual(patches.applied(to: []).map(\.title), ["one, late"])
        // Asked after the last: nothing left over the service's word.
        patches.answered(fresh: [one], askedAt: start + .seconds(6), present: [one])
        XCTAssertTrue(patches.isEmpty)
    }
}
