@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// A client's list kept between refreshes: an incremental answer replaces what it names where it
/// stands and says where; anything else re-sorts and says nothing (the page then compares all).
final class TransferTableTests: XCTestCase {
    private let service = UUID(uuidString: "F1C7F1C7-0000-4000-8000-0000000000BB")!

    private func item(_ key: String, _ name: String, progress: Double = 0.5) -> TransferItem {
        TransferItem(serviceID: service, joinKey: key, name: name, state: .downloading, rawState: "downloading",
                     progress: progress, sizeBytes: 100, remainingBytes: 10)
    }

    private var stats: TransferStats { TransferStats(downloadSpeed: 0, uploadSpeed: 0, freeSpaceBytes: nil, count: 0, activeCount: 0) }

    func testAFullAnswerSortsByNameInNaturalOrderAndSaysNothingChangedInPlace() {
        var table = TransferTable()
        table.replaceAll([item("c", "Show 10"), item("a", "show 2"), item("b", "Another")])
        let snapshot = table.snapshot(stats: stats)
        XCTAssertEqual(snapshot.items.map(\.joinKey), ["b", "a", "c"])
        XCTAssertEqual(snapshot.changes?.generation, 1)
        XCTAssertNil(snapshot.changes?.positions)
    }

    func testChangedItemsWithTheSameNamesAreReplacedWhereTheyStandAndNamedByPosition() {
        var table = TransferTable()
        table.replaceAll((0..<100).map { item(String(format: "%03d", $0), "Torrent \($0)") })
        let before = table.items.map(\.joinKey)
        table.apply(changed: [item("042", "Torrent 42", progress: 0.9), item("007", "Torrent 7", progress: 0.1),
                              item("010", "Torrent 10")], // the same as before: not a change
                    removed: [])
        let snapshot = table.snapshot(stats: stats)
        XCTAssertEqual(snapshot.items.map(\.joinKey), before, "nothing moved")
        XCTAssertEqual(snapshot.changes?.generation, 2)
        let positions = try! XCTUnwrap(snapshot.changes?.positions)
        XCTAssertEqual(positions.map { snapshot.items[$0].joinKey }, ["007", "042"])
        XCTAssertEqual(snapshot.items[before.firstIndex(of: "042")!].progress, 0.9)
    }

    /// A reader that missed snapshots learns what changed since the one it saw, back to the last step that was
    /// not in place and no further than `historyDepth`.
    func testAReaderThatMissedGenerationsGetsTheirPositionsUntilAReSort() {
        var table = TransferTable()
        table.replaceAll((0..<10).map { item(String($0), "Torrent \($0)") })
        let seen = table.snapshot(stats: stats).changes!.generation
        table.apply(changed: [item("3", "Torrent 3", progress: 0.1)], removed: [])
        table.apply(changed: [item("7", "Torrent 7", progress: 0.1)], removed: [])
        table.apply(changed: [item("3", "Torrent 3", progress: 0.2)], removed: [])
        let changes = table.snapshot(stats: stats).changes!
        XCTAssertEqual(changes.positions(since: seen)?.map { table.items[$0].joinKey }, ["3", "7"])
        XCTAssertEqual(changes.positions(since: changes.generation - 1)?.map { table.items[$0].joinKey }, ["3"])
        XCTAssertEqual(changes.positions(since: changes.generation), [])
        XCTAssertNil(changes.positions(since: seen - 1), "before the full answer: anything may have changed")
        for round in 0..<(TransferTable.historyDepth + 2) { table.apply(changed: [item("5", "Torrent 5", progress: Double(round) / 100)], removed: []) }
        XCTAssertNil(table.snapshot(stats: stats).changes!.positions(since: changes.generation), "further back than the table remembers")
        let recent = table.snapshot(stats: stats).changes!.generation
        table.apply(changed: [item("new", "Torrent 99")], removed: [])
        table.apply(changed: [item("2", "Torrent 2", progress: 0.3)], removed: [])
        XCTAssertNil(table.snapshot(stats: stats).changes!.positions(since: recent), "a transfer was added in between")
    }

    func testAQuietAnswerIsANewGenerationWithNoPositions() {
        var table = TransferTable()
        table.replaceAll([item("a", "A")])
        table.apply(changed: [], removed: [])
        XCTAssertEqual(table.snapshot(stats: stats).changes?.generation, 2)
        XCTAssertEqual(table.snapshot(stats: stats).changes?.positions, [])
    }

