@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// The stack doctor when one of its reads fails — a 404, a 500, a dropped connection — against the fixture
/// Sonarr and SABnzbd over real libsoup. A failed read is recorded with its error and its value stays nil
/// (never an empty list); the pass says it is incomplete; the checks resting on the missing read say nothing
/// rather than something wrong (every finding of a faulted pass is one the full pass makes too).
final class DoctorReadFailureTests: XCTestCase {
    private var sonarr: ServarrFixtureServer!
    private var sabnzbd: ServarrFixtureServer!
    private var faultTransport: SoupTransport!

    override func setUp() async throws {
        sonarr = try ServarrFixtureServer(kind: "sonarr")
        sabnzbd = try ServarrFixtureServer(kind: "sabnzbd")
        faultTransport = try SoupTransport(limits: TestLimits.short)
    }

    /// One doctor pass over the two, each with its key, in a repository of its own (no session state carried over).
    private func pass() async throws -> (evidence: StackEvidence, findings: [DoctorFinding]) {
        let directory = try temporaryDirectory(self)
        let registry = ServiceRegistry(fileURL: directory.appendingPathComponent("services.json"))
        let secrets = InMemorySecretStore()
        for (kind, server) in [(ServiceKind.sonarr, sonarr!), (.sabnzbd, sabnzbd!)] {
            let config = ServiceConfig(kind: kind, localEndpoint: try Endpoint.parse("http://127.0.0.1:\(server.port)"), allowPlainHTTPOnLocal: true)
            try await secrets.write(Credential(apiKey: ServarrFixtureServer.key), for: config.credential, kind: kind)
            try await registry.upsert(config)
        }
        let repository = Repository(registry: registry, transport: RetryingTransport(try SoupTransport(limits: TestLimits.short)),
                                    secrets: secrets, cache: nil)
        await repository.reload()
        return await repository.doctor()
    }

    private func fault(_ server: ServarrFixtureServer, _ path: String, _ mode: String) async throws {
        try await server.setFault(mode, on: path, via: faultTransport)
    }

    private func signature(_ finding: DoctorFinding) -> String {
        "\(finding.check.rawValue)|\(finding.orchestrator?.name ?? "")|\(finding.client?.name ?? "")"
    }

    /// What each mode reads as: a 404 in the service's words, a 500 likewise (a failure, not a refusal), a drop as a lost connection.
    private func expected(_ error: ServiceError?, for mode: String, file: StaticString = #filePath, line: UInt = #line) {
        switch (mode, error) {
        case ("404", .serverMessage(404, "NotFound")?), ("500", .serverMessage(500, _)?), ("500", .unavailable(.serverError(500))?),
             ("drop", .unavailable(.connectionLost)?): break
        default: XCTFail("\(mode) read as \(String(describing: error))", file: file, line: line)
        }
    }

