import Foundation

/// One of a transfer's share limits: the client's own setting for all transfers, none, or a value of its own.
public enum ShareLimit<Value: Sendable & Equatable & Comparable>: Sendable, Equatable {
    /// The client's setting for every transfer applies (qBittorrent's -2, Transmission's mode 0).
    case clientDefault
    /// Seeds without this limit.
    case unlimited
    case value(Value)
}

/// When a transfer stops seeding, as far as the client lets one transfer say: a ratio, minutes of seeding in all
/// (qBittorrent), minutes without anybody downloading from it (Transmission's idle limit). A part the client does not
/// have is nil — in what the General page read and in what a change sends.
public struct ShareLimits: Sendable, Equatable {
    public var ratio: ShareLimit<Double>?
    public var seedingMinutes: ShareLimit<Int>?
    public var idleMinutes: ShareLimit<Int>?

    public init(ratio: ShareLimit<Double>? = nil, seedingMinutes: ShareLimit<Int>? = nil, idleMinutes: ShareLimit<Int>? = nil) {
        self.ratio = ratio
        self.seedingMinutes = seedingMinutes
        self.idleMinutes = idleMinutes
    }

    /// The highest ratio and the longest time a client takes (qBittorrent's caps: 9,999 and a year).
    public static let maxRatio = 9_999.0
    public static let maxMinutes = 525_600
    /// The lowest ratio a limit can be (0 would stop a transfer as soon as it finished).
    public static let minRatio = 0.01

    /// A ratio as the clients' wire takes it: a dot, two places, whatever the locale ("1.50").
    static func wire(_ ratio: Double) -> String {
        String(format: "%.2f", locale: Locale(identifier: "en_US_POSIX"), ratio)
    }

    /// Whether every value is in range (see `checked`).
    public var isValid: Bool {
        if case .value(let ratio) = ratio, !(ratio >= Self.minRatio && ratio <= Self.maxRatio) { return false }
        for minutes in [seedingMinutes, idleMinutes] {
            if case .value(let value) = minutes, !(1...Self.maxMinutes).contains(value) { return false }
        }
        return true
    }
}

/// Which share limits a client keeps per transfer, and whether each can fall back to the client's own setting.
public struct ShareLimitSupport: Sendable, Equatable {
    public var ratio: Bool
    public var seedingTime: Bool
    public var idleTime: Bool
    /// Whether "the client's setting" is a choice (Deluge keeps only the transfer's own: stop or not).
    public var clientDefault: Bool

    public init(ratio: Bool, seedingTime: Bool, idleTime: Bool, clientDefault: Bool) {
        self.ratio = ratio
        self.seedingTime = seedingTime
        self.idleTime = idleTime
        self.clientDefault = clientDefault
    }

    public static let none = ShareLimitSupport(ratio: false, seedingTime: false, idleTime: false, clientDefault: false)

    /// Whether `limits` asks only for what the client has.
    public func allows(_ limits: ShareLimits) -> Bool {
        let parts: [(Bool, Bool)] = [(limits.ratio != nil, ratio), (limits.seedingMinutes != nil, seedingTime), (limits.idleMinutes != nil, idleTime)]
        guard parts.contains(where: { $0.0 }), parts.allSatisfy({ !$0.0 || $0.1 }) else { return false }
        if !clientDefault, [limits.ratio == .clientDefault, limits.seedingMinutes == .clientDefault, limits.idleMinutes == .clientDefault].contains(true) {
            return false
        }
        return true
    }
}

extension TransferDetailAction {
    /// The limits of `.setShareLimits`, checked against the client's support and the ranges: a ratio from 0.01 to
    /// 9,999, minutes from 1 to a year, at least one part, none the client lacks.
    func checkedShareLimits(_ support: ShareLimitSupport) throws(ServiceError) -> ShareLimits {
        guard case .setShareLimits(let limits) = self else { throw .invalidRequest(.noItems) }
        guard limits.isValid, support.allows(limits) else { throw .invalidRequest(.limitOutOfRange) }
        return limits
    }
}
