import Foundation

/// One client's download and upload speed over time, kept on this machine so a graph covers hours and days whatever
/// the client remembers (most remember nothing). Each refresh's speeds are one sample; samples are folded into three
/// resolutions at once — 5 s for the last hour, a minute for the last day, ten minutes for the last 30 days — each a
/// bounded list of points (mean and peak of each period), so the history never grows past ~260 KB in a file however
/// long the app runs. Time is whole seconds since 1970 (UTC); a sample older than the newest point of a resolution
/// (the clock set back) is left out of that resolution, and a gap (the app was not running) is a gap in the points.
public struct SpeedHistory: Sendable, Equatable {
    /// The mean and peak speeds (bytes per second) of one period starting at `time`.
    public struct Point: Sendable, Equatable {
        public var time: Int64
        public var down: Int64
        public var up: Int64
        public var peakDown: Int64
        public var peakUp: Int64

        public init(time: Int64, down: Int64, up: Int64, peakDown: Int64, peakUp: Int64) {
            self.time = time
            self.down = down
            self.up = up
            self.peakDown = peakDown
            self.peakUp = peakUp
        }
    }

    /// One resolution: points of `seconds` each, at most `capacity` of them, and the period still being filled.
    public struct Resolution: Sendable, Equatable {
        public let seconds: Int64
        public let capacity: Int
        /// Closed periods, oldest first (a few more than `capacity` may be held between trims).
        fileprivate(set) var closed: [Point] = []
        fileprivate var open: Accumulator?

        /// The same points kept (closed periods past `capacity`, still held until the next trim, are not).
        public static func == (a: Self, b: Self) -> Bool {
            a.seconds == b.seconds && a.capacity == b.capacity && a.open == b.open
                && a.closed.suffix(a.capacity).elementsEqual(b.closed.suffix(b.capacity))
        }

        /// How far back this resolution reaches.
        public var span: Int64 { seconds * Int64(capacity) }

        fileprivate mutating func add(down: Int64, up: Int64, at time: Int64) {
            let start = time - ((time % seconds) + seconds) % seconds
            if var current = open {
                if start == current.start {
                    current.add(down: down, up: up)
                    open = current
                    return
                }
                guard start > current.start else { return } // the clock went back: not this period's, not a new one
                closed.append(current.point)
            } else if let last = closed.last, start <= last.time {
                return
            }
            open = Accumulator(start: start, down: down, up: up)
            // Trimmed a quarter at a time, so a sample costs no copy of the whole list.
            if closed.count > capacity + capacity / 4 { closed.removeFirst(closed.count - capacity) }
        }

        /// Every point, the open period last (its mean so far), at most `capacity`.
        var points: [Point] {
            var all = closed.suffix(open == nil ? capacity : capacity - 1)
            if let open { all.append(open.point) }
            return Array(all)
        }
    }

    fileprivate struct Accumulator: Sendable, Equatable {
        var start: Int64
        var sumDown: Int64
        var sumUp: Int64
        var count: Int64
        var peakDown: Int64
        var peakUp: Int64

        init(start: Int64, down: Int64, up: Int64) {
            self.start = start
            sumDown = down
            sumUp = up
            count = 1
            peakDown = down
            peakUp = up
        }

        init(start: Int64, sumDown: Int64, sumUp: Int64, count: Int64, peakDown: Int64, peakUp: Int64) {
            self.start = start
            self.sumDown = sumDown
            self.sumUp = sumUp
            self.count = count
            self.peakDown = peakDown
            self.peakUp = peakUp
        }

        mutating func add(down: Int64, up: Int64) {
            sumDown = sumDown.addingReportingOverflow(down).overflow ? .max : sumDown + down
            sumUp = sumUp.addingReportingOverflow(up).overflow ? .max : sumUp + up
            count += 1
            peakDown = max(peakDown, down)
            peakUp = max(peakUp, up)
        }

        var point: Point { Point(time: start, down: sumDown / count, up: sumUp / count, peakDown: peakDown, peakUp: peakUp) }
    }

    public private(set) var resolutions: [Resolution]

    /// 5 s × 720 (an hour), 1 min × 1,440 (a day), 10 min × 4,320 (30 days).
    public static let layout: [(seconds: Int64, capacity: Int)] = [(5, 720), (60, 1440), (600, 4320)]

    public init() {
        resolutions = Self.layout.map { Resolution(seconds: $0.seconds, capacity: $0.capacity) }
    }

    /// One refresh's speeds (negative ones read as 0).
    public mutating func record(down: Int64, up: Int64, at time: Int64) {
        let down = max(0, down), up = max(0, up)
        for index in resolutions.indices { resolutions[index].add(down: down, up: up, at: time) }
    }

    /// The points of the last `seconds` before `now`, from the finest resolution that reaches that far back.
    public func points(last seconds: Int64, now: Int64) -> [Point] {
        let resolution = resolutions.first { $0.span >= seconds } ?? resolutions[resolutions.count - 1]
        let from = now - seconds
        return resolution.points.filter { $0.time + resolution.seconds > from && $0.time <= now }
    }

    /// What a screen reader hears of a graph: the speeds now (nil when no sample came in the last 15 s: the client
    /// is not being read) and the peaks over the last `seconds`.
    public struct Summary: Sendable, Equatable {
        public var down: Int64?
        public var up: Int64?
        public var peakDown: Int64
        public var peakUp: Int64
    }

