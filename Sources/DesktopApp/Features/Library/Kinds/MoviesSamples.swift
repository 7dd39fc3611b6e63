import Core
import Foundation

/// Movies for the inspection routes: one Radarr, eight films in every state, one coming out this week.
extension LibrarySamples {
    static let movies: LibrarySamples = {
        let now = InspectionData.now
        let radarr = InspectionData.radarr
        let rows: [(String, Int, Resource.Status, Bool, Int64, Bool)] = [
            ("Fixture: The Movie", 2024, .released, true, 14_200_000_000, true),
            ("Return of the Placeholder", 2025, .released, true, 23_900_000_000, true),
            ("Synthetic Dawn", 2026, .inCinemas, true, 0, false),
            ("Mock Island", 2019, .released, false, 8_100_000_000, true),
            ("The Invalid Host", 2021, .released, true, 0, false),
            ("Example Road", 2027, .announced, true, 0, false),
            ("Sample Size", 2018, .released, true, 11_000_000_000, true),
            ("Fake Out", 2023, .released, true, 6_300_000_000, true),
        ]
        let items = rows.enumerated().map { index, row in
            Resource(id: ResourceID(serviceID: radarr.id, itemID: index + 101), kind: .movie, title: row.0,
                     sortTitle: row.0.lowercased().replacingOccurrences(of: "the ", with: ""), year: row.1, status: row.2,
                     monitored: row.3, sizeOnDisk: row.4, fileCount: row.5 ? 1 : 0, expectedFileCount: 1, hasFile: row.5,
                     subtitle: nil, added: now.addingTimeInterval(-Double(index) * 86_400 * 11),
                     dates: ["inCinemas": now.addingTimeInterval(-Double(index) * 86_400 * 60),
                             "digital": now.addingTimeInterval(Double(index) * 86_400 * 20)],
                     images: poster())
        }
        let detail = ResourceDetail(resource: items[1], groups: [], history: [
            HistoryEvent(id: 3, date: now.addingTimeInterval(-86_400 * 3), kind: .imported,
                         sourceTitle: "Return.of.the.Placeholder.2025.2160p.WEB-DL", downloadID: nil)], queue: [])
        let start = Calendar.current.startOfDay(for: now)
        let calendar = [CalendarEntry(resource: items[2].id, title: items[2].title, due: .release("digital"),
                                      date: start.addingTimeInterval(3 * 86_400), hasFile: false, monitored: true)]
        return LibrarySamples(
            instances: [radarr], items: items, detail: detail,
            lookup: lookup(.movie, [
                ("Return of the Placeholder", 2025, "Fixture Studios", "The placeholder comes back for one more synthetic adventure."),
                ("Placeholder Rising", 2026, "Example Pictures", "A newcomer stands in for everyone, then for no one."),
                ("The Last Placeholder", 2021, "Invalid Films", "A fixture at the end of the world waits for real data."),
                ("Placeholder Road", 2018, "Fixture Studios", "Two test cases drive across an invented country."),
            ], foreignBase: 900_100, libraryID: 102, groups: []),
            releaseName: "Return.of.the.Placeholder.2025", unmatched: "Unknown Movie", folder: "movies", calendar: calendar,
            partialFailure: ServiceFailure(service: ServiceRef(id: InspectionData.id(7), name: "Radarr 4K", kind: .radarr), error: .unauthorized))
    }()
}
