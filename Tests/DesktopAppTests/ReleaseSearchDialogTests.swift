import CGtk
import Core
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// The interactive-search window in the real widgets: sorting and filtering what the service found,
/// Grab sending exactly the release picked, and a search older than 30 minutes asking to search
/// again instead of sending a grab the service would refuse.
final class ReleaseSearchDialogTests: XCTestCase {
    func testGrabOnlyWhileTheServiceHoldsTheSearch() throws {
        try requireTestSession()
        MainActor.assumeIsolated {
            gtk_init()
            let clock = Clock.inspection
            let dialog = ReleaseSearchDialog(over: nil, search: .item(102), title: "Fixture", clock: clock)
            defer { dialog.window.destroy() }
            var searches: [ReleaseSearch] = [], grabs: [Release] = []
            dialog.onSearch = { searches.append($0) }
            dialog.onGrab = { grabs.append($0) }
            dialog.start()
            XCTAssertEqual(searches, [.item(102)])
            XCTAssertTrue(dialog.searching)

            let releases = LibrarySamples.movies.releases
            dialog.found(releases, at: clock.now.addingTimeInterval(-31 * 60))
            XCTAssertEqual(dialog.shown.first?.approved, true, "best first: approved, then by score")
            XCTAssertEqual(dialog.shown.first?.customFormatScore, 25)
            dialog.showDropDown.selected = ReleaseSearchDialog.Show.rejected.rawValue
            XCTAssertEqual(dialog.shown.count, 3)
            XCTAssertTrue(dialog.shown.allSatisfy { !$0.approved && !$0.rejections.isEmpty })
            dialog.sortDropDown.selected = ReleaseSearchDialog.Sort.size.rawValue
            XCTAssertEqual(dialog.shown.map(\.size), dialog.shown.map(\.size).sorted(by: >))

            // 31 minutes old: the service has forgotten it — nothing is sent, the window says why.
            dialog.requestGrab(releases[0])
            XCTAssertEqual(grabs, [])
            XCTAssertTrue(dialog.statusText.contains("over 30 minutes old"), dialog.statusText)

            dialog.found(releases, at: clock.now.addingTimeInterval(-60))
            dialog.requestGrab(releases[1])
            XCTAssertEqual(grabs, [releases[1]])
            dialog.requestGrab(releases[0])
            XCTAssertEqual(grabs.count, 1, "one grab at a time")
            dialog.grabbed(releases[1], error: "The service refused the request: Getting release from indexer failed")
            XCTAssertTrue(dialog.statusText.hasSuffix("Getting release from indexer failed"), dialog.statusText)
        }
    }
}
