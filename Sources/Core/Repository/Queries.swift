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
        return kept.sorted(by: ordering)
    }

    private func ordering(_ a: Resource, _ b: Resource) -> Bool {
        func byTitle() -> Bool {
            let order = a.sortTitle.localizedStandardCompare(b.sortTitle)
            return order == .orderedSame ? a.id.itemID < b.id.itemID : order == .orderedAscending
        }
        switch sort {
        case .title: return byTitle()
        case .year: return a.year == b.year ? byTitle() : (a.year ?? 0) > (b.year ?? 0)
        case .added: return a.added == b.added ? byTitle() : (a.added ?? .distantPast) > (b.added ?? .distantPast)
        case .size: return a.sizeOnDisk == b.sizeOnDisk ? byTitle() : a.sizeOnDisk > b.sizeOnDisk
        }
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
