import Core
@testable import DesktopApp
import XCTest

/// Notifications are worded in the app from what the planner says they are about.
final class NoticeWordsTests: XCTestCase {
    private func notice(_ kind: NotificationPlanner.Kind, _ about: NotificationPlanner.About) -> NotificationPlanner.Notice {
        NotificationPlanner.Notice(kind: kind, about: about, target: .overview)
    }

    func testDownloadsOneAndSeveral() {
        let one = notice(.failed, .downloads(total: 1, names: ["Fixture.Release.3"], detail: "Fixture disk full"))
        XCTAssertEqual(NoticeWords.title(one), "Download failed")
        XCTAssertEqual(NoticeWords.body(one), "Fixture.Release.3\nFixture disk full")
        let five = notice(.finished, .downloads(total: 5, names: ["A", "B", "C"], detail: nil))
        XCTAssertEqual(NoticeWords.title(five), "5 downloads finished")
        XCTAssertEqual(NoticeWords.body(five), "A\nB\nC\n…and 2 more")
        XCTAssertEqual(NoticeWords.title(notice(.needsAttention, .downloads(total: 2, names: ["A", "B"], detail: nil))), "2 imports need you")
    }

    func testHealthAndReachability() {
        let issue = NotificationPlanner.ServiceIssue(service: "Fixture Sonarr", level: .error, message: "Unable to communicate")
        XCTAssertEqual(NoticeWords.title(notice(.health, .health(total: 1, issues: [issue]))), "Fixture Sonarr: error")
        XCTAssertEqual(NoticeWords.body(notice(.health, .health(total: 1, issues: [issue]))), "Unable to communicate")
        let two = notice(.health, .health(total: 2, issues: [issue, .init(service: "Fixture Radarr", level: .warning, message: "Low disk")]))
        XCTAssertEqual(NoticeWords.title(two), "2 new health issues")
        XCTAssertEqual(NoticeWords.body(two), "Fixture Sonarr: Unable to communicate\nFixture Radarr: Low disk")
        XCTAssertEqual(NoticeWords.title(notice(.reachability, .unreachable(service: "Fixture Sonarr"))), "Fixture Sonarr is unreachable")
        XCTAssertEqual(NoticeWords.title(notice(.reachability, .back(service: "Fixture Sonarr"))), "Fixture Sonarr is back")
    }
}
