@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

final class CredentialLifecycleTests: XCTestCase {
    private var registry: ServiceRegistry!
    private var secrets: InMemorySecretStore!
    private var sessions: SessionStore!
    private var work: InFlightWork!
    private var cache: ServiceCache!
    private var lifecycle: CredentialLifecycle!
    private var config: ServiceConfig!

    override func setUp() async throws {
        let directory = try temporaryDirectory(self)
        registry = ServiceRegistry(fileURL: directory.appendingPathComponent("config/services.json"))
        secrets = InMemorySecretStore()
        sessions = SessionStore()
        work = InFlightWork()
        cache = ServiceCache(root: directory.appendingPathComponent("cache"))
        lifecycle = CredentialLifecycle(registry: registry, secrets: secrets, scopedState: [sessions, work, cache])
        config = ServiceConfig(kind: .sonarr, remoteEndpoint: try Endpoint.parse("https://sonarr.fixture.invalid"))
    }

    /// A probe that reads the credential it was given by reference, as clients do.
    private func probe(expecting key: String) -> CredentialLifecycle.Probe<String> {
        let secrets = self.secrets!
        return { config throws(ServiceError) in
            let credential: Credential?
            do throws(SecretStoreError) { credential = try await secrets.read(config.credential) } catch { throw .keyring(error) }
            guard let credential else { throw .missingCredential }
            guard credential.apiKey == key else { throw .unauthorized }
            return "ok \(config.credential)"
        }
    }

    func testTestUsesAnEphemeralAccountAndNeverTouchesTheLiveSecret() async throws {
        try await lifecycle.save(config, candidate: Credential(apiKey: "fixture-live"))
        let result = try await lifecycle.test(config, candidate: Credential(apiKey: "fixture-candidate"),
                                              probe: probe(expecting: "fixture-candidate"))
        XCTAssertFalse(result.contains(config.credential.description), "the probe ran on the live account")
        let live = try await secrets.read(config.credential)
        XCTAssertEqual(live?.apiKey, "fixture-live")
        let accounts = await secrets.accounts
        XCTAssertEqual(accounts, [config.credential], "the ephemeral account was not removed")

        // A failing test removes its ephemeral account too.
        do {
            _ = try await lifecycle.test(config, candidate: Credential(apiKey: "fixture-wrong"), probe: probe(expecting: "other"))
            XCTFail("a refused candidate passed")
        } catch {
            XCTAssertEqual(error, .unauthorized)
        }
        let after = await secrets.accounts
        XCTAssertEqual(after, [config.credential])
    }

    func testTestWithEmptyFieldsUsesTheStoredValue() async throws {
        try await lifecycle.save(config, candidate: Credential(apiKey: "fixture-live"))
        let result = try await lifecycle.test(config, candidate: Credential(), probe: probe(expecting: "fixture-live"))
        XCTAssertTrue(result.hasPrefix("ok"))
    }

    func testSaveWithAnEmptyFieldKeepsTheStoredValue() async throws {
        try await lifecycle.save(config, candidate: Credential(apiKey: "fixture-first"))
        var renamed = config!
        renamed.displayName = "Living-room Sonarr"
        try await lifecycle.save(renamed, candidate: Credential(apiKey: ""))
        let stored = try await secrets.read(config.credential)
        XCTAssertEqual(stored?.apiKey, "fixture-first")
        let saved = await registry.service(config.id)
        XCTAssertEqual(saved?.displayName, "Living-room Sonarr")
    }

    func testSaveRefusesAServiceWithoutItsCredential() async throws {
        do {
            try await lifecycle.save(config, candidate: Credential())
            XCTFail("saved without a key")
        } catch {
            XCTAssertEqual(error, .service(.missingCredential))
        }
        let saved = await registry.service(config.id)
        XCTAssertNil(saved)
    }

