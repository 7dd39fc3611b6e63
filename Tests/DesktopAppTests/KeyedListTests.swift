import CGtk
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// A keyed list view that fills from several services: rows that arrive above the first row keep a
/// view at its top showing them (GTK alone keeps the old first row in place, the new ones out of sight
/// above), and leave a view the user scrolled down where it was.
final class KeyedListTests: XCTestCase {
    @MainActor
    private final class Row {
        let label = Label.line("")
    }

    @MainActor
    private final class Rig {
        let list = KeyedList()
        let view: ListView
        var factory: RowFactory<Row>!
        let window = Window()

        init() {
            let selection = SelectionModel(.multiple, over: list.model)
            view = ListView(selection, name: "Rows")
            factory = RowFactory(make: { [weak self] in
                self?.made += 1
                let row = Row()
                return (row.label, row)
            }, bind: { row, key in row.label.text = key })
            view.setFactory(factory.factory)
            list.keepsTop(of: view)
            window.setChild(ScrolledWindow(view))
            window.setDefaultSize(width: 400, height: 300)
            window.present()
        }

        /// Rows made so far, and how many each frame made (counted from the frame clock's ticks).
        var made = 0
        var madePerFrame: [Int] = []
        private var madeBefore = 0

        func countRowsPerFrame() {
            let box = Unmanaged.passRetained(self).toOpaque()
            gtk_widget_add_tick_callback(view.widget, { _, _, data in
                let rig = Unmanaged<Rig>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated {
                    rig.madePerFrame.append(rig.made - rig.madeBefore)
                    rig.madeBefore = rig.made
                }
                return 1
            }, box, { data in Unmanaged<Rig>.fromOpaque(data!).release() })
        }

        /// The key of the row drawn at the top of the view.
        var topKey: String? { factory.key(atY: 8, in: view) { $0.label } }

        var scrolled: Double { view.vadjustment.map { gtk_adjustment_get_value($0) } ?? -1 }

        /// Runs the main loop until `condition` holds (frames and layout are events; the deadline only stops a hang).
        func until(_ what: String, _ condition: () -> Bool) {
            let deadline = Date().addingTimeInterval(30)
            while !condition(), Date() < deadline { g_main_context_iteration(nil, 0) }
            XCTAssertTrue(condition(), "waited for \(what)")
        }
    }

    private func rig() throws -> Rig {
        try requireTestSession()
        return MainActor.assumeIsolated {
            gtk_init()
            return Rig()
        }
    }

    private static let radarr = (0..<200).map { "radarr-\($0)" }
    private static let sonarr = (0..<50).map { "sonarr-\($0)" }

    func testRowsArrivingAboveTheTopOfAViewAtItsTopAreShown() throws {
        let rig = try rig()
        MainActor.assumeIsolated {
            rig.list.update(Self.radarr)
            rig.until("the first rows on screen") { rig.topKey == "radarr-0" }
            rig.list.update(Self.sonarr + Self.radarr)
            rig.until("the new first row on top") { rig.topKey == "sonarr-0" }
            XCTAssertEqual(rig.scrolled, 0, "still at the very top")
        }
    }

    /// GTK 4.8's list view makes a row for up to 200 items as soon as they are in the model and lays
    /// them all out in the next frame. A list on screen grows a few items a frame until those rows
    /// exist, so no frame makes them all; off screen it takes them in large steps.
    func testAListGrowsAFewRowsAFrameOnScreenAndAStepAtATimeOffScreen() throws {
        let rig = try rig()
        MainActor.assumeIsolated {
            let keys = (0..<2000).map { "item-\($0)" }
            rig.until("the window on screen") { rig.view.isMapped }
            rig.countRowsPerFrame()
            rig.list.update(keys)
            XCTAssertEqual(rig.list.keys.count, rig.list.growth, "the first step holds only a frame's worth")
            rig.until("the first rows on screen") { rig.topKey == "item-0" }
            rig.until("every item in the model") { rig.list.keys == keys }
            XCTAssertGreaterThan(rig.made, 100, "the view made its rows")
            XCTAssertLessThanOrEqual(rig.madePerFrame.max() ?? 0, rig.list.growth + 8,
                                     "a frame made \(rig.madePerFrame.max() ?? 0) rows: \(rig.madePerFrame.filter { $0 > 0 })")

            let hidden = KeyedList()
            let view = ListView(SelectionModel(.multiple, over: hidden.model), name: "Hidden rows")
            g_object_ref_sink(UnsafeMutableRawPointer(view.widget))
            defer { g_object_unref(UnsafeMutableRawPointer(view.widget)) }
            hidden.paces(view)
            hidden.update(keys)
            XCTAssertEqual(hidden.keys.count, hidden.growth, "off screen too, the first step is small (GTK makes its rows)")
            rig.until("the view off screen holds every item, grown in idle steps") { hidden.keys == keys }
        }
    }

    func testAViewScrolledDownKeepsItsRowsWhenRowsArriveAbove() throws {
        let rig = try rig()
        MainActor.assumeIsolated {
            rig.list.update(Self.radarr)
            rig.until("the first rows on screen") { rig.topKey == "radarr-0" }
            rig.until("every row in the model") { rig.list.isSettled }
            let adjustment = try! XCTUnwrap(rig.view.vadjustment)
            gtk_adjustment_set_value(adjustment, 600)
            rig.until("the view scrolled") { rig.topKey != nil && rig.topKey != "radarr-0" }
            let shown = rig.topKey
            rig.list.update(Self.sonarr + Self.radarr)
            // The splice is laid out on the next frames: wait until the view has re-measured above the
            // kept row (its scroll position grows by the new rows' height), then the same row is on top.
            rig.until("the new rows laid out above") { rig.scrolled > 600 }
            rig.until("the same row on top") { rig.topKey == shown }
            XCTAssertNotEqual(rig.topKey, "sonarr-0")
        }
    }
}
