@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// What becomes a desktop notification: nothing from before this run, one notice per kind and
/// refresh, nothing for downloads the user removed, nothing from a service that did not answer.
final class NotificationPlannerTests: XCTestCase {
    private let sonarr = ServiceRef(id: UUID(), name: "Fixture Sonarr", kind: .sonarr)

    private func record(_ number: Int, _ state: QueueItem.TrackedState, status: QueueItem.Status = .downloading,
                        left: Double = 500, error: String? = nil) -> QueueItem {
        QueueItem(id: ResourceID(serviceID: sonarr.id, itemID: number), title: "Fixture.Release.\(number)", status: status, trackedStatus: .ok,
                  trackedState: state, messages: state == .importBlocked ? ["No files found are eligible for import"] : [],
                  errorMessage: error, size: 1000, sizeLeft: left, timeLeft: nil, estimatedCompletion: nil, added: nil,
                  downloadProtocol: .torrent, downloadID: String(format: "%040X", number), downloadClient: nil, resource: nil,
                  childID: nil, groupKey: nil)
    }

    private func activity(_ records: [QueueItem], stale: Bool = false) -> ActivityContent {
        ActivityContent(joining: Aggregate(parts: [ServicePart(service: sonarr, value: records, refreshedAt: Date(), isStale: stale)]),
                        transfers: Aggregate())
    }

    func testNothingFromBeforeThisRunThenOneNoticePerKindAndRefresh() {
        var planner = NotificationPlanner()
        // The first state: downloads already failed or blocked before start are no news.
        XCTAssertEqual(planner.activity(activity([record(1, .importPending, left: 0), record(2, .failed, error: "Fixture failure"),
                                                  record(3, .downloading), record(4, .importing, left: 0), record(5, .downloading),
                                                  record(6, .downloading)])), [])
        // 1 and 4 arrive (imported), 3 fails, 5 is blocked, 6 stays.
        let notices = planner.activity(activity([record(2, .failed, error: "Fixture failure"), record(3, .failed, error: "Fixture disk full"),
                                                 record(5, .importBlocked, left: 0), record(6, .downloading)]))
        XCTAssertEqual(notices.map(\.kind), [.finished, .failed, .needsAttention])
        XCTAssertEqual(notices[0].about, .downloads(total: 2, names: ["Fixture.Release.1", "Fixture.Release.4"], detail: nil))
        XCTAssertEqual(notices[0].target, .activity, "a summary opens the tab")
        XCTAssertEqual(notices[1].about, .downloads(total: 1, names: ["Fixture.Release.3"], detail: "Fixture disk full"))
        XCTAssertEqual(notices[1].target, .download(ActivityItem.ID(orchestrator: sonarr.id, download: String(format: "%040X", 3))))
        XCTAssertEqual(notices[2].about, .downloads(total: 1, names: ["Fixture.Release.5"], detail: "No files found are eligible for import"))
        // The same state again: nothing new.
        XCTAssertEqual(planner.activity(activity([record(2, .failed), record(3, .failed), record(5, .importBlocked, left: 0),
                                                  record(6, .downloading)])), [])
    }

    func testRemovalsByTheUserUnfinishedDownloadsAndSilentServicesAreNoNews() {
        var planner = NotificationPlanner()
        _ = planner.activity(activity([record(1, .importPending, left: 0), record(2, .downloading), record(3, .importing, left: 0)]))
        // The service did not answer (its cached part is stale): 1 and 2 missing from it means nothing.
        XCTAssertEqual(planner.activity(activity([record(3, .importing, left: 0)], stale: true)), [])
        // The user removed 1 through Switchyard; 2 left the queue unfinished (removed elsewhere).
        planner.removedByUser([ActivityItem.ID(orchestrator: sonarr.id, download: String(format: "%040X", 1))])
        let notices = planner.activity(activity([record(3, .importing, left: 0)]))
        XCTAssertEqual(notices, [], "neither is a finished download")
    }

    private let qbittorrent = ServiceRef(id: UUID(), name: "Fixture qBittorrent", kind: .qbittorrent)

    private func transfer(_ name: String, _ state: TransferItem.State, progress: Double, hash: Int, error: String? = nil,
                          completed: Date? = nil) -> TransferItem {
        TransferItem(serviceID: qbittorrent.id, joinKey: String(format: "%040x", hash), name: name, state: state, rawState: state.rawValue,
                     progress: progress, sizeBytes: 1000, remainingBytes: Int64(1000 * (1 - progress)), completed: completed,
                     errorMessage: error)
    }

