@testable import Core
import Foundation
import XCTest

/// The doctor's checks on evidence made to fault one seam at a time: a consistent stack has no finding,
/// and each fault yields its finding — its kind, severity, how sure, the services on both sides and the
/// values it rests on.
final class StackDoctorTests: XCTestCase {
    private static func config(_ kind: ServiceKind, _ name: String, _ address: String) -> ServiceConfig {
        ServiceConfig(kind: kind, displayName: name, localEndpoint: try! Endpoint.parse(address), allowPlainHTTPOnLocal: true)
    }

    private let sonarr = config(.sonarr, "Sonarr", "http://192.168.1.10:8989")
    private let radarr = config(.radarr, "Radarr", "http://192.168.1.10:7878")
    private let qbit = config(.qbittorrent, "qBittorrent", "http://192.168.1.20:8080")
    private let sab = config(.sabnzbd, "SABnzbd", "http://192.168.1.20:8085")

    private func client(_ name: String, _ implementation: String, _ host: String, _ port: Int, category: String?,
                        enabled: Bool = true) -> DownloadClientInfo {
        DownloadClientInfo(name: name, implementation: implementation, host: host, port: port, urlBase: nil, enabled: enabled, category: category)
    }

    private func settings(_ clients: [DownloadClientInfo], handling: Bool? = true, folders: [RootFolder]? = nil,
                          minimum: Int? = 100) -> OrchestratorSettings {
        OrchestratorSettings(downloadClients: clients, completedDownloadHandling: handling,
                             rootFolders: folders ?? [RootFolder(id: 1, path: "/data/media", accessible: true, freeSpace: 900 << 30)],
                             remotePathMappings: [], minimumFreeSpaceMB: minimum)
    }

    /// The consistent stack: Sonarr → qBittorrent "tv", Radarr → qBittorrent "movies" and SABnzbd "movies".
    private func healthy() -> StackEvidence {
        StackEvidence(
            configs: [sonarr, radarr, qbit, sab],
            orchestrators: [
                .init(service: ServiceRef(sonarr), settings: settings([client("qBittorrent", "QBittorrent", "192.168.1.20", 8080, category: "tv")])),
                .init(service: ServiceRef(radarr), settings: settings([client("qBittorrent", "QBittorrent", "192.168.1.20", 8080, category: "movies"),
                                                                       client("SABnzbd", "Sabnzbd", "192.168.1.20", 8085, category: "movies")])),
            ],
            clients: [.init(service: ServiceRef(qbit), reachable: true,
                            settings: ClientSettings(categories: ["tv": "/downloads/tv", "movies": "/downloads/movies"],
                                                     defaultSavePath: "/downloads", seedingLimit: nil)),
                      .init(service: ServiceRef(sab), reachable: true)])
    }

    private func queued(_ client: String, left: Double = 1_073_741_824, on service: ServiceConfig) -> QueueItem {
        QueueItem(id: ResourceID(serviceID: service.id, itemID: 1), title: "Fixture", status: .downloading, trackedStatus: .ok,
                  trackedState: nil, messages: [], errorMessage: nil, size: left, sizeLeft: left, timeLeft: nil, estimatedCompletion: nil,
                  added: nil, downloadProtocol: .torrent, downloadID: "abc", downloadClient: client, resource: nil, childID: nil,
                  groupKey: nil, clientHasPostImportCategory: nil)
    }

    func testAConsistentStackHasNoFinding() {
        XCTAssertEqual(StackDoctor.findings(healthy()), [])
    }

    func testAClientNoServiceHereIsNamedWithItsAddress() {
        var evidence = healthy()
        evidence.orchestrators[0].settings?.downloadClients?.append(client("Deluge (old box)", "Deluge", "10.0.0.5", 8112, category: "tv"))
        let found = StackDoctor.findings(evidence)
        XCTAssertEqual(found.map(\.check), [.clientNotConfigured])
        XCTAssertEqual(found.first?.orchestrator?.name, "Sonarr")
        XCTAssertEqual(found.first?.evidence["host"], "10.0.0.5")
        XCTAssertEqual(found.first?.evidence["port"], "8112")
    }

