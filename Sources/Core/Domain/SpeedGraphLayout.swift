import Foundation

/// Where a speed graph's lines, scale and time marks go, worked out apart from drawing (tested without a display).
/// Coordinates are fractions of the plot: x from 0 (the start of the range) to 1 (now), y from 0 (no speed) to 1
/// (the top of the scale). A period with no sample (the app was not running, the client was not read) is a gap
/// between two lines, never a line drawn across it.
public struct SpeedGraphLayout: Sendable, Equatable {
    /// How far back a graph looks.
    public enum Range: Int, CaseIterable, Sendable {
        case hour, day, month

        public var seconds: Int64 {
            switch self {
            case .hour: 3600
            case .day: 86_400
            case .month: 30 * 86_400
            }
        }

        /// Time marks every quarter hour, every six hours, every five days.
        var markEvery: Int64 {
            switch self {
            case .hour: 900
            case .day: 6 * 3600
            case .month: 5 * 86_400
            }
        }
    }

    public struct Spot: Sendable, Equatable {
        public var x: Double
        public var y: Double
    }

    public let range: Range
    public let now: Int64
    /// The scale's top (bytes per second) and its marks from 0 up to it, evenly spaced.
    public let top: Int64
    public let marks: [Int64]
    /// The times marked under the plot (seconds since 1970), oldest first, each with its x.
    public let timeMarks: [(time: Int64, x: Double)]
    /// The lines: each a run of points with no gap in it.
    public let down: [[Spot]]
    public let up: [[Spot]]
    /// The points drawn, oldest first (the hover readout's).
    public let points: [SpeedHistory.Point]
    /// How long each point's period is.
    public let period: Int64

    public static func == (a: Self, b: Self) -> Bool {
        a.range == b.range && a.now == b.now && a.top == b.top && a.marks == b.marks && a.down == b.down && a.up == b.up
            && a.timeMarks.map(\.time) == b.timeMarks.map(\.time) && a.points == b.points
    }

    /// `utcOffset` (seconds east of UTC) puts the time marks on the user's own quarter hours, six hours and midnights.
    public init(history: SpeedHistory, range: Range, now: Int64, utcOffset: Int64 = 0) {
        let points = history.points(last: range.seconds, now: now)
        let period = history.resolutions.first { $0.span >= range.seconds }?.seconds ?? history.resolutions.last?.seconds ?? 5
        self.init(points: points, period: period, range: range, now: now, utcOffset: utcOffset)
    }

    public init(points: [SpeedHistory.Point], period: Int64, range: Range, now: Int64, utcOffset: Int64 = 0) {
        self.range = range
        self.now = now
        self.points = points
        self.period = max(1, period)
        let peak = points.reduce(Int64(0)) { max($0, $1.down, $1.up) }
        let step = Self.step(forPeak: peak, marks: 4)
        top = step * 4
        marks = (0...4).map { Int64($0) * step }
        let start = now - range.seconds, span = Double(range.seconds)
        var times: [(Int64, Double)] = []
        let every = range.markEvery
        var mark = (start + utcOffset + every - 1).floorDivided(by: every) * every - utcOffset
        while mark <= now {
            if mark >= start { times.append((mark, Double(mark - start) / span)) }
            mark += every
        }
        timeMarks = times
        // A point sits in the middle of its period; a period with no sample longer than three periods (or a minute)
        // breaks the line.
        let gap = max(3 * self.period, 60)
        var down: [[Spot]] = [], up: [[Spot]] = []
        var previous: Int64?
        let scale = Double(top)
        for point in points {
            let x = min(1, max(0, (Double(point.time - start) + Double(self.period) / 2) / span))
            let spotDown = Spot(x: x, y: min(1, Double(point.down) / scale)), spotUp = Spot(x: x, y: min(1, Double(point.up) / scale))
            if let previous, point.time - previous <= gap, !down.isEmpty {
                down[down.count - 1].append(spotDown)
                up[up.count - 1].append(spotUp)
            } else {
                down.append([spotDown])
                up.append([spotUp])
            }
            previous = point.time
        }
        self.down = down
        self.up = up
    }

    /// The point under `x` (a fraction of the plot), nil away from any (more than two periods from the nearest).
    public func point(atX x: Double) -> SpeedHistory.Point? {
        let time = Double(now - range.seconds) + x * Double(range.seconds)
        guard let nearest = points.min(by: { abs(Double($0.time) + Double(period) / 2 - time) < abs(Double($1.time) + Double(period) / 2 - time) })
        else { return nil }
        return abs(Double(nearest.time) + Double(period) / 2 - time) <= Double(2 * period) ? nearest : nil
    }

    /// `run` with at most one point per column of a plot `columns` wide — the highest of each column — so a 30-day
    /// line of 4,320 points is drawn as the plot's width in points, its peaks kept (cairo's time grows with them).
    public static func thinned(_ run: [Spot], columns: Int) -> [Spot] {
        guard columns > 0, run.count > columns else { return run }
        var out: [Spot] = []
        out.reserveCapacity(columns + 2)
        var column = -1
        var high = run[0]
        for spot in run {
            let here = min(columns - 1, Int(spot.x * Double(columns)))
            if here != column {
                if column >= 0 { out.append(high) }
                column = here
                high = spot
            } else if spot.y > high.y {
                high = spot
            }
        }
        out.append(high)
        if let first = run.first, out.first != first { out.insert(first, at: 0) } // the line starts and ends where it did
        if let last = run.last, out.last != last { out.append(last) }
        return out
    }

    /// A step of 1, 2 or 5 × 10ⁿ bytes per second (at least 250 B/s) such that `marks` steps reach `peak`.
    static func step(forPeak peak: Int64, marks: Int64) -> Int64 {
        let needed = max(1, peak / marks + (peak % marks == 0 ? 0 : 1))
        var magnitude: Int64 = 100
        while true {
            for factor: Int64 in [1, 2, 5] {
                let (step, overflow) = factor.multipliedReportingOverflow(by: magnitude)
                if overflow { return Int64.max / marks }
                if step >= max(needed, 250) { return step }
            }
            let (next, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            if overflow { return Int64.max / marks }
            magnitude = next
        }
    }
}

extension Int64 {
    /// Division rounding toward negative infinity (times before 1970 and negative offsets mark right too).
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
