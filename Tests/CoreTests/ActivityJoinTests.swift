@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

final class ActivityJoinTests: XCTestCase {
    private let sonarr = UUID(uuidString: "F1C7F1C7-0000-4000-8000-0000000000D1")!
    private let radarr = UUID(uuidString: "F1C7F1C7-0000-4000-8000-0000000000D2")!
    private let qbt = UUID(uuidString: "F1C7F1C7-0000-4000-8000-0000000000D3")!
    private let nzbget = UUID(uuidString: "F1C7F1C7-0000-4000-8000-0000000000D4")!
    private let sab = UUID(uuidString: "F1C7F1C7-0000-4000-8000-0000000000D5")!

    private func record(_ service: UUID, id: Int, downloadID: String?, title: String, episode: Int? = nil,
                        size: Double = 100, left: Double = 50) -> QueueItem {
        QueueItem(id: ResourceID(serviceID: service, itemID: id), title: title, status: .downloading, trackedStatus: .ok,
                  trackedState: .downloading, messages: [], errorMessage: nil, size: size, sizeLeft: left, timeLeft: nil,
                  estimatedCompletion: nil, added: nil, downloadProtocol: .torrent, downloadID: downloadID, downloadClient: "Fixture",
                  resource: ResourceID(serviceID: service, itemID: 7), childID: episode, groupKey: 1)
    }

    private func transfer(_ service: UUID, key: String, name: String, progress: Double) -> TransferItem {
        TransferItem(serviceID: service, joinKey: key, name: name, state: .downloading, rawState: "downloading",
                     progress: progress, sizeBytes: 100, remainingBytes: 10)
    }

    func testSonarrEpisodesOfOneDownloadAreGroupedAndJoinedCaseInsensitively() {
        let hash = "abcdef0123456789abcdef0123456789abcdef01"
        let queues = (1...3).map { record(sonarr, id: 100 + $0, downloadID: hash.uppercased(), title: "Fixture.Show.S01.Pack", episode: 500 + $0) }
        let items = ActivityJoin.join(queues: queues, transfers: [(.qbittorrent, [transfer(qbt, key: hash, name: "Fixture.Show.S01.Pack", progress: 0.9)])])
        XCTAssertEqual(items.count, 1, "one download, three episode records")
        XCTAssertEqual(items[0].childIDs, [501, 502, 503])
        XCTAssertEqual(items[0].transfer?.serviceID, qbt)
        XCTAssertEqual(items[0].progress, 0.9, "live progress comes from the transfer client")
    }

    func testNZBGetJoinsByDroneAndSABnzbdExactly() {
        let queues = [record(radarr, id: 1, downloadID: "fixturedrone00000000000000000001", title: "Fixture.Movie.A"),
                      record(radarr, id: 2, downloadID: "SABnzbd_nzo_fixture0001", title: "Fixture.Movie.B"),
                      record(radarr, id: 3, downloadID: "sabnzbd_nzo_fixture0001", title: "Fixture.Movie.C")]
        let items = ActivityJoin.join(queues: queues, transfers: [
            (.nzbget, [transfer(nzbget, key: "fixturedrone00000000000000000001", name: "whatever NZBGet calls it", progress: 0.3)]),
            (.sabnzbd, [transfer(sab, key: "SABnzbd_nzo_fixture0001", name: "Fixture.Movie.B", progress: 0.6)]),
        ])
        XCTAssertEqual(items.map { $0.transfer?.serviceID }, [nzbget, sab, nil], "nzo_id matches exactly, case-sensitively")
        XCTAssertEqual(items.map(\.progress), [0.3, 0.6, 0.5])
    }

    func testNoDisplayNameJoinAndUnmatchedItemsStayFromTheOrchestrator() {
        let queues = [record(sonarr, id: 9, downloadID: "1111111111111111111111111111111111111111", title: "Fixture.Same.Name"),
                      record(sonarr, id: 10, downloadID: nil, title: "Fixture.Pending")]
        let items = ActivityJoin.join(queues: queues, transfers: [
            (.transmission, [transfer(qbt, key: "2222222222222222222222222222222222222222", name: "Fixture.Same.Name", progress: 1)]),
        ])
        XCTAssertEqual(items.count, 2)
        XCTAssertNil(items[0].transfer, "the same display name is not a join")
        XCTAssertEqual(items[0].progress, 0.5, "shown from the orchestrator alone")
        XCTAssertEqual(items[1].id.download, "queue-10", "a record without a download id stays its own item")
    }

    /// A torrent both qBittorrent and Transmission hold: the record's own download client decides,
    /// through the orchestrator's download-client settings matched to a configured service.
    func testTheClientTheOrchestratorNamesHoldsTheDownload() throws {
        let transmission = UUID(uuidString: "F1C7F1C7-0000-4000-8000-0000000000D6")!
        let hash = "0123456789abcdef0123456789abcdef01234567"
        var named = record(radarr, id: 1, downloadID: hash.uppercased(), title: "Fixture.Movie.Shared")
        named.downloadClient = "Transmission (NAS)"
        let holders = [ActivityJoin.Holder(serviceID: qbt, kind: .qbittorrent, items: [transfer(qbt, key: hash, name: "a", progress: 0.2)]),
                       ActivityJoin.Holder(serviceID: transmission, kind: .transmission,
                                           items: [transfer(transmission, key: hash, name: "b", progress: 0.7)])]
        XCTAssertEqual(ActivityJoin.join(queues: [named], transfers: holders).first?.transfer?.serviceID, qbt,
                       "without routes the first configured client holds it")

        // Radarr's download clients, as its API lists them (fixture), matched to the configured services.
        let clients = try ServarrDecoding.downloadClients(try fixture("radarr/downloadclient.json"))
        XCTAssertEqual(clients.map(\.name), ["Fixture qBittorrent", "Transmission (NAS)"])
        XCTAssertEqual(clients[1].host, "nas.fixture.invalid")
        XCTAssertEqual(clients[1].port, 9091)
        XCTAssertEqual(clients[1].urlBase, "/transmission/")
        let configs = [ServiceConfig(id: qbt, kind: .qbittorrent, localEndpoint: try Endpoint.parse("http://qbittorrent.fixture.invalid:8080")),
                       ServiceConfig(id: transmission, kind: .transmission, localEndpoint: try Endpoint.parse("http://192.168.1.40:9091"),
                                     remoteEndpoint: try Endpoint.parse("https://nas.fixture.invalid:9091"))]
        XCTAssertEqual(clients[0].service(among: configs), qbt)
        XCTAssertEqual(clients[1].service(among: configs), transmission, "matched by the service's remote address")
        let routes: DownloadClientRoutes = [radarr: Dictionary(uniqueKeysWithValues: clients.compactMap { info in
            info.service(among: configs).map { (info.name, $0) }
        })]
        let joined = ActivityJoin.join(queues: [named], transfers: holders, routes: routes)
        XCTAssertEqual(joined.first?.transfer?.serviceID, transmission, "the client Radarr names holds it, not the first configured")
        XCTAssertEqual(joined.first?.progress, 0.7)

        // A client Switchyard cannot place (two of that kind, neither at its address) falls back, never guesses.
        let other = ServiceConfig(kind: .transmission, localEndpoint: try Endpoint.parse("http://10.0.0.9:9091"))
        let ambiguous = [configs[0], ServiceConfig(id: transmission, kind: .transmission, localEndpoint: try Endpoint.parse("http://10.0.0.8:9091")), other]
        XCTAssertNil(clients[1].service(among: ambiguous))
    }
}
