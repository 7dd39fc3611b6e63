import CGtk
import Core
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// Live messages drive refreshes, with polling off: the model's live hub connects to the fixture
/// Sonarr's hub (real libsoup on both ends); a burst of queue syncs is one Activity refresh; a
/// dropped connection comes back and reads again what it covers.
final class LiveRefreshTests: XCTestCase {
    private static let key = "fixture-live-refresh-key"

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    func testQueueSyncsRefreshActivityOnceAndADropReadsAgain() throws {
        try requireTestSession()
        let harness = try Harness()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServerProcess(harness.binary.deletingLastPathComponent().appendingPathComponent("switchyard-fixture-server"),
                                       ["--kind", "sonarr", "--fixtures", harness.root.appendingPathComponent("Fixtures").path, "--api-key", Self.key])
        let port = try XCTUnwrap(server.port)
        try MainActor.assumeIsolated {
            MainLoop.installDispatchBridge()
            let registry = ServiceRegistry(fileURL: folder.appendingPathComponent("services.json"))
            let secrets = InMemorySecretStore()
            let config = ServiceConfig(kind: .sonarr, displayName: "Fixture Sonarr",
                                       localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"), allowPlainHTTPOnLocal: true)
            // No feature is in scope: nothing polls. Activity's refresh only counts.
            let scheduler = RefreshScheduler()
            let activity = Counter()
            let soup = try SoupTransport()
            let model = AppModel(registry: registry, transport: RetryingTransport(soup), secrets: secrets,
                                 cache: ServiceCache(root: folder.appendingPathComponent("cache")), scheduler: scheduler, live: soup)
            var ready = false
            Task {
                try? await secrets.write(Credential(apiKey: Self.key), for: config.credential, kind: .sonarr)
                try? await registry.upsert(config)
                await model.repository.reload()
                await scheduler.register(.activity) { _ in activity.add() }
                ready = true
            }
            XCTAssertTrue(iterate(until: { ready }))
            let live = try XCTUnwrap(model.controller(LiveController.self))
            live.start()
            XCTAssertTrue(iterate(until: { live.states[config.id] == .live }), "live: \(live.states)")
            XCTAssertTrue(iterate(until: { live.changes == 1 }), "the version greeting")

            func control(_ path: String) {
                let (status, text) = (try? runTool("/usr/bin/python3", ["-c", "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode())",
                                                                        "http://127.0.0.1:\(port)\(path)"])) ?? (1, "")
                XCTAssertEqual(status, 0, text)
            }
            for _ in 0..<3 { control("/__push?name=queue&action=sync") }
            XCTAssertTrue(iterate(until: { live.changes == 4 }), "three queue syncs arrived: \(live.changes)")
            XCTAssertTrue(iterate(until: { activity.count == 1 && live.debounce.isEmpty }), "refreshed: \(activity.count)")
            XCTAssertEqual(live.refreshes[.activity], 1, "a burst is one refresh")
            XCTAssertEqual(activity.count, 1)

            control("/__hub_drop")
            XCTAssertTrue(iterate(until: { live.states[config.id] == .polling(.dropped) || live.refreshes[.activity] == 2 }))
            XCTAssertTrue(iterate(until: { live.refreshes[.activity] == 2 && activity.count == 2 }),
                          "back live, Activity is read again (missed messages are not replayed): \(live.refreshes)")
            XCTAssertEqual(live.states[config.id], .live)
            XCTAssertTrue(iterate(until: { live.refreshes[.series] == 1 && live.debounce.isEmpty }), "the library too: \(live.refreshes)")
            model.stop()
            _ = server
        }
    }
}

extension LiveRefreshTests {
    /// Another client switches an episode's monitoring: Sonarr's hub announces the episode (the
    /// fixture does, as Sonarr's episode controller does); the app reads that one series again
    /// (`series/{id}`) — not the library.
    func testAnEpisodeMessageReadsItsSeriesAloneNotTheLibrary() throws {
        try requireTestSession()
        let harness = try Harness()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServerProcess(harness.binary.deletingLastPathComponent().appendingPathComponent("switchyard-fixture-server"),
                                       ["--kind", "sonarr", "--fixtures", harness.root.appendingPathComponent("Fixtures").path, "--api-key", Self.key])
        let port = try XCTUnwrap(server.port)
        func fixture(_ method: String, _ path: String, _ body: String? = nil) -> String {
            let (status, text) = (try? runTool("/usr/bin/python3", ["-c", """
                import sys, urllib.request
                data = sys.argv[4].encode() if len(sys.argv) > 4 else None
                request = urllib.request.Request(sys.argv[2], data=data, method=sys.argv[1],
                                                 headers={"X-Api-Key": sys.argv[3], "Content-Type": "application/json"})
                print(urllib.request.urlopen(request, timeout=30).read().decode())
                """, method, "http://127.0.0.1:\(port)\(path)", Self.key] + (body.map { [$0] } ?? []))) ?? (1, "")
            XCTAssertEqual(status, 0, text)
            return text
        }
        func reads() -> [String: Int] {
            (try? JSONSerialization.jsonObject(with: Data(fixture("GET", "/__requests").utf8))) as? [String: Int] ?? [:]
        }
        try MainActor.assumeIsolated {
            MainLoop.installDispatchBridge()
            let registry = ServiceRegistry(fileURL: folder.appendingPathComponent("services.json"))
            let secrets = InMemorySecretStore()
            let config = ServiceConfig(kind: .sonarr, displayName: "Fixture Sonarr",
                                       localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"), allowPlainHTTPOnLocal: true)
            let scheduler = RefreshScheduler() // nothing in scope: nothing polls
            let soup = try SoupTransport()
            let model = AppModel(registry: registry, transport: RetryingTransport(soup), secrets: secrets,
                                 cache: ServiceCache(root: folder.appendingPathComponent("cache")), scheduler: scheduler, live: soup)
            var ready = false
            Task {
                try? await secrets.write(Credential(apiKey: Self.key), for: config.credential, kind: .sonarr)
                try? await registry.upsert(config)
                await model.repository.reload()
                ready = true
            }
            XCTAssertTrue(iterate(until: { ready }))
            let live = try XCTUnwrap(model.controller(LiveController.self))
            live.start()
            XCTAssertTrue(iterate(until: { live.states[config.id] == .live }), "live: \(live.states)")

            let series = try XCTUnwrap(model.context.controllers(LibraryTabController.self).first { $0.kind.id == .series })
            _ = fixture("PUT", "/api/v3/episode/monitor", #"{"episodeIds": [1001, 1002], "monitored": false}"#)
            XCTAssertTrue(iterate(until: { live.changes >= 3 }), "the two episodes announced: \(live.changes)")
            XCTAssertTrue(iterate(until: { series.itemRereads == 1 && series.pendingRereads == 0 }), "one read: \(series.itemRereads)")
            XCTAssertTrue(iterate(until: { reads()["/api/v3/series/1"] == 1 }), "the series read again alone: \(reads())")
            XCTAssertNil(reads()["/api/v3/series"], "not the library")
            XCTAssertEqual(live.refreshes[.series] ?? 0, 0)
            model.stop()
        }
    }
}

/// Which orchestrator queues an Activity refresh asks for again: none it may skip before its channel
/// is live and the queue was read once; after that only when a queue message (or a reconnection) says
/// it changed; a forced refresh reads everything.
final class QueueReadPlanTests: XCTestCase {
    func testALiveQueueIsReadOnceThenOnlyAfterItsChannelSaysItChanged() throws {
        try MainActor.assumeIsolated {
            MainLoop.installDispatchBridge()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-plan-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let model = AppModel(registry: ServiceRegistry(fileURL: folder.appendingPathComponent("services.json")),
                                 transport: StubTransport(routes: [:]), secrets: InMemorySecretStore(),
                                 cache: ServiceCache(root: folder.appendingPathComponent("cache")))
            let sonarr = UUID(), polled = UUID()
            let live = try XCTUnwrap(model.controller(LiveController.self))
            @MainActor func read(force: Bool = false) -> Set<UUID> {
                let plan = live.queueReadPlan(force: force)
                live.queuesWereRead(plan)
                return plan.keep
            }
            XCTAssertEqual(read(), [], "nothing live: every queue is asked for")
            live.handle(LiveHub.Tagged(service: sonarr, update: .state(.live)))
            live.handle(LiveHub.Tagged(service: polled, update: .state(.polling(.unreachable))))
            XCTAssertEqual(read(), [], "live now, but not read since it went live")
            XCTAssertEqual(read(), [sonarr], "read since, and no change announced: kept")
            XCTAssertEqual(read(force: true), [], "a forced refresh asks for all")
            XCTAssertEqual(read(), [sonarr])
            live.handle(LiveHub.Tagged(service: sonarr, update: .change(.queueChanged)))
            XCTAssertEqual(read(), [], "its channel said the queue changed")
            XCTAssertEqual(read(), [sonarr])
            live.handle(LiveHub.Tagged(service: sonarr, update: .state(.polling(.dropped))))
            XCTAssertEqual(read(), [], "down: polled")
            live.handle(LiveHub.Tagged(service: sonarr, update: .state(.live)))
            XCTAssertEqual(read(), [], "back live: read once (messages in between were lost)")
            XCTAssertEqual(read(), [sonarr])
            model.stop()
        }
    }
}
