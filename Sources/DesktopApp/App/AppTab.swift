import Core

/// The window's tabs are the repository's features, one each, in display order.
/// Raw values are stable: inspection routes, actions (`win.show-tab`) and saved
/// window state use them.
typealias AppTab = Feature

extension Feature {
    /// 1-based position, as used by the Alt+1…6 accelerators.
    var number: Int { (Self.allCases.firstIndex(of: self) ?? 0) + 1 }

    init?(number: Int) {
        guard (1...Self.allCases.count).contains(number) else { return nil }
        self = Self.allCases[number - 1]
    }

    /// The `number`-th of the tabs on screen (`shown`), in tab order: what Alt+`number` shows.
    init?(number: Int, among shown: Set<AppTab>) {
        let tabs = Self.allCases.filter(shown.contains)
        guard number >= 1, number <= tabs.count else { return nil }
        self = tabs[number - 1]
    }
}
