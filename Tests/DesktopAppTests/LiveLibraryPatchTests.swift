import CGtk
import Core
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// A `series` or `movie` live message changes one item of the list in place — no refetch — and a
/// deleted one leaves it; the message's resource is decoded as the library's own answer would be.
final class LiveLibraryPatchTests: XCTestCase {
    static func message(_ name: String, _ action: String, _ resource: [String: Any]) throws -> ServarrLiveMessage {
        let record = try JSONSerialization.data(withJSONObject: ["type": 1, "target": "receiveMessage",
                                                                 "arguments": [["name": name, "body": ["action": action, "resource": resource]]]])
        guard case .message(let message) = SignalRProtocol.decode(String(decoding: record, as: UTF8.self), handshakeDone: true) else {
            throw TestSessionRequired(description: "the fixture record did not decode as a hub message")
        }
        return message
    }

    private static func fixture(_ path: String) throws -> [[String: Any]] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("Fixtures/\(path)"))) as? [[String: Any]])
    }

    func testMessagesBecomeChangesOfTheLibrary() throws {
        let service = UUID()
        var series = try XCTUnwrap(Self.fixture("sonarr/series.json").first)
        series["title"] = "Fixture Renamed Series"
        guard case .itemChanged(let show) = SonarrClient.change(try Self.message("series", "updated", series), service: service) else {
            return XCTFail("an updated series")
        }
        XCTAssertEqual(show.title, "Fixture Renamed Series")
        XCTAssertEqual(show.id, ResourceID(serviceID: service, itemID: try XCTUnwrap(series["id"] as? Int)))
        XCTAssertEqual(show.kind, .series)
        let movie = try XCTUnwrap(Self.fixture("radarr/movie.json").first)
        guard case .itemChanged(let film) = RadarrClient.change(try Self.message("movie", "updated", movie), service: service) else {
            return XCTFail("an updated movie")
        }
        XCTAssertEqual(film.kind, .movie)
        XCTAssertEqual(RadarrClient.change(try Self.message("movie", "deleted", ["id": 4]), service: service),
                       .itemDeleted(ResourceID(serviceID: service, itemID: 4)))
        XCTAssertEqual(SonarrClient.change(try Self.message("series", "updated", ["id": 1, "title": 7]), service: service), .libraryChanged,
                       "a resource that does not decode: the owner refetches")
        XCTAssertEqual(SonarrClient.change(try Self.message("movie", "updated", movie), service: service), .ignored,
                       "another kind's item message means nothing to Sonarr")
        XCTAssertEqual(SonarrClient.change(try Self.message("queue", "sync", [:]), service: service), .queueChanged)
    }

    func testThePagePatchesAndRemovesInPlace() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            gtk_init()
            MainLoop.installDispatchBridge()
            let page = LibraryPage(presentation: .series, clock: .inspection, posters: PosterLoader(fetch: nil, cache: nil))
            let content = LibrarySamples.series.library(stale: false)
            page.render(.content(content, refreshedAt: InspectionData.now))
            XCTAssertTrue(iterate(until: { page.allItems.count == content.items.count }))
            var changed = try XCTUnwrap(content.items.first)
            changed.title = "Placeholder Renamed"
            page.patch(changed)
            XCTAssertTrue(iterate(until: { page.allItems.contains { $0.title == "Placeholder Renamed" } }))
            XCTAssertEqual(page.allItems.count, content.items.count, "replaced, not added")
            XCTAssertFalse(page.allItems.contains { $0.id == changed.id && $0.title != "Placeholder Renamed" })
            page.remove(changed.id)
            XCTAssertTrue(iterate(until: { page.allItems.count == content.items.count - 1 }))
            XCTAssertFalse(page.allItems.contains { $0.id == changed.id })
        }
    }
}

/// An `episode` message: the episode comes whole and its row on an open detail page takes it in
/// place (the same widgets; nothing sent — the check follows the service, it is not the user's
/// toggle); `episodefile`/`moviefile` name the item whose counts to read again.
final class LiveEpisodePatchTests: XCTestCase {
    private static func message(_ name: String, _ action: String, _ resource: [String: Any]) throws -> ServarrLiveMessage {
        try LiveLibraryPatchTests.message(name, action, resource)
    }

    func testEpisodeAndFileMessagesNameWhatChanged() throws {
        let service = UUID()
        guard case .childChanged(let episode) = SonarrClient.change(try Self.message("episode", "updated", [
            "id": 5001, "seriesId": 4, "seasonNumber": 2, "episodeNumber": 3, "title": "Fixture Episode", "hasFile": true, "monitored": false,
        ]), service: service) else { return XCTFail("an updated episode") }
        XCTAssertEqual(episode.id, ResourceID(serviceID: service, itemID: 5001))
        XCTAssertEqual(episode.item, ResourceID(serviceID: service, itemID: 4))
        XCTAssertEqual(episode.group, 2)
        XCTAssertEqual(episode.number, 3)
        XCTAssertEqual(episode.hasFile, true)
        XCTAssertEqual(episode.monitored, false)
        XCTAssertEqual(RadarrClient.change(try Self.message("moviefile", "updated", ["id": 77, "movieId": 6]), service: service),
                       .itemTouched(ResourceID(serviceID: service, itemID: 6)))
        XCTAssertEqual(SonarrClient.change(try Self.message("episodefile", "deleted", ["id": 77]), service: service), .libraryChanged,
                       "names no series: the library is read again")
        XCTAssertEqual(RadarrClient.change(try Self.message("episode", "updated", ["id": 4]), service: service), .ignored,
                       "Radarr has no episodes")
    }

    func testAnOpenDetailPageTakesTheEpisodeInPlaceAndSendsNothing() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            gtk_init()
            let view = DetailView(presentation: .series, clock: .inspection, posters: PosterLoader(fetch: nil, cache: nil))
            var requests: [LibraryRequest] = []
            view.onRequest = { requests.append($0) }
            let detail = LibrarySamples.series.detail
            view.render(.detail(detail), title: detail.resource.title)
            var episode = try XCTUnwrap(detail.children.first { !$0.hasFile })
            let before = try XCTUnwrap(view.childRow(episode.id.itemID))
            XCTAssertEqual(before.monitored, episode.monitored)

            // Sonarr imported a file for it and someone else switched its monitoring.
            episode.hasFile = true
            episode.monitored.toggle()
            view.patch(episode)
            let after = try XCTUnwrap(view.childRow(episode.id.itemID))
            XCTAssertEqual(after.monitored, episode.monitored, "the check follows the service")
            XCTAssertEqual(after.file, "On disk")
            XCTAssertEqual(after.check, before.check, "in place: the same row")
            XCTAssertTrue(requests.isEmpty, "a live change is not the user's toggle: nothing is sent (\(requests))")

            // The user's own toggle still sends, judged against the service's new state.
            gtk_check_button_set_active(cast(try XCTUnwrap(after.check)), episode.monitored ? 0 : 1)
            XCTAssertEqual(requests.count, 1, "the user's toggle is one request")
        }
    }
}
