@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Prowlarr through the repository and real libsoup against the fixture server as Prowlarr (`/api/v1`),
/// which applies writes to its state and counts every request: the traces the Prowlarr issue asks for
/// (indexer disable: one request naming it; grab: one request, never retried), the search that asks each
/// indexer on its own so a failing one is not mistaken for "no results", and the proxy links that carry
/// Prowlarr's key never printed.
final class ProwlarrFixtureTests: XCTestCase {
    private struct State: Decodable {
        struct Bulk: Decodable, Equatable { let ids: [Int]; let enable: Bool }
        struct Search: Decodable { let query: String; let type: String; let indexerIds: String; let limit: String; let offset: String }
        struct Grab: Decodable, Equatable { let guid: String; let indexerId: Int }
        let bulkEdits: [Bulk]
        let searches: [Search]
        let grabs: [Grab]
        let tests: [Int]
        let enabled: [Int]
    }

    private var server: ServarrFixtureServer!
    private var repository: Repository!
    private var service: UUID!
    private let transport = try? SoupTransport()

    override func setUp() async throws {
        server = try ServarrFixtureServer(kind: "prowlarr")
        (repository, service) = try await server.repository(.prowlarr, directory: try temporaryDirectory(self))
    }

    private func state() async throws -> State {
        let request = HTTPRequest(try Endpoint.parse("http://127.0.0.1:\(server.port)"), path: "/__state", requestClass: .probe,
                                  schemePolicy: SchemePolicy(allowsPlainHTTP: true))
        return try JSONDecoder().decode(State.self, from: try await transport!.send(request).body)
    }

    private func counts() async throws -> [String: Int] { try await server.requestCounts(via: transport!) }

    private func indexers() async throws -> [Indexer] {
        let state = await repository.indexers(force: true)
        return try XCTUnwrap(state.value?.parts.first?.value.indexers)
    }

    func testIndexersComeWithTheirStatusStatisticsAndTheApplicationsProwlarrSyncs() async throws {
        let state = await repository.indexers(force: true)
        let list = try XCTUnwrap(state.value?.parts.first?.value)
        XCTAssertEqual(list.indexers.map(\.name), ["Fixture Usenet One", "Fixture Torrents Public", "Fixture Flaky Tracker",
                                                   "Fixture Usenet Backup", "Fixture Torrents Private"])
        XCTAssertEqual(list.indexers.map(\.enabled), [true, true, true, false, true])
        XCTAssertEqual(list.indexers.map(\.downloadProtocol), [.usenet, .torrent, .torrent, .usenet, .torrent])
        XCTAssertEqual(list.indexers.filter { $0.isFailing(at: Date()) }.map(\.id.itemID), [3], "only indexer status's blocked indexer fails")
        XCTAssertEqual(list.indexers[2].failure?.since, ISODate.parse("2026-12-04T22:40:00Z"))
        XCTAssertEqual(list.indexers[0].stats, Indexer.Stats(queries: 128, grabs: 12, failedQueries: 1, failedGrabs: 0, averageResponse: 420))
        XCTAssertEqual(list.applications, ["Sonarr", "Radarr"], "an application whose sync is disabled is not listed")
        // The statistics were asked for a window (the fixture refuses them without one: all time is not "24 h").
        let read1 = try await counts()
        XCTAssertEqual(read1["/api/v1/indexerstats"], 1)
    }

