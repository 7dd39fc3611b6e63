@testable import Core
import Foundation
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
                  episodeID: nil, seasonNumber: nil)
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
        XCTAssertEqual(notices[0].title, "2 downloads finished")
        XCTAssertEqual(notices[0].body, "Fixture.Release.1\nFixture.Release.4")
        XCTAssertNil(notices[0].target, "a summary opens the tab")
        XCTAssertEqual(notices[1].title, "Download failed")
        XCTAssertEqual(notices[1].body, "Fixture.Release.3\nFixture disk full")
        XCTAssertEqual(notices[1].target?.download, String(format: "%040X", 3))
        XCTAssertEqual(notices[2].title, "Import needs you")
        XCTAssertEqual(notices[2].body, "Fixture.Release.5\nNo files found are eligible for import")
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
        XCTAssertEqual(notices.first?.title, "Fixture Sonarr: error")
        XCTAssertEqual(notices.first?.body, "Unable to communicate with Fixture qBittorrent")
        XCTAssertEqual(planner.health(overview([old, notice, new])), [])
    }

    func testAServiceUnreachableForFiveMinutesIsAnnouncedOnceAndWhenItIsBack() {
        var planner = NotificationPlanner()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let down = ServiceRow(service: sonarr, state: .unavailable), up = ServiceRow(service: sonarr, state: .ok)
        XCTAssertEqual(planner.services([down], now: start), [])
        XCTAssertEqual(planner.services([down], now: start.addingTimeInterval(299)), [], "not yet five minutes")
        let notices = planner.services([down], now: start.addingTimeInterval(300))
        XCTAssertEqual(notices.map(\.title), ["Fixture Sonarr is unreachable"])
        XCTAssertEqual(planner.services([down], now: start.addingTimeInterval(900)), [], "once")
        XCTAssertEqual(planner.services([up], now: start.addingTimeInterval(960)).map(\.title), ["Fixture Sonarr is back"])
        XCTAssertEqual(planner.services([up], now: start.addingTimeInterval(1000)), [])
        // A short outage is no news either way.
        XCTAssertEqual(planner.services([down], now: start.addingTimeInterval(1100)), [])
        XCTAssertEqual(planner.services([up], now: start.addingTimeInterval(1200)), [])
    }
}
