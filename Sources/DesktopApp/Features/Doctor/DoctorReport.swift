import Core
import Dispatch
import Foundation

/// `--doctor [--json]`: one doctor pass over the configured services, from the command line. Exit 1
/// when any finding is an error; else 3 when an enabled service (or a part of one) could not be read, so
/// the pass could not say the stack is consistent (Documentation/Doctor.md has the JSON schema).
struct DoctorReport {
    static let jsonSchemaVersion = 1
    var configurationPath: String
    var evidence: StackEvidence?
    var findings: [DoctorFinding] = []
    var problem: String?

    /// Not every enabled service was read in full (or nothing could be read at all).
    static let incompleteStatus: Int32 = 3

    var exitStatus: Int32 {
        if findings.contains(where: { $0.severity == .error }) { return 1 }
        if problem != nil || evidence?.isComplete != true { return Self.incompleteStatus }
        return 0
    }

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
        let coverage = evidence?.coverage ?? []
        lines.append("\(AppInfo.name) \(AppInfo.version) — " + tr("stack doctor") + ": " + DoctorWords.readSummary(coverage))
        for (_, line) in DoctorWords.unread(coverage) { lines.append("  " + line) }
        if findings.isEmpty { lines.append(DoctorWords.nothingFound(complete: evidence?.isComplete == true)) }
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
        // Each service: read in full or not; when nothing could be read, why; when some parts could not, each with why.
        let read: [[String: Any]] = (evidence?.coverage ?? []).map { service, coverage in
            var entry: [String: Any] = ["service": ref(service), "read": coverage == .read, "error": NSNull(), "unread": [[String: Any]]()]
            switch coverage {
            case .read: break
            case .notRead(let error): entry["error"] = ErrorText.sentence(error)
            case .partly(let parts):
                entry["unread"] = StackEvidence.Part.allCases.compactMap { part in
                    parts[part].map { ["part": part.rawValue, "error": ErrorText.sentence($0)] as [String: Any] }
                }
            }
            return entry
        }
        let incomplete = (evidence?.coverage ?? []).filter { $0.coverage != .read }.map { ref($0.service) }
        return CommandDocument.json(schemaVersion: Self.jsonSchemaVersion, configuration: configurationPath, ok: exitStatus == 0,
                                    problem: problem, ["findings": list, "services": read, "complete": evidence?.isComplete == true,
                                                       "notCheckedInFull": incomplete])
    }

    private final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var report: DoctorReport?
        func set(_ report: DoctorReport) { lock.withLock { self.report = report } }
        var value: DoctorReport? { lock.withLock { report } }
    }
}
