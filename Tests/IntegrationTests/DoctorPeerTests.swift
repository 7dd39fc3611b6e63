@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// The stack doctor's fault matrix against real daemons: a solo qBittorrent and a solo Deluge (no
/// torrents of their own), the shared Transmission and NZBGet, and stateful Sonarr, Radarr, Lidarr and
/// SABnzbd fixture servers whose settings each case rewrites. First the offered fixes are applied to the
/// real daemons and read back (each one write, traced); then the stack is healthy (no finding); then
/// each check's fault is caused on purpose and its finding read, and the fault undone.
final class DoctorPeerTests: XCTestCase {
    private var peers: TransferPeerTests.Peers!
    private var folder: URL!

    override func setUp() async throws {
        try requireTestSession(peers: true)
        let path = ProcessInfo.processInfo.environment["SWITCHYARD_PEERS"] ?? ""
        peers = try JSONDecoder().decode(TransferPeerTests.Peers.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        folder = try temporaryDirectory(self)
    }

    /// Every request sent, as "METHOD path what" (the JSON-RPC method or SABnzbd mode), to show what a fix wrote.
    final class Trace: HTTPTransport, @unchecked Sendable {
        let inner: any HTTPTransport
        private let lock = NSLock()
        private var lines: [String] = []
        init(_ inner: any HTTPTransport) { self.inner = inner }
        func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            let body = request.body.map { String(decoding: $0, as: UTF8.self) } ?? ""
            var what = ""
            if let range = body.range(of: #""method":"[^"]+""#, options: .regularExpression) { what = String(body[range].dropFirst(10).dropLast()) }
            if let range = body.range(of: #"mode=[a-z_]+"#, options: .regularExpression) { what = String(body[range]) }
            lock.withLock { lines.append("\(request.method.rawValue) \(request.path) \(what)".trimmingCharacters(in: .whitespaces)) }
            return try await inner.send(request)
        }
        func take() -> [String] { lock.withLock { defer { lines = [] }; return lines } }
    }

    // MARK: The orchestrators' settings, as files the fixture servers serve

    private func client(_ id: Int, _ name: String, _ implementation: String, port: Int, field: String, category: String?,
                        enable: Bool = true) -> [String: Any] {
        var fields: [[String: Any]] = [["name": "host", "value": "127.0.0.1"], ["name": "port", "value": port], ["name": "urlBase", "value": ""]]
        if let category { fields.append(["name": field, "value": category]) }
        let usenet = ["Sabnzbd", "Nzbget"].contains(implementation)
        return ["id": id, "name": name, "implementation": implementation, "protocol": usenet ? "usenet" : "torrent", "enable": enable,
                "priority": 1, "fields": fields]
    }

    private func write(_ kind: String, _ file: String, _ value: Any) throws {
        let directory = folder.appendingPathComponent("overlay-\(kind)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: value).write(to: directory.appendingPathComponent(file))
    }

    private func queueRecord(_ id: Int, downloadID: String, client: String, state: String = "downloading", status: String = "downloading",
                             message: String? = nil, outputPath: String? = nil) -> [String: Any] {
        var record: [String: Any] = ["id": id, "title": "Fixture.Doctor.\(id)", "size": 1000.0, "sizeleft": 500.0, "status": status,
                                     "trackedDownloadStatus": message == nil ? "ok" : "warning", "trackedDownloadState": state,
                                     "statusMessages": message.map { [["title": "Fixture.Doctor.\(id)", "messages": [$0]]] } ?? [],
                                     "downloadId": downloadID, "protocol": "torrent", "downloadClient": client, "seriesId": 1, "movieId": 1]
        if let outputPath { record["outputPath"] = outputPath }
        return record
    }

    /// The consistent settings of one orchestrator: everything reachable, nothing queued, healthy.
    private func healthy(_ kind: String, clients: [[String: Any]], handling: Bool = true) throws {
        try write(kind, "downloadclient.json", clients)
        try write(kind, "config-downloadclient.json", ["id": 1, "downloadClientWorkingFolders": "_UNPACK_|_FAILED_",
                                                       "enableCompletedDownloadHandling": handling, "autoRedownloadFailed": true])
        try write(kind, "rootfolder.json", [["id": 1, "path": "/data/fixture/\(kind)", "accessible": true, "freeSpace": 900_000_000_000]])
        try write(kind, "remotepathmapping.json", [] as [Any])
        try write(kind, "health.json", [] as [Any])
        try write(kind, "queue-details.json", [] as [Any])
    }

    private func local(_ kind: ServiceKind, _ name: String, port: Int) throws -> ServiceConfig {
        ServiceConfig(kind: kind, displayName: name, localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"), allowPlainHTTPOnLocal: true)
    }

    private func checks(_ findings: [DoctorFinding]) -> [String] {
        findings.map { "\($0.check.rawValue)/\($0.severity.rawValue)/\($0.orchestrator?.name ?? $0.client?.name ?? "")" }.sorted()
    }

    /// The matrix's rows, printed for the record (Documentation/Doctor.md).
    private func record(_ fault: String, _ findings: [DoctorFinding]) {
        for finding in findings {
            let evidence = finding.evidence.keys.sorted().map { "\($0)=\(finding.evidence[$0] ?? "")" }.joined(separator: "; ")
            print("DOCTOR-MATRIX | \(fault) | \(finding.check.rawValue) | \(finding.severity.rawValue) | \(finding.certainty.rawValue) | \(evidence)")
        }
    }

    func testTheFaultMatrixAgainstRealDaemonsWithFixesReadBack() async throws {
        let qbit = try SoloPeer(.qbittorrent, seeds: 0)
        defer { qbit.stop() }
        let deluge = try SoloPeer(.deluge, seeds: 0)
        defer { deluge.stop() }
        let closed = 1 // nothing listens on port 1 of the loopback: connection refused

        let sonarrClients = [client(1, "qBittorrent", "QBittorrent", port: qbit.daemon.port, field: "tvCategory", category: "tv-sonarr"),
                             client(2, "SABnzbd", "Sabnzbd", port: 0, field: "tvCategory", category: "tv")]
        // SABnzbd's port is known once it runs: the files are written after the servers start, before the first read.
        let sab = try ServarrFixtureServer(kind: "sabnzbd")
        let sonarrList = [sonarrClients[0], client(2, "SABnzbd", "Sabnzbd", port: sab.port, field: "tvCategory", category: "tv")]
        let radarrList = [client(1, "Deluge", "Deluge", port: deluge.daemon.port, field: "movieCategory", category: "radarr"),
                          client(2, "NZBGet", "Nzbget", port: peers.nzbget.port, field: "movieCategory", category: nil)]
        let lidarrList = [client(1, "Transmission", "Transmission", port: peers.transmission.port, field: "musicCategory", category: "lidarr")]
        try healthy("sonarr", clients: sonarrList)
        try healthy("radarr", clients: radarrList, handling: false)
        try healthy("lidarr", clients: lidarrList)
        func overlay(_ kind: String) -> [String] { ["--overlay", folder.appendingPathComponent("overlay-\(kind)").path] }
        let sonarr = try ServarrFixtureServer(kind: "sonarr", extra: overlay("sonarr"))
        let radarr = try ServarrFixtureServer(kind: "radarr", extra: overlay("radarr"))
        let lidarr = try ServarrFixtureServer(kind: "lidarr", extra: overlay("lidarr"))

        let registry = ServiceRegistry(fileURL: folder.appendingPathComponent("services.json"))
        let secrets = InMemorySecretStore()
        let configs = [try local(.sonarr, "Sonarr", port: sonarr.port), try local(.radarr, "Radarr", port: radarr.port),
                       try local(.lidarr, "Lidarr", port: lidarr.port), try local(.sabnzbd, "SABnzbd", port: sab.port),
                       try local(.qbittorrent, "qBittorrent", port: qbit.daemon.port), try local(.deluge, "Deluge", port: deluge.daemon.port),
                       try local(.transmission, "Transmission", port: peers.transmission.port), try local(.nzbget, "NZBGet", port: peers.nzbget.port)]
        for config in configs.prefix(4) { try await secrets.write(Credential(apiKey: ServarrFixtureServer.key), for: config.credential, kind: config.kind) }
        try await secrets.write(Credential(username: qbit.daemon.username, password: qbit.daemon.password), for: configs[4].credential, kind: .qbittorrent)
        try await secrets.write(Credential(username: deluge.daemon.username, password: deluge.daemon.password), for: configs[5].credential, kind: .deluge)
        try await secrets.write(Credential(username: peers.transmission.username, password: peers.transmission.password),
                                for: configs[6].credential, kind: .transmission)
        try await secrets.write(Credential(username: peers.nzbget.username, password: peers.nzbget.password), for: configs[7].credential, kind: .nzbget)
        for config in configs { try await registry.upsert(config) }
        let qbitClient = QBittorrentClient(connection: try ServiceConnection(config: configs[4], role: .local),
                                           transport: RetryingTransport(try SoupTransport()), secrets: secrets)
        let trace = Trace(RetryingTransport(try SoupTransport()))
        let repository = Repository(registry: registry, transport: trace, secrets: secrets, cache: nil)
        await repository.reload()

        // Deluge's Label plugin: the orchestrators need it for a category (a user turns it on once).
        let delugeClient = DelugeClient(connection: try ServiceConnection(config: configs[5], role: .local), transport: trace, secrets: secrets)
        _ = try await delugeClient.authorized("core.enable_plugin", #"["Label"]"#, effect: .write)
        try await waitFor("Deluge's Label plugin") { ((try? await delugeClient.clientSettings())?.createsCategories) == true }
        _ = trace.take()

        // 2 and 6: the categories the orchestrators send to are missing; Radarr does not import. Each is fixable.
        var (_, found) = await repository.doctor()
        record("initial: categories missing, Radarr's handling off", found)
        XCTAssertEqual(checks(found), ["categoryMissing/warning/Radarr", "categoryMissing/warning/Sonarr", "categoryMissing/warning/Sonarr",
                                       "completedHandlingOff/error/Radarr"])
        let fixes = found.compactMap(\.fix)
        XCTAssertEqual(fixes.count, 4, "every one of them has its fix")
        _ = trace.take()
        var writes: [String] = []
        for fix in fixes {
            let plan = try await repository.plan(fix)
            XCTAssertTrue(trace.take().allSatisfy { $0.hasPrefix("GET") || !Self.isWrite($0) }, "planning reads only")
            let outcome = try await repository.apply(plan)
            XCTAssertTrue(outcome.confirmed, "\(fix): read back \(outcome.readBack)")
            let sent = trace.take().filter(Self.isWrite)
            XCTAssertEqual(sent.count, 1, "one write per fix: \(sent)")
            writes += sent
            print("DOCTOR-FIX | \(fix.service.name) | \(plan.method) \(plan.path) \(plan.body) | read back: \(outcome.readBack)")
        }
        XCTAssertEqual(writes.sorted(), ["POST /api mode=set_config", "POST /api/v2/torrents/createCategory", "POST /json label.add",
                                         "PUT /api/v3/config/downloadclient/1"])
        let categories = try await qbitClient.clientSettings().categories ?? [:]
        XCTAssertEqual(categories.keys.sorted(), ["tv-sonarr"], "qBittorrent's own answer")

        // Healthy: nothing between the services is wrong.
        (_, found) = await repository.doctor()
        record("healthy", found)
        XCTAssertEqual(checks(found), [], "\(found)")

        // Each fault, caused and undone.
        func fault(_ name: String, _ cause: () async throws -> Void, undo: () async throws -> Void) async throws -> [DoctorFinding] {
            try await cause()
            let (_, found) = await repository.doctor()
            record(name, found)
            try await undo()
            return found
        }
        // 1: a client no service here is; one that does not answer; one nobody sends to.
        found = try await fault("Transmission not set up in Switchyard", { try await registry.remove(configs[6].id); await repository.reload() },
                                undo: { try await registry.upsert(configs[6]); await repository.reload() })
        XCTAssertEqual(checks(found), ["clientNotConfigured/warning/Lidarr"])
        let seedbox = try local(.transmission, "Seedbox", port: closed)
        try await secrets.write(Credential(username: "fixture", password: "fixture-closed"), for: seedbox.credential, kind: .transmission)
        found = try await fault("Lidarr sends to a Transmission that is down", {
            try await registry.upsert(seedbox); await repository.reload()
            try write("lidarr", "downloadclient.json", lidarrList + [client(2, "Seedbox", "Transmission", port: closed, field: "musicCategory", category: nil)])
        }, undo: { try await registry.remove(seedbox.id); await repository.reload(); try write("lidarr", "downloadclient.json", lidarrList) })
        XCTAssertEqual(checks(found), ["clientUnreachable/error/Lidarr"])
        XCTAssertEqual(found.first?.certainty, .certain)
        found = try await fault("Radarr stops sending to NZBGet", { try write("radarr", "downloadclient.json", [radarrList[0]]) },
                                undo: { try write("radarr", "downloadclient.json", radarrList) })
        XCTAssertEqual(checks(found), ["clientUnused/notice/NZBGet"])
        // 3: an import blocked on a path the orchestrator cannot open.
        found = try await fault("Sonarr cannot open the client's path", {
            try write("sonarr", "queue-details.json", [queueRecord(7, downloadID: "feedfacefeedfacefeedfacefeedfacefeedface", client: "qBittorrent",
                                                                   state: "importBlocked", status: "completed",
                                                                   message: "Import failed, path does not exist or is not accessible by Sonarr: /downloads/tv-sonarr/Fixture.Doctor.7",
                                                                   outputPath: "/downloads/tv-sonarr/Fixture.Doctor.7")])
        }, undo: { try write("sonarr", "queue-details.json", [] as [Any]) })
        XCTAssertEqual(checks(found), ["importPathUnreachable/error/Sonarr"])
        XCTAssertEqual(found.first?.evidence["remoteFolder"], "/downloads/tv-sonarr/")
        // 2, second half: the category exists, but saves where Sonarr's mappings for that host do not reach.
        found = try await fault("qBittorrent's tv-sonarr saves outside Sonarr's mapped folder", {
            _ = try await qbitClient.post("/api/v2/torrents/editCategory", [("category", "tv-sonarr"), ("savePath", "/srv/elsewhere/tv-sonarr")])
            try write("sonarr", "remotepathmapping.json", [["id": 1, "host": "127.0.0.1", "remotePath": "/downloads/", "localPath": "/data/downloads/"]])
        }, undo: {
            _ = try await qbitClient.post("/api/v2/torrents/editCategory", [("category", "tv-sonarr"), ("savePath", "")])
            try write("sonarr", "remotepathmapping.json", [] as [Any])
        })
        XCTAssertEqual(checks(found), ["categoryPathUnmapped/warning/Sonarr"])
        XCTAssertEqual(found.first?.evidence["savePath"], "/srv/elsewhere/tv-sonarr", "qBittorrent's own answer")
        // 4: two orchestrators, one category.
        found = try await fault("Radarr also sends to qBittorrent's tv-sonarr", {
            try write("radarr", "downloadclient.json", radarrList + [client(3, "qBittorrent", "QBittorrent", port: qbit.daemon.port, field: "movieCategory",
                                                                           category: "tv-sonarr")])
        }, undo: { try write("radarr", "downloadclient.json", radarrList) })
        XCTAssertEqual(checks(found), ["sharedCategory/error/Radarr", "sharedCategory/error/Sonarr"])
        // 5: seeding limits on the real daemons.
        found = try await fault("qBittorrent removes at ratio 1, Transmission stops at ratio 2", {
            _ = try await qbitClient.post("/api/v2/app/setPreferences", [("json", #"{"max_ratio_enabled":true,"max_ratio":1,"max_ratio_act":1}"#)])
            _ = try await TransmissionClient(connection: try ServiceConnection(config: configs[6], role: .local), transport: trace, secrets: secrets)
                .call("session-set", #"{"seedRatioLimited":true,"seedRatioLimit":2}"#, effect: .write)
        }, undo: {
            _ = try await qbitClient.post("/api/v2/app/setPreferences", [("json", #"{"max_ratio_enabled":false,"max_ratio_act":0}"#)])
            _ = try await TransmissionClient(connection: try ServiceConnection(config: configs[6], role: .local), transport: trace, secrets: secrets)
                .call("session-set", #"{"seedRatioLimited":false}"#, effect: .write)
        })
        XCTAssertEqual(checks(found), ["seedingLimitRemoves/error/Sonarr", "seedingLimitRemoves/warning/Lidarr"])
        // 7: a root folder gone, another nearly full.
        found = try await fault("Sonarr's root folder missing, Radarr's nearly full", {
            try write("sonarr", "rootfolder.json", [["id": 1, "path": "/data/fixture/sonarr", "accessible": false]])
            try write("radarr", "rootfolder.json", [["id": 1, "path": "/data/fixture/radarr", "accessible": true, "freeSpace": 50 << 20]])
        }, undo: {
            try write("sonarr", "rootfolder.json", [["id": 1, "path": "/data/fixture/sonarr", "accessible": true, "freeSpace": 900_000_000_000]])
            try write("radarr", "rootfolder.json", [["id": 1, "path": "/data/fixture/radarr", "accessible": true, "freeSpace": 900_000_000_000]])
        })
        XCTAssertEqual(checks(found), ["rootFolderLowSpace/error/Radarr", "rootFolderMissing/error/Sonarr"])
        // 8: a client turned off while it still holds queue items.
        let seed = peers.torrents[0]
        found = try await fault("Lidarr's Transmission off with an item queued", {
            try write("lidarr", "downloadclient.json", [client(1, "Transmission", "Transmission", port: peers.transmission.port, field: "musicCategory",
                                                               category: "lidarr", enable: false)])
            try write("lidarr", "queue-details.json", [queueRecord(8, downloadID: seed.hash.uppercased(), client: "Transmission")])
        }, undo: { try write("lidarr", "downloadclient.json", lidarrList); try write("lidarr", "queue-details.json", [] as [Any]) })
        XCTAssertEqual(checks(found), ["clientDisabledWithQueue/error/Lidarr", "clientUnused/notice/Transmission"])
        // 9: indexers failing, from the orchestrator's own health.
        found = try await fault("Sonarr: no indexer with RSS", {
            try write("sonarr", "health.json", [["source": "IndexerRssCheck", "type": "warning", "message": "No indexers available with RSS sync enabled",
                                                 "wikiUrl": "https://wiki.fixture.invalid/health"]])
        }, undo: { try write("sonarr", "health.json", [] as [Any]) })
        XCTAssertEqual(checks(found), ["indexersFailing/warning/Sonarr"])
        // 10: a usenet download failed for missing articles (the NZB whose article the stub never has).
        found = try await fault("Radarr waits for NZBGet's failed download", {
            try write("radarr", "queue-details.json", [queueRecord(9, downloadID: "fixture-drone-failed", client: "NZBGet")])
        }, undo: { try write("radarr", "queue-details.json", [] as [Any]) })
        XCTAssertEqual(checks(found), ["stalledTransfer/warning/Radarr"])
        // 12: a queue item its client does not hold; one torrent in two clients.
        found = try await fault("Sonarr's item is not in qBittorrent", {
            try write("sonarr", "queue-details.json", [queueRecord(10, downloadID: "0123456789ABCDEF0123456789ABCDEF01234567", client: "qBittorrent")])
        }, undo: { try write("sonarr", "queue-details.json", [] as [Any]) })
        XCTAssertEqual(checks(found), ["notHeldByClient/warning/Sonarr"])
        let shared = try local(.qbittorrent, "qBittorrent (shared)", port: peers.qbittorrent.port)
        try await secrets.write(Credential(username: peers.qbittorrent.username, password: peers.qbittorrent.password),
                                for: shared.credential, kind: .qbittorrent)
        found = try await fault("the same torrents in Transmission and a second qBittorrent", { try await registry.upsert(shared); await repository.reload() },
                                undo: { try await registry.remove(shared.id); await repository.reload() })
        XCTAssertEqual(Set(found.map(\.check)), [.heldTwice, .clientUnused])
        XCTAssertEqual(found.filter { $0.check == .heldTwice }.count, peers.torrents.count, "each seed once")

        // Undone: healthy again.
        (_, found) = await repository.doctor()
        XCTAssertEqual(checks(found), [], "\(found)")
    }

    static func isWrite(_ line: String) -> Bool {
        let reads = ["GET ", "auth.", "web.", "core.get", "daemon.get", "label.get", "mode=get_config", "mode=queue", "mode=history",
                     "session-get", "torrent-get", "version", "status", "listgroups", "history", "config"]
        if line.hasPrefix("GET ") { return false }
        if line.hasPrefix("PUT ") || line.hasPrefix("DELETE ") { return true }
        if line.hasPrefix("POST /api/v2/auth/login") { return false }
        if line.hasPrefix("POST /api/v2/") { return true } // qBittorrent reads with GET
        return !reads.contains { line.split(separator: " ").dropFirst(2).first.map(String.init)?.hasPrefix($0) ?? false }
    }

    private func waitFor(_ what: String, _ condition: () async -> Bool) async throws {
        for _ in 0..<200 {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        XCTFail("\(what) never happened")
    }

}