    /// The statistics and applications are read beside the list: when they fail the indexers still list, and what
    /// failed is kept with why (never "no statistics" or "syncs nothing").
    func testStatisticsAndApplicationsThatFailAreSaidNotEmpty() async throws {
        try await server.setFault("500", on: "/api/v1/indexerstats", via: transport!)
        try await server.setFault("drop", on: "/api/v1/applications", via: transport!)
        let state = await repository.indexers(force: true)
        let list = try XCTUnwrap(state.value?.parts.first?.value)
        XCTAssertEqual(list.indexers.count, 5)
        XCTAssertEqual(list.unread[.statistics], .unavailable(.serverError(status: 500)))
        XCTAssertEqual(list.unread[.applications], .unavailable(.connectionLost))
        XCTAssertTrue(list.indexers.allSatisfy { $0.stats == nil })
        try await server.setFault("none", on: "/api/v1/indexerstats", via: transport!)
        try await server.setFault("none", on: "/api/v1/applications", via: transport!)
        let reread = await repository.indexers(force: true)
        let again = try XCTUnwrap(reread.value?.parts.first?.value)
        XCTAssertEqual(again.unread, [:])
        XCTAssertEqual(again.applications, ["Sonarr", "Radarr"])
    }

    func testTheOverviewRowCountsIndexersAndNamesWhatProwlarrSyncs() async throws {
        let state = await repository.overview(force: true)
        let overview = try XCTUnwrap(state.value)
        XCTAssertEqual(overview.rows.first?.state, .ok)
        XCTAssertEqual(overview.rows.first?.appName, "Prowlarr")
        let summary = try XCTUnwrap(overview.details.parts.first?.value.indexers)
        XCTAssertEqual(summary, IndexerSummary(total: 5, enabled: 4, failing: 1, applications: ["Sonarr", "Radarr"]))
        XCTAssertEqual(overview.details.parts.first?.value.health.first?.source, "IndexerStatusCheck")
    }

    func testDisablingAnIndexerIsOneRequestNamingItAndReadsBack() async throws {
        try await repository.setIndexers([2], enabled: false, on: service)
        let sent = try await state()
        XCTAssertEqual(sent.bulkEdits, [.init(ids: [2], enable: false)])
        let read2 = try await counts()
        XCTAssertEqual(read2["/api/v1/indexer/bulk"], 1)
        let read3 = try await indexers()
        XCTAssertEqual(read3.first { $0.id.itemID == 2 }?.enabled, false)
        try await repository.setIndexers([2, 4], enabled: true, on: service)
        let read4 = try await state()
        XCTAssertEqual(read4.bulkEdits.last, .init(ids: [2, 4], enable: true), "several in one request")
        let read5 = try await state()
        XCTAssertEqual(read5.enabled, [1, 2, 3, 4, 5])
    }

    func testAnEmptyIndexerListIsNeverSent() async throws {
        do {
            try await repository.setIndexers([], enabled: false, on: service)
            XCTFail("an empty list was accepted")
        } catch { XCTAssertEqual(error, .invalidRequest(.noItems)) }
        let read6 = try await counts()
        XCTAssertNil(read6["/api/v1/indexer/bulk"], "nothing reached Prowlarr")
    }

    func testTestingSendsTheWholeIndexerBackAndReportsProwlarrsReasons() async throws {
        let good = try await repository.testIndexers(1, on: service)
        XCTAssertEqual(good, [IndexerTestResult(indexerID: 1, isValid: true, messages: [])])
        let bad = try await repository.testIndexers(3, on: service)
        XCTAssertEqual(bad.first?.isValid, false)
        XCTAssertEqual(bad.first?.messages, ["Unable to connect to indexer, check the log for more details"])
        let read7 = try await state()
        XCTAssertEqual(read7.tests, [1, 3], "the fixture accepted both bodies as whole indexers")
        let all = try await repository.testIndexers(nil, on: service)
        XCTAssertEqual(all.filter { !$0.isValid }.map(\.indexerID), [3])
        XCTAssertEqual(all.count, 5)
    }

