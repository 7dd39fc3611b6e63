@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Jellyseerr/Overseerr against the stateful fixture server (real libsoup): the probe tells the two
/// apart, the list reads titles from the service's own pages, every action names its request and is
/// sent once, what the service then says is read back, and the traps of API-GUIDE-3 §3 hold.
final class JellyseerrTests: XCTestCase {
    private var server: ServarrFixtureServer!
    private var transport: (any HTTPTransport)!

    override func setUp() async throws {
        server = try ServarrFixtureServer(kind: "jellyseerr")
        transport = RetryingTransport(try SoupTransport())
    }

    private func client(key: String = ServarrFixtureServer.key, port: Int? = nil) async throws -> JellyseerrClient {
        let config = ServiceConfig(kind: .jellyseerr, localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port ?? server.port)"),
                                   allowPlainHTTPOnLocal: true)
        let secrets = InMemorySecretStore()
        try await secrets.write(Credential(apiKey: key), for: config.credential, kind: .jellyseerr)
        return JellyseerrClient(connection: try ServiceConnection(config: config, role: .local), transport: transport, secrets: secrets)
    }

    private func fixtureState() async throws -> [String: Any] {
        let response = try await transport.send(HTTPRequest(try Endpoint.parse("http://127.0.0.1:\(server.port)"), path: "/__state",
                                                            requestClass: .probe, schemePolicy: SchemePolicy(allowsPlainHTTP: true)))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    /// A repository whose one service is the fixture server, and that service.
    private func repository() async throws -> (Repository, ServiceConfig) {
        let folder = try temporaryDirectory(self)
        let registry = ServiceRegistry(fileURL: folder.appendingPathComponent("services.json"))
        let secrets = InMemorySecretStore()
        let config = ServiceConfig(kind: .jellyseerr, localEndpoint: try Endpoint.parse("http://127.0.0.1:\(server.port)"),
                                   allowPlainHTTPOnLocal: true)
        try await secrets.write(Credential(apiKey: ServarrFixtureServer.key), for: config.credential, kind: .jellyseerr)
        try await registry.upsert(config)
        let repository = Repository(registry: registry, transport: transport, secrets: secrets, cache: nil)
        await repository.reload()
        return (repository, config)
    }

    func testTheProbeTellsJellyseerrFromOverseerrAndARefusedKeyIs403() async throws {
        let status = try await client().probe()
        XCTAssertEqual(status.appName, "Jellyseerr")
        XCTAssertEqual(status.version, "2.3.0")
        do {
            _ = try await client(key: "fixture-wrong-key").probe()
            XCTFail("a wrong key is refused")
        } catch { XCTAssertEqual(error as? ServiceError, .unauthorized) }
        // Overseerr's public settings have no mediaServerType.
        let folder = try temporaryDirectory(self)
        try Data(#"{"initialized": true, "applicationTitle": "Fixture Requests"}"#.utf8).write(to: folder.appendingPathComponent("settings-public.json"))
        let overseerr = try ServarrFixtureServer(kind: "jellyseerr", extra: ["--overlay", folder.path])
        let other = try await client(port: overseerr.port).probe()
        XCTAssertEqual(other.appName, "Overseerr")
    }

    func testTheListHasTitlesFromTheServicesOwnPagesNewestChangeFirst() async throws {
        let client = try await client()
        let all = try await client.requests(.all, take: 20, skip: 0)
        XCTAssertEqual(all.total, 4)
        XCTAssertEqual(all.requests.map(\.id.itemID), [11, 12, 10, 9], "sort=modified")
        let first = all.requests[0]
        XCTAssertEqual(first.status, .pending)
        XCTAssertEqual(first.title, "Fixture Movie 1")
        XCTAssertEqual(first.year, 2021)
        XCTAssertEqual(first.requestedBy, "Ada Sample")
        let series = all.requests[1]
        XCTAssertEqual(series.mediaType, .tv)
        XCTAssertEqual(series.seasons, [1, 2])
        XCTAssertEqual(series.title, "Fixture Series 2")
        XCTAssertEqual(all.requests[2].modifiedBy, "Fixture Owner")
        XCTAssertEqual(all.requests[3].status, .declined)
        let pending = try await client.requests(.pending, take: 20, skip: 0)
        XCTAssertEqual(pending.requests.map(\.id.itemID), [11, 12])
        let counts = try await client.requestCounts()
        XCTAssertEqual(counts.pending, 2)
        // Each title page is read once, then kept.
        _ = try await client.requests(.all, take: 20, skip: 0)
        let seen = try await server.requestCounts(via: transport)
        XCTAssertEqual(seen["/api/v1/movie/900001"], 1)
        XCTAssertEqual(seen["/api/v1/request"], 3)
    }

    func testApprovingTwoSendsTwoRequestsEachNamingItsIdAndReadsThemBack() async throws {
        let client = try await client()
        let approved = try await client.perform(.approve, on: 11)
        XCTAssertEqual(approved?.status, .approved, "the service's answer, read back")
        XCTAssertEqual(approved?.modifiedBy, "Fixture Owner")
        let declined = try await client.perform(.decline, on: 12)
        XCTAssertEqual(declined?.status, .declined)
        let state = try await fixtureState()
        XCTAssertEqual((state["actions"] as? [[Any]])?.map { "\($0[0]) \($0[1])" }, ["approve 11", "decline 12"])
        let pending = try await client.requests(.pending, take: 20, skip: 0)
        XCTAssertEqual(pending.requests, [], "the list as the service now reports it")
        // Deleting: gone; an id that is not there is the service's 404 in its words.
        let gone = try await client.perform(.delete, on: 9)
        XCTAssertNil(gone)
        do {
            _ = try await client.perform(.approve, on: 9)
            XCTFail("a deleted request cannot be approved")
        } catch { XCTAssertEqual(error as? ServiceError, .serverMessage(status: 404, message: "Request not found.")) }
        let all = try await client.requests(.all, take: 20, skip: 0)
        XCTAssertEqual(all.requests.map(\.id.itemID), [12, 11, 10])
    }

    func testA503IsSentOnceAndCSRFProtectionIsSaidNotRetried() async throws {
        let client = try await client()
        try await server.setFault("503", on: "/api/v1/request/11/approve", via: transport)
        do {
            _ = try await client.perform(.approve, on: 11)
            XCTFail("a 503 is a failure")
        } catch { XCTAssertEqual(error as? ServiceError, .unavailable(.serverUnavailable(status: 503))) }
        var seen = try await server.requestCounts(via: transport)
        XCTAssertEqual(seen["/api/v1/request/11/approve"], 1, "sent once")
        try await server.setFault("csrf", on: "/api/v1/request/12/decline", via: transport)
        do {
            _ = try await client.perform(.decline, on: 12)
            XCTFail("CSRF protection refuses keyed writes")
        } catch { XCTAssertEqual(error as? ServiceError, .refused(.readOnlyAPI)) }
        seen = try await server.requestCounts(via: transport)
        XCTAssertEqual(seen["/api/v1/request/12/decline"], 1)
        let state = try await fixtureState()
        XCTAssertEqual((state["actions"] as? [[Any]])?.count, 0, "nothing changed")
        do {
            _ = try await client.perform(.approve, on: 0)
            XCTFail("no id, nothing sent")
        } catch { XCTAssertEqual(error as? ServiceError, .invalidRequest(.noItems)) }
    }

    /// The Requests tab's read and its actions through the repository: pending first (oldest first), the
    /// others after them, the counts; approve on two ids is two requests in order; after a read-only
    /// refusal (CSRF) the remaining ids are not sent.
    func testTheRepositoryListsPendingFirstAndActsOnExactlyTheNamedRequests() async throws {
        let (repository, config) = try await repository()
        let state = await repository.requests(force: true)
        let list = try XCTUnwrap(state.value?.parts.first?.value)
        XCTAssertEqual(list.requests.map(\.id.itemID), [12, 11, 10, 9], "pending oldest first, then the others by last change")
        XCTAssertEqual(list.requests.map { RequestShelf($0) }, [.pending, .pending, .processing, .declined])
        XCTAssertEqual(list.counts?.pending, 2)
        XCTAssertFalse(list.pendingTruncated)

        let outcomes = try await repository.act(.approve, on: [12, 11], service: config.id)
        XCTAssertEqual(outcomes.map(\.id), [12, 11])
        XCTAssertEqual(outcomes.compactMap { try? $0.outcome.get()?.status }, [.approved, .approved], "each answer read back")
        let actions = try await fixtureState()["actions"] as? [[Any]] ?? []
        XCTAssertEqual(actions.map { "\($0[0]) \($0[1])" }, ["approve 12", "approve 11"], "two requests, each naming its id")

        try await server.setFault("csrf", on: "/api/v1/request/10/decline", via: transport)
        let refused = try await repository.act(.decline, on: [10, 9], service: config.id)
        XCTAssertEqual(refused.count, 1, "after a read-only refusal the next id is not sent")
        if case .failure(let error) = refused[0].outcome { XCTAssertEqual(error, .refused(.readOnlyAPI)) } else { XCTFail("refused") }
        let seen = try await server.requestCounts(via: transport)
        XCTAssertNil(seen["/api/v1/request/9/decline"])
        do {
            _ = try await repository.act(.delete, on: [], service: config.id)
            XCTFail("no ids, nothing sent")
        } catch { XCTAssertEqual(error, .invalidRequest(.noItems)) }
    }

    /// The counts and the title pages are extra reads: when they fail the requests still list, and the failure is kept
    /// (never an empty count or a silent missing title). A page the service has not (404) is not asked for again; any
    /// other failure is read again on the next refresh.
    func testFailedCountsAndTitlePagesAreSaidNotDropped() async throws {
        let (repository, config) = try await repository()
        try await server.setFault("drop", on: "/api/v1/request/count", via: transport)
        try await server.setFault("500", on: "/api/v1/movie/900001", via: transport)
        try await server.setFault("404", on: "/api/v1/tv/900002", via: transport)
        let firstState = await repository.requests(force: true)
        let first = try XCTUnwrap(firstState.value?.parts.first?.value)
        XCTAssertEqual(first.requests.count, 4, "the requests still list")
        XCTAssertNil(first.counts)
        XCTAssertEqual(first.countsFailure, .unavailable(.connectionLost))
        let movie = try XCTUnwrap(first.requests.first { $0.tmdbID == 900001 })
        XCTAssertNil(movie.title)
        XCTAssertEqual(movie.titleFailure, .unavailable(.serverError(status: 500)))
        let series = try XCTUnwrap(first.requests.first { $0.tmdbID == 900002 })
        XCTAssertEqual(series.titleFailure, .serverMessage(status: 404, message: "NotFound"))

        for path in ["/api/v1/request/count", "/api/v1/movie/900001", "/api/v1/tv/900002"] { try await server.setFault("none", on: path, via: transport) }
        let secondState = await repository.requests(force: true)
        let second = try XCTUnwrap(secondState.value?.parts.first?.value)
        XCTAssertEqual(second.counts?.pending, 2)
        XCTAssertNil(second.countsFailure)
        XCTAssertEqual(second.requests.first { $0.tmdbID == 900001 }?.title, "Fixture Movie 1", "a failed page is read again")
        XCTAssertEqual(second.requests.first { $0.tmdbID == 900002 }?.titleFailure, .serverMessage(status: 404, message: "NotFound"),
                       "a page the service has not is not asked for again, and still said")
        let seen = try await server.requestCounts(via: transport)
        XCTAssertEqual(seen["/api/v1/tv/900002"], 1)
    }

    /// Requesting a title (Add Series / Add Movie's Request): one POST naming it by TMDB id, made as the
    /// key's user and approved at once; the same movie again is the service's 409; a series whose asked
    /// seasons are all requested already is its 202 "no seasons", said as a refusal; a 503 is sent once.
    func testARequestIsSentOnceByTMDBIdAndTheTrapsAreFailures() async throws {
        let client = try await client()
        let requester = try await client.requester()
        XCTAssertEqual(requester, "Fixture Owner")
        let movie = try await client.request(MediaAsk(mediaType: .movie, tmdbID: 900005))
        XCTAssertEqual(movie.status, .approved, "the key's requests are approved at once")
        XCTAssertEqual(movie.requestedBy, "Fixture Owner")
        XCTAssertEqual(movie.tmdbID, 900005)
        do {
            _ = try await client.request(MediaAsk(mediaType: .movie, tmdbID: 900005))
            XCTFail("the same movie again is refused")
        } catch { XCTAssertEqual(error as? ServiceError, .serverMessage(status: 409, message: "Request for this media already exists.")) }
        do {
            _ = try await client.request(MediaAsk(mediaType: .tv, tmdbID: 900002, seasons: [1, 2]))
            XCTFail("a 202 with no seasons made nothing")
        } catch { XCTAssertEqual(error as? ServiceError, .refused(.said("No seasons available to request"))) }
        let series = try await client.request(MediaAsk(mediaType: .tv, tmdbID: 900002, seasons: [3]))
        XCTAssertEqual(series.seasons, [3])
        try await server.setFault("503", on: "/api/v1/request", via: transport)
        do {
            _ = try await client.request(MediaAsk(mediaType: .movie, tmdbID: 900003))
            XCTFail("a 503 is a failure")
        } catch { XCTAssertEqual(error as? ServiceError, .unavailable(.serverUnavailable(status: 503))) }
        let seen = try await server.requestCounts(via: transport)
        XCTAssertEqual(seen["/api/v1/request"].map { $0 >= 5 }, true)
        let actions = try await fixtureState()["actions"] as? [[Any]] ?? []
        XCTAssertEqual(actions.map { "\($0[0])" }, ["create", "create"], "two made; the refused and failed ones made nothing")
        do {
            _ = try await client.request(MediaAsk(mediaType: .tv, tmdbID: 900004, seasons: []))
            XCTFail("no season asked, nothing sent")
        } catch { XCTAssertEqual(error as? ServiceError, .invalidRequest(.noItems)) }
    }

    func testTheFixtureValidatesQueriesAsTheServiceDoes() async throws {
        let endpoint = try Endpoint.parse("http://127.0.0.1:\(server.port)")
        func status(_ query: String) async throws -> Int {
            let items = query.split(separator: "&").map { pair in
                let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
                return URLQueryItem(name: kv[0], value: kv[1])
            }
            let request = HTTPRequest(endpoint, path: "/api/v1/request", query: items, headers: ["X-Api-Key": ServarrFixtureServer.key],
                                      requestClass: .list, schemePolicy: SchemePolicy(allowsPlainHTTP: true))
            return try await transport.send(request).status
        }
        let ok = try await status("take=10&filter=pending")
        XCTAssertEqual(ok, 200)
        let unknown = try await status("take=10&mediaType=movie")
        XCTAssertEqual(unknown, 400, "an undeclared parameter")
        let outside = try await status("filter=declined")
        XCTAssertEqual(outside, 400, "a value outside the enum")
        let plus = try await status("filter=pending&sort=a+b")
        XCTAssertEqual(plus, 400, "a + left unencoded")
    }
}
