import Core
@testable import DesktopApp
import XCTest

final class AppTabTests: XCTestCase {
    /// Raw values name inspection routes and actions: they are frozen.
    func testRawValuesAndOrderAreFrozen() {
        XCTAssertEqual(AppTab.allCases.map(\.rawValue),
                       ["overview", "series", "movies", "music", "activity", "downloads", "calendar", "indexers", "requests"])
    }

    func testNumbersMatchAltShortcuts() {
        for tab in AppTab.allCases {
            XCTAssertEqual(AppTab(number: tab.number), tab)
        }
        XCTAssertEqual(AppTab.series.number, 2)
        XCTAssertNil(AppTab(number: 0))
        XCTAssertEqual(AppTab(number: 8), .indexers)
        XCTAssertEqual(AppTab(number: 9), .requests)
        XCTAssertNil(AppTab(number: 10))
    }

    /// Alt+N is the N-th tab on screen: a kind nobody configured takes no number.
    func testNumbersCountTheTabsOnScreen() {
        let shown: Set<AppTab> = [.overview, .series, .movies, .activity, .downloads, .calendar]
        XCTAssertEqual(AppTab(number: 4, among: shown), .activity, "no Lidarr: Alt+4 stays Activity")
        XCTAssertEqual(AppTab(number: 6, among: shown), .calendar)
        XCTAssertNil(AppTab(number: 7, among: shown))
        XCTAssertEqual(AppTab(number: 2, among: [.overview, .downloads]), .downloads)
        XCTAssertNil(AppTab(number: 0, among: shown))
        XCTAssertEqual(AppTab(number: 4, among: Set(AppTab.allCases)), .music)
    }

    func testInspectionClockIsFixed() {
        XCTAssertEqual(Clock.inspection.now, Clock.inspection.now)
        XCTAssertEqual(Clock.inspection.now.timeIntervalSince1970, 1_768_485_720)
    }
}
