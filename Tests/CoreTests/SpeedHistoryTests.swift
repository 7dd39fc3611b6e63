@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// A client's speed history: samples folded into three resolutions (means and peaks), bounded whatever the run's
/// length, read back as written, a clock set back left out, and a file that is not one set aside — never a crash.
final class SpeedHistoryTests: XCTestCase {
    private let day: Int64 = 86_400
    private let start: Int64 = 1_780_000_000 // a multiple of 600: periods start on it

    func testSamplesFoldIntoMeansAndPeaksOfEachPeriod() throws {
        var history = SpeedHistory()
        // A sample every 2 s, alternating 1,000 and 3,000 down, 10 and 30 up.
        for second in stride(from: Int64(0), to: 60, by: 2) {
            let high = (second / 2) % 2 == 1
            history.record(down: high ? 3000 : 1000, up: high ? 30 : 10, at: start + second)
        }
        let minute = history.points(last: 60, now: start + 59)
        XCTAssertEqual(minute.count, 12, "a minute of 5 s periods")
        XCTAssertEqual(minute.first?.time, start)
        XCTAssertTrue(minute.allSatisfy { $0.time % 5 == 0 })
        let whole = history.points(last: 2 * day, now: start + 59)
        XCTAssertEqual(whole.count, 1, "two days come from the 10-minute resolution: one period so far")
        XCTAssertEqual(whole.first?.down, 2000, "the mean of 1,000s and 3,000s")
        XCTAssertEqual(whole.first?.peakDown, 3000)
        XCTAssertEqual(whole.first?.up, 20)
        history.record(down: -5, up: -1, at: start + 60)
        XCTAssertEqual(history.points(last: 5, now: start + 60).last, SpeedHistory.Point(time: start + 60, down: 0, up: 0, peakDown: 0, peakUp: 0),
                       "a negative speed reads as 0")
    }

    func testThirtyDaysStayBoundedAndTheGraphOfEachSpanComesFromTheFinestResolutionThatReachesIt() throws {
        var history = SpeedHistory()
        let samples = Int(31 * day / 10)
        for index in 0..<samples { history.record(down: Int64(index % 1000), up: 1, at: start + Int64(index) * 10) }
        let now = start + Int64(samples) * 10
        for (resolution, layout) in zip(history.resolutions, SpeedHistory.layout) {
            XCTAssertLessThanOrEqual(resolution.points.count, layout.capacity, "\(layout.seconds) s: bounded")
        }
        let hour = history.points(last: 3600, now: now), dayPoints = history.points(last: day, now: now)
        let month = history.points(last: 30 * day, now: now)
        XCTAssertEqual(Set(zip(hour, hour.dropFirst()).map { $1.time - $0.time }), [10], "an hour: every 10 s sample its own 5 s period")
        XCTAssertEqual(Set(zip(dayPoints, dayPoints.dropFirst()).map { $1.time - $0.time }), [60])
        XCTAssertEqual(Set(zip(month, month.dropFirst()).map { $1.time - $0.time }), [600])
        XCTAssertGreaterThanOrEqual(month.count, 4319)
        XCTAssertLessThanOrEqual(month.count, 4321)
        let size = history.encoded().count
        XCTAssertLessThanOrEqual(size, 5 * 1024 * 1024, "30 days on disk")
        XCTAssertLessThan(size, 300 * 1024, "in fact a few hundred kilobytes: \(size)")
    }

    func testAClockSetBackIsLeftOutAndAGapStaysAGap() {
        var history = SpeedHistory()
        history.record(down: 100, up: 0, at: start + 100)
        history.record(down: 999, up: 0, at: start + 40) // the clock went back a minute
        history.record(down: 100, up: 0, at: start + 3700) // an hour later: the app was not running
        let points = history.points(last: 2 * 3600, now: start + 3700)
        XCTAssertEqual(points.map(\.down), [100, 100], "the sample from before the newest period is not in the history")
        let minute = { (time: Int64) in time - time % 60 } // the one-minute period a time falls in
        XCTAssertEqual(points.map(\.time), [minute(start + 100), minute(start + 3700)], "nothing made up in the gap")
    }

    func testTheSummaryIsTheSpeedNowAndThePeaks() throws {
        var history = SpeedHistory()
        for (offset, down) in [(0, 500), (10, 31_000), (20, 12_400)] { history.record(down: Int64(down), up: 7, at: start + Int64(offset)) }
        let summary = try XCTUnwrap(history.summary(last: 3600, now: start + 21))
        XCTAssertEqual(summary.down, 12_400)
        XCTAssertEqual(summary.peakDown, 31_000)
        XCTAssertEqual(summary.up, 7)
        let later = try XCTUnwrap(history.summary(last: 3600, now: start + 600))
        XCTAssertNil(later.down, "nothing sampled in the last 15 s: the speed now is not known")
        XCTAssertEqual(later.peakDown, 31_000)
        XCTAssertNil(history.summary(last: 3600, now: start + 10 * day), "nothing in the last hour")
    }