    private func activity(_ records: [QueueItem], _ transfers: [TransferItem], queuesStale: Bool = false) -> ActivityContent {
        ActivityContent(joining: Aggregate(parts: [ServicePart(service: sonarr, value: records, refreshedAt: Date(), isStale: queuesStale)]),
                        transfers: Aggregate(parts: [ServicePart(service: qbittorrent, value: TransferSnapshot(items: transfers, stats:
                            TransferStats(downloadSpeed: 0, uploadSpeed: 0, freeSpaceBytes: nil, count: transfers.count, activeCount: 0)),
                                                                 refreshedAt: Date(), isStale: false)]))
    }

    func testTransfersNoOrchestratorTracksAreAnnouncedWhenTheirClientFinishesOrFailsThem() {
        var planner = NotificationPlanner()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        // Sonarr tracks download 7 (the torrent with hash 7); the others are nobody's.
        let tracked = record(7, .downloading)
        XCTAssertEqual(planner.activity(activity([tracked], [transfer("Fixture.Own.A", .downloading, progress: 0.4, hash: 1),
                                                             transfer("Fixture.Tracked", .downloading, progress: 0.4, hash: 7),
                                                             transfer("Fixture.Old.Done", .seeding, progress: 1, hash: 3),
                                                             transfer("Fixture.Old.Failed", .error, progress: 0.2, hash: 4)]), now: start),
                       [], "the client's first answer is the baseline")
        // A finishes; Sonarr's torrent finishes in the client (Sonarr says when it is imported); E was
        // added and finished between two refreshes; F appeared failed; G is new and downloading.
        let notices = planner.activity(activity([tracked], [transfer("Fixture.Own.A", .seeding, progress: 1, hash: 1),
                                                            transfer("Fixture.Tracked", .seeding, progress: 1, hash: 7),
                                                            transfer("Fixture.Old.Done", .seeding, progress: 1, hash: 3),
                                                            transfer("Fixture.Old.Failed", .error, progress: 0.2, hash: 4),
                                                            transfer("Fixture.Quick.E", .completed, progress: 1, hash: 5,
                                                                     completed: start.addingTimeInterval(30)),
                                                            transfer("Fixture.Broken.F", .error, progress: 0, hash: 6, error: "Fixture disk full"),
                                                            transfer("Fixture.New.G", .downloading, progress: 0.1, hash: 8)]),
                                       now: start.addingTimeInterval(60))
        XCTAssertEqual(notices.map(\.kind), [.finished, .failed])
        XCTAssertEqual(notices[0].about, .downloads(total: 2, names: ["Fixture.Own.A", "Fixture.Quick.E"], detail: nil))
        XCTAssertEqual(notices[0].target, .downloads, "only transfers: the summary opens Downloads")
        XCTAssertEqual(notices[1].about, .downloads(total: 1, names: ["Fixture.Broken.F"], detail: "Fixture disk full"))
        XCTAssertEqual(notices[1].target, .transfer(TransferItem.ID(serviceID: qbittorrent.id, joinKey: String(format: "%040x", 6))))
    }

    func testATransferIsJudgedOnlyWhenEveryOrchestratorAnswered() {
        var planner = NotificationPlanner()
        let downloading = transfer("Fixture.Own.A", .downloading, progress: 0.5, hash: 1), done = transfer("Fixture.Own.A", .seeding, progress: 1, hash: 1)
        _ = planner.activity(activity([record(7, .downloading)], [downloading]))
        // Sonarr is silent: A might be its download (finished, not yet imported) — no word yet.
        XCTAssertEqual(planner.activity(activity([record(7, .downloading)], [done], queuesStale: true)), [])
        // Sonarr answers and does not track A: now it is news, once.
        let notices = planner.activity(activity([record(7, .downloading)], [done]))
        XCTAssertEqual(notices.map(\.about), [.downloads(total: 1, names: ["Fixture.Own.A"], detail: nil)])
        XCTAssertEqual(notices.first?.target, .transfer(done.id))
        XCTAssertEqual(planner.activity(activity([record(7, .downloading)], [done])), [])
    }

