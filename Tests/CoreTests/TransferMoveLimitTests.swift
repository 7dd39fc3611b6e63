@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Moving one transfer's data and limiting its speeds (API-GUIDE-4 §1.6, §2.6, §3.6, §4.6) through the real clients
/// over a scripted transport: what each request names and carries, in each client's own unit; what is refused before
/// a request; and rTorrent, which can do neither without running a program on its machine.
final class TransferMoveLimitTests: XCTestCase {
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [HTTPRequest] = []
        func add(_ request: HTTPRequest) { lock.withLock { seen.append(request) } }
        var requests: [HTTPRequest] { lock.withLock { seen } }
    }

    let hash = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1"

    func client<C>(_ kind: ServiceKind, answer: @escaping @Sendable (HTTPRequest) -> (Int, String, [(name: String, value: String)]),
                           make: (ServiceConnection, any HTTPTransport, InMemorySecretStore) -> C) async throws -> (C, Log, TransferItem) {
        let config = ServiceConfig(kind: kind, remoteEndpoint: try Endpoint.parse("https://\(kind.rawValue).fixture.invalid"))
        let secrets = InMemorySecretStore()
        try await secrets.write(Credential(username: "fixture", password: "fixture-password"), for: config.credential, kind: kind)
        let log = Log()
        let transport = ScriptedTransport { request throws(TransportError) in
            log.add(request)
            let (status, body, headers) = answer(request)
            return HTTPResponse(status: status, headerFields: [("Content-Type", "application/json")] + headers, body: Data(body.utf8), url: request.url)
        }
        let item = TransferItem(serviceID: config.id, joinKey: hash, name: "Fixture", state: .downloading, rawState: "downloading",
                                progress: 0.5, sizeBytes: 1, remainingBytes: 1)
        return (make(try ServiceConnection(config: config, role: .remote), transport, secrets), log, item)
    }

    func fields(_ request: HTTPRequest) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in String(decoding: request.body ?? Data(), as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0) }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }

    func json(_ request: HTTPRequest) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any])
    }

    func testQBittorrentMovesWithSetLocationAndLimitsInBytesOneDirectionARequest() async throws {
        let (client, log, item) = try await client(.qbittorrent, answer: { request in
            request.path == "/api/v2/auth/login" ? (200, "Ok.", [("Set-Cookie", "SID=fixture-session; HttpOnly; path=/")]) : (200, "", [])
        }, make: { QBittorrentClient(connection: $0, transport: $1, secrets: $2) })
        try await client.perform(.moveData(to: "/data/fixture movies"), on: item)
        try await client.perform(.setSpeedLimits(down: 50_000, up: nil), on: item)
        let writes = log.requests.filter { $0.path != "/api/v2/auth/login" }
        XCTAssertEqual(writes.map(\.path), ["/api/v2/torrents/setLocation", "/api/v2/torrents/setDownloadLimit", "/api/v2/torrents/setUploadLimit"])
        XCTAssertTrue(writes.allSatisfy { $0.method == .post })
        XCTAssertEqual(fields(writes[0]), ["hashes": hash, "location": "/data/fixture movies"])
        XCTAssertEqual(fields(writes[1]), ["hashes": hash, "limit": "50000"])
        XCTAssertEqual(fields(writes[2]), ["hashes": hash, "limit": "0"], "0: no limit of its own")
    }

    func testTransmissionMovesTheDataAndSwitchesEachLimitWithItsFlag() async throws {
        let (client, log, item) = try await client(.transmission, answer: { _ in (200, #"{"result":"success","arguments":{}}"#, []) },
                                                   make: { TransmissionClient(connection: $0, transport: $1, secrets: $2) })
        try await client.perform(.moveData(to: "/data/fixture"), on: item)
        try await client.perform(.setSpeedLimits(down: 50_001, up: nil), on: item)
        let sent = try log.requests.map(json)
        XCTAssertEqual(sent.map { $0["method"] as? String }, ["torrent-set-location", "torrent-set"])
        let move = try XCTUnwrap(sent[0]["arguments"] as? [String: Any])
        XCTAssertEqual(move["ids"] as? [String], [hash])
        XCTAssertEqual(move["location"] as? String, "/data/fixture")
        XCTAssertEqual(move["move"] as? Bool, true, "without it Transmission only looks for the data there")
        let limits = try XCTUnwrap(sent[1]["arguments"] as? [String: Any])
        XCTAssertEqual(limits["ids"] as? [String], [hash])
        XCTAssertEqual(limits["downloadLimited"] as? Bool, true)
        XCTAssertEqual(limits["downloadLimit"] as? Int, 51, "units of 1,000 B/s, rounded up: never unlimited by rounding")
        XCTAssertEqual(limits["uploadLimited"] as? Bool, false)
        XCTAssertNil(limits["uploadLimit"])
    }

    func testDelugeMovesStorageAndLimitsInKiBPerSecondWithIdsInAList() async throws {
        let (client, log, item) = try await client(.deluge, answer: { request in
            let sent = String(decoding: request.body ?? Data(), as: UTF8.self)
            if sent.contains("auth.login") || sent.contains("web.connected") {
                return (200, #"{"id":1,"error":null,"result":true}"#, [("Set-Cookie", "_session_id=fixture; Path=/json")])
            }
            return (200, #"{"id":2,"error":null,"result":null}"#, [])
        }, make: { DelugeClient(connection: $0, transport: $1, secrets: $2) })
        try await client.perform(.moveData(to: "/data/fixture"), on: item)
        try await client.perform(.setSpeedLimits(down: 51_200, up: nil), on: item)
        let calls = try log.requests.map(json).filter { ($0["method"] as? String)?.hasPrefix("core.") == true }
        XCTAssertEqual(calls.map { $0["method"] as? String }, ["core.move_storage", "core.set_torrent_options"])
        let move = try XCTUnwrap(calls[0]["params"] as? [Any])
        XCTAssertEqual(move.first as? [String], [hash], "ids in a list: a bare string is iterated")
        XCTAssertEqual(move.last as? String, "/data/fixture")
        let options = try XCTUnwrap((calls[1]["params"] as? [Any])?.last as? [String: Any])
        XCTAssertEqual(options["max_download_speed"] as? Double, 50)
        XCTAssertEqual(options["max_upload_speed"] as? Double, -1)
    }

    func testRTorrentOffersNeitherAndSaysWhy() async throws {
        XCTAssertEqual(RTorrentClient.availability(of: .moveData(to: "/data")), .needsProgramOnServer)
        XCTAssertEqual(RTorrentClient.availability(of: .setSpeedLimits(down: 1000, up: nil)), .groupLimitsOnly)
        let (client, log, item) = try await client(.rtorrent, answer: { _ in (200, "", []) },
                                                   make: { RTorrentClient(connection: $0, transport: $1, secrets: $2) })
        for action in [TransferDetailAction.moveData(to: "/data"), .setSpeedLimits(down: 1000, up: 1000)] {
            do {
                try await client.perform(action, on: item)
                XCTFail("rTorrent took \(action)")
            } catch {
                XCTAssertEqual(error as? ServiceError, .notOffered)
            }
        }
        XCTAssertEqual(log.requests.count, 0, "nothing sent")
    }

    func testACategoryOrLabelsAreOneRequestInEachClientsOwnForm() async throws {
        let (qbit, qbitLog, item) = try await client(.qbittorrent, answer: { request in
            switch request.path {
            case "/api/v2/auth/login": (200, "Ok.", [("Set-Cookie", "SID=fixture-session; HttpOnly; path=/")])
            case "/api/v2/torrents/categories": (200, #"{"tv":{"name":"tv","savePath":""},"Movies":{"name":"Movies","savePath":"/m"}}"#, [])
            default: (200, "", [])
            }
        }, make: { QBittorrentClient(connection: $0, transport: $1, secrets: $2) })
        let qbitChoices = try await qbit.groupChoices()
        XCTAssertEqual(qbitChoices, .oneOf(["Movies", "tv"]))
        try await qbit.perform(.setCategory("tv"), on: item)
        try await qbit.perform(.setCategory(nil), on: item)
        let qbitWrites = qbitLog.requests.filter { $0.path == "/api/v2/torrents/setCategory" }
        XCTAssertEqual(qbitWrites.map(fields), [["hashes": hash, "category": "tv"], ["hashes": hash, "category": ""]])

        let (transmission, transmissionLog, _) = try await client(.transmission, answer: { _ in (200, #"{"result":"success","arguments":{}}"#, []) },
                                                                  make: { TransmissionClient(connection: $0, transport: $1, secrets: $2) })
        let anyNames = try await transmission.groupChoices()
        XCTAssertEqual(anyNames, .anyNames)
        try await transmission.perform(.setLabels(["tv", "fixture hd"]), on: item)
        try await transmission.perform(.setLabels([]), on: item)
        let sets = try transmissionLog.requests.map(json).compactMap { $0["arguments"] as? [String: Any] }
        XCTAssertEqual(sets.map { $0["ids"] as? [String] }, [[hash], [hash]], "never without ids: that labels every torrent")
        XCTAssertEqual(sets.map { $0["labels"] as? [String] }, [["tv", "fixture hd"], []])
        XCTAssertEqual(TransmissionClient.availability(of: .setCategory("tv")), .unsupported)

        let plugins = LockedQueue([Data(#"{"id":2,"error":null,"result":[]}"#.utf8), Data(#"{"id":2,"error":null,"result":["Label"]}"#.utf8)])
        let (deluge, delugeLog, _) = try await client(.deluge, answer: { request in
            let sent = String(decoding: request.body ?? Data(), as: UTF8.self)
            if sent.contains("auth.login") || sent.contains("web.connected") {
                return (200, #"{"id":1,"error":null,"result":true}"#, [("Set-Cookie", "_session_id=fixture; Path=/json")])
            }
            if sent.contains("core.get_enabled_plugins") { return (200, String(decoding: plugins.next() ?? Data(), as: UTF8.self), []) }
            if sent.contains("label.get_labels") { return (200, #"{"id":3,"error":null,"result":["tv","movies"]}"#, []) }
            return (200, #"{"id":4,"error":null,"result":null}"#, [])
        }, make: { DelugeClient(connection: $0, transport: $1, secrets: $2) })
        let off = try await deluge.groupChoices()
        XCTAssertEqual(off, .pluginOff, "no Label plugin: no labels, and label.get_labels is not asked")
        let on = try await deluge.groupChoices()
        XCTAssertEqual(on, .oneOf(["movies", "tv"]))
        try await deluge.perform(.setCategory("tv"), on: item)
        let labelCall = try XCTUnwrap(try delugeLog.requests.map(json).first { $0["method"] as? String == "label.set_torrent" })
        XCTAssertEqual(labelCall["params"] as? [String], [hash, "tv"])
        XCTAssertEqual(try delugeLog.requests.map(json).filter { $0["method"] as? String == "label.get_labels" }.count, 1)

        let (rtorrent, rtorrentLog, _) = try await client(.rtorrent, answer: { _ in
            (200, "<?xml version=\"1.0\"?><methodResponse><params><param><value><array><data><value><array><data><value><i4>0</i4></value></data></array></value></data></array></value></param></params></methodResponse>", [])
        }, make: { RTorrentClient(connection: $0, transport: $1, secrets: $2) })
        try await rtorrent.perform(.setCategory("fixture tv"), on: item)
        let call = String(decoding: rtorrentLog.requests.last?.body ?? Data(), as: UTF8.self)
        XCTAssertTrue(call.contains("d.custom1.set") && call.contains(hash.uppercased()) && call.contains("fixture tv"), call)
    }

    func testNamesThatCannotBeACategoryOrLabelSendNothing() async throws {
        let (client, log, item) = try await client(.transmission, answer: { _ in (200, #"{"result":"success","arguments":{}}"#, []) },
                                                   make: { TransmissionClient(connection: $0, transport: $1, secrets: $2) })
        for labels in [["tv,hd"], ["tv", "tv"], [""], [" tv"], ["tv\u{7}"]] {
            do {
                try await client.perform(.setLabels(labels), on: item)
                XCTFail("sent \(labels)")
            } catch {
                XCTAssertEqual(error as? ServiceError, .invalidRequest(.badGroupName), "\(labels)")
            }
        }
        XCTAssertEqual(log.requests.count, 0, "nothing left the machine")
        XCTAssertFalse(TransferDetailAction.isGroupName(""))
        XCTAssertTrue(TransferDetailAction.isGroupName("Fixture TV"))
    }

    func testFoldersAndLimitsAreCheckedBeforeAnyRequest() async throws {
        for folder in ["/data", "/", "C:\\Downloads", "d:/media", "\\\\nas\\share", "/data/with space/ü"] {
            XCTAssertTrue(TransferDetailAction.isAbsoluteFolder(folder), folder)
        }
        for folder in ["", "data", "./data", "~/data", " /data", "/data ", "1:\\x", "C:", "/data\n/etc", "\\\\"] {
            XCTAssertFalse(TransferDetailAction.isAbsoluteFolder(folder), folder)
        }
        let (client, log, item) = try await client(.transmission, answer: { _ in (200, #"{"result":"success","arguments":{}}"#, []) },
                                                   make: { TransmissionClient(connection: $0, transport: $1, secrets: $2) })
        let refused: [(TransferDetailAction, RequestProblem)] = [
            (.moveData(to: "downloads"), .folderNotAbsolute), (.moveData(to: ""), .folderNotAbsolute),
            (.setSpeedLimits(down: 999, up: nil), .limitOutOfRange), (.setSpeedLimits(down: nil, up: -1), .limitOutOfRange),
            (.setSpeedLimits(down: TransferDetailAction.maxSpeedLimit + 1, up: nil), .limitOutOfRange),
        ]
        for (action, problem) in refused {
            do {
                try await client.perform(action, on: item)
                XCTFail("sent \(action)")
            } catch {
                XCTAssertEqual(error as? ServiceError, .invalidRequest(problem), "\(action)")
            }
        }
        XCTAssertEqual(log.requests.count, 0, "nothing left the machine")
    }
}
