import CGtk
import Core
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// The Indexers tab in the real window against the fixture server as Prowlarr (real libsoup): the
/// tab shows because a Prowlarr is configured; its indexers with the failing one's status; the switch
/// disables one indexer in one request and shows what Prowlarr reads back, keeping the focus; the
/// search box asks each enabled indexer and says which answered nothing while held back; a result
/// grabbed through the dialog is one request; Prowlarr's key shows nowhere on the page.
final class IndexersUITests: XCTestCase {
    private static let key = "fixture-prowlarr-ui-key"

    func testTheIndexersTabListsSearchesAndActsThroughTheRealWindow() throws {
        try requireTestSession()
        let harness = try Harness()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-indexers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServerProcess(harness.binary.deletingLastPathComponent().appendingPathComponent("switchyard-fixture-server"),
                                       ["--kind", "prowlarr", "--fixtures", harness.root.appendingPathComponent("Fixtures").path, "--api-key", Self.key])
        let port = try XCTUnwrap(server.port)
        func fixtureState() -> [String: Any] {
            let (_, text) = (try? runTool("/usr/bin/python3", ["-c", "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode())",
                                                               "http://127.0.0.1:\(port)/__state"])) ?? (1, "{}")
            return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
        }
        try MainActor.assumeIsolated {
            gtk_init()
            MainLoop.installDispatchBridge()
            let registry = ServiceRegistry(fileURL: folder.appendingPathComponent("config/services.json"))
            let secrets = InMemorySecretStore()
            let config = ServiceConfig(kind: .prowlarr, displayName: "Fixture Prowlarr",
                                       localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"), allowPlainHTTPOnLocal: true)
            var stored = false
            Task {
                try? await secrets.write(Credential(apiKey: Self.key), for: config.credential, kind: .prowlarr)
                try? await registry.upsert(config)
                stored = true
            }
            XCTAssertTrue(iterate(until: { stored }))
            let rig = try AppWindowRig(id: "app.switchyard.Switchyard.IndexersUITests", registry: registry,
                                       transport: RetryingTransport(try SoupTransport()), secrets: secrets, cache: folder.appendingPathComponent("cache"))
            let model = rig.model, window = rig.window
            defer { rig.close() }

            // 1. The tab, and the indexers with the failing one's status and the day's numbers.
            XCTAssertEqual(window.availableTabs, [.overview, .indexers], "Prowlarr alone: Overview and Indexers")
            window.select(.indexers)
            let page = window.indexers
            XCTAssertTrue(iterate(until: { page.lists.first?.list.indexers.count == 5 }), "indexers listed")
            XCTAssertTrue(page.indexerLines.contains { $0.hasPrefix("Failing: held back until Prowlarr tests it again") }, "\(page.indexerLines)")
            XCTAssertTrue(page.indexerLines.contains("Last 24 h: 128 queries · 12 grabs · 1 failure · 420 ms on average"))

            // 2. The switch: one request naming the indexer, read back, the focus back on the same switch.
            let controls = try XCTUnwrap(page.rowControls[IndexersPage.key(config.id, 2)])
            controls.toggle.grabFocus()
            controls.toggle.active = false
            XCTAssertTrue(iterate(until: { page.lists.first?.list.indexers.first { $0.id.itemID == 2 }?.enabled == false }), "read back")
            let edits = fixtureState()["bulkEdits"] as? [[String: Any]] ?? []
            XCTAssertEqual(edits.map { $0["ids"] as? [Int] }, [[2]], "one request naming indexer 2")
            XCTAssertEqual(edits.map { $0["enable"] as? Bool }, [false])
            let after = try XCTUnwrap(page.rowControls[IndexersPage.key(config.id, 2)])
            XCTAssertFalse(after.toggle.active)
            XCTAssertTrue(after.toggle.containsFocus, "the rebuilt row's switch has the focus again")

            // 3. The search box: each enabled indexer asked on its own; the held-back one named.
            page.searchEntry.text = "show"
            gtk_widget_activate(page.searchButton.widget)
            XCTAssertTrue(iterate(until: { !page.searching && page.resultCount == 4 }), "results: \(page.resultTitles)")
            let searches = (fixtureState()["searches"] as? [[String: String]] ?? []).map { $0["indexerIds"] ?? "" }.sorted()
            XCTAssertEqual(searches, ["1", "3", "5"], "indexer 2 is disabled now; indexer 4 was")
            XCTAssertEqual(page.statusText, "4 results; 3 of 3 indexers answered.")
            XCTAssertTrue(page.answersText.contains("held back by Prowlarr (most likely failed): Fixture Flaky Tracker"), page.answersText)
            XCTAssertFalse(page.statusText.hasPrefix("No results"))

            // 4. A result grabbed through the dialog: one request naming it.
            let controller = try XCTUnwrap(model.controller(IndexersController.self))
            gtk_widget_activate_action_variant(page.resultView.widget, "list.activate-item", g_variant_new_uint32(0))
            XCTAssertTrue(iterate(until: { controller.dialog != nil }), "Enter on a result asks where it goes")
            let dialog = try XCTUnwrap(controller.dialog)
            XCTAssertEqual(dialog.chosen, .manager, "through Prowlarr first")
            XCTAssertFalse(dialog.warningShown)
            dialog.answer(.manager)
            XCTAssertTrue(iterate(until: { (fixtureState()["grabs"] as? [Any])?.count == 1 }))
            let first = try XCTUnwrap(page.searches.values.first?.state.results.first { $0.title == page.resultTitles.first })
            let grabs = fixtureState()["grabs"] as? [[String: Any]] ?? []
            XCTAssertEqual(grabs.map { $0["guid"] as? String }, [first.guid], "the first result listed, by its guid")
            XCTAssertEqual(grabs.map { $0["indexerId"] as? Int }, [first.indexerID])

            // 5. The key shows nowhere on the page.
            for text in page.resultTitles + page.indexerLines + [page.statusText, page.answersText] {
                XCTAssertFalse(text.contains(Self.key))
            }
            _ = server
        }
    }
}
