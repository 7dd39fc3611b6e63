import Core
import Foundation

/// Synthetic content for the inspection routes: obviously fixtures (names say
/// "Fixture", hosts are under fixture.invalid, ids are made up), shaped like
/// what the real services send, at the inspection clock's fixed time.
enum InspectionData {
    static let now = Clock.inspection.now
    static let staleSince = now.addingTimeInterval(-40 * 60)

    static func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "F1C7F1C7-0000-4000-8000-%012d", n))! }

    static let sonarr = ServiceRef(id: id(1), name: "Sonarr", kind: .sonarr)
    static let sonarr4K = ServiceRef(id: id(2), name: "Sonarr 4K", kind: .sonarr)
    static let radarr = ServiceRef(id: id(3), name: "Radarr", kind: .radarr)
    /// Live channels: one Sonarr live, the 4K one polling after a refused key, Radarr polling (dropped).
    static let liveStates: [UUID: LiveState] = [sonarr.id: .live, sonarr4K.id: .polling(.refused), radarr.id: .polling(.dropped)]
    /// An old Sonarr (v3), for the route where every live channel polls for its own reason.
    static let sonarrOld = ServiceRef(id: id(7), name: "Sonarr (old box)", kind: .sonarr)
    static let liveFailureStates: [UUID: LiveState] = [
        sonarr.id: .polling(.hubNotFound), sonarr4K.id: .polling(.redirected(status: 301)), radarr.id: .polling(.unreadable),
        sonarrOld.id: .polling(.versionTooOld(version: "3.0.10.1567")),
    ]
    static let qbittorrent = ServiceRef(id: id(4), name: "qBittorrent", kind: .qbittorrent)
    static let nzbget = ServiceRef(id: id(5), name: "NZBGet", kind: .nzbget)
    static let transmission = ServiceRef(id: id(6), name: "Transmission (NAS)", kind: .transmission)

    // MARK: Overview

    /// The Overview with the old Sonarr after the other orchestrators.
    static var overviewWithOldSonarr: OverviewContent {
        var content = overview(partial: false)
        content.rows.insert(ServiceRow(service: sonarrOld, state: .ok, endpoint: .local, appName: "Sonarr", version: "3.0.10.1567",
                                       latencyMilliseconds: 9), at: 3)
        return content
    }

    static func overview(partial: Bool) -> OverviewContent {
        var rows = [
            ServiceRow(service: sonarr, state: .ok, endpoint: .local, appName: "Sonarr", version: "4.0.19.2979", latencyMilliseconds: 12),
            ServiceRow(service: sonarr4K, state: .degraded, endpoint: .remote, appName: "Sonarr", version: "4.0.19.2979",
                       latencyMilliseconds: 86, recovery: .retry,
                       problem: .decoding(path: "$[3].statistics", detail: "fixture")),
            ServiceRow(service: radarr, state: .ok, endpoint: .local, appName: "Radarr", version: "5.26.2.10099", latencyMilliseconds: 15),
            ServiceRow(service: qbittorrent, state: .ok, endpoint: .local, appName: "qBittorrent", version: "5.0.4", latencyMilliseconds: 4),
            ServiceRow(service: nzbget, state: .ok, endpoint: .local, appName: "NZBGet", version: "24.8", latencyMilliseconds: 6),
            ServiceRow(service: transmission, state: .disabled, recovery: .enableService),
        ]
        if partial {
            rows[3] = ServiceRow(service: qbittorrent, state: .unauthorized, recovery: .updateCredentials,
                                 problem: .unauthorized)
            rows[4] = ServiceRow(service: nzbget, state: .unavailable, recovery: .retry,
                                 problem: .unavailable(.connectionRefused))
        }
        let health = [
            HealthIssue(id: "fixture-1", source: "IndexerStatusCheck", level: .warning,
                        message: "Indexers unavailable due to failures for more than 6 hours: Fixture Indexer", wikiURL: nil),
            HealthIssue(id: "fixture-2", source: "UpdateCheck", level: .notice,
                        message: "A new version of the fixture is available", wikiURL: nil),
        ]
        let disks = [DiskSpace(path: "/data/media", label: "Media", freeBytes: 1_870_000_000_000, totalBytes: 8_000_000_000_000),
                     DiskSpace(path: "/data/downloads", label: nil, freeBytes: 96_000_000_000, totalBytes: 1_000_000_000_000)]
        let parts = [ServicePart(service: sonarr, value: OverviewPart(health: health, disks: disks), refreshedAt: now, isStale: false),
                     ServicePart(service: radarr, value: OverviewPart(health: [], disks: [disks[0]]), refreshedAt: now, isStale: false)]
        return OverviewContent(rows: rows, details: Aggregate(parts: parts))
    }

    // MARK: Libraries

    private static func image(_ kind: MediaImage.Kind) -> [MediaImage] {
        [MediaImage(kind: kind, remoteURL: nil, localPath: "/MediaCover/1/poster.jpg")]
    }

    static let series: [Resource] = {
        let rows: [(String, Int, Resource.Status, Bool, Int64, Int, Int, String, ServiceRef)] = [
            ("Fixture Street", 2019, .continuing, true, 412_000_000_000, 58, 60, "Fixture Network", sonarr),
            ("The Synthetic Years", 2015, .ended, true, 96_000_000_000, 24, 24, "Example TV", sonarr),
            ("Placeholder Bay", 2024, .continuing, true, 18_400_000_000, 7, 10, "Fixture Network", sonarr),
            ("Mock Harbour", 2022, .continuing, false, 0, 0, 16, "Invalid Broadcasting", sonarr),
            ("Sample Valley", 2026, .upcoming, true, 0, 0, 0, "Example TV", sonarr),
            ("Testing Grounds", 2011, .ended, true, 520_000_000_000, 96, 96, "Fixture Network", sonarr4K),
            ("Fake Frontier", 2023, .continuing, true, 88_000_000_000, 12, 18, "Example TV", sonarr4K),
        ]
        return rows.enumerated().map { index, row in
            Resource(id: ResourceID(serviceID: row.8.id, itemID: index + 1), kind: .series, title: row.0,
                     sortTitle: row.0.lowercased().replacingOccurrences(of: "the ", with: ""), year: row.1, status: row.2,
                     monitored: row.3, sizeOnDisk: row.4, fileCount: row.5, expectedFileCount: row.6, hasFile: row.5 > 0,
                     network: row.7, added: now.addingTimeInterval(-Double(index) * 86_400 * 30),
                     nextAiring: row.2 == .continuing ? now.addingTimeInterval(Double(index + 1) * 86_400) : nil,
                     releaseDates: .init(), images: image(.poster))
        }
    }()

    static let movies: [Resource] = {
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
        return rows.enumerated().map { index, row in
            Resource(id: ResourceID(serviceID: radarr.id, itemID: index + 101), kind: .movie, title: row.0,
                     sortTitle: row.0.lowercased().replacingOccurrences(of: "the ", with: ""), year: row.1, status: row.2,
                     monitored: row.3, sizeOnDisk: row.4, fileCount: row.5 ? 1 : 0, expectedFileCount: 1, hasFile: row.5,
                     network: nil, added: now.addingTimeInterval(-Double(index) * 86_400 * 11), nextAiring: nil,
                     releaseDates: .init(inCinemas: now.addingTimeInterval(-Double(index) * 86_400 * 60),
                                         digital: now.addingTimeInterval(Double(index) * 86_400 * 20)),
                     images: image(.poster))
        }
    }()

    static func library(_ feature: Feature, stale: Bool) -> LibraryContent {
        if feature == .series {
            let parts = [ServicePart(service: sonarr, value: series.filter { $0.id.serviceID == sonarr.id },
                                     refreshedAt: stale ? staleSince : now, isStale: stale),
                         ServicePart(service: sonarr4K, value: series.filter { $0.id.serviceID == sonarr4K.id },
                                     refreshedAt: now, isStale: false)]
            return Aggregate(parts: parts)
        }
        return Aggregate(parts: [ServicePart(service: radarr, value: movies, refreshedAt: stale ? staleSince : now, isStale: stale)])
    }

    /// A lookup's results: the library's own first, then three new ones.
    static func lookup(_ kind: Resource.Kind) -> [LookupResult] {
        let rows: [(String, Int, String, String)] = kind == .series ? [
            ("Placeholder Bay", 2024, "Fixture Network", "A harbour town where nothing real ever happens."),
            ("Placeholder Heights", 2025, "Example TV", "Three synthetic families share one invented building, and one shared fixture."),
            ("The Placeholder Files", 2019, "Invalid Broadcasting", "Agents investigate data that was never there. Every episode ends in a fixture."),
            ("Placeholder Kitchen", 2022, "Example TV", "Cooks compete with ingredients made of test data."),
        ] : [
            ("Return of the Placeholder", 2025, "Fixture Studios", "The placeholder comes back for one more synthetic adventure."),
            ("Placeholder Rising", 2026, "Example Pictures", "A newcomer stands in for everyone, then for no one."),
            ("The Last Placeholder", 2021, "Invalid Films", "A fixture at the end of the world waits for real data."),
            ("Placeholder Road", 2018, "Fixture Studios", "Two test cases drive across an invented country."),
        ]
        return rows.enumerated().map { index, row in
            LookupResult(kind: kind, title: row.0, year: row.1, overview: row.3, network: row.2, images: [],
                         tvdbID: kind == .series ? 800_100 + index : nil, tmdbID: kind == .movie ? 900_100 + index : nil,
                         libraryID: index == 0 ? (kind == .series ? 3 : 102) : nil, seasons: kind == .series ? [1, 2] : [])
        }
    }

    /// An interactive search's results: approved, rejected (with reasons), one the service could not match.
    static func releases(_ kind: Resource.Kind) -> [Release] {
        let name = kind == .series ? "Placeholder.Bay.S02" : "Return.of.the.Placeholder.2025"
        let rows: [(String, String, Int64, Double, DownloadProtocol, Int?, String, Int, [String], Bool)] = [
            ("\(name).1080p.WEB-DL-FIXTURE", "Fixture Indexer", 18_400_000_000, 20, .torrent, 312, "WEBDL-1080p", 25, [], true),
            ("\(name).2160p.WEB-DL-FIXTURE", "Fixture Indexer", 46_000_000_000, 30, .torrent, 88, "WEBDL-2160p", 10, [], true),
            ("\(name).720p.HDTV-FIXTURE", "Example Usenet", 6_100_000_000, 500, .usenet, nil, "HDTV-720p", 0,
             ["Not an upgrade for existing episode file(s)"], true),
            ("\(name).1080p.BluRay-FIXTURE", "Fixture Indexer", 24_000_000_000, 1_900, .torrent, 2, "Bluray-1080p", 0,
             ["Release in queue already meets cutoff: WEBDL-1080p", "Fixture Indexer has a minimum of 10 seeders; this release has 2"], true),
            ("Unrelated.Fixture.Release.1080p-FIXTURE", "Example Usenet", 2_000_000_000, 70, .usenet, nil, "WEBDL-1080p", 0,
             ["Unknown \(kind == .series ? "Series" : "Movie")"], false),
        ]
        return rows.enumerated().map { index, row in
            Release(guid: "https://indexer.fixture.invalid/details/\(index)", indexerID: 1 + index % 2, title: row.0, indexer: row.1, size: row.2,
                    ageHours: row.3, downloadProtocol: row.4, seeders: row.5, leechers: row.5.map { $0 / 4 }, quality: row.6, languages: ["English"],
                    customFormatScore: row.7, approved: row.8.isEmpty, temporarilyRejected: false, rejections: row.8, downloadAllowed: row.9)
        }
    }

    static func addingChoices(_ kind: Resource.Kind) -> Repository.AddingChoices {
        let folder = kind == .series ? "tv" : "movies"
        return Repository.AddingChoices(
            rootFolders: [RootFolder(id: 1, path: "/data/fixture/\(folder)", accessible: true, freeSpace: 1_200_000_000_000),
                          RootFolder(id: 2, path: "/mnt/offline/\(folder)", accessible: false, freeSpace: nil)],
            qualityProfiles: [NamedID(id: 1, name: "HD-1080p"), NamedID(id: 2, name: "Ultra-HD")],
            tags: [NamedID(id: 1, name: "fixture"), NamedID(id: 2, name: "4k")])
    }

    static func detail(_ feature: Feature) -> ResourceDetail {
        if feature == .series {
            let show = series[2]
            var episodes: [Episode] = []
            for season in 1...2 {
                for number in 1...(season == 1 ? 6 : 4) {
                    let aired = now.addingTimeInterval(Double((season - 2) * 60 + number * 7) * 86_400)
                    episodes.append(Episode(id: ResourceID(serviceID: show.id.serviceID, itemID: season * 100 + number), series: show.id,
                                            seasonNumber: season, episodeNumber: number, title: "Fixture Episode \(number)",
                                            airDate: nil, airDateUTC: aired, hasFile: season == 1 || number < 2,
                                            monitored: true))
                }
            }
            let history = [HistoryEvent(id: 1, date: now.addingTimeInterval(-7200), kind: .imported,
                                        sourceTitle: "Placeholder.Bay.S02E01.1080p.WEB-DL", downloadID: nil),
                           HistoryEvent(id: 2, date: now.addingTimeInterval(-9000), kind: .grabbed,
                                        sourceTitle: "Placeholder.Bay.S02E01.1080p.WEB-DL", downloadID: nil)]
            return ResourceDetail(resource: show, episodes: episodes, history: history,
                                  queue: [queue[0]].map { var item = $0; item.resource = show.id; return item })
        }
        let movie = movies[1]
        return ResourceDetail(resource: movie, episodes: [], history: [
            HistoryEvent(id: 3, date: now.addingTimeInterval(-86_400 * 3), kind: .imported,
                         sourceTitle: "Return.of.the.Placeholder.2025.2160p.WEB-DL", downloadID: nil)], queue: [])
    }

    // MARK: Activity and downloads

    static let queue: [QueueItem] = {
        func item(_ n: Int, _ service: ServiceRef, _ title: String, _ state: QueueItem.TrackedState, _ status: QueueItem.Status,
                  tracked: QueueItem.TrackedStatus = .ok, download: String?, proto: DownloadProtocol = .torrent,
                  messages: [String] = [], episode: Int? = nil, left: Double = 0.5) -> QueueItem {
            QueueItem(id: ResourceID(serviceID: service.id, itemID: 1000 + n), title: title, status: status, trackedStatus: tracked,
                      trackedState: state, messages: messages, errorMessage: nil, size: 4_000_000_000, sizeLeft: 4_000_000_000 * left,
                      timeLeft: 1800, estimatedCompletion: nil, added: now.addingTimeInterval(-3600), downloadProtocol: proto,
                      downloadID: download, downloadClient: "Fixture client", resource: ResourceID(serviceID: service.id, itemID: n),
                      episodeID: episode, seasonNumber: episode == nil ? nil : 2, clientHasPostImportCategory: proto == .torrent)
        }
        return [
            item(1, sonarr, "Placeholder.Bay.S02E02.1080p.WEB-DL", .downloading, .downloading,
                 download: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA1", episode: 2),
            item(2, sonarr, "Fixture.Street.S06.1080p.WEB-DL", .downloading, .downloading,
                 download: "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB2", episode: 11),
            item(3, sonarr, "Fixture.Street.S06.1080p.WEB-DL", .downloading, .downloading,
                 download: "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB2", episode: 12),
            item(4, radarr, "Return.of.the.Placeholder.2025.2160p.WEB-DL", .importBlocked, .completed, tracked: .warning,
                 download: "fixturedrone0000000000000000000a", proto: .usenet,
                 messages: ["Found matching movie via grab history, but release was matched to movie by ID. Manual Import required.",
                            "Fixture sample file could not be imported: not a valid video file."], left: 0),
            item(5, radarr, "Synthetic.Dawn.2026.1080p.WEB-DL", .downloading, .delay, download: nil, left: 1),
        ]
    }()

    static let transfers: [TransferItem] = {
        var items = [
            TransferItem(serviceID: qbittorrent.id, joinKey: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1", name: "Placeholder.Bay.S02E02.1080p.WEB-DL",
                         state: .downloading, rawState: "downloading", progress: 0.64, sizeBytes: 2_400_000_000,
                         remainingBytes: 864_000_000, downloadSpeed: 7_300_000, uploadSpeed: 120_000, eta: 118),
            TransferItem(serviceID: qbittorrent.id, joinKey: "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb2", name: "Fixture.Street.S06.1080p.WEB-DL",
                         state: .downloading, rawState: "downloading", progress: 0.31, sizeBytes: 31_000_000_000,
                         remainingBytes: 21_390_000_000, downloadSpeed: 12_800_000, uploadSpeed: 0, eta: 1671),
            TransferItem(serviceID: nzbget.id, joinKey: "fixturedrone0000000000000000000a", name: "Return.of.the.Placeholder.2025.2160p.WEB-DL",
                         state: .completed, rawState: "SUCCESS/ALL", progress: 1, sizeBytes: 23_900_000_000, remainingBytes: 0),
        ]
        let names = ["Fixture.Linux.ISO.x86_64", "Example.Dataset.2026", "Sample.Audio.Collection.FLAC", "Mock.Documentary.1080p",
                     "Placeholder.Archive.2025", "Synthetic.Benchmark.Data", "Test.Pattern.Pack", "Invalid.Host.Backup"]
        let states: [TransferItem.State] = [.seeding, .seeding, .paused, .stalled, .seeding, .error, .queued, .checking]
        for (index, name) in names.enumerated() {
            items.append(TransferItem(serviceID: index < 6 ? qbittorrent.id : nzbget.id,
                                      joinKey: String(format: "%040x", index + 10), name: name, state: states[index],
                                      rawState: states[index].rawValue, progress: states[index] == .seeding ? 1 : Double(index) / 10,
                                      sizeBytes: Int64(index + 1) * 1_700_000_000, remainingBytes: 0,
                                      uploadSpeed: states[index] == .seeding ? Int64(index) * 40_000 : 0,
                                      errorMessage: states[index] == .error ? "Fixture tracker error" : nil))
        }
        return items
    }()

    static func downloads(stale: Bool) -> DownloadsContent {
        let stats = TransferStats(downloadSpeed: 20_100_000, uploadSpeed: 320_000, freeSpaceBytes: nil, count: 9, activeCount: 3)
        return Aggregate(parts: [
            ServicePart(service: qbittorrent, value: TransferSnapshot(items: transfers.filter { $0.serviceID == qbittorrent.id }, stats: stats),
                        refreshedAt: stale ? staleSince : now, isStale: stale),
            ServicePart(service: nzbget, value: TransferSnapshot(items: transfers.filter { $0.serviceID == nzbget.id },
                                                                 stats: TransferStats(downloadSpeed: 0, uploadSpeed: 0, freeSpaceBytes: nil,
                                                                                      count: 3, activeCount: 0)),
                        refreshedAt: now, isStale: false),
        ])
    }

    static func activity(stale: Bool) -> ActivityContent {
        let queues = Aggregate(parts: [
            ServicePart(service: sonarr, value: queue.filter { $0.id.serviceID == sonarr.id }, refreshedAt: stale ? staleSince : now, isStale: stale),
            ServicePart(service: radarr, value: queue.filter { $0.id.serviceID == radarr.id }, refreshedAt: now, isStale: false),
        ])
        return ActivityContent(joining: queues, transfers: downloads(stale: false))
    }

    // MARK: Calendar

    static func calendar(stale: Bool) -> CalendarContent {
        let day: TimeInterval = 86_400
        let start = Calendar.current.startOfDay(for: now)
        let entries = [
            CalendarEntry(resource: series[0].id, title: "Fixture Street", subtitle: "S06E13 · The Fixture Within",
                          date: start.addingTimeInterval(20 * 3600), hasFile: false, monitored: true),
            CalendarEntry(resource: series[2].id, title: "Placeholder Bay", subtitle: "S02E03 · Low Tide",
                          date: start.addingTimeInterval(day + 21 * 3600), hasFile: false, monitored: true),
            CalendarEntry(resource: series[6].id, title: "Fake Frontier", subtitle: "S02E01 · Premiere",
                          date: start.addingTimeInterval(day + 22 * 3600), hasFile: false, monitored: true),
            CalendarEntry(resource: movies[2].id, title: "Synthetic Dawn", subtitle: "Digital release",
                          date: start.addingTimeInterval(3 * day), hasFile: false, monitored: true),
            CalendarEntry(resource: series[3].id, title: "Mock Harbour", subtitle: "S03E01 · Return",
                          date: start.addingTimeInterval(5 * day + 20 * 3600), hasFile: false, monitored: false),
            CalendarEntry(resource: series[0].id, title: "Fixture Street", subtitle: "S06E12 · Earlier Today",
                          date: start.addingTimeInterval(3600 * 6), hasFile: true, monitored: true),
        ]
        return Aggregate(parts: [
            ServicePart(service: sonarr, value: entries.filter { $0.resource.serviceID == sonarr.id },
                        refreshedAt: stale ? staleSince : now, isStale: stale),
            ServicePart(service: sonarr4K, value: entries.filter { $0.resource.serviceID == sonarr4K.id }, refreshedAt: now, isStale: false),
            ServicePart(service: radarr, value: entries.filter { $0.resource.serviceID == radarr.id }, refreshedAt: now, isStale: false),
        ])
    }

    /// The failure a `.partial` route lists: one instance refused its key.
    static func partialFailure(_ feature: Feature) -> ServiceFailure {
        switch feature {
        case .downloads: ServiceFailure(service: transmission, error: .unavailable(.connectionRefused))
        case .movies: ServiceFailure(service: ServiceRef(id: id(7), name: "Radarr 4K", kind: .radarr), error: .unauthorized)
        default: ServiceFailure(service: sonarr4K, error: .unauthorized)
        }
    }
}
