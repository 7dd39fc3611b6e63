@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Lidarr as a flavour (API-GUIDE-3 §1): its fixtures decode into artists, albums with their tracks,
/// calendar albums, queue records per album and lookup results; its wire names are its own (single
/// ArtistSearch, AlbumSearch by album ids, `album/monitor`, the cover path's `artist/` segment); its
/// live messages mean what they say.
final class LidarrTests: XCTestCase {
    private let service = UUID(uuidString: "F1C7F1C7-0000-4000-8000-000000000008")!

    func testArtistsDecodeWithTheirTrackCountsAndPosters() throws {
        let artists = try Lidarr.decodeArtists(try fixture("lidarr/artist.json"), serviceID: service)
        XCTAssertEqual(artists.map(\.title), ["The Fixture Ensemble", "Placeholder Quartet", "Ada Sample", "Mock Choir"])
        XCTAssertTrue(artists.allSatisfy { $0.kind == .artist && $0.poster != nil })
        let first = artists[0]
        XCTAssertEqual(first.fileCount, 14)
        XCTAssertEqual(first.expectedFileCount, 16) // trackCount: the tracks Lidarr wants, not every track (20)
        XCTAssertEqual(first.sizeOnDisk, 14 * 40_000_000)
        XCTAssertEqual(first.subtitle, "Group") // no disambiguation: the artist's type
        XCTAssertEqual(artists[1].subtitle, "synthetic jazz")
        XCTAssertEqual(first.sortTitle, "fixture ensemble")
        XCTAssertEqual(first.nextDate, ISO8601DateFormatter().date(from: "2026-12-07T00:00:00Z"))
        XCTAssertFalse(artists[2].monitored)
        XCTAssertEqual(artists[1].status, .ended)
    }

    func testAlbumsCarryTheirTracksInOrderOldestAlbumFirst() throws {
        let groups = try Lidarr.groups(albums: try fixture("lidarr/album-artist-1.json"), tracks: try fixture("lidarr/track-artist-1.json"),
                                       serviceID: service, artist: 1)
        XCTAssertEqual(groups.map(\.title), ["First Fixture", "Second Fixture", "Third Fixture"])
        XCTAssertEqual(groups.map(\.key), [11, 12, 13])
        XCTAssertEqual(groups.map { $0.ownID?.itemID }, [11, 12, 13])
        XCTAssertEqual(groups.map(\.monitored), [true, false, true])
        XCTAssertEqual(groups[0].children.map(\.number), Array(1...8))
        XCTAssertTrue(groups[0].children.allSatisfy { $0.hasFile && $0.item.itemID == 1 && $0.group == 11 })
        XCTAssertTrue(groups[2].children.allSatisfy { !$0.hasFile })
    }

    func testTrackOrderFollowsMediaWhenThereIsNoAbsoluteNumber() throws {
        let tracks = try Lidarr.decodeTracks(Data("""
            [{"id": 3, "albumId": 5, "artistId": 1, "trackNumber": "A2", "mediumNumber": 1},
             {"id": 4, "albumId": 5, "artistId": 1, "trackNumber": "1", "mediumNumber": 2},
             {"id": 2, "albumId": 5, "artistId": 1, "trackNumber": "A1", "mediumNumber": 1},
             {"id": 9, "artistId": 1, "trackNumber": "1"}]
            """.utf8), serviceID: service)
        XCTAssertEqual(tracks.sorted { $0.number < $1.number }.map(\.id.itemID), [2, 3, 4]) // no album: dropped
    }

    func testCalendarEntriesAreAlbumsByTheirArtist() throws {
        let entries = try Lidarr.decodeCalendar(try fixture("lidarr/calendar.json"), serviceID: service)
        XCTAssertEqual(entries.map(\.title), ["The Fixture Ensemble", "Placeholder Quartet"])
        XCTAssertEqual(entries.map(\.due), [.group(title: "Third Fixture"), .group(title: "Fixture Live")])
        XCTAssertEqual(entries.map(\.resource.itemID), [1, 2])
        XCTAssertEqual(entries.map(\.monitored), [true, false])
    }

