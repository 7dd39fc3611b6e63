@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Synthetic payloads for each transfer client, with every sentinel.
final class TransferDecodingTests: XCTestCase {
    private let service = UUID(uuidString: "F1C7F1C7-0000-4000-8000-0000000000AA")!

    private func mainData(_ files: String...) throws -> QBittorrentMainData {
        var data = QBittorrentMainData()
        for file in files { try data.apply(try fixture("qbittorrent/\(file).json")) }
        return data
    }

    func testQBittorrentFullUpdateAndSentinels() throws {
        let data = try mainData("maindata-full")
        XCTAssertEqual(data.rid, 1)
        let items = data.torrents.map { $0.value.domain(hash: $0.key, serviceID: service) }.sorted { $0.joinKey < $1.joinKey }
        XCTAssertEqual(items.map(\.state), [.downloading, .stalled, .paused])
        XCTAssertEqual(items.map(\.rawState), ["downloading", "stalledDL", "stoppedUP"]) // 5.x words
        XCTAssertEqual(items[0].eta, 600)
        XCTAssertNil(items[1].eta, "8640000 means infinite")
        XCTAssertEqual(items[0].labels, ["fixture", "tv"])
        XCTAssertNil(items[1].category, "an empty category is none")
        XCTAssertNil(items[0].completed, "completion_on -1 is not a date")
        XCTAssertEqual(items[2].completed, Date(timeIntervalSince1970: 1_768_310_000))
        XCTAssertEqual(data.serverState.freeSpaceOnDisk, 800_000_000_000)
    }

    func testQBittorrentDiffMergesToExactlyWhatAFullFetchReturns() throws {
        let merged = try mainData("maindata-full", "maindata-diff")
        let full = try mainData("maindata-full-after")
        XCTAssertEqual(merged.rid, 2)
        XCTAssertEqual(merged.torrents, full.torrents, "a merged snapshot must equal a full fetch")
        XCTAssertEqual(merged.serverState, full.serverState)
        XCTAssertNil(merged.torrents["bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb2"], "torrents_removed drops the torrent")
    }

    func testQBittorrentDiffThatFailsToParseChangesNothing() throws {
        var data = try mainData("maindata-full")
        let before = data
        let diff = try fixture("qbittorrent/maindata-diff.json")
        // Cut inside the torrents object: some torrents were read before the error.
        let cut = diff.prefix(diff.count * 2 / 3)
        XCTAssertThrowsError(try data.apply(Data(cut)))
        XCTAssertEqual(data, before, "a half-read answer leaves rid, torrents and server state as they were")
        XCTAssertEqual(data.sameTorrents(as: before), true)
        try data.apply(diff)
        XCTAssertEqual(data.torrents, try mainData("maindata-full-after").torrents, "the whole answer still applies after")
    }

