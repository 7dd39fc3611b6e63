@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// The requests behind monitoring and commands, as sent (method, path, body), and the bodies that
/// would act on the whole library refused before anything is sent.
final class LibraryActionRequestTests: XCTestCase {
    private let command = #"{"id": 7, "name": "SeriesSearch", "status": "queued", "message": null}"#

    private func client(_ kind: ServiceKind, _ transport: StubTransport) async throws -> any LibraryActing {
        let config = ServiceConfig(kind: kind, remoteEndpoint: try Endpoint.parse("https://\(kind.rawValue).fixture.invalid"))
        let secrets = InMemorySecretStore()
        try await secrets.write(Credential(apiKey: "fixture-key-0001"), for: config.credential, kind: kind)
        let connection = try ServiceConnection(config: config, role: .remote)
        return kind == .sonarr ? SonarrClient(connection: connection, transport: transport, secrets: secrets)
                               : RadarrClient(connection: connection, transport: transport, secrets: secrets)
    }

    private func body(_ request: HTTPRequest?) -> String { request?.body.map { String(decoding: $0, as: UTF8.self) } ?? "" }

    func testMonitoringUsesTheEditorEndpointsWithExplicitIds() async throws {
        let sonarrStub = StubTransport(routes: ["PUT /api/v3/series/editor": .json("[]", status: 202)])
        let sonarr = try await client(.sonarr, sonarrStub)
        let id = UUID()
        try await sonarr.setMonitored(false, items: [ResourceID(serviceID: id, itemID: 3), ResourceID(serviceID: id, itemID: 9)])
        XCTAssertEqual(sonarrStub.requests.map { "\($0.method.rawValue) \($0.path)" }, ["PUT /api/v3/series/editor"])
        XCTAssertEqual(body(sonarrStub.requests.first), #"{"seriesIds":[3,9],"monitored":false}"#)
        XCTAssertEqual(sonarrStub.requests.first?.isIdempotent, false, "a write is never retried")

        let radarrStub = StubTransport(routes: ["PUT /api/v3/movie/editor": .json("[]", status: 202)])
        let radarr = try await client(.radarr, radarrStub)
        try await radarr.setMonitored(true, items: [ResourceID(serviceID: id, itemID: 12)])
        XCTAssertEqual(body(radarrStub.requests.first), #"{"movieIds":[12],"monitored":true}"#)

        do {
            try await radarr.setMonitored(true, items: [])
            XCTFail("monitoring nothing was sent")
        } catch {
            XCTAssertEqual(error, .invalidRequest(.noItems))
        }
        XCTAssertEqual(radarrStub.requests.count, 1, "nothing sent for no items")
    }

    func testCommandsNameTheirItemsAndNoIdIsRefused() async throws {
        XCTAssertEqual(SonarrClient.body(.searchGroups(item: 4, groups: [2])), #"{"name":"SeasonSearch","seriesId":4,"seasonNumber":2}"#)
        XCTAssertNil(SonarrClient.body(.searchGroups(item: 4, groups: [1, 2])), "SeasonSearch takes one season")
        XCTAssertNil(SonarrClient.body(.searchGroups(item: 4, groups: [])))
        XCTAssertEqual(RadarrClient.body(.search(items: [5, 6])), #"{"name":"MoviesSearch","movieIds":[5,6]}"#,
                       "MoviesSearch is plural and needs movieIds")
        XCTAssertEqual(RadarrClient.body(.refresh(items: [8])), #"{"name":"RefreshMovie","movieIds":[8]}"#)
        XCTAssertEqual(SonarrClient.body(.searchChildren(item: 4, ids: [3, 5])), #"{"name":"EpisodeSearch","episodeIds":[3,5]}"#)
        XCTAssertEqual(SonarrClient.body(.refresh(items: [4])), #"{"name":"RefreshSeries","seriesId":4}"#)
        // Without ids these refresh or search the whole library: never sent.
        XCTAssertNil(RadarrClient.body(.refresh(items: [])))
        XCTAssertNil(RadarrClient.body(.search(items: [])))
        XCTAssertNil(SonarrClient.body(.searchChildren(item: 1, ids: [])))
        XCTAssertNil(RadarrClient.body(.refresh(items: [0])))
        XCTAssertNil(SonarrClient.body(.searchChildren(item: 1, ids: [3, 0])), "a list with an invalid id is refused whole")
        XCTAssertNil(SonarrClient.body(.search(items: [4, 5])), "Sonarr's SeriesSearch takes one series: two are two commands")
        XCTAssertNil(RadarrClient.body(.searchGroups(item: 4, groups: [2])), "Radarr has no groups")

        let stub = StubTransport(routes: ["POST /api/v3/command": .json(command, status: 201),
                                          "GET /api/v3/command/7": .json(#"{"id": 7, "name": "SeriesSearch", "status": "completed", "message": "Series search completed. 2 reports downloaded."}"#)])
        let sonarr = try await client(.sonarr, stub)
        let started = try await sonarr.start(.search(items: [4]))
        XCTAssertEqual(started, CommandProgress(id: 7, name: "SeriesSearch", status: .queued, message: nil))
        XCTAssertTrue(started.isRunning)
        XCTAssertEqual(body(stub.requests.first), #"{"name":"SeriesSearch","seriesId":4}"#)
        let finished = try await sonarr.progress(ofCommand: 7)
        XCTAssertEqual(finished.status, .completed)
        XCTAssertEqual(finished.message, "Series search completed. 2 reports downloaded.")
        do {
            _ = try await sonarr.start(.refresh(items: []))
            XCTFail("a whole-library refresh was sent")
        } catch {
            XCTAssertEqual(error, .invalidRequest(.wholeLibrary))
        }
        XCTAssertEqual(stub.requests.count, 2, "nothing sent for a command without ids")
        XCTAssertEqual(stub.unexpectedRequests, [])
    }

    private func query(_ request: HTTPRequest?) -> [String: String] {
        Dictionary((request?.query ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
    }

    func testQueueRemovalSendsEveryFlagAndBulkOnlyWhenAsked() async throws {
        let stub = StubTransport(routes: ["DELETE /api/v3/queue/11": .json("{}"), "DELETE /api/v3/queue/12": .json("{}"),
                                          "DELETE /api/v3/queue/bulk": .json("{}"), "POST /api/v3/queue/grab/13": .json("{}")])
        let radarr = try await client(.radarr, stub) as! any QueueActing
        // Ignore + blocklist only: the client keeps the download; no re-search.
        try await radarr.removeFromQueue([11, 12], QueueRemoval(disposition: .ignore, blocklist: .blocklistOnly), bulk: false)
        XCTAssertEqual(stub.requests.map(\.path), ["/api/v3/queue/11", "/api/v3/queue/12"], "one request per record")
        XCTAssertEqual(query(stub.requests.first), ["removeFromClient": "false", "blocklist": "true", "skipRedownload": "true",
                                                     "changeCategory": "false"], "every flag explicit: the defaults delete data")
        try await radarr.removeFromQueue([11, 12], QueueRemoval(disposition: .removeFromClient, blocklist: .blocklistAndSearch), bulk: true)
        XCTAssertEqual(stub.requests.last?.path, "/api/v3/queue/bulk")
        XCTAssertEqual(body(stub.requests.last), #"{"ids":[11,12]}"#)
        XCTAssertEqual(query(stub.requests.last), ["removeFromClient": "true", "blocklist": "true", "skipRedownload": "false",
                                                    "changeCategory": "false"])
        try await radarr.grab(queueRecord: 13)
        XCTAssertEqual(stub.requests.last.map { "\($0.method.rawValue) \($0.path)" }, "POST /api/v3/queue/grab/13")
        let sent = stub.requests.count
        do {
            try await radarr.removeFromQueue([], QueueRemoval(disposition: .ignore, blocklist: .no), bulk: true)
            XCTFail("an empty removal was sent")
        } catch {
            XCTAssertEqual(error, .invalidRequest(.noItems))
        }
        XCTAssertEqual(stub.requests.count, sent)
        XCTAssertTrue(stub.requests.allSatisfy { !$0.isIdempotent }, "writes are never retried")
    }

    func testDeleteKeepsFilesUnlessAskedAndEpisodesMonitorByIds() async throws {
        let stub = StubTransport(routes: ["DELETE /api/v3/series/4": .json("{}"), "PUT /api/v3/episode/monitor": .json("[]", status: 202)])
        let sonarr = try await client(.sonarr, stub) as! SonarrClient
        try await sonarr.delete(ResourceID(serviceID: UUID(), itemID: 4), deleteFiles: false, excludeFromImportLists: true)
        XCTAssertEqual(query(stub.requests.first), ["deleteFiles": "false", "addImportListExclusion": "true"])
        try await sonarr.setChildrenMonitored(false, ids: [101, 102])
        XCTAssertEqual(body(stub.requests.last), #"{"episodeIds":[101,102],"monitored":false}"#)

        let radarrStub = StubTransport(routes: ["DELETE /api/v3/movie/9": .json("{}")])
        let radarr = try await client(.radarr, radarrStub)
        try await radarr.delete(ResourceID(serviceID: UUID(), itemID: 9), deleteFiles: true, excludeFromImportLists: false)
        XCTAssertEqual(query(radarrStub.requests.first), ["deleteFiles": "true", "addImportExclusion": "false"],
                       "Radarr names its exclusion flag differently")
    }
}
