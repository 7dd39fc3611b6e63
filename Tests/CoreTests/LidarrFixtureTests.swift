@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Lidarr through the repository and real libsoup against the fixture server as Lidarr (`/api/v1`),
/// which applies writes to its state and counts every request: the request traces the Lidarr issue
/// asks for — two albums monitored in one request, one AlbumSearch naming both, a queue removal with
/// all four flags, a release grabbed once — each read back from the server.
final class LidarrFixtureTests: XCTestCase {
    private struct State: Decodable {
        struct Removal: Decodable, Equatable {
            let id: Int; let bulk: Bool; let removeFromClient: Bool; let blocklist: Bool; let skipRedownload: Bool; let changeCategory: Bool
        }
        struct AlbumMonitor: Decodable, Equatable { let albumIds: [Int]; let monitored: Bool }
        struct Command: Decodable { let name: String; let body: [String: JSONAny] }
        let removals: [Removal]
        let wholeLibraryCommands: Int
        let albumMonitorRequests: [AlbumMonitor]
        let commands: [Command]
        let grabbedReleases: [String]
    }

    /// Any JSON value (command bodies), compared by its text.
    struct JSONAny: Decodable, Equatable {
        let text: String
        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let ints = try? container.decode([Int].self) { text = "\(ints)" }
            else if let int = try? container.decode(Int.self) { text = "\(int)" }
            else if let string = try? container.decode(String.self) { text = string }
            else { text = "?" }
        }
    }

    private var server: ServarrFixtureServer!
    private var repository: Repository!
    private var service: UUID!
    private let transport = try? SoupTransport()

    override func setUp() async throws {
        server = try ServarrFixtureServer(kind: "lidarr")
        (repository, service) = try await server.repository(.lidarr, directory: try temporaryDirectory(self))
    }

    private func get(_ path: String) async throws -> Data {
        let request = HTTPRequest(try Endpoint.parse("http://127.0.0.1:\(server.port)"), path: path, requestClass: .probe,
                                  schemePolicy: SchemePolicy(allowsPlainHTTP: true))
        return try await transport!.send(request).body
    }

    private func state() async throws -> State { try JSONDecoder().decode(State.self, from: await get("/__state")) }
    private func counts() async throws -> [String: Int] { try await server.requestCounts(via: transport!) }

    private func artist(_ id: Int) async throws -> Resource {
        try unwrapped(await repository.library(.artist, force: true).value?.items.first { $0.id.itemID == id })
    }

    func testTheLibraryAndAnArtistsAlbumsAndTracksReadThroughTheRealStack() async throws {
        let artists = try unwrapped(await repository.library(.artist, force: true).value?.items)
        XCTAssertEqual(artists.count, 4)
        let detail = try unwrapped(await repository.detail(of: try await artist(1), force: true).get())
        XCTAssertEqual(detail.groups?.map(\.title), ["First Fixture", "Second Fixture", "Third Fixture"])
        XCTAssertEqual(detail.groups?.map { $0.children.count }, [8, 6, 6])
        XCTAssertEqual(detail.history?.map(\.sourceTitle).first, "The.Fixture.Ensemble-First.Fixture-WEB-FLAC-2021")
        let seen = try await counts()
        XCTAssertEqual(seen["/api/v1/album"], 1, "albums read once, by artist")
        XCTAssertEqual(seen["/api/v1/track"], 1, "tracks read once, by artist")
        XCTAssertNil(seen["/api/v3/artist"])
    }

    /// An artist whose albums and tracks, history or queue fail to read — a 404, a 500, a dropped connection, each in
    /// turn: the page is the artist with the rest, the part that failed unknown (not empty) with its error; reading only
    /// that part again asks for nothing else; and reads that all fail alike (a refused key) are one failure of the page.
    func testADetailPageShowsWhatCouldBeReadAndSaysWhatCouldNot() async throws {
        let fixture = try await artist(1)
        let parts: [(String, ResourceDetail.Part)] = [("/api/v1/track", .children), ("/api/v1/history", .history),
                                                      ("/api/v1/queue/details", .queue)]
        for mode in ["404", "500", "drop"] {
            for (path, part) in parts {
                try await server.setFault(mode, on: path, via: transport!)
                let detail = try await repository.detail(of: fixture, force: true).get()
                XCTAssertEqual(Array(detail.unread.keys), [part], "\(path) \(mode)")
                switch (mode, detail.unread[part]) {
                case ("404", .serverMessage(404, _)?), ("500", .unavailable(.serverError(500))?), ("drop", .unavailable(.connectionLost)?): break
                default: XCTFail("\(path) \(mode): \(String(describing: detail.unread[part]))")
                }
                XCTAssertEqual(detail.groups == nil, part == .children, "\(path) \(mode): only the failed part is unknown")
                XCTAssertEqual(detail.history == nil, part == .history, "\(path) \(mode)")
                XCTAssertEqual(detail.queue == nil, part == .queue, "\(path) \(mode)")
                try await server.setFault("none", on: path, via: transport!)
            }
        }
        // The section's Retry reads that part alone.
        let before = try await counts()
        let again = try await repository.detail(of: fixture, force: true, parts: [.history]).get()
        let after = try await counts()
        XCTAssertEqual(again.history?.isEmpty, false)
        XCTAssertEqual(again.unread, [:])
        XCTAssertEqual(after["/api/v1/history"], (before["/api/v1/history"] ?? 0) + 1)
        XCTAssertEqual(after["/api/v1/track"], before["/api/v1/track"], "nothing else was read")
        XCTAssertEqual(after["/api/v1/queue/details"], before["/api/v1/queue/details"])
        // Every read refused alike: the page's own failure, with its recovery.
        for (path, _) in parts { try await server.setFault("401", on: path, via: transport!) }
        let refused = await repository.detail(of: fixture, force: true)
        guard case .failure(let error) = refused else { return XCTFail("\(refused)") }
        XCTAssertEqual(error, .unauthorized)
    }

    func testTwoAlbumsAreMonitoredInOneRequestAndReadBack() async throws {
        let fixture = try await artist(1)
        try await repository.setGroupsMonitored(false, item: fixture.id, groups: [11, 13])
        let value = try await state().albumMonitorRequests
        XCTAssertEqual(value, [.init(albumIds: [11, 13], monitored: false)], "one request naming both albums")
        let seen = try await counts()
        XCTAssertEqual(seen["/api/v1/album/monitor"], 1)
        let detail = try unwrapped(await repository.detail(of: fixture, force: true).get())
        XCTAssertEqual(detail.groups?.map(\.monitored), [false, false, false], "Second Fixture was unmonitored already")
    }

    func testAlbumSearchIsOneCommandNamingTheAlbumsAndIsFollowedToItsEnd() async throws {
        let tracker = CommandTracker(repository: repository, interval: .milliseconds(20))
        let result = await tracker.run(.searchGroups(item: 1, groups: [12, 13]), on: service)
        XCTAssertEqual(try result.get().status, .completed)
        let commands = try await state().commands
        XCTAssertEqual(commands.map(\.name), ["AlbumSearch"])
        XCTAssertEqual(commands.first?.body["albumIds"]?.text, "[12, 13]")
        let seen = try await counts()
        XCTAssertEqual(seen["/api/v1/command"], 1)
        let whole = try await state().wholeLibraryCommands
        XCTAssertEqual(whole, 0)

        _ = try await repository.start(.search(items: [1]), on: service)
        _ = try await repository.start(.refresh(items: [1]), on: service)
        let later = try await state().commands
        XCTAssertEqual(later.map(\.name), ["AlbumSearch", "ArtistSearch", "RefreshArtist"])
        XCTAssertEqual(later[1].body["artistId"]?.text, "1")
        XCTAssertEqual(later[2].body["artistIds"]?.text, "[1]")
        let stillNone = try await state().wholeLibraryCommands
        XCTAssertEqual(stillNone, 0)
    }

    func testQueueRemovalSendsAllFourFlagsAndTheRecordIsGone() async throws {
        let queue = try unwrapped(await repository.activity(force: true).value?.items.map(\.queue))
        let record = try XCTUnwrap(queue.first { $0.id.itemID == 2_000_000 })
        XCTAssertEqual(record.resource?.itemID, 1)
        XCTAssertEqual(record.groupKey, 12)
        let report = await repository.removeFromQueue([record], QueueRemoval(disposition: .ignore, blocklist: .no))
        XCTAssertEqual(report.removed, [record.id])
        let removals = try await state().removals
        XCTAssertEqual(removals, [.init(id: 2_000_000, bulk: false, removeFromClient: false, blocklist: false,
                                        skipRedownload: false, changeCategory: false)])
        let seen = try await counts()
        XCTAssertEqual(seen["/api/v1/queue/2000000"], 1)
    }

    func testAReleaseIsGrabbedWithOneRequestAndAFailedGrabIsNotRetried() async throws {
        let releases = try await repository.releases(.group(item: 1, group: 12), on: service)
        XCTAssertEqual(releases.count, 3)
        try await repository.grab(releases[0], on: service)
        let grabbed = try await state().grabbedReleases
        XCTAssertEqual(grabbed.count, 1)
        _ = try await get("/__expire_releases")
        do {
            try await repository.grab(releases[1], on: service)
            XCTFail("an expired release cannot be grabbed")
        } catch {
            XCTAssertEqual(error, .serverMessage(status: 404, message: "Couldn't find requested release in cache, try searching again"))
        }
        let seen = try await counts()
        XCTAssertEqual(seen["/api/v1/release"], 3, "one search, then one request per grab: the failed one is not retried")
    }

    func testAnArtistIsAddedWithItsMetadataProfile() async throws {
        let found = try await repository.lookup("invalid", on: service)
        XCTAssertEqual(found.map(\.title), ["Invalid Orchestra"])
        let added = try await repository.add(LibraryAddition(item: found[0], qualityProfileID: 1, rootFolderPath: "/data/fixture/music",
                                                             tags: [], options: ["metadataProfileId": "2", "monitor": "future",
                                                                                 "searchForMissingAlbums": "false"]), on: service)
        XCTAssertEqual(added.title, "Invalid Orchestra")
        XCTAssertTrue(added.monitored)
        let again = try await repository.lookup("invalid", on: service)
        XCTAssertEqual(again.first?.libraryID, added.id.itemID, "the lookup now names it as in the library")
    }
}

/// XCTUnwrap without an autoclosure (its argument may await).
private func unwrapped<T>(_ value: T?, file: StaticString = #filePath, line: UInt = #line) throws -> T {
    guard let value else {
        XCTFail("unexpected nil", file: file, line: line)
        throw CancellationError()
    }
    return value
}
