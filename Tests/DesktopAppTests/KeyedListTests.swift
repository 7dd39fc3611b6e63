import CGtk
import Core
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// The position-stable list: a view at its top shows rows that arrive above the first row; a view the
/// user scrolled down keeps the row it looks at; a filter or a sort binds rows again instead of making
/// them; the selection and the focus follow their keys, not their positions.
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

        let selection: SelectionModel

        init() {
            selection = SelectionModel(.multiple, over: list.model)
            list.keepsSelection(selection)
            view = ListView(selection, name: "Rows")
            factory = RowFactory(list, make: { [weak self] in
                self?.made += 1
                let row = Row()
                return (row.label, row)
            }, bind: { row, key in row.label.text = key })
            view.setFactory(factory.factory)
            list.paces(view)
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
            XCTAssertEqual(rig.list.keys.count, KeyedList.firstGrowth, "the first step holds only a frame's worth")
            rig.until("the first rows on screen") { rig.topKey == "item-0" }
            rig.until("every item in the model") { rig.list.keys == keys }
            XCTAssertGreaterThan(rig.made, 100, "the view made its rows")
            XCTAssertLessThanOrEqual(rig.madePerFrame.max() ?? 0, KeyedList.maxGrowth + 8,
                                     "a frame made \(rig.madePerFrame.max() ?? 0) rows: \(rig.madePerFrame.filter { $0 > 0 })")

            let hidden = KeyedList()
            let view = ListView(SelectionModel(.multiple, over: hidden.model), name: "Hidden rows")
            g_object_ref_sink(UnsafeMutableRawPointer(view.widget))
            defer { g_object_unref(UnsafeMutableRawPointer(view.widget)) }
            hidden.paces(view)
            hidden.update(keys)
            XCTAssertEqual(hidden.keys.count, KeyedList.firstGrowth, "off screen too, the first step is small (GTK makes its rows)")
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

    /// A list that shrinks turns the rows past its new end blank (hidden, no key, unpickable) and, once it has been
    /// quiet for a moment, lets them go a few a step; growing again meanwhile binds those rows instead of making new ones. A change binds the rows on
    /// screen at once and the others GTK holds (most of them out of sight) when the main loop is idle next.
    func testShrinkingLeavesInStepsAndRowsOutOfSightAreBoundWhenIdle() throws {
        let rig = try rig()
        MainActor.assumeIsolated {
            let all = (0..<1000).map { String(format: "item-%04d", $0) }
            rig.until("the window on screen") { rig.view.isMapped }
            rig.list.update(all)
            rig.until("every row in the model and on screen") { rig.list.isSettled && rig.topKey == "item-0000" }
            let made = rig.made
            rig.list.shrinkStep = 8

            // Typing narrows the list, then widens it again before the list has been quiet for a moment: the rows
            // that turned blank show keys again; none is made, none is destroyed.
            let held = rig.factory.boundRows.count
            rig.list.update(Array(all.prefix(3)))
            XCTAssertEqual(rig.list.keys.count, 3)
            XCTAssertGreaterThan(rig.list.blankTail, 8)
            rig.list.update(all)
            XCTAssertEqual(rig.list.blankTail, 0)
            rig.until("the list grown back, its rows bound") { rig.list.isSettled && rig.topKey == "item-0000" }
            XCTAssertEqual(rig.made, made, "rows were bound again, not made")
            XCTAssertGreaterThanOrEqual(rig.factory.boundRows.count, held, "no row was destroyed")

            // 1000 → 5: the five show their keys at once; the rows GTK holds past them turn blank and leave in steps.
            let few = (0..<5).map { String(format: "other-%04d", $0) }
            rig.list.update(few)
            XCTAssertEqual(rig.list.keys, few)
            XCTAssertGreaterThan(rig.list.blankTail, 8, "the rows GTK holds stay, blank, for now")
            XCTAssertEqual(rig.list.modelCount, 5 + rig.list.blankTail)
            XCTAssertLessThan(rig.list.modelCount, 1000, "rows GTK holds no widget for left at once")
            XCTAssertEqual(rig.topKey, "other-0000", "the row on screen shows its key without waiting")
            XCTAssertNil(rig.list.key(at: 5), "a blank row shows no key")
            rig.selection.select(5, exclusive: false)
            XCTAssertEqual(rig.list.selectedKeys, [], "a blank row is never a pick")
            var tails: [Int] = []
            rig.until("a few blank rows left") { tails.append(rig.list.blankTail); return rig.list.blankTail < tails[0] / 2 }

            // Growing back into the blank rows binds them: no row is made for them.
            let madeBefore = rig.made
            rig.list.update(Array(all.prefix(5 + rig.list.blankTail)))
            XCTAssertEqual(rig.list.blankTail, 0)
            XCTAssertEqual(rig.made, madeBefore, "blank rows were bound again, not made")
            rig.until("every row settled") { rig.list.isSettled }
            XCTAssertEqual(Set(tails.filter { $0 > 0 }).count > 1, true, "the blank rows left over several steps: \(tails)")
            XCTAssertLessThanOrEqual(rig.made - made, 8, "no row made for the shrink or the growth back")

            // A sort turning the list round: the rows on screen show their new keys at once, every row GTK holds
            // shows its own when the main loop has been idle.
            rig.list.update(all)
            rig.until("every row in the model, GTK holding its rows") { rig.list.isSettled && rig.factory.boundRows.count > 60 }
            let shown = rig.list.keys
            rig.list.update(shown.reversed())
            XCTAssertEqual(rig.topKey, shown.last)
            @MainActor func stale() -> Int {
                rig.factory.boundRows.filter { rig.list.key(at: $0.position) != $0.key || $0.row.label.text != $0.key }.count
            }
            XCTAssertGreaterThan(stale(), 0, "rows out of sight wait for the main loop to be idle")
            rig.until("the rows out of sight bound too") { stale() == 0 }
        }
    }

    /// A filter that empties the top of the list, a sort that turns it round, a refresh that removes the picked
    /// row: no row widget is made for any of them (rows are bound again), the picked keys stay picked wherever they
    /// are now, and the focused row's key keeps the focus.
    func testFilterSortAndSpliceRebindRowsAndKeepSelectionAndFocusByKey() throws {
        let rig = try rig()
        MainActor.assumeIsolated {
            let all = (0..<1000).map { String(format: "item-%04d", $0) }
            rig.list.update(all)
            rig.until("every row in the model and on screen") { rig.list.isSettled && rig.topKey == "item-0000" }
            let made = rig.made
            // Pick two, focus the first of them.
            rig.list.select(keys: ["item-0003", "item-0007"])
            XCTAssertEqual(rig.selection.selectedPositions, [3, 7])
            rig.list.focus(3)
            rig.until("row 3 focused") { rig.list.focusedPosition() == 3 }

            // A filter: only odd items. Item 3 is now at position 1, item 7 at 3.
            let odd = all.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            rig.list.update(odd)
            XCTAssertEqual(rig.list.keys.count, 500)
            XCTAssertEqual(rig.selection.selectedPositions, [1, 3], "the picks followed their keys")
            XCTAssertEqual(rig.list.selectedKeys, ["item-0003", "item-0007"])
            XCTAssertEqual(rig.list.focusedPosition(), 1, "the focus followed item 3")
            rig.until("the rows on screen show the filtered keys") { rig.topKey == "item-0001" }
            XCTAssertEqual(rig.made, made, "no row was made: rows were bound again")
            XCTAssertGreaterThan(rig.list.rebinds, 0)

            // A sort, the other way round.
            rig.list.update(odd.reversed())
            XCTAssertEqual(Set(rig.selection.selectedPositions), [498, 496])
            rig.until("the focus followed item 3 to the end (scrolled to, then focused)") { rig.list.focusedPosition() == 498 }
            // Only the rows around the far end the view scrolled to are new; none for the sort itself.
            XCTAssertLessThanOrEqual(rig.made - made, 10)

            // A refresh without item 7: it is no longer picked; item 3 still is.
            rig.list.update(odd.filter { $0 != "item-0007" })
            XCTAssertEqual(rig.list.selectedKeys, ["item-0003"])
            XCTAssertEqual(rig.selection.selectedPositions, [1])
            // The user picks another row: the pick is what the user chose, by key.
            rig.selection.select(0, exclusive: true)
            XCTAssertEqual(rig.list.selectedKeys, ["item-0001"])
        }
    }
}