    func testAnUnreachableClientIsAnErrorAndAMatchByKindAloneIsOnlyProbable() {
        var evidence = healthy()
        evidence.clients[0] = .init(service: ServiceRef(qbit), reachable: false, failure: .unavailable(.connectionRefused))
        let found = StackDoctor.findings(evidence).filter { $0.check == .clientUnreachable }
        XCTAssertEqual(found.count, 2, "Sonarr and Radarr both send there")
        XCTAssertEqual(found.map(\.certainty), [.certain, .certain])
        XCTAssertEqual(found.first?.severity, .error)
        // The orchestrator names a container ("qbittorrent:8080"), Switchyard a LAN address: probably the same.
        evidence.orchestrators[0].settings?.downloadClients?[0].host = "qbittorrent"
        let probable = StackDoctor.findings(evidence).first { $0.check == .clientUnreachable && $0.orchestrator?.name == "Sonarr" }
        XCTAssertEqual(probable?.certainty, .probable)
    }

    func testAClientNobodySendsToIsANotice() {
        var evidence = healthy()
        let transmission = Self.config(.transmission, "Transmission", "http://192.168.1.30:9091")
        evidence.configs.append(transmission)
        evidence.clients.append(.init(service: ServiceRef(transmission), reachable: true))
        XCTAssertEqual(StackDoctor.findings(evidence).map(\.check), [.clientUnused])
        XCTAssertEqual(StackDoctor.findings(evidence).first?.severity, .notice)
        // Not said while an orchestrator could not be read: it might be the one using it.
        evidence.orchestrators[1].settings = nil
        XCTAssertEqual(StackDoctor.findings(evidence).map(\.check), [])
    }

    func testAMissingCategoryAndASharedOne() {
        var evidence = healthy()
        evidence.orchestrators[0].settings?.downloadClients?[0].category = "sonarr"
        XCTAssertEqual(StackDoctor.findings(evidence).map(\.check), [.categoryMissing])
        XCTAssertEqual(StackDoctor.findings(evidence).first?.evidence["clientCategories"], "movies, tv")
        evidence = healthy()
        evidence.orchestrators[0].settings?.downloadClients?[0].category = "Movies" // case differs: the same category
        let shared = StackDoctor.findings(evidence)
        XCTAssertEqual(shared.map(\.check), [.sharedCategory, .sharedCategory], "one finding per orchestrator")
        XCTAssertEqual(Set(shared.compactMap { $0.evidence["alsoUsedBy"] }), ["Sonarr", "Radarr"])
        XCTAssertTrue(shared.allSatisfy { $0.severity == .error && $0.client?.name == "qBittorrent" })
    }

    func testCompletedHandlingOffAndRootFolders() {
        var evidence = healthy()
        evidence.orchestrators[0].settings?.completedDownloadHandling = false
        evidence.orchestrators[1].settings?.rootFolders = [RootFolder(id: 1, path: "/data/movies", accessible: false, freeSpace: nil),
                                                           RootFolder(id: 2, path: "/data/small", accessible: true, freeSpace: 50 << 20)]
        let found = StackDoctor.findings(evidence)
        XCTAssertEqual(Set(found.map(\.check)), [.completedHandlingOff, .rootFolderMissing, .rootFolderLowSpace])
        let low = found.first { $0.check == .rootFolderLowSpace }
        XCTAssertEqual(low?.evidence["freeSpaceMB"], "50")
        XCTAssertEqual(low?.evidence["minimumFreeSpaceMB"], "100")
        // Above the minimum but below what the queue still needs: a warning.
        evidence = healthy()
        evidence.orchestrators[0].settings?.rootFolders = [RootFolder(id: 1, path: "/data/tv", accessible: true, freeSpace: 2 << 30)]
        evidence.orchestrators[0].queue = [queued("qBittorrent", left: Double(3 << 30), on: sonarr)]
        let queue = StackDoctor.findings(evidence)
        XCTAssertEqual(queue.map(\.check), [.rootFolderLowSpace])
        XCTAssertEqual(queue.first?.severity, .warning)
        XCTAssertEqual(queue.first?.evidence["queueRemainingMB"], "3072")
    }

