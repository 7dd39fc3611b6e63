@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// The secret canary, end to end, for every service kind: distinctive secrets
/// (API keys for Sonarr, Radarr and SABnzbd; gateway headers for every kind,
/// which are secrets too) go through test connection, save, probe and refresh,
/// rotation and removal — with the real keyring, real libsoup, the registry
/// file and a cache directory, against the fixture servers and the real
/// daemons, each behind a counting proxy. Afterwards they must appear nowhere:
/// not in the config or cache directories, not in any log line (debug
/// included), not in any URL a proxy saw, not in the inspection captures.
final class SecretCanaryEndToEndTests: XCTestCase {
    func testNoCanaryLeavesTheKeyringForAnyKind() async throws {
        let environment = ProcessInfo.processInfo.environment
        try requireTestSession(peers: true)
        let peersFile = environment["SWITCHYARD_PEERS"] ?? ""
        let peers = try JSONDecoder().decode(TransferPeerTests.Peers.self, from: Data(contentsOf: URL(fileURLWithPath: peersFile)))
        let directory = try temporaryDirectory(self)
        let configDirectory = directory.appendingPathComponent("config"), cacheRoot = directory.appendingPathComponent("cache")
        let lines = LineCollector()
        let observation = Log.addObserver { level, line in lines.append("\(level) \(line)") }
        defer { observation.cancel() }

        let registry = ServiceRegistry(fileURL: configDirectory.appendingPathComponent("services.json"))
        let cache = ServiceCache(root: cacheRoot)
        let secrets = KeyringSecretStore()
        let transport = RetryingTransport(try SoupTransport(limits: TestLimits.short), limits: TestLimits.short)
        let repository = Repository(registry: registry, transport: transport, secrets: secrets, cache: cache)
        let settings = ServiceSettings(registry: registry, secrets: secrets, transport: transport, scopedState: [repository, cache])

        var canaries: [String] = []
        func canary(_ what: String) -> String {
            let value = "canary-\(what)-\(UUID().uuidString.prefix(8).lowercased())"
            canaries.append(value)
            return value
        }

        // The targets: fixture servers for the API-key kinds (they accept only the canary key), the real daemons for the rest.
        var servers: [ServarrFixtureServer] = []
        var proxies: [LockoutSafetyTests.Proxy] = []
        var targets: [(kind: ServiceKind, port: Int, key: String?, username: String?, password: String?)] = []
        for kind in [ServiceKind.sonarr, .radarr, .sabnzbd] {
            let key = canary("\(kind.rawValue)-key")
            let server = try ServarrFixtureServer(kind: kind.rawValue, key: key)
            servers.append(server)
            targets.append((kind, server.port, key, nil, nil))
        }
        targets.append((.qbittorrent, peers.qbittorrent.port, nil, peers.qbittorrent.username, peers.qbittorrent.password))
        targets.append((.transmission, peers.transmission.port, nil, peers.transmission.username, peers.transmission.password))
        targets.append((.deluge, peers.deluge.port, nil, nil, peers.deluge.password))
        targets.append((.nzbget, peers.nzbget.port, nil, peers.nzbget.username, peers.nzbget.password))

        for target in targets {
            let proxy = try LockoutSafetyTests.Proxy(target: target.port)
            proxies.append(proxy)
            var draft = ServiceDraft(adding: target.kind)
            draft.displayName = "Canary \(target.kind.displayName)"
            draft.allowPlainHTTPOnLocal = true
            draft.localAddress = "http://127.0.0.1:\(proxy.port)"
            draft.secrets = Credential(apiKey: target.key, username: target.username, password: target.password)
            draft.headersText = "X-Fixture-Gateway: \(canary("\(target.kind.rawValue)-header"))"

            // Test connection (ephemeral account), save, then the repository's probe and refresh.
            let tested = await settings.test(draft)
            XCTAssertNotNil(try? tested.get(), "\(target.kind): test failed: \(tested)")
            let saved = try await settings.save(draft)
            await repository.reload()
            let rows = await repository.overview(force: true).value?.rows ?? []
            XCTAssertEqual(rows.first { $0.id == saved.id }?.state, .ok, "\(target.kind): \(rows)")
            if target.kind.role == .orchestrator {
                let library = await repository.library(target.kind.library?.id ?? .series, force: true)
                XCTAssertNotNil(library.value, "\(target.kind)")
            } else {
                let downloads = await repository.downloads(force: true)
                XCTAssertTrue(downloads.value?.parts.contains { $0.service.id == saved.id } ?? false, "\(target.kind): \(downloads)")
            }

            // Rotate: a new gateway header value, validated before it replaces the stored one.
            var edit = ServiceDraft(editing: saved)
            edit.headersText = "X-Fixture-Gateway: \(canary("\(target.kind.rawValue)-rotated"))"
            try await settings.save(edit)
            let stored = try await secrets.read(saved.credential)
            XCTAssertEqual(stored?.extraHeaders["X-Fixture-Gateway"], canaries.last, "\(target.kind): rotation not stored")
            _ = await repository.overview(force: true)

            // Remove: keyring items, cache and config entry.
            try await settings.remove(saved.id)
            let gone = try await secrets.read(saved.credential)
            XCTAssertNil(gone, "\(target.kind): keyring item left after removal")
        }

        // Zero occurrences anywhere.
        var seenURLs: [String] = []
        for proxy in proxies { seenURLs += try await proxy.requests().map(\.url) }
        XCTAssertGreaterThan(seenURLs.count, 7 * 3, "the proxies saw too little traffic to mean anything")
        let root = fixturesDirectory.deletingLastPathComponent()
        var hits: [String] = []
        for value in canaries {
            if lines.values.contains(where: { $0.contains(value) }) { hits.append("log: \(value)") }
            if seenURLs.contains(where: { $0.contains(value) }) { hits.append("URL: \(value)") }
            for folder in [configDirectory, cacheRoot, root.appendingPathComponent("build/inspection")] {
                let files = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
                for file in files {
                    let data = (try? Data(contentsOf: folder.appendingPathComponent(file))) ?? Data()
                    if data.range(of: Data(value.utf8)) != nil { hits.append("\(folder.lastPathComponent)/\(file): \(value)") }
                }
            }
        }
        XCTAssertGreaterThan(lines.values.filter { $0.hasPrefix("debug") }.count, 20, "debug logging did not run")
        print("canary: \(canaries.count) canaries, \(lines.values.count) log lines, \(seenURLs.count) proxied URLs, \(hits.count) hits")
        XCTAssertEqual(hits, [], "canary secrets leaked")
        _ = servers
    }
}
