import Core
import Foundation

/// Music for the inspection routes: one Lidarr, six artists in every state, an artist with two
/// albums and their tracks, two albums coming out this week.
extension LibrarySamples {
    static let lidarr = ServiceRef(id: InspectionData.id(8), name: "Lidarr", kind: .lidarr)

    static let music: LibrarySamples = {
        let now = InspectionData.now
        let lidarr = Self.lidarr
        let rows: [(String, Resource.Status, Bool, Int64, Int, Int, String?)] = [
            ("The Fixture Ensemble", .continuing, true, 3_400_000_000, 52, 56, "Group"),
            ("Placeholder Quartet", .ended, true, 1_200_000_000, 24, 24, "Group"),
            ("Ada Sample", .continuing, true, 640_000_000, 9, 14, "Person"),
            ("Mock Choir", .continuing, false, 0, 0, 30, "Group"),
            ("Synthetic Strings", .continuing, true, 0, 0, 0, "Orchestra"),
            ("Invalid Rhythm Section", .ended, true, 2_100_000_000, 40, 40, "Group"),
        ]
        let items = rows.enumerated().map { index, row in
            Resource(id: ResourceID(serviceID: lidarr.id, itemID: index + 201), kind: .artist, title: row.0,
                     sortTitle: row.0.lowercased().replacingOccurrences(of: "the ", with: ""), year: nil, status: row.1,
                     monitored: row.2, sizeOnDisk: row.3, fileCount: row.4, expectedFileCount: row.5, hasFile: row.4 > 0,
                     subtitle: row.6, added: now.addingTimeInterval(-Double(index) * 86_400 * 17),
                     nextDate: row.1 == .continuing ? now.addingTimeInterval(Double(index + 2) * 86_400) : nil,
                     images: poster())
        }

        let artist = items[2]
        let albums: [(Int, String, TimeInterval, Bool, Int)] = [
            (2301, "Default Values", -400, true, 8), (2302, "Null and Void", -30, true, 6), (2303, "Edge Cases", 3, false, 0),
        ]
        let groups = albums.map { album in
            ChildGroup(key: album.0, ownID: ResourceID(serviceID: lidarr.id, itemID: album.0), title: album.1,
                       date: now.addingTimeInterval(album.2 * 86_400), monitored: album.3,
                       children: (1...(album.4 == 0 ? 5 : album.4)).map { number in
                           Child(id: ResourceID(serviceID: lidarr.id, itemID: album.0 * 100 + number), item: artist.id, group: album.0,
                                 number: number, title: "Fixture Track \(number)", date: nil, hasFile: number <= album.4 - (album.0 == 2302 ? 1 : 0),
                                 monitored: true)
                       })
        }
        let history = [HistoryEvent(id: 21, date: now.addingTimeInterval(-5400), kind: .imported,
                                    sourceTitle: "Ada.Sample-Null.and.Void-WEB-FLAC-2026", downloadID: nil),
                       HistoryEvent(id: 22, date: now.addingTimeInterval(-7000), kind: .grabbed,
                                    sourceTitle: "Ada.Sample-Null.and.Void-WEB-FLAC-2026", downloadID: nil)]
        let detail = ResourceDetail(resource: artist, groups: groups, history: history, queue: [])

        let start = Calendar.current.startOfDay(for: now)
        let calendar = [
            CalendarEntry(resource: artist.id, title: artist.title, due: .group(title: "Edge Cases"),
                          date: start.addingTimeInterval(3 * 86_400), hasFile: false, monitored: false),
            CalendarEntry(resource: items[0].id, title: items[0].title, due: .group(title: "Live at the Test Bench"),
                          date: start.addingTimeInterval(86_400), hasFile: false, monitored: true),
        ]
        return LibrarySamples(
            instances: [lidarr], items: items, detail: detail,
            lookup: [
                LookupResult(kind: .artist, title: "Placeholder Quartet", year: nil, overview: "Four fixtures who only perform in test suites.",
                             subtitle: "Group", images: [], foreignID: "00000000-0000-4000-8000-00000000a001", libraryID: items[1].id.itemID),
                LookupResult(kind: .artist, title: "Placeholder Trio", year: nil, overview: "Three fixtures, one groove.",
                             subtitle: "Group", images: [], foreignID: "00000000-0000-4000-8000-00000000a002", libraryID: nil),
                LookupResult(kind: .artist, title: "The Placeholders", year: nil, overview: "A tribute band to a band that never existed.",
                             subtitle: "Group", images: [], foreignID: "00000000-0000-4000-8000-00000000a003", libraryID: nil),
                LookupResult(kind: .artist, title: "Ada Placeholder", year: nil, overview: "A synthetic singer, in a synthetic key.",
                             subtitle: "Person", images: [], foreignID: "00000000-0000-4000-8000-00000000a004", libraryID: nil),
            ],
            releaseName: "Ada.Sample-Null.and.Void-2026", unmatched: "Unknown Artist", folder: "music", calendar: calendar,
            partialFailure: ServiceFailure(service: ServiceRef(id: InspectionData.id(9), name: "Lidarr (vinyl)", kind: .lidarr),
                                           error: .unauthorized),
            qualityProfiles: [NamedID(id: 1, name: "Lossless"), NamedID(id: 2, name: "Any")],
            metadataProfiles: [NamedID(id: 1, name: "Standard"), NamedID(id: 2, name: "Albums only")])
    }()
}
