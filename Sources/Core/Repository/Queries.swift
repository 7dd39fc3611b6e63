import Foundation

/// What the Series and Movies lists show of a library: search-as-you-type,
/// one filter and one sort order. Pure, so it runs off the main thread and in tests.
public struct LibraryQuery: Sendable, Equatable {
    public enum Sort: String, Sendable, CaseIterable {
        case title, year, added, size
    }

    public enum Filter: Sendable, Equatable, Hashable {
        case all, monitored, unmonitored, missing
        case instance(UUID)
    }

    public var search = ""
    public var sort: Sort = .title
    public var filter: Filter = .all

    public init(search: String = "", sort: Sort = .title, filter: Filter = .all) {
        self.search = search
        self.sort = sort
        self.filter = filter
    }

    /// The items to show, in order. Search matches every word of the query
    /// against the title, ignoring case and diacritics.
    public func apply(to items: [Resource]) -> [Resource] {
        let words = search.split(whereSeparator: \.isWhitespace).map {
            $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        }
        let kept = items.filter { item in
            switch filter {
            case .all: break
            case .monitored: guard item.monitored else { return false }
            case .unmonitored: guard !item.monitored else { return false }
            case .missing: guard item.monitored, item.fileCount < item.expectedFileCount || !item.hasFile else { return false }
            case .instance(let id): guard item.id.serviceID == id else { return false }
            }
            guard !words.isEmpty else { return true }
            let title = item.title.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            return words.allSatisfy { title.contains($0) }
        }
        // Sort keys are computed once per item, not once per comparison: 20,000 titles
        // compared with localizedStandardCompare took 600 ms; byte keys take a few.
        let keyed = kept.map { (item: $0, title: Self.naturalKey($0.sortTitle)) }
        return keyed.sorted { a, b in
            func byTitle() -> Bool {
                a.title == b.title ? a.item.id.itemID < b.item.id.itemID : a.title.lexicographicallyPrecedes(b.title)
            }
            switch sort {
            case .title: return byTitle()
            case .year: return a.item.year == b.item.year ? byTitle() : (a.item.year ?? 0) > (b.item.year ?? 0)
            case .added:
                return a.item.added == b.item.added ? byTitle() : (a.item.added ?? .distantPast) > (b.item.added ?? .distantPast)
            case .size: return a.item.sizeOnDisk == b.item.sizeOnDisk ? byTitle() : a.item.sizeOnDisk > b.item.sizeOnDisk
            }
        }.map(\.item)
    }

    /// A byte key that sorts titles the way people expect: case and accents
    /// ignored, numbers by value ("Fixture 9" before "Fixture 10").
    public static func naturalKey(_ title: String) -> [UInt8] {
        // ASCII titles (most) fold by lower-casing their bytes; others go through Foundation.
        let folded = title.utf8.allSatisfy { $0 < 0x80 }
            ? title.lowercased()
            : title.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var key: [UInt8] = []
        key.reserveCapacity(folded.utf8.count + 8)
        var digits: [UInt8] = []
        func flushDigits() {
            guard !digits.isEmpty else { return }
            let trimmed = digits.drop { $0 == UInt8(ascii: "0") }
            key.append(UInt8(min(trimmed.count, 255))) // longer numbers are larger
            key.append(contentsOf: trimmed)
            digits.removeAll(keepingCapacity: true)
        }
        for byte in folded.utf8 {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digits.append(byte)
            } else {
                flushDigits()
                key.append(byte)
            }
        }
        flushDigits()
        return key
    }
}

/// What the Downloads list shows: a state and a client filter; sorting is the column view's.
public struct TransferQuery: Sendable, Equatable {
    public enum StateFilter: String, Sendable, CaseIterable {
        case all, active, downloading, seeding, paused, completed, problems
    }

    public var state: StateFilter = .all
    public var client: UUID?

    public init(state: StateFilter = .all, client: UUID? = nil) {
        self.state = state
        self.client = client
    }

    public func includes(_ item: TransferItem) -> Bool {
        if let client, item.serviceID != client { return false }
        switch state {
        case .all: return true
        case .active: return item.downloadSpeed > 0 || item.uploadSpeed > 0 || item.state == .downloading
        case .downloading: return item.state == .downloading || item.state == .stalled || item.state == .queued
        case .seeding: return item.state == .seeding
        case .paused: return item.state == .paused
        case .completed: return item.state == .completed || item.state == .seeding
        case .problems: return item.state == .error || item.state == .stalled
        }
    }
}

/// Text typed to narrow the Downloads list: every word must appear in the transfer's name, its
/// category or labels, or its client's name — case and accents ignored. Matching works on folded
/// byte keys made once per transfer (`key(of:)`), so a keystroke over 10,000 transfers compares bytes only.
public struct TransferSearch: Sendable, Equatable {
    public let text: String
    private let words: [[UInt8]]

    public init(_ text: String = "") {
        self.text = text
        words = text.split(whereSeparator: \.isWhitespace).map { Self.fold(String($0)) }.filter { !$0.isEmpty }
    }

    public var isEmpty: Bool { words.isEmpty }

    /// What a transfer is found by, apart from its client: name, category, labels.
    public static func key(of item: TransferItem) -> [UInt8] {
        var key = fold(item.name)
        for word in [item.category].compactMap({ $0 }) + item.labels where !word.isEmpty {
            key.append(0x0A) // a separator no typed word holds: words never match across fields
            key.append(contentsOf: fold(word))
        }
        return key
    }

    /// Lower-cased, accents removed (ASCII, most names, by bytes alone).
    public static func fold(_ text: String) -> [UInt8] {
        let folded = text.utf8.allSatisfy { $0 < 0x80 } ? text.lowercased()
            : text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return Array(folded.utf8)
    }

    /// Whether every word is in `key` (from `key(of:)`) or in the folded client name.
    public func matches(_ key: [UInt8], client: [UInt8]) -> Bool {
        words.allSatisfy { Self.contains(key, $0) || Self.contains(client, $0) }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { word in
                let first = word[0], last = hay.count - word.count
                var index = 0
                while index <= last {
                    if hay[index] == first {
                        var offset = 1
                        while offset < word.count, hay[index + offset] == word[offset] { offset += 1 }
                        if offset == word.count { return true }
                    }
                    index += 1
                }
                return false
            }
        }
    }
}

/// The Calendar tab: entries grouped by local day, days in order.
public enum CalendarDays {
    public struct Day: Sendable, Equatable {
        public var start: Date
        public var entries: [CalendarEntry]
    }

    public static func group(_ entries: [CalendarEntry], calendar: Calendar = .current) -> [Day] {
        var days: [Date: [CalendarEntry]] = [:]
        for entry in entries { days[calendar.startOfDay(for: entry.date), default: []].append(entry) }
        return days.keys.sorted().map { day in
            Day(start: day, entries: days[day]!.sorted { $0.date == $1.date ? $0.title < $1.title : $0.date < $1.date })
        }
    }
}