    func testQBittorrentFullUpdateReplacesEverything() throws {
        var data = try mainData("maindata-full", "maindata-diff")
        try data.apply(Data(#"{"rid": 9, "full_update": true, "torrents": {}}"#.utf8))
        XCTAssertEqual(data.torrents.count, 0, "a full update names every torrent that exists")
    }

    func testQBittorrentStateWordsOfBothMajorVersions() {
        XCTAssertEqual(QBittorrentTorrentDTO.state("pausedDL"), .paused)   // 4.x
        XCTAssertEqual(QBittorrentTorrentDTO.state("stoppedDL"), .paused)  // 5.x
        XCTAssertEqual(QBittorrentTorrentDTO.state("checkingResumeData"), .checking)
        XCTAssertEqual(QBittorrentTorrentDTO.state("missingFiles"), .error)
        XCTAssertEqual(QBittorrentTorrentDTO.state("forcedMetaDL"), .downloading)
        XCTAssertEqual(QBittorrentTorrentDTO.state("stalledUP"), .seeding)
    }

    func testTransmissionSentinelsAndErrors() throws {
        let torrents = try JSONReader.read(try fixture("transmission/torrent-get.json")) { r throws(ServiceError) -> [TransmissionTorrentDTO] in
            var list: [TransmissionTorrentDTO] = []
            try r.readObject { r, key throws(ServiceError) in
                guard key("arguments") else { return try r.skipValue() }
                try r.readObject { r, key throws(ServiceError) in
                    if key("torrents") { list = try r.decodeList(TransmissionTorrentDTO.decode) } else { try r.skipValue() }
                }
            }
            return list
        }
        let items = torrents.compactMap { $0.domain(serviceID: service) }
        XCTAssertEqual(items.count, 3, "an item without a hash cannot be joined and is dropped")
        XCTAssertEqual(items[0].joinKey, "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee5", "join keys are lower case")
        XCTAssertEqual(items.map(\.state), [.seeding, .downloading, .error])
        XCTAssertEqual(items.map(\.rawState), ["seed", "download", "stopped"])
        XCTAssertNil(items[0].eta, "-1: not available")
        XCTAssertNil(items[1].eta, "-2: unknown")
        XCTAssertEqual(items[2].eta, 120)
        XCTAssertEqual(items[1].errorMessage, "Fixture tracker warning", "a tracker warning is shown but the torrent still runs")
        XCTAssertEqual(items[2].errorMessage, "Fixture: no data found")
        XCTAssertEqual(items[0].category, "fixture-movies")
    }

    func testFormEncodingKeepsAwkwardPasswordsIntact() {
        let body = String(decoding: FormEncoding.encode([("username", "fixture user"), ("password", "a&b=c+d%e/ü")]), as: UTF8.self)
        XCTAssertEqual(body, "username=fixture%20user&password=a%26b%3Dc%2Bd%25e%2F%C3%BC")
    }
}

final class UsenetAndDelugeDecodingTests: XCTestCase {
    private let service = UUID(uuidString: "F1C7F1C7-0000-4000-8000-0000000000BB")!

    func testDelugeProgressScaleAndETASentinels() throws {
        let items = try JSONReader.read(try fixture("deluge/update-ui.json")) { r throws(ServiceError) -> [TransferItem] in
            var items: [TransferItem] = []
            try r.readObject { r, key throws(ServiceError) in
                guard key("result") else { return try r.skipValue() }
                try r.readObject { r, key throws(ServiceError) in
                    guard key("torrents") else { return try r.skipValue() }
                    try r.readObject { r, key throws(ServiceError) in
                        items.append(try DelugeTorrentDTO.decode(&r).domain(hash: key.string, serviceID: self.service))
                    }
                }
            }
            return items
        }.sorted { $0.joinKey < $1.joinKey }
        XCTAssertEqual(items.map(\.progress), [0.425, 0.01, 1.0], "Deluge reports 0…100")
        XCTAssertNil(items[0].eta, "0 = unknown")
        XCTAssertNil(items[1].eta, "-1 = more than a year")
        XCTAssertEqual(items[2].eta, 3600)
        XCTAssertEqual(items.map(\.state), [.downloading, .downloading, .error])
        XCTAssertEqual(items[2].errorMessage, "Fixture: file missing")
        XCTAssertEqual(items[0].category, "fixture-tv")
        XCTAssertEqual(items[0].remainingBytes, 575_000)
    }

    func testNZBGetSizePairsStatesAndJoinKeys() throws {
        let groups = try NZBGetClient.result(try fixture("nzbget/listgroups.json")) { r throws(ServiceError) in
            try r.decodeList(NZBGetItemDTO.decode)
        }
        let queued = groups.map { $0.queued(serviceID: service, paused: false, rate: 1_000_000) }
        XCTAssertEqual(queued[0].sizeBytes, 5_000_000_000, "Hi << 32 | Lo")
        XCTAssertEqual(queued[0].remainingBytes, 1_000_000_000)
        XCTAssertEqual(queued[0].progress, 0.8, accuracy: 0.0001)
        XCTAssertEqual(queued[0].eta, 1000, "derived from the global download rate")
        XCTAssertEqual(queued[0].joinKey, "fixturedrone0000000000000000000a", "the drone parameter first")
        XCTAssertEqual(queued[1].joinKey, "8", "else the NZBID")
        XCTAssertEqual(queued.map(\.state), [.downloading, .checking])
        XCTAssertNil(queued[1].category)
        let pausedAll = groups.map { $0.queued(serviceID: service, paused: true, rate: 0) }
        XCTAssertEqual(pausedAll[0].state, .paused, "a global pause pauses the download")

        let history = try NZBGetClient.result(try fixture("nzbget/history.json")) { r throws(ServiceError) in
            try r.decodeList(NZBGetItemDTO.decode)
        }.compactMap { $0.finished(serviceID: service) }
        XCTAssertEqual(history.map(\.state), [.completed, .error], "deleted entries are not transfers")
        XCTAssertEqual(history[1].joinKey, "fixturedrone0000000000000000000b")
        XCTAssertEqual(history[1].errorMessage, "FAILURE/PAR")
        XCTAssertEqual(history[0].joinKey, "5")
    }
}