    func testAddedRemovedOrRenamedTransfersReSortAndSayTheListMayHaveChangedAnyWay() {
        var table = TransferTable()
        table.replaceAll([item("a", "Alpha"), item("b", "Bravo"), item("c", "Charlie")])

        table.apply(changed: [item("d", "Able")], removed: [])
        XCTAssertEqual(table.items.map(\.joinKey), ["d", "a", "b", "c"])
        XCTAssertNil(table.snapshot(stats: stats).changes?.positions)

        table.apply(changed: [], removed: ["b"])
        XCTAssertEqual(table.items.map(\.joinKey), ["d", "a", "c"])
        XCTAssertNil(table.snapshot(stats: stats).changes?.positions)

        table.apply(changed: [item("a", "Zulu", progress: 1)], removed: [])
        XCTAssertEqual(table.items.map(\.joinKey), ["d", "c", "a"])
        XCTAssertEqual(table.items.last?.progress, 1)
        XCTAssertNil(table.snapshot(stats: stats).changes?.positions)

        table.apply(changed: [item("c", "Charlie", progress: 0.25)], removed: [])
        XCTAssertEqual(table.snapshot(stats: stats).changes?.positions, [1], "back to in-place once nothing moves")
    }

    func testTheHintsAreNotPartOfEqualityNorOfTheCache() throws {
        var table = TransferTable()
        table.replaceAll([item("a", "A")])
        let first = table.snapshot(stats: stats)
        table.apply(changed: [], removed: [])
        let second = table.snapshot(stats: stats)
        XCTAssertEqual(first, second)
        let decoded = try JSONDecoder().decode(TransferSnapshot.self, from: JSONEncoder().encode(second))
        XCTAssertNil(decoded.changes)
        XCTAssertEqual(decoded, second)
    }

    /// qBittorrent's diff names what changed and what was removed; a full update names nothing.
    func testQBittorrentDiffsSayWhatTheyNamed() throws {
        var data = QBittorrentMainData()
        try data.apply(Data(#"{"rid":1,"full_update":true,"torrents":{"AA":{"name":"x"},"bb":{"name":"y"}}}"#.utf8))
        XCTAssertNil(data.lastChanges)
        try data.apply(Data(#"{"rid":2,"torrents":{"aa":{"progress":0.5}},"torrents_removed":["BB"]}"#.utf8))
        XCTAssertEqual(data.lastChanges?.changed, ["aa"])
        XCTAssertEqual(data.lastChanges?.removed, ["bb"])
    }
}

/// The disk cache of transfers: written at most every `interval`, and not at all for content its
/// client says did not change — unless newer content was left unwritten; before the cache would age,
/// unchanged content is confirmed as current instead of written again.
final class CacheKeepingTests: XCTestCase {
    func testUnchangedContentIsNotWrittenAgainUntilTheCacheWouldAge() async throws {
        let config = ServiceConfig(kind: .transmission, localEndpoint: try Endpoint.parse("http://127.0.0.1:9091"))
        let session = ServiceSession(config: config, transport: StubTransport(routes: [:]),
                                     secrets: InMemorySecretStore(), clock: .system)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }
        var kept = await session.shouldKeep("transfers", at: at(0), every: 30)
        XCTAssertEqual(kept, .write, "the first content is written")
        kept = await session.shouldKeep("transfers", at: at(40), every: 30, unchanged: true)
        XCTAssertEqual(kept, .skip, "unchanged: not written again")
        kept = await session.shouldKeep("transfers", at: at(149), every: 30, unchanged: true)
        XCTAssertEqual(kept, .skip)
        kept = await session.shouldKeep("transfers", at: at(151), every: 30, unchanged: true)
        XCTAssertEqual(kept, .confirm, "before the cache ages past half its life, confirmed as current, not encoded again")
        kept = await session.shouldKeep("transfers", at: at(160), every: 30)
        XCTAssertEqual(kept, .skip, "changed, but within the interval of the confirmation: left unwritten")
        kept = await session.shouldKeep("transfers", at: at(170), every: 30, unchanged: true)
        XCTAssertEqual(kept, .skip, "newer content is unwritten: not a confirmation, and still within the interval")
        kept = await session.shouldKeep("transfers", at: at(185), every: 30, unchanged: true)
        XCTAssertEqual(kept, .write, "unchanged since, but what was left unwritten is newer than the cache")
        kept = await session.shouldKeep("transfers", at: at(190), every: 30, unchanged: true)
        XCTAssertEqual(kept, .skip)
    }
}