    func testSaveLeavesNoOrphanSecretWhenTheKeyringFails() async throws {
        await secrets.setFailure(.locked)
        do {
            try await lifecycle.save(config, candidate: Credential(apiKey: "fixture-key"))
            XCTFail("saved with a locked keyring")
        } catch {
            XCTAssertEqual(error, .service(.keyring(.locked)))
        }
        let saved = await registry.service(config.id)
        XCTAssertNil(saved, "config saved although its secret was not")
    }

    func testRotateWritesTheReplacementOnlyAfterItValidated() async throws {
        try await lifecycle.save(config, candidate: Credential(apiKey: "fixture-old"))
        await sessions.set("fixture-session", "cookie", for: config.id)
        do {
            _ = try await lifecycle.rotate(config, replacement: Credential(apiKey: "fixture-bad"),
                                           probe: probe(expecting: "fixture-good"))
            XCTFail("an invalid replacement was accepted")
        } catch {
            XCTAssertEqual(error, .unauthorized)
        }
        let kept = try await secrets.read(config.credential)
        XCTAssertEqual(kept?.apiKey, "fixture-old", "the old value must survive a failed rotation")

        _ = try await lifecycle.rotate(config, replacement: Credential(apiKey: "fixture-good"),
                                       probe: probe(expecting: "fixture-good"))
        let rotated = try await secrets.read(config.credential)
        XCTAssertEqual(rotated?.apiKey, "fixture-good")
        let session = await sessions.hasSession(for: config.id)
        XCTAssertFalse(session, "sessions of the old credential were kept")
        let accounts = await secrets.accounts
        XCTAssertEqual(accounts, [config.credential])
    }

    func testRemoveServiceClearsEverything() async throws {
        try await lifecycle.save(config, candidate: Credential(apiKey: "fixture-key"))
        await sessions.set("fixture-session", "cookie", for: config.id)
        try await cache.store(Data("[]".utf8), named: "series.json", for: config.id)
        let running = await work.start(for: config.id) {
            try? await Task.sleep(for: .seconds(30))
        }
        try await lifecycle.removeService(config.id)

        XCTAssertTrue(running.isCancelled, "in-flight work was not cancelled")
        let secret = try await secrets.read(config.credential)
        XCTAssertNil(secret)
        let session = await sessions.hasSession(for: config.id)
        XCTAssertFalse(session)
        let cached = await cache.load(named: "series.json", for: config.id)
        XCTAssertNil(cached)
        let saved = await registry.service(config.id)
        XCTAssertNil(saved)
        let reloaded = await ServiceRegistry(fileURL: registry.fileURL).load()
        XCTAssertEqual(reloaded, [])
    }

    func testRemoveCredentialPurgesItsStateButKeepsTheService() async throws {
        try await lifecycle.save(config, candidate: Credential(apiKey: "fixture-key"))
        await sessions.set("fixture-session", "cookie", for: config.id)
        try await cache.store(Data("[]".utf8), named: "library.json", for: config.id)
        try await lifecycle.removeCredential(of: config.id)
        let secret = try await secrets.read(config.credential)
        XCTAssertNil(secret)
        let session = await sessions.hasSession(for: config.id)
        XCTAssertFalse(session)
        let cached = await cache.load(named: "library.json", for: config.id)
        XCTAssertNil(cached, "the cache of a service without its credential is purged")
        let saved = await registry.service(config.id)
        XCTAssertEqual(saved, config, "the service stays configured, to be given a new credential")
    }

    func testRemoveKeepsTheConfigWhenTheKeyringRefuses() async throws {
        try await lifecycle.save(config, candidate: Credential(apiKey: "fixture-key"))
        await secrets.setFailure(.locked)
        do {
            try await lifecycle.removeService(config.id)
            XCTFail("removed while the keyring was locked")
        } catch {
            XCTAssertEqual(error, .keyring(.locked))
        }
        let saved = await registry.service(config.id)
        XCTAssertNotNil(saved, "the config must still point at its secret so removal can be retried")
    }
}
