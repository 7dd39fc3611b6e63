@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

final class ServiceDraftTests: XCTestCase {
    func testANewDraftAsksForANameAndAnAddress() {
        var draft = ServiceDraft(adding: .sonarr)
        XCTAssertEqual(draft.displayName, "Sonarr")
        XCTAssertEqual(draft.problems().addresses, .neither)
        draft.displayName = "  "
        XCTAssertTrue(draft.problems().nameMissing)
        XCTAssertNil(draft.config())
    }

    func testAddressesAreCheckedAsTyped() {
        var draft = ServiceDraft(adding: .sonarr)
        draft.localAddress = "192.168.1.10:8989"
        XCTAssertTrue(draft.problems().isEmpty, "\(draft.problems())")
        XCTAssertEqual(draft.config()?.localEndpoint?.scheme, .https, "no scheme means https unless plain HTTP is allowed")

        draft.localAddress = "http://192.168.1.10:8989/sonarr/"
        XCTAssertEqual(draft.problems().localAddress, .plainHTTPNotAllowed)
        draft.allowPlainHTTPOnLocal = true
        XCTAssertNil(draft.problems().localAddress)
        XCTAssertEqual(draft.config()?.localEndpoint?.description, "http://192.168.1.10:8989/sonarr")
        draft.localAddress = "192.168.1.10:8989"
        XCTAssertEqual(draft.config()?.localEndpoint?.scheme, .http, "allowed plain HTTP makes http the local default")

        let cases: [(String, EndpointError)] = [
            ("http://sonarr.fixture.invalid", .plainHTTPNotAllowed),
            ("https://user:secret@sonarr.fixture.invalid", .credentialsInURL),
            ("https://sonarr.fixture.invalid/#x", .fragment),
            ("https://sonarr.fixture.invalid/?apikey=fixture-key", .query),
            ("ftp://sonarr.fixture.invalid", .unsupportedScheme("ftp")),
            ("https://sonarr.fixture.invalid:99999", .badPort),
            ("https://so narr", .malformed),
        ]
        for (input, expected) in cases {
            draft.remoteAddress = input
            XCTAssertEqual(draft.problems().remoteAddress, expected, input)
            XCTAssertNil(draft.config(), input)
        }
        draft.remoteAddress = ""
        draft.preference = .remote
        XCTAssertEqual(draft.problems().addresses, .remoteForRemoteOnly)
    }

    func testHeadersAreParsedAndReservedOnesRefused() {
        XCTAssertEqual(try ServiceDraft.parseHeaders("CF-Access-Client-Id: fixture-id\n\n Remote-User : fixture\n").get(),
                       ["CF-Access-Client-Id": "fixture-id", "Remote-User": "fixture"])
        XCTAssertEqual(ServiceDraft.parseHeaders("no colon here"),
                       .failure(.init(line: 1, kind: .notNameValue)))
        XCTAssertEqual(ServiceDraft.parseHeaders("Ok: 1\nHost: other.fixture.invalid"),
                       .failure(.init(line: 2, kind: .reserved("Host"))))
        XCTAssertEqual(ServiceDraft.parseHeaders("Bad Name: 1"),
                       .failure(.init(line: 1, kind: .invalidName("Bad Name"))))
        var draft = ServiceDraft(adding: .qbittorrent)
        draft.localAddress = "https://127.0.0.1:8080"
        draft.headersText = "X-Gateway: fixture-token"
        draft.secrets = Credential(apiKey: "ignored for this kind", username: "admin", password: "fixture-pass")
        XCTAssertEqual(draft.candidate, Credential(username: "admin", password: "fixture-pass",
                                                   extraHeaders: ["X-Gateway": "fixture-token"]))
    }

    func testEditingKeepsIdentityAndNeverFillsSecrets() throws {
        var config = ServiceConfig(kind: .radarr, displayName: "Radarr 4K",
                                   remoteEndpoint: try Endpoint.parse("https://radarr.fixture.invalid/radarr"))
        config.artworkFromServerOnly = true
        var draft = ServiceDraft(editing: config)
        XCTAssertFalse(draft.isNew)
        XCTAssertEqual(draft.remoteAddress, "https://radarr.fixture.invalid/radarr")
        XCTAssertEqual(try Endpoint.parse(draft.remoteAddress), config.remoteEndpoint, "the shown address parses back")
        XCTAssertEqual(try Endpoint.parse("http://[fd00::1]:8080/x").displayString, "http://[fd00::1]:8080/x")
        XCTAssertTrue(draft.secrets.isEmpty)
        XCTAssertFalse(draft.changesSecrets)
        draft.displayName = "Radarr UHD"
        let edited = try XCTUnwrap(draft.config())
        XCTAssertEqual(edited.id, config.id)
        XCTAssertEqual(edited.credential, config.credential)
        XCTAssertTrue(edited.artworkFromServerOnly)
        XCTAssertEqual(edited.displayName, "Radarr UHD")
        XCTAssertEqual(draft.problems(requireCredential: true).credential, .apiKey)
    }
}

