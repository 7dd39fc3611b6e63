import CGtk
@testable import Core
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// A library kind added from this folder alone (`MusicKind.register()`), through the real
/// repository, window and controllers, against a stubbed `/api/v1` service: its tab lists its
/// artists; a detail page shows albums with their tracks; an album's switch, the artist's search and
/// refresh and an album's search send this kind's requests; an artist is added from a lookup with
/// its metadata profile; its queue records are Activity rows; its albums are calendar entries; and
/// its live messages patch the list and an open detail page in place.
final class MusicKindTests: XCTestCase {
    override func setUp() { MainActor.assumeIsolated { MusicKind.register() } }
    override func tearDown() { MainActor.assumeIsolated { MusicKind.unregister() } }

    private static let inTwoDays = ISO8601DateFormatter().string(from: Date().addingTimeInterval(2 * 86_400))

    private static let routes: [String: StubTransport.Reply] = [
        "GET /api/v1/system/status": .json(#"{"appName": "Musicfix", "version": "2.14.5.4836"}"#),
        "GET /api/v1/health": .json("[]"),
        "GET /api/v1/diskspace": .json("[]"),
        "GET /api/v1/downloadclient": .json("[]"),
        "GET /api/v1/artist": .json("""
            [{"id": 1, "artistName": "Fixture Ensemble", "sortName": "fixture ensemble", "status": "continuing", "monitored": true,
              "disambiguation": "synthetic band", "statistics": {"trackFileCount": 3, "totalTrackCount": 4, "sizeOnDisk": 120000000}},
             {"id": 2, "artistName": "Placeholder Quartet", "status": "ended", "monitored": false,
              "statistics": {"trackFileCount": 0, "totalTrackCount": 8, "sizeOnDisk": 0}}]
            """),
        "GET /api/v1/artist/1": .json("""
            {"id": 1, "artistName": "Fixture Ensemble", "status": "continuing", "monitored": true,
             "statistics": {"trackFileCount": 4, "totalTrackCount": 4, "sizeOnDisk": 160000000}}
            """),
        "GET /api/v1/album": .json("""
            [{"id": 11, "artistId": 1, "title": "First Fixture", "releaseDate": "2021-03-01T00:00:00Z", "monitored": true},
             {"id": 12, "artistId": 1, "title": "Second Fixture", "releaseDate": "2024-06-01T00:00:00Z", "monitored": false}]
            """),
        "GET /api/v1/track": .json("""
            [{"id": 101, "artistId": 1, "albumId": 11, "trackNumber": "1", "title": "Opening Placeholder", "hasFile": true},
             {"id": 102, "artistId": 1, "albumId": 11, "trackNumber": "2", "title": "Synthetic Interlude", "hasFile": true},
             {"id": 201, "artistId": 1, "albumId": 12, "trackNumber": "1", "title": "Return Value", "hasFile": true},
             {"id": 202, "artistId": 1, "albumId": 12, "trackNumber": "2", "title": "Null Pointer Blues", "hasFile": false}]
            """),
        "GET /api/v1/history": .json(#"{"page": 1, "pageSize": 50, "totalRecords": 0, "records": []}"#),
        "GET /api/v1/queue/details": .json("""
            [{"id": 501, "artistId": 1, "albumId": 12, "title": "Fixture.Ensemble-Second.Fixture-FLAC", "status": "downloading",
              "trackedDownloadStatus": "ok", "trackedDownloadState": "downloading", "size": 400000000, "sizeleft": 100000000,
              "downloadId": "MUSICFIXTUREDOWNLOAD00000000000000000001", "downloadClient": "Fixture client", "protocol": "torrent"}]
            """),
        "GET /api/v1/calendar": .json("""
            [{"id": 13, "artistId": 1, "title": "Third Fixture", "releaseDate": "\(inTwoDays)", "monitored": true,
              "artist": {"artistName": "Fixture Ensemble"}, "statistics": {"trackFileCount": 0}}]
            """),
        "PUT /api/v1/album/monitor": .json("[]", status: 202),
        "POST /api/v1/command": .json(#"{"id": 41, "name": "Fixture", "status": "completed", "message": "Completed"}"#, status: 201),
        "GET /api/v1/command/41": .json(#"{"id": 41, "name": "Fixture", "status": "completed", "message": "Completed"}"#),
        "GET /api/v1/artist/lookup": .json("""
            [{"artistName": "Fixture Ensemble", "foreignArtistId": "00000000-0000-4000-8000-000000000001", "id": 1},
             {"artistName": "Invalid Orchestra", "foreignArtistId": "00000000-0000-4000-8000-000000000002", "overview": "A synthetic orchestra."}]
            """),
        "GET /api/v1/rootfolder": .json(#"[{"id": 1, "path": "/data/fixture/music", "accessible": true, "freeSpace": 500000000000}]"#),
        "GET /api/v1/qualityprofile": .json(#"[{"id": 1, "name": "Lossless"}]"#),
        "GET /api/v1/tag": .json("[]"),
        "GET /api/v1/metadataprofile": .json(#"[{"id": 3, "name": "Standard"}]"#),
        "POST /api/v1/artist": .json("""
            {"id": 3, "artistName": "Invalid Orchestra", "status": "continuing", "monitored": true, "statistics": {}}
            """, status: 201),
    ]

    private static func body(_ request: HTTPRequest?) -> [String: Any] {
        request?.body.flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] } ?? [:]
    }

    func testAKindTheAppHasNeverSeenWorksThroughTheRealWindow() throws {
        try requireTestSession()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-musicfix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let shots = root.appendingPathComponent("build/inspection")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let stub = StubTransport(routes: Self.routes)
        try MainActor.assumeIsolated {
            gtk_init()
            MainLoop.installDispatchBridge()
            // Still pictures: no cross-fade between tabs while a screenshot is taken.
            ToolkitSettings.default?.set("gtk-enable-animations", false)
            defer { ToolkitSettings.default?.set("gtk-enable-animations", true) }
            let registry = ServiceRegistry(fileURL: folder.appendingPathComponent("config/services.json"))
            let secrets = InMemorySecretStore()
            let config = ServiceConfig(kind: .musicfix, displayName: "Fixture Musicfix",
                                       remoteEndpoint: try Endpoint.parse("https://musicfix.fixture.invalid"))
            var stored = false
            Task {
                try? await secrets.write(Credential(apiKey: "fixture-musicfix-key"), for: config.credential, kind: .musicfix)
                try? await registry.upsert(config)
                stored = true
            }
            XCTAssertTrue(iterate(until: { stored }))

            let rig = try AppWindowRig(id: "app.switchyard.Switchyard.MusicKindTests", registry: registry, transport: stub, secrets: secrets,
                                       cache: folder.appendingPathComponent("cache"))
            let model = rig.model, window = rig.window
            defer { rig.close() }

            // 1. Its tab, from its kind: shown because an instance of it is configured.
            XCTAssertTrue(AppTab.allCases.contains(.artists))
            XCTAssertEqual(Strings.title(.artists), "Artists")
            XCTAssertTrue(window.availableTabs.contains(.artists))
            XCTAssertFalse(window.availableTabs.contains(.series), "no Sonarr configured: no Series tab")
            window.select(.artists)
            let page = try XCTUnwrap(window.library(.artists))
            XCTAssertTrue(iterate(until: { page.allItems.count == 2 }), "the artists listed: \(page.allItems.map(\.title))")
            XCTAssertEqual(Set(page.allItems.map(\.title)), ["Fixture Ensemble", "Placeholder Quartet"])
            XCTAssertEqual(page.presentation.rowFacts(try XCTUnwrap(page.allItems.first { $0.id.itemID == 1 })),
                           "Continuing · 3 of 4 tracks · synthetic band")
            XCTAssertTrue(Self.capture(window.toplevel, shots.appendingPathComponent("musicfix.list.png")))

            // 2. A detail page: its albums, each with its tracks, the album's own switch and search.
            let ensemble = try XCTUnwrap(page.allItems.first { $0.id.itemID == 1 })
            page.openDetail?(ensemble)
            XCTAssertTrue(iterate(until: { page.detail.shown?.groups?.count == 2 }), "albums shown")
            let albums = try XCTUnwrap(page.detail.shown?.groups.flatMap { $0 })
            XCTAssertEqual(albums.map(\.title), ["First Fixture", "Second Fixture"])
            XCTAssertEqual(albums.map { $0.children.map(\.title) }, [["Opening Placeholder", "Synthetic Interlude"],
                                                                     ["Return Value", "Null Pointer Blues"]])
            XCTAssertEqual(page.detail.childRow(202)?.file, "Missing")
            XCTAssertEqual(page.detail.groupSwitch(11)?.active, true)
            XCTAssertEqual(page.detail.groupSwitch(12)?.active, false)
            XCTAssertNotNil(page.detail.children?.commandButtons[.searchGroups(item: 1, groups: [12])], "each album has its search")
            XCTAssertTrue(Self.capture(window.toplevel, shots.appendingPathComponent("musicfix.detail.png")))

            // 3. Monitor an album, search the artist, refresh it, search an album: this kind's requests, naming their items.
            let sent = { (key: String) in stub.requests.filter { "\($0.method.rawValue) \($0.path)" == key } }
            page.detail.groupSwitch(12)?.active = true
            XCTAssertTrue(iterate(until: { sent("PUT /api/v1/album/monitor").count == 1 }))
            XCTAssertEqual(Self.body(sent("PUT /api/v1/album/monitor").first)["albumIds"] as? [Int], [12])
            XCTAssertEqual(Self.body(sent("PUT /api/v1/album/monitor").first)["monitored"] as? Bool, true)
            XCTAssertTrue(iterate(until: { !page.detail.isBusy }), "the write read back")
            for command in [LibraryCommand.search(items: [1]), .refresh(items: [1]), .searchGroups(item: 1, groups: [12])] {
                let before = sent("POST /api/v1/command").count
                page.detail.onRequest?(.command(command, on: ensemble))
                XCTAssertTrue(iterate(until: { sent("POST /api/v1/command").count == before + 1 }), "\(command) sent")
                XCTAssertTrue(iterate(until: { page.detail.commandWords.contains { $0.contains("completed") } }), "\(command) followed to its end")
            }
            let commands = sent("POST /api/v1/command").map { Self.body($0) }
            XCTAssertEqual(commands.compactMap { $0["name"] as? String }, ["ArtistSearch", "RefreshArtist", "AlbumSearch"])
            XCTAssertEqual(commands[0]["artistId"] as? Int, 1)
            XCTAssertEqual(commands[1]["artistId"] as? Int, 1)
            XCTAssertEqual(commands[2]["albumIds"] as? [Int], [12])
            XCTAssertFalse(commands.contains { $0.count == 1 }, "no command without its ids (it would act on the whole library)")

            // 4. Add from a lookup: the one in the library says so; the new one is added with its metadata profile.
            page.showList()
            let adding = try XCTUnwrap(model.controller(AddToLibraryController.self))
            adding.open(.fixtureArtist)
            XCTAssertTrue(iterate(until: { adding.dialog != nil }))
            let dialog = try XCTUnwrap(adding.dialog)
            XCTAssertEqual(dialog.presentation.addTitle, "Add Artist")
            var shown: Int?
            dialog.onResultsShown = { shown = $0 }
            dialog.search("orchestra")
            XCTAssertTrue(iterate(until: { shown == 2 }), "two found")
            dialog.pick(1)
            XCTAssertTrue(iterate(until: { dialog.addition != nil }), "the choices read, the metadata profile among them")
            XCTAssertTrue(Self.capture(Window(found: dialog.window.widget), shots.appendingPathComponent("musicfix.add.png")))
            dialog.submit()
            XCTAssertTrue(iterate(until: { sent("POST /api/v1/artist").count == 1 && adding.dialog == nil }))
            let added = Self.body(sent("POST /api/v1/artist").first)
            XCTAssertEqual(added["foreignArtistId"] as? String, "00000000-0000-4000-8000-000000000002")
            XCTAssertEqual(added["metadataProfileId"] as? Int, 3)
            XCTAssertEqual(added["qualityProfileId"] as? Int, 1)
            XCTAssertEqual(added["rootFolderPath"] as? String, "/data/fixture/music")
            XCTAssertEqual((added["addOptions"] as? [String: Any])?["monitor"] as? String, "all")

            // 5. Its queue records are Activity rows, named by the kind's words.
            window.select(.activity)
            let activity = window.activity
            XCTAssertTrue(iterate(until: { activity.itemCount == 1 }), "one queue row")
            XCTAssertEqual(activity.titles, ["Fixture.Ensemble-Second.Fixture-FLAC"])

            // 6. Its albums are calendar entries, said as albums.
            window.select(.calendar)
            XCTAssertTrue(iterate(until: { window.calendar.lines.contains { $0.contains("Third Fixture") } }), "\(window.calendar.lines)")
            XCTAssertTrue(window.calendar.lines.contains("Fixture Ensemble"), "\(window.calendar.lines)")
            XCTAssertTrue(window.calendar.lines.contains("Third Fixture · Fixture Musicfix"))

            // 7. Live: its hub is where its flavour says; its messages patch the list and an open detail page in place.
            XCTAssertEqual(MusicfixClient.hub(version: "2.14.5"), .at("/signalr/messages"))
            let live = try XCTUnwrap(model.controller(LiveController.self))
            // The tab's read is out when the message comes (held, whatever the machine's speed): its answer, asked
            // before the change, does not undo it.
            let readsBefore7 = sent("GET /api/v1/artist").count, answers = page.answersShown
            stub.hold("GET /api/v1/artist")
            window.select(.artists)
            XCTAssertTrue(iterate(until: { sent("GET /api/v1/artist").count > readsBefore7 }), "the tab's read is out")
            let renamed = try Self.message("artist", "updated", ["id": 2, "artistName": "Placeholder Quintet", "monitored": true,
                                                                 "status": "ended", "statistics": [:] as [String: Any]])
            live.handle(LiveHub.Tagged(service: config.id, update: .change(MusicfixClient.change(renamed, service: config.id))))
            stub.release("GET /api/v1/artist")
            XCTAssertTrue(iterate(until: { page.answersShown > answers && page.isSettled }), "the read's answer is shown")
            XCTAssertEqual(page.allItems.first { $0.id.itemID == 2 }?.title, "Placeholder Quintet", "the change stays over the older answer")
            XCTAssertEqual(page.allItems.count, 2, "patched in place, not added")
            page.openDetail?(ensemble)
            XCTAssertNil(page.detail.shown, "loading again")
            XCTAssertTrue(iterate(until: { page.detail.shown != nil && page.detail.childRow(202) != nil }))
            let track = try Self.message("track", "updated", ["id": 202, "artistId": 1, "albumId": 12, "trackNumber": "2",
                                                              "title": "Null Pointer Blues", "hasFile": true])
            let change = MusicfixClient.change(track, service: config.id)
            guard case .childChanged = change else { return XCTFail("a track message is a child change: \(change)") }
            let readsBefore = sent("GET /api/v1/artist/1").count
            live.handle(LiveHub.Tagged(service: config.id, update: .change(change)))
            XCTAssertEqual(page.detail.childRow(202)?.file, "On disk", "the row took the track in place")
            XCTAssertTrue(iterate(until: { sent("GET /api/v1/artist/1").count == readsBefore + 1 }), "its artist read again alone")
            XCTAssertEqual(stub.unexpectedRequests, [], "every request was one this kind's API has")
        }
    }

    /// Saves what `window` shows after its next painted frame (the frame clock, not a delay, says when).
    @MainActor
    private static func capture(_ window: Window?, _ path: URL) -> Bool {
        guard let widget = window?.widget else { return false }
        final class Outcome: @unchecked Sendable { var saved: Bool? }
        let outcome = Outcome()
        FirstFrame.observe(widget) { last in
            let saved = FirstFrame.saveScreenshot(of: widget, to: path.path)
            if saved || last { outcome.saved = saved }
            return saved
        }
        return iterate(until: { outcome.saved != nil }) && outcome.saved == true
    }

    private static func message(_ name: String, _ action: String, _ resource: [String: Any]) throws -> ServarrLiveMessage {
        try LiveLibraryPatchTests.message(name, action, resource)
    }
}