/// What a screen reader hears of the Downloads list (position-stable rows) through a sort and a filter, over
/// AT-SPI with real X input (`Tools/list-a11y-check.py` on `--inspection downloads`).
final class ListAccessibilityTests: XCTestCase {
    func testTheFocusedAndPickedRowIsHeardRightThroughASortAndAFilter() throws {
        let harness = try Harness()
        try requireTestSession()
        let result = try harness.run([], executable: URL(fileURLWithPath: "/usr/bin/python3"),
                                     prefix: [harness.root.appendingPathComponent("Tools/list-a11y-check.py").path])
        XCTAssertEqual(result.status, 0, result.stderr + result.stdout)
        let seen = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let name = "Placeholder.Bay.S02E02.1080p.WEB-DL"
        let before = try XCTUnwrap(seen["before"] as? [String]), sorted = try XCTUnwrap(seen["sorted"] as? [String])
        XCTAssertNotEqual(before.firstIndex(of: name), sorted.firstIndex(of: name), "the sort moved it: \(before) → \(sorted)")
        XCTAssertEqual(seen["focusedAfterSort"] as? String, name, "the focus went with it")
        XCTAssertEqual(seen["pickedAfterSort"] as? [String], [name])
        XCTAssertEqual(Set(try XCTUnwrap(seen["filtered"] as? [String])),
                       ["Placeholder.Bay.S02E02.1080p.WEB-DL", "Placeholder.Archive.2025", "Return.of.the.Placeholder.2025.2160p.WEB-DL"])
        XCTAssertEqual(seen["pickedAfterFilter"] as? [String], [name])
    }

