@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Finding and adding series and movies (issue 20, part 1) through the repository and real libsoup,
/// against the fixture Sonarr and Radarr, which store what is added and refuse what the services refuse.
final class LibraryAddingTests: XCTestCase {
    private var server: ServarrFixtureServer!
    private var repository: Repository!
    private var service: UUID!
    private let transport = try? SoupTransport()

    private func start(_ kind: ServiceKind) async throws {
        server = try ServarrFixtureServer(kind: kind.rawValue)
        (repository, service) = try await server.repository(kind, directory: try temporaryDirectory(self))
    }

    private func additions() async throws -> [[String: Any]] {
        let request = HTTPRequest(try Endpoint.parse("http://127.0.0.1:\(server.port)"), path: "/__state", requestClass: .probe,
                                  schemePolicy: SchemePolicy(allowsPlainHTTP: true))
        let state = try JSONSerialization.jsonObject(with: try await transport!.send(request).body) as? [String: Any]
        return state?["additions"] as? [[String: Any]] ?? []
    }

    private static func seriesOptions(_ monitor: SeriesMonitor, seasonFolder: Bool, search: Bool) -> [String: String] {
        ["monitor": monitor.rawValue, "seriesType": "standard", "seasonFolder": String(seasonFolder), "searchForMissingEpisodes": String(search)]
    }

    /// The body as Sonarr's flavour builds it, when the addition is complete for its kind (as the client sends it).
    private static func body(_ addition: LibraryAddition, _ flavour: ServarrFlavour = Sonarr.flavour) -> String? {
        addition.isComplete(for: flavour.library) ? flavour.addBody(addition) : nil
    }