    /// Nil when nothing was recorded in the last `seconds`.
    public func summary(last seconds: Int64, now: Int64) -> Summary? {
        let points = points(last: seconds, now: now)
        guard !points.isEmpty else { return nil }
        let finest = resolutions[0]
        let latest = finest.points.last.flatMap { $0.time + 3 * finest.seconds > now ? $0 : nil }
        return Summary(down: latest?.down, up: latest?.up, peakDown: points.map(\.peakDown).max() ?? 0,
                       peakUp: points.map(\.peakUp).max() ?? 0)
    }

    // MARK: On disk

    /// Why a history file could not be read (it is set aside, and a new history starts).
    public struct Corrupt: Error, Sendable, Equatable {
        public let detail: String
    }

    private static let magic: [UInt8] = Array("SWSH".utf8)
    private static let version: UInt16 = 1

    /// Little-endian: "SWSH", version, resolution count; per resolution its seconds, point count, the points
    /// (time, down, up, peak down, peak up) and the open period (start, sums, count, peaks; start -1 when none).
    public func encoded() -> Data {
        var out = Data(Self.magic)
        out.reserveCapacity(8 + resolutions.reduce(0) { $0 + 64 + $1.capacity * 40 })
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
        put(Self.version)
        put(UInt16(resolutions.count))
        for resolution in resolutions {
            let points = Array(resolution.closed.suffix(resolution.capacity))
            put(resolution.seconds)
            put(UInt32(points.count))
            for point in points {
                put(point.time); put(point.down); put(point.up); put(point.peakDown); put(point.peakUp)
            }
            let open = resolution.open
            put(open?.start ?? -1); put(open?.sumDown ?? 0); put(open?.sumUp ?? 0); put(open?.count ?? 0)
            put(open?.peakDown ?? 0); put(open?.peakUp ?? 0)
        }
        return out
    }

    /// Reads a file `encoded()` wrote; anything else — another layout, a short or long file, times out of order, a
    /// negative speed — is `Corrupt`, never a crash.
    public init(decoding data: Data) throws(Corrupt) {
        var reader = ByteReader(bytes: [UInt8](data))
        guard try reader.bytes(4) == Self.magic else { throw Corrupt(detail: "not a speed history") }
        guard try reader.integer(UInt16.self) == Self.version else { throw Corrupt(detail: "another version") }
        guard try reader.integer(UInt16.self) == Self.layout.count else { throw Corrupt(detail: "another layout") }
        var resolutions: [Resolution] = []
        for (seconds, capacity) in Self.layout {
            guard try reader.integer(Int64.self) == seconds else { throw Corrupt(detail: "another layout") }
            let count = Int(try reader.integer(UInt32.self))
            guard count <= capacity else { throw Corrupt(detail: "\(count) points where \(capacity) fit") }
            var resolution = Resolution(seconds: seconds, capacity: capacity)
            resolution.closed.reserveCapacity(count)
            var previous = Int64.min
            for _ in 0..<count {
                let point = Point(time: try reader.integer(Int64.self), down: try reader.integer(Int64.self), up: try reader.integer(Int64.self),
                                  peakDown: try reader.integer(Int64.self), peakUp: try reader.integer(Int64.self))
                guard point.time > previous, point.time % seconds == 0 else { throw Corrupt(detail: "times out of order") }
                guard point.down >= 0, point.up >= 0, point.peakDown >= point.down, point.peakUp >= point.up else {
                    throw Corrupt(detail: "a speed out of range")
                }
                previous = point.time
                resolution.closed.append(point)
            }
            let start = try reader.integer(Int64.self)
            let open = Accumulator(start: start, sumDown: try reader.integer(Int64.self), sumUp: try reader.integer(Int64.self),
                                   count: try reader.integer(Int64.self), peakDown: try reader.integer(Int64.self),
                                   peakUp: try reader.integer(Int64.self))
            if start != -1 {
                guard start > previous, start % seconds == 0, open.count > 0, open.sumDown >= 0, open.sumUp >= 0,
                      open.peakDown >= 0, open.peakUp >= 0 else { throw Corrupt(detail: "an open period out of range") }
                resolution.open = open
            }
            resolutions.append(resolution)
        }
        guard reader.atEnd else { throw Corrupt(detail: "bytes after the end") }
        self.resolutions = resolutions
    }
}

/// Reads fixed-width little-endian numbers; running out is `Corrupt`.
private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0
    var atEnd: Bool { offset == bytes.count }

    mutating func bytes(_ count: Int) throws(SpeedHistory.Corrupt) -> [UInt8] {
        guard bytes.count - offset >= count else { throw SpeedHistory.Corrupt(detail: "cut short") }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    mutating func integer<T: FixedWidthInteger>(_: T.Type) throws(SpeedHistory.Corrupt) -> T {
        let size = MemoryLayout<T>.size
        guard bytes.count - offset >= size else { throw SpeedHistory.Corrupt(detail: "cut short") }
        var value: T = 0
        for index in 0..<size { value |= T(truncatingIfNeeded: bytes[offset + index]) << (8 * index) }
        offset += size
        return value
    }
}
