import Foundation

/// The doctor's checks that look at downloads themselves, not only settings: a queue item the
/// orchestrator cannot import because the client's path is not reachable from it (3), a transfer it waits
/// for that has stalled (10), versions known not to work together (11), and one download held by two
/// clients or by none of the one the orchestrator names (12).
extension StackDoctor {
    /// How long a torrent may find no peer before it counts as stalled.
    static let stalledAfter: TimeInterval = 6 * 3600

    /// Which configured client an orchestrator's queue item is in: its download-client name → that
    /// client's settings → the configured service (nil when that cannot be told).
    private static func route(_ item: QueueItem, _ settings: OrchestratorSettings, _ evidence: StackEvidence)
        -> (info: DownloadClientInfo, client: StackEvidence.Client?, byAddress: Bool)? {
        guard let name = item.downloadClient, let info = settings.downloadClients?.first(where: { $0.name == name }) else { return nil }
        guard let match = info.match(among: evidence.configs) else { return (info, nil, false) }
        return (info, evidence.clients.first { $0.service.id == match.id }, match.byAddress)
    }

    // MARK: Check 3: import blocked on a path

    /// Servarr's words when an import cannot see the download's folder (`ImportFailed… not accessible`,
    /// the remote-path-mapping hints), lower-cased.
    static let pathProblems = ["does not exist or is not accessible", "not accessible by", "path does not exist",
                               "remote path mapping", "no files found are eligible for import in"]

    static func importPaths(_ evidence: StackEvidence) -> [DoctorFinding] {
        var found: [DoctorFinding] = []
        for orchestrator in evidence.orchestrators {
            guard let settings = orchestrator.settings, let queue = orchestrator.queue else { continue }
            for item in queue where item.trackedState == .importBlocked || item.trackedState == .importPending
                || item.trackedStatus == .warning {
                let words = (item.messages + [item.errorMessage ?? ""]).joined(separator: " ")
                guard pathProblems.contains(where: { words.lowercased().contains($0) }) else { continue }
                let path = item.outputPath ?? ""
                var values = ["item": item.title, "path": path, "message": item.messages.first ?? item.errorMessage ?? ""]
                let routed = route(item, settings, evidence)
                if let info = routed?.info {
                    values["client"] = info.name
                    if let host = info.host { values["host"] = host }
                }
                let host = routed?.info.host?.lowercased()
                // Mappings not read: the blocked import is still said (the orchestrator reports it), but nothing is
                // claimed about which mapping covers it or would.
                if let mappings = settings.remotePathMappings?.filter({ host == nil || $0.host.lowercased() == host }) {
                    values["mappings"] = mappings.isEmpty ? "" : mappings.map { "\($0.host): \($0.remotePath) → \($0.localPath)" }.joined(separator: "; ")
                }
                let mappings = settings.remotePathMappings?.filter { host == nil || $0.host.lowercased() == host }
                if let used = mappings?.first(where: { !path.isEmpty && path.hasPrefix($0.localPath) }) {
                    // A mapping turned the client's path into this one: its local side is what is not there.
                    values["mappedBy"] = "\(used.remotePath) → \(used.localPath)"
                } else if mappings != nil, !path.isEmpty {
                    // The folder the client keeps it in: the remote side of the mapping that would fix it.
                    values["remoteFolder"] = folder(of: path, categories: routed?.client?.settings?.categories)
                }
                found.append(DoctorFinding(.importPathUnreachable, .error, certainty: routed?.byAddress == false ? .probable : .certain,
                                           orchestrator: orchestrator.service, client: routed?.client?.service, evidence: values))
            }
        }
        return found
    }

    /// The client folder `path` is in: its category's save path when one contains it, else its parent.
    static func folder(of path: String, categories: [String: String]?) -> String {
        if let best = categories?.values.filter({ !$0.isEmpty && path.hasPrefix($0) }).max(by: { $0.count < $1.count }) {
            return best.hasSuffix("/") ? best : best + "/"
        }
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/"), slash > trimmed.startIndex else { return "/" }
        return String(trimmed[...slash])
    }

    // MARK: Check 10: stalled transfers an orchestrator waits for

    /// A usenet failure no retry of the same release fixes, in the clients' own words, lower-cased:
    /// missing articles (SABnzbd's "cannot be completed", NZBGet's `FAILURE/HEALTH`) and failed repairs.
    static let usenetFailures = ["article", "missing", "repair", "par2", "/par", "/health", "incomplete", "not-complete",
                                 "cannot be completed"]

