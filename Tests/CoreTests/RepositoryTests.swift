@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// A transport answering from a closure: for services whose one path carries several calls.
private struct FunctionTransport: HTTPTransport {
    let answer: @Sendable (HTTPRequest) async throws(TransportError) -> HTTPResponse
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse { try await answer(request) }
}

/// A clock the test moves by hand.
private final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var date: Date
    init(_ date: Date) { self.date = date }
    var clock: Clock { Clock { [self] in lock.withLock { date } } }
    func advance(_ seconds: TimeInterval) { lock.withLock { date = date.addingTimeInterval(seconds) } }
}

final class RepositoryTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_768_485_720)
    private var folder: URL!
    private var secrets: InMemorySecretStore!
    private var registry: ServiceRegistry!
    private var cache: ServiceCache!

    override func setUp() async throws {
        folder = try temporaryDirectory(self)
        secrets = InMemorySecretStore()
        registry = ServiceRegistry(fileURL: folder.appendingPathComponent("config/services.json"))
        cache = ServiceCache(root: folder.appendingPathComponent("cache"))
    }

    private func add(_ kind: ServiceKind, host: String, name: String, local: String? = nil,
                     enabled: Bool = true) async throws -> ServiceConfig {
        let config = ServiceConfig(kind: kind, displayName: name, enabled: enabled,
                                   localEndpoint: try local.map { try Endpoint.parse($0) },
                                   remoteEndpoint: try Endpoint.parse("https://\(host)"), allowPlainHTTPOnLocal: true)
        let credential = kind.credentialShape == .apiKey ? Credential(apiKey: "fixture-key-\(host)")
            : Credential(username: "fixture", password: "fixture-password")
        try await secrets.write(credential, for: config.credential, kind: kind)
        try await registry.upsert(config)
        return config
    }

    private func repository(_ routes: [String: any HTTPTransport], clock: Clock? = nil) async -> Repository {
        let repository = Repository(registry: registry, transport: HostRoutingTransport(routes), secrets: secrets,
                                    cache: cache, clock: clock ?? .fixed(start))
        await repository.reload()
        return repository
    }

    private func sonarr(_ overrides: [String: StubTransport.Reply] = [:]) -> StubTransport {
        var routes: [String: StubTransport.Reply] = [
            "GET /ping": .fixture("sonarr/ping.json"),
            "GET /api/v3/system/status": .fixture("sonarr/system-status.json"),
            "GET /api/v3/series": .fixture("sonarr/series.json"),
            "GET /api/v3/health": .fixture("sonarr/health.json"),
            "GET /api/v3/diskspace": .fixture("sonarr/diskspace.json"),
            "GET /api/v3/queue/details": .fixture("sonarr/queue-details.json"),
        ]
        routes.merge(overrides) { $1 }
        return StubTransport(routes: routes, fixtures: fixturesDirectory)
    }

    private func seriesCount() throws -> Int {
        try (JSONSerialization.jsonObject(with: try fixture("sonarr/series.json")) as? [Any])?.count ?? -1
    }

    // MARK: Fan-out and partial failure

    func testASlowAndARefusedServiceDoNotHoldBackTheThird() async throws {
        let good = try await add(.sonarr, host: "good.fixture.invalid", name: "Sonarr Good")
        let refused = try await add(.sonarr, host: "refused.fixture.invalid", name: "Sonarr Refused")
        let slow = try await add(.sonarr, host: "slow.fixture.invalid", name: "Sonarr Slow")
        let gate = Gate()
        let hanging = FunctionTransport { _ throws(TransportError) in
            await gate.wait()
            throw .timedOut
        }
        let repository = await repository([
            "good.fixture.invalid": sonarr(),
            "refused.fixture.invalid": sonarr(["GET /api/v3/system/status": .status(401), "GET /api/v3/series": .status(401)]),
            "slow.fixture.invalid": hanging,
        ])

        let (updates, continuation) = AsyncStream<FeatureState<LibraryContent>>.makeStream()
        let refresh = Task { await repository.library(.series) { continuation.yield($0) } }
        var early: LibraryContent?
        for await update in updates {
            if let value = update.value, value.part(for: good.id) != nil {
                early = value
                break
            }
        }
        // The good service's library is on screen while the slow one is still waiting for its deadline.
        let partial = try XCTUnwrap(early)
        XCTAssertTrue(partial.pending.contains { $0.id == slow.id }, "the slow service is still outstanding")
        XCTAssertFalse(partial.pending.contains { $0.id == good.id })
        XCTAssertEqual(partial.items.count, try seriesCount())

        await gate.open()
        let final = await refresh.value
        continuation.finish()
        guard case .content(let content, _) = final else { return XCTFail("expected content, got \(final)") }
        XCTAssertEqual(content.parts.map(\.service.id), [good.id])
        XCTAssertEqual(content.failures.map(\.service.id), [refused.id, slow.id], "in configuration order")
        XCTAssertEqual(content.failures.map(\.recovery), [.updateCredentials, .retry])
        XCTAssertEqual(content.failures[1].error, .unavailable(.timedOut))
        XCTAssertTrue(content.pending.isEmpty)

        guard case .content(let overview, _) = await repository.overview() else { return XCTFail("overview has content") }
        XCTAssertEqual(overview.rows.map(\.service.id), [good.id, refused.id, slow.id], "exactly one row per service")
        XCTAssertEqual(overview.rows.map(\.state), [.ok, .unauthorized, .unavailable])
        XCTAssertEqual(overview.rows.map(\.recovery), [nil, .updateCredentials, .retry])
        XCTAssertEqual(overview.rows[0].endpoint, .remote)
        XCTAssertEqual(overview.rows[0].version, "4.0.19.2979")
        XCTAssertNotNil(overview.rows[0].latencyMilliseconds)
    }

    func testProbeOKButContentFailingIsOneDegradedRow() async throws {
        let sonarrConfig = try await add(.sonarr, host: "sonarr.fixture.invalid", name: "Sonarr")
        let repository = await repository([
            "sonarr.fixture.invalid": sonarr(["GET /api/v3/health": .json(#"[{"source": "Fixture", "type": "#)]),
        ])
        guard case .content(let overview, _) = await repository.overview() else { return XCTFail("overview has content") }
        XCTAssertEqual(overview.rows.count, 1, "not 'connected' plus 'failed'")
        let row = overview.rows[0]
        XCTAssertEqual(row.state, .degraded)
        XCTAssertEqual(row.recovery, .retry)
        XCTAssertEqual(row.version, "4.0.19.2979", "what the probe said is still shown")
        guard case .decoding? = row.problem else { return XCTFail("expected a decoding problem, got \(String(describing: row.problem))") }
        XCTAssertEqual(overview.details.failures.map(\.service.id), [sonarrConfig.id])
        XCTAssertFalse(row.isOK)
    }

    func testAContentFailureInAnotherFeatureDegradesTheRowUntilItSucceeds() async throws {
        _ = try await add(.sonarr, host: "sonarr.fixture.invalid", name: "Sonarr")
        let broken = await repository(["sonarr.fixture.invalid": sonarr(["GET /api/v3/series": .json("{\"not\": \"a list\"}")])])
        if case .unavailable(let recovery) = await broken.library(.series) {
            XCTAssertEqual(recovery, .retry)
        } else { XCTFail("the only instance failed: unavailable") }
        guard case .content(let overview, _) = await broken.overview() else { return XCTFail("overview has content") }
        XCTAssertEqual(overview.rows.map(\.state), [.degraded])
    }

    func testDisabledAndUnconfiguredFeatures() async throws {
        _ = try await add(.radarr, host: "radarr.fixture.invalid", name: "Radarr", enabled: false)
        let repository = await repository([:]) // nothing may be contacted
        let observed1 = await repository.library(.movie)
        XCTAssertEqual(observed1, .disabled)
        let observed2 = await repository.library(.series)
        XCTAssertEqual(observed2, .empty, "no Sonarr configured")
        let observed3 = await repository.downloads()
        XCTAssertEqual(observed3, .empty)
        guard case .content(let overview, _) = await repository.overview() else { return XCTFail("overview has content") }
        XCTAssertEqual(overview.rows.map(\.state), [.disabled])
        XCTAssertEqual(overview.rows.map(\.recovery), [.enableService])
        XCTAssertTrue(overview.rows[0].isOK, "a disabled service does not fail --status")
    }

    // MARK: Joins through the repository

    private func queueRecord(id: Int, downloadID: String?, episode: Int, title: String) -> String {
        let download = downloadID.map { "\"downloadId\": \"\($0)\"," } ?? ""
        return """
        {"id": \(id), "size": 1000, "sizeleft": 500, "title": "\(title)", "status": "downloading",
         "trackedDownloadStatus": "ok", "trackedDownloadState": "downloading", "statusMessages": [], \(download)
         "protocol": "torrent", "downloadClient": "Fixture qBittorrent", "seriesId": 4, "episodeId": \(episode), "seasonNumber": 1}
        """
    }

    private func qbittorrent(status: Int = 200) -> FunctionTransport {
        FunctionTransport { request throws(TransportError) in
            switch request.path {
            case "/api/v2/auth/login":
                guard status == 200 else { return HTTPResponse(status: 200, body: Data("Fails.".utf8), url: request.url) }
                return HTTPResponse(status: 200, headerFields: [("Set-Cookie", "SID=fixture-session; HttpOnly")],
                                    body: Data("Ok.".utf8), url: request.url)
            case "/api/v2/app/version": return HTTPResponse(status: 200, body: Data("v5.0.0".utf8), url: request.url)
            case "/api/v2/app/webapiVersion": return HTTPResponse(status: 200, body: Data("2.11.0".utf8), url: request.url)
            case "/api/v2/sync/maindata":
                return HTTPResponse(status: 200, headerFields: [("Content-Type", "application/json")],
                                    body: (try? fixture("qbittorrent/maindata-full.json")) ?? Data(), url: request.url)
            default: return HTTPResponse(status: 404, url: request.url)
            }
        }
    }

    func testActivityGroupsEpisodesAndJoinsLiveProgressByHash() async throws {
        let sonarrConfig = try await add(.sonarr, host: "sonarr.fixture.invalid", name: "Sonarr")
        let qbt = try await add(.qbittorrent, host: "qbt.fixture.invalid", name: "qBittorrent")
        let hash = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1" // in the qBittorrent fixture at 25 %
        let queue = "[" + [queueRecord(id: 1, downloadID: hash.uppercased(), episode: 11, title: "Fixture.Show.S01.Pack"),
                           queueRecord(id: 2, downloadID: hash.uppercased(), episode: 12, title: "Fixture.Show.S01.Pack"),
                           queueRecord(id: 3, downloadID: hash.uppercased(), episode: 13, title: "Fixture.Show.S01.Pack"),
                           queueRecord(id: 4, downloadID: "9999999999999999999999999999999999999999", episode: 14,
                                       title: "Fixture.Show.S01E04")].joined(separator: ",") + "]"
        let repository = await repository([
            "sonarr.fixture.invalid": sonarr(["GET /api/v3/queue/details": .json(queue)]),
            "qbt.fixture.invalid": qbittorrent(),
        ])
        guard case .content(let content, _) = await repository.activity() else { return XCTFail("activity has content") }
        XCTAssertEqual(content.items.count, 2, "three episode records of one download are one item")
        XCTAssertEqual(content.items[0].childIDs, [11, 12, 13])
        XCTAssertEqual(content.items[0].transfer?.serviceID, qbt.id)
        XCTAssertEqual(content.items[0].progress, 0.25, accuracy: 0.0001, "live progress from the client, not the queue's 50 %")
        XCTAssertEqual(content.items[0].id.orchestrator, sonarrConfig.id)
        XCTAssertNil(content.items[1].transfer, "no transfer holds it")
        XCTAssertEqual(content.items[1].progress, 0.5, accuracy: 0.0001, "shown from the orchestrator alone")
    }

    func testAFailingTransferClientOnlyCostsLiveProgress() async throws {
        _ = try await add(.sonarr, host: "sonarr.fixture.invalid", name: "Sonarr")
        let qbt = try await add(.qbittorrent, host: "qbt.fixture.invalid", name: "qBittorrent")
        let queue = "[" + queueRecord(id: 1, downloadID: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA1", episode: 11, title: "Fixture") + "]"
        let repository = await repository([
            "sonarr.fixture.invalid": sonarr(["GET /api/v3/queue/details": .json(queue)]),
            "qbt.fixture.invalid": qbittorrent(status: 401),
        ])
        guard case .content(let content, _) = await repository.activity() else { return XCTFail("activity still has content") }
        XCTAssertEqual(content.items.count, 1)
        XCTAssertNil(content.items[0].transfer)
        XCTAssertEqual(content.failures.map(\.service.id), [qbt.id])
        XCTAssertEqual(content.failures.map(\.recovery), [.updateCredentials])
    }

    // MARK: Stale cache

    func testCachedContentIsServedAfterARestartWithItsRefreshTimeAndNeverAfterExpiry() async throws {
        let config = try await add(.sonarr, host: "sonarr.fixture.invalid", name: "Sonarr")
        let first = await repository(["sonarr.fixture.invalid": sonarr()])
        guard case .content(let fresh, let refreshedAt) = await first.library(.series) else { return XCTFail("content") }
        XCTAssertEqual(refreshedAt, start)

        // A new process an hour later, with the service down.
        let later = ManualClock(start.addingTimeInterval(3600))
        let down = DelayedTransport(StubTransport(routes: [:]), delay: .zero, failure: .connectionRefused)
        let restarted = await repository(["sonarr.fixture.invalid": down], clock: later.clock)
        let startup = await restarted.cachedLibrary(.series)
        XCTAssertEqual(startup,
                       .stale(Aggregate(parts: [ServicePart(service: ServiceRef(config), value: fresh.items,
                                                            refreshedAt: start, isStale: true)]),
                              refreshedAt: start, recovery: .retry), "start-up shows the cache as stale, with its real time")
        guard case .stale(let stale, let since, let recovery) = await restarted.library(.series) else {
            return XCTFail("a failed refresh keeps showing the cache as stale")
        }
        XCTAssertEqual(since, start)
        XCTAssertEqual(recovery, .retry)
        XCTAssertEqual(stale.items, fresh.items)
        XCTAssertEqual(stale.failures.map(\.error), [.unavailable(.connectionRefused)])

        // Past the library's maximum age the cache is not shown at all.
        later.advance(CacheAge.library)
        let observed4 = await restarted.cachedLibrary(.series)
        XCTAssertEqual(observed4, .loading)
        let observed5 = await restarted.library(.series, force: true)
        XCTAssertEqual(observed5, .unavailable(.retry))

        // Removing the service purges its cache files.
        let lifecycle = CredentialLifecycle(registry: registry, secrets: secrets, scopedState: [restarted, cache])
        let files = folder.appendingPathComponent("cache").appendingPathComponent(config.id.uuidString.lowercased())
        XCTAssertTrue(FileManager.default.fileExists(atPath: files.appendingPathComponent("library.json").path))
        try await lifecycle.removeService(config.id)
        XCTAssertFalse(FileManager.default.fileExists(atPath: files.path), "the service's cache folder is gone")
        await restarted.reload()
        let observed6 = await restarted.cachedLibrary(.series)
        XCTAssertEqual(observed6, .empty)
    }

    // MARK: Reads beside the features

    /// The download-client list and the live probe fail without any tab showing it: the last failure
    /// of each stays readable per instance (the doctor and `--status` read it), and a success clears it.
    func testSideReadFailuresAreKeptUntilTheNextSuccess() async throws {
        let config = try await add(.sonarr, host: "side.fixture.invalid", name: "Sonarr Side")
        let failing = try await repository(["side.fixture.invalid": sonarr(["GET /api/v3/downloadclient": .status(500)])])
        _ = await failing.activity(force: true)
        var failures = await failing.sideReadFailures()
        XCTAssertEqual(failures[config.id]?[.downloadClients], .unavailable(.serverError(status: 500)))
        XCTAssertNil(failures[config.id]?[.liveProbe], "not probed for live yet")

        let answering = try await repository(["side.fixture.invalid": sonarr(["GET /api/v3/downloadclient": .fixture("sonarr/downloadclient.json")])])
        _ = await answering.activity(force: true)
        _ = await answering.liveTargets()
        failures = await answering.sideReadFailures()
        XCTAssertNil(failures[config.id], "both read: nothing kept (\(failures))")

        let refused = try await repository(["side.fixture.invalid": sonarr(["GET /api/v3/system/status": .status(401)])])
        let targets = await refused.liveTargets()
        XCTAssertTrue(targets.connections.isEmpty)
        failures = await refused.sideReadFailures()
        XCTAssertEqual(failures[config.id]?[.liveProbe], .unauthorized, "why the instance polls is kept")
        let item = await refused.libraryItem(ResourceID(serviceID: config.id, itemID: 1))
        XCTAssertNil(item)
    }

    // MARK: Backoff and endpoint resolution

    func testAnUnreachableServiceBacksOffUntilItsTimeOrAForcedRefresh() async throws {
        _ = try await add(.sonarr, host: "sonarr.fixture.invalid", name: "Sonarr")
        let counter = StubTransport(routes: [:])
        let clock = ManualClock(start)
        let repository = await repository(["sonarr.fixture.invalid": FunctionTransport { request throws(TransportError) in
            _ = try? await counter.send(request) // counts the attempt
            throw .connectionRefused
        }], clock: clock.clock)
        _ = await repository.library(.series)
        let afterFirst = counter.requests.count
        XCTAssertGreaterThan(afterFirst, 0)
        _ = await repository.library(.series)
        XCTAssertEqual(counter.requests.count, afterFirst, "backing off: the service is not asked again at once")
        _ = await repository.library(.series, force: true)
        XCTAssertGreaterThan(counter.requests.count, afterFirst, "a forced refresh always asks")
        let afterForced = counter.requests.count
        clock.advance(ServiceSession.maximumBackoff)
        _ = await repository.library(.series)
        XCTAssertGreaterThan(counter.requests.count, afterForced, "asked again once the backoff ran out")
    }

    func testRefusedCredentialsAreNotRetriedUntilTheUserAsks() async throws {
        _ = try await add(.qbittorrent, host: "qbt.fixture.invalid", name: "qBittorrent")
        let logins = StubTransport(routes: [:])
        let failing = qbittorrent(status: 401)
        let clock = ManualClock(start)
        let repository = await repository(["qbt.fixture.invalid": FunctionTransport { request throws(TransportError) in
            if request.path == "/api/v2/auth/login" { _ = try? await logins.send(request) }
            return try await failing.send(request)
        }], clock: clock.clock)
        let observed7 = await repository.downloads()
        XCTAssertEqual(observed7, .unauthorized)
        clock.advance(3600)
        let observed8 = await repository.downloads()
        XCTAssertEqual(observed8, .unauthorized)
        XCTAssertEqual(logins.requests.count, 1, "one refused sign-in, not one per tick (qBittorrent bans addresses)")
        _ = await repository.downloads(force: true)
        XCTAssertEqual(logins.requests.count, 2)
    }

    func testEachDownloadsReadIsASampleOfItsClientsSpeedHistory() async throws {
        let config = try await add(.qbittorrent, host: "qbt.fixture.invalid", name: "qBittorrent")
        let clock = ManualClock(start)
        let repository = await repository(["qbt.fixture.invalid": qbittorrent()], clock: clock.clock)
        _ = await repository.downloads()
        clock.advance(10)
        _ = await repository.downloads(force: true)
        let store = try XCTUnwrap(repository.speedHistory)
        let now = Int64(start.timeIntervalSince1970) + 10
        let points = await store.history(config.id).points(last: 60, now: now)
        XCTAssertEqual(points.count, 2, "one point per read, 10 s apart: \(points)")
        XCTAssertEqual(points.map(\.down), [5_000_000, 5_000_000], "the client's total speeds as it reported them")
        XCTAssertEqual(points.map(\.up), [1000, 1000])
        // Activity reads the same lists: a sample too.
        clock.advance(10)
        _ = await repository.activity(force: true)
        let withActivity = await store.history(config.id).points(last: 60, now: now + 10)
        XCTAssertEqual(withActivity.count, 3, "the Activity read is a sample: \(withActivity)")
        // Kept on disk: a new repository over the same cache folder reads it back.
        await store.flush()
        let again = SpeedHistoryStore(cache: cache)
        let read = await again.history(config.id)
        XCTAssertEqual(read.points(last: 60, now: now + 10), withActivity)
        // Removed with the service.
        await repository.purge(serviceID: config.id)
        await cache.purge(serviceID: config.id)
        let forgotten = await SpeedHistoryStore(cache: cache).history(config.id)
        XCTAssertEqual(forgotten, SpeedHistory())
    }

    func testANewCredentialEndsTheWaitAndSignsInAgain() async throws {
        let config = try await add(.qbittorrent, host: "qbt.fixture.invalid", name: "qBittorrent")
        let good = qbittorrent(), refusing = qbittorrent(status: 401)
        let repository = await repository(["qbt.fixture.invalid": FunctionTransport { request throws(TransportError) in
            let body = String(decoding: request.body ?? Data(), as: UTF8.self)
            return try await (request.path == "/api/v2/auth/login" && !body.contains("fixture-rotated") ? refusing : good).send(request)
        }])
        let refused = await repository.downloads()
        XCTAssertEqual(refused, .unauthorized)
        try await secrets.write(Credential(username: "fixture", password: "fixture-rotated"), for: config.credential, kind: .qbittorrent)
        let lifecycle = CredentialLifecycle(registry: registry, secrets: secrets, scopedState: [repository, cache])
        _ = try await lifecycle.rotate(config, replacement: Credential(password: "fixture-rotated")) { _ throws(ServiceError) in true }
        guard case .content(let downloads, _) = await repository.downloads() else {
            return XCTFail("the new credential is used at once, without waiting for a forced refresh")
        }
        XCTAssertEqual(downloads.items.count, 3)
    }

    func testANetworkChangeResolvesTheEndpointAgain() async throws {
        _ = try await add(.sonarr, host: "sonarr.fixture.invalid", name: "Sonarr", local: "http://sonarr-local.fixture.invalid:8989")
        let localUp = LockedFlag()
        let local = sonarr()
        let repository = await repository([
            "sonarr-local.fixture.invalid": FunctionTransport { request throws(TransportError) in
                guard localUp.value else { throw .unreachable }
                return try await local.send(request)
            },
            "sonarr.fixture.invalid": sonarr(),
        ])
        guard case .content(let away, _) = await repository.overview() else { return XCTFail("content") }
        XCTAssertEqual(away.rows.map(\.endpoint), [.remote], "the local address is not reachable from here")

        localUp.value = true // back on the home network
        guard case .content(let stillAway, _) = await repository.overview() else { return XCTFail("content") }
        XCTAssertEqual(stillAway.rows.map(\.endpoint), [.remote], "a working endpoint is kept")

        await repository.networkChanged()
        guard case .content(let home, _) = await repository.overview() else { return XCTFail("content") }
        XCTAssertEqual(home.rows.map(\.endpoint), [.local], "resolved again after the network changed")
        XCTAssertEqual(local.requests.filter { $0.path == "/ping" }.count, 1, "the anonymous ping came before the key")
    }
}

private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    var value: Bool {
        get { lock.withLock { flag } }
        set { lock.withLock { flag = newValue } }
    }
}