    func testItReadsBackAsWrittenAndAnythingElseIsCorruptNeverACrash() throws {
        var history = SpeedHistory()
        for index in 0..<5000 { history.record(down: Int64(index * 7 % 9000), up: Int64(index % 13), at: start + Int64(index) * 3) }
        let data = history.encoded()
        XCTAssertEqual(try SpeedHistory(decoding: data), history)
        XCTAssertEqual(try SpeedHistory(decoding: SpeedHistory().encoded()), SpeedHistory(), "an empty history")

        // Cut short anywhere, a byte more, another magic or version, a point count past the capacity.
        for length in [0, 3, 4, 7, 8, 20, data.count / 2, data.count - 1] {
            XCTAssertThrowsError(try SpeedHistory(decoding: data.prefix(length)), "cut at \(length)")
        }
        XCTAssertThrowsError(try SpeedHistory(decoding: data + Data([0])))
        var magic = data; magic[0] = UInt8(ascii: "X")
        XCTAssertThrowsError(try SpeedHistory(decoding: magic))
        var version = data; version[4] = 9
        XCTAssertThrowsError(try SpeedHistory(decoding: version))
        var count = data; count.replaceSubrange(16..<20, with: [0xFF, 0xFF, 0xFF, 0x7F])
        XCTAssertThrowsError(try SpeedHistory(decoding: count)) { error in
            XCTAssertTrue((error as? SpeedHistory.Corrupt)?.detail.contains("fit") == true, "\(error)")
        }
        // The first point's time after the second's: out of order.
        var order = data
        let first = 20, second = 60
        let a = order.subdata(in: first..<(first + 8)), b = order.subdata(in: second..<(second + 8))
        order.replaceSubrange(first..<(first + 8), with: b)
        order.replaceSubrange(second..<(second + 8), with: a)
        XCTAssertThrowsError(try SpeedHistory(decoding: order))
        // Random bytes, and the real file with random bytes changed: read or refused, never a crash.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var noise = data
            for _ in 0..<4 { noise[Int.random(in: 0..<noise.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            _ = try? SpeedHistory(decoding: noise)
            _ = try? SpeedHistory(decoding: Data((0..<Int.random(in: 0..<200, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        }
    }

    func testTheStoreKeepsEachClientsHistoryAcrossRunsAndSetsAsideAFileItCannotRead() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("speed-history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = ServiceCache(root: root)
        let client = UUID(), other = UUID()
        let store = SpeedHistoryStore(cache: cache)
        await store.record(client, down: 4000, up: 40, at: start)
        await store.record(client, down: 6000, up: 60, at: start + 2) // within the minute: kept in memory
        await store.record(other, down: 1, up: 1, at: start)
        await store.flush()
        let file = await cache.directory(for: client).appendingPathComponent(SpeedHistoryStore.fileName)
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path))

        let again = SpeedHistoryStore(cache: ServiceCache(root: root))
        let read = await again.history(client)
        XCTAssertEqual(read.points(last: 60, now: start + 2).first?.down, 5000, "both samples, from the file")
        let setAside = await again.setAside
        XCTAssertTrue(setAside.isEmpty)

        // A file cut short: set aside with the reason, a new history starts, and the next write is a good file.
        let data = try Data(contentsOf: file)
        try data.prefix(data.count - 3).write(to: file)
        let third = SpeedHistoryStore(cache: ServiceCache(root: root))
        let fresh = await third.history(client)
        XCTAssertEqual(fresh, SpeedHistory())
        let reasons = await third.setAside
        XCTAssertEqual(reasons[client], "cut short")
        let aside = await cache.directory(for: client).appendingPathComponent(SpeedHistoryStore.setAsideName)
        XCTAssertEqual(try Data(contentsOf: aside), data.prefix(data.count - 3), "the unreadable file kept aside as it was")
        await third.record(client, down: 9, up: 9, at: start + 100)
        XCTAssertEqual(try SpeedHistory(decoding: Data(contentsOf: file)).points(last: 60, now: start + 100).map(\.down), [9])
        let untouched = await third.history(other)
        XCTAssertEqual(untouched.points(last: 60, now: start).map(\.down), [1], "another client's history is its own")
    }
}
