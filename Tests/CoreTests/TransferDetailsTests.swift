@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// The details pane's reads (API-GUIDE-4 §1–2) through the real clients over a scripted transport: what each
/// request names (one hash, reads only), what each answer decodes to, qBittorrent's peer diffs against their
/// baseline, and bounded errors for hostile answers.
final class TransferDetailsTests: XCTestCase {
    private final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [HTTPRequest] = []
        func add(_ request: HTTPRequest) { lock.withLock { seen.append(request) } }
        var requests: [HTTPRequest] { lock.withLock { seen } }
    }

    private func fixture(_ name: String) throws -> Data { try Data(contentsOf: fixturesDirectory.appendingPathComponent(name)) }

    private func item(_ kind: ServiceKind, _ hash: String, config: ServiceConfig) -> TransferItem {
        TransferItem(serviceID: config.id, joinKey: hash, name: "Fixture", state: .downloading, rawState: "downloading",
                     progress: 0.5, sizeBytes: 1, remainingBytes: 1, actionID: kind == .transmission ? "7" : nil)
    }

    private func connection(_ kind: ServiceKind) async throws -> (ServiceConnection, InMemorySecretStore) {
        let config = ServiceConfig(kind: kind, remoteEndpoint: try Endpoint.parse("https://\(kind.rawValue).fixture.invalid"))
        let secrets = InMemorySecretStore()
        try await secrets.write(Credential(username: "fixture", password: "fixture-password"), for: config.credential, kind: kind)
        return (try ServiceConnection(config: config, role: .remote), secrets)
    }

    private static func answer(_ request: HTTPRequest, _ body: Data, status: Int = 200, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headerFields: [("Content-Type", "application/json")] + headers, body: body, url: request.url)
    }

    // MARK: qBittorrent

    private func qbittorrent(peers: [Data] = [], files: Data? = nil) async throws -> (QBittorrentClient, Log, ServiceConfig) {
        let (connection, secrets) = try await connection(.qbittorrent)
        let log = Log()
        let properties = try fixture("qbittorrent/torrent-properties.json"), trackers = try fixture("qbittorrent/torrent-trackers.json")
        let fileList = try files ?? fixture("qbittorrent/torrent-files.json")
        let peerAnswers = LockedQueue(peers)
        let transport = ScriptedTransport { request throws(TransportError) in
            log.add(request)
            switch request.path {
            case "/api/v2/auth/login":
                return Self.answer(request, Data("Ok.".utf8), headers: [("Set-Cookie", "SID=fixture-session; HttpOnly; path=/")])
            case "/api/v2/torrents/properties":
                let hash = request.query.first { $0.name == "hash" }?.value
                return hash == "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1" ? Self.answer(request, properties) : Self.answer(request, Data("Not Found".utf8), status: 404)
            case "/api/v2/torrents/files": return Self.answer(request, fileList)
            case "/api/v2/torrents/trackers": return Self.answer(request, trackers)
            case "/api/v2/sync/torrentPeers": return Self.answer(request, peerAnswers.next() ?? Data(#"{"rid": 9}"#.utf8))
            case "/api/v2/torrents/filePrio", "/api/v2/torrents/recheck", "/api/v2/torrents/reannounce": return Self.answer(request, Data())
            default: return Self.answer(request, Data(), status: 404)
            }
        }
        return (QBittorrentClient(connection: connection, transport: transport, secrets: secrets), log, connection.config)
    }

    func testQBittorrentReadsEachPartAskedForNamingTheOneHash() async throws {
        let (client, log, config) = try await qbittorrent(peers: [try fixture("qbittorrent/torrent-peers-full.json")])
        let hash = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1"
        let details = try await client.inspect(item(.qbittorrent, hash, config: config), parts: Set(TransferDetailPart.allCases))

        let general = try XCTUnwrap(details.general)
        XCTAssertEqual(general.savePath, "/data/fixture/tv")
        XCTAssertEqual(general.added, Date(timeIntervalSince1970: 1_768_485_720))
        XCTAssertNil(general.completed, "-1: not yet")
        XCTAssertEqual(general.sizeBytes, 8_454_144)
        XCTAssertEqual(general.ratio, 0.25)
        XCTAssertEqual(general.seedsConnected, 1)
        XCTAssertEqual(general.seedsInSwarm, 14)
        XCTAssertEqual(general.peersInSwarm, 9)
        XCTAssertEqual(general.downloadLimit, 40_000)
        XCTAssertNil(general.uploadLimit, "-1: unlimited")
        XCTAssertEqual(general.isPrivate, true)
        XCTAssertEqual(general.comment, "Fixture comment")
        XCTAssertEqual(general.nextAnnounce, 1740)

        XCTAssertEqual(details.files?.map(\.path), ["Fixture.Show.S01.1080p/Fixture.Show.S01E01.mkv",
                                                    "Fixture.Show.S01.1080p/Fixture.Show.S01E02.mkv",
                                                    "Fixture.Show.S01.1080p/extras/fixture-sample.txt"])
        XCTAssertEqual(details.files?.map(\.priority), [.normal, .high, .skip])
        XCTAssertEqual(details.files?.map(\.doneBytes), [2_097_152, 0, 65_536])

        let trackers = try XCTUnwrap(details.trackers)
        XCTAssertEqual(trackers.map(\.url), ["http://tracker.fixture.invalid:6969/announce", "udp://backup-tracker.fixture.invalid:1337/announce"],
                       "DHT, PeX and LSD are not trackers")
        XCTAssertEqual(trackers.map(\.status), [.working, .notWorking])
        XCTAssertEqual(trackers[0].seeds, 14)
        XCTAssertNil(trackers[1].seeds, "-1: unknown")
        XCTAssertEqual(trackers[1].message, "Connection refused")

        let peers = try XCTUnwrap(details.peers)
        XCTAssertEqual(peers.map(\.endpoint), ["192.0.2.10:51413", "[2001:db8::7]:6881"], "fastest first")
        XCTAssertEqual(peers[0].flags, "DIE")
        XCTAssertEqual(peers[0].country, "xa")
        XCTAssertEqual(peers[0].isIncoming, true)
        XCTAssertEqual(peers[1].client, "qBittorrent 4.5.2")

        let reads = log.requests.filter { $0.path != "/api/v2/auth/login" }
        XCTAssertTrue(reads.allSatisfy { $0.method == .get }, "the pane only reads")
        XCTAssertEqual(reads.count, 4, "one read per part: \(reads.map(\.path))")
        XCTAssertTrue(reads.allSatisfy { $0.query.filter { $0.name == "hash" }.map(\.value) == [hash] }, "each names the one hash")
    }

    func testQBittorrentPeersMergeDiffsAndStartAgainForAnotherTorrent() async throws {
        let (client, log, config) = try await qbittorrent(peers: [try fixture("qbittorrent/torrent-peers-full.json"),
                                                                  try fixture("qbittorrent/torrent-peers-diff.json"),
                                                                  try fixture("qbittorrent/torrent-peers-full.json")])
        let first = item(.qbittorrent, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1", config: config)
        _ = try await client.inspect(first, parts: [.peers])
        let again = try await client.inspect(first, parts: [.peers])
        let merged = try XCTUnwrap(again.peers)
        XCTAssertEqual(merged.map(\.endpoint), ["192.0.2.10:51413", "198.51.100.4:40000"], "the IPv6 peer left, a new one came")
        XCTAssertEqual(merged[0].downloadSpeed, 80_000, "the diff's speed")
        XCTAssertEqual(merged[0].client, "Transmission 3.00", "kept from the full list")
        _ = try await client.inspect(item(.qbittorrent, "cccccccccccccccccccccccccccccccccccccc33", config: config), parts: [.peers])
        let rids = log.requests.filter { $0.path == "/api/v2/sync/torrentPeers" }.map { $0.query.first { $0.name == "rid" }?.value }
        XCTAssertEqual(rids, ["0", "1", "0"], "the diff baseline is the session's: another torrent starts from 0")
    }

    func testQBittorrentSaysATransferItNoLongerHoldsIsGone() async throws {
        let (client, _, config) = try await qbittorrent()
        do {
            _ = try await client.inspect(item(.qbittorrent, "dddddddddddddddddddddddddddddddddddddd44", config: config), parts: [.general])
            XCTFail("read a torrent qBittorrent does not hold")
        } catch {
            XCTAssertEqual(error as? ServiceError, .refused(.noSuchTransfer))
        }
    }

    func testADetailReadNeverNamesAnythingButOneHash() async throws {
        let (client, log, config) = try await qbittorrent()
        for key in ["", "all", "ALL", "0123", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaz"] {
            do {
                _ = try await client.inspect(item(.qbittorrent, key, config: config), parts: Set(TransferDetailPart.allCases))
                XCTFail("sent a read for \(key)")
            } catch {
                XCTAssertEqual(error as? ServiceError, .invalidRequest(.noItems), key)
            }
        }
        XCTAssertEqual(log.requests.count, 0, "nothing left the machine")
    }

    func testAFileListPastTheBoundIsABoundedError() async throws {
        var text = "["
        for index in 0...TransferInspection.maxFiles {
            if index > 0 { text += "," }
            text += #"{"index":\#(index),"name":"f/\#(index)","size":1,"progress":0,"priority":1}"#
        }
        let (client, _, config) = try await qbittorrent(files: Data((text + "]").utf8))
        do {
            _ = try await client.inspect(item(.qbittorrent, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1", config: config), parts: [.files])
            XCTFail("decoded more files than the bound")
        } catch {
            guard case .decoding(let path, let detail)? = error as? ServiceError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "$[\(TransferInspection.maxFiles)]")
            XCTAssertTrue(detail.contains("more than"), detail)
        }
    }

    func testNegativeSizesAndOddValuesDoNotBecomeNumbersOnScreen() throws {
        let files = try QBittorrentClient.decodeFiles(Data(#"[{"index":0,"name":"a","size":10,"progress":7,"priority":3}]"#.utf8))
        XCTAssertEqual(files.first?.doneBytes, 10, "progress above 1 reads as done")
        XCTAssertEqual(files.first?.priority, .normal)
        XCTAssertThrowsError(try QBittorrentClient.decodeFiles(Data(#"[{"index":0,"name":"a","size":-5}]"#.utf8)))
        let general = try QBittorrentClient.decodeProperties(Data(#"{"share_ratio":-1,"seeds":-3,"dl_limit":0}"#.utf8))
        XCTAssertEqual(general.ratio, .infinity, "qBittorrent's -1: above its cap")
        XCTAssertNil(general.seedsConnected)
        XCTAssertNil(general.downloadLimit, "0: unlimited")
    }

    // MARK: Transmission

    func testTransmissionReadsEveryPartInOneTorrentGetNamingTheHash() async throws {
        let (connection, secrets) = try await connection(.transmission)
        let log = Log()
        let body = try fixture("transmission/torrent-get-details.json")
        let transport = ScriptedTransport { request throws(TransportError) in
            log.add(request)
            return Self.answer(request, body)
        }
        let client = TransmissionClient(connection: connection, transport: transport, secrets: secrets)
        let hash = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb2"
        let details = try await client.inspect(item(.transmission, hash, config: connection.config), parts: Set(TransferDetailPart.allCases))

        XCTAssertEqual(log.requests.count, 1, "one request for the whole pane")
        let sent = try XCTUnwrap(try JSONSerialization.jsonObject(with: log.requests[0].body ?? Data()) as? [String: Any])
        XCTAssertEqual(sent["method"] as? String, "torrent-get")
        let arguments = try XCTUnwrap(sent["arguments"] as? [String: Any])
        XCTAssertEqual(arguments["ids"] as? [String], [hash], "named by its hash, never left out (that means every torrent)")
        let fields = try XCTUnwrap(arguments["fields"] as? [String])
        XCTAssertTrue(Set(["files", "fileStats", "peers", "trackerStats", "downloadDir"]).isSubset(of: fields), "\(fields)")

        let general = try XCTUnwrap(details.general)
        XCTAssertEqual(general.savePath, "/data/fixture/movies")
        XCTAssertNil(general.completed, "0: never")
        XCTAssertNil(general.ratio, "-1: not available")
        XCTAssertEqual(general.downloadLimit, 100_000, "100 in units of 1,000 B/s, limited")
        XCTAssertNil(general.uploadLimit, "a limit that is not switched on does not apply")
        XCTAssertEqual(general.queuePosition, 3)

        XCTAssertEqual(details.files?.map(\.priority), [.high, .low, .skip], "priority 1, -1, and not wanted")
        XCTAssertEqual(details.files?.map(\.index), [0, 1, 2])
        XCTAssertEqual(details.files?.first?.progress, 1)

        XCTAssertEqual(details.peers?.map(\.endpoint), ["192.0.2.20:6881"])
        XCTAssertEqual(details.peers?.first?.uploadSpeed, 32_000)
        XCTAssertNil(details.peers?.first?.country, "Transmission resolves no countries")

        let trackers = try XCTUnwrap(details.trackers)
        XCTAssertEqual(trackers.map(\.status), [.working, .unreachable])
        XCTAssertEqual(trackers.map(\.clientID), [0, 1])
        XCTAssertEqual(trackers[0].nextAnnounce, Date(timeIntervalSince1970: 1_768_487_520))
        XCTAssertNil(trackers[1].nextAnnounce)
        XCTAssertEqual(trackers[1].message, "Connection failed")
    }

    func testTransmissionAsksOnlyForThePartsShownAndSaysWhenTheTorrentIsGone() async throws {
        let (connection, secrets) = try await connection(.transmission)
        let log = Log()
        let transport = ScriptedTransport { request throws(TransportError) in
            log.add(request)
            return Self.answer(request, Data(#"{"result":"success","arguments":{"torrents":[]}}"#.utf8))
        }
        let client = TransmissionClient(connection: connection, transport: transport, secrets: secrets)
        do {
            _ = try await client.inspect(item(.transmission, "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb2", config: connection.config), parts: [.peers])
            XCTFail("an empty answer is a torrent Transmission no longer holds")
        } catch {
            XCTAssertEqual(error as? ServiceError, .refused(.noSuchTransfer))
        }
        let sent = try XCTUnwrap(try JSONSerialization.jsonObject(with: log.requests[0].body ?? Data()) as? [String: Any])
        XCTAssertEqual((sent["arguments"] as? [String: Any])?["fields"] as? [String], ["hashString", "peers"])
    }

    func testTransmissionRefusesMismatchedFileStats() throws {
        let body = Data(#"{"result":"success","arguments":{"torrents":[{"files":[{"name":"a","length":1,"bytesCompleted":0}],"fileStats":[]}]}}"#.utf8)
        XCTAssertEqual(try TransmissionClient.decodeInspection(body, parts: [.files])?.files?.map(\.priority), [.normal],
                       "no stats: every file wanted, normal")
        let odd = Data(#"{"result":"success","arguments":{"torrents":[{"files":[{"name":"a","length":1}],"fileStats":[{"wanted":true},{"wanted":false}]}]}}"#.utf8)
        XCTAssertThrowsError(try TransmissionClient.decodeInspection(odd, parts: [.files]))
    }
}

extension TransferDetailsTests {
    func testDelugeReadsEveryPartInOneStatusCallNamingTheHash() async throws {
        let (connection, secrets) = try await connection(.deluge)
        let log = Log()
        let body = try fixture("deluge/torrent-status-details.json")
        let transport = ScriptedTransport { request throws(TransportError) in
            log.add(request)
            let sent = String(decoding: request.body ?? Data(), as: UTF8.self)
            if sent.contains("auth.login") || sent.contains("web.connected") {
                return Self.answer(request, Data(#"{"id":1,"error":null,"result":true}"#.utf8), headers: [("Set-Cookie", "_session_id=fixture; Path=/json")])
            }
            return Self.answer(request, body)
        }
        let client = DelugeClient(connection: connection, transport: transport, secrets: secrets)
        let hash = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb2"
        let details = try await client.inspect(item(.deluge, hash, config: connection.config), parts: Set(TransferDetailPart.allCases))

        let calls = log.requests.compactMap { request -> [String: Any]? in
            (try? JSONSerialization.jsonObject(with: request.body ?? Data())) as? [String: Any]
        }.filter { $0["method"] as? String == "core.get_torrent_status" }
        XCTAssertEqual(calls.count, 1, "one call for the whole pane")
        let params = try XCTUnwrap(calls.first?["params"] as? [Any])
        XCTAssertEqual(params.first as? String, hash, "named by its hash")
        XCTAssertTrue(Set(["files", "file_priorities", "peers", "tracker_status"]).isSubset(of: Set(params.last as? [String] ?? [])))

        let general = try XCTUnwrap(details.general)
        XCTAssertEqual(general.savePath, "/data/fixture/music")
        XCTAssertNil(general.ratio, "-1: nothing downloaded yet")
        XCTAssertEqual(general.downloadLimit, 512 * 1024, "KiB/s")
        XCTAssertNil(general.uploadLimit, "-1: unlimited")
        XCTAssertNil(general.completed, "0: never")
        XCTAssertEqual(details.files?.map(\.priority), [.high, .normal, .skip], "7, 4, 0")
        XCTAssertEqual(details.files?.map(\.doneBytes), [4_194_304, 65_536, 0])
        XCTAssertEqual(details.peers?.map(\.endpoint), ["192.0.2.30:51413", "[2001:db8::9]:6881"], "IPv6 split at its last colon")
        XCTAssertEqual(details.peers?.first?.country, "xa")
        XCTAssertNil(details.peers?.last?.country, "no GeoIP database: no country")
        XCTAssertEqual(details.trackers?.map(\.status), [.working, .notContacted], "the live state is the current tracker's")
    }

    func testDelugeSaysATorrentItDoesNotHoldIsGone() throws {
        XCTAssertNil(try DelugeClient.decodeInspection(Data(#"{"id":1,"error":null,"result":{}}"#.utf8), parts: [.general]))
        let paused = try DelugeClient.decodeInspection(Data(#"{"id":1,"error":null,"result":{"next_announce":0}}"#.utf8), parts: [.general])
        XCTAssertNotNil(paused?.general)
        XCTAssertNil(paused?.general?.nextAnnounce, "0 while paused: no announce is due")
        XCTAssertNil(try QBittorrentClient.decodeProperties(Data(#"{"reannounce":0}"#.utf8)).nextAnnounce)
        XCTAssertEqual(DelugeClient.trackerState("Error: tracker sent invalid reply").0, .error)
        XCTAssertEqual(DelugeClient.trackerState("Warning: Fixture warning").1, "Fixture warning")
    }
}

extension TransferDetailsTests {
    private func formFields(_ request: HTTPRequest) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in String(decoding: request.body ?? Data(), as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }

    func testQBittorrentActionsAreOneFormPostNamingTheHashAndTheFiles() async throws {
        let (client, log, config) = try await qbittorrent()
        let bay = item(.qbittorrent, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1", config: config)
        try await client.perform(.setFilePriority(.skip, files: [2, 0, 2]), on: bay)
        try await client.perform(.setFilePriority(.high, files: [1]), on: bay)
        try await client.perform(.recheck, on: bay)
        try await client.perform(.reannounce, on: bay)
        let writes = log.requests.filter { $0.path != "/api/v2/auth/login" }
        XCTAssertEqual(writes.map(\.path), ["/api/v2/torrents/filePrio", "/api/v2/torrents/filePrio", "/api/v2/torrents/recheck",
                                            "/api/v2/torrents/reannounce"])
        XCTAssertTrue(writes.allSatisfy { $0.method == .post })
        XCTAssertEqual(formFields(writes[0]), ["hash": bay.joinKey, "id": "0|2", "priority": "0"], "each file once, in order")
        XCTAssertEqual(formFields(writes[1])["priority"], "6")
        XCTAssertEqual(formFields(writes[2]), ["hashes": bay.joinKey], "one hash, never all")
        XCTAssertEqual(formFields(writes[3]), ["hashes": bay.joinKey])

        let before = log.requests.count
        for action in [TransferDetailAction.setFilePriority(.skip, files: []), .setFilePriority(.normal, files: [-1])] {
            do {
                try await client.perform(action, on: bay)
                XCTFail("sent \(action)")
            } catch {
                XCTAssertEqual(error as? ServiceError, .invalidRequest(.noItems))
            }
        }
        do {
            try await client.perform(.setFilePriority(.low, files: [0]), on: bay)
            XCTFail("qBittorrent has no low priority")
        } catch {
            XCTAssertEqual(error as? ServiceError, .notOffered)
        }
        XCTAssertEqual(log.requests.count, before, "nothing left the machine")
    }

    func testTransmissionActionsNameTheTorrentAndNeverAnEmptyFileList() async throws {
        let (connection, secrets) = try await connection(.transmission)
        let log = Log()
        let transport = ScriptedTransport { request throws(TransportError) in
            log.add(request)
            return Self.answer(request, Data(#"{"result":"success","arguments":{}}"#.utf8))
        }
        let client = TransmissionClient(connection: connection, transport: transport, secrets: secrets)
        let movie = item(.transmission, "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb2", config: connection.config)
        try await client.perform(.setFilePriority(.skip, files: [1, 2]), on: movie)
        try await client.perform(.setFilePriority(.low, files: [0]), on: movie)
        try await client.perform(.recheck, on: movie)
        try await client.perform(.reannounce, on: movie)
        let sent = try log.requests.map { try XCTUnwrap(try JSONSerialization.jsonObject(with: $0.body ?? Data()) as? [String: Any]) }
        XCTAssertEqual(sent.map { $0["method"] as? String }, ["torrent-set", "torrent-set", "torrent-verify", "torrent-reannounce"])
        for call in sent { XCTAssertEqual((call["arguments"] as? [String: Any])?["ids"] as? [String], [movie.joinKey]) }
        let skip = try XCTUnwrap(sent[0]["arguments"] as? [String: Any])
        XCTAssertEqual(skip["files-unwanted"] as? [Int], [1, 2])
        XCTAssertEqual(Set(skip.keys), ["ids", "files-unwanted"])
        let low = try XCTUnwrap(sent[1]["arguments"] as? [String: Any])
        XCTAssertEqual(low["files-wanted"] as? [Int], [0])
        XCTAssertEqual(low["priority-low"] as? [Int], [0])
        do {
            try await client.perform(.setFilePriority(.normal, files: []), on: movie)
            XCTFail("an empty list means every file to Transmission")
        } catch {
            XCTAssertEqual(error as? ServiceError, .invalidRequest(.noItems))
        }
        XCTAssertEqual(log.requests.count, 4)
    }

    func testDelugeSendsTheWholePriorityListWithTheAskedFilesChanged() async throws {
        let (connection, secrets) = try await connection(.deluge)
        let log = Log()
        let transport = ScriptedTransport { request throws(TransportError) in
            log.add(request)
            let sent = String(decoding: request.body ?? Data(), as: UTF8.self)
            if sent.contains("auth.login") || sent.contains("web.connected") {
                return Self.answer(request, Data(#"{"id":1,"error":null,"result":true}"#.utf8), headers: [("Set-Cookie", "_session_id=fixture; Path=/json")])
            }
            if sent.contains("core.get_torrent_status") { return Self.answer(request, Data(#"{"id":2,"error":null,"result":{"file_priorities":[4,4,4]}}"#.utf8)) }
            return Self.answer(request, Data(#"{"id":3,"error":null,"result":null}"#.utf8))
        }
        let client = DelugeClient(connection: connection, transport: transport, secrets: secrets)
        let album = item(.deluge, "cccccccccccccccccccccccccccccccccccccc33", config: connection.config)
        try await client.perform(.setFilePriority(.skip, files: [2, 0]), on: album)
        try await client.perform(.recheck, on: album)
        let calls = log.requests.compactMap { (try? JSONSerialization.jsonObject(with: $0.body ?? Data())) as? [String: Any] }
            .filter { ($0["method"] as? String)?.hasPrefix("core.") == true }
        XCTAssertEqual(calls.map { $0["method"] as? String }, ["core.get_torrent_status", "core.set_torrent_options", "core.force_recheck"])
        let options = try XCTUnwrap(calls[1]["params"] as? [Any])
        XCTAssertEqual(options.first as? [String], [album.joinKey], "ids in a list: a bare string is iterated")
        XCTAssertEqual((options.last as? [String: Any])?["file_priorities"] as? [Int], [0, 4, 0], "the whole list, the two files changed")
        XCTAssertEqual((calls[2]["params"] as? [Any])?.first as? [String], [album.joinKey])
        do {
            try await client.perform(.setFilePriority(.high, files: [3]), on: album)
            XCTFail("a file past the list")
        } catch {
            XCTAssertEqual(error as? ServiceError, .invalidRequest(.noItems))
        }
        XCTAssertFalse(log.requests.suffix(1).contains { String(decoding: $0.body ?? Data(), as: UTF8.self).contains("set_torrent_options") },
                       "nothing written for a file the torrent does not have")
    }
}

/// Answers handed out in order, across the transport's threads.
final class LockedQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Data]
    init(_ items: [Data]) { self.items = items }
    func next() -> Data? { lock.withLock { items.isEmpty ? nil : items.removeFirst() } }
}
