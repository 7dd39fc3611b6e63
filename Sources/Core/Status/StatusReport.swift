import Foundation

/// `switchyard --status`: probes every configured service and describes the result, one line each.
public struct StatusReport: Sendable {
    public struct Line: Sendable {
        public var name: String
        public var kind: ServiceKind
        public var outcome: String
        public var ok: Bool
    }

    public var header: String
    public var lines: [Line]
    public var problem: String?

    public init(header: String, lines: [Line] = [], problem: String? = nil) {
        self.header = header
        self.lines = lines
        self.problem = problem
    }

    /// 0 when every enabled service answered, 1 when any did not, 2 when the configuration could not be read.
    public var exitStatus: Int32 {
        if problem != nil { return 2 }
        return lines.allSatisfy(\.ok) ? 0 : 1
    }

    public var text: String {
        var output = [header]
        if let problem { output.append("  \(problem)") }
        let width = max(12, lines.map(\.name.count).max() ?? 0)
        for line in lines {
            output.append("  \(line.name.padding(toLength: width, withPad: " ", startingAt: 0))  "
                          + "\(line.kind.displayName.padding(toLength: 12, withPad: " ", startingAt: 0))  \(line.outcome)")
        }
        return output.joined(separator: "\n")
    }

    public static func make(registry: ServiceRegistry, transport: any HTTPTransport,
                            secrets: any SecretStore) async -> StatusReport {
        let services = await registry.load()
        let file = registry.fileURL.path
        var report = StatusReport(header: "\(AppInfo.name) \(AppInfo.version): \(services.count) service(s) in \(file)",
                                  lines: [], problem: nil)
        switch await registry.issue {
        case .corruptFileKept(let kept, let reason)?:
            report.problem = "The configuration could not be read (\(reason)); it was kept as \(kept.lastPathComponent)."
        case .newerSchema(let version)?:
            report.problem = "The configuration was written by a newer Switchyard (schema \(version))."
        case .unreadable(let reason)?:
            report.problem = "The configuration could not be read: \(reason)"
        case nil:
            break
        }
        report.lines = await withTaskGroup(of: (Int, Line).self) { group in
            for (index, service) in services.enumerated() {
                group.addTask {
                    (index, await line(for: service, transport: transport, secrets: secrets))
                }
            }
            var lines: [(Int, Line)] = []
            for await line in group { lines.append(line) }
            return lines.sorted { $0.0 < $1.0 }.map(\.1)
        }
        return report
    }

    private static func line(for service: ServiceConfig, transport: any HTTPTransport,
                             secrets: any SecretStore) async -> Line {
        guard service.enabled else {
            return Line(name: service.displayName, kind: service.kind, outcome: "disabled", ok: true)
        }
        guard ServiceProbe.isSupported(service.kind) else {
            return Line(name: service.displayName, kind: service.kind, outcome: "not checked: no client for it in this version", ok: true)
        }
        let started = ContinuousClock.now
        do {
            let (status, role) = try await ServiceProbe.probe(service, transport: transport, secrets: secrets)
            let milliseconds = Int(((ContinuousClock.now - started).seconds * 1000).rounded())
            return Line(name: service.displayName, kind: service.kind,
                        outcome: "OK — \(status.appName) \(status.version) via \(role.rawValue), \(milliseconds) ms", ok: true)
        } catch {
            return Line(name: service.displayName, kind: service.kind, outcome: "FAILED — \(ErrorText.sentence(error))", ok: false)
        }
    }
}