    /// The same over a refresh, against a live (qBittorrent-shaped) service: two transfers arrive above the focused
    /// row, then the service drops it.
    func testTheFocusedRowIsHeardRightThroughASpliceAndARefreshThatRemovesIt() throws {
        try requireTestSession()
        let harness = try Harness()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = [harness.root.appendingPathComponent("Tools/bench/qbt-server.py").path, "12", "0", "0", "fixture-a11y-password"]
        let input = Pipe(), output = Pipe()
        server.standardInput = input
        server.standardOutput = output
        try server.run()
        defer { try? input.fileHandleForWriting.close(); server.waitUntilExit() }
        let ready = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        let port = try XCTUnwrap(ready.split(separator: "=").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }, ready)
        let config = ServiceConfig(kind: .qbittorrent, displayName: "Fixture qBittorrent",
                                   localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"), allowPlainHTTPOnLocal: true)
        let walk = try WalkThrough("Tools/list-a11y-check.py", arguments: ["--live"],
                                   services: [(config, Credential(username: "admin", password: "fixture-a11y-password"))],
                                   driverEnvironment: ["SY_QBT_PORT": port])
        let seen = walk.seen
        let name = try XCTUnwrap(seen["target"] as? String)
        let before = try XCTUnwrap(seen["before"] as? [String]), spliced = try XCTUnwrap(seen["spliced"] as? [String])
        XCTAssertEqual(before.count, 12)
        XCTAssertEqual(spliced.count, 14)
        XCTAssertLessThan(try XCTUnwrap(spliced.firstIndex(of: "Aaa.Fixture.Added.One")), try XCTUnwrap(spliced.firstIndex(of: name)),
                          "the new rows arrived above it: \(spliced)")
        XCTAssertGreaterThan(spliced.firstIndex(of: name) ?? 0, before.firstIndex(of: name) ?? 0, "so its row moved down")
        XCTAssertEqual(seen["focusedAfterSplice"] as? String, name, "the focus went with it")
        XCTAssertEqual(seen["pickedAfterSplice"] as? [String], [name])
        let removed = try XCTUnwrap(seen["removed"] as? [String])
        XCTAssertEqual(removed, spliced.filter { $0 != name }, "its row alone left")
        if let focused = seen["focusedAfterRemoval"] as? String {
            XCTAssertTrue(removed.contains(focused) && focused != name, "the focus is on a listed transfer: \(focused)")
        }
        XCTAssertEqual(seen["pickedAfterRemoval"] as? [String], [], "nothing picked that the user did not pick")
        XCTAssertEqual(seen["dialogsAfterDelete"] as? [String], [], "Delete asks about nothing")
        XCTAssertEqual(walk.warnings, [], "GTK warnings")
    }
}
