import Core
import Foundation

/// Series for the inspection routes: two Sonarr instances, a show with two seasons, a week of episodes.
extension LibrarySamples {
    static let series: LibrarySamples = {
        let now = InspectionData.now
        let sonarr = InspectionData.sonarr, sonarr4K = InspectionData.sonarr4K
        let rows: [(String, Int, Resource.Status, Bool, Int64, Int, Int, String, ServiceRef)] = [
            ("Fixture Street", 2019, .continuing, true, 412_000_000_000, 58, 60, "Fixture Network", sonarr),
            ("The Synthetic Years", 2015, .ended, true, 96_000_000_000, 24, 24, "Example TV", sonarr),
            ("Placeholder Bay", 2024, .continuing, true, 18_400_000_000, 7, 10, "Fixture Network", sonarr),
            ("Mock Harbour", 2022, .continuing, false, 0, 0, 16, "Invalid Broadcasting", sonarr),
            ("Sample Valley", 2026, .upcoming, true, 0, 0, 0, "Example TV", sonarr),
            ("Testing Grounds", 2011, .ended, true, 520_000_000_000, 96, 96, "Fixture Network", sonarr4K),
            ("Fake Frontier", 2023, .continuing, true, 88_000_000_000, 12, 18, "Example TV", sonarr4K),
        ]
        let items = rows.enumerated().map { index, row in
            Resource(id: ResourceID(serviceID: row.8.id, itemID: index + 1), kind: .series, title: row.0,
                     sortTitle: row.0.lowercased().replacingOccurrences(of: "the ", with: ""), year: row.1, status: row.2,
                     monitored: row.3, sizeOnDisk: row.4, fileCount: row.5, expectedFileCount: row.6, hasFile: row.5 > 0,
                     subtitle: row.7, added: now.addingTimeInterval(-Double(index) * 86_400 * 30),
                     nextDate: row.2 == .continuing ? now.addingTimeInterval(Double(index + 1) * 86_400) : nil,
                     images: poster(), monitoredGroups: [1, 2])
        }

        let show = items[2]
        var episodes: [Child] = []
        for season in 1...2 {
            for number in 1...(season == 1 ? 6 : 4) {
                let aired = now.addingTimeInterval(Double((season - 2) * 60 + number * 7) * 86_400)
                episodes.append(Child(id: ResourceID(serviceID: show.id.serviceID, itemID: season * 100 + number), item: show.id,
                                      group: season, number: number, title: "Fixture Episode \(number)",
                                      date: aired, hasFile: season == 1 || number < 2, monitored: true))
            }
        }
        let seasons = episodes.grouped { ChildGroup(key: $0, number: $0, monitored: show.groupMonitored($0), children: []) }
        let history = [HistoryEvent(id: 1, date: now.addingTimeInterval(-7200), kind: .imported,
                                    sourceTitle: "Placeholder.Bay.S02E01.1080p.WEB-DL", downloadID: nil),
                       HistoryEvent(id: 2, date: now.addingTimeInterval(-9000), kind: .grabbed,
                                    sourceTitle: "Placeholder.Bay.S02E01.1080p.WEB-DL", downloadID: nil)]
        let detail = ResourceDetail(resource: show, groups: seasons, history: history,
                                    queue: [InspectionData.queue[0]].map { var item = $0; item.resource = show.id; return item })

        let start = Calendar.current.startOfDay(for: now)
        let day: TimeInterval = 86_400
        func entry(_ item: Int, _ season: Int, _ episode: Int, _ title: String, _ offset: TimeInterval, hasFile: Bool = false,
                   monitored: Bool = true) -> CalendarEntry {
            CalendarEntry(resource: items[item].id, title: items[item].title, due: .child(group: season, number: episode, title: title),
                          date: start.addingTimeInterval(offset), hasFile: hasFile, monitored: monitored)
        }
        let calendar = [
            entry(0, 6, 13, "The Fixture Within", 20 * 3600),
            entry(2, 2, 3, "Low Tide", day + 21 * 3600),
            entry(6, 2, 1, "Premiere", day + 22 * 3600),
            entry(3, 3, 1, "Return", 5 * day + 20 * 3600, monitored: false),
            entry(0, 6, 12, "Earlier Today", 3600 * 6, hasFile: true),
        ]

        return LibrarySamples(
            instances: [sonarr, sonarr4K], items: items, detail: detail,
            lookup: lookup(.series, [
                ("Placeholder Bay", 2024, "Fixture Network", "A harbour town where nothing real ever happens."),
                ("Placeholder Heights", 2025, "Example TV", "Three synthetic families share one invented building, and one shared fixture."),
                ("The Placeholder Files", 2019, "Invalid Broadcasting", "Agents investigate data that was never there. Every episode ends in a fixture."),
                ("Placeholder Kitchen", 2022, "Example TV", "Cooks compete with ingredients made of test data."),
            ], foreignBase: 800_100, libraryID: 3, groups: [1, 2]),
            releaseName: "Placeholder.Bay.S02", unmatched: "Unknown Series", folder: "tv", calendar: calendar,
            partialFailure: ServiceFailure(service: sonarr4K, error: .unauthorized))
    }()
}
