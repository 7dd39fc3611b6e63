@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// The details pane's less frequent actions against the real daemons: the place in the queue, the order of pieces, the
/// name and the trackers of one transfer — each checked with the daemon's own API (`peers.py query`), each one write
/// naming that transfer and not the other.
extension TransferActionPeerTests {
    // MARK: Queue

    func testQBittorrentMovesOneTransferInItsQueue() async throws { try await queueMoves(.qbittorrent) }
    func testTransmissionMovesOneTransferInItsQueue() async throws { try await queueMoves(.transmission) }
    func testDelugeMovesOneTransferInItsQueue() async throws { try await queueMoves(.deluge) }

    /// Three transfers waiting to download (their data is not there: qBittorrent and Deluge queue only those): the first
    /// in the queue goes to the bottom, back to the top, down one and up one — each move one request naming it, the
    /// daemon's order following.
    private func queueMoves(_ kind: ServiceKind) async throws {
        let rig = try await rig(kind, seeds: 3, absent: true)
        defer { rig.solo.stop() }
        let items = try await rig.items()
        let order = try await waitingQueue(rig)
        let first = try XCTUnwrap(order.min { $0.value < $1.value }?.key)
        let lowest = try XCTUnwrap(order.values.min()), highest = try XCTUnwrap(order.values.max())
        let item = try XCTUnwrap(items.first { $0.joinKey.lowercased() == first })
        let other = try XCTUnwrap(items.first { $0.joinKey.lowercased() != first })
        for (move, place) in [(QueueMove.bottom, highest), (.top, lowest), (.down, lowest + 1), (.up, lowest)] {
            try await setGroup(rig, .moveInQueue(move), on: item, other: other) { $0.order?[first] == place }
        }
        // The General page shows the place the client reports (qBittorrent's from the list's last read).
        _ = try await rig.items()
        let general = try await rig.repository.inspect(item, parts: [.general]).get().general
        XCTAssertEqual(general?.queuePosition, lowest, "\(kind): the place shown")
    }

    /// A finished transfer has no place in qBittorrent's or Deluge's queue: the pane offers no move for it (the General
    /// page's queue position is what the client reports — none).
    func testAFinishedTransferHasNoPlaceInTheQueueOfQBittorrentOrDeluge() async throws {
        for kind in [ServiceKind.qbittorrent, .deluge] {
            let rig = try await rig(kind, seeds: 1)
            defer { rig.solo.stop() }
            let items = try await rig.items()
            let item = try XCTUnwrap(items.first)
            let read = await rig.repository.inspect(item, parts: [.general])
            let general = try XCTUnwrap(try read.get().general)
            XCTAssertNil(general.queuePosition, "\(kind): a seed has no place in its queue")
        }
    }

    /// The place of each of the three waiting transfers, once the daemon reports three distinct ones.
    func waitingQueue(_ rig: Rig) async throws -> [String: Int] {
        var order: [String: Int] = [:]
        try await eventually(rig, "three in the queue") { view in
            order = view.order ?? [:]
            return order.count == 3 && Set(order.values).count == 3 && order.values.allSatisfy { $0 >= 0 }
        }
        return order
    }

    // MARK: Piece order

    func testQBittorrentSetsTheOrderOfPiecesOnlyWhenItDiffers() async throws { try await pieceOrder(.qbittorrent) }
    func testDelugeSetsTheOrderOfPieces() async throws { try await pieceOrder(.deluge) }

