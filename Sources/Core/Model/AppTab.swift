/// The window's tabs, in display order. Raw values are stable: inspection
/// routes, actions (`win.show-tab`) and saved window state use them.
public enum AppTab: String, Sendable, CaseIterable, Identifiable {
    case overview
    case series
    case movies
    case activity
    case downloads
    case calendar

    public var id: String { rawValue }

    /// 1-based position, as used by the Alt+1…6 accelerators.
    public var number: Int { (Self.allCases.firstIndex(of: self) ?? 0) + 1 }

    public init?(number: Int) {
        guard (1...Self.allCases.count).contains(number) else { return nil }
        self = Self.allCases[number - 1]
    }
}
