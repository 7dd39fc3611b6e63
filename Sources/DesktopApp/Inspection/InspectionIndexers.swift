import Core
import Foundation

/// The Indexers tab's search and its dialogs, for `--inspection indexers.<scene>`.
enum IndexersScene: String, CaseIterable {
    case results
    case streaming
    case nothing
    case grab
    case tested

    var summary: String {
        switch self {
        case .results: "A search across every indexer: results from two, one timed out, one answered nothing and is held back by Prowlarr"
        case .streaming: "A search still under way: results so far, two indexers still searching, Cancel"
        case .nothing: "A search that found nothing, with one indexer held back: not called “no results”"
        case .grab: "Grabbing a result: through Prowlarr (default) or straight to a client, with the key warning shown"
        case .tested: "The indexers after Test All: one failed its test, with Prowlarr's reason"
        }
    }
}

extension InspectionData {
    static let prowlarr = ServiceRef(id: id(30), name: "Prowlarr", kind: .prowlarr)

    static let indexerList: IndexerList = {
        func indexer(_ n: Int, _ name: String, _ definition: String, _ proto: DownloadProtocol, _ privacy: String, enabled: Bool = true,
                     failure: Indexer.Failure? = nil, stats: Indexer.Stats?) -> Indexer {
            Indexer(id: ResourceID(serviceID: prowlarr.id, itemID: n), name: name, definition: definition, enabled: enabled,
                    downloadProtocol: proto, privacy: privacy, priority: 25, failure: failure, stats: stats)
        }
        return IndexerList(indexers: [
            indexer(1, "Fixture Usenet One", "Newznab", .usenet, "private",
                    stats: .init(queries: 128, grabs: 12, failedQueries: 1, failedGrabs: 0, averageResponse: 420)),
            indexer(2, "Fixture Torrents Public", "Torznab", .torrent, "public",
                    stats: .init(queries: 96, grabs: 7, failedQueries: 0, failedGrabs: 0, averageResponse: 380)),
            indexer(3, "Fixture Flaky Tracker", "Cardigann", .torrent, "semiPrivate",
                    failure: .init(disabledUntil: now.addingTimeInterval(3 * 3600), mostRecent: now.addingTimeInterval(-1800),
                                   since: now.addingTimeInterval(-9 * 3600)),
                    stats: .init(queries: 40, grabs: 0, failedQueries: 31, failedGrabs: 0, averageResponse: 2900)),
            indexer(4, "Fixture Usenet Backup", "Newznab", .usenet, "private", enabled: false, stats: nil),
            indexer(5, "Fixture Torrents Private", "Cardigann", .torrent, "private",
                    stats: .init(queries: 64, grabs: 5, failedQueries: 2, failedGrabs: 0, averageResponse: 610)),
        ], applications: ["Sonarr", "Radarr"])
    }()

    /// The second Prowlarr a `.partial` route lists as failing.
    static let indexersPartialFailure = ServiceFailure(service: ServiceRef(id: id(31), name: "Prowlarr (remote)", kind: .prowlarr),
                                                       error: .unavailable(.connectionRefused))

    static func indexers(stale: Bool) -> IndexersContent {
        Aggregate(parts: [ServicePart(service: prowlarr, value: indexerList, refreshedAt: stale ? staleSince : now, isStale: stale)])
    }

    static let indexerReleases: [IndexerRelease] = {
        let titles = ["Fixture Show S02E05 1080p WEB", "Fixture Show S02E04 1080p WEB", "Fixture Show S02 Complete 2160p",
                      "Fixture Show S01 Complete 1080p BluRay", "Fixture Show S02E05 720p HDTV",
                      // A title disguised with a right-to-left override: shown in its real order, the controls dropped.
                      "Fixture.Show.S02E03.qx.\u{202E}RTL\u{202C}.1080p"]
        var releases: [IndexerRelease] = []
        for (n, title) in titles.enumerated() {
            for (indexer, name, proto) in [(1, "Fixture Usenet One", DownloadProtocol.usenet), (2, "Fixture Torrents Public", .torrent),
                                           (5, "Fixture Torrents Private", .torrent)] where (n + indexer) % 3 != 0 {
                releases.append(IndexerRelease(
                    guid: "https://indexer\(indexer).fixture.invalid/details/\(n)", indexerID: indexer, indexer: name, title: title,
                    size: Int64(1_400_000_000 + n * 700_000_000 + indexer * 10_000_000), published: now.addingTimeInterval(-Double(n * 20 + indexer) * 3600),
                    downloadProtocol: proto, seeders: proto == .torrent ? 120 - n * 15 - indexer : nil, leechers: proto == .torrent ? n + 2 : nil,
                    grabs: proto == .usenet ? 40 - n * 5 : nil, categories: ["TV"],
                    link: ProtectedLink(URL(string: "http://prowlarr.fixture.invalid:9696/\(indexer)/download?link=fixture\(n)")!)))
            }
        }
        return releases
    }()