    func testADisabledClientStillHoldingQueueItems() {
        var evidence = healthy()
        evidence.orchestrators[1].settings?.downloadClients?[1].enabled = false
        XCTAssertEqual(StackDoctor.findings(evidence).map(\.check), [.clientUnused],
                       "disabled with nothing queued: only that nobody sends to SABnzbd now")
        evidence.orchestrators[1].queue = [queued("SABnzbd", on: radarr), queued("SABnzbd", on: radarr)]
        let found = StackDoctor.findings(evidence)
        XCTAssertEqual(found.map(\.check), [.clientDisabledWithQueue, .clientUnused])
        XCTAssertEqual(found.first?.evidence["queued"], "2")
    }

    func testFailingIndexersPointAtTheIndexerManager() {
        var evidence = healthy()
        evidence.orchestrators[0].health = [HealthIssue(id: "1", source: "IndexerRssCheck", level: .warning,
                                                        message: "No indexers available with RSS sync enabled", wikiURL: nil),
                                            HealthIssue(id: "2", source: "UpdateCheck", level: .notice, message: "Update", wikiURL: nil)]
        XCTAssertEqual(StackDoctor.findings(evidence).map(\.check), [.indexersFailing])
        XCTAssertNil(StackDoctor.findings(evidence).first?.evidence["indexerManager"])
        evidence.configs.append(Self.config(.prowlarr, "Prowlarr", "http://192.168.1.10:9696"))
        XCTAssertEqual(StackDoctor.findings(evidence).first?.evidence["indexerManager"], "Prowlarr")
    }

    func testASeedingLimitThatRemovesTorrents() {
        var evidence = healthy()
        evidence.clients[0].settings?.seedingLimit = SeedingLimit(ratio: 1.0, minutes: nil, action: .remove)
        let found = StackDoctor.findings(evidence)
        XCTAssertEqual(found.map(\.check), [.seedingLimitRemoves, .seedingLimitRemoves], "both orchestrators send torrents there")
        XCTAssertEqual(found.first?.severity, .error)
        XCTAssertEqual(found.first?.evidence["ratio"], "1.0")
        evidence.clients[0].settings?.seedingLimit = SeedingLimit(ratio: nil, minutes: 60, action: .pause)
        XCTAssertEqual(StackDoctor.findings(evidence).first?.severity, .warning, "paused, not lost")
    }

    func testErrorsComeFirst() {
        var evidence = healthy()
        evidence.orchestrators[0].settings?.downloadClients?.append(client("Deluge", "Deluge", "10.0.0.5", 8112, category: nil))
        evidence.orchestrators[1].settings?.completedDownloadHandling = false
        XCTAssertEqual(StackDoctor.findings(evidence).map(\.severity), [.error, .warning])
    }

    // MARK: Fixes offered

    func testAMissingCategoryOffersToCreateItOnlyWhereTheClientCan() {
        var evidence = healthy()
        evidence.orchestrators[0].settings?.downloadClients?[0].category = "tv-sonarr"
        XCTAssertNil(StackDoctor.findings(evidence).first?.fix, "the client did not say it can create categories")
        evidence.clients[0].settings?.createsCategories = true
        XCTAssertEqual(StackDoctor.findings(evidence).first?.fix, DoctorFix(.createCategory("tv-sonarr"), on: ServiceRef(qbit)))
    }