    /// Sequential on, first-and-last on, both off again; qBittorrent (which only toggles) reads first and sends nothing
    /// when asked for what it is already.
    private func pieceOrder(_ kind: ServiceKind) async throws {
        let rig = try await rig(kind, seeds: 2)
        defer { rig.solo.stop() }
        let (item, other) = try await twoItems(rig)
        let hash = item.joinKey.lowercased()
        try await setGroup(rig, .setSequential(true), on: item, other: other) { $0.pieceOrder?[hash] == [true, false] }
        try await setGroup(rig, .setFirstLastPiecesFirst(true), on: item, other: other) { $0.pieceOrder?[hash] == [true, true] }
        try await eventually(rig, "the other untouched") { $0.pieceOrder?[other.joinKey.lowercased()] == [false, false] }
        if kind == .qbittorrent {
            let before = try await rig.writes().count
            let again = await rig.repository.perform(.setSequential(true), on: item)
            XCTAssertNoThrow(try again.get())
            let after = try await rig.writes().count
            XCTAssertEqual(after, before, "already in order: no toggle sent")
            try await eventually(rig, "still in order") { $0.pieceOrder?[hash] == [true, true] }
        }
        try await setGroup(rig, .setSequential(false), on: item, other: other) { $0.pieceOrder?[hash] == [false, true] }
        try await setGroup(rig, .setFirstLastPiecesFirst(false), on: item, other: other) { $0.pieceOrder?[hash] == [false, false] }
    }

    // MARK: Rename

    func testQBittorrentRenamesATransfer() async throws { try await rename(.qbittorrent) }
    func testTransmissionRenamesATransferAndItsFile() async throws { try await rename(.transmission, onDisk: true) }
    func testDelugeRenamesATransfer() async throws { try await rename(.deluge) }

    private func rename(_ kind: ServiceKind, onDisk: Bool = false) async throws {
        let rig = try await rig(kind, seeds: 2)
        defer { rig.solo.stop() }
        let (item, other) = try await twoItems(rig)
        let hash = item.joinKey.lowercased(), name = "Fixture Renamed \(kind.rawValue)"
        try await setGroup(rig, .rename(name), on: item, other: other) { $0.names?[hash] == name && $0.names?[other.joinKey.lowercased()] == other.name }
        let data = try XCTUnwrap(rig.solo.daemon.data)
        let renamedOnDisk = FileManager.default.fileExists(atPath: URL(fileURLWithPath: data).appendingPathComponent(name).path)
        XCTAssertEqual(renamedOnDisk, onDisk, "\(kind): the file on disk \(onDisk ? "renamed with it" : "keeps its name")")
        let before = try await rig.writes().count
        let refused = await rig.repository.perform(.rename("a/b"), on: item)
        XCTAssertEqual(refused.failure, .invalidRequest(.badName))
        let after = try await rig.writes().count
        XCTAssertEqual(after, before, "a name with a slash sends nothing")
    }

    // MARK: Trackers

    func testQBittorrentAddsEditsAndRemovesTrackers() async throws { try await trackers(.qbittorrent) }
    func testTransmissionAddsEditsAndRemovesTrackers() async throws { try await trackers(.transmission) }
    func testDelugeAddsEditsAndRemovesTrackers() async throws { try await trackers(.deluge) }

    /// Two added, one of them changed, both removed — the transfer's own tracker kept throughout, the other transfer's
    /// untouched. The addresses are on 127.0.0.1 where nothing listens.
    private func trackers(_ kind: ServiceKind) async throws {
        let rig = try await rig(kind, seeds: 2)
        defer { rig.solo.stop() }
        let (item, other) = try await twoItems(rig)
        let hash = item.joinKey.lowercased()
        var original: [String] = []
        try await eventually(rig, "its trackers") { view in
            original = view.trackers?[hash] ?? []
            return !original.isEmpty
        }
        let otherTrackers = try rig.view().trackers?[other.joinKey.lowercased()]
        let (a, b, c) = ("http://127.0.0.1:1/announce", "udp://127.0.0.1:2/announce", "http://127.0.0.1:3/announce")
        // As sets: the order within a tier is the client's own (qBittorrent sorts it).
        let has = { (view: DaemonView, urls: [String]) in Set(view.trackers?[hash] ?? []) == Set(original + urls) }
        try await setGroup(rig, .addTrackers([a, b]), on: item, other: other) { has($0, [a, b]) }
        try await setGroup(rig, .replaceTracker(a, with: c), on: item, other: other) { has($0, [c, b]) }
        try await setGroup(rig, .removeTrackers([c, b]), on: item, other: other) { has($0, []) }
        try await eventually(rig, "the other transfer's trackers untouched") { $0.trackers?[other.joinKey.lowercased()] == otherTrackers }
        let before = try await rig.writes().count
        let gone = await rig.repository.perform(.removeTrackers([a]), on: item)
        if kind != .qbittorrent { XCTAssertEqual(gone.failure, .refused(.noSuchTracker), "\(kind): a tracker it no longer has") }
        let bad = await rig.repository.perform(.addTrackers(["ftp://127.0.0.1/announce"]), on: item)
        XCTAssertEqual(bad.failure, .invalidRequest(.badTrackerURL))
        let after = try await rig.writes().count
        XCTAssertEqual(after, before + (kind == .qbittorrent ? 1 : 0), "nothing sent for a tracker it lacks (qBittorrent: its own no-op) or an ftp one")
    }

