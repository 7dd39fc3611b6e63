@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// One torrent's share limits (API-GUIDE-4 §1.6, §2.6, §3.6) over a scripted transport: each client's own form and
/// sentinels, what qBittorrent reads first and carries back unchanged, what the General page reads, and what is
/// refused before any request.
extension TransferMoveLimitTests {
    private static let login = "/api/v2/auth/login"

    private func qbittorrentWithInfo(_ info: String, webAPI: String) async throws -> (QBittorrentClient, Log, TransferItem) {
        let (client, log, item) = try await client(.qbittorrent, answer: { request in
            if request.path == Self.login { return (200, "Ok.", [("Set-Cookie", "SID=fixture-session; HttpOnly; path=/")]) }
            if request.path == "/api/v2/torrents/info" { return (200, info, []) }
            return (200, "", [])
        }, make: { QBittorrentClient(connection: $0, transport: $1, secrets: $2) })
        await client.assumeWebAPIVersion(webAPI)
        return (client, log, item)
    }

    func testQBittorrentSendsEveryLimitAtOnceKeepingTheOnesItDoesNotShow() async throws {
        // 4.6 and later report an inactive seeding time of the torrent's own: it goes back as it was.
        let info = #"[{"hash":"\#(hash)","ratio_limit":-2,"seeding_time_limit":120,"inactive_seeding_time_limit":45}]"#
        let (client, log, item) = try await qbittorrentWithInfo(info, webAPI: "2.9.3")
        try await client.perform(.setShareLimits(ShareLimits(ratio: .value(1.5), seedingMinutes: .unlimited)), on: item)
        try await client.perform(.setShareLimits(ShareLimits(ratio: .clientDefault)), on: item)
        let requests = log.requests.filter { $0.path != Self.login }
        XCTAssertEqual(requests.map(\.path), ["/api/v2/torrents/info", "/api/v2/torrents/setShareLimits",
                                              "/api/v2/torrents/info", "/api/v2/torrents/setShareLimits"])
        XCTAssertEqual(requests[0].url.query, "hashes=\(hash)", "the one torrent, never all")
        XCTAssertEqual(fields(requests[1]), ["hashes": hash, "ratioLimit": "1.50", "seedingTimeLimit": "-1", "inactiveSeedingTimeLimit": "45"])
        XCTAssertEqual(fields(requests[3]), ["hashes": hash, "ratioLimit": "-2", "seedingTimeLimit": "120", "inactiveSeedingTimeLimit": "45"],
                       "a part left out goes back as read, never as a default")

        // 5.2 (WebAPI 2.12.0) requires the action at the limit: the torrent's own when it says one, else the client's.
        let withAction = #"[{"hash":"\#(hash)","ratio_limit":3,"seeding_time_limit":-2,"inactive_seeding_time_limit":-2,"share_limit_action":"Remove"}]"#
        let (newer, newerLog, _) = try await qbittorrentWithInfo(withAction, webAPI: "2.12.0")
        try await newer.perform(.setShareLimits(ShareLimits(ratio: .value(2), seedingMinutes: .value(60))), on: item)
        XCTAssertEqual(fields(try XCTUnwrap(newerLog.requests.last)),
                       ["hashes": hash, "ratioLimit": "2.00", "seedingTimeLimit": "60", "inactiveSeedingTimeLimit": "-2", "shareLimitAction": "Remove"])
        let silent = #"[{"hash":"\#(hash)","ratio_limit":3,"seeding_time_limit":-2}]"#
        let (quiet, quietLog, _) = try await qbittorrentWithInfo(silent, webAPI: "2.12.0")
        try await quiet.perform(.setShareLimits(ShareLimits(ratio: .unlimited, seedingMinutes: .clientDefault)), on: item)
        XCTAssertEqual(fields(try XCTUnwrap(quietLog.requests.last))["shareLimitAction"], "Default")
        let (older, olderLog, _) = try await qbittorrentWithInfo(silent, webAPI: "2.8.19")
        try await older.perform(.setShareLimits(ShareLimits(ratio: .unlimited)), on: item)
        XCTAssertNil(fields(try XCTUnwrap(olderLog.requests.last))["shareLimitAction"], "4.5 has no such parameter")

        // A torrent it no longer holds: nothing written.
        let (gone, goneLog, _) = try await qbittorrentWithInfo("[]", webAPI: "2.8.19")
        do {
            try await gone.perform(.setShareLimits(ShareLimits(ratio: .unlimited)), on: item)
            XCTFail("a torrent it does not hold")
        } catch { XCTAssertEqual(error, .refused(.noSuchTransfer)) }
        XCTAssertFalse(goneLog.requests.contains { $0.path == "/api/v2/torrents/setShareLimits" })
    }

