@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Fixtures and the paths the clients build, checked against the real Sonarr,
/// Radarr and Lidarr OpenAPI specs in SWITCHYARD_OPENAPI_DIR (`.ci/run` and `make test`
/// point it at ../shared/api). Without it the check does not run — and says so.
final class ContractTests: XCTestCase {
    func testFixturesAndRequestPathsMatchTheSpecs() async throws {
        guard let specs = ProcessInfo.processInfo.environment["SWITCHYARD_OPENAPI_DIR"], !specs.isEmpty else {
            print("contract check did not run: SWITCHYARD_OPENAPI_DIR is not set")
            throw XCTSkip("contract check did not run: SWITCHYARD_OPENAPI_DIR is not set")
        }
        let requests = try await recordedRequests()
        XCTAssertGreaterThanOrEqual(requests.count, 90)
        let directory = try temporaryDirectory(self)
        let file = directory.appendingPathComponent("requests.json")
        try JSONSerialization.data(withJSONObject: requests).write(to: file)

        let (status, text) = try check(specs: specs, fixtures: fixturesDirectory, requests: file)
        print(text)
        XCTAssertEqual(status, 0, text)
        XCTAssertTrue(text.contains(" passed, 0 failed"), text)

        // The checker itself can fail: a field the spec does not have, a wrong type, a path that does not exist.
        let broken = directory.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: broken.appendingPathComponent("sonarr"), withIntermediateDirectories: true)
        try Data(#"[{"id": "seven", "title": "Fixture", "notAField": 1}]"#.utf8)
            .write(to: broken.appendingPathComponent("sonarr/series.json"))
        let wrongPath = directory.appendingPathComponent("wrong.json")
        try Data(#"""
        [{"service": "sonarr", "method": "GET", "path": "/api/v3/no-such-thing"},
         {"service": "sonarr", "method": "PUT", "path": "/api/v3/series/editor", "body": "{\"seriesId\":[1],\"monitored\":\"no\"}"},
         {"service": "radarr", "method": "DELETE", "path": "/api/v3/queue/1", "query": {"removeFromClient": "yes", "blocklistOnly": "true"}},
         {"service": "radarr", "method": "POST", "path": "/api/v3/command", "body": "{\"name\":\"RefreshMovie\",\"movieId\":1}"},
         {"service": "radarr", "method": "POST", "path": "/api/v3/queue/grab/1", "body": "{}"}]
        """#.utf8).write(to: wrongPath)
        let (brokenStatus, brokenText) = try check(specs: specs, fixtures: broken, requests: wrongPath)
        print(brokenText)
        XCTAssertEqual(brokenStatus, 1)
        XCTAssertTrue(brokenText.contains("$[0].id: expected an integer"), brokenText)
        XCTAssertTrue(brokenText.contains("$[0].notAField: not a field of the schema"), brokenText)
        XCTAssertTrue(brokenText.contains("FAIL sonarr GET /api/v3/no-such-thing"), brokenText)
        XCTAssertTrue(brokenText.contains("$.seriesId: not a field of the schema"), brokenText)
        XCTAssertTrue(brokenText.contains("$.monitored: expected true or false"), brokenText)
        XCTAssertTrue(brokenText.contains("?blocklistOnly: not a query parameter"), brokenText)
        XCTAssertTrue(brokenText.contains("?removeFromClient=yes: expected true or false"), brokenText)
        XCTAssertTrue(brokenText.contains("$.movieId: not a field of the RefreshMovie command"), brokenText)
        XCTAssertTrue(brokenText.contains("takes no request body"), brokenText)
    }

    private func check(specs: String, fixtures: URL, requests: URL) throws -> (Int32, String) {
        try runTool("/usr/bin/python3", [fixturesDirectory.deletingLastPathComponent().appendingPathComponent("Tools/contract-check.py").path,
                                         specs, fixtures.path, requests.path])
    }

    /// Runs every client call against a stub that answers any path, recording what was sent.
    private func recordedRequests() async throws -> [[String: Any]] {
        var recorded: [[String: Any]] = []
        for kind in [ServiceKind.sonarr, .radarr, .lidarr, .prowlarr] {
            let folder = kind.rawValue
            let servarrV3Routes: [String: StubTransport.Reply] = [
                "GET /ping": .fixture("\(folder)/ping.json"),
                "GET /api/v3/system/status": .fixture("\(folder)/system-status.json"),
                "GET /api/v3/series": .fixture("sonarr/series.json"),
                "GET /api/v3/movie": .fixture("radarr/movie.json"),
                "GET /api/v3/episode": .fixture("sonarr/episode-series-1.json"),
                "GET /api/v3/calendar": .fixture("\(folder)/calendar.json"),
                "GET /api/v3/queue/details": .fixture("\(folder)/queue-details.json"),
                "GET /api/v3/health": .fixture("\(folder)/health.json"),
                "GET /api/v3/diskspace": .fixture("\(folder)/diskspace.json"),
                "GET /api/v3/history": .fixture("\(folder)/history.json"),
                "GET /api/v3/mediacover/1/poster-250.jpg": .status(200),
                "GET /api/v3/downloadclient": .fixture("\(folder)/downloadclient.json"),
                "PUT /api/v3/series/editor": .json("[]", status: 202),
                "PUT /api/v3/movie/editor": .json("[]", status: 202),
                "POST /api/v3/command": .json(#"{"id": 1, "name": "RssSync", "status": "queued"}"#, status: 201),
                "GET /api/v3/command/1": .json(#"{"id": 1, "name": "RssSync", "status": "completed"}"#),
                "DELETE /api/v3/queue/1": .json("{}"),
                "DELETE /api/v3/queue/bulk": .json("{}"),
                "POST /api/v3/queue/grab/1": .json("{}"),
                "DELETE /api/v3/series/1": .json("{}"),
                "GET /api/v3/series/1": .json(#"{"id": 1, "title": "Fixture Series"}"#),
                "GET /api/v3/movie/1": .json(#"{"id": 1, "title": "Fixture Movie"}"#),
                "DELETE /api/v3/movie/1": .json("{}"),
                "PUT /api/v3/episode/monitor": .json("[]", status: 202),
                "POST /api/v3/seasonpass": .json("{}", status: 202),
                "GET /api/v3/series/lookup": .fixture("sonarr/series-lookup.json"),
                "GET /api/v3/movie/lookup": .fixture("radarr/movie-lookup.json"),
                "GET /api/v3/rootfolder": .fixture("\(folder)/rootfolder.json"),
                "GET /api/v3/config/downloadclient": .fixture("\(folder)/config-downloadclient.json"),
                "GET /api/v3/config/mediamanagement": .fixture("\(folder)/config-mediamanagement.json"),
                "GET /api/v3/remotepathmapping": .fixture("\(folder)/remotepathmapping.json"),
                "GET /api/v3/qualityprofile": .fixture("\(folder)/qualityprofile.json"),
                "GET /api/v3/tag": .fixture("\(folder)/tag.json"),
                "POST /api/v3/series": .json(#"{"id": 9, "title": "Fixture Added"}"#, status: 201),
                "GET /api/v3/release": .fixture("\(folder)/release.json"),
                "POST /api/v3/release": .json(#"{"guid": "x", "indexerId": 1}"#),
                "POST /api/v3/movie": .json(#"{"id": 9, "title": "Fixture Added"}"#, status: 201),
            ]
            let stub = StubTransport(routes: kind == .lidarr ? Self.lidarrRoutes : kind == .prowlarr ? Self.prowlarrRoutes : servarrV3Routes,
                                     fixtures: fixturesDirectory)
            let secrets = InMemorySecretStore()
            var config = ServiceConfig(kind: kind, localEndpoint: try Endpoint.parse("http://192.168.1.10:8989"),
                                       allowPlainHTTPOnLocal: true)
            config.artworkFromServerOnly = true
            try await secrets.write(Credential(apiKey: "fixture-contract-key"), for: config.credential, kind: kind)
            let connection = try ServiceConnection(config: config, role: .local)
            let item = ResourceID(serviceID: config.id, itemID: 1)
            let poster = MediaImage(kind: .poster, remoteURL: nil, localPath: "/MediaCover/1/poster.jpg?lastWrite=1")
            let now = Date(timeIntervalSince1970: 1_768_435_200)
            if kind == .prowlarr {
                try await prowlarrCalls(ProwlarrClient(connection: connection, transport: stub, secrets: secrets))
            } else if kind == .sonarr {
                let client = SonarrClient(connection: connection, transport: stub, secrets: secrets)
                try await servarrCalls(client, item: item, poster: poster, now: now)
                _ = try await client.children(of: Resource(id: item, kind: .series, title: "fixture", sortTitle: "fixture", year: nil,
                                                           status: .continuing, monitored: true, sizeOnDisk: 0, fileCount: 0,
                                                           expectedFileCount: 0, hasFile: false, subtitle: nil, added: nil, images: []))
                try await client.setMonitored(false, items: [item])
                for command in [LibraryCommand.search(items: [1]), .searchGroups(item: 1, groups: [2]),
                                .searchChildren(item: 1, ids: [1, 2]), .refresh(items: [1]), .rssSync] {
                    _ = try await client.start(command)
                }
                try await client.setChildrenMonitored(true, ids: [1])
                try await client.setGroupsMonitored(false, item: item, groups: [2])
                try await client.setGroupsMonitored(true, item: item, groups: [1, 2])
                try await client.removeFromQueue([1, 2], QueueRemoval(disposition: .ignore, blocklist: .no), bulk: true)
                for search in [ReleaseSearch.child(1003), .group(item: 1, group: 2)] {
                    let releases = try await client.releases(search)
                    try await client.grab(releases[0])
                }
                let found = try await client.lookup("fixture series")
                for monitor in SeriesMonitor.allCases {
                    _ = try await client.add(LibraryAddition(item: found[1], qualityProfileID: 1, rootFolderPath: "/data/fixture/tv", tags: [1],
                                                             options: ["monitor": monitor.rawValue, "seriesType": "standard", "seasonFolder": "true",
                                                                       "searchForMissingEpisodes": String(monitor == .all)]))
                }
            } else if kind == .lidarr {
                let client = LidarrClient(connection: connection, transport: stub, secrets: secrets)
                try await servarrCalls(client, item: item, poster: poster, now: now)
                try await lidarrCalls(client, item: item)
            } else {
                let client = RadarrClient(connection: connection, transport: stub, secrets: secrets)
                try await servarrCalls(client, item: item, poster: poster, now: now)
                try await client.setMonitored(true, items: [item])
                for command in [LibraryCommand.search(items: [1]), .refresh(items: [1, 2]), .rssSync] {
                    _ = try await client.start(command)
                }
                try await client.removeFromQueue([1, 2], QueueRemoval(disposition: .removeFromClient, blocklist: .blocklistAndSearch), bulk: true)
                let releases = try await client.releases(.item(1))
                try await client.grab(releases[0])
                let found = try await client.lookup("fixture movie")
                for monitor in MovieMonitor.allCases {
                    _ = try await client.add(LibraryAddition(item: found[1], qualityProfileID: 1, rootFolderPath: "/data/fixture/movies", tags: [],
                                                             options: ["monitor": monitor.rawValue, "minimumAvailability": "released",
                                                                       "searchForMovie": String(monitor != .none)]))
                }
            }
            XCTAssertEqual(stub.unexpectedRequests, [])
            for request in stub.requests {
                XCTAssertFalse(request.query.contains { $0.name.lowercased() == "apikey" }, "API key in a query")
                var entry: [String: Any] = ["service": kind.rawValue, "method": request.method.rawValue, "path": request.path]
                if !request.query.isEmpty {
                    entry["query"] = Dictionary(request.query.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
                }
                if let body = request.body { entry["body"] = String(decoding: body, as: UTF8.self) }
                recorded.append(entry)
            }
        }
        recorded += try await jellyseerrCalls()
        return recorded
    }

    /// Every call the Jellyseerr client makes: probe, a page of requests with each title's page, counts,
    /// approve, decline and delete (API-GUIDE-3 §3).
    private func jellyseerrCalls() async throws -> [[String: Any]] {
        let stub = StubTransport(routes: [
            "GET /api/v1/status": .fixture("jellyseerr/status.json"), "GET /api/v1/auth/me": .fixture("jellyseerr/auth-me.json"),
            "GET /api/v1/settings/public": .fixture("jellyseerr/settings-public.json"),
            "GET /api/v1/request": .fixture("jellyseerr/request.json"), "GET /api/v1/request/count": .fixture("jellyseerr/request-count.json"),
            "GET /api/v1/movie/900001": .fixture("jellyseerr/movie-900001.json"), "GET /api/v1/tv/900002": .fixture("jellyseerr/tv-900002.json"),
            "GET /api/v1/movie/900003": .fixture("jellyseerr/movie-900003.json"), "GET /api/v1/tv/900004": .fixture("jellyseerr/tv-900004.json"),
            "POST /api/v1/request/11/approve": .json(#"{"id": 11, "status": 2}"#), "POST /api/v1/request/12/decline": .json(#"{"id": 12, "status": 3}"#),
            "DELETE /api/v1/request/9": .status(204),
            "POST /api/v1/request": .json(#"{"id": 13, "status": 2, "type": "movie", "is4k": false, "requestedBy": {"id": 1, "displayName": "Fixture Owner"}, "media": {"id": 213, "tmdbId": 900005, "status": 3}}"#),
        ], fixtures: fixturesDirectory)
        let config = ServiceConfig(kind: .jellyseerr, localEndpoint: try Endpoint.parse("http://192.168.1.10:5055"), allowPlainHTTPOnLocal: true)
        let secrets = InMemorySecretStore()
        try await secrets.write(Credential(apiKey: "fixture-contract-key"), for: config.credential, kind: .jellyseerr)
        let client = JellyseerrClient(connection: try ServiceConnection(config: config, role: .local), transport: stub, secrets: secrets)
        _ = try await client.probe()
        for filter in RequestFilter.allCases { _ = try await client.requests(filter, take: 20, skip: 0) }
        _ = try await client.requestCounts()
        _ = try await client.perform(.approve, on: 11)
        _ = try await client.perform(.decline, on: 12)
        _ = try await client.perform(.delete, on: 9)
        // Requesting: a movie, a series' seasons, a series' every season not yet asked.
        _ = try await client.request(MediaAsk(mediaType: .movie, tmdbID: 900005))
        _ = try await client.request(MediaAsk(mediaType: .tv, tmdbID: 900002, seasons: [3, 1]))
        _ = try await client.request(MediaAsk(mediaType: .tv, tmdbID: 900004))
        XCTAssertEqual(stub.unexpectedRequests, [])
        return stub.requests.map { request in
            XCTAssertNil(request.headers["X-Api-Key"].flatMap { _ in request.query.first { $0.name.lowercased().contains("key") } }, "the key in a query")
            var entry: [String: Any] = ["service": "jellyseerr", "method": request.method.rawValue, "path": request.path]
            if !request.query.isEmpty { entry["query"] = Dictionary(request.query.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 }) }
            if let body = request.body { entry["body"] = String(decoding: body, as: UTF8.self) }
            return entry
        }
    }

    /// Every way out of the queue the Remove dialog offers.
    /// What every Servarr client asks the same way: status, lists, one item, artwork, command progress,
    /// queue removal with each combination of flags, grab, delete both ways, the add form's lists.
    private func servarrCalls<K: ServarrKind>(_ client: ServarrClient<K>, item: ResourceID, poster: MediaImage, now: Date) async throws {
        _ = try await client.probe()
        _ = try await client.library()
        _ = try await client.libraryItem(1)
        _ = try await client.calendar(from: now, to: now.addingTimeInterval(86_400))
        _ = try await client.queue()
        _ = try await client.health()
        // The stack doctor's reads: every setting decoded (categories, handling, the minimum, mappings).
        let settings = try await client.stackSettings()
        XCTAssertEqual(settings.completedDownloadHandling, true)
        XCTAssertEqual(settings.minimumFreeSpaceMB, 100)
        XCTAssertEqual(settings.remotePathMappings?.count, 1)
        XCTAssertEqual(settings.downloadClients?.allSatisfy { $0.enabled == true && $0.category != nil }, true)
        XCTAssertEqual(settings.unread, [:], "every part read")
        _ = try await client.diskSpace()
        _ = try await client.history(of: item)
        _ = try await client.artwork(poster, of: item, thumbnail: true)
        _ = try await client.downloadClients()
        _ = try await client.progress(ofCommand: 1)
        for removal in Self.removals {
            try await client.removeFromQueue([1], removal, bulk: false)
        }
        try await client.grab(queueRecord: 1)
        try await client.delete(item, deleteFiles: false, excludeFromImportLists: false)
        try await client.delete(item, deleteFiles: true, excludeFromImportLists: true)
        _ = try await client.rootFolders()
        _ = try await client.qualityProfiles()
        _ = try await client.tags()
    }

    /// Lidarr's own calls, as the app makes them (API-GUIDE-3 §1).
    private func lidarrCalls(_ client: LidarrClient, item: ResourceID) async throws {
        let artist = Resource(id: item, kind: .artist, title: "fixture", sortTitle: "fixture", year: nil, status: .continuing, monitored: true,
                              sizeOnDisk: 0, fileCount: 0, expectedFileCount: 0, hasFile: false, subtitle: nil, added: nil, images: [])
        let albums = try await client.children(of: artist)
        XCTAssertEqual(albums.map(\.title), ["First Fixture", "Second Fixture", "Third Fixture"])
        try await client.setMonitored(false, items: [item])
        for command in [LibraryCommand.search(items: [1]), .searchGroups(item: 1, groups: [11, 12]), .refresh(items: [1]), .rssSync] {
            _ = try await client.start(command)
        }
        try await client.setGroupsMonitored(false, item: item, groups: [11, 12])
        try await client.removeFromQueue([1, 2], QueueRemoval(disposition: .ignore, blocklist: .no), bulk: true)
        let releases = try await client.releases(.group(item: 1, group: 12))
        try await client.grab(releases[0])
        let found = try await client.lookup("fixture artist")
        let profiles = try await client.metadataProfiles()
        XCTAssertEqual(profiles.map(\.name), ["Standard", "Albums only"])
        for monitor in ["all", "future", "missing", "existing", "latest", "first", "none"] {
            _ = try await client.add(LibraryAddition(item: found[1], qualityProfileID: 1, rootFolderPath: "/data/fixture/music", tags: [1],
                                                     options: ["metadataProfileId": "1", "monitor": monitor,
                                                               "searchForMissingAlbums": String(monitor == "all")]))
        }
    }

    /// Every call the Prowlarr client makes: probe, indexers with status, statistics and applications,
    /// health, the bulk editor both ways, a test of one (the indexer read and posted back) and of all,
    /// a search naming indexers and categories, a grab.
    private func prowlarrCalls(_ client: ProwlarrClient) async throws {
        _ = try await client.probe()
        let list = try await client.indexers()
        XCTAssertEqual(list.indexers.count, 5)
        _ = try await client.health()
        try await client.setEnabled(false, indexers: [2])
        try await client.setEnabled(true, indexers: [2, 4])
        _ = try await client.test(indexer: 1)
        _ = try await client.testAll()
        let found = try await client.search(IndexerSearch(query: "fixture show", type: .tvSearch, indexerIDs: [1, 2], categories: [5000, 5040],
                                                          limit: 100, offset: 100))
        try await client.grab(try XCTUnwrap(found.first))
    }

    private static let prowlarrRoutes: [String: StubTransport.Reply] = [
        "GET /ping": .fixture("prowlarr/ping.json"),
        "GET /api/v1/system/status": .fixture("prowlarr/system-status.json"),
        "GET /api/v1/indexer": .fixture("prowlarr/indexer.json"),
        "GET /api/v1/indexer/1": .json(#"{"id": 1, "name": "Fixture Usenet One", "implementation": "Newznab", "fields": []}"#),
        "GET /api/v1/indexerstatus": .fixture("prowlarr/indexerstatus.json"),
        "GET /api/v1/indexerstats": .fixture("prowlarr/indexerstats.json"),
        "GET /api/v1/applications": .fixture("prowlarr/applications.json"),
        "GET /api/v1/health": .fixture("prowlarr/health.json"),
        "PUT /api/v1/indexer/bulk": .json("[]", status: 202),
        "POST /api/v1/indexer/test": .status(200),
        "POST /api/v1/indexer/testall": .json(#"[{"id": 1, "isValid": true, "validationFailures": []}]"#),
        "GET /api/v1/search": .fixture("prowlarr/search.json"),
        "POST /api/v1/search": .json(#"{"guid": "x", "indexerId": 1}"#),
    ]

    private static let lidarrRoutes: [String: StubTransport.Reply] = [
        "GET /ping": .fixture("lidarr/ping.json"),
        "GET /api/v1/system/status": .fixture("lidarr/system-status.json"),
        "GET /api/v1/artist": .fixture("lidarr/artist.json"),
        "GET /api/v1/artist/1": .json(#"{"id": 1, "artistName": "Fixture Artist"}"#),
        "GET /api/v1/album": .fixture("lidarr/album-artist-1.json"),
        "GET /api/v1/track": .fixture("lidarr/track-artist-1.json"),
        "GET /api/v1/calendar": .fixture("lidarr/calendar.json"),
        "GET /api/v1/queue/details": .fixture("lidarr/queue-details.json"),
        "GET /api/v1/health": .fixture("lidarr/health.json"),
        "GET /api/v1/diskspace": .fixture("lidarr/diskspace.json"),
        "GET /api/v1/history": .fixture("lidarr/history.json"),
        "GET /api/v1/mediacover/artist/1/poster-250.jpg": .status(200),
        "GET /api/v1/downloadclient": .fixture("lidarr/downloadclient.json"),
        "PUT /api/v1/artist/editor": .json("[]", status: 202),
        "PUT /api/v1/album/monitor": .json("[]", status: 202),
        "POST /api/v1/command": .json(#"{"id": 1, "name": "RssSync", "status": "queued"}"#, status: 201),
        "GET /api/v1/command/1": .json(#"{"id": 1, "name": "RssSync", "status": "completed"}"#),
        "DELETE /api/v1/queue/1": .json("{}"),
        "DELETE /api/v1/queue/bulk": .json("{}"),
        "POST /api/v1/queue/grab/1": .json("{}"),
        "DELETE /api/v1/artist/1": .json("{}"),
        "GET /api/v1/artist/lookup": .fixture("lidarr/artist-lookup.json"),
        "GET /api/v1/rootfolder": .fixture("lidarr/rootfolder.json"),
        "GET /api/v1/config/downloadclient": .fixture("lidarr/config-downloadclient.json"),
        "GET /api/v1/config/mediamanagement": .fixture("lidarr/config-mediamanagement.json"),
        "GET /api/v1/remotepathmapping": .fixture("lidarr/remotepathmapping.json"),
        "GET /api/v1/qualityprofile": .fixture("lidarr/qualityprofile.json"),
        "GET /api/v1/tag": .fixture("lidarr/tag.json"),
        "GET /api/v1/metadataprofile": .fixture("lidarr/metadataprofile.json"),
        "POST /api/v1/artist": .json(#"{"id": 9, "artistName": "Fixture Added"}"#, status: 201),
        "GET /api/v1/release": .fixture("lidarr/release.json"),
        "POST /api/v1/release": .json(#"{"guid": "x", "indexerId": 1}"#),
    ]

    static let removals: [QueueRemoval] = [QueueRemoval.Disposition.removeFromClient, .changeCategory, .ignore].flatMap { disposition in
        [QueueRemoval.Blocklist.no, .blocklistAndSearch, .blocklistOnly].map { QueueRemoval(disposition: disposition, blocklist: $0) }
    }
}
