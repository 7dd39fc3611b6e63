import CGtk
import Core
@testable import DesktopApp
import SwitchyardTestSupport
import XCTest

/// A tab's frame keeps exactly one row per failing service, however often the failures change.
final class FeaturePageTests: XCTestCase {
    func testFailureRowsAreReplacedNotAccumulated() throws {
        try requireTestSession()
        MainActor.assumeIsolated {
            gtk_init()
            let content = gtk_label_new("content")!
            let page = FeaturePage(tab: .downloads, content: content, clock: .inspection)
            let one = ServiceRef(id: UUID(), name: "Fixture One", kind: .qbittorrent)
            let two = ServiceRef(id: UUID(), name: "Fixture Two", kind: .transmission)
            page.show(.content, failures: [ServiceFailure(service: one, error: .unauthorized)])
            XCTAssertEqual(page.failureTexts.count, 1)
            XCTAssertTrue(page.failureTexts.first?.hasPrefix("Fixture One: ") == true, "\(page.failureTexts)")
            page.show(.content, failures: [ServiceFailure(service: two, error: .unavailable(.connectionRefused))])
            XCTAssertEqual(page.failureTexts.count, 1, "the earlier failure row stayed: \(page.failureTexts)")
            XCTAssertTrue(page.failureTexts.first?.hasPrefix("Fixture Two: ") == true, "\(page.failureTexts)")
            page.show(.content, failures: [])
            XCTAssertEqual(page.failureTexts, [])

            // One service failing while the others have nothing: the failure row, then the empty state.
            page.show(.content, failures: [ServiceFailure(service: one, error: .unauthorized)], isEmpty: true)
            XCTAssertEqual(page.failureTexts.count, 1)
            XCTAssertTrue(page.emptyNoteShown, "a failure row above a blank page")
            XCTAssertEqual(gtk_widget_get_visible(content), 0)
            page.show(.content, failures: [ServiceFailure(service: one, error: .unauthorized)], isEmpty: false)
            XCTAssertFalse(page.emptyNoteShown, "the empty state stayed after content arrived")
            XCTAssertEqual(gtk_widget_get_visible(content), 1)
            g_object_unref(g_object_ref_sink(UnsafeMutableRawPointer(page.widget)))
        }
    }
}
