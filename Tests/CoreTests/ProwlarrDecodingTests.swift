@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Prowlarr's answers at their edges: what is dropped (and why), what is clamped, and the download
/// links that are kept only as protected links.
final class ProwlarrDecodingTests: XCTestCase {
    private let service = UUID()

    func testResultsThatCannotBeGrabbedAreDroppedAndOnlyHTTPLinksAreKept() throws {
        let body = Data(#"""
        [null,
         {"guid": "g1", "indexerId": 1, "title": "Kept", "size": -5, "protocol": "torrent", "seeders": "12",
          "downloadUrl": "file:///etc/passwd", "magnetUrl": "http://prowlarr.fixture.invalid/1/download?apikey=fixture-not-a-key&link=x"},
         {"guid": "", "indexerId": 1, "title": "No guid"},
         {"guid": "g3", "indexerId": 0, "title": "No indexer"},
         {"guid": "g4", "indexerId": 2},
         {"guid": "g5", "indexerId": 2, "title": "Odd fields", "categories": [null, 7, {"id": 2000, "name": "Movies"}],
          "publishDate": "not a date", "downloadUrl": "magnet:?xt=urn:btih:0000"}]
        """#.utf8)
        let releases = try ProwlarrDecoding.releases(body)
        XCTAssertEqual(releases.map(\.title), ["Kept", "Odd fields"])
        XCTAssertEqual(releases[0].size, 0, "a negative size is clamped")
        XCTAssertNil(releases[0].seeders, "a string where a number belongs is unknown, not an error")
        XCTAssertEqual(releases[0].link?.url.host, "prowlarr.fixture.invalid", "the file: link is refused; the http proxy link kept")
        XCTAssertEqual("\(releases[0])".contains("fixture-not-a-key"), false)
        XCTAssertNil(releases[1].link, "a magnet: link in downloadUrl is not Prowlarr's proxy link: not kept")
        XCTAssertEqual(releases[1].categories, ["Movies"])
        XCTAssertNil(releases[1].published)
    }

    /// A title holding bidi controls (the fixture's second private result) is kept exactly as the indexer sent it — the
    /// data stays true; what is shown drops the controls (ShownText, in the app).
    func testATitleWithBidiControlsIsKeptAsSent() throws {
        let body = try fixture("prowlarr/search.json")
        let releases = try ProwlarrDecoding.releases(body)
        let disguised = try XCTUnwrap(releases.first { $0.title.unicodeScalars.contains("\u{202E}") })
        XCTAssertEqual(disguised.title, "Fixture.Show.S01E02.qx.\u{202E}RTL\u{202C}.2160p [Fixture Torrents Private]")
    }

    func testStatusesStatisticsAndApplicationsTolerateOddShapes() throws {
        let statuses = try ProwlarrDecoding.statuses(Data(#"[{"indexerId": 3, "disabledTill": "2099-01-01T00:00:00Z"}, {"disabledTill": null}, null]"#.utf8))
        XCTAssertEqual(Array(statuses.keys), [3])
        let stats = try ProwlarrDecoding.stats(Data(#"{"indexers": [null, {"indexerId": 1, "numberOfQueries": -4, "averageResponseTime": 120}, "x"]}"#.utf8))
        XCTAssertEqual(stats[1], Indexer.Stats(queries: 0, grabs: 0, failedQueries: 0, failedGrabs: 0, averageResponse: 120))
        let apps = try ProwlarrDecoding.applications(Data(#"[{"name": "", "implementation": "Sonarr", "syncLevel": "fullSync"}, {"name": "Off", "syncLevel": "disabled"}]"#.utf8))
        XCTAssertEqual(apps, ["Sonarr"], "an unnamed application goes by its implementation; a disabled one is not listed")
        let indexers = try ProwlarrDecoding.indexers(Data(#"[{"name": "No id"}, {"id": 4, "name": "Four", "protocol": "carrier pigeon"}]"#.utf8), serviceID: service)
        XCTAssertEqual(indexers.map(\.name), ["Four"])
        XCTAssertEqual(indexers.first?.downloadProtocol, .unknown)
    }

    func testAFailingIndexerIsOneHeldBackUntilALaterTime() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var indexer = Indexer(id: ResourceID(serviceID: service, itemID: 1), name: "x", definition: "", enabled: true,
                              downloadProtocol: .torrent, privacy: "public", priority: 25)
        XCTAssertFalse(indexer.isFailing(at: now))
        indexer.failure = .init(disabledUntil: now.addingTimeInterval(-1), mostRecent: nil, since: nil)
        XCTAssertFalse(indexer.isFailing(at: now), "held back until a time that has passed: searched again")
        indexer.failure = .init(disabledUntil: now.addingTimeInterval(60), mostRecent: nil, since: nil)
        XCTAssertTrue(indexer.isFailing(at: now))
    }

    func testWireBodiesNameTheirItemsAndNeverAnEmptyList() {
        XCTAssertNil(ProwlarrWire.bulkEnable(false, ids: []))
        XCTAssertNil(ProwlarrWire.bulkEnable(false, ids: [0]))
        XCTAssertEqual(ProwlarrWire.bulkEnable(true, ids: [2, 4]), #"{"ids":[2,4],"enable":true}"#)
        let query = ProwlarrWire.searchQuery(IndexerSearch(query: "a b", type: .movieSearch, indexerIDs: [1, 2], categories: [2000]))
        XCTAssertEqual(query.map(\.name), ["query", "type", "indexerIds", "indexerIds", "categories", "limit", "offset"])
        XCTAssertEqual(query.first { $0.name == "type" }?.value, "movie")
    }
}