    func testCompletedHandlingOffOffersToTurnItOnWhereTheOrchestratorTakesIt() {
        var evidence = healthy()
        evidence.orchestrators[0].settings?.completedDownloadHandling = false
        XCTAssertNil(StackDoctor.findings(evidence).first?.fix)
        evidence.orchestrators[0].fixable = true
        XCTAssertEqual(StackDoctor.findings(evidence).first?.fix, DoctorFix(.enableCompletedHandling, on: ServiceRef(sonarr)))
    }

    // MARK: Checks 3, 10, 11, 12

    private func transfer(_ hash: String, _ name: String, state: TransferItem.State, on service: ServiceConfig, added: Date? = nil,
                          error: String? = nil) -> TransferItem {
        TransferItem(serviceID: service.id, joinKey: hash, name: name, state: state, rawState: state.rawValue, progress: 0.1,
                     sizeBytes: 100, remainingBytes: 90, added: added, errorMessage: error)
    }

    func testAnImportBlockedOnAPathNamesTheMappingThatWouldFixIt() {
        var evidence = healthy()
        var item = queued("qBittorrent", on: sonarr)
        item.trackedState = .importBlocked
        item.trackedStatus = .warning
        item.messages = ["Import failed, path does not exist or is not accessible by Sonarr: /downloads/tv/Show.S01E01. Ensure the path exists"]
        item.outputPath = "/downloads/tv/Show.S01E01"
        evidence.orchestrators[0].queue = [item]
        let found = StackDoctor.findings(evidence)
        XCTAssertEqual(found.map(\.check), [.importPathUnreachable])
        XCTAssertEqual(found.first?.evidence["remoteFolder"], "/downloads/tv/", "the category's save path in the client")
        XCTAssertEqual(found.first?.evidence["host"], "192.168.1.20")
        XCTAssertEqual(found.first?.client?.name, "qBittorrent")
        XCTAssertNil(found.first?.fix, "a path setting is explained, never changed")
        // A mapping already turned it into this local path: the mapping's local side is what is missing.
        evidence.orchestrators[0].settings?.remotePathMappings = [RemotePathMapping(host: "192.168.1.20", remotePath: "/downloads/",
                                                                                     localPath: "/downloads/")]
        XCTAssertEqual(StackDoctor.findings(evidence).first?.evidence["mappedBy"], "/downloads/ → /downloads/")
        // The same item waiting for something else: nothing about paths.
        evidence.orchestrators[0].queue?[0].messages = ["Found matching series via grab history, but release was matched to series by ID."]
        XCTAssertEqual(StackDoctor.findings(evidence).map(\.check), [])
    }

    func testAStalledTorrentAnOrchestratorWaitsFor() {
        var evidence = healthy()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        evidence.orchestrators[0].queue = [queued("qBittorrent", on: sonarr)] // downloadID "abc"
        evidence.clients[0].transfers = [transfer("ABC", "Show.S01E01", state: .stalled, on: qbit, added: now.addingTimeInterval(-7 * 3600))]
        let found = StackDoctor.findings(evidence, now: now)
        XCTAssertEqual(found.map(\.check), [.stalledTransfer])
        XCTAssertEqual(found.first?.evidence["hours"], "7")
        XCTAssertEqual(found.first?.orchestrator?.name, "Sonarr")
        // Stalled for an hour: not yet. Not waited for by any orchestrator: not the doctor's business.
        evidence.clients[0].transfers = [transfer("abc", "Show.S01E01", state: .stalled, on: qbit, added: now.addingTimeInterval(-3600))]
        XCTAssertEqual(StackDoctor.findings(evidence, now: now).map(\.check), [])
        evidence.clients[0].transfers = [transfer("def", "Other", state: .stalled, on: qbit, added: now.addingTimeInterval(-9 * 3600))]
        XCTAssertEqual(StackDoctor.findings(evidence, now: now).map(\.check), [.notHeldByClient], "and Sonarr's own download is gone")
        // A usenet item failed for missing articles.
        evidence.orchestrators[0].queue = []
        evidence.orchestrators[1].queue = [queued("SABnzbd", on: radarr)]
        evidence.clients[1].transfers = [transfer("abc", "Movie.2020", state: .error, on: sab, error: "Aborted, cannot be completed - 40% articles missing")]
        XCTAssertEqual(StackDoctor.findings(evidence, now: now).map(\.check), [.stalledTransfer])
    }