    func testQBittorrentReadsItsLimitsWithTheSentinels() throws {
        var dto = QBittorrentTorrentDTO()
        try JSONReader.read(Data(#"{"ratio_limit":-2,"seeding_time_limit":-1}"#.utf8)) { r throws(ServiceError) in try dto.merge(&r) }
        XCTAssertEqual(dto.shareLimits, ShareLimits(ratio: .clientDefault, seedingMinutes: .unlimited))
        try JSONReader.read(Data(#"{"ratio_limit":1e300,"seeding_time_limit":9999999}"#.utf8)) { r throws(ServiceError) in try dto.merge(&r) }
        XCTAssertEqual(dto.shareLimits, ShareLimits(ratio: .value(ShareLimits.maxRatio), seedingMinutes: .value(ShareLimits.maxMinutes)), "bounded")
        XCTAssertNil(QBittorrentTorrentDTO().shareLimits, "an entry without them says nothing")
    }

    func testTransmissionSetsEachPartWithItsModeAndReadsThemBack() async throws {
        let (client, log, item) = try await client(.transmission, answer: { _ in (200, #"{"result":"success","arguments":{}}"#, []) },
                                                   make: { TransmissionClient(connection: $0, transport: $1, secrets: $2) })
        try await client.perform(.setShareLimits(ShareLimits(ratio: .value(1.25), idleMinutes: .value(30))), on: item)
        try await client.perform(.setShareLimits(ShareLimits(ratio: .unlimited, idleMinutes: .clientDefault)), on: item)
        try await client.perform(.setShareLimits(ShareLimits(ratio: .clientDefault)), on: item)
        let sent = try log.requests.map(json).map { try XCTUnwrap($0["arguments"] as? [String: Any]) }
        XCTAssertEqual(try log.requests.map(json).map { $0["method"] as? String }, ["torrent-set", "torrent-set", "torrent-set"])
        XCTAssertTrue(sent.allSatisfy { $0["ids"] as? [String] == [hash] })
        XCTAssertEqual(sent[0]["seedRatioMode"] as? Int, 1)
        XCTAssertEqual(sent[0]["seedRatioLimit"] as? Double, 1.25)
        XCTAssertEqual(sent[0]["seedIdleMode"] as? Int, 1)
        XCTAssertEqual(sent[0]["seedIdleLimit"] as? Int, 30)
        XCTAssertEqual(sent[1]["seedRatioMode"] as? Int, 2, "2: unlimited")
        XCTAssertNil(sent[1]["seedRatioLimit"])
        XCTAssertEqual(sent[1]["seedIdleMode"] as? Int, 0, "0: Transmission's setting")
        XCTAssertEqual(sent[2]["seedRatioMode"] as? Int, 0)
        XCTAssertNil(sent[2]["seedIdleMode"], "a part left out is not sent")

        XCTAssertEqual(TransmissionClient.shareLimits(ratioLimit: 1.5, ratioMode: 1, idleLimit: 30, idleMode: 2),
                       ShareLimits(ratio: .value(1.5), idleMinutes: .unlimited))
        XCTAssertEqual(TransmissionClient.shareLimits(ratioLimit: 2, ratioMode: 0, idleLimit: nil, idleMode: 7), ShareLimits(ratio: .clientDefault),
                       "an unknown mode says nothing")
        XCTAssertNil(TransmissionClient.shareLimits(ratioLimit: nil, ratioMode: nil, idleLimit: nil, idleMode: nil))
    }

    func testDelugeStopsAtItsOwnRatioOrNeverAndHasNoClientSetting() async throws {
        let (client, log, item) = try await client(.deluge, answer: { request in
            let sent = String(decoding: request.body ?? Data(), as: UTF8.self)
            if sent.contains("auth.login") || sent.contains("web.connected") {
                return (200, #"{"id":1,"error":null,"result":true}"#, [("Set-Cookie", "_session_id=fixture; Path=/json")])
            }
            return (200, #"{"id":2,"error":null,"result":null}"#, [])
        }, make: { DelugeClient(connection: $0, transport: $1, secrets: $2) })
        try await client.perform(.setShareLimits(ShareLimits(ratio: .value(2.5))), on: item)
        try await client.perform(.setShareLimits(ShareLimits(ratio: .unlimited)), on: item)
        let calls = try log.requests.map(json).filter { $0["method"] as? String == "core.set_torrent_options" }
        XCTAssertEqual(calls.count, 2)
        let first = try XCTUnwrap(calls[0]["params"] as? [Any]), second = try XCTUnwrap(calls[1]["params"] as? [Any])
        XCTAssertEqual(first[0] as? [String], [hash], "ids in a list")
        let on = try XCTUnwrap(first[1] as? [String: Any]), off = try XCTUnwrap(second[1] as? [String: Any])
        XCTAssertEqual(on["stop_at_ratio"] as? Bool, true)
        XCTAssertEqual(on["stop_ratio"] as? Double, 2.5)
        XCTAssertEqual(Set(on.keys), ["stop_at_ratio", "stop_ratio"], "remove_at_ratio left as it is")
        XCTAssertEqual(off["stop_at_ratio"] as? Bool, false)
        XCTAssertEqual(Set(off.keys), ["stop_at_ratio"])
        let before = log.requests.count
        do {
            try await client.perform(.setShareLimits(ShareLimits(ratio: .clientDefault)), on: item)
            XCTFail("Deluge keeps no client setting per torrent")
        } catch { XCTAssertEqual(error, .invalidRequest(.limitOutOfRange)) }
        XCTAssertEqual(log.requests.count, before, "nothing sent")
    }

    func testLimitsOutOfRangeOrPartsAClientLacksSendNothing() async throws {
        let (client, log, item) = try await client(.transmission, answer: { _ in (200, #"{"result":"success","arguments":{}}"#, []) },
                                                   make: { TransmissionClient(connection: $0, transport: $1, secrets: $2) })
        for limits in [ShareLimits(ratio: .value(0)), ShareLimits(ratio: .value(10_000)), ShareLimits(ratio: .value(.nan)),
                       ShareLimits(idleMinutes: .value(0)), ShareLimits(idleMinutes: .value(525_601)),
                       ShareLimits(seedingMinutes: .value(60)), // Transmission has no total seeding time
                       ShareLimits()] {
            do {
                try await client.perform(.setShareLimits(limits), on: item)
                XCTFail("\(limits) was sent")
            } catch { XCTAssertEqual(error, .invalidRequest(.limitOutOfRange)) }
        }
        XCTAssertEqual(log.requests.count, 0)
        XCTAssertEqual(RTorrentClient.availability(of: .setShareLimits(ShareLimits(ratio: .unlimited))), .groupLimitsOnly)
        XCTAssertEqual(NZBGetClient.availability(of: .setShareLimits(ShareLimits(ratio: .unlimited))), .unsupported)
        XCTAssertEqual(ServiceKind.deluge.shareLimitSupport, ShareLimitSupport(ratio: true, seedingTime: false, idleTime: false, clientDefault: false))
        XCTAssertEqual(ServiceKind.sabnzbd.shareLimitSupport, .none)
    }
}
