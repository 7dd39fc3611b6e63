@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// A canary secret goes through test, save, rotate and remove with the real
/// keyring, the real registry file, a real cache directory and the real libsoup
/// transport. It must never appear in the config file, the cache or the logs.
final class SecretCanaryTests: XCTestCase {
    func testCanaryNeverLeavesTheKeyring() async throws {
        try requireTestSession()
        let canary = "fixture-canary-\(UUID().uuidString)"
        let rotated = "fixture-canary-rotated-\(UUID().uuidString)"
        let directory = try temporaryDirectory(self)
        let configFile = directory.appendingPathComponent("config/switchyard/services.json")
        let cacheRoot = directory.appendingPathComponent("cache/switchyard")
        let lines = LineCollector()
        let observation = Log.addObserver { _, line in lines.append(line) }
        defer { observation.cancel() }

        let server = try FixtureServer()
        let transport = RetryingTransport(try SoupTransport(limits: TestLimits.short),
                                          limits: TestLimits.short)
        let secrets = KeyringSecretStore()
        let registry = ServiceRegistry(fileURL: configFile)
        let cache = ServiceCache(root: cacheRoot)
        let sessions = SessionStore()
        let lifecycle = CredentialLifecycle(registry: registry, secrets: secrets,
                                            scopedState: [sessions, InFlightWork(), cache])
        let config = ServiceConfig(kind: .sonarr, localEndpoint: server.http, allowPlainHTTPOnLocal: true)

        // The probe sends the key in its header, as a Servarr client does, and caches the (non-secret) answer.
        let probe: CredentialLifecycle.Probe<Int> = { config throws(ServiceError) in
            let credential: Credential?
            do throws(SecretStoreError) { credential = try await secrets.read(config.credential) } catch { throw .keyring(error) }
            guard let key = credential?.apiKey else { throw .missingCredential }
            let request = HTTPRequest(config.localEndpoint!, path: "/echo", headers: ["X-Api-Key": key],
                                      requestClass: .probe, schemePolicy: config.policy(for: .local))
            let response: HTTPResponse
            do throws(TransportError) { response = try await transport.send(request) } catch { throw ServiceError(error) }
            let body = try response.jsonBody()
            try? await cache.store(body, named: "status.json", for: config.id)
            return response.status
        }

        let tested = try await lifecycle.test(config, candidate: Credential(apiKey: canary), probe: probe)
        XCTAssertEqual(tested, 200)
        try await lifecycle.save(config, candidate: Credential(apiKey: canary))
        _ = try await probe(config)
        _ = try await lifecycle.rotate(config, replacement: Credential(apiKey: rotated), probe: probe)
        let live = try await secrets.read(config.credential)
        XCTAssertEqual(live?.apiKey, rotated)

        // Scan everything that touched disk or the log before removal.
        try assertAbsent([canary, rotated], in: directory, logs: lines.values)
        XCTAssertGreaterThan(lines.values.count, 0, "nothing was logged: the scan proves nothing")
        XCTAssertTrue(FileManager.default.fileExists(atPath: configFile.path))
        let cached = await cache.load(named: "status.json", for: config.id)
        XCTAssertNotNil(cached, "nothing was cached: the scan proves nothing")

        try await lifecycle.removeService(config.id)
        let gone = try await secrets.read(config.credential)
        XCTAssertNil(gone)
        try assertAbsent([canary, rotated], in: directory, logs: lines.values)
        let cachedAfter = await cache.load(named: "status.json", for: config.id)
        XCTAssertNil(cachedAfter)
    }

    private func assertAbsent(_ needles: [String], in directory: URL, logs: [String], line: UInt = #line) throws {
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL } ?? []
        for file in files where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            for needle in needles {
                XCTAssertFalse(text.contains(needle), "secret found in \(file.lastPathComponent)", line: line)
            }
        }
        for needle in needles {
            XCTAssertFalse(logs.joined(separator: "\n").contains(needle), "secret found in the log", line: line)
        }
    }
}
