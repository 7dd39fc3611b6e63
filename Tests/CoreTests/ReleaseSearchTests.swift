@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Interactive search and grab (issue 20, part 2) through the repository and real libsoup against the
/// fixture Sonarr and Radarr: results with the services' rejection reasons, no download link kept,
/// never a search without an item, and the grab's refusals (30-minute cache, indexer failure) in words.
final class ReleaseSearchTests: XCTestCase {
    private var server: ServarrFixtureServer!
    private var repository: Repository!
    private var service: UUID!
    private let transport = try? SoupTransport()

    private func start(_ kind: ServiceKind) async throws {
        server = try ServarrFixtureServer(kind: kind.rawValue)
        (repository, service) = try await server.repository(kind, directory: try temporaryDirectory(self))
    }

    private func control(_ path: String) async throws -> Data {
        try await transport!.send(HTTPRequest(try Endpoint.parse("http://127.0.0.1:\(server.port)"), path: path, requestClass: .probe,
                                              schemePolicy: SchemePolicy(allowsPlainHTTP: true))).body
    }

    func testEverySearchNamesItsItem() {
        XCTAssertEqual(Sonarr.flavour.releaseQuery(.child(1003)), [URLQueryItem(name: "episodeId", value: "1003")])
        XCTAssertEqual(Sonarr.flavour.releaseQuery(.group(item: 1, group: 2))?.map(\.name), ["seriesId", "seasonNumber"])
        XCTAssertNil(Sonarr.flavour.releaseQuery(.child(0)), "no episode: nothing (it would fetch every indexer's RSS feed)")
        XCTAssertNil(Sonarr.flavour.releaseQuery(.group(item: 0, group: 1)))
        XCTAssertNil(Radarr.flavour.releaseQuery(.item(-1)))
        XCTAssertEqual(TransportLimits.standard[.indexerSearch].deadline, .seconds(180), "indexers get 100 s each, in tiers")
        XCTAssertEqual(TransportLimits.standard[.indexerSearch].maxAttempts, 1)
        XCTAssertTrue(ReleaseCache.isFresh(searched: Date(timeIntervalSince1970: 0), now: Date(timeIntervalSince1970: 28 * 60)))
        XCTAssertFalse(ReleaseCache.isFresh(searched: Date(timeIntervalSince1970: 0), now: Date(timeIntervalSince1970: 29 * 60 + 30)))
    }

    func testAnEpisodeSearchShowsWhyEachReleaseIsRejectedAndGrabsOne() async throws {
        try await start(.sonarr)
        let found = try await repository.releases(.child(1003), on: service)
        XCTAssertEqual(found.count, 6)
        let rejected = try XCTUnwrap(found.first { $0.rejections.count == 2 })
        XCTAssertEqual(rejected.rejections, ["Release in queue already meets cutoff: WEBDL-1080p",
                                             "Fixture Indexer 2 has a minimum of 10 seeders; this release has 2"])
        XCTAssertFalse(rejected.approved)
        XCTAssertEqual(found.filter(\.approved).count, 3)
        XCTAssertEqual(found.filter { !$0.downloadAllowed }.count, 1, "an unmapped release is marked")
        XCTAssertTrue(found.contains { $0.seeders != nil && $0.downloadProtocol == .torrent })
        XCTAssertTrue(found.allSatisfy { $0.quality != nil && $0.languages == ["English"] })
        // The download links carry the indexer's key: nothing of them is kept.
        XCTAssertFalse(String(describing: found).contains("apikey"))

        let pick = try XCTUnwrap(found.first(where: \.approved))
        try await repository.grab(pick, on: service)
        let state = try JSONSerialization.jsonObject(with: await control("/__state")) as? [String: Any]
        XCTAssertEqual(state?["grabbedReleases"] as? [String], [pick.id])

        // After 30 minutes the service has forgotten the search: its words, so the page can search again.
        _ = try await control("/__expire_releases")
        do {
            try await repository.grab(pick, on: service)
            XCTFail("grabbed from an expired search")
        } catch {
            XCTAssertEqual(error, .serverMessage(status: 404, message: "Couldn't find requested release in cache, try searching again"))
        }
    }

    func testAGrabTheIndexerFailsIsReportedAndNotRetried() async throws {
        try await start(.radarr)
        let found = try await repository.releases(.item(1), on: service)
        try await server.setFault("indexer-failed", on: "/api/v3/release", via: transport!)
        do {
            try await repository.grab(found[0], on: service)
            XCTFail("the indexer failed")
        } catch {
            XCTAssertEqual(error, .serverMessage(status: 409, message: "Getting release from indexer failed"))
        }
        let counts = try JSONDecoder().decode([String: Int].self, from: await control("/__requests"))
        XCTAssertEqual(counts["/api/v3/release"], 2, "one search and one grab: the grab was not repeated")
    }
}