    func testTheBodySendsWhatTheServicesWouldOtherwiseDefault() throws {
        let show = LookupResult(kind: .series, title: "Fixture \"Quoted\" Show", year: 2026, overview: nil, subtitle: nil, images: [],
                                foreignID: "800021", libraryID: nil, groups: [1, 2])
        let addition = LibraryAddition(item: show, qualityProfileID: 1, rootFolderPath: "/data/fixture/tv", tags: [2],
                                       options: Self.seriesOptions(.future, seasonFolder: false, search: true))
        let body = try XCTUnwrap(Self.body(addition))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        XCTAssertEqual(object["title"] as? String, "Fixture \"Quoted\" Show")
        XCTAssertEqual(object["monitored"] as? Bool, true, "Sonarr reads a missing monitored as false")
        XCTAssertEqual(object["seasonFolder"] as? Bool, false, "sent even when false")
        XCTAssertEqual(object["tags"] as? [Int], [2])
        XCTAssertEqual((object["addOptions"] as? [String: Any])?["monitor"] as? String, "future")
        var none = addition
        none.options = Self.seriesOptions(.none, seasonFolder: true, search: false)
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(Self.body(none)!.utf8)) as? [String: Any])?["monitored"] as? Bool, false)
        var noProfile = addition
        noProfile.qualityProfileID = 0
        XCTAssertNil(Self.body(noProfile), "nothing built without a quality profile")
        var wrongKind = addition
        wrongKind.options = ["monitor": "movieOnly", "minimumAvailability": "released", "searchForMovie": "false"]
        XCTAssertNil(Self.body(wrongKind), "options of another kind are not a series' options")
        XCTAssertNil(Self.body(addition, Radarr.flavour), "a series is not added as a movie")
        var unknownChoice = addition
        unknownChoice.options["seriesType"] = "fixture-unknown"
        XCTAssertNil(Self.body(unknownChoice), "a value the option does not offer is not sent")
    }

    func testFindAndAddASeriesThenTheServicesRefusals() async throws {
        try await start(.sonarr)
        let found = try await repository.lookup("fixture series", on: service)
        XCTAssertEqual(found.count, 4)
        XCTAssertEqual(found.filter(\.isInLibrary).map(\.libraryID), [1], "the library's own series is marked")
        let byID = try await repository.lookup("tvdb:800021", on: service)
        let show = try XCTUnwrap(byID.first)
        XCTAssertEqual(byID.count, 1)
        XCTAssertFalse(show.isInLibrary)
        XCTAssertNotNil(show.poster?.remoteURL)
        // Its poster: the public source is unreachable here, so the service's cover proxy (a result not in the
        // library has no /api/v3/mediacover/{id}); one in the library comes through the API's media cover.
        let proxied = try XCTUnwrap(show.poster?.localPath)
        XCTAssertTrue(proxied.hasPrefix("/MediaCoverProxy/"), proxied)
        let poster = try await repository.lookupPoster(show, on: service)
        XCTAssertEqual(Array(poster.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG")
        XCTAssertTrue(String(decoding: poster, as: UTF8.self).contains(proxied), "the file the proxy path names")
        let inLibrary = try XCTUnwrap(found.first(where: \.isInLibrary))
        let libraryPoster = try await repository.lookupPoster(inLibrary, on: service)
        XCTAssertTrue(String(decoding: libraryPoster, as: UTF8.self).contains("/api/v3/mediacover/1/poster-250.jpg"))

        let choices = try await repository.addingChoices(on: service)
        XCTAssertEqual(choices.rootFolders.map(\.accessible), [true, false])
        XCTAssertEqual(choices.qualityProfiles.map(\.name), ["Fixture HD-1080p", "Fixture Ultra-HD"])
        XCTAssertEqual(choices.tags.map(\.name), ["fixture", "4k"])

        let addition = LibraryAddition(item: show, qualityProfileID: 2, rootFolderPath: choices.rootFolders[0].path, tags: [1],
                                       options: Self.seriesOptions(.future, seasonFolder: true, search: false))
        let added = try await repository.add(addition, on: service)
        XCTAssertEqual(added.title, show.title)
        XCTAssertTrue(added.monitored)
        let libraryState = await repository.library(.series, force: true)
        let library = try XCTUnwrap(libraryState.value?.items)
        XCTAssertTrue(library.contains { $0.id == added.id }, "the library lists it now")
        let sent = try await additions()
        XCTAssertEqual(sent.count, 1)
        XCTAssertEqual(sent.first?["seasonFolder"] as? Bool, true)
        XCTAssertEqual((sent.first?["addOptions"] as? [String: Any])?["monitor"] as? String, "future")
        let again = try await repository.lookup("tvdb:800021", on: service)
        XCTAssertEqual(again.first?.libraryID, added.id.itemID, "a second lookup finds it in the library")

        do {
            _ = try await repository.add(addition, on: service)
            XCTFail("added twice")
        } catch {
            XCTAssertEqual(error, .serverMessage(status: 400, message: "This series has already been added"))
        }
        var elsewhere = addition
        elsewhere.item = found.first { !$0.isInLibrary && $0.foreignID != show.foreignID }!
        elsewhere.rootFolderPath = "/nowhere/fixture"
        do {
            _ = try await repository.add(elsewhere, on: service)
            XCTFail("a root folder Sonarr does not have")
        } catch {
            XCTAssertEqual(error, .serverMessage(status: 400, message: "Root folder '/nowhere/fixture' does not exist"))
        }
        try await server.setFault("skyhook", on: "/api/v3/series/lookup", via: transport!)
        do {
            _ = try await repository.lookup("anything", on: service)
            XCTFail("the metadata service is down")
        } catch {
            guard case .serverMessage(503, let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.hasPrefix("Search for 'anything' failed. Unable to communicate with SkyHook."), message)
        }
        let short = try await repository.lookup("x", on: service)
        XCTAssertEqual(short, [], "one character: nothing sent (the service answers 503)")
    }

    func testAMovieAddedUnmonitoredSaysSoExplicitly() async throws {
        try await start(.radarr)
        let movies = try await repository.lookup("fixture movie 21", on: service)
        let movie = try XCTUnwrap(movies.first)
        let addition = LibraryAddition(item: movie, qualityProfileID: 1, rootFolderPath: "/data/fixture/movies", tags: [],
                                       options: ["monitor": "none", "minimumAvailability": "announced", "searchForMovie": "false"])
        let added = try await repository.add(addition, on: service)
        XCTAssertFalse(added.monitored, "Radarr's monitor=none does not clear monitored by itself: it is sent false")
        let sent = try await additions()
        XCTAssertEqual(sent.first?["monitored"] as? Bool, false)
        XCTAssertEqual(sent.first?["minimumAvailability"] as? String, "announced")
    }
}
