@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Each tolerance of Servarr payloads has its own test (ServarrDTOs names them).
final class ServarrDecodingTests: XCTestCase {
    private let service = UUID(uuidString: "F1C7F1C7-0000-4000-8000-000000000001")!

    private func movies(_ json: String) throws -> [Resource] {
        try Radarr.decodeMovies(Data(json.utf8), serviceID: service)
    }

    func testEveryCommittedFixtureDecodes() throws {
        let series = try Sonarr.decodeSeries(try fixture("sonarr/series.json"), serviceID: service)
        XCTAssertEqual(series.count, 5)
        XCTAssertTrue(series.allSatisfy { $0.title.contains("(fixture series") && $0.poster != nil })
        let films = try Radarr.decodeMovies(try fixture("radarr/movie.json"), serviceID: service)
        XCTAssertEqual(films.count, 6)
        XCTAssertTrue(films.allSatisfy { $0.kind == .movie && $0.expectedFileCount == 1 })
    }

    func testNullInsideAnArrayIsSkipped() throws {
        let list = try movies(#"[null, {"id": 1, "title": "Fixture", "images": [null, {"coverType": "poster", "url": "/MediaCover/1/poster.jpg"}]}]"#)
        XCTAssertEqual(list.count, 1)
        XCTAssertEqual(list[0].images.count, 1)
        XCTAssertEqual(list[0].images[0].kind, .poster)
    }

    func testMissingOptionalBlocksReadAsEmpty() throws {
        let series = try Sonarr.decodeSeries(Data(#"[{"id": 7, "title": "Fixture without statistics"}]"#.utf8), serviceID: service)
        XCTAssertEqual(series[0].sizeOnDisk, 0)
        XCTAssertEqual(series[0].fileCount, 0)
        XCTAssertEqual(series[0].images, [])
        XCTAssertEqual(series[0].sortTitle, "fixture without statistics")
        XCTAssertEqual(series[0].status, .unknown(""))
    }

    func testUnknownEnumValuesAreKeptNotFatal() throws {
        let list = try movies(#"[{"id": 1, "title": "F", "status": "premieringOnMars", "images": [{"coverType": "hologram"}]}]"#)
        XCTAssertEqual(list[0].status, .unknown("premieringOnMars"))
        XCTAssertEqual(list[0].images[0].kind, .unknown)
        let queue = try queueItems(#"[{"id": 1, "status": "teleporting", "protocol": "carrierPigeon", "trackedDownloadStatus": "odd"}]"#)
        XCTAssertEqual(queue[0].status, .unknown("teleporting"))
        XCTAssertEqual(queue[0].downloadProtocol, .unknown)
        XCTAssertEqual(queue[0].trackedStatus, .unknown)
    }

    func testSizesAsDecimals() throws {
        let list = try movies(#"[{"id": 1, "title": "F", "sizeOnDisk": 1500000000.75}]"#)
        XCTAssertEqual(list[0].sizeOnDisk, 1_500_000_000)
        let queue = try queueItems(#"[{"id": 1, "size": 1000.5, "sizeleft": 250.25}]"#)
        XCTAssertEqual(queue[0].size, 1000.5)
        XCTAssertEqual(queue[0].sizeLeft, 250.25)
        XCTAssertEqual(queue[0].progress, 0.75, accuracy: 0.001)
    }

    func testTimeLeftAsDotNetTimeSpan() throws {
        let queue = try queueItems(#"[{"id": 1, "timeleft": "1.02:03:04"}, {"id": 2, "timeleft": "00:10:00"}, {"id": 3, "timeleft": "whenever"}]"#)
        XCTAssertEqual(queue.map(\.timeLeft), [93_784, 600, nil])
    }

    func testWrongTypesInOptionalFieldsReadAsMissing() throws {
        let list = try movies(#"[{"id": 1, "title": 42, "year": "1999", "monitored": "yes", "added": "not a date"}]"#)
        XCTAssertEqual(list[0].title, "")
        XCTAssertNil(list[0].year)
        XCTAssertFalse(list[0].monitored)
        XCTAssertNil(list[0].added)
    }

    func testItemsWithoutIdAreDropped() throws {
        XCTAssertEqual(try movies(#"[{"title": "no id"}, {"id": 2, "title": "F"}]"#).map(\.id.itemID), [2])
    }

    func testSyntaxErrorsFailWithThePath() {
        XCTAssertThrowsError(try movies(#"[{"id": 1, "title": "F"}, {"id": 2, "title": "G",}]"#)) { error in
            guard case .decoding(let path, _)? = error as? ServiceError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "$[1]")
        }
    }

    private func queueItems(_ json: String) throws -> [QueueItem] {
        let connection = try ServiceConnection(config: ServiceConfig(kind: .radarr, id: service), role: .remote)
        let client = RadarrClient(connection: connection, transport: StubTransport(routes: [:]), secrets: InMemorySecretStore())
        let fields = Radarr.flavour.queueFields
        let dtos = try JSONReader.read(Data(json.utf8)) { r throws(ServiceError) in
            try r.decodeList { r throws(ServiceError) in try ServarrQueueDTO.decode(&r, fields) }
        }
        return dtos.compactMap { client.map($0) }
    }

    /// What a request manager names a title by: Sonarr 4's `tmdbId` beside the TVDB id (0 is none),
    /// Radarr's own key.
    func testLookupResultsCarryTheirTMDBId() throws {
        func series(_ tmdb: Int) throws -> LookupResult? {
            let json = #"{"title": "Fixture Series", "year": 2024, "tvdbId": 800021, "tmdbId": \#(tmdb), "seasons": [{"seasonNumber": 1}]}"#
            return try JSONReader.read(Data(json.utf8)) { r throws(ServiceError) in
                try ServarrDecoding.lookup(&r, kind: .series, foreignKey: "tvdbId", subtitleKey: "network", groupsKey: "seasons")
            }
        }
        XCTAssertEqual(try series(900021)?.tmdbID, 900021)
        XCTAssertEqual(try series(900021)?.foreignID, "800021")
        XCTAssertNil(try series(0)?.tmdbID)
        let movie = try JSONReader.read(Data(#"{"title": "Fixture Movie", "tmdbId": 900005}"#.utf8)) { r throws(ServiceError) in
            try ServarrDecoding.lookup(&r, kind: .movie, foreignKey: "tmdbId", subtitleKey: "studio")
        }
        XCTAssertEqual(movie?.tmdbID, 900005)
        XCTAssertEqual(movie?.foreignID, "900005")
    }
}

private extension ServiceConfig {
    init(kind: ServiceKind, id: UUID) {
        self.init(id: id, kind: kind, remoteEndpoint: try! Endpoint.parse("https://servarr.fixture.invalid"))
    }
}