    func testASearchAsksEachIndexerAndStreamsResultsAsTheyAnswer() async throws {
        let list = try await indexers()
        let updates = Updates()
        let final = try await repository.searchIndexers(IndexerSearch(query: "show"), on: service, among: list) { updates.add($0) }
        let sent = try await state().searches
        XCTAssertEqual(sent.map(\.indexerIds).sorted(), ["1", "2", "3", "5"], "one request per enabled indexer, each naming it")
        XCTAssertTrue(sent.allSatisfy { $0.query == "show" && $0.type == "search" && $0.limit == "100" && $0.offset == "0" })
        XCTAssertEqual(final.answered.count, 4)
        XCTAssertEqual(final.results.count, 6, "two episodes from each of the three working indexers")
        XCTAssertEqual(Set(final.results.map(\.indexerID)), [1, 2, 5])
        XCTAssertEqual(final.empty, [3])
        XCTAssertEqual(final.heldBack, [3], "the indexer that answered nothing is held back by Prowlarr: not 'no results'")
        XCTAssertFalse(final.isTrulyEmpty)
        // Streamed: the results grew answer by answer.
        let counts = updates.all.map(\.results.count)
        XCTAssertEqual(counts.first, 0)
        XCTAssertEqual(counts, counts.sorted())
        XCTAssertGreaterThanOrEqual(updates.all.count, 5)
        // Newest first.
        let dates = final.results.compactMap(\.published)
        XCTAssertEqual(dates, dates.sorted(by: >))
    }

    /// When Prowlarr cannot be asked afterwards which indexers it holds back, an empty answer is not known to be a failure
    /// or "nothing": the state says why it cannot tell, instead of calling every empty answer "found nothing".
    func testWhetherEmptyAnswersFailedIsUnknownWhenTheIndexerListCannotBeRead() async throws {
        let list = try await indexers()
        try await server.setFault("500", on: "/api/v1/indexer", via: transport!)
        let final = try await repository.searchIndexers(IndexerSearch(query: "show"), on: service, among: list)
        XCTAssertEqual(final.empty, [3])
        XCTAssertEqual(final.heldBack, [])
        XCTAssertEqual(final.heldBackUnknown, .unavailable(.serverError(status: 500)))
        try await server.setFault("none", on: "/api/v1/indexer", via: transport!)
        let again = try await repository.searchIndexers(IndexerSearch(query: "show"), on: service, among: list)
        XCTAssertNil(again.heldBackUnknown)
        XCTAssertEqual(again.heldBack, [3])
    }

    func testMoreResultsAsksAgainOnlyTheIndexersThatFilledTheirPage() async throws {
        let list = try await indexers()
        let first = try await repository.searchIndexers(IndexerSearch(query: "show", limit: 1), on: service, among: list)
        XCTAssertEqual(first.results.count, 3)
        XCTAssertEqual(first.fullPages, [1, 2, 5], "each working indexer has a second episode; the flaky one answered nothing")
        var next = first.search
        next.indexerIDs = first.fullPages
        next.offset += next.limit
        let second = try await repository.searchIndexers(next, on: service, among: list)
        XCTAssertEqual(second.results.count, 3)
        XCTAssertTrue(Set(second.results.map(\.id)).isDisjoint(with: first.results.map(\.id)), "the next page, not the first again")
        let sent = try await state().searches.suffix(3)
        XCTAssertEqual(sent.map(\.offset), ["1", "1", "1"])
        XCTAssertEqual(sent.map(\.indexerIds).sorted(), ["1", "2", "5"])
    }

    func testCancellingStopsEveryRequestStillRunning() async throws {
        let list = try await indexers()
        try await server.setFault("slow", on: "/api/v1/search", via: transport!) // every indexer answers after 20 s
        let repository = self.repository!, service = self.service!
        let started = ContinuousClock.now
        let search = Task { try await repository.searchIndexers(IndexerSearch(query: "show"), on: service, among: list) }
        try await Task.sleep(for: .milliseconds(200))
        search.cancel()
        do {
            _ = try await search.value
            XCTFail("a cancelled search finished")
        } catch let error as ServiceError {
            XCTAssertEqual(error, .cancelled)
        }
        XCTAssertLessThan((ContinuousClock.now - started).seconds, 15, "it did not wait for the 20 s answers")
        try await server.setFault("none", on: "/api/v1/search", via: transport!)
    }

