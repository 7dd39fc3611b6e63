@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// The repository against the real daemons `make test` starts (Tests/Peers)
/// and the Sonarr/Radarr/SABnzbd fixture servers, through real libsoup.
final class RepositoryPeerTests: XCTestCase {
    private var peers: TransferPeerTests.Peers!
    private var folder: URL!

    override func setUp() async throws {
        try requireTestSession(peers: true)
        let path = ProcessInfo.processInfo.environment["SWITCHYARD_PEERS"] ?? ""
        peers = try JSONDecoder().decode(TransferPeerTests.Peers.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        folder = try temporaryDirectory(self)
    }

    /// A queue file for the fixture server: records naming download ids, as Sonarr/Radarr's `queue/details` would.
    private func queueFile(_ name: String, _ records: [(id: Int, downloadID: String, episode: Int?, torrent: Bool)]) throws -> URL {
        let objects: [[String: Any]] = records.map { record in
            var object: [String: Any] = [
                "id": record.id, "title": "Fixture.Queue.\(record.id)", "size": 1000.0, "sizeleft": 1000.0,
                "status": "downloading", "trackedDownloadStatus": "ok", "trackedDownloadState": "downloading",
                "statusMessages": [], "downloadId": record.downloadID, "protocol": record.torrent ? "torrent" : "usenet",
                "downloadClient": "Fixture client",
            ]
            if let episode = record.episode {
                object["seriesId"] = 1
                object["episodeId"] = episode
                object["seasonNumber"] = 1
            } else {
                object["movieId"] = 1
            }
            return object
        }
        let url = folder.appendingPathComponent(name)
        try JSONSerialization.data(withJSONObject: objects).write(to: url)
        return url
    }

    private func local(_ kind: ServiceKind, _ name: String, port: Int) throws -> ServiceConfig {
        ServiceConfig(kind: kind, displayName: name, localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"),
                      allowPlainHTTPOnLocal: true)
    }

    func testActivityShowsTheRealDaemonsProgressForTheQueuesDownloads() async throws {
        let seeds = peers.torrents
        XCTAssertTrue(seeds.contains { $0.complete } && seeds.contains { !$0.complete }, "the peers seed both kinds")
        // Sonarr: one record per seed (upper case, as Sonarr stores it), the first seed as a three-episode pack.
        var sonarrRecords = seeds.enumerated().map { (id: 10 + $0.offset, downloadID: $0.element.hash.uppercased(),
                                                      episode: Optional(100 + $0.offset), torrent: true) }
        sonarrRecords += [(id: 90, downloadID: seeds[0].hash.uppercased(), episode: 190, torrent: true),
                          (id: 91, downloadID: seeds[0].hash.uppercased(), episode: 191, torrent: true)]
        let radarrRecords = [(id: 1, downloadID: "fixture-drone-done", episode: Int?.none, torrent: false),
                             (id: 2, downloadID: "fixture-drone-failed", episode: nil, torrent: false),
                             (id: 3, downloadID: "ABCDEF0000000000000000000000000000000000", episode: nil, torrent: true)]
        let sonarrServer = try ServarrFixtureServer(kind: "sonarr", extra: ["--queue", try queueFile("sonarr.json", sonarrRecords).path])
        let radarrServer = try ServarrFixtureServer(kind: "radarr", extra: ["--queue", try queueFile("radarr.json", radarrRecords).path])

        let registry = ServiceRegistry(fileURL: folder.appendingPathComponent("services.json"))
        let secrets = InMemorySecretStore()
        let sonarr = try local(.sonarr, "Sonarr", port: sonarrServer.port)
        let radarr = try local(.radarr, "Radarr", port: radarrServer.port)
        let transmission = try local(.transmission, "Transmission", port: peers.transmission.port)
        let qbittorrent = try local(.qbittorrent, "qBittorrent", port: peers.qbittorrent.port)
        let deluge = try local(.deluge, "Deluge", port: peers.deluge.port)
        let nzbget = try local(.nzbget, "NZBGet", port: peers.nzbget.port)
        for config in [sonarr, radarr] {
            try await secrets.write(Credential(apiKey: "fixture-servarr-key"), for: config.credential, kind: config.kind)
        }
        for (config, daemon) in [(transmission, peers.transmission), (qbittorrent, peers.qbittorrent), (deluge, peers.deluge)] {
            try await secrets.write(Credential(username: daemon.username, password: daemon.password), for: config.credential, kind: config.kind)
        }
        try await secrets.write(Credential(username: peers.nzbget.username, password: peers.nzbget.password),
                                for: nzbget.credential, kind: .nzbget)
        for config in [sonarr, radarr, transmission, qbittorrent, deluge, nzbget] { try await registry.upsert(config) }

        let repository = Repository(registry: registry, transport: RetryingTransport(try SoupTransport()), secrets: secrets,
                                    cache: ServiceCache(root: folder.appendingPathComponent("cache")))
        await repository.reload()
        guard case .content(let activity, _) = await repository.activity() else { return XCTFail("activity has content") }
        XCTAssertEqual(activity.failures.map(\.error), [])
        XCTAssertEqual(activity.items.count, seeds.count + radarrRecords.count, "the pack's three records are one item")

        for seed in seeds {
            let item = try XCTUnwrap(activity.items.first { $0.queue.downloadID == seed.hash.uppercased() }, seed.name)
            // The same torrent is in all three torrent clients: the first configured one holds it.
            XCTAssertEqual(item.transfer?.serviceID, transmission.id, seed.name)
            XCTAssertEqual(item.transfer?.name, seed.name)
            XCTAssertEqual(item.progress, seed.complete ? 1 : 0, accuracy: 0.0001, "the daemon's real progress, not the queue's 0 %")
        }
        let pack = try XCTUnwrap(activity.items.first { $0.queue.downloadID == seeds[0].hash.uppercased() })
        XCTAssertEqual(pack.childIDs, [100, 190, 191])

        let done = try XCTUnwrap(activity.items.first { $0.queue.downloadID == "fixture-drone-done" })
        XCTAssertEqual(done.transfer?.serviceID, nzbget.id, "joined through the drone parameter NZBGet keeps")
        XCTAssertEqual(done.transfer?.state, .completed)
        XCTAssertEqual(done.progress, 1)
        let failed = try XCTUnwrap(activity.items.first { $0.queue.downloadID == "fixture-drone-failed" })
        XCTAssertEqual(failed.transfer?.state, .error)
        XCTAssertNil(activity.items.first { $0.queue.downloadID?.hasPrefix("ABCDEF") ?? false }?.transfer)

        guard case .content(let overview, _) = await repository.overview() else { return XCTFail("overview has content") }
        XCTAssertEqual(overview.rows.map(\.state), Array(repeating: .ok, count: 6), "\(overview.rows.map(\.problem))")
        XCTAssertEqual(overview.rows.map(\.endpoint), Array(repeating: .local, count: 6))
        XCTAssertEqual(overview.rows[2...].map(\.version),
                       [peers.transmission.version, peers.qbittorrent.version, peers.deluge.version, peers.nzbget.version])

        guard case .content(let downloads, _) = await repository.downloads() else { return XCTFail("downloads has content") }
        XCTAssertEqual(downloads.parts.map(\.service.id), [transmission.id, qbittorrent.id, deluge.id, nzbget.id])
        XCTAssertEqual(downloads.parts.prefix(3).map(\.value.items.count), Array(repeating: seeds.count, count: 3))
    }

    /// `switchyard --status --json` as a script would run it: the registry file
    /// and the session keyring as a user's machine has them, real daemons and
    /// fixture servers; then one daemon is stopped.
    func testStatusJSONAgainstTheRealDaemonsWithOneStopped() async throws {
        try requireTestSession()
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent()
            .appendingPathComponent(AppInfo.executable)
        let sonarrServer = try ServarrFixtureServer(kind: "sonarr")
        let radarrServer = try ServarrFixtureServer(kind: "radarr")
        let sabServer = try ServarrFixtureServer(kind: "sabnzbd")
        let solo = try SoloPeer(.qbittorrent)
        defer { solo.stop() }

        let home = folder.appendingPathComponent("config")
        let registry = ServiceRegistry(fileURL: home.appendingPathComponent("switchyard/services.json"))
        let secrets = KeyringSecretStore()
        let services: [(ServiceConfig, Credential)] = [
            (try local(.sonarr, "Sonarr", port: sonarrServer.port), Credential(apiKey: "fixture-servarr-key")),
            (try local(.radarr, "Radarr", port: radarrServer.port), Credential(apiKey: "fixture-servarr-key")),
            (try local(.sabnzbd, "SABnzbd", port: sabServer.port), Credential(apiKey: "fixture-servarr-key")),
            (try local(.qbittorrent, "qBittorrent (solo)", port: solo.daemon.port),
             Credential(username: solo.daemon.username, password: solo.daemon.password)),
            (try local(.transmission, "Transmission", port: peers.transmission.port),
             Credential(username: peers.transmission.username, password: peers.transmission.password)),
            (try local(.deluge, "Deluge", port: peers.deluge.port),
             Credential(username: peers.deluge.username, password: peers.deluge.password)),
            (try local(.nzbget, "NZBGet", port: peers.nzbget.port),
             Credential(username: peers.nzbget.username, password: peers.nzbget.password)),
        ]
        for (config, credential) in services {
            try await secrets.write(credential, for: config.credential, kind: config.kind)
            try await registry.upsert(config)
        }
        defer { Task { for (config, _) in services { try? await secrets.delete(config.credential) } } }

        func status() throws -> (Int32, [[String: Any]], String) {
            let process = Process()
            process.executableURL = binary
            process.arguments = ["--status", "--json"]
            process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CONFIG_HOME": home.path]) { $1 }
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let text = String(decoding: data, as: UTF8.self)
            let document = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            return (process.terminationStatus, document?["services"] as? [[String: Any]] ?? [], text)
        }

        let (allUp, rows, text) = try status()
        XCTAssertEqual(allUp, 0, text)
        XCTAssertEqual(rows.map { $0["name"] as? String }, services.map { $0.0.displayName })
        XCTAssertEqual(rows.map { $0["kind"] as? String }, services.map { $0.0.kind.rawValue })
        XCTAssertEqual(rows.map { $0["state"] as? String }, Array(repeating: "ok", count: services.count), text)
        XCTAssertEqual(rows.map { $0["endpoint"] as? String }, Array(repeating: "local", count: services.count))
        XCTAssertEqual(rows[4...].map { $0["version"] as? String },
                       [peers.transmission.version, peers.deluge.version, peers.nzbget.version])
        for secret in [solo.daemon.password, peers.transmission.password, peers.deluge.password, peers.nzbget.password] {
            XCTAssertFalse(text.contains(secret), "a password was printed")
        }

        solo.stop()
        let (oneDown, after, afterText) = try status()
        XCTAssertEqual(oneDown, 1, afterText)
        XCTAssertEqual(after.map { $0["state"] as? String }, ["ok", "ok", "ok", "unavailable", "ok", "ok", "ok"], afterText)
        XCTAssertEqual(after[3]["recovery"] as? String, "retry")
        XCTAssertEqual(after[3]["message"] as? String, "Nothing is listening at this address and port. Is the service running?")
        XCTAssertTrue(after[3]["endpoint"] is NSNull)
    }
}
