@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

// A kind Core has never heard of, defined in this file only: a Servarr on another API
// version (`/api/v1`, as Lidarr is) whose library holds movies, with a queue, plus a
// transfer list of its own. Nothing in Sources/ names it.

extension ServiceKind {
    static let fixturarr = ServiceKind(rawValue: "fixturarr")
}

/// Radarr's flavour on another API version.
enum Fixturarr: ServarrKind {
    static let flavour: ServarrFlavour = {
        var flavour = Radarr.flavour
        flavour.apiBase = "/api/v1"
        flavour.supportedMajors = 1...2
        return flavour
    }()
}

actor FixturarrClient: LibraryProviding, QueueProviding, TransfersProviding {
    private let servarr: ServarrClient<Fixturarr>
    private let serviceID: UUID

    init(connection: ServiceConnection, transport: any HTTPTransport, secrets: any SecretStore) {
        servarr = ServarrClient(connection: connection, transport: transport, secrets: secrets)
        serviceID = connection.config.id
    }

    func probe() async throws(ServiceError) -> ServiceStatus { try await servarr.probe() }

    func library() async throws(ServiceError) -> [Resource] { try await servarr.library() }

    func queue() async throws(ServiceError) -> [QueueItem] { try await servarr.queue() }

    func transfers() async throws(ServiceError) -> TransferSnapshot {
        let body = try await servarr.get("/api/v1/transfers", class: .list)
        let names = try JSONReader.read(body) { r throws(ServiceError) in
            try r.decodeList { r throws(ServiceError) in try r.lenientString() ?? "" }
        }
        let items = names.map {
            TransferItem(serviceID: serviceID, joinKey: $0, name: $0, state: .downloading, rawState: "fixture",
                         progress: 0.5, sizeBytes: 100, remainingBytes: 50)
        }
        return TransferSnapshot(items: items, stats: TransferStats(downloadSpeed: 0, uploadSpeed: 0, freeSpaceBytes: nil,
                                                                   count: items.count, activeCount: 0))
    }
}

final class NewKindTests: XCTestCase {
    override func setUp() {
        ServiceCatalog.register(ServiceDescriptor(
            kind: .fixturarr, displayName: "Fixturarr", role: .orchestrator, defaultPort: 8686, credentialShape: .apiKey,
            library: .movies, downloadProtocol: .torrent, client: FixturarrClient.self))
    }

    /// The app's tests share this process: the kind must not outlive these tests.
    override func tearDown() {
        ServiceCatalog.unregister(.fixturarr)
        XCTAssertFalse(ServiceKind.allCases.contains(.fixturarr))
    }

    func testANewKindGetsALibraryAQueueAndTransfersThroughTheRealRepository() async throws {
        let folder = try temporaryDirectory(self)
        let registry = ServiceRegistry(fileURL: folder.appendingPathComponent("services.json"))
        let secrets = InMemorySecretStore()
        let config = ServiceConfig(kind: .fixturarr, displayName: "Fixturarr Test",
                                   remoteEndpoint: try Endpoint.parse("https://fixturarr.fixture.invalid"))
        try await secrets.write(Credential(apiKey: "fixture-key"), for: config.credential, kind: .fixturarr)
        try await registry.upsert(config)
        let stub = StubTransport(routes: [
            "GET /api/v1/system/status": .json(#"{"appName": "Fixturarr", "version": "1.4.2"}"#),
            "GET /api/v1/movie": .fixture("radarr/movie.json"),
            "GET /api/v1/queue/details": .fixture("radarr/queue-details.json"),
            "GET /api/v1/transfers": .json(#"["fixture-transfer-1", "fixture-transfer-2"]"#),
        ], fixtures: fixturesDirectory)
        let repository = Repository(registry: registry, transport: stub, secrets: secrets, cache: nil,
                                    clock: .fixed(Date(timeIntervalSince1970: 1_768_485_720)))
        await repository.reload()

        // What the kind offers decides where it appears: Movies, Activity, Downloads — not Series or Calendar.
        XCTAssertEqual(Feature.allCases.filter { $0.includes(.fixturarr) }, [.overview, .movies, .activity, .downloads])
        XCTAssertTrue(ServiceKind.allCases.contains(.fixturarr))

        guard case .content(let library, _) = await repository.library(.movie) else { return XCTFail("movies") }
        let movies = try Radarr.decodeMovies(try fixture("radarr/movie.json"), serviceID: config.id)
        XCTAssertEqual(library.items.map(\.title), movies.map(\.title))
        XCTAssertFalse(library.items.isEmpty)

        guard case .content(let downloads, _) = await repository.downloads() else { return XCTFail("downloads") }
        XCTAssertEqual(downloads.items.map(\.name), ["fixture-transfer-1", "fixture-transfer-2"])

        let activity = await repository.activity()
        guard let content = activity.value else { return XCTFail("activity: \(activity)") }
        XCTAssertTrue(content.failures.isEmpty, "\(content.failures)")
        XCTAssertFalse(content.queues.parts.first?.value.isEmpty ?? true, "the queue arrived")
        XCTAssertEqual(content.queues.parts.first?.value.first?.resource?.serviceID, config.id)

        guard case .content(let overview, _) = await repository.overview() else { return XCTFail("overview") }
        XCTAssertEqual(overview.rows.map(\.state), [.ok])
        XCTAssertEqual(overview.rows.first?.version, "1.4.2")
        XCTAssertEqual(stub.unexpectedRequests, [])
    }

    /// The API version is data of the kind: a v1 Servarr answering major 3 is "incompatible", not Sonarr's rule.
    func testTheSupportedMajorVersionsAreTheKindsOwn() async throws {
        let config = ServiceConfig(kind: .fixturarr, remoteEndpoint: try Endpoint.parse("https://fixturarr.fixture.invalid"))
        let secrets = InMemorySecretStore()
        try await secrets.write(Credential(apiKey: "fixture-key"), for: config.credential, kind: .fixturarr)
        let stub = StubTransport(routes: ["GET /api/v1/system/status": .json(#"{"appName": "Fixturarr", "version": "3.0.1"}"#)])
        let client = FixturarrClient(connection: try ServiceConnection(config: config, role: .remote), transport: stub,
                                     secrets: secrets)
        do {
            _ = try await client.probe()
            XCTFail("a major version outside 1...2 is refused")
        } catch {
            XCTAssertEqual(error, .incompatibleVersion(found: "3.0.1"))
        }
    }
}