    /// A search for "fixture show" as Prowlarr answered it: `pending` indexers still searching.
    static func indexerSearch(pending: Bool, nothing: Bool = false) -> IndexerSearchState {
        var state = IndexerSearchState(search: IndexerSearch(query: "fixture show", type: .tvSearch),
                                       asked: indexerList.indexers.filter(\.enabled).map { .init(id: $0.id.itemID, name: $0.name) })
        let answering: [Int] = pending ? [1, 2] : nothing ? [1, 2, 3, 5] : [1, 2, 3]
        for id in answering {
            let found = nothing || id == 3 ? [] : indexerReleases.filter { $0.indexerID == id }
            state.record(id, Result<[IndexerRelease], ServiceError>.success(found))
        }
        if !pending {
            state.heldBack = [3]
            if !nothing { state.record(5, Result<[IndexerRelease], ServiceError>.failure(.unavailable(.timedOut))) }
        }
        return state
    }
}

@MainActor
extension IndexersPage {
    /// Puts the page in `scene`; returns the window to capture when it is not the main one.
    func inspect(_ scene: IndexersScene) -> (window: Window?, popover: Widget?) {
        searchEntry.text = "fixture show"
        typeDropDown.selected = 1
        switch scene {
        case .results, .grab:
            began(IndexerSearch(query: "fixture show", type: .tvSearch))
            update(InspectionData.indexerSearch(pending: false), service: InspectionData.prowlarr)
            finished(cancelled: false)
            guard scene == .grab, let release = InspectionData.indexerReleases.first(where: { $0.downloadProtocol == .torrent }) else {
                return (nil, nil)
            }
            let dialog = IndexerReleaseDialog(over: Window.toplevel(of: page), release: release, manager: InspectionData.prowlarr.name,
                                              clients: [InspectionData.qbittorrent, InspectionData.transmission],
                                              now: InspectionData.now) { _ in }
            dialog.pick(1)
            return (dialog.window, nil)
        case .streaming:
            began(IndexerSearch(query: "fixture show", type: .tvSearch))
            update(InspectionData.indexerSearch(pending: true), service: InspectionData.prowlarr)
            return (nil, nil)
        case .nothing:
            began(IndexerSearch(query: "fixture show", type: .tvSearch))
            update(InspectionData.indexerSearch(pending: false, nothing: true), service: InspectionData.prowlarr)
            finished(cancelled: false)
            return (nil, nil)
        case .tested:
            showTestResults(service: InspectionData.prowlarr.id, InspectionData.indexerList.indexers.map {
                IndexerTestResult(indexerID: $0.id.itemID, isValid: $0.id.itemID != 3,
                                  messages: $0.id.itemID == 3 ? ["Unable to connect to indexer, check the log for more details"] : [])
            })
            return (nil, nil)
        }
    }
}

/// The stack doctor's inspection scenes.
enum DoctorScene: Equatable {
    case findings, healthy, incomplete
}

extension InspectionData {
    /// What a pass read: everything (3 orchestrators, 5 clients), or — `incomplete` — Sonarr 4K not at all and
    /// Radarr's remote path mappings not.
    static func doctorCoverage(_ scene: DoctorScene) -> [(service: ServiceRef, coverage: StackEvidence.Coverage)] {
        let deluge = ServiceRef(id: id(7), name: "Deluge", kind: .deluge)
        let sabnzbd = ServiceRef(id: id(8), name: "SABnzbd", kind: .sabnzbd)
        var coverage: [(service: ServiceRef, coverage: StackEvidence.Coverage)] =
            [sonarr, sonarr4K, radarr, qbittorrent, nzbget, transmission, deluge, sabnzbd].map { ($0, .read) }
        if scene == .incomplete {
            coverage[1].coverage = .notRead(.unavailable(.connectionRefused))
            coverage[2].coverage = .partly([.remotePathMappings: .serverMessage(status: 404, message: "NotFound")])
        }
        return coverage
    }

    /// The stack doctor's findings for its inspection route: one of each severity and both certainties.
    static var doctorFindings: [DoctorFinding] {
        [DoctorFinding(.completedHandlingOff, .error, orchestrator: radarr, evidence: ["enableCompletedDownloadHandling": "false"],
                       fix: DoctorFix(.enableCompletedHandling, on: radarr)),
         DoctorFinding(.sharedCategory, .error, orchestrator: sonarr, client: qbittorrent,
                       evidence: ["category": "tv", "alsoUsedBy": "Sonarr 4K"]),
         DoctorFinding(.categoryMissing, .warning, certainty: .probable, orchestrator: sonarr4K, client: qbittorrent,
                       evidence: ["category": "tv-4k", "client": "qBittorrent", "clientCategories": "movies, tv", "host": "qbittorrent",
                                  "implementation": "QBittorrent", "port": "8080"],
                       fix: DoctorFix(.createCategory("tv-4k"), on: qbittorrent)),
         DoctorFinding(.clientUnused, .notice, client: transmission, evidence: ["client": transmission.name])]
    }

    /// The request the fix-confirm route shows: qBittorrent's createCategory, as the client plans it.
    static var doctorFixPlan: FixPlan {
        FixPlan(fix: DoctorFix(.createCategory("tv-4k"), on: qbittorrent), method: "POST", path: "/api/v2/torrents/createCategory",
                body: "category=tv-4k&savePath=")
    }
}