    /// rTorrent adds a tracker (`d.tracker.insert`); it can neither change nor remove one, and nothing is sent for those.
    func testRTorrentAddsATrackerAndCannotRemoveOne() async throws {
        let rig = try await rig(.rtorrent, seeds: 2)
        defer { rig.solo.stop() }
        let (item, other) = try await twoItems(rig)
        let hash = item.joinKey.lowercased(), added = "http://127.0.0.1:1/announce"
        var original: [String] = []
        try await eventually(rig, "its trackers") { view in
            original = view.trackers?[hash] ?? []
            return !original.isEmpty
        }
        let inserts = { () async throws -> [LockoutSafetyTests.Proxy.Seen] in
            try await rig.writes().filter { ($0.body ?? "").contains("d.tracker.insert") }
        }
        let result = await rig.repository.perform(.addTrackers([added]), on: item)
        XCTAssertNoThrow(try result.get())
        let sent = try await inserts()
        XCTAssertEqual(sent.count, 1)
        XCTAssertTrue((sent.first?.body ?? "").lowercased().contains(hash) && !(sent.first?.body ?? "").lowercased().contains(other.joinKey.lowercased()))
        try await eventually(rig, "the tracker added") { $0.trackers?[hash] == original + [added] }
        let before = try await rig.writes().count
        let removed = await rig.repository.perform(.removeTrackers([added]), on: item)
        XCTAssertEqual(removed.failure, .notOffered)
        let after = try await rig.writes().count
        XCTAssertEqual(after, before)
    }

    // MARK: NZBGet

    /// A queued job to the top, down one, up one, to the bottom; and renamed — one `editqueue` each, naming its NZBID.
    func testNZBGetMovesAndRenamesAQueuedJob() async throws {
        let rig = try await rig(.nzbget)
        defer { rig.solo.stop() }
        let items = try await rig.items()
        let queued = items.filter { !$0.isHistoryEntry }
        guard queued.count >= 2 else { return XCTFail("two queued jobs: \(items.map(\.name))") }
        let view = try rig.view()
        let order = try XCTUnwrap(view.order)
        let last = try XCTUnwrap(order.max { $0.value < $1.value }?.key)
        let job = try XCTUnwrap(queued.first { $0.clientID == last })
        let other = try XCTUnwrap(queued.first { $0.clientID != last })
        for (move, place) in [(QueueMove.top, 0), (.down, 1), (.up, 0), (.bottom, order.count - 1)] {
            try await editqueue(rig, .moveInQueue(move), on: job, other: other) { $0.order?[last] == place }
        }
        try await editqueue(rig, .rename("Fixture.Renamed.Job"), on: job, other: other) { $0.names?[last] == "Fixture.Renamed.Job" }
    }

