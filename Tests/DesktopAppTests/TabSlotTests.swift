import CGtk
@testable import DesktopApp
import SwitchyardTestSupport
import XCTest

/// A tab's page is made once, when first needed; until then its wiring waits (every call, in
/// order) and so does its content (the latest of each kind only).
final class TabSlotTests: XCTestCase {
    @MainActor
    private final class Page {
        let widget = Label("page")
        var log: [String] = []
    }

    func testThePageIsMadeOnceWiredInOrderAndShownTheLatest() throws {
        try requireTestSession()
        MainActor.assumeIsolated {
            gtk_init()
            var made = 0
            let slot = TabSlot<Page>(make: { made += 1; return Page() }, widget: { $0.widget })
            slot.whenBuilt { $0.log.append("wire 1") }
            slot.show { $0.log.append("state 1") }
            slot.show("live") { $0.log.append("live 1") }
            slot.show { $0.log.append("state 2") }
            slot.whenBuilt { $0.log.append("wire 2") }
            slot.show("live") { $0.log.append("live 2") }
            XCTAssertEqual(made, 0, "nothing made before it is needed")
            XCTAssertNil(slot.built)

            let page = slot.page
            XCTAssertEqual(made, 1)
            XCTAssertEqual(page.log, ["wire 1", "wire 2", "state 2", "live 2"], "every wiring, then the latest of each kind")
            XCTAssertTrue(slot.built === page)
            XCTAssertEqual(gtk_widget_get_parent(page.widget.widget), slot.holder.widget, "the page sits in the tab's box")

            slot.show { $0.log.append("state 3") }
            slot.whenBuilt { $0.log.append("wire 3") }
            slot.build()
            XCTAssertTrue(slot.page === page)
            XCTAssertEqual(made, 1, "made once")
            XCTAssertEqual(page.log.suffix(2), ["state 3", "wire 3"], "once made, at once")
        }
    }
}
