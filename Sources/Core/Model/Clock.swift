import Foundation

/// The source of "now" for everything that shows or compares times.
/// Inspection routes use a fixed clock so screenshots are deterministic.
public struct Clock: Sendable {
    private let read: @Sendable () -> Date

    public init(_ read: @escaping @Sendable () -> Date) { self.read = read }

    public var now: Date { read() }

    public static let system = Clock { Date() }

    /// 2026-01-15 14:02:00 UTC: the fixed instant every inspection route renders at.
    public static let inspection = Clock.fixed(Date(timeIntervalSince1970: 1_768_485_720))

    public static func fixed(_ date: Date) -> Clock { Clock { date } }
}