    func testLookupKeepsTheMusicBrainzIDAndTheLibraryID() throws {
        let results = try ServarrDecoding.list(try fixture("lidarr/artist-lookup.json"), Lidarr.flavour.decodeLookup)
        XCTAssertEqual(results.map(\.title), ["The Fixture Ensemble", "Invalid Orchestra"])
        XCTAssertEqual(results[0].libraryID, 1)
        XCTAssertNil(results[1].libraryID) // id 0: not in the library
        XCTAssertEqual(results[1].foreignID, "00000000-0000-4000-8000-000000000099")
        XCTAssertEqual(results[1].subtitle, "Orchestra")
        XCTAssertEqual(results[1].poster?.localPath, "/MediaCoverProxy/abcdef0123456789/poster.jpg")
    }

    func testCommandsNameTheirItemsInLidarrsFields() throws {
        XCTAssertEqual(LidarrClient.body(.search(items: [4])), #"{"name":"ArtistSearch","artistId":4}"#)
        XCTAssertNil(LidarrClient.body(.search(items: [4, 5])), "ArtistSearch takes one artist")
        XCTAssertNil(LidarrClient.body(.search(items: [])), "no artist named: nothing is sent")
        XCTAssertEqual(LidarrClient.body(.refresh(items: [4])), #"{"name":"RefreshArtist","artistIds":[4]}"#)
        XCTAssertNil(LidarrClient.body(.refresh(items: [])), "RefreshArtist without ids refreshes the whole library")
        XCTAssertEqual(LidarrClient.body(.searchGroups(item: 4, groups: [12])), #"{"name":"AlbumSearch","albumIds":[12]}"#)
        XCTAssertEqual(LidarrClient.body(.searchGroups(item: 4, groups: [11, 12])), #"{"name":"AlbumSearch","albumIds":[11,12]}"#,
                       "one command names every album")
        XCTAssertNil(LidarrClient.body(.searchGroups(item: 4, groups: [])))
        XCTAssertNil(LidarrClient.body(.searchGroups(item: 4, groups: [0])))
        XCTAssertNil(LidarrClient.body(.searchChildren(item: 4, ids: [1])), "tracks are not searched on their own")
    }

    func testAlbumsAreMonitoredThroughTheAlbumEditorNeverAWholeAlbum() throws {
        let request = try XCTUnwrap(Lidarr.flavour.children?.monitorGroups?(true, 4, [11, 12]))
        XCTAssertEqual(request.0, .put)
        XCTAssertEqual(request.1, "album/monitor")
        XCTAssertEqual(request.2, #"{"albumIds":[11,12],"monitored":true}"#, "two albums, one request")
        XCTAssertNil(Lidarr.flavour.children?.monitorChildren, "tracks have no monitored flag")
    }

    func testTheAddBodyNamesTheMetadataProfileAndSaysWhetherToMonitor() throws {
        let found = LookupResult(kind: .artist, title: "Invalid Orchestra", year: nil, overview: nil, subtitle: nil, images: [],
                                 foreignID: "00000000-0000-4000-8000-000000000099", libraryID: nil)
        func body(_ options: [String: String]) throws -> [String: Any] {
            let text = try XCTUnwrap(Lidarr.flavour.addBody(LibraryAddition(item: found, qualityProfileID: 2, rootFolderPath: "/data/fixture/music",
                                                                            tags: [], options: options)))
            return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }
        let added = try body(["metadataProfileId": "3", "monitor": "future", "searchForMissingAlbums": "true"])
        XCTAssertEqual(added["foreignArtistId"] as? String, "00000000-0000-4000-8000-000000000099")
        XCTAssertEqual(added["artistName"] as? String, "Invalid Orchestra")
        XCTAssertEqual(added["metadataProfileId"] as? Int, 3)
        XCTAssertEqual(added["qualityProfileId"] as? Int, 2)
        XCTAssertEqual(added["monitored"] as? Bool, true)
        XCTAssertEqual(added["monitorNewItems"] as? String, "all")
        let options = try XCTUnwrap(added["addOptions"] as? [String: Any])
        XCTAssertEqual(options["monitor"] as? String, "future")
        XCTAssertEqual(options["searchForMissingAlbums"] as? Bool, true)
        XCTAssertEqual(options.count, 2)
        XCTAssertEqual(try body(["metadataProfileId": "3", "monitor": "none", "searchForMissingAlbums": "false"])["monitored"] as? Bool, false)
        XCTAssertNil(Lidarr.flavour.addBody(LibraryAddition(item: found, qualityProfileID: 2, rootFolderPath: "/m", tags: [],
                                                            options: ["monitor": "all"])), "no metadata profile: Lidarr would refuse it")
    }

    func testCoversGoThroughTheArtistCoverPath() {
        let poster = MediaImage(kind: .poster, remoteURL: nil, localPath: "/MediaCover/7/poster.jpg?lastWrite=1")
        XCTAssertEqual(LidarrClient.apiCoverPath(for: poster, itemID: 7, thumbnail: true, basePath: "/api/v1", segment: Lidarr.flavour.coverSegment),
                       "/api/v1/mediacover/artist/7/poster-250.jpg")
        XCTAssertEqual(SonarrClient.apiCoverPath(for: poster, itemID: 7, thumbnail: false, basePath: "/api/v3", segment: Sonarr.flavour.coverSegment),
                       "/api/v3/mediacover/7/poster.jpg")
    }

    func testLiveMessagesMeanWhatTheySay() throws {
        func message(_ name: String, _ action: ServarrLiveMessage.Action, _ resource: String) -> ServarrLiveMessage {
            ServarrLiveMessage(name: name, action: action, resourceID: nil,
                               body: Data(#"{"action":"\#(action.rawValue)","resource":\#(resource)}"#.utf8))
        }
        let artist = LidarrClient.change(message("artist", .updated, #"{"id": 3, "artistName": "Ada Sample", "monitored": true}"#), service: service)
        guard case .itemChanged(let item) = artist else { return XCTFail("\(artist)") }
        XCTAssertEqual(item.title, "Ada Sample")
        XCTAssertEqual(LidarrClient.change(message("artist", .deleted, #"{"id": 3}"#), service: service),
                       .itemDeleted(ResourceID(serviceID: service, itemID: 3)))
        // An album's flags or statistics changed: its artist is read again.
        XCTAssertEqual(LidarrClient.change(message("album", .updated, #"{"id": 12, "artistId": 3, "monitored": false}"#), service: service),
                       .itemTouched(ResourceID(serviceID: service, itemID: 3)))
        XCTAssertEqual(LidarrClient.change(message("trackfile", .created, #"{"id": 40, "artistId": 3, "albumId": 12}"#), service: service),
                       .itemTouched(ResourceID(serviceID: service, itemID: 3)))
        let track = LidarrClient.change(message("track", .updated,
                                                #"{"id": 1201, "artistId": 3, "albumId": 12, "absoluteTrackNumber": 2, "title": "Fixture", "hasFile": true}"#),
                                        service: service)
        guard case .childChanged(let child) = track else { return XCTFail("\(track)") }
        XCTAssertEqual(child.group, 12)
        XCTAssertTrue(child.hasFile)
        XCTAssertEqual(LidarrClient.hub(version: "2.14.5.4836"), .at("/signalr/messages"))
    }

    func testQueueRecordsNameTheirArtistAndAlbum() async throws {
        let stub = StubTransport(routes: ["GET /api/v1/queue/details": .fixture("lidarr/queue-details.json")], fixtures: fixturesDirectory)
        let secrets = InMemorySecretStore()
        let config = ServiceConfig(kind: .lidarr, localEndpoint: try Endpoint.parse("http://192.168.1.10:8686"), allowPlainHTTPOnLocal: true)
        try await secrets.write(Credential(apiKey: "fixture-lidarr-key"), for: config.credential, kind: .lidarr)
        let client = LidarrClient(connection: try ServiceConnection(config: config, role: .local), transport: stub, secrets: secrets)
        let queue = try await client.queue()
        XCTAssertEqual(queue.map { $0.resource?.itemID }, [1, 4])
        XCTAssertEqual(queue.map(\.groupKey), [12, 41])
        XCTAssertEqual(queue.map(\.downloadProtocol), [.torrent, .usenet])
    }
}
