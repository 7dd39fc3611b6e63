@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// The queue, the order of pieces, the name and the trackers of one torrent, over a scripted transport: each client's
/// own form, what is read first and why, and what is refused before a request.
extension TransferMoveLimitTests {
    private static let login = "/api/v2/auth/login"

    private func qbittorrent(info: String = "[]", webAPI: String) async throws -> (QBittorrentClient, Log, TransferItem) {
        let (client, log, item) = try await client(.qbittorrent, answer: { request in
            if request.path == Self.login { return (200, "Ok.", [("Set-Cookie", "SID=fixture-session; HttpOnly; path=/")]) }
            if request.path == "/api/v2/torrents/info" { return (200, info, []) }
            return (200, "", [])
        }, make: { QBittorrentClient(connection: $0, transport: $1, secrets: $2) })
        await client.assumeWebAPIVersion(webAPI)
        return (client, log, item)
    }

    func testQBittorrentTrackersQueueAndRenameInItsForms() async throws {
        let (client, log, item) = try await qbittorrent(webAPI: "2.8.19")
        let (a, b) = ("udp://tracker.fixture.invalid:6969/announce", "https://tracker2.fixture.invalid/announce")
        try await client.perform(.addTrackers([a, b]), on: item)
        try await client.perform(.replaceTracker(a, with: b + "?x"), on: item)
        try await client.perform(.removeTrackers([a, b]), on: item)
        try await client.perform(.moveInQueue(.up), on: item)
        try await client.perform(.rename("Fixture Renamed"), on: item)
        let writes = log.requests.filter { $0.path != Self.login }
        XCTAssertEqual(writes.map(\.path), ["/api/v2/torrents/addTrackers", "/api/v2/torrents/editTracker", "/api/v2/torrents/removeTrackers",
                                            "/api/v2/torrents/increasePrio", "/api/v2/torrents/rename"])
        XCTAssertEqual(fields(writes[0]), ["hash": hash, "urls": a + "\n" + b])
        XCTAssertEqual(fields(writes[1]), ["hash": hash, "origUrl": a, "newUrl": b + "?x"], "before WebAPI 2.13.0: origUrl")
        XCTAssertEqual(fields(writes[2]), ["hash": hash, "urls": a + "|" + b])
        XCTAssertEqual(fields(writes[3]), ["hashes": hash])
        XCTAssertEqual(fields(writes[4]), ["hash": hash, "name": "Fixture Renamed"])

        let (newer, newerLog, _) = try await qbittorrent(webAPI: "2.13.0")
        try await newer.perform(.replaceTracker(a, with: b), on: item)
        XCTAssertEqual(fields(try XCTUnwrap(newerLog.requests.last)), ["hash": hash, "url": a, "newUrl": b], "5.2 renamed origUrl to url")
    }

    /// qBittorrent only toggles: the state is read first and the toggle sent only when it differs.
    func testQBittorrentTogglesThePieceOrderOnlyWhenItDiffers() async throws {
        let info = #"[{"hash":"\#(hash)","name":"Fixture","seq_dl":true,"f_l_piece_prio":false}]"#
        let (client, log, item) = try await qbittorrent(info: info, webAPI: "2.8.19")
        try await client.perform(.setSequential(true), on: item)
        try await client.perform(.setFirstLastPiecesFirst(false), on: item)
        XCTAssertEqual(log.requests.filter { $0.path != Self.login }.map(\.path), ["/api/v2/torrents/info", "/api/v2/torrents/info"], "reads only")
        try await client.perform(.setSequential(false), on: item)
        try await client.perform(.setFirstLastPiecesFirst(true), on: item)
        let writes = log.requests.filter { $0.method == .post && $0.path != Self.login }
        XCTAssertEqual(writes.map(\.path), ["/api/v2/torrents/toggleSequentialDownload", "/api/v2/torrents/toggleFirstLastPiecePrio"])
        XCTAssertTrue(writes.allSatisfy { fields($0) == ["hashes": hash] })
        let read = try XCTUnwrap(log.requests.first { $0.path == "/api/v2/torrents/info" })
        XCTAssertEqual(read.url.query, "hashes=\(hash)", "the one torrent, never all")

        let (gone, _, _) = try await qbittorrent(info: "[]", webAPI: "2.8.19")
        do {
            try await gone.perform(.setSequential(true), on: item)
            XCTFail("a torrent it does not hold")
        } catch { XCTAssertEqual(error, .refused(.noSuchTransfer)) }
    }

