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
    static let rtorrent = ServiceRef(id: id(20), name: "rTorrent", kind: .rtorrent)

    /// An rTorrent seedbox's transfers: seeding with its label, one stopped, one downloading.
    static var rtorrentDownloads: DownloadsContent {
        let items = [
            TransferItem(serviceID: rtorrent.id, joinKey: "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee1", name: "Fixture.Seedbox.Show.S03E01.1080p",
                         state: .seeding, rawState: "seeding", progress: 1, sizeBytes: 1_900_000_000, remainingBytes: 0,
                         uploadSpeed: 2_400_000, category: "fixture-tv", labels: ["fixture-tv"]),
            TransferItem(serviceID: rtorrent.id, joinKey: "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee2", name: "Fixture.Seedbox.Movie.2026.2160p",
                         state: .downloading, rawState: "downloading", progress: 0.42, sizeBytes: 22_000_000_000,
                         remainingBytes: 12_760_000_000, downloadSpeed: 31_000_000, uploadSpeed: 800_000, eta: 412,
                         category: "fixture-movies", labels: ["fixture-movies"]),
            TransferItem(serviceID: rtorrent.id, joinKey: "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee3", name: "Fixture.Seedbox.Album.2025.FLAC",
                         state: .paused, rawState: "stopped", progress: 0.08, sizeBytes: 640_000_000, remainingBytes: 588_800_000),
        ]
        return Aggregate(parts: [ServicePart(service: rtorrent, value: TransferSnapshot(items: items, stats: TransferStats(
            downloadSpeed: 31_000_000, uploadSpeed: 3_200_000, freeSpaceBytes: nil, count: 3, activeCount: 2)), refreshedAt: now, isStale: false)])
    }

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
            ServiceRow(service: prowlarr, state: .ok, endpoint: .local, appName: "Prowlarr", version: "2.3.5.5327", latencyMilliseconds: 8),
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
                     ServicePart(service: radarr, value: OverviewPart(health: [], disks: [disks[0]]), refreshedAt: now, isStale: false),
                     ServicePart(service: prowlarr, value: OverviewPart(health: [], disks: [], indexers: IndexerSummary(indexerList, now: now)),
                                 refreshedAt: now, isStale: false)]
        return OverviewContent(rows: rows, details: Aggregate(parts: parts))
    }

    // MARK: Libraries

    /// A library tab's samples (its kind's own, `Features/Library/Kinds`); nil for the other tabs and kinds without.
    static func samples(_ feature: Feature) -> LibrarySamples? { LibraryPresentations.of(feature)?.samples }

    // MARK: Activity and downloads

    static let queue: [QueueItem] = {
        func item(_ n: Int, _ service: ServiceRef, _ title: String, _ state: QueueItem.TrackedState, _ status: QueueItem.Status,
                  tracked: QueueItem.TrackedStatus = .ok, download: String?, proto: DownloadProtocol = .torrent,
                  messages: [String] = [], episode: Int? = nil, left: Double = 0.5) -> QueueItem {
            QueueItem(id: ResourceID(serviceID: service.id, itemID: 1000 + n), title: title, status: status, trackedStatus: tracked,
                      trackedState: state, messages: messages, errorMessage: nil, size: 4_000_000_000, sizeLeft: 4_000_000_000 * left,
                      timeLeft: 1800, estimatedCompletion: nil, added: now.addingTimeInterval(-3600), downloadProtocol: proto,
                      downloadID: download, downloadClient: "Fixture client", resource: ResourceID(serviceID: service.id, itemID: n),
                      childID: episode, groupKey: episode == nil ? nil : 2, clientHasPostImportCategory: proto == .torrent)
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

    /// A queued NZBGet job's details (Test.Pattern.Pack): its place, two files, its log with a warning and an error.
    static let usenetDetails: TransferInspection = {
        var general = TransferGeneral()
        general.savePath = "/srv/usenet/incomplete/Test.Pattern.Pack"
        general.sizeBytes = 11_900_000_000
        general.doneBytes = 7_140_000_000
        general.queuePosition = 2
        general.jobPriority = .high
        let files = [TransferFile(index: 101, path: "test.pattern.pack.part01.rar", sizeBytes: 5_000_000_000, doneBytes: 5_000_000_000, priority: nil),
                     TransferFile(index: 102, path: "test.pattern.pack.part02.rar", sizeBytes: 6_900_000_000, doneBytes: 2_140_000_000, priority: nil)]
        let log = [TransferLogLine(kind: .info, time: now.addingTimeInterval(-1800), stage: nil, text: "Collection Test.Pattern.Pack added to queue"),
                   TransferLogLine(kind: .warning, time: now.addingTimeInterval(-1200), stage: nil,
                                   text: "test.pattern.pack.part02.rar: article 14 missing on news.fixture.invalid"),
                   TransferLogLine(kind: .error, time: now.addingTimeInterval(-600), stage: nil,
                                   text: "Download of test.pattern.pack.part02.rar failed: 3 articles missing")]
        return TransferInspection(general: general, files: files, log: log)
    }()

    /// The details of the first transfer (Placeholder.Bay, qBittorrent): each page's sample.
    static let transferDetails: TransferInspection = {
        var general = TransferGeneral()
        general.savePath = "/srv/downloads/tv"
        general.sequential = true
        general.firstLastPiecesFirst = false
        general.shareLimits = ShareLimits(ratio: .value(1.5), seedingMinutes: .clientDefault)
        general.added = now.addingTimeInterval(-3 * 3600)
        general.sizeBytes = 2_400_000_000
        general.doneBytes = 1_536_000_000
        general.downloadedBytes = 1_540_000_000
        general.uploadedBytes = 310_000_000
        general.ratio = 0.2
        general.seedsConnected = 4
        general.seedsInSwarm = 61
        general.peersConnected = 3
        general.peersInSwarm = 17
        general.pieceSize = 4_194_304
        general.pieceCount = 573
        general.piecesHave = 366
        general.isPrivate = false
        general.queuePosition = 1
        general.downloadLimit = 8_000_000
        general.nextAnnounce = 1_420
        general.comment = "Fixture release notes"
        let root = "Placeholder.Bay.S02E02.1080p.WEB-DL/"
        let files = [
            TransferFile(index: 0, path: root + "Placeholder.Bay.S02E02.1080p.WEB-DL.mkv", sizeBytes: 2_380_000_000, doneBytes: 1_530_000_000, priority: .high),
            TransferFile(index: 1, path: root + "Placeholder.Bay.S02E02.1080p.WEB-DL.nfo", sizeBytes: 4_200, doneBytes: 4_200, priority: .normal),
            TransferFile(index: 2, path: root + "Subs/" + "English.srt", sizeBytes: 61_000, doneBytes: 61_000, priority: .normal),
            TransferFile(index: 3, path: root + "Sample/" + "sample.mkv", sizeBytes: 19_900_000, doneBytes: 0, priority: .skip),
        ]
        let peers = [
            TransferPeer(address: "192.0.2.10", port: 51413, client: "Transmission 3.00", flags: "DIE", progress: 1, downloadSpeed: 3_900_000,
                         uploadSpeed: 0, country: "xa", isEncrypted: true, isIncoming: true),
            TransferPeer(address: "198.51.100.4", port: 6881, client: "qBittorrent 4.5.2", flags: "DUX", progress: 0.88, downloadSpeed: 2_100_000,
                         uploadSpeed: 80_000, country: "xb"),
            TransferPeer(address: "2001:db8::7", port: 40000, client: "Deluge 2.0.3", flags: "dP", progress: 0.42, downloadSpeed: 1_300_000,
                         uploadSpeed: 40_000),
        ]
        let trackers = [
            TransferTracker(url: "http://tracker.fixture.invalid:6969/announce", tier: 0, status: .working, message: nil, seeds: 61,
                            leeches: 17, downloaded: 340),
            TransferTracker(url: "udp://backup-tracker.fixture.invalid:1337/announce", tier: 1, status: .notWorking,
                            message: "Connection refused", seeds: nil, leeches: nil, downloaded: nil),
        ]
        return TransferInspection(general: general, files: files, peers: peers, trackers: trackers)
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

    /// Every kind's calendar samples, one part per instance; the first instance stale when `stale`.
    static func calendar(stale: Bool) -> CalendarContent {
        var parts: [ServicePart<[CalendarEntry]>] = []
        for samples in LibraryPresentations.all.compactMap(\.samples) {
            for service in samples.instances {
                let first = parts.isEmpty
                parts.append(ServicePart(service: service, value: samples.calendar.filter { $0.resource.serviceID == service.id },
                                         refreshedAt: stale && first ? staleSince : now, isStale: stale && first))
            }
        }
        return Aggregate(parts: parts)
    }

    /// The failure a `.partial` route lists: one instance refused its key.
    static func partialFailure(_ feature: Feature) -> ServiceFailure {
        samples(feature)?.partialFailure ?? ServiceFailure(service: sonarr4K, error: .unauthorized)
    }

    /// A client's speeds over 30 days up to `now`, sampled every 20 s: busy evenings, quiet nights, a burst in the
    /// last hour, and two days (eight to six days ago) when the app was not running. `seed` varies the shape.
    static func speedHistory(seed: UInt64, now: Int64) -> SpeedHistory {
        var history = SpeedHistory()
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func noise() -> Double { // a fixed sequence (xorshift): the same picture every time
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Double(state % 1000) / 1000
        }
        let start = now - 30 * 86_400
        var time = start
        while time <= now {
            defer { time += 20 }
            if time > now - 8 * 86_400, time < now - 6 * 86_400 { continue }
            let hour = Double((time % 86_400) / 3600)
            let evening = max(0, sin((hour - 12) / 12 * .pi)) // 12:00 to 24:00
            let scale = seed == 1 ? 18_000_000.0 : 6_000_000.0
            var down = scale * (0.15 + 0.85 * evening) * (0.6 + 0.4 * noise())
            if time > now - 3600 { down *= 1.2 + 0.6 * sin(Double(now - time) / 600) }
            let up = down * (seed == 1 ? 0.08 : 0) + 150_000 * noise()
            history.record(down: Int64(down), up: Int64(up), at: time)
        }
        return history
    }
}