    func testQBittorrent5WithAnOrchestratorFromBeforeItsStoppedStates() {
        var evidence = healthy()
        evidence.clients[0].version = "v5.0.1"
        evidence.orchestrators[0].version = "3.0.10.1567"
        evidence.orchestrators[1].version = "5.12.2.9335"
        let found = StackDoctor.findings(evidence)
        XCTAssertEqual(found.map(\.check), [.versionSkew])
        XCTAssertEqual(found.first?.orchestrator?.name, "Sonarr")
        XCTAssertEqual(found.first?.evidence["needs"], "4")
        evidence.clients[0].version = "v4.6.7"
        XCTAssertEqual(StackDoctor.findings(evidence).map(\.check), [])
    }

    func testOneTorrentInTwoClientsAndAQueueItemItsClientDoesNotHold() {
        var evidence = healthy()
        let transmission = Self.config(.transmission, "Transmission", "http://192.168.1.30:9091")
        evidence.configs.append(transmission)
        evidence.orchestrators[1].settings?.downloadClients?.append(client("Transmission", "Transmission", "192.168.1.30", 9091, category: nil))
        evidence.clients.append(.init(service: ServiceRef(transmission), reachable: true, transfers: [transfer("abc", "Show", state: .seeding, on: transmission)]))
        evidence.clients[0].transfers = [transfer("ABC", "Show", state: .seeding, on: qbit)]
        let found = StackDoctor.findings(evidence)
        XCTAssertEqual(found.map(\.check), [.heldTwice])
        XCTAssertEqual(found.first?.evidence["clients"], "qBittorrent, Transmission")
        // Sonarr waits for "abc" in qBittorrent, which holds something else.
        evidence.clients[2].transfers = []
        evidence.clients[0].transfers = [transfer("fff", "Other", state: .seeding, on: qbit)]
        evidence.orchestrators[0].queue = [queued("qBittorrent", on: sonarr)]
        let missing = StackDoctor.findings(evidence)
        XCTAssertEqual(missing.map(\.check), [.notHeldByClient])
        XCTAssertEqual(missing.first?.evidence["downloadId"], "abc")
        // A client whose list was not read says nothing.
        evidence.clients[0].transfers = nil
        XCTAssertEqual(StackDoctor.findings(evidence).map(\.check), [])
    }

    func testACategoryFolderNoMappingCovers() {
        var evidence = healthy()
        // Sonarr maps the client's /downloads/ to its own /data/downloads/: qBittorrent's "tv" saves to /downloads/tv.
        evidence.orchestrators[0].settings?.remotePathMappings = [RemotePathMapping(host: "192.168.1.20", remotePath: "/downloads/",
                                                                                     localPath: "/data/downloads/")]
        XCTAssertEqual(StackDoctor.findings(evidence).map(\.check), [], "covered")
        evidence.clients[0].settings?.categories?["tv"] = "/srv/elsewhere/tv"
        let found = StackDoctor.findings(evidence)
        XCTAssertEqual(found.map(\.check), [.categoryPathUnmapped])
        XCTAssertEqual(found.first?.evidence["savePath"], "/srv/elsewhere/tv")
        XCTAssertEqual(found.first?.evidence["mappings"], "/downloads/ → /data/downloads/")
        // No mapping for that host: the paths are taken as shared, nothing to say.
        evidence.orchestrators[0].settings?.remotePathMappings = []
        XCTAssertEqual(StackDoctor.findings(evidence).map(\.check), [])
    }
}
