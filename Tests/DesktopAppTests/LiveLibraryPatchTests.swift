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

    /// A read asked before a live change may answer without it: the change stays over that answer (and over an
    /// answer a change races), and goes once a read asked after it answers — the service's word is last.
    func testAChangeStaysOverAnAnswerToAReadAskedBeforeIt() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            gtk_init()
            MainLoop.installDispatchBridge()
            let page = LibraryPage(presentation: .series, clock: .inspection, posters: PosterLoader(fetch: nil, cache: nil))
            let content = LibrarySamples.series.library(stale: false)
            let title = { (id: ResourceID) in page.allItems.first { $0.id == id }?.title }
            let show = { (content: LibraryContent, asked: ContinuousClock.Instant) in
                page.render(.content(content, refreshedAt: InspectionData.now), askedAt: asked)
                XCTAssertTrue(iterate(until: { page.isSettled }))
            }
            let asked = ContinuousClock.now
            let first = try XCTUnwrap(content.parts.first?.value.first), second = content.parts[0].value[1]

            // The change comes before the first answer of a read asked earlier.
            var renamed = first
            renamed.title = "Placeholder Renamed"
            page.patch(renamed, at: asked + .milliseconds(1))
            show(content, asked)
            XCTAssertEqual(page.allItems.count, content.items.count)
            XCTAssertEqual(title(first.id), "Placeholder Renamed", "the older answer does not undo the change")

            // A deletion, then the same older answer again: still gone, still renamed.
            page.remove(second.id, at: asked + .milliseconds(2))
            show(content, asked)
            XCTAssertNil(title(second.id))
            XCTAssertEqual(title(first.id), "Placeholder Renamed")

            // A read asked after both: its answer is the service's word (the changes are let go).
            show(content, asked + .milliseconds(3))
            XCTAssertEqual(title(first.id), first.title)
            XCTAssertEqual(title(second.id), second.title)

            // A change while a newer answer is still being sorted off the main thread: neither is lost.
            var newer = content
            newer.parts[0].value[1].title = "Placeholder From The Service"
            var later = first
            later.title = "Placeholder Changed Later"
            page.render(.content(newer, refreshedAt: InspectionData.now), askedAt: asked + .milliseconds(4))
            page.patch(later, at: asked + .milliseconds(5))
            XCTAssertTrue(iterate(until: { page.isSettled }))
            XCTAssertEqual(title(second.id), "Placeholder From The Service", "the answer is not lost to the change")
            XCTAssertEqual(title(first.id), "Placeholder Changed Later")
            XCTAssertEqual(page.allItems.count, content.items.count)
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