    func testEachOrchestratorReadThatFailsIsNamedAndNeverAnEmptyList() async throws {
        let full = try await pass()
        XCTAssertTrue(full.evidence.isComplete, "the fixtures answer every read: \(full.evidence.coverage)")
        let fullFindings = Set(full.findings.map(signature))
        XCTAssertEqual(fullFindings, ["clientNotConfigured|Sonarr|", "clientUnused||SABnzbd", "indexersFailing|Sonarr|", "rootFolderMissing|Sonarr|"])
        let settingsReads: [(String, StackEvidence.Part, (OrchestratorSettings) -> Bool)] = [
            ("/api/v3/downloadclient", .downloadClients, { $0.downloadClients == nil }),
            ("/api/v3/rootfolder", .rootFolders, { $0.rootFolders == nil }),
            ("/api/v3/config/downloadclient", .completedHandling, { $0.completedDownloadHandling == nil }),
            ("/api/v3/config/mediamanagement", .importSettings, { $0.minimumFreeSpaceMB == nil }),
            ("/api/v3/remotepathmapping", .remotePathMappings, { $0.remotePathMappings == nil }),
        ]
        for mode in ["404", "500", "drop"] {
            for (path, part, unset) in settingsReads {
                try await fault(sonarr, path, mode)
                let (evidence, findings) = try await pass()
                try await fault(sonarr, path, "none")
                let orchestrator = try XCTUnwrap(evidence.orchestrators.first)
                guard case .partly(let parts) = orchestrator.coverage else { XCTFail("\(path) \(mode): \(orchestrator.coverage)"); continue }
                XCTAssertEqual(Array(parts.keys), [part], "\(path) \(mode)")
                expected(parts[part], for: mode)
                XCTAssertTrue(orchestrator.settings.map(unset) ?? false, "\(path) \(mode): the value is unknown, not empty")
                XCTAssertFalse(evidence.isComplete)
                XCTAssertTrue(Set(findings.map(signature)).isSubset(of: fullFindings),
                              "\(path) \(mode): a missing read made a finding the full pass does not: \(findings.map(signature))")
                // What rests on the missing read goes quiet: nobody sends to SABnzbd cannot be known without the client list,
                // a missing root folder not without the folders.
                if part == .downloadClients { XCTAssertFalse(findings.contains { $0.check == .clientUnused }, "\(mode)") }
                if part == .rootFolders { XCTAssertFalse(findings.contains { $0.check == .rootFolderMissing }, "\(mode)") }
            }
            for (path, part) in [("/api/v3/queue/details", StackEvidence.Part.queue), ("/api/v3/health", .health)] {
                try await fault(sonarr, path, mode)
                let (evidence, findings) = try await pass()
                try await fault(sonarr, path, "none")
                let orchestrator = try XCTUnwrap(evidence.orchestrators.first)
                XCTAssertEqual(orchestrator.coverage.unreadParts, [part], "\(path) \(mode)")
                expected(orchestrator.unread[part], for: mode)
                XCTAssertNil(part == .queue ? orchestrator.queue.map { _ in 0 } : orchestrator.health.map { _ in 0 }, "\(path) \(mode): not an empty list")
                XCTAssertTrue(Set(findings.map(signature)).isSubset(of: fullFindings), "\(path) \(mode)")
            }
        }
    }

    func testAClientsSettingsAndTransfersThatFailAreNamed() async throws {
        for mode in ["404", "500", "drop"] {
            // (Its queue is what its probe reads with the key: a failing queue is a client not read at all.)
            for (sabMode, part) in [("get_config", StackEvidence.Part.clientSettings), ("history", .transfers)] {
                try await fault(sabnzbd, "mode:" + sabMode, mode)
                let (evidence, _) = try await pass()
                try await fault(sabnzbd, "mode:" + sabMode, "none")
                let client = try XCTUnwrap(evidence.clients.first)
                XCTAssertEqual(client.coverage.unreadParts, [part], "\(sabMode) \(mode): \(client.coverage)")
                XCTAssertNotNil(client.unread[part], "\(sabMode) \(mode)")
                XCTAssertNil(part == .clientSettings ? client.settings.map { _ in 0 } : client.transfers.map { _ in 0 }, "\(sabMode) \(mode)")
                XCTAssertFalse(evidence.isComplete)
            }
        }
    }

    /// A service that does not answer its probe is not checked at all — and the pass says so.
    func testAnOrchestratorThatCannotBeReachedIsNotChecked() async throws {
        try await fault(sonarr, "/api/v3/system/status", "drop")
        let (evidence, findings) = try await pass()
        guard case .notRead(let error) = evidence.orchestrators.first?.coverage else {
            return XCTFail("\(String(describing: evidence.orchestrators.first?.coverage))")
        }
        XCTAssertEqual(error, .unavailable(.connectionLost))
        XCTAssertFalse(evidence.isComplete)
        XCTAssertFalse(findings.contains { $0.orchestrator?.name == "Sonarr" }, "nothing said about a service not read")
    }
}

extension StackEvidence.Coverage {
    /// The parts a partial read missed (empty when read in full or not at all).
    var unreadParts: [StackEvidence.Part] {
        if case .partly(let parts) = self { return parts.keys.sorted { $0.rawValue < $1.rawValue } }
        return []
    }
}
