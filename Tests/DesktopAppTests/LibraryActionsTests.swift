import CGtk
import Core
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// The Series page's actions on a multi-selection, in the real widgets, through `LibraryController`
/// and the repository to the project's Sonarr fixture server: what is enabled, that a write names
/// exactly the picked series, the rows' pending state, the read-back, and the service's refusal.
final class LibraryActionsTests: XCTestCase {
    private static let key = "fixture-library-actions-key"

    @MainActor
    private final class Rig {
        let server: ServerProcess
        let repository: Repository
        let series: LibraryPage
        let movies: LibraryPage
        let activity: ActivityPage
        let controller: LibraryController
        let window = Window()
        var finished: [LibraryRequest] = []

        init(binary: URL, root: URL, directory: URL) throws {
            server = try ServerProcess(binary.deletingLastPathComponent().appendingPathComponent("switchyard-fixture-server"),
                                       ["--kind", "sonarr", "--fixtures", root.appendingPathComponent("Fixtures").path, "--api-key", LibraryActionsTests.key])
            let port = try XCTUnwrap(server.port)
            let registry = ServiceRegistry(fileURL: directory.appendingPathComponent("services.json"))
            let secrets = InMemorySecretStore()
            let config = ServiceConfig(kind: .sonarr, displayName: "Fixture Sonarr", localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"),
                                       allowPlainHTTPOnLocal: true)
            repository = Repository(registry: registry, transport: RetryingTransport(try SoupTransport()), secrets: secrets, cache: nil)
            let repository = repository
            Self.wait("the registry") { done in
                Task {
                    try? await secrets.write(Credential(apiKey: LibraryActionsTests.key), for: config.credential, kind: .sonarr)
                    try? await registry.upsert(config)
                    await repository.reload()
                    done()
                }
            }
            let posters = PosterLoader(fetch: nil, cache: nil)
            series = LibraryPage(presentation: .series, clock: .inspection, posters: posters)
            movies = LibraryPage(presentation: .movies, clock: .inspection, posters: posters)
            activity = ActivityPage(clock: .inspection)
            controller = LibraryController(repository: repository, pages: [series, movies], activity: activity,
                                           pollInterval: .milliseconds(50), selectedTab: { .series })
            controller.onFinished = { [weak self] in self?.finished.append($0) }
            window.setChild(series.page)
            window.setDefaultSize(width: 1000, height: 700)
            window.present()
        }

        /// Runs the main loop until `start`'s work says it is done (an event; the deadline only stops a hang).
        static func wait(_ what: String, _ start: (@escaping @MainActor () -> Void) -> Void) {
            var done = false
            start { done = true }
            let deadline = Date().addingTimeInterval(60)
            while !done, Date() < deadline { g_main_context_iteration(nil, 0) }
            XCTAssertTrue(done, "waited for \(what)")
        }

        func until(_ what: String, _ condition: () -> Bool) {
            let deadline = Date().addingTimeInterval(60)
            while !condition(), Date() < deadline { g_main_context_iteration(nil, 0) }
            XCTAssertTrue(condition(), "waited for \(what)")
        }

        func loadLibrary() {
            let repository = repository, series = series
            Self.wait("the library") { done in
                Task { @MainActor in
                    series.render(await repository.library(.series, force: true))
                    done()
                }
            }
            until("the rows") { series.selection.count == 5 }
        }

        /// A control path of the fixture server, read with Python's urllib (no Swift networking here).
        func get(_ path: String) throws -> Any {
            let (status, text) = try runTool("/usr/bin/python3", ["-c", "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode())",
                                                                  "http://127.0.0.1:\(server.port!)\(path)"])
            XCTAssertEqual(status, 0, text)
            return try JSONSerialization.jsonObject(with: Data(text.utf8))
        }

        func state() throws -> [String: Any] { try XCTUnwrap(try get("/__state") as? [String: Any]) }

        func setFault(_ mode: String, on path: String) throws { _ = try get("/__fault?path=\(path)&mode=\(mode)") }
    }

