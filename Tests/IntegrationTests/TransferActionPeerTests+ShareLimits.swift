import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// One transfer's share limits on the real daemons: each change one request naming that hash and not the other's,
/// the daemon's own API agreeing, the General page reading them back, and what a client cannot keep refused unsent.
extension TransferActionPeerTests {
    func testQBittorrentSetsARatioAndASeedingTimeThenItsOwnSettingsAgain() async throws {
        try await shareLimits(.qbittorrent, steps: [
            (ShareLimits(ratio: .value(1.5), seedingMinutes: .value(90)), ["ratio": "1.50", "time": "90"]),
            (ShareLimits(ratio: .unlimited, seedingMinutes: .clientDefault), ["ratio": "none", "time": "default"]),
            (ShareLimits(ratio: .clientDefault), ["ratio": "default", "time": "default"]),
        ], refused: ShareLimits(idleMinutes: .value(5)))
    }

    func testTransmissionSetsARatioAndAnIdleTimeEachWithItsMode() async throws {
        try await shareLimits(.transmission, steps: [
            (ShareLimits(ratio: .value(0.75), idleMinutes: .value(45)), ["ratio": "0.75", "idle": "45"]),
            (ShareLimits(ratio: .unlimited, idleMinutes: .clientDefault), ["ratio": "none", "idle": "default"]),
            (ShareLimits(ratio: .clientDefault, idleMinutes: .unlimited), ["ratio": "default", "idle": "none"]),
        ], refused: ShareLimits(seedingMinutes: .value(60)))
    }

    func testDelugeStopsAtARatioOfItsOwnOrNever() async throws {
        try await shareLimits(.deluge, steps: [
            (ShareLimits(ratio: .value(3.25)), ["ratio": "3.25"]),
            (ShareLimits(ratio: .unlimited), ["ratio": "none"]),
        ], refused: ShareLimits(ratio: .clientDefault))
    }

    /// Each step sent and seen by the daemon, the other transfer unchanged, the General page agreeing with the daemon;
    /// `refused` (a part the client does not keep) sends nothing.
    private func shareLimits(_ kind: ServiceKind, steps: [(ShareLimits, [String: String])], refused: ShareLimits) async throws {
        let rig = try await rig(kind, seeds: 2)
        defer { rig.solo.stop() }
        let (item, other) = try await twoItems(rig)
        let hash = item.joinKey.lowercased(), otherHash = other.joinKey.lowercased()
        var untouched: [String: String] = [:]
        try await eventually(rig, "the other transfer's limits") { view in
            untouched = view.shareLimits?[otherHash] ?? [:]
            return !untouched.isEmpty
        }
        for (limits, seen) in steps {
            try await setGroup(rig, .setShareLimits(limits), on: item, other: other) { $0.shareLimits?[hash] == seen }
            try await eventually(rig, "the other transfer untouched") { $0.shareLimits?[otherHash] == untouched }
            _ = try await rig.items() // qBittorrent's General takes them from the list's last read
            let read = await rig.repository.inspect(item, parts: [.general])
            let shown = try read.get().general?.shareLimits
            XCTAssertEqual(shown, Self.expected(limits, kind: kind), "\(kind): the General page reads what the daemon keeps")
        }
        let before = try await rig.writes().count
        let result = await rig.repository.perform(.setShareLimits(refused), on: item)
        XCTAssertEqual(result.failure, .invalidRequest(.limitOutOfRange))
        let after = try await rig.writes().count
        XCTAssertEqual(after, before, "a part \(kind) does not keep sends nothing")
    }

    /// What the General page shows after `limits` were set: the parts set as set; qBittorrent also shows the seeding
    /// time it was not sent (kept as read), here its own setting.
    private static func expected(_ limits: ShareLimits, kind: ServiceKind) -> ShareLimits {
        var shown = limits
        if kind == .qbittorrent, shown.seedingMinutes == nil { shown.seedingMinutes = .clientDefault }
        return shown
    }
}