    func testCategoriesNarrowTheSearch() async throws {
        let list = try await indexers()
        let movies = try await repository.searchIndexers(IndexerSearch(query: "fixture", categories: [2000]), on: service, among: list)
        XCTAssertEqual(Set(movies.results.flatMap(\.categories)), ["Movies"])
        XCTAssertEqual(movies.results.count, 3)
    }

    func testNoResultsIsSaidOnlyWhenEveryIndexerAnsweredAndNoneFails() async throws {
        let list = try await indexers()
        let everywhere = try await repository.searchIndexers(IndexerSearch(query: "nothing matches this"), on: service, among: list)
        XCTAssertTrue(everywhere.results.isEmpty)
        XCTAssertFalse(everywhere.isTrulyEmpty, "the flaky tracker's empty answer may be its failure")
        var one = IndexerSearch(query: "nothing matches this")
        one.indexerIDs = [1]
        let working = try await repository.searchIndexers(one, on: service, among: list)
        XCTAssertTrue(working.isTrulyEmpty)
    }

    func testTheProxyLinksKeyIsNeverPrinted() async throws {
        let list = try await indexers()
        let final = try await repository.searchIndexers(IndexerSearch(query: "show"), on: service, among: list)
        let release = try XCTUnwrap(final.results.first { $0.downloadProtocol == .torrent })
        XCTAssertTrue(try XCTUnwrap(release.link).url.absoluteString.contains(ServarrFixtureServer.key), "the link is Prowlarr's proxy link")
        for text in [String(describing: release), String(reflecting: release), "\(final.results)"] {
            XCTAssertFalse(text.contains(ServarrFixtureServer.key), "the key was printed")
        }
    }

    func testAGrabIsOneRequestNamingTheReleaseAndNeverRetried() async throws {
        let list = try await indexers()
        let final = try await repository.searchIndexers(IndexerSearch(query: "movie"), on: service, among: list)
        let release = try XCTUnwrap(final.results.first)
        let before = try await counts()["/api/v1/search"] ?? 0
        try await repository.grab(release, on: service)
        let read8 = try await state()
        XCTAssertEqual(read8.grabs, [.init(guid: release.guid, indexerId: release.indexerID)])
        let read9 = try await counts()
        XCTAssertEqual(read9["/api/v1/search"], before + 1)
        // A grab that fails is not sent again.
        try await server.setFault("503", on: "/api/v1/search", via: transport!)
        do {
            try await repository.grab(release, on: service)
            XCTFail("the grab succeeded through a 503")
        } catch {
            XCTAssertEqual(error.recovery, .retry)
        }
        let read10 = try await counts()
        XCTAssertEqual(read10["/api/v1/search"], before + 2, "one request, not retried")
        let read11 = try await state()
        XCTAssertEqual(read11.grabs.count, 1)
    }

    func testAGrabOfAReleaseProwlarrNoLongerHoldsSaysSo() async throws {
        let stale = IndexerRelease(guid: "https://indexer1.fixture.invalid/details/never", indexerID: 1, indexer: "Fixture Usenet One",
                                   title: "Never searched", size: 1, published: nil, downloadProtocol: .usenet, seeders: nil, leechers: nil,
                                   grabs: nil, categories: [], link: nil)
        do {
            try await repository.grab(stale, on: service)
            XCTFail("a grab of a release no search returned succeeded")
        } catch {
            guard case .serverMessage(404, let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("try searching again"))
        }
    }
}

private final class Updates: @unchecked Sendable {
    private let lock = NSLock()
    private var states: [IndexerSearchState] = []
    func add(_ state: IndexerSearchState) { lock.withLock { states.append(state) } }
    var all: [IndexerSearchState] { lock.withLock { states } }
}