    func testNewHealthWarningsAfterTheFirstReport() {
        var planner = NotificationPlanner()
        func overview(_ issues: [HealthIssue]) -> OverviewContent {
            OverviewContent(rows: [], details: Aggregate(parts: [ServicePart(service: sonarr, value: OverviewPart(health: issues, disks: []),
                                                                             refreshedAt: Date(), isStale: false)]))
        }
        let old = HealthIssue(id: "1", source: "IndexerStatusCheck", level: .warning, message: "Indexers unavailable", wikiURL: nil)
        let notice = HealthIssue(id: "2", source: "UpdateCheck", level: .notice, message: "An update is available", wikiURL: nil)
        let new = HealthIssue(id: "3", source: "DownloadClientCheck", level: .error, message: "Unable to communicate with Fixture qBittorrent",
                              wikiURL: nil)
        XCTAssertEqual(planner.health(overview([old])), [], "the first report is the baseline")
        let notices = planner.health(overview([old, notice, new]))
        XCTAssertEqual(notices.count, 1, "only the new error; a notice-level issue is no news")
        XCTAssertEqual(notices.first?.about, .health(total: 1, issues: [.init(service: "Fixture Sonarr", level: .error, message: "Unable to communicate with Fixture qBittorrent")]))
        XCTAssertEqual(planner.health(overview([old, notice, new])), [])
    }

    func testAServiceUnreachableForFiveMinutesIsAnnouncedOnceAndWhenItIsBack() {
        var planner = NotificationPlanner()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let down = ServiceRow(service: sonarr, state: .unavailable), up = ServiceRow(service: sonarr, state: .ok)
        XCTAssertEqual(planner.services([down], now: start), [])
        XCTAssertEqual(planner.services([down], now: start.addingTimeInterval(299)), [], "not yet five minutes")
        let notices = planner.services([down], now: start.addingTimeInterval(300))
        XCTAssertEqual(notices.map(\.about), [.unreachable(service: "Fixture Sonarr")])
        XCTAssertEqual(planner.services([down], now: start.addingTimeInterval(900)), [], "once")
        XCTAssertEqual(planner.services([up], now: start.addingTimeInterval(960)).map(\.about), [.back(service: "Fixture Sonarr")])
        XCTAssertEqual(planner.services([up], now: start.addingTimeInterval(1000)), [])
        // A short outage is no news either way.
        XCTAssertEqual(planner.services([down], now: start.addingTimeInterval(1100)), [])
        XCTAssertEqual(planner.services([up], now: start.addingTimeInterval(1200)), [])
    }

    func testNewPendingRequestsAfterTheFirstAnswerEachOnce() {
        var planner = NotificationPlanner()
        let manager = ServiceRef(id: UUID(), name: "Fixture Jellyseerr", kind: .jellyseerr)
        func request(_ id: Int, _ status: MediaRequest.Status, title: String) -> MediaRequest {
            MediaRequest(id: ResourceID(serviceID: manager.id, itemID: id), status: status, mediaType: .movie, requestedBy: "Ada Sample",
                         tmdbID: 900_000 + id, title: title, year: 2025)
        }
        func content(_ requests: [MediaRequest], stale: Bool = false) -> RequestsContent {
            Aggregate(parts: [ServicePart(service: manager, value: RequestList(requests: requests, counts: nil), refreshedAt: Date(), isStale: stale)])
        }
        let old = request(1, .pending, title: "Old Ask")
        XCTAssertEqual(planner.requests(content([old, request(2, .approved, title: "Done")])), [], "the first answer is the baseline")
        let new = request(3, .pending, title: "New Ask")
        let notices = planner.requests(content([new, old]))
        XCTAssertEqual(notices.map(\.kind), [.requests])
        XCTAssertEqual(notices.first?.about, .requests(total: 1, first: [new]))
        XCTAssertEqual(notices.first?.target, .request(new.id), "its click opens that request")
        XCTAssertEqual(planner.requests(content([new, old])), [], "once")
        // Approved elsewhere, then two new ones at once: one notice that opens the tab; a cached answer says nothing.
        let two = [request(4, .pending, title: "Ask Four"), request(5, .pending, title: "Ask Five")]
        XCTAssertEqual(planner.requests(content(two + [old], stale: true)), [])
        let both = planner.requests(content(two + [old]))
        XCTAssertEqual(both.first?.about, .requests(total: 2, first: two))
        XCTAssertEqual(both.first?.target, .requests)
    }
}
