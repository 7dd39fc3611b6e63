import Core
import Foundation

/// `switchyard --status [--json]`: the Overview's rows, once, for scripts and
/// status bars. The rows are the ones the window shows (one per configured
/// service, from the same repository fan-out); the JSON shape is documented in
/// Documentation/StatusCommand.md and only ever grows.
struct StatusReport: Sendable {
    static let jsonSchemaVersion = 1

    var configurationPath: String
    var rows: [ServiceRow]
    /// Each Sonarr/Radarr instance's live channel, tried once.
    var live: [UUID: LiveState] = [:]
    /// The configuration could not be used (corrupt, newer schema, unreadable, HTTP could not start).
    var problem: String?

    init(configurationPath: String, rows: [ServiceRow] = [], problem: String? = nil) {
        self.configurationPath = configurationPath
        self.rows = rows
        self.problem = problem
    }

    /// 0 when every enabled service is OK, 1 when any is not, 2 when the configuration could not be used.
    var exitStatus: Int32 {
        if problem != nil { return 2 }
        return rows.allSatisfy(\.isOK) ? 0 : 1
    }

    // MARK: Text

    var text: String {
        var output = ["\(AppInfo.name) \(AppInfo.version): \(rows.count) service(s) in \(configurationPath)"]
        if let problem { output.append("  \(problem)") }
        let width = max(12, rows.map(\.service.name.count).max() ?? 0)
        for row in rows {
            output.append("  \(row.service.name.padding(toLength: width, withPad: " ", startingAt: 0))  "
                          + "\(row.service.kind.displayName.padding(toLength: 12, withPad: " ", startingAt: 0))  \(Self.outcome(row))")
            if let words = Strings.live(live[row.service.id]) {
                output.append("  \("".padding(toLength: width + 16, withPad: " ", startingAt: 0))\(words.reason ?? "Live updates: \(words.word).")")
            }
        }
        return output.joined(separator: "\n")
    }

    static func outcome(_ row: ServiceRow) -> String {
        var words: [String] = []
        switch row.state {
        case .ok: words.append("OK")
        case .degraded: words.append("DEGRADED")
        case .unauthorized: words.append("UNAUTHORIZED")
        case .unavailable: words.append("UNAVAILABLE")
        case .disabled: return "disabled"
        case .checking: return "not checked"
        }
        var detail: [String] = []
        if let app = row.appName, let version = row.version { detail.append("\(app) \(version)") }
        if let endpoint = row.endpoint { detail.append("via \(endpoint.rawValue)") }
        if let latency = row.latencyMilliseconds { detail.append("\(latency) ms") }
        var text = words.joined() + (detail.isEmpty ? "" : " — " + detail.joined(separator: ", "))
        if let message = row.message { text += (detail.isEmpty ? " — " : ". ") + message }
        if let recovery = row.recovery { text += " [\(Self.recoveryLabel(recovery))]" }
        return text
    }

    static func recoveryLabel(_ recovery: Recovery) -> String {
        switch recovery {
        case .retry: "retry"
        case .updateCredentials: "update credentials"
        case .configureEndpoint: "configure endpoint"
        case .enableService: "enable service"
        }
    }

    // MARK: JSON

    /// The documented shape: every key always present (null when unknown), keys sorted.
    var json: String {
        let services: [[String: Any]] = rows.map { row in
            [
                "id": row.service.id.uuidString.lowercased(),
                "name": row.service.name,
                "kind": row.service.kind.rawValue,
                "role": row.service.kind.role.rawValue,
                "enabled": row.state != .disabled,
                "state": row.state.rawValue,
                "ok": row.isOK,
                "endpoint": row.endpoint?.rawValue ?? NSNull(),
                "application": row.appName ?? NSNull(),
                "version": row.version ?? NSNull(),
                "latencyMs": row.latencyMilliseconds ?? NSNull(),
                "recovery": row.recovery?.rawValue ?? NSNull(),
                "message": row.message ?? NSNull(),
                "live": Self.liveJSON(live[row.service.id]),
            ]
        }
        return CommandDocument.json(schemaVersion: Self.jsonSchemaVersion, configuration: configurationPath, ok: exitStatus == 0,
                                    problem: problem, ["services": services])
    }

    /// `{"state": "live"|"connecting"|"polling", "reason": …, "message": …}`, or null for a service without a live channel.
    static func liveJSON(_ state: LiveState?) -> Any {
        guard let state, let words = Strings.live(state) else { return NSNull() }
        let name: String, reason: Any
        switch state {
        case .live: (name, reason) = ("live", NSNull())
        case .connecting: (name, reason) = ("connecting", NSNull())
        case .polling(let why): (name, reason) = ("polling", reasonName(why))
        }
        return ["state": name, "reason": reason, "message": words.reason ?? NSNull()]
    }

    static func reasonName(_ reason: LivePollingReason) -> String {
        switch reason {
        case .refused: "refused"
        case .unreachable: "unreachable"
        case .answered: "answered"
        case .hubNotFound: "hub-not-found"
        case .redirected: "redirected"
        case .versionTooOld: "version-too-old"
        case .unreadable: "unreadable"
        case .handshakeFailed: "handshake-failed"
        case .dropped: "dropped"
        }
    }

    // MARK: Making one

    /// Loads the registry and runs the Overview fan-out once (no cache: a
    /// status check neither reads nor writes the window's cached content).
    /// With `live`, each Sonarr/Radarr instance's live channel is tried once too.
    static func make(registry: ServiceRegistry, transport: any HTTPTransport,
                     secrets: any SecretStore, live: SoupTransport? = nil) async -> StatusReport {
        await registry.load()
        var report = StatusReport(configurationPath: registry.fileURL.path)
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
        let repository = Repository(registry: registry, transport: transport, secrets: secrets, cache: nil)
        await repository.reload()
        report.rows = await repository.overview(force: true).value?.rows ?? []
        if let live {
            report.live = await LiveHub.check(await repository.liveTargets(), transport: live, secrets: secrets)
        }
        return report
    }
}

/// The JSON documents the command-line reports print (`--status`, `--doctor`): the same head — schema
/// version, application, configuration file, ok, problem — then each report's own keys; keys sorted,
/// every key always present (null when unknown).
enum CommandDocument {
    static func json(schemaVersion: Int, configuration: String, ok: Bool, problem: String?, _ body: [String: Any]) -> String {
        var document: [String: Any] = [
            "schemaVersion": schemaVersion,
            "application": ["name": AppInfo.name, "version": AppInfo.version],
            "configuration": configuration,
            "ok": ok,
            "problem": problem ?? NSNull(),
        ]
        document.merge(body) { $1 }
        let data = (try? JSONSerialization.data(withJSONObject: document,
                                                options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
