@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// The list's queue moves (the toolbar's Queue menu, the context menu, Alt+Up/Down/Home/End) against the real daemons:
/// several transfers of a client in one request naming exactly them, the daemon's own order following.
extension TransferActionPeerTests {
    func testQBittorrentMovesTwoTransfersInItsQueueInOneRequest() async throws { try await listQueueMoves(.qbittorrent) }
    func testTransmissionMovesTwoTransfersInItsQueueInOneRequest() async throws { try await listQueueMoves(.transmission) }
    func testDelugeMovesTwoTransfersInItsQueueInOneRequest() async throws { try await listQueueMoves(.deluge) }

    /// Three transfers waiting to download (their data is absent, so they stand in the queue): the first two go to the
    /// bottom together — the third is then first, the two after it in their order — and back to the top.
    private func listQueueMoves(_ kind: ServiceKind) async throws {
        let rig = try await rig(kind, seeds: 3, absent: true)
        defer { rig.solo.stop() }
        let items = try await rig.items()
        let order = try await waitingQueue(rig)
        let queue = order.sorted { $0.value < $1.value }.map(\.key)
        let lowest = try XCTUnwrap(order.values.min()), highest = try XCTUnwrap(order.values.max())
        let picked = try queue.prefix(2).map { hash in try XCTUnwrap(items.first { $0.joinKey.lowercased() == hash }) }
        let other = try XCTUnwrap(items.first { $0.joinKey.lowercased() == queue[2] })
        func inOrder(_ view: DaemonView) -> Bool { (view.order?[queue[0]] ?? -1) < (view.order?[queue[1]] ?? -1) }
        try await moveTogether(rig, .queueBottom, picked, other: other) { $0.order?[queue[2]] == lowest && inOrder($0) }
        try await moveTogether(rig, .queueTop, picked, other: other) { $0.order?[queue[2]] == highest && inOrder($0) }
    }

    /// Both queued jobs (the solo NZBGet holds two) to the bottom and to the top, each one `editqueue` naming both NZBIDs:
    /// NZBGet accepts them together and keeps their order among themselves, whichever order they were picked in.
    func testNZBGetMovesTwoQueuedJobsInOneRequest() async throws {
        let rig = try await rig(.nzbget)
        defer { rig.solo.stop() }
        let items = try await rig.items()
        let order = try XCTUnwrap(try rig.view().order)
        let queue = order.sorted { $0.value < $1.value }.map(\.key)
        guard queue.count == 2 else { return XCTFail("two queued jobs: \(order)") }
        let picked = try queue.reversed().map { id in try XCTUnwrap(items.first { !$0.isHistoryEntry && $0.clientID == id }) }
        for action in [TransferAction.queueBottom, .queueTop] {
            let before = try await rig.writes().count
            let report = await rig.repository.perform(action, on: picked)
            XCTAssertEqual(report.failed.map(\.error), [], "\(action)")
            XCTAssertEqual(report.sentCount, 2, "\(action)")
            let writes = try await rig.writes()
            XCTAssertEqual(writes.count, before + 1, "one request")
            let body = writes.last?.body ?? ""
            XCTAssertTrue(body.contains("editqueue") && body.contains("[\(picked[0].clientID),\(picked[1].clientID)]"), body)
            try await eventually(rig, "\(action): both listed, in their order") { $0.order?[queue[0]] == 0 && $0.order?[queue[1]] == 1 }
        }
    }

    /// A finished transfer has no place in qBittorrent's or Deluge's queue: it is left out of the list's move, with the
    /// reason, and nothing is sent.
    func testAFinishedTransferIsLeftOutOfAQueueMoveAndNothingIsSent() async throws {
        for kind in [ServiceKind.qbittorrent, .deluge] {
            let rig = try await rig(kind, seeds: 1)
            defer { rig.solo.stop() }
            let listed = try await rig.items()
            let seed = try XCTUnwrap(listed.first)
            XCTAssertEqual(kind.availability(of: .queueTop, for: seed), .notQueued, "\(kind)")
            let before = try await rig.writes().count
            let report = await rig.repository.perform(.queueTop, on: [seed])
            XCTAssertEqual(report.parts.map(\.skipped), [[seed.clientID]], "\(kind)")
            XCTAssertEqual(report.sentCount, 0, "\(kind)")
            let after = try await rig.writes().count
            XCTAssertEqual(after, before, "\(kind): nothing sent")
        }
    }

    private func moveTogether(_ rig: Rig, _ action: TransferAction, _ picked: [TransferItem], other: TransferItem,
                              line: UInt = #line, _ done: @escaping (DaemonView) -> Bool) async throws {
        let before = try await rig.writes().count
        let report = await rig.repository.perform(action, on: picked)
        XCTAssertEqual(report.failed.map(\.error), [], "\(action)", line: line)
        XCTAssertEqual(report.sentCount, picked.count, "\(action)", line: line)
        let writes = try await rig.writes()
        XCTAssertEqual(writes.count, before + 1, "one request: \(writes.map(\.url))", line: line)
        let sent = ((writes.last?.body ?? "") + (writes.last?.url ?? "")).lowercased()
        for item in picked {
            XCTAssertTrue(sent.contains(item.clientID.lowercased()), "\(item.clientID) named: \(sent)", line: line)
        }
        XCTAssertFalse(sent.contains(other.clientID.lowercased()), "the other not named: \(sent)", line: line)
        try await eventually(rig, "\(action) as the daemon reports it", done)
    }
}