    /// Transmission's tracker ids are read just before (3.00's are places that shift); one it no longer has sends nothing.
    func testTransmissionNamesTrackersByTheIdsReadJustBefore() async throws {
        let (a, b) = ("http://tracker.fixture.invalid/announce", "udp://tracker2.fixture.invalid:1337/announce")
        let stats = #"{"result":"success","arguments":{"torrents":[{"hashString":"\#(hash)","trackerStats":[{"id":0,"announce":"\#(a)","tier":0},{"id":3,"announce":"\#(b)","tier":1}]}]}}"#
        let (client, log, item) = try await client(.transmission, answer: { request in
            let body = String(decoding: request.body ?? Data(), as: UTF8.self)
            return (200, body.contains("torrent-get") ? stats : #"{"result":"success","arguments":{}}"#, [])
        }, make: { TransmissionClient(connection: $0, transport: $1, secrets: $2) })
        try await client.perform(.removeTrackers([b]), on: item)
        try await client.perform(.replaceTracker(a, with: "http://tracker3.fixture.invalid/announce"), on: item)
        try await client.perform(.addTrackers(["http://tracker4.fixture.invalid/announce"]), on: item)
        try await client.perform(.moveInQueue(.bottom), on: item)
        try await client.perform(.rename("Fixture Renamed"), on: item)
        let sent = try log.requests.map(json)
        XCTAssertEqual(sent.map { $0["method"] as? String }, ["torrent-get", "torrent-set", "torrent-get", "torrent-set", "torrent-set",
                                                            "queue-move-bottom", "torrent-rename-path"])
        let arguments = try sent.map { try XCTUnwrap($0["arguments"] as? [String: Any]) }
        XCTAssertTrue(arguments.allSatisfy { $0["ids"] as? [String] == [hash] }, "every one names the torrent")
        XCTAssertEqual(arguments[1]["trackerRemove"] as? [Int], [3])
        XCTAssertEqual(arguments[3]["trackerReplace"] as? [AnyHashable], [0, "http://tracker3.fixture.invalid/announce"])
        XCTAssertEqual(arguments[4]["trackerAdd"] as? [String], ["http://tracker4.fixture.invalid/announce"])
        XCTAssertEqual(arguments[6]["path"] as? String, "Fixture", "its name now")
        XCTAssertEqual(arguments[6]["name"] as? String, "Fixture Renamed")
        let count = log.requests.count
        do {
            try await client.perform(.removeTrackers(["http://gone.fixture.invalid/announce"]), on: item)
            XCTFail("a tracker it does not have")
        } catch { XCTAssertEqual(error, .refused(.noSuchTracker)) }
        XCTAssertEqual(log.requests.count, count + 1, "the read, no write")
    }

    /// Deluge takes the whole list: added ones each in a tier after the last, a replaced one in its place.
    func testDelugeTrackerListsAreTheWholeListChanged() throws {
        let now = [TransferTracker(url: "http://a.fixture.invalid/announce", tier: 0, status: .working, message: nil, seeds: nil, leeches: nil, downloaded: nil),
                   TransferTracker(url: "http://b.fixture.invalid/announce", tier: 2, status: .working, message: nil, seeds: nil, leeches: nil, downloaded: nil)]
        let added = try DelugeClient.trackers(after: .addTrackers(["udp://c.fixture.invalid:1/announce", "http://a.fixture.invalid/announce"]), now: now)
        XCTAssertEqual(added.map(\.url), ["http://a.fixture.invalid/announce", "http://b.fixture.invalid/announce", "udp://c.fixture.invalid:1/announce"])
        XCTAssertEqual(added.map(\.tier), [0, 2, 3])
        let replaced = try DelugeClient.trackers(after: .replaceTracker("http://a.fixture.invalid/announce", with: "http://d.fixture.invalid/announce"), now: now)
        XCTAssertEqual(replaced.map(\.url), ["http://d.fixture.invalid/announce", "http://b.fixture.invalid/announce"])
        XCTAssertEqual(replaced.map(\.tier), [0, 2])
        XCTAssertEqual(try DelugeClient.trackers(after: .removeTrackers(["http://b.fixture.invalid/announce"]), now: now).map(\.url),
                       ["http://a.fixture.invalid/announce"])
        // A tier no client has (a hostile answer's Int.max) does not overflow the next one (found by the fuzzer).
        let hostile = [TransferTracker(url: "http://h.fixture.invalid/announce", tier: .max, status: .working, message: nil, seeds: nil, leeches: nil,
                                       downloaded: nil)]
        XCTAssertEqual(try DelugeClient.trackers(after: .addTrackers(["http://i.fixture.invalid/announce"]), now: hostile).last?.tier, 10_001)
        XCTAssertThrowsError(try DelugeClient.trackers(after: .removeTrackers(["http://z.fixture.invalid/announce"]), now: now)) {
            XCTAssertEqual($0 as? ServiceError, .refused(.noSuchTracker))
        }
    }

    func testNamesAndTrackerAddressesAreCheckedBeforeAnyRequest() async throws {
        for url in ["http://tracker.fixture.invalid/announce", "https://t.fixture.invalid:8443/a?passkey=fixture", "udp://[2001:db8::1]:6969/announce"] {
            XCTAssertTrue(TransferDetailAction.isTrackerURL(url), url)
        }
        for url in ["", "tracker.fixture.invalid", "ftp://t.fixture.invalid/announce", "http:///announce", "http://t.fixture.invalid/a b",
                    "http://t.fixture.invalid/\u{7}", "udp://"] {
            XCTAssertFalse(TransferDetailAction.isTrackerURL(url), url)
        }
        XCTAssertEqual(TransferDetailAction.trackerURLs(in: "a\n\n b\tc\r\n"), ["a", "b", "c"])
        for name in ["Fixture", "Fixture Renamed (2026)", "Ünïcode"] { XCTAssertTrue(TransferDetailAction.isTransferName(name), name) }
        for name in ["", " padded", "a/b", "a\\b", ".", "..", "tab\there", String(repeating: "x", count: 256)] {
            XCTAssertFalse(TransferDetailAction.isTransferName(name), name)
        }
        let (client, log, item) = try await client(.transmission, answer: { _ in (200, #"{"result":"success","arguments":{}}"#, []) },
                                                   make: { TransmissionClient(connection: $0, transport: $1, secrets: $2) })
        for (action, refusal) in [(TransferDetailAction.rename("a/b"), RequestProblem.badName), (.addTrackers([]), .badTrackerURL),
                                  (.addTrackers(["ftp://t.fixture.invalid/"]), .badTrackerURL),
                                  (.replaceTracker("http://t.fixture.invalid/a", with: "http://t.fixture.invalid/a"), .badTrackerURL),
                                  (.removeTrackers(["http://t.fixture.invalid/a", "http://t.fixture.invalid/a"]), .badTrackerURL)] {
            do {
                try await client.perform(action, on: item)
                XCTFail("\(action) was sent")
            } catch { XCTAssertEqual(error, .invalidRequest(refusal), "\(action)") }
        }
        XCTAssertEqual(log.requests.count, 0, "nothing sent")
    }
}
