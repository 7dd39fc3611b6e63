import CGtk
import Core
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// A tab added from this folder alone (`LogTab.register()`), through the real window: it shows when a service
/// offers its capability, its page fills from the service over the repository's fan-out, the window's refresh
/// refreshes it, and its inspection routes exist and render — with no file under Sources/ naming it.
final class LogTabTests: XCTestCase {
    override func setUp() { MainActor.assumeIsolated { LogTab.register() } }
    override func tearDown() {
        MainActor.assumeIsolated { LogTab.unregister() }
        XCTAssertFalse(AppTab.allCases.contains(.fixtureLog), "the tab must not outlive these tests")
    }

    private static let log = """
        {"page": 1, "pageSize": 50, "totalRecords": 2, "records": [
          {"id": 2, "time": "2026-12-06T12:01:00Z", "level": "error", "logger": "DownloadClient", "message": "Fixture client unreachable"},
          {"id": 1, "time": "2026-12-06T12:00:00Z", "level": "info", "logger": "RssSyncService", "message": "RSS Sync Completed"}]}
        """

    func testTheCatalogsAndTheRouteTableTakeTheNewTab() throws {
        XCTAssertEqual(AppTab.allCases.last, .fixtureLog, "after the built-in tabs")
        XCTAssertTrue(Feature.fixtureLog.includes(.sonarr), "a Servarr shows its log")
        XCTAssertFalse(Feature.fixtureLog.includes(.qbittorrent))
        XCTAssertEqual(Strings.title(.fixtureLog), "Log")
        XCTAssertEqual(RefreshPolicy.standard.interval(for: .fixtureLog), .seconds(30))
        let routes = InspectionRoute.allCases.map(\.rawValue)
        for name in ["fixture-log", "fixture-log.loading", "fixture-log.partial", "fixture-log.errors-only"] {
            XCTAssertTrue(routes.contains(name), name)
        }
    }

    func testTheNewTabShowsRefreshesAndRendersItsInspectionScene() throws {
        try requireTestSession()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-logtab-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stub = StubTransport(routes: [
            "GET /api/v3/system/status": .json(#"{"appName": "Sonarr", "version": "4.0.19.2979"}"#),
            "GET /api/v3/health": .json("[]"),
            "GET /api/v3/diskspace": .json("[]"),
            "GET /api/v3/log": .json(Self.log),
        ])
        try MainActor.assumeIsolated {
            gtk_init()
            MainLoop.installDispatchBridge()
            let registry = ServiceRegistry(fileURL: folder.appendingPathComponent("config/services.json"))
            let secrets = InMemorySecretStore()
            let config = ServiceConfig(kind: .sonarr, displayName: "Fixture Sonarr", remoteEndpoint: try Endpoint.parse("https://sonarr.fixture.invalid"))
            var stored = false
            Task {
                try? await secrets.write(Credential(apiKey: "fixture-log-key"), for: config.credential, kind: .sonarr)
                try? await registry.upsert(config)
                stored = true
            }
            XCTAssertTrue(iterate(until: { stored }))
            let rig = try AppWindowRig(id: "app.switchyard.Switchyard.LogTabTests", registry: registry, transport: stub, secrets: secrets,
                                       cache: folder.appendingPathComponent("cache"),
                                       // no periodic read while the test waits: each one it sees was asked for
                                       scheduler: RefreshScheduler(policy: RefreshPolicy(intervals: [.fixtureLog: .seconds(3600)])))
            defer { rig.close() }
            XCTAssertTrue(rig.window.availableTabs.contains(.fixtureLog), "shown: a configured service offers its capability")
            rig.window.select(.fixtureLog)
            let page = try XCTUnwrap(rig.window.slot(.fixtureLog, as: LogPage.self)?.page)
            XCTAssertTrue(iterate(until: { page.lines.count == 2 }), "the log read: \(page.lines)")
            XCTAssertEqual(page.lines.first, "ERROR · DownloadClient: Fixture client unreachable")
            let asked = { stub.requests.filter { $0.path == "/api/v3/log" }.count }
            let before = asked()
            gtk_widget_activate_action_variant(rig.window.window, "win.refresh", nil)
            XCTAssertTrue(iterate(until: { asked() > before }), "the window's refresh refreshes the new tab")
            // Asked for while a read is in flight, a refresh is another read sent after it, not folded into it.
            stub.hold("GET /api/v3/log")
            let held = asked()
            gtk_widget_activate_action_variant(rig.window.window, "win.refresh", nil)
            XCTAssertTrue(iterate(until: { asked() > held }), "a read in flight")
            gtk_widget_activate_action_variant(rig.window.window, "win.refresh", nil)
            stub.release("GET /api/v3/log")
            XCTAssertTrue(iterate(until: { asked() > held + 1 }), "the refresh asked for during the read ran after it")
            XCTAssertEqual(stub.requests.first { $0.path == "/api/v3/log" }?.query.first { $0.name == "sortDirection" }?.value, "descending")
        }
    }

    /// Its inspection scene, rendered in this process as `--inspection fixture-log.errors-only` would (the shipped
    /// binary has no test code), captured to build/inspection.
    func testItsInspectionSceneRenders() throws {
        try requireTestSession()
        let route = try XCTUnwrap(InspectionRoute(rawValue: "fixture-log.errors-only"))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let shots = root.appendingPathComponent("build/inspection")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        try MainActor.assumeIsolated {
            gtk_init()
            let application = Application(id: "app.switchyard.Switchyard.LogTabRoute", flags: G_APPLICATION_NON_UNIQUE)
            XCTAssertNotEqual(g_application_register(UnsafeMutableRawPointer(application.gtkApplication).assumingMemoryBound(to: GApplication.self),
                                                     nil, nil), 0)
            let window = MainWindow(application: application, clock: .inspection, posters: PosterLoader(fetch: nil, cache: nil))
            defer { window.toplevel.destroy() }
            window.toplevel.setDefaultSize(width: 1100, height: 720)
            window.show(route.scene)
            window.toplevel.present()
            guard case .tab(_, let scene)? = route.overlay else { return XCTFail("not a tab scene: \(String(describing: route.overlay))") }
            _ = scene.run(window)
            let page = try XCTUnwrap(window.slot(.fixtureLog, as: LogPage.self)?.page)
            XCTAssertEqual(page.lines, ["ERROR · DownloadClient: Fixture qBittorrent is unreachable"])
            final class Outcome: @unchecked Sendable { var saved: Bool? }
            let outcome = Outcome()
            let path = shots.appendingPathComponent("fixture-log.errors-only.png").path
            FirstFrame.observe(window.window) { last in
                let saved = FirstFrame.saveScreenshot(of: window.window, to: path)
                if saved || last { outcome.saved = saved }
                return saved
            }
            XCTAssertTrue(iterate(until: { outcome.saved != nil }) && outcome.saved == true, "captured")
        }
    }
}
