import Core
@testable import DesktopApp
import XCTest

final class AppTabTests: XCTestCase {
    /// Raw values name inspection routes and actions: they are frozen.
    func testRawValuesAndOrderAreFrozen() {
        XCTAssertEqual(AppTab.allCases.map(\.rawValue),
                       ["overview", "series", "movies", "activity", "downloads", "calendar"])
    }

    func testNumbersMatchAltShortcuts() {
        for tab in AppTab.allCases {
            XCTAssertEqual(AppTab(number: tab.number), tab)
        }
        XCTAssertEqual(AppTab.series.number, 2)
        XCTAssertNil(AppTab(number: 0))
        XCTAssertNil(AppTab(number: 7))
    }

    func testInspectionClockIsFixed() {
        XCTAssertEqual(Clock.inspection.now, Clock.inspection.now)
        XCTAssertEqual(Clock.inspection.now.timeIntervalSince1970, 1_768_485_720)
    }
}