/// Answers Sonarr's probe only with the key it is told; counts what it saw.
private final class KeyCheckingSonarr: HTTPTransport, @unchecked Sendable {
    let key: String
    private let lock = NSLock()
    private var keys: [String] = []
    init(key: String) { self.key = key }
    var seenKeys: [String] { lock.withLock { keys } }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let given = request.headers["X-Api-Key"] ?? ""
        lock.withLock { keys.append(given) }
        guard request.path == "/api/v3/system/status" else { return HTTPResponse(status: 404, url: request.url) }
        guard given == key else { return HTTPResponse(status: 401, url: request.url) }
        let body = (try? fixture("sonarr/system-status.json")) ?? Data()
        return HTTPResponse(status: 200, headerFields: [("Content-Type", "application/json")], body: body, url: request.url)
    }
}

final class ServiceSettingsTests: XCTestCase {
    private var directory: URL!
    private var registry: ServiceRegistry!
    private var secrets: InMemorySecretStore!
    private var cache: ServiceCache!
    private var server: KeyCheckingSonarr!
    private var settings: ServiceSettings!

    override func setUp() async throws {
        directory = try temporaryDirectory(self)
        registry = ServiceRegistry(fileURL: directory.appendingPathComponent("config/services.json"))
        secrets = InMemorySecretStore()
        cache = ServiceCache(root: directory.appendingPathComponent("cache"))
        server = KeyCheckingSonarr(key: "fixture-good-key")
        settings = ServiceSettings(registry: registry, secrets: secrets, transport: server, scopedState: [cache])
    }

    private func draft(key: String) -> ServiceDraft {
        var draft = ServiceDraft(adding: .sonarr)
        draft.displayName = "Sonarr (fixture)"
        draft.remoteAddress = "https://sonarr.fixture.invalid"
        draft.secrets.apiKey = key
        return draft
    }

    func testTestReportsTheServiceAndLeavesNothingBehind() async throws {
        let result = await settings.test(draft(key: "fixture-good-key"))
        let report = try result.get()
        XCTAssertEqual(report.appName, "Sonarr")
        XCTAssertEqual(report.version, "4.0.19.2979")
        XCTAssertEqual(report.role, .remote)
        XCTAssertEqual(report.endpoint.urlHost, "sonarr.fixture.invalid")
        XCTAssertGreaterThanOrEqual(report.latencyMilliseconds, 0)
        let accounts = await secrets.accounts
        XCTAssertTrue(accounts.isEmpty, "a test left a keyring item")
        let saved = await registry.services
        XCTAssertTrue(saved.isEmpty, "a test saved the service")

        let refused = await settings.test(draft(key: "fixture-wrong-key"))
        XCTAssertEqual(refused.failure, .unauthorized)
        let after = await secrets.accounts
        XCTAssertTrue(after.isEmpty)
    }

    /// A form without a usable address is "no endpoint", not a refused redirect.
    func testAFormWithoutAnAddressTestsAsNoEndpoint() async {
        var incomplete = draft(key: "fixture-good-key")
        incomplete.remoteAddress = ""
        let result = await settings.test(incomplete)
        XCTAssertEqual(result.failure, .noEndpoint)
        XCTAssertEqual(result.failure?.recovery, .configureEndpoint)
    }