    /// A queued job's priority (NZBGet's numbers) and category (only the category: any name is stored, so names are
    /// checked before), each one `editqueue` naming its NZBID, the daemon's own API agreeing, the General page too.
    func testNZBGetSetsAQueuedJobsPriorityAndCategory() async throws {
        let rig = try await rig(.nzbget)
        defer { rig.solo.stop() }
        let queued = try await rig.items().filter { !$0.isHistoryEntry }
        guard queued.count >= 2 else { return XCTFail("two queued jobs: \(queued.map(\.name))") }
        let (job, other) = (queued[0], queued[1])
        let untouched = try rig.view().priorities?[other.clientID]
        for (priority, value) in [(JobPriority.veryHigh, 100), (.force, 900), (.low, -50)] {
            try await editqueue(rig, .setJobPriority(priority), on: job, other: other) { $0.priorities?[job.clientID] == value }
            let general = try await rig.repository.inspect(job, parts: [.general]).get().general
            XCTAssertEqual(general?.jobPriority, priority, "the General page reads it back")
        }
        XCTAssertEqual(try rig.view().priorities?[other.clientID], untouched, "the other job untouched")
        try await editqueue(rig, .setCategory("fixture-movies"), on: job, other: other) { $0.categories?[job.clientID] == "fixture-movies" }
        try await editqueue(rig, .setCategory(nil), on: job, other: other) { $0.categories?[job.clientID] == "" }
        let before = try await rig.writes().count
        let refused = await rig.repository.perform(.setCategory("tab\there"), on: job)
        XCTAssertEqual(refused.failure, .invalidRequest(.badGroupName))
        let after = try await rig.writes().count
        XCTAssertEqual(after, before, "a name that cannot be one sends nothing")
    }

    /// The failed job of its history downloaded again (back in the queue, out of the history) and a queued job's
    /// archive password (the Unpack step's parameter, as NZBGet's own API lists it), one `editqueue` each.
    func testNZBGetDownloadsAFailedJobAgainAndTakesAnArchivePassword() async throws {
        let rig = try await rig(.nzbget)
        defer { rig.solo.stop() }
        let items = try await rig.items()
        let failed = try XCTUnwrap(items.first { $0.isHistoryEntry && $0.state == .error }, "\(items.map { ($0.name, $0.state) })")
        let queued = items.filter { !$0.isHistoryEntry }
        guard queued.count >= 2 else { return XCTFail("two queued jobs") }
        try await editqueue(rig, .setArchivePassword(ArchivePassword("fixture-archive-secret")), on: queued[0], other: queued[1]) {
            $0.parameters?[queued[0].clientID]?["*Unpack:Password"] == "fixture-archive-secret"
                && $0.parameters?[queued[1].clientID]?["*Unpack:Password"] == nil
        }
        try await editqueue(rig, .retry, on: failed, other: queued[0]) { view in
            view.queue?[failed.clientID] != nil && view.history?[failed.clientID] == nil
        }
        let done = try XCTUnwrap(items.first { $0.isHistoryEntry && $0.state != .error })
        let before = try await rig.writes().count
        let refused = await rig.repository.perform(.retry, on: done)
        XCTAssertEqual(refused.failure, .notOffered, "only a failed job is downloaded again")
        let after = try await rig.writes().count
        XCTAssertEqual(after, before)
    }

    private func editqueue(_ rig: Rig, _ action: TransferDetailAction, on job: TransferItem, other: TransferItem,
                           _ done: @escaping (DaemonView) -> Bool) async throws {
        let before = try await rig.writes().count
        let result = await rig.repository.perform(action, on: job)
        if case .failure(let error) = result { XCTFail("\(action): \(error)") }
        let writes = try await rig.writes()
        XCTAssertEqual(writes.count, before + 1, "one request")
        let body = writes.last?.body ?? ""
        XCTAssertTrue(body.contains("editqueue") && body.contains("[\(job.clientID)]") && !body.contains("[\(other.clientID)]"), body)
        try await eventually(rig, "\(action)", done)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
