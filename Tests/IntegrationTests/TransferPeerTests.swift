@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// qBittorrent and Transmission clients against the real daemons that
/// `make test` starts on 127.0.0.1 (Tests/Peers/peers.py), through real libsoup.
final class TransferPeerTests: XCTestCase {
    struct Peers: Decodable {
        struct Daemon: Decodable { let port: Int; let version: String; let username: String; let password: String }
        struct Seed: Decodable { let name: String; let size: Int64; let complete: Bool; let hash: String }
        let torrents: [Seed]
        struct NZBGet: Decodable { let port: Int; let version: String; let username: String; let password: String; let nzb_ids: [Int] }
        let qbittorrent: Daemon
        let transmission: Daemon
        let deluge: Daemon
        let rtorrent: Daemon
        let nzbget: NZBGet
    }

    private var peers: Peers!
    private var transport: (any HTTPTransport)!
    private var secrets: InMemorySecretStore!

    override func setUp() async throws {
        try requireTestSession(peers: true)
        let path = ProcessInfo.processInfo.environment["SWITCHYARD_PEERS"] ?? ""
        peers = try JSONDecoder().decode(Peers.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        transport = RetryingTransport(try SoupTransport())
        secrets = InMemorySecretStore()
    }

    private func connection(_ kind: ServiceKind, _ daemon: Peers.Daemon, password: String? = nil) async throws -> ServiceConnection {
        let config = ServiceConfig(kind: kind, localEndpoint: try Endpoint.parse("http://127.0.0.1:\(daemon.port)"),
                                   allowPlainHTTPOnLocal: true)
        try await secrets.write(Credential(username: daemon.username, password: password ?? daemon.password),
                                for: config.credential, kind: kind)
        return try ServiceConnection(config: config, role: .local)
    }

    private func assertSeeds(_ snapshot: TransferSnapshot, line: UInt = #line) {
        XCTAssertEqual(Set(snapshot.items.map(\.joinKey)), Set(peers.torrents.map(\.hash)), line: line)
        for seed in peers.torrents {
            guard let item = snapshot.items.first(where: { $0.joinKey == seed.hash }) else { continue }
            XCTAssertEqual(item.name, seed.name, line: line)
            XCTAssertEqual(item.sizeBytes, seed.size, line: line)
            XCTAssertEqual(item.progress, seed.complete ? 1 : 0, accuracy: 0.0001, line: line)
        }
        XCTAssertEqual(snapshot.stats.count, peers.torrents.count, line: line)
    }

    /// Polls `body` until it returns true, for at most `seconds` (daemons apply state changes asynchronously).
    private func eventually(_ seconds: Double, _ body: () async throws -> Bool) async throws -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if try await body() { return true }
            try await Task.sleep(for: .milliseconds(250))
        }
        return false
    }

    // MARK: qBittorrent

    func testQBittorrentProbeAndSeededTransfers() async throws {
        let client = QBittorrentClient(connection: try await connection(.qbittorrent, peers.qbittorrent), transport: transport, secrets: secrets)
        let status = try await client.probe()
        XCTAssertEqual(status.version, peers.qbittorrent.version)
        let snapshot = try await client.transfers()
        assertSeeds(snapshot)
        XCTAssertTrue(snapshot.items.allSatisfy { $0.state == .paused && $0.category == "fixture-tv" }, "\(snapshot.items.map(\.rawState))")
    }

    func testQBittorrentWrongPasswordIsOneLoginAndNoBan() async throws {
        let wrong = QBittorrentClient(connection: try await connection(.qbittorrent, peers.qbittorrent, password: "fixture-wrong"),
                                      transport: transport, secrets: secrets)
        do {
            _ = try await wrong.transfers()
            XCTFail("a wrong password was accepted")
        } catch {
            XCTAssertEqual(error, .unauthorized)
        }
        let attempts = await wrong.loginAttempts
        XCTAssertEqual(attempts, 1, "a failed login must never be retried")
        let right = QBittorrentClient(connection: try await connection(.qbittorrent, peers.qbittorrent), transport: transport, secrets: secrets)
        let snapshot = try await right.transfers()
        XCTAssertEqual(snapshot.items.count, peers.torrents.count, "the next correct login still works")
    }

    func testQBittorrentIncrementalRefreshSeesAChangeAndMatchesAFullFetch() async throws {
        let client = QBittorrentClient(connection: try await connection(.qbittorrent, peers.qbittorrent), transport: transport, secrets: secrets)
        _ = try await client.transfers()
        let target = peers.torrents.first { $0.complete }!.hash
        try await qbittorrentAction("resume", hash: target)
        let changed = try await eventually(30) {
            let snapshot = try await client.transfers()
            return snapshot.items.first { $0.joinKey == target }?.state != .paused
        }
        XCTAssertTrue(changed, "the diff never showed the resumed torrent")
        let merged = try await client.transfers()
        let fresh = try await QBittorrentClient(connection: try await connection(.qbittorrent, peers.qbittorrent),
                                                transport: transport, secrets: secrets).transfers()
        XCTAssertEqual(merged.items.map(\.joinKey), fresh.items.map(\.joinKey))
        XCTAssertEqual(merged.items.map(\.name), fresh.items.map(\.name))
        XCTAssertEqual(merged.items.map(\.progress), fresh.items.map(\.progress))

        // Leave the daemon as the other tests expect it: everything paused.
        try await qbittorrentAction("pause", hash: target)
        let paused = try await eventually(30) { try await client.transfers().items.allSatisfy { $0.state == .paused } }
        XCTAssertTrue(paused)
    }

    /// A mutation the way a user's other tool would do it (the client under test is read-only).
    private func qbittorrentAction(_ action: String, hash: String) async throws {
        let endpoint = try Endpoint.parse("http://127.0.0.1:\(peers.qbittorrent.port)")
        let policy = SchemePolicy(allowsPlainHTTP: true)
        let login = try await transport.send(HTTPRequest(.post, endpoint, path: "/api/v2/auth/login",
            body: FormEncoding.encode([("username", peers.qbittorrent.username), ("password", peers.qbittorrent.password)]),
            contentType: "application/x-www-form-urlencoded", requestClass: .probe, schemePolicy: policy))
        let cookie = login.headers("Set-Cookie").compactMap { $0.split(separator: ";").first }.joined(separator: "; ")
        let response = try await transport.send(HTTPRequest(.post, endpoint, path: "/api/v2/torrents/\(action)", headers: ["Cookie": cookie],
            body: FormEncoding.encode([("hashes", hash)]), contentType: "application/x-www-form-urlencoded",
            requestClass: .mutation, schemePolicy: policy))
        XCTAssertEqual(response.status, 200)
    }

    /// The details pane's reads against the real daemon: each seed's files add up to its size under its name,
    /// the lists are there (empty where nothing is connected), and a hash it does not hold is said to be gone.
    private func assertDetails(_ client: some TransferInspecting, kind: ServiceKind, line: UInt = #line) async throws {
        for seed in peers.torrents {
            let item = TransferItem(serviceID: UUID(), joinKey: seed.hash, name: seed.name, state: .paused, rawState: "paused",
                                    progress: 0, sizeBytes: seed.size, remainingBytes: 0)
            let details = try await client.inspect(item, parts: Set(TransferDetailPart.allCases))
            let files = try XCTUnwrap(details.files, line: line)
            XCTAssertFalse(files.isEmpty, "\(seed.name) has files", line: line)
            XCTAssertEqual(files.reduce(0) { $0 + $1.sizeBytes }, seed.size, "\(seed.name)'s files add up to its size", line: line)
            XCTAssertTrue(files.allSatisfy { $0.path == seed.name || $0.path.hasPrefix(seed.name + "/") }, "\(files.map(\.path))", line: line)
            XCTAssertEqual(Set(files.map(\.index)).count, files.count, "each file its own index", line: line)
            XCTAssertTrue(files.allSatisfy { $0.priority != .skip }, "every file wanted", line: line)
            XCTAssertEqual(details.general?.sizeBytes, seed.size, line: line)
            XCTAssertFalse(details.general?.savePath?.isEmpty ?? true, "a save path", line: line)
            XCTAssertNotNil(details.general?.added, line: line)
            XCTAssertNotNil(details.peers, line: line)
            XCTAssertNotNil(details.trackers, line: line)
        }
        let absent = TransferItem(serviceID: UUID(), joinKey: String(repeating: "0", count: 40), name: "gone", state: .paused,
                                  rawState: "paused", progress: 0, sizeBytes: 0, remainingBytes: 0)
        do {
            _ = try await client.inspect(absent, parts: [.general, .files])
            XCTFail("read a torrent the daemon does not hold", line: line)
        } catch {
            XCTAssertEqual(error as? ServiceError, .refused(.noSuchTransfer), line: line)
        }
    }

    /// The details pane's file priority on the real daemon: a file set to skip reads back skipped, the others keep
    /// theirs; set back to normal, it reads back normal.
    private func assertFilePriorities(_ client: some TransferInspecting & TransferTuning, line: UInt = #line) async throws {
        let seed = try XCTUnwrap(peers.torrents.first, line: line)
        let item = TransferItem(serviceID: UUID(), joinKey: seed.hash, name: seed.name, state: .paused, rawState: "paused",
                                progress: 0, sizeBytes: seed.size, remainingBytes: 0)
        let read = try await client.inspect(item, parts: [.files])
        let before = try XCTUnwrap(read.files, line: line)
        let target = try XCTUnwrap(before.first, line: line)
        try await client.perform(.setFilePriority(.skip, files: [target.index]), on: item)
        let skipped = try await eventually(10) {
            try await client.inspect(item, parts: [.files]).files?.first { $0.index == target.index }?.priority == .skip
        }
        XCTAssertTrue(skipped, "the daemon reports the file skipped", line: line)
        let reread = try await client.inspect(item, parts: [.files])
        let after = try XCTUnwrap(reread.files, line: line)
        XCTAssertEqual(after.filter { $0.index != target.index }.map(\.priority), before.filter { $0.index != target.index }.map(\.priority),
                       "the other files kept theirs", line: line)
        try await client.perform(.setFilePriority(.normal, files: [target.index]), on: item)
        let normal = try await eventually(10) {
            try await client.inspect(item, parts: [.files]).files?.first { $0.index == target.index }?.priority == .normal
        }
        XCTAssertTrue(normal, "and back to normal", line: line)
    }

    func testQBittorrentDetailsOfEachSeed() async throws {
        let client = QBittorrentClient(connection: try await connection(.qbittorrent, peers.qbittorrent), transport: transport, secrets: secrets)
        try await assertDetails(client, kind: .qbittorrent)
        try await assertFilePriorities(client)
    }

    func testDelugeDetailsOfEachSeed() async throws {
        let client = DelugeClient(connection: try await connection(.deluge, peers.deluge), transport: transport, secrets: secrets)
        try await assertDetails(client, kind: .deluge)
        try await assertFilePriorities(client)
    }

    func testTransmissionDetailsOfEachSeed() async throws {
        let client = TransmissionClient(connection: try await connection(.transmission, peers.transmission), transport: transport, secrets: secrets)
        try await assertDetails(client, kind: .transmission)
        try await assertFilePriorities(client)
    }

    func testRTorrentDetailsOfEachSeed() async throws {
        let client = RTorrentClient(connection: try await connection(.rtorrent, peers.rtorrent), transport: transport, secrets: secrets)
        try await assertDetails(client, kind: .rtorrent)
        try await assertFilePriorities(client)
        // Verify and reannounce are taken (the daemon answers each call of the multicall with 0, not a fault).
        let seed = try XCTUnwrap(peers.torrents.first)
        let item = TransferItem(serviceID: UUID(), joinKey: seed.hash, name: seed.name, state: .paused, rawState: "paused",
                                progress: 0, sizeBytes: seed.size, remainingBytes: 0)
        try await client.perform(.reannounce, on: item)
        try await client.perform(.recheck, on: item)
        // After the check, the pieces it holds are what is on disk: all of a complete seed's, none of an incomplete one's.
        let checked = try await eventually(30) {
            guard let general = try await client.inspect(item, parts: [.general]).general, let count = general.pieceCount else { return false }
            return general.piecesHave == (seed.complete ? count : 0)
        }
        XCTAssertTrue(checked, "the pieces held after the check match the data on disk")
    }

    // MARK: Transmission

    func testTransmissionProbeAndSeededTransfers() async throws {
        let client = TransmissionClient(connection: try await connection(.transmission, peers.transmission), transport: transport, secrets: secrets)
        let status = try await client.probe()
        XCTAssertEqual(status.version, peers.transmission.version)
        let snapshot = try await client.transfers()
        assertSeeds(snapshot)
        XCTAssertTrue(snapshot.items.allSatisfy { $0.state == .paused && $0.labels == ["fixture-movies"] })
    }

    func testTransmissionWrongPasswordIsRefusedOnceAndNothingLocksOut() async throws {
        let wrong = TransmissionClient(connection: try await connection(.transmission, peers.transmission, password: "fixture-wrong"),
                                       transport: transport, secrets: secrets)
        do {
            _ = try await wrong.transfers()
            XCTFail("a wrong password was accepted")
        } catch {
            XCTAssertEqual(error, .unauthorized)
        }
        let refused = await wrong.refusedRequests
        XCTAssertEqual(refused, 1, "a refused request must never be retried")
        let right = TransmissionClient(connection: try await connection(.transmission, peers.transmission), transport: transport, secrets: secrets)
        let snapshot = try await right.transfers()
        XCTAssertEqual(snapshot.items.count, peers.torrents.count)
    }

    func testTransmissionIncrementalRefreshSeesAChangeAndMatchesAFullFetch() async throws {
        let client = TransmissionClient(connection: try await connection(.transmission, peers.transmission), transport: transport, secrets: secrets)
        _ = try await client.transfers()
        let target = peers.torrents.first { $0.complete }!.hash
        _ = try await client.call("torrent-start", #"{"ids":["\#(target)"]}"#, class: .mutation, effect: .write)
        let changed = try await eventually(30) {
            let snapshot = try await client.transfers()
            return snapshot.items.first { $0.joinKey == target }?.state != .paused
        }
        XCTAssertTrue(changed, "recently-active never showed the started torrent")
        let merged = try await client.transfers()
        let fresh = try await TransmissionClient(connection: try await connection(.transmission, peers.transmission),
                                                 transport: transport, secrets: secrets).transfers()
        XCTAssertEqual(merged.items.map(\.joinKey), fresh.items.map(\.joinKey))
        XCTAssertEqual(merged.items.map(\.rawState), fresh.items.map(\.rawState))

        _ = try await client.call("torrent-stop", #"{"ids":["\#(target)"]}"#, class: .mutation, effect: .write)
        let stopped = try await eventually(30) { try await client.transfers().items.allSatisfy { $0.state == .paused } }
        XCTAssertTrue(stopped)
    }

    // MARK: Deluge

    func testDelugeProbeAndSeededTransfers() async throws {
        let client = DelugeClient(connection: try await connection(.deluge, peers.deluge), transport: transport, secrets: secrets)
        let status = try await client.probe()
        XCTAssertEqual(status.version, peers.deluge.version)
        let snapshot = try await client.transfers()
        assertSeeds(snapshot)
        XCTAssertTrue(snapshot.items.allSatisfy { $0.state == .paused }, "\(snapshot.items.map(\.rawState))")
    }

    func testDelugeWrongPasswordIsOneLoginAndTheRightOneStillWorks() async throws {
        let wrong = DelugeClient(connection: try await connection(.deluge, peers.deluge, password: "fixture-wrong"),
                                 transport: transport, secrets: secrets)
        do {
            _ = try await wrong.transfers()
            XCTFail("a wrong password was accepted")
        } catch {
            XCTAssertEqual(error, .unauthorized)
        }
        let attempts = await wrong.loginAttempts
        XCTAssertEqual(attempts, 1)
        let right = DelugeClient(connection: try await connection(.deluge, peers.deluge), transport: transport, secrets: secrets)
        let snapshot = try await right.transfers()
        XCTAssertEqual(snapshot.items.count, peers.torrents.count)
    }

    // MARK: NZBGet

    private func nzbgetConnection(password: String? = nil) async throws -> ServiceConnection {
        let daemon = Peers.Daemon(port: peers.nzbget.port, version: peers.nzbget.version,
                                  username: peers.nzbget.username, password: peers.nzbget.password)
        return try await connection(.nzbget, daemon, password: password)
    }

    func testNZBGetProbeQueueAndRealDownloads() async throws {
        let client = NZBGetClient(connection: try await nzbgetConnection(), transport: transport, secrets: secrets)
        let status = try await client.probe()
        XCTAssertEqual(status.version, peers.nzbget.version)
        let snapshot = try await client.transfers()
        let byKey = Dictionary(uniqueKeysWithValues: snapshot.items.map { ($0.joinKey, $0) })
        XCTAssertEqual(Set(byKey.keys), ["fixture-drone-0", "fixture-drone-1", "fixture-drone-done", "fixture-drone-failed"],
                       "the drone parameter is the join key Sonarr/Radarr use")
        XCTAssertEqual(byKey["fixture-drone-0"]?.name, "fixture-usenet-one")
        XCTAssertEqual(byKey["fixture-drone-0"]?.state, .paused)
        XCTAssertEqual(byKey["fixture-drone-1"]?.category, "fixture-usenet")
        // Downloaded for real from the NNTP stub: one finished, one named a missing article.
        XCTAssertEqual(byKey["fixture-drone-done"]?.state, .completed)
        XCTAssertEqual(byKey["fixture-drone-done"]?.progress, 1)
        XCTAssertEqual(byKey["fixture-drone-failed"]?.state, .error)
        XCTAssertTrue(byKey["fixture-drone-failed"]?.errorMessage?.hasPrefix("FAILURE/") ?? false)
        XCTAssertTrue(snapshot.items.allSatisfy { $0.sizeBytes > 0 })
    }

    func testNZBGetWrongPasswordIsRefusedOnce() async throws {
        let wrong = NZBGetClient(connection: try await nzbgetConnection(password: "fixture-wrong"), transport: transport, secrets: secrets)
        do {
            _ = try await wrong.transfers()
            XCTFail("a wrong password was accepted")
        } catch {
            XCTAssertEqual(error, .unauthorized)
        }
        let refused = await wrong.refusedRequests
        XCTAssertEqual(refused, 1)
    }

    // MARK: Full-list clients see a change too

    func testDelugeRefreshSeesAResume() async throws {
        let client = DelugeClient(connection: try await connection(.deluge, peers.deluge), transport: transport, secrets: secrets)
        _ = try await client.transfers()
        let target = peers.torrents.first { $0.complete }!.hash
        _ = try await client.authorized("core.resume_torrent", #"[["\#(target)"]]"#, class: .mutation, effect: .write)
        let changed = try await eventually(30) {
            try await client.transfers().items.first { $0.joinKey == target }?.state != .paused
        }
        XCTAssertTrue(changed, "the refreshed list never showed the resumed torrent")
        // Put it back (asking again while it settles: a pause sent mid-transition can be dropped).
        let paused = try await eventually(30) {
            _ = try await client.authorized("core.pause_torrent", #"[["\#(target)"]]"#, class: .mutation, effect: .write)
            return try await client.transfers().items.allSatisfy { $0.state == .paused }
        }
        XCTAssertTrue(paused)
    }

    func testNZBGetRefreshSeesAResume() async throws {
        let client = NZBGetClient(connection: try await nzbgetConnection(), transport: transport, secrets: secrets)
        _ = try await client.transfers()
        let id = peers.nzbget.nzb_ids[0]
        _ = try await client.call("editqueue", #"["GroupResume", 0, "", \#(id)]"#, class: .mutation, effect: .write)
        // The harness's NZBGet has no news server and its downloads are paused globally, so the item
        // moves from PAUSED to QUEUED and still shows as paused: the raw state carries the change.
        let changed = try await eventually(30) {
            try await client.transfers().items.first { $0.joinKey == "fixture-drone-0" }?.rawState == "QUEUED"
        }
        XCTAssertTrue(changed, "the refreshed list never showed the resumed NZB")
        _ = try await client.call("editqueue", #"["GroupPause", 0, "", \#(id)]"#, class: .mutation, effect: .write)
        let paused = try await eventually(30) {
            try await client.transfers().items.filter { $0.joinKey.hasPrefix("fixture-drone-") && $0.state != .completed && $0.state != .error }
                .allSatisfy { $0.rawState == "PAUSED" }
        }
        XCTAssertTrue(paused)
    }

    /// A real NZBGet's job in depth: a queued job's one file and its place, its log from its first line, and a
    /// finished job (no files left in the queue) read from the history.
    func testNZBGetDetailsOfItsJobs() async throws {
        let client = NZBGetClient(connection: try await nzbgetConnection(), transport: transport, secrets: secrets)
        let items = try await client.transfers().items
        let queued = try XCTUnwrap(items.first { $0.joinKey == "fixture-drone-0" })
        let details = try await client.inspect(queued, parts: [.general, .files, .log])
        XCTAssertEqual(details.files?.count, 1, "one article file in the fixture NZB")
        XCTAssertEqual(details.files?.first?.sizeBytes, 4096)
        XCTAssertNil(details.files?.first?.priority)
        XCTAssertNotNil(details.general?.queuePosition)
        XCTAssertTrue(details.log?.contains { $0.text.contains("added to queue") } ?? false, "the job's log from its first line: \(details.log ?? [])")
        let failed = try XCTUnwrap(items.first { $0.isHistoryEntry && $0.state == .error })
        let history = try await client.inspect(failed, parts: [.general, .files])
        XCTAssertEqual(history.files, [], "a finished job's files are not asked for")
        XCTAssertNotNil(history.general?.completed, "when it finished, from the history")
        XCTAssertNil(history.general?.doneBytes, "a failed job's history does not say what arrived")
    }
}