    private func rig() throws -> Rig {
        try requireTestSession()
        let harness = try Harness()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-library-actions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return try MainActor.assumeIsolated {
            gtk_init()
            MainLoop.installDispatchBridge()
            return try Rig(binary: harness.binary, root: harness.root, directory: directory)
        }
    }

    func testPickedSeriesAreUnmonitoredTogetherThenSearchedOneCommandEach() throws {
        let rig = try rig()
        try MainActor.assumeIsolated {
            defer { rig.window.destroy() }
            rig.loadLibrary()
            let page = rig.series, actions = rig.series.actions
            XCTAssertFalse(actions.isEnabled(.monitor))
            XCTAssertFalse(actions.isEnabled(.search), "nothing picked: nothing to do")

            // Series 1 and 2 (both monitored in the fixture).
            let rows = Self.rows(page)
            let one = try XCTUnwrap(rows.first { $0.id.itemID == 1 }), two = try XCTUnwrap(rows.first { $0.id.itemID == 2 })
            page.select(keys: [page.key(one.id), page.key(two.id)])
            XCTAssertEqual(Set(page.selectedItems.map(\.id.itemID)), [1, 2])
            XCTAssertTrue(actions.isEnabled(.unmonitor))
            XCTAssertFalse(actions.isEnabled(.monitor), "both are monitored already")

            actions.toggleMonitoring() // Ctrl+M: all picked are monitored, so it stops monitoring them
            XCTAssertEqual(actions.pending.count, 2, "both rows say Unmonitoring… until the read-back")
            XCTAssertFalse(actions.isEnabled(.search), "pending rows take no other action")
            rig.until("the write and its read-back") { !rig.finished.isEmpty }
            XCTAssertEqual(actions.pending, [:])
            XCTAssertEqual(page.item(forKey: page.key(one.id))?.monitored, false)
            XCTAssertEqual(page.item(forKey: page.key(two.id))?.monitored, false)
            XCTAssertEqual(Self.rows(page).filter(\.monitored).count, 3, "the other three untouched")
            XCTAssertEqual(page.message.text, "Stopped monitoring 2 series")
            XCTAssertEqual(page.message.problems, [])

            // Search: one SeriesSearch per series (the command takes one id), each followed to its end.
            rig.finished = []
            page.select(keys: [page.key(one.id), page.key(two.id)])
            actions.request(.search)
            rig.until("both commands to end") { rig.finished.count == 2 }
            let commands = try XCTUnwrap(try rig.state()["commands"] as? [[String: Any]])
            XCTAssertEqual(Set(commands.compactMap { ($0["body"] as? [String: Any])?["seriesId"] as? Int }), [1, 2])
            XCTAssertEqual(commands.compactMap { $0["status"] as? String }, ["completed", "completed"])
            XCTAssertEqual(try rig.state()["wholeLibraryCommands"] as? Int, 0)
            XCTAssertEqual(actions.running, [:], "nothing shown as running after")
        }
    }

    func testARefusedWriteLeavesTheRealStateAndSaysWhy() throws {
        let rig = try rig()
        try MainActor.assumeIsolated {
            defer { rig.window.destroy() }
            rig.loadLibrary()
            let page = rig.series
            try rig.setFault("503", on: "/api/v3/series/editor")
            let one = try XCTUnwrap(Self.rows(page).first { $0.id.itemID == 1 })
            page.actions.monitor(false, [one]) // the eye button of the row
            rig.until("the refusal and the read-back") { !rig.finished.isEmpty }
            XCTAssertEqual(page.item(forKey: page.key(one.id))?.monitored, true, "the row shows what Sonarr still reports")
            XCTAssertEqual(page.message.text, "Monitoring could not be changed")
            XCTAssertEqual(page.message.problems.count, 1)
            XCTAssertTrue(page.message.problems.first?.hasPrefix("Fixture Sonarr: ") == true, "\(page.message.problems)")
            let counts = try XCTUnwrap(try rig.get("/__requests") as? [String: Int])
            XCTAssertEqual(counts["/api/v3/series/editor"], 1, "a refused write is not retried")
        }
    }

    @MainActor
    private static func rows(_ page: LibraryPage) -> [Resource] { page.allItems }
}
