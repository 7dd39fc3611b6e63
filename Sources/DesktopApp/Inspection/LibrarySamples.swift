import Core
import Foundation

/// A library kind's synthetic content for the inspection routes, kept in the kind's own folder
/// (`Features/Library/Kinds`) and reached through its presentation: the routes, the detail page and
/// the add and release-search dialogs ask for the kind's samples and never which kind it is.
struct LibrarySamples: Sendable {
    /// The instances that own the items; the first is the one dialogs and commands name, and the one
    /// a stale route shows stale.
    var instances: [ServiceRef]
    var items: [Resource]
    /// The item a detail route opens, with its groups, history and queue.
    var detail: ResourceDetail
    /// A lookup's results: the library's own first, then new ones.
    var lookup: [LookupResult]
    /// The release name interactive-search results are made from ("Placeholder.Bay.S02").
    var releaseName: String
    /// The rejection a release the service could not match carries ("Unknown Series").
    var unmatched: String
    /// The root folders' last path component ("tv").
    var folder: String
    var calendar: [CalendarEntry]
    /// What a `.partial` route lists as failed.
    var partialFailure: ServiceFailure
    /// The add form's profiles (a kind with metadata profiles — Lidarr — lists them too).
    var qualityProfiles = [NamedID(id: 1, name: "HD-1080p"), NamedID(id: 2, name: "Ultra-HD")]
    var metadataProfiles: [NamedID] = []

    var instance: ServiceRef { instances[0] }

    func library(stale: Bool) -> LibraryContent {
        Aggregate(parts: instances.enumerated().map { index, service in
            ServicePart(service: service, value: items.filter { $0.id.serviceID == service.id },
                        refreshedAt: stale && index == 0 ? InspectionData.staleSince : InspectionData.now, isStale: stale && index == 0)
        })
    }

    /// An interactive search's results: approved, rejected (with reasons), one the service could not match.
    var releases: [Release] {
        let rows: [(String, String, Int64, Double, DownloadProtocol, Int?, String, Int, [String], Bool)] = [
            ("\(releaseName).1080p.WEB-DL-FIXTURE", "Fixture Indexer", 18_400_000_000, 20, .torrent, 312, "WEBDL-1080p", 25, [], true),
            ("\(releaseName).2160p.WEB-DL-FIXTURE", "Fixture Indexer", 46_000_000_000, 30, .torrent, 88, "WEBDL-2160p", 10, [], true),
            ("\(releaseName).720p.HDTV-FIXTURE", "Example Usenet", 6_100_000_000, 500, .usenet, nil, "HDTV-720p", 0,
             ["Not an upgrade for existing episode file(s)"], true),
            ("\(releaseName).1080p.BluRay-FIXTURE", "Fixture Indexer", 24_000_000_000, 1_900, .torrent, 2, "Bluray-1080p", 0,
             ["Release in queue already meets cutoff: WEBDL-1080p", "Fixture Indexer has a minimum of 10 seeders; this release has 2"], true),
            ("Unrelated.Fixture.Release.1080p-FIXTURE", "Example Usenet", 2_000_000_000, 70, .usenet, nil, "WEBDL-1080p", 0,
             [unmatched], false),
        ]
        return rows.enumerated().map { index, row in
            Release(guid: "https://indexer.fixture.invalid/details/\(index)", indexerID: 1 + index % 2, title: row.0, indexer: row.1, size: row.2,
                    ageHours: row.3, downloadProtocol: row.4, seeders: row.5, leechers: row.5.map { $0 / 4 }, quality: row.6, languages: ["English"],
                    customFormatScore: row.7, approved: row.8.isEmpty, temporarilyRejected: false, rejections: row.8, downloadAllowed: row.9)
        }
    }

    var addingChoices: Repository.AddingChoices {
        Repository.AddingChoices(
            rootFolders: [RootFolder(id: 1, path: "/data/fixture/\(folder)", accessible: true, freeSpace: 1_200_000_000_000),
                          RootFolder(id: 2, path: "/mnt/offline/\(folder)", accessible: false, freeSpace: nil)],
            qualityProfiles: qualityProfiles, tags: [NamedID(id: 1, name: "fixture"), NamedID(id: 2, name: "4k")],
            metadataProfiles: metadataProfiles)
    }

    /// Lookup results from rows of title, year, subtitle and overview; the first is in the library as `libraryID`.
    static func lookup(_ kind: LibraryKind.ID, _ rows: [(String, Int, String, String)], foreignBase: Int, libraryID: Int,
                       groups: [Int]) -> [LookupResult] {
        rows.enumerated().map { index, row in
            LookupResult(kind: kind, title: row.0, year: row.1, overview: row.3, subtitle: row.2, images: [],
                         foreignID: String(foreignBase + index), libraryID: index == 0 ? libraryID : nil, groups: groups,
                         tmdbID: 900_100 + index)
        }
    }

    static func poster() -> [MediaImage] {
        [MediaImage(kind: .poster, remoteURL: nil, localPath: "/MediaCover/1/poster.jpg")]
    }
}
