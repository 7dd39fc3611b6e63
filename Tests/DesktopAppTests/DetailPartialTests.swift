import CGtk
import Core
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// A detail page in the real window over the fixture Lidarr (real libsoup) when one of its reads fails:
/// the artist, its albums and tracks still show; the section that failed says why, with its own Retry that
/// reads it again alone; the window's refresh reads the whole page again; and a page whose every read was
/// refused is one status page, worded as what happened, whose Retry reads this item again — not its tab.
final class DetailPartialTests: XCTestCase {
    private static let key = "fixture-detail-key"

    func testAFailingSectionSaysWhyAndItsRetryAndThePagesRetryReadItAgain() throws {
        try requireTestSession()
        let server = try ServarrFixtureServer(kind: "lidarr", key: Self.key)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-detail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let control = try SoupTransport()
        @MainActor func fault(_ mode: String, _ path: String) {
            var done = false
            Task { try? await server.setFault(mode, on: path, via: control); done = true }
            XCTAssertTrue(iterate(until: { done }))
        }
        @MainActor func counts() -> [String: Int] {
            var seen: [String: Int]?
            Task { seen = try? await server.requestCounts(via: control) }
            XCTAssertTrue(iterate(until: { seen != nil }))
            return seen ?? [:]
        }
        try MainActor.assumeIsolated {
            gtk_init()
            MainLoop.installDispatchBridge()
            let registry = ServiceRegistry(fileURL: folder.appendingPathComponent("config/services.json"))
            let secrets = InMemorySecretStore()
            let config = ServiceConfig(kind: .lidarr, displayName: "Fixture Lidarr",
                                       localEndpoint: try Endpoint.parse("http://127.0.0.1:\(server.port)"), allowPlainHTTPOnLocal: true)
            var stored = false
            Task {
                try? await secrets.write(Credential(apiKey: Self.key), for: config.credential, kind: .lidarr)
                try? await registry.upsert(config)
                stored = true
            }
            XCTAssertTrue(iterate(until: { stored }))
            let rig = try AppWindowRig(id: "app.switchyard.Switchyard.DetailPartialTests", registry: registry,
                                       transport: RetryingTransport(try SoupTransport()), secrets: secrets, cache: folder.appendingPathComponent("cache"))
            defer { rig.close() }
            let tab = try XCTUnwrap(LibraryKind.music.feature as AppTab?)
            rig.window.select(tab)
            let page = try XCTUnwrap(rig.window.library(tab))
            XCTAssertTrue(iterate(until: { !page.allItems.isEmpty }), "the artists listed")
            let artist = try XCTUnwrap(page.allItems.first { $0.id.itemID == 1 })

            // 1. History answers 404: the artist, its albums and tracks show; the history section says why.
            fault("404", "/api/v1/history")
            page.openDetail?(artist)
            XCTAssertTrue(iterate(until: { page.detail.shown != nil }), "the page shows, not a failure")
            let shown = try XCTUnwrap(page.detail.shown)
            XCTAssertEqual(shown.groups?.map(\.title), ["First Fixture", "Second Fixture", "Third Fixture"])
            XCTAssertNil(shown.history)
            XCTAssertEqual(shown.unread[.history], .serverMessage(status: 404, message: "NotFound"))
            XCTAssertEqual(DetailSections.sentence(.history, .serverMessage(status: 404, message: "NotFound")),
                           "Its history could not be read: The service refused the request: NotFound")
            let retry = try XCTUnwrap(page.detail.sectionRetries[.history])

            // 2. Its Retry reads the history alone; once it answers, the section shows it.
            fault("none", "/api/v1/history")
            let before = counts()
            gtk_widget_activate(retry.widget)
            XCTAssertTrue(iterate(until: { page.detail.shown?.history != nil }), "the history read again")
            let after = counts()
            XCTAssertEqual(after["/api/v1/history"], (before["/api/v1/history"] ?? 0) + 1)
            XCTAssertEqual(after["/api/v1/track"], before["/api/v1/track"], "only the section that failed was read")
            XCTAssertNil(page.detail.sectionRetries[.history])
            XCTAssertEqual(page.detail.shown?.groups?.count, 3, "the rest stayed")

            // 3. The tracks fail; the window's refresh (the page's Retry) reads the whole page again.
            fault("500", "/api/v1/track")
            gtk_widget_activate_action_variant(rig.window.window, "win.refresh", nil)
            XCTAssertTrue(iterate(until: { page.detail.shown?.unread[.children] != nil }), "the refresh read the page again")
            XCTAssertNil(page.detail.shown?.groups)
            XCTAssertNotNil(page.detail.shown?.history, "the rest still shows")
            fault("none", "/api/v1/track")
            gtk_widget_activate_action_variant(rig.window.window, "win.refresh", nil)
            XCTAssertTrue(iterate(until: { page.detail.shown?.unread.isEmpty == true && page.detail.shown?.groups?.count == 3 }))

            // 4. Every read refused alike: one page, its Retry reads this item again (not the artists' list).
            for path in ["/api/v1/track", "/api/v1/history", "/api/v1/queue/details"] { fault("503", path) }
            gtk_widget_activate_action_variant(rig.window.window, "win.refresh", nil)
            XCTAssertTrue(iterate(until: { page.detail.shown == nil && page.detail.pageRetry != nil }), "one failure of the page")
            for path in ["/api/v1/track", "/api/v1/history", "/api/v1/queue/details"] { fault("none", path) }
            let listReads = counts()["/api/v1/artist"] ?? 0
            gtk_widget_activate(try XCTUnwrap(page.detail.pageRetry).widget)
            XCTAssertTrue(iterate(until: { page.detail.shown?.groups?.count == 3 }), "the page's Retry read the item again")
            XCTAssertEqual(counts()["/api/v1/artist"] ?? 0, listReads, "not the tab's list")
        }
    }
}
