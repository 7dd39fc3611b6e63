import Core
import Dispatch
import Foundation

/// `--doctor [--json]`: one doctor pass over the configured services, from the command line. Exit 1
/// when any finding is an error (Documentation/Doctor.md has the JSON schema).
struct DoctorReport {
    static let jsonSchemaVersion = 1
    var configurationPath: String
    var evidence: StackEvidence?
    var findings: [DoctorFinding] = []
    var problem: String?

    var exitStatus: Int32 { problem != nil || findings.contains { $0.severity == .error } ? 1 : 0 }

    /// Runs before the main loop: the pass runs on the cooperative pool, this thread waits.
    static func run() -> DoctorReport {
        let done = DispatchSemaphore(value: 0)
        let box = Box()
        Task.detached {
            let registry = ServiceRegistry(fileURL: ServiceRegistry.defaultFileURL())
            await registry.load()
            var report = DoctorReport(configurationPath: registry.fileURL.path)
            do throws(TransportError) {
                let repository = Repository(registry: registry, transport: RetryingTransport(try SoupTransport()), secrets: KeyringSecretStore(),
                                            cache: nil)
                await repository.reload()
                (report.evidence, report.findings) = await repository.doctor()
            } catch {
                report.problem = "HTTP could not start: \(ErrorText.sentence(ServiceError(error)))"
            }
            box.set(report)
            done.signal()
        }
        done.wait()
        return box.value!
    }

    var text: String {
        var lines: [String] = []
        if let problem { return problem }
        let read = evidence.map { tr("%1$d orchestrators and %2$d download clients read.").fill($0.orchestrators.count, $0.clients.count) } ?? ""
        lines.append("\(AppInfo.name) \(AppInfo.version) — " + tr("stack doctor") + ": " + read)
        for orchestrator in evidence?.orchestrators ?? [] where orchestrator.failure != nil {
            lines.append("  " + tr("Not checked: %1$s (%2$s)").fill(orchestrator.service.name, ErrorText.sentence(orchestrator.failure!)))
        }
        if findings.isEmpty { lines.append(tr("No problems found between your services.")) }
        for finding in findings {
            let words = DoctorWords.words(finding)
            lines.append("")
            lines.append("\(DoctorWords.severity(finding.severity).uppercased()): \(words.summary)")
            lines.append("  " + tr("Why: %s").fill(words.why))
            lines.append("  " + tr("Fix: %s").fill(words.fix))
            let evidence = finding.evidence.keys.sorted().map { "\($0)=\(finding.evidence[$0] ?? "")" }.joined(separator: ", ")
            if !evidence.isEmpty { lines.append("  " + tr("Evidence: %s").fill(evidence)) }
            if let fix = finding.fix { lines.append("  " + tr("Switchyard can fix this from its window: %s").fill(DoctorWords.fixButton(fix))) }
        }
        return lines.joined(separator: "\n")
    }

    var json: String {
        func ref(_ service: ServiceRef?) -> Any {
            guard let service else { return NSNull() }
            return ["id": service.id.uuidString.lowercased(), "name": service.name, "kind": service.kind.rawValue]
        }
        func offered(_ fix: DoctorFix?) -> Any {
            guard let fix else { return NSNull() }
            switch fix.action {
            case .createCategory(let name): return ["action": "createCategory", "category": name, "service": ref(fix.service)]
            case .enableCompletedHandling: return ["action": "enableCompletedHandling", "category": NSNull(), "service": ref(fix.service)]
            }
        }
        let list: [[String: Any]] = findings.map { finding in
            let words = DoctorWords.words(finding)
            return ["check": finding.check.rawValue, "severity": finding.severity.rawValue, "certainty": finding.certainty.rawValue,
                    "orchestrator": ref(finding.orchestrator), "client": ref(finding.client), "evidence": finding.evidence,
                    "summary": words.summary, "why": words.why, "fix": words.fix, "offeredFix": offered(finding.fix)]
        }
        let read: [[String: Any]] = (evidence?.orchestrators.map { ["service": ref($0.service), "read": $0.failure == nil,
                                                                      "error": $0.failure.map { ErrorText.sentence($0) } ?? NSNull()] } ?? [])
            + (evidence?.clients.map { ["service": ref($0.service), "read": $0.reachable,
                                        "error": $0.failure.map { ErrorText.sentence($0) } ?? NSNull()] } ?? [])
        return CommandDocument.json(schemaVersion: Self.jsonSchemaVersion, configuration: configurationPath, ok: exitStatus == 0,
                                    problem: problem, ["findings": list, "services": read])
    }

    private final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var report: DoctorReport?
        func set(_ report: DoctorReport) { lock.withLock { self.report = report } }
        var value: DoctorReport? { lock.withLock { report } }
    }
}
