import CGtk
import Core
@testable import DesktopApp
import SwitchyardTestSupport
import XCTest

/// The Requests page between refreshes: one that changed nothing keeps the rows (and so the ticks and
/// the keyboard focus); a change lays them out again, keeping the ticks of requests still pending and
/// dropping those of requests that are not; a filter shows one standing, and says when none has it.
final class RequestsPageTests: XCTestCase {
    func testRefreshesKeepRowsTicksAndFiltersByStanding() throws {
        try requireTestSession()
        MainActor.assumeIsolated {
            gtk_init()
            let page = RequestsPage(clock: .inspection)
            let content = InspectionData.requests(stale: false)
            let service = InspectionData.jellyseerr.id
            page.render(.content(content, refreshedAt: InspectionData.now))
            let first = page.rowControls[RequestsPage.key(service, 21)]?.approve?.widget
            XCTAssertNotNil(first)
            for id in [21, 23] { if let check = page.rowControls[RequestsPage.key(service, id)]?.check { check.active = true } }
            XCTAssertEqual(page.ticked.count, 2)
            XCTAssertTrue(page.approveSelectedButton.sensitive)

            page.render(.content(content, refreshedAt: InspectionData.now.addingTimeInterval(60)))
            XCTAssertEqual(page.rowControls[RequestsPage.key(service, 21)]?.approve?.widget, first, "nothing changed: the same rows")

            // Request 23 was approved elsewhere: the rows are laid out again; 21 stays ticked, 23 is no longer pending.
            var changed = content
            changed.parts[0].value.requests = changed.parts[0].value.requests.map { request in
                var request = request
                if request.id.itemID == 23 { request.status = .approved }
                return request
            }
            page.render(.content(changed, refreshedAt: InspectionData.now.addingTimeInterval(120)))
            XCTAssertEqual(page.ticked, [RequestsPage.key(service, 21)])
            XCTAssertEqual(page.rowControls[RequestsPage.key(service, 21)]?.check?.active, true)
            XCTAssertNil(page.rowControls[RequestsPage.key(service, 23)]?.check, "no longer pending: no check box")

            // Filters: declined shows the one declined request; failed shows "Synthetic" none → said so.
            page.filterDropDown.selected = RequestsPage.filters.firstIndex(of: .declined)!
            XCTAssertEqual(page.rowControls.keys.sorted(), [RequestsPage.key(service, 18)])
            page.filterDropDown.selected = RequestsPage.filters.firstIndex(of: .processing)!
            XCTAssertEqual(Set(page.rowControls.keys), [RequestsPage.key(service, 20)])
            page.filterDropDown.selected = RequestsPage.filters.firstIndex(of: .pending)!
            XCTAssertEqual(Set(page.rowControls.keys), [RequestsPage.key(service, 21), RequestsPage.key(service, 22)])
            // (the page is left to the test process: its GtkDropDown popover outlives a manual unref)
        }
    }
}