    func testANewServiceNeedsItsCredentialToSave() async throws {
        do {
            try await settings.save(draft(key: ""))
            XCTFail("saved without a key")
        } catch {
            guard case .invalid(let problems) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.credential, .apiKey)
        }
        let saved = await registry.services
        XCTAssertTrue(saved.isEmpty)
    }

    /// Whether a key is stored: yes, no — or the keyring's own failure, never "no" for a keyring that could not be read.
    func testWhetherAKeyIsStoredIsAskedOfTheKeyringAndItsFailureKept() async throws {
        try await settings.save(draft(key: "fixture-good-key"))
        let saved = await registry.services
        let config = try XCTUnwrap(saved.first)
        let stored = await settings.hasStoredCredential(config)
        XCTAssertEqual(try stored.get(), true)
        await secrets.setFailure(.locked)
        guard case .failure(let error) = await settings.hasStoredCredential(config) else { return XCTFail("a locked keyring read as an answer") }
        XCTAssertEqual(error, .locked)
        await secrets.setFailure(nil)
        try await secrets.delete(config.credential)
        let gone = await settings.hasStoredCredential(config)
        XCTAssertEqual(try gone.get(), false)
    }

    func testAWrongReplacementKeyKeepsTheStoredKeyAndTheOldSettings() async throws {
        let config = try await settings.save(draft(key: "fixture-good-key"))
        var edit = ServiceDraft(editing: config)
        edit.displayName = "Renamed"
        edit.secrets.apiKey = "fixture-wrong-key"
        do {
            try await settings.save(edit)
            XCTFail("a refused key was saved")
        } catch {
            XCTAssertEqual(error, .rotationRefused(.unauthorized))
        }
        let stored = try await secrets.read(config.credential)
        XCTAssertEqual(stored?.apiKey, "fixture-good-key")
        let kept = await registry.service(config.id)
        XCTAssertEqual(kept?.displayName, "Sonarr (fixture)")

        // Leaving the key empty saves the rest and keeps the key.
        edit.secrets = Credential()
        try await settings.save(edit)
        let renamed = await registry.service(config.id)
        XCTAssertEqual(renamed?.displayName, "Renamed")
        let still = try await secrets.read(config.credential)
        XCTAssertEqual(still?.apiKey, "fixture-good-key")
    }

    func testAValidatedReplacementKeyIsWritten() async throws {
        let config = try await settings.save(draft(key: "fixture-good-key"))
        server = KeyCheckingSonarr(key: "fixture-rotated-key")
        settings = ServiceSettings(registry: registry, secrets: secrets, transport: server, scopedState: [cache])
        var edit = ServiceDraft(editing: config)
        edit.secrets.apiKey = "fixture-rotated-key"
        try await settings.save(edit)
        let stored = try await secrets.read(config.credential)
        XCTAssertEqual(stored?.apiKey, "fixture-rotated-key")
        XCTAssertEqual(server.seenKeys, ["fixture-rotated-key"], "the rotation was not validated first")
    }

    func testRemoveDeletesKeyringItemCacheAndConfig() async throws {
        let config = try await settings.save(draft(key: "fixture-good-key"))
        try await cache.store(Data("[]".utf8), named: "series.json", for: config.id)
        let cacheDirectory = await cache.directory(for: config.id)
        XCTAssertTrue(FileManager.default.fileExists(atPath: cacheDirectory.path))
        try await settings.remove(config.id)
        let accounts = await secrets.accounts
        XCTAssertTrue(accounts.isEmpty)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cacheDirectory.path))
        let file = try String(contentsOf: directory.appendingPathComponent("config/services.json"), encoding: .utf8)
        XCTAssertFalse(file.contains(config.id.uuidString.lowercased()) || file.contains(config.id.uuidString))
    }

    func testEnableSwitchChangesOnlyTheFlag() async throws {
        let config = try await settings.save(draft(key: "fixture-good-key"))
        try await settings.setEnabled(config.id, false)
        let off = await registry.service(config.id)
        XCTAssertEqual(off?.enabled, false)
        let stored = try await secrets.read(config.credential)
        XCTAssertEqual(stored?.apiKey, "fixture-good-key")
    }

    func testKeyringProblemsAreReportedAndNothingIsWritten() async throws {
        let problemBefore = await settings.keyringProblem()
        XCTAssertNil(problemBefore)
        await secrets.setFailure(.noSecretService)
        let problem = await settings.keyringProblem()
        XCTAssertEqual(problem, .noSecretService)
        do {
            try await settings.save(draft(key: "fixture-good-key"))
            XCTFail("saved without a keyring")
        } catch {
            XCTAssertEqual(error, .keyring(.noSecretService))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("config/services.json").path),
                       "config written without its secret")
        let tested = await settings.test(draft(key: "fixture-good-key"))
        XCTAssertEqual(tested.failure, .keyring(.noSecretService))
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