    static func stalled(_ evidence: StackEvidence, now: Date) -> [DoctorFinding] {
        var waiting: [String: (ServiceRef, QueueItem)] = [:]
        for orchestrator in evidence.orchestrators {
            for item in orchestrator.queue ?? [] { if let id = item.downloadID?.lowercased() { waiting[id] = (orchestrator.service, item) } }
        }
        var found: [DoctorFinding] = []
        for client in evidence.clients {
            for transfer in client.transfers ?? [] {
                guard let (orchestrator, item) = waiting[transfer.joinKey.lowercased()] else { continue }
                var values = ["transfer": transfer.name, "state": transfer.rawState, "item": item.title]
                if transfer.state == .stalled {
                    guard let added = transfer.added, now.timeIntervalSince(added) >= stalledAfter else { continue }
                    values["hours"] = String(Int(now.timeIntervalSince(added) / 3600))
                } else if transfer.state == .error, let message = transfer.errorMessage,
                          Self.usenetFailures.contains(where: message.lowercased().contains) {
                    values["message"] = message
                } else { continue }
                found.append(DoctorFinding(.stalledTransfer, .warning, orchestrator: orchestrator, client: client.service, evidence: values))
            }
        }
        return found
    }

    // MARK: Check 11: versions known not to work together

    static func versions(_ evidence: StackEvidence) -> [DoctorFinding] {
        var found: [DoctorFinding] = []
        for orchestrator in evidence.orchestrators {
            guard let settings = orchestrator.settings, let orchestratorVersion = orchestrator.version else { continue }
            for info in settings.downloadClients ?? [] where info.enabled != false {
                guard let match = info.match(among: evidence.configs),
                      let client = evidence.clients.first(where: { $0.service.id == match.id }), let clientVersion = client.version else { continue }
                for rule in VersionSkew.rules where rule.client == client.service.kind && rule.orchestrator == orchestrator.service.kind {
                    guard VersionSkew.major(clientVersion) >= rule.clientFromMajor,
                          VersionSkew.major(orchestratorVersion) < rule.orchestratorFromMajor else { continue }
                    found.append(DoctorFinding(.versionSkew, .error, certainty: match.byAddress ? .certain : .probable,
                                               orchestrator: orchestrator.service, client: client.service,
                                               evidence: ["clientVersion": clientVersion, "orchestratorVersion": orchestratorVersion,
                                                          "needs": "\(rule.orchestratorFromMajor)", "rule": rule.id]))
                }
            }
        }
        return found
    }

    // MARK: Check 12: one download, two clients — or none

    static func holders(_ evidence: StackEvidence) -> [DoctorFinding] {
        var found: [DoctorFinding] = []
        // Torrents only: a usenet client's ids are its own, two clients never share one.
        var holders: [String: [(StackEvidence.Client, TransferItem)]] = [:]
        for client in evidence.clients where client.service.kind.downloadProtocol == .torrent {
            for transfer in client.transfers ?? [] { holders[transfer.joinKey.lowercased(), default: []].append((client, transfer)) }
        }
        for (_, list) in holders.sorted(by: { $0.key < $1.key }) where Set(list.map(\.0.service.id)).count > 1 {
            found.append(DoctorFinding(.heldTwice, .warning, client: list[0].0.service,
                                       evidence: ["transfer": list[0].1.name, "hash": list[0].1.joinKey,
                                                  "clients": list.map(\.0.service.name).joined(separator: ", ")]))
        }
        for orchestrator in evidence.orchestrators {
            guard let settings = orchestrator.settings else { continue }
            for item in orchestrator.queue ?? [] where !item.isPending && item.status != .completed {
                guard let id = item.downloadID?.lowercased(), let routed = route(item, settings, evidence), let client = routed.client,
                      let transfers = client.transfers else { continue }
                if transfers.contains(where: { $0.joinKey.lowercased() == id }) { continue }
                found.append(DoctorFinding(.notHeldByClient, .warning, certainty: routed.byAddress ? .certain : .probable,
                                           orchestrator: orchestrator.service, client: client.service,
                                           evidence: ["item": item.title, "downloadId": item.downloadID ?? "", "client": routed.info.name]))
            }
        }
        return found
    }
}

/// Versions of two services known not to work together, as data: when the client is at least
/// `clientFromMajor` and the orchestrator below `orchestratorFromMajor`, `id` names what breaks.
public struct VersionSkew: Sendable {
    public var id: String
    public var client: ServiceKind
    public var clientFromMajor: Int
    public var orchestrator: ServiceKind
    public var orchestratorFromMajor: Int

    /// Every rule the doctor knows (each client kind's folder adds its own).
    static var rules: [VersionSkew] { qBittorrentRules }

    /// The leading number of "v5.0.1", "4.0.19.2979", "5.1.4".
    static func major(_ version: String) -> Int {
        Int(version.drop(while: { !$0.isNumber }).prefix(while: \.isNumber)) ?? 0
    }
}
