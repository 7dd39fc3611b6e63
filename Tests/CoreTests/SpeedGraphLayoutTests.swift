@testable import Core
import XCTest

/// Where a speed graph's lines, scale and time marks go (the widget only draws what this says).
final class SpeedGraphLayoutTests: XCTestCase {
    let now: Int64 = 1_780_000_000 - 1_780_000_000 % 3600 + 1800 // half past an hour, UTC

    func testTheScaleIsARoundStepAboveThePeak() {
        XCTAssertEqual(SpeedGraphLayout.step(forPeak: 0, marks: 4), 500, "nothing recorded: 0 to 2 KB/s")
        XCTAssertEqual(SpeedGraphLayout.step(forPeak: 12_800_000, marks: 4), 5_000_000, "12.8 MB/s under a 20 MB/s top")
        XCTAssertEqual(SpeedGraphLayout.step(forPeak: 20_000_000, marks: 4), 5_000_000, "a peak on the top is on the scale")
        XCTAssertEqual(SpeedGraphLayout.step(forPeak: 20_000_001, marks: 4), 10_000_000)
        XCTAssertGreaterThan(SpeedGraphLayout.step(forPeak: .max, marks: 4), 0, "no overflow at the largest speed")
        var history = SpeedHistory()
        history.record(down: 3_900_000, up: 150_000, at: now - 60)
        let layout = SpeedGraphLayout(history: history, range: .hour, now: now)
        XCTAssertEqual(layout.top, 4_000_000)
        XCTAssertEqual(layout.marks, [0, 1_000_000, 2_000_000, 3_000_000, 4_000_000])
        XCTAssertEqual(layout.down.count, 1)
        XCTAssertEqual(layout.down[0][0].y, 0.975, accuracy: 1e-9)
        XCTAssertEqual(layout.up[0][0].y, 0.0375, accuracy: 1e-9)
    }

    func testAPeriodWithNoSampleIsAGapNotALine() {
        var history = SpeedHistory()
        for offset in stride(from: Int64(3000), through: 2000, by: -5) { history.record(down: 1000, up: 10, at: now - offset) }
        // Nothing for 20 minutes (the app was closed), then samples again.
        for offset in stride(from: Int64(800), through: 0, by: -5) { history.record(down: 2000, up: 10, at: now - offset) }
        let layout = SpeedGraphLayout(history: history, range: .hour, now: now)
        XCTAssertEqual(layout.down.count, 2, "two runs, the gap between them not drawn")
        XCTAssertEqual(layout.up.count, 2)
        XCTAssertLessThan(layout.down[0].last!.x, layout.down[1].first!.x)
        XCTAssertEqual(layout.down[1].last!.x, 1, accuracy: 5.0 / 3600, "the last sample is at now")
        // A refresh every 20 s is one line at 5 s points (no sample in three of four periods is not a gap).
        var sparse = SpeedHistory()
        for offset in stride(from: Int64(1200), through: 0, by: -20) { sparse.record(down: 500, up: 0, at: now - offset) }
        XCTAssertEqual(SpeedGraphLayout(history: sparse, range: .hour, now: now).down.count, 1)
        XCTAssertEqual(SpeedGraphLayout(history: SpeedHistory(), range: .month, now: now).down, [], "nothing recorded: no line")
    }

    func testTimeMarksFallOnTheUsersOwnQuarterHoursAndDays() {
        let hour = SpeedGraphLayout(history: SpeedHistory(), range: .hour, now: now)
        XCTAssertEqual(hour.timeMarks.map(\.time), [now - 3600, now - 2700, now - 1800, now - 900, now], "every quarter hour, both ends included")
        XCTAssertEqual(hour.timeMarks.first!.x, 0, accuracy: 1e-9)
        XCTAssertEqual(hour.timeMarks[2].x, 0.5, accuracy: 1e-9)
        XCTAssertEqual(hour.timeMarks.last!.x, 1, accuracy: 1e-9)
        // In a zone 5 h 30 min east of UTC, a day's marks are at its own 00:00, 06:00, 12:00 and 18:00.
        let offset: Int64 = 5 * 3600 + 1800
        let day = SpeedGraphLayout(history: SpeedHistory(), range: .day, now: now, utcOffset: offset)
        XCTAssertEqual(day.timeMarks.count, 4)
        XCTAssertEqual(Set(day.timeMarks.map { (($0.time + offset) % 86_400) / 3600 }), [0, 6, 12, 18])
        let month = SpeedGraphLayout(history: SpeedHistory(), range: .month, now: now)
        XCTAssertEqual(month.timeMarks.map { $0.time % 86_400 }, Array(repeating: 0, count: month.timeMarks.count), "midnights")
        XCTAssertEqual(month.timeMarks.count, 6)
    }

    func testThePointerFindsThePeriodUnderItAndNothingAwayFromAny() {
        var history = SpeedHistory()
        history.record(down: 100, up: 1, at: now - 1800)
        history.record(down: 900, up: 2, at: now - 600)
        let layout = SpeedGraphLayout(history: history, range: .hour, now: now)
        XCTAssertEqual(layout.point(atX: 0.5)?.down, 100)
        XCTAssertEqual(layout.point(atX: 5.0 / 6)?.down, 900)
        XCTAssertNil(layout.point(atX: 0.7), "between the two, far from both")
        XCTAssertNil(SpeedGraphLayout(history: SpeedHistory(), range: .hour, now: now).point(atX: 0.5))
    }
}

extension SpeedGraphLayoutTests {
    /// Thinning a long line to a plot's width keeps each column's highest point, in order, and its ends.
    func testALongLineIsThinnedToThePlotsWidthWithItsPeaks() {
        let run = (0..<4320).map { SpeedGraphLayout.Spot(x: Double($0) / 4319, y: $0 == 2000 ? 1 : ($0 == 2001 ? 0 : 0.5)) }
        let thinned = SpeedGraphLayout.thinned(run, columns: 450)
        XCTAssertLessThanOrEqual(thinned.count, 452)
        XCTAssertTrue(thinned.contains { $0.y == 1 }, "the one peak is kept")
        XCTAssertFalse(thinned.contains { $0.y == 0 }, "a trough beside it is not")
        XCTAssertEqual(thinned.map(\.x), thinned.map(\.x).sorted(), "in the order they came")
        XCTAssertEqual(thinned.first, run.first)
        XCTAssertEqual(thinned.last?.x, run.last?.x)
        let short = Array(run.prefix(100))
        XCTAssertEqual(SpeedGraphLayout.thinned(short, columns: 450), short, "a line shorter than the plot is drawn whole")
    }
}
