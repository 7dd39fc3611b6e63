@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// rTorrent's details pane (API-GUIDE-4 §4) through the real client over a scripted transport: one `system.multicall`
/// naming the one hash, the answer (shaped as rTorrent 0.9.8 sends it) read into the pane's parts, an unknown hash read
/// as the torrent gone, and each action one multicall naming the hash and the files — priorities followed by
/// `d.update_priorities`, never an empty file list.
final class RTorrentDetailsTests: XCTestCase {
    private typealias Stub = RTorrentTests.XMLRPCStub

    private func client(_ stub: Stub) async throws -> (RTorrentClient, ServiceConfig) {
        let config = ServiceConfig(kind: .rtorrent, localEndpoint: try Endpoint.parse("http://127.0.0.1:18085"), allowPlainHTTPOnLocal: true)
        let secrets = InMemorySecretStore()
        try await secrets.write(Credential(username: "fixture", password: "fixture-password"), for: config.credential, kind: .rtorrent)
        return (RTorrentClient(connection: try ServiceConnection(config: config, role: .local), transport: stub, secrets: secrets), config)
    }

    private func fixture(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: fixturesDirectory.appendingPathComponent("rtorrent/\(name)")), as: UTF8.self)
    }

    private static let hash = "dddddddddddddddddddddddddddddddddddddd44"

    private func item(_ config: ServiceConfig, hash: String = hash) -> TransferItem {
        TransferItem(serviceID: config.id, joinKey: hash, name: "Fixture.Album.FLAC", state: .downloading, rawState: "downloading",
                     progress: 0.5, sizeBytes: 6_292_656, remainingBytes: 3_146_928)
    }

    /// The calls inside a `system.multicall` body: each one's method and its parameters' text.
    private func calls(_ body: String) -> [(method: String, params: [String])] {
        body.components(separatedBy: "<name>methodName</name>").dropFirst().map { part in
            let method = part.components(separatedBy: "<string>").dropFirst().first?.components(separatedBy: "</string>").first ?? ""
            let params = part.components(separatedBy: "<name>params</name>").dropFirst().first ?? ""
            let values = params.components(separatedBy: "<value>").dropFirst().compactMap { value -> String? in
                let text = value.replacingOccurrences(of: #"<[^>]+>"#, with: "", options: .regularExpression)
                return value.hasPrefix("<array>") || value.hasPrefix("<struct>") ? nil : text
            }
            return (method, values)
        }
    }

    func testEveryPartIsOneMulticallNamingTheHashAndReadsAsTheOtherClientsDo() async throws {
        let answer = try fixture("system-multicall-details.xml")
        let stub = Stub { _ in (200, answer) }
        let (client, config) = try await client(stub)
        let details = try await client.inspect(item(config), parts: Set(TransferDetailPart.allCases))

        XCTAssertEqual(stub.calls.count, 1, "one request for the whole pane (no throttle group)")
        let sent = calls(try XCTUnwrap(stub.calls.first))
        XCTAssertTrue(sent.allSatisfy { $0.params.first == Self.hash.uppercased() }, "every call names the one hash: \(sent.map(\.params))")
        XCTAssertEqual(sent.suffix(3).map(\.method), ["f.multicall", "p.multicall", "t.multicall"])
        XCTAssertFalse(sent.contains { $0.method.hasSuffix(".set") || $0.method.contains("multicall2") }, "reads only")

        let general = try XCTUnwrap(details.general)
        XCTAssertEqual(general.savePath, "/data/fixture/rtorrent/Fixture.Album.FLAC")
        XCTAssertEqual(general.ratio, 1.25, "×1000 on the wire")
        XCTAssertEqual(general.seedsConnected, 1)
        XCTAssertEqual(general.peersConnected, 2, "connected minus the seeds among them")
        XCTAssertEqual(general.pieceCount, 25)
        XCTAssertEqual(general.piecesHave, 12)
        XCTAssertEqual(general.pieceSize, 262_144)
        XCTAssertEqual(general.sizeBytes, 6_292_656)
        XCTAssertEqual(general.isPrivate, true)
        XCTAssertNil(general.completed, "0: never finished")
        XCTAssertEqual(general.added, Date(timeIntervalSince1970: 1_768_485_720))
        XCTAssertNil(general.downloadLimit, "no throttle group: unlimited")
        XCTAssertNil(general.uploadedBytes, "rTorrent's totals are this session's: not shown as the transfer's")

        let files = try XCTUnwrap(details.files)
        XCTAssertEqual(files.map(\.path), ["Fixture.Album.FLAC/01 - Fixture Track.flac", "Fixture.Album.FLAC/02 - Fixture Track.flac",
                                           "Fixture.Album.FLAC/cover/fixture-cover.jpg"], "the torrent's folder added, as the other clients write it")
        XCTAssertEqual(files.map(\.index), [0, 1, 2], "the row is the index a write names (HASH:fN)")
        XCTAssertEqual(files.map(\.priority), [.high, .normal, .skip], "2, 1, 0")
        XCTAssertEqual(files.map(\.doneBytes), [3_145_728, 0, 0], "12 of 16 pieces of 4 MiB")

        let peers = try XCTUnwrap(details.peers)
        XCTAssertEqual(peers.map(\.endpoint), ["[2001:db8::41]:6881", "192.0.2.41:51413"], "fastest first; a row without an address left out")
        XCTAssertEqual(peers.map(\.progress), [0.48, 1.0], "whole percents")
        XCTAssertEqual(peers.map(\.flags), ["IS", "E"], "incoming and snubbed; encrypted")
        XCTAssertEqual(peers.last?.isEncrypted, true)

        let trackers = try XCTUnwrap(details.trackers)
        XCTAssertEqual(trackers.map(\.status), [.working, .notWorking, .disabled, .updating])
        XCTAssertEqual(trackers.map(\.tier), [0, 1, 2, 0])
        XCTAssertEqual(trackers[1].message, "[Timeout was reached]", "the torrent's last tracker text, on the one failing")
        XCTAssertNil(trackers[0].message)
        XCTAssertEqual(trackers[0].seeds, 7)
        XCTAssertEqual(trackers[0].downloaded, 40)
        XCTAssertNil(trackers[1].seeds, "never scraped: unknown, not 0")
        XCTAssertEqual(trackers[0].nextAnnounce, Date(timeIntervalSince1970: 1_768_489_320))
    }

    func testAThrottleGroupsRatesAreReadByItsName() async throws {
        let answer = try fixture("system-multicall-details.xml")
            .replacingOccurrences(of: "<value><string></string></value>", with: "<value><string>slow</string></value>")
        let stub = Stub(bodies: { _, body in
            body.contains("throttle.down.max")
                ? (200, RTorrentTests.response("<array><data><value><array><data><value><i8>51200</i8></value></data></array></value>"
                                               + "<value><array><data><value><i8>0</i8></value></data></array></value></data></array>"))
                : (200, answer)
        })
        let (client, config) = try await client(stub)
        let details = try await client.inspect(item(config), parts: Set(TransferDetailPart.allCases))
        let general = try XCTUnwrap(details.general)
        XCTAssertEqual(stub.calls.count, 2)
        let rates = calls(try XCTUnwrap(stub.calls.last))
        XCTAssertEqual(rates.map(\.method), ["throttle.down.max", "throttle.up.max"])
        XCTAssertEqual(rates.map(\.params), [["", "slow"], ["", "slow"]], "the global target first, then the group")
        XCTAssertEqual(general.downloadLimit, 51_200)
        XCTAssertNil(general.uploadLimit, "0: unlimited")
    }

    func testAnUnknownHashIsTheTransferGoneAndOtherFaultsAreRTorrentsWords() async throws {
        let unknown = try fixture("system-multicall-unknown-hash.xml")
        let (gone, config) = try await client(Stub { _ in (200, unknown) })
        do {
            _ = try await gone.inspect(item(config), parts: [.general])
            XCTFail("a torrent rTorrent does not hold")
        } catch {
            XCTAssertEqual(error, .refused(.noSuchTransfer))
        }
        let refused = RTorrentTests.response("<array><data><value><struct><member><name>faultCode</name><value><i4>-503</i4></value></member>"
                                             + "<member><name>faultString</name><value><string>Invalid value.</string></value></member></struct></value></data></array>")
        let (refusing, _) = try await client(Stub { _ in (200, refused) })
        do {
            try await refusing.perform(.recheck, on: item(config))
            XCTFail("a fault inside the multicall")
        } catch {
            XCTAssertEqual(error, .refused(.said("Invalid value.")))
        }
        // Fewer answers than calls, a list that is not one: bounded decoding errors.
        let short = RTorrentTests.response("<array><data></data></array>")
        let (odd, _) = try await client(Stub { _ in (200, short) })
        do {
            _ = try await odd.inspect(item(config), parts: [.files])
            XCTFail("no answers")
        } catch {
            guard case .decoding = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try RTorrentClient.decodeInspection([:], files: .string("x"), peers: nil, trackers: nil, parts: [.files], now: Date()))
        let many = XMLRPCValue.array(Array(repeating: .array([.string("x"), .int(1), .int(0), .int(1), .int(1)]), count: TransferInspection.maxFiles + 1))
        XCTAssertThrowsError(try RTorrentClient.decodeInspection([:], files: many, peers: nil, trackers: nil, parts: [.files], now: Date()))
        let negative = XMLRPCValue.array([.array([.string("a"), .int(-5), .int(0), .int(1), .int(1)])])
        XCTAssertThrowsError(try RTorrentClient.decodeInspection([:], files: negative, peers: nil, trackers: nil, parts: [.files], now: Date()),
                             "a negative size is not a file")
    }

    func testActionsNameTheHashAndTheFilesAndPrioritiesTakeEffect() async throws {
        let stub = Stub(bodies: { _, body in
            let count = body.components(separatedBy: "<name>methodName</name>").count - 1
            return (200, RTorrentTests.response("<array><data>"
                + String(repeating: "<value><array><data><value><i8>0</i8></value></data></array></value>", count: count) + "</data></array>"))
        })
        let (client, config) = try await client(stub)
        let album = item(config)
        try await client.perform(.setFilePriority(.skip, files: [2, 0, 2]), on: album)
        try await client.perform(.setFilePriority(.high, files: [1]), on: album)
        try await client.perform(.recheck, on: album)
        try await client.perform(.reannounce, on: album)
        let sent = stub.calls.map(calls)
        let target = Self.hash.uppercased()
        XCTAssertEqual(sent[0].map(\.method), ["f.priority.set", "f.priority.set", "d.update_priorities"], "each file once, then applied")
        XCTAssertEqual(sent[0].map(\.params), [["\(target):f0", "0"], ["\(target):f2", "0"], [target]])
        XCTAssertEqual(sent[1].map(\.params), [["\(target):f1", "2"], [target]], "high is 2")
        XCTAssertEqual(sent[2].map(\.method), ["d.check_hash"])
        XCTAssertEqual(sent[3].map(\.method), ["d.tracker_announce.force"])
        XCTAssertTrue(sent.joined().allSatisfy { $0.params.first?.hasPrefix(target) == true }, "nothing sent without the hash")

        let before = stub.calls.count
        for refused in [TransferDetailAction.setFilePriority(.skip, files: []), .setFilePriority(.normal, files: [-1])] {
            do {
                try await client.perform(refused, on: album)
                XCTFail("\(refused)")
            } catch {
                XCTAssertEqual(error, .invalidRequest(.noItems))
            }
        }
        do {
            try await client.perform(.setFilePriority(.low, files: [0]), on: album)
            XCTFail("rTorrent has no low priority")
        } catch {
            XCTAssertEqual(error, .notOffered)
        }
        for hash in ["", "all", String(repeating: "z", count: 40)] {
            do {
                try await client.perform(.recheck, on: item(config, hash: hash))
                XCTFail("hash \(hash)")
            } catch {
                XCTAssertEqual(error, .invalidRequest(.noItems))
            }
        }
        XCTAssertEqual(stub.calls.count, before, "nothing sent for an empty file list, a negative index, low, or a hash that is not one")
        XCTAssertEqual(RTorrentClient.availability(of: .setFilePriority(.low, files: [0])), .unsupported)
        XCTAssertEqual(RTorrentClient.availability(of: .reannounce), .available)
    }
}
