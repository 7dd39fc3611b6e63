import Foundation

/// The doctor's checks: pure functions from what one pass read (`StackEvidence`) to findings. Each check
/// looks at a seam between two services — what the orchestrator is set to send and what the client has,
/// what it needs to import and what its folders offer — and says what is wrong with both sides' values.
/// A service that could not be read yields no findings about its side, and a part that could not be read
/// (nil, never an empty list) none that rest on it: the pass's `coverage` says what was skipped.
public enum StackDoctor {
    /// Every finding, errors first, then by check and service.
    public static func findings(_ evidence: StackEvidence, now: Date = Date()) -> [DoctorFinding] {
        var found: [DoctorFinding] = []
        found += clients(evidence)
        found += categories(evidence)
        found += settings(evidence)
        found += indexers(evidence)
        found += importPaths(evidence)
        found += stalled(evidence, now: now)
        found += versions(evidence)
        found += holders(evidence)
        return found.sorted {
            ($0.severity, $1.check.rawValue, $1.orchestrator?.name ?? "", $1.client?.name ?? "")
                > ($1.severity, $0.check.rawValue, $0.orchestrator?.name ?? "", $0.client?.name ?? "")
        }
    }

    /// The configured transfer clients, by id.
    private static func clientRefs(_ evidence: StackEvidence) -> [UUID: StackEvidence.Client] {
        Dictionary(evidence.clients.map { ($0.service.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    private static func address(_ info: DownloadClientInfo) -> [String: String] {
        var values = ["client": info.name, "implementation": info.implementation]
        if let host = info.host { values["host"] = host }
        if let port = info.port { values["port"] = String(port) }
        if let base = info.urlBase, !base.isEmpty { values["urlBase"] = base }
        return values
    }

    // MARK: Checks 1 and 8: which client each orchestrator sends to

    static func clients(_ evidence: StackEvidence) -> [DoctorFinding] {
        var found: [DoctorFinding] = []
        let known = clientRefs(evidence)
        var used = Set<UUID>()
        for orchestrator in evidence.orchestrators {
            guard let settings = orchestrator.settings else { continue }
            for info in settings.downloadClients ?? [] {
                if info.enabled == false {
                    // Its queue not read: how many wait there is not known, so nothing is said.
                    let queued = orchestrator.queue?.filter { $0.downloadClient == info.name }.count ?? 0
                    if queued > 0 {
                        found.append(DoctorFinding(.clientDisabledWithQueue, .error, orchestrator: orchestrator.service,
                                                   evidence: address(info).merging(["queued": String(queued)]) { a, _ in a }))
                    }
                    continue
                }
                guard info.kind != nil else { continue } // a client Switchyard does not talk to: nothing to compare
                guard let match = info.match(among: evidence.configs) else {
                    found.append(DoctorFinding(.clientNotConfigured, .warning, orchestrator: orchestrator.service, evidence: address(info)))
                    continue
                }
                used.insert(match.id)
                guard let client = known[match.id] else { continue } // matched a disabled service
                if !client.reachable {
                    var values = address(info)
                    values["configuredAs"] = client.service.name
                    if let failure = client.failure { values["error"] = "\(failure)".replacingOccurrences(of: #"Core\.[A-Za-z]+\."#, with: "", options: .regularExpression) }
                    found.append(DoctorFinding(.clientUnreachable, .error, certainty: match.byAddress ? .certain : .probable,
                                               orchestrator: orchestrator.service, client: client.service, evidence: values))
                }
            }
        }
        // The inverse: a configured client nobody sends to — only said when every orchestrator's clients were read.
        if !evidence.orchestrators.isEmpty, evidence.orchestrators.allSatisfy({ $0.settings?.downloadClients != nil }) {
            for client in evidence.clients where !used.contains(client.service.id) {
                found.append(DoctorFinding(.clientUnused, .notice, client: client.service, evidence: ["client": client.service.name]))
            }
        }
        return found
    }

    // MARK: Checks 2 and 4: categories

    static func categories(_ evidence: StackEvidence) -> [DoctorFinding] {
        var found: [DoctorFinding] = []
        let known = clientRefs(evidence)
        // (client, category) → the orchestrators sending there.
        var senders: [String: [(ServiceRef, DownloadClientInfo, certain: Bool)]] = [:]
        for orchestrator in evidence.orchestrators {
            for info in orchestrator.settings?.downloadClients ?? [] where info.enabled != false {
                guard let category = info.category, let match = info.match(among: evidence.configs), let client = known[match.id] else { continue }
                senders["\(match.id.uuidString)/\(category.lowercased())", default: []].append((orchestrator.service, info, match.byAddress))
                // The category the orchestrator sends to must exist in the client (when the client says which it has).
                if let categories = client.settings?.categories,
                   !categories.keys.contains(where: { $0.caseInsensitiveCompare(category) == .orderedSame }) {
                    var values = address(info)
                    values["category"] = category
                    values["clientCategories"] = categories.keys.sorted().joined(separator: ", ")
                    // Creating it is offered only where the client can (and then with its own default folder for it).
                    let fix = client.settings?.createsCategories == true ? DoctorFix(.createCategory(category), on: client.service) : nil
                    found.append(DoctorFinding(.categoryMissing, .warning, certainty: match.byAddress ? .certain : .probable,
                                               orchestrator: orchestrator.service, client: client.service, evidence: values, fix: fix))
                } else if let path = client.settings?.categories?.first(where: { $0.key.caseInsensitiveCompare(category) == .orderedSame })?.value,
                          !path.isEmpty, let host = info.host?.lowercased(), let read = orchestrator.settings?.remotePathMappings {
                    // Mappings for this host mean the orchestrator sees the client's files elsewhere: the
                    // category's folder must be under one of them (without any, the paths are taken as shared).
                    // Mappings that could not be read say nothing either way.
                    let mappings = read.filter { $0.host.lowercased() == host }
                    let folder = path.hasSuffix("/") ? path : path + "/"
                    if !mappings.isEmpty, !mappings.contains(where: { folder.hasPrefix($0.remotePath.hasSuffix("/") ? $0.remotePath : $0.remotePath + "/") }) {
                        var values = address(info)
                        values["category"] = category
                        values["savePath"] = path
                        values["mappings"] = mappings.map { "\($0.remotePath) → \($0.localPath)" }.joined(separator: "; ")
                        found.append(DoctorFinding(.categoryPathUnmapped, .warning, certainty: match.byAddress ? .certain : .probable,
                                                   orchestrator: orchestrator.service, client: client.service, evidence: values))
                    }
                }
            }
        }
        for (key, list) in senders.sorted(by: { $0.key < $1.key }) where Set(list.map(\.0.id)).count > 1 {
            guard let id = UUID(uuidString: String(key.prefix(36))), let client = known[id] else { continue }
            for (orchestrator, info, certain) in list {
                let others = list.filter { $0.0.id != orchestrator.id }.map(\.0.name)
                found.append(DoctorFinding(.sharedCategory, .error, certainty: certain ? .certain : .probable, orchestrator: orchestrator,
                                           client: client.service,
                                           evidence: ["category": info.category ?? "", "alsoUsedBy": others.joined(separator: ", ")]))
            }
        }
        return found
    }

    // MARK: Checks 5, 6 and 7: what importing needs

    static func settings(_ evidence: StackEvidence) -> [DoctorFinding] {
        var found: [DoctorFinding] = []
        let known = clientRefs(evidence)
        for orchestrator in evidence.orchestrators {
            guard let settings = orchestrator.settings else { continue }
            if settings.completedDownloadHandling == false {
                found.append(DoctorFinding(.completedHandlingOff, .error, orchestrator: orchestrator.service,
                                           evidence: ["enableCompletedDownloadHandling": "false"],
                                           fix: orchestrator.fixable ? DoctorFix(.enableCompletedHandling, on: orchestrator.service) : nil))
            }
            let remaining = (orchestrator.queue ?? []).reduce(0.0) { $0 + max(0, $1.sizeLeft) }
            for folder in settings.rootFolders ?? [] {
                guard folder.accessible else {
                    found.append(DoctorFinding(.rootFolderMissing, .error, orchestrator: orchestrator.service, evidence: ["path": folder.path]))
                    continue
                }
                guard let free = folder.freeSpace else { continue }
                let freeMB = Double(free) / 1_048_576
                var values = ["path": folder.path, "freeSpaceMB": String(Int(freeMB))]
                if let minimum = settings.minimumFreeSpaceMB, freeMB < Double(minimum) {
                    values["minimumFreeSpaceMB"] = String(minimum)
                    found.append(DoctorFinding(.rootFolderLowSpace, .error, orchestrator: orchestrator.service, evidence: values))
                } else if remaining > 0, Double(free) < remaining {
                    values["queueRemainingMB"] = String(Int(remaining / 1_048_576))
                    found.append(DoctorFinding(.rootFolderLowSpace, .warning, orchestrator: orchestrator.service, evidence: values))
                }
            }
            for info in settings.downloadClients ?? [] where info.enabled != false && info.kind?.downloadProtocol == .torrent {
                guard let match = info.match(among: evidence.configs), let client = known[match.id],
                      let limit = client.settings?.seedingLimit, limit.action != .superSeed else { continue }
                var values = address(info)
                values["action"] = limit.action.rawValue
                if let ratio = limit.ratio { values["ratio"] = String(ratio) }
                if let minutes = limit.minutes { values["minutes"] = String(minutes) }
                found.append(DoctorFinding(.seedingLimitRemoves, limit.action == .pause ? .warning : .error,
                                           certainty: match.byAddress ? .certain : .probable,
                                           orchestrator: orchestrator.service, client: client.service, evidence: values))
            }
        }
        return found
    }

    // MARK: Check 9: indexers, from the orchestrators' own health

    /// The health checks (their `source`, Servarr's check class) that mean searches find nothing.
    static let indexerChecks: Set<String> = ["IndexerStatusCheck", "IndexerLongTermStatusCheck", "IndexerRssCheck",
                                             "IndexerSearchCheck", "IndexerJackettAllCheck"]

    static func indexers(_ evidence: StackEvidence) -> [DoctorFinding] {
        let manager = evidence.configs.first { $0.enabled && $0.kind.role == .indexerManager }
        var found: [DoctorFinding] = []
        for orchestrator in evidence.orchestrators {
            for issue in orchestrator.health ?? [] where indexerChecks.contains(issue.source) {
                var values = ["check": issue.source, "message": issue.message]
                if let manager { values["indexerManager"] = manager.displayName }
                found.append(DoctorFinding(.indexersFailing, issue.level == .error ? .error : .warning,
                                           orchestrator: orchestrator.service, evidence: values))
            }
        }
        return found
    }
}
