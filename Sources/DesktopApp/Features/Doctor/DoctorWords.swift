import Core

/// The doctor's sentences: for each finding, what is wrong, why it matters and how to fix it in the
/// services' own menus, filled with the names and values of its evidence. Translatable; no secret is
/// ever part of a finding.
enum DoctorWords {
    struct Words: Equatable {
        var summary: String
        var why: String
        var fix: String
    }

    static func words(_ finding: DoctorFinding) -> Words {
        let orchestrator = finding.orchestrator?.name ?? tr("The orchestrator")
        let client = finding.client?.name ?? finding.evidence["client"] ?? tr("the download client")
        let e = finding.evidence
        let probably = finding.certainty == .probable ? tr("Probably: ") : ""
        switch finding.check {
        case .clientNotConfigured:
            return Words(
                summary: tr("%1$s sends downloads to “%2$s” (%3$s at %4$s), which is none of the services set up here.")
                    .fill(orchestrator, e["client"] ?? "", e["implementation"] ?? "", hostPort(e)),
                why: tr("Switchyard cannot show those downloads' progress, and cannot check that client's side."),
                fix: tr("Add that client in Switchyard's Settings with the address %1$s uses, or correct the address in %1$s: Settings → Download Clients.")
                    .fill(orchestrator))
        case .clientUnreachable:
            return Words(
                summary: probably + tr("%1$s sends downloads to %2$s, which does not answer.").fill(orchestrator, client),
                why: tr("Nothing new starts downloading while the client is down, and finished downloads wait to be imported."),
                fix: tr("Start %1$s, or check the address %2$s uses for it (%3$s): Settings → Download Clients.").fill(client, orchestrator, hostPort(e)))
        case .clientUnused:
            return Words(
                summary: tr("No orchestrator sends downloads to %s.").fill(client),
                why: tr("Only what you add by hand goes there; if an orchestrator should use it, its address there differs from the one here."),
                // Translators: %s is "Sonarr, Radarr or Lidarr".
                fix: tr("If that is not meant, add it in %s: Settings → Download Clients.").fill(Strings.alternatives(Strings.kindNames([.orchestrator]))))
        case .categoryMissing:
            return Words(
                summary: probably + tr("%1$s sends to the category “%2$s”, which %3$s does not have.").fill(orchestrator, e["category"] ?? "", client),
                why: tr("The client puts those downloads in its default folder, where %s may not find them to import.").fill(orchestrator),
                fix: tr("Create the category “%1$s” in %2$s with the folder %3$s expects, or pick an existing one in %3$s: Settings → Download Clients.")
                    .fill(e["category"] ?? "", client, orchestrator))
        case .categoryPathUnmapped:
            return Words(
                summary: probably + tr("The category “%1$s” of %2$s saves to %3$s, which none of %4$s's remote path mappings covers.")
                    .fill(e["category"] ?? "", client, e["savePath"] ?? "", orchestrator),
                why: tr("%s finds the client's downloads through those mappings: what lands elsewhere is never imported.").fill(orchestrator),
                fix: tr("Move the category's folder under a mapped one in %1$s, or add a mapping for %2$s in %3$s: Settings → Download Clients → Remote Path Mappings.")
                    .fill(client, e["savePath"] ?? "", orchestrator))
        case .sharedCategory:
            return Words(
                summary: probably + tr("%1$s and %2$s both send to the category “%3$s” of %4$s.")
                    .fill(orchestrator, e["alsoUsedBy"] ?? "", e["category"] ?? "", client),
                why: tr("Each orchestrator sees the other's downloads as its own: imports fail or land in the wrong library."),
                fix: tr("Give each orchestrator its own category: Settings → Download Clients → the client → Category."))
        case .completedHandlingOff:
            return Words(
                summary: tr("%s does not import finished downloads: completed download handling is off.").fill(orchestrator),
                why: tr("Downloads finish in the client and stay there; nothing reaches the library."),
                fix: tr("In %s: Settings → Download Clients → Completed Download Handling → Enable.").fill(orchestrator))
        case .rootFolderMissing:
            return Words(
                summary: tr("%1$s's root folder %2$s is missing or not accessible.").fill(orchestrator, e["path"] ?? ""),
                why: tr("Nothing can be imported into it, and adding to the library there fails."),
                fix: tr("Mount or create %1$s where %2$s runs, and check its permissions; or change it in Settings → Media Management → Root Folders.")
                    .fill(e["path"] ?? "", orchestrator))
        case .rootFolderLowSpace:
            let summary = e["minimumFreeSpaceMB"] != nil
                ? tr("%1$s's root folder %2$s has %3$s MB free, less than the %4$s MB it keeps free when importing.")
                    .fill(orchestrator, e["path"] ?? "", e["freeSpaceMB"] ?? "", e["minimumFreeSpaceMB"] ?? "")
                : tr("%1$s's root folder %2$s has %3$s MB free, less than the %4$s MB its queue still needs.")
                    .fill(orchestrator, e["path"] ?? "", e["freeSpaceMB"] ?? "", e["queueRemainingMB"] ?? "")
            return Words(summary: summary, why: tr("Imports stop when the folder is full."),
                         fix: tr("Free space on that disk, or lower the minimum in Settings → Media Management → Minimum Free Space."))
        case .clientDisabledWithQueue:
            return Words(
                summary: tr("%1$s has “%2$s” turned off while %3$s of its downloads are still there.")
                    .fill(orchestrator, e["client"] ?? "", e["queued"] ?? ""),
                why: tr("Those downloads are no longer followed: they are never imported."),
                fix: tr("Turn “%1$s” back on in %2$s: Settings → Download Clients, or remove those items from the queue.").fill(e["client"] ?? "", orchestrator))
        case .indexersFailing:
            let manager = e["indexerManager"].map { tr(" Your indexers come from %s: its Indexers tab shows which fail and why.").fill($0) } ?? ""
            return Words(
                summary: tr("%1$s reports a problem with its indexers: %2$s").fill(orchestrator, e["message"] ?? ""),
                why: tr("Searches find less or nothing, and new releases are missed."),
                fix: tr("Check the indexers in %s: Settings → Indexers (test each).").fill(orchestrator) + manager)
        case .seedingLimitRemoves:
            let action = e["action"] == "pause" ? tr("pauses") : tr("removes")
            return Words(
                summary: probably + tr("%1$s %2$s finished torrents at its seeding limit (%3$s), while %4$s may still need them to import.")
                    .fill(client, action, limitWords(e), orchestrator),
                why: tr("A torrent removed before import is lost to the orchestrator; a paused one may be marked failed."),
                fix: tr("Let the orchestrator decide: in %1$s, turn the global share limits off (Options → BitTorrent → Seeding Limits) and set seeding goals per indexer in %2$s.")
                    .fill(client, orchestrator))
        case .importPathUnreachable:
            let fix = e["mappedBy"] != nil
                ? tr("A remote path mapping (%1$s) turns the client's path into one %2$s cannot open: check that the local folder is mounted there with the same layout, and fix the mapping in Settings → Download Clients → Remote Path Mappings.")
                    .fill(e["mappedBy"] ?? "", orchestrator)
                : tr("In %1$s: Settings → Download Clients → Remote Path Mappings → add: host %2$s, remote path %3$s, local path: where that folder is mounted on the machine %1$s runs on.")
                    .fill(orchestrator, e["host"] ?? "?", e["remoteFolder"] ?? "")
            return Words(
                summary: probably + tr("%1$s cannot import “%2$s”: it cannot open %3$s, the path %4$s reports.")
                    .fill(orchestrator, e["item"] ?? "", e["path"] ?? "", client),
                why: tr("The client and %s see the same files under different paths (another machine or container); the download waits in the queue until it can be read.")
                    .fill(orchestrator),
                fix: fix)
        case .stalledTransfer:
            let summary = e["hours"] != nil
                ? tr("“%1$s” in %2$s has found no peers for %3$s hours; %4$s waits for it (“%5$s”).")
                    .fill(e["transfer"] ?? "", client, e["hours"] ?? "", orchestrator, e["item"] ?? "")
                : tr("“%1$s” failed in %2$s (%3$s); %4$s waits for it (“%5$s”).")
                    .fill(e["transfer"] ?? "", client, e["message"] ?? "", orchestrator, e["item"] ?? "")
            return Words(
                summary: summary,
                why: tr("It will not finish by itself, and the orchestrator does not look for another release while it waits."),
                fix: tr("Remove it from %s's queue with “blocklist and search”, so another release is tried.").fill(orchestrator))
        case .versionSkew:
            return Words(
                summary: probably + tr("%1$s %2$s does not know the states %3$s %4$s reports.")
                    .fill(orchestrator, e["orchestratorVersion"] ?? "", client, e["clientVersion"] ?? ""),
                why: tr("qBittorrent 5 renamed “paused” to “stopped”: a finished torrent stopped at its seeding limit is never seen as done, so it is not imported on time or removed."),
                fix: tr("Update %1$s to version %2$s or later, or keep %3$s on 4.x until then.").fill(orchestrator, e["needs"] ?? "", client))
        case .heldTwice:
            return Words(
                summary: tr("“%1$s” is held by more than one client: %2$s.").fill(e["transfer"] ?? "", e["clients"] ?? ""),
                why: tr("Both download and seed the same files; the orchestrator follows only one of them, the other fills the disk."),
                fix: tr("Remove it from the client the orchestrator did not send it to (Switchyard's Downloads tab shows both)."))
        case .notHeldByClient:
            return Words(
                summary: probably + tr("%1$s's queue says “%2$s” is in %3$s, which does not hold it.")
                    .fill(orchestrator, e["item"] ?? "", client),
                why: tr("It was removed from the client by hand or by a seeding rule, or it went to another client: it will never finish."),
                fix: tr("Remove it from %s's queue (and search again if you still want it).").fill(orchestrator))
        }
    }

    /// The button of a finding's fix.
    static func fixButton(_ fix: DoctorFix) -> String {
        switch fix.action {
        case .createCategory(let name): tr("Create “%1$s” in %2$s…").fill(name, fix.service.name)
        case .enableCompletedHandling: tr("Turn On in %s…").fill(fix.service.name)
        }
    }

    static func severity(_ severity: DoctorFinding.Severity) -> String {
        switch severity {
        case .error: tr("Error")
        case .warning: tr("Warning")
        case .notice: tr("Notice")
        }
    }

    /// What one pass read, as the line above its findings: "3 orchestrators and 5 download clients read." when every
    /// enabled service was read in full; else how many were, of how many.
    static func readSummary(_ coverage: [(service: ServiceRef, coverage: StackEvidence.Coverage)]) -> String {
        let orchestrators = coverage.filter { $0.service.kind.role == .orchestrator }
        let clients = coverage.filter { $0.service.kind.role != .orchestrator }
        guard coverage.allSatisfy({ $0.coverage == .read }) else {
            return tr("Read in full: %1$d of %2$d orchestrators, %3$d of %4$d download clients.")
                .fill(orchestrators.filter { $0.coverage == .read }.count, orchestrators.count,
                      clients.filter { $0.coverage == .read }.count, clients.count)
        }
        return tr("%1$d orchestrators and %2$d download clients read.").fill(orchestrators.count, clients.count)
    }

    /// Each service not read in full: "Could not check Sonarr: …", or one line per part that could not be read
    /// ("Could not read the remote path mappings of Radarr: …"), in the order the services are configured.
    static func unread(_ coverage: [(service: ServiceRef, coverage: StackEvidence.Coverage)]) -> [(service: ServiceRef, line: String)] {
        coverage.flatMap { service, coverage -> [(service: ServiceRef, line: String)] in
            switch coverage {
            case .read: return []
            case .notRead(let error): return [(service, tr("Could not check %1$s: %2$s").fill(service.name, ErrorText.sentence(error)))]
            case .partly(let parts):
                return StackEvidence.Part.allCases.compactMap { part in
                    parts[part].map { (service, tr("Could not read %1$s of %2$s: %3$s").fill(self.part(part), service.name, ErrorText.sentence($0))) }
                }
            }
        }
    }

    /// The thing a part of a pass reads, as a noun with its article ("the remote path mappings").
    static func part(_ part: StackEvidence.Part) -> String {
        switch part {
        case .downloadClients: tr("the download clients")
        case .rootFolders: tr("the root folders")
        case .remotePathMappings: tr("the remote path mappings")
        case .completedHandling: tr("the completed download handling setting")
        case .importSettings: tr("the media management settings")
        case .queue: tr("the queue")
        case .health: tr("the health checks")
        case .clientSettings: tr("the categories and seeding limits")
        case .transfers: tr("the transfers")
        }
    }

    /// The line that ends a pass's summary: nothing found — said differently when not everything could be read.
    static func nothingFound(complete: Bool) -> String {
        complete ? tr("No problems found between your services.")
            : tr("No problems found in what could be read; the checks that needed the rest were skipped.")
    }

    private static func hostPort(_ e: [String: String]) -> String {
        [e["host"], e["port"]].compactMap { $0 }.joined(separator: ":") + (e["urlBase"] ?? "")
    }

    private static func limitWords(_ e: [String: String]) -> String {
        var words: [String] = []
        if let ratio = e["ratio"] { words.append(tr("ratio %s").fill(ratio)) }
        if let minutes = e["minutes"] { words.append(tr("%s minutes").fill(minutes)) }
        return words.joined(separator: ", ")
    }
}

/// The confirmation of a doctor's fix: what will change, where, and that nothing else will.
enum DoctorFixWords {
    struct Words: Equatable {
        var title: String
        var detail: String
        var confirm: String
    }

    static func words(_ plan: FixPlan) -> Words {
        let service = plan.fix.service.name
        switch plan.fix.action {
        case .createCategory(let name):
            return Words(
                title: tr("Create the category “%1$s” in %2$s?").fill(name, service),
                detail: tr("Switchyard will send exactly this request to %s, once. The category gets the client's own default folder for it; you can change that in the client later. Nothing else is changed.")
                    .fill(service),
                confirm: tr("Create Category"))
        case .enableCompletedHandling:
            return Words(
                title: tr("Turn on completed download handling in %s?").fill(service),
                detail: tr("Switchyard will send this setting back to %s exactly as it was read, with only “enableCompletedDownloadHandling” changed to true — once. You can turn it off again in Settings → Download Clients.")
                    .fill(service),
                confirm: tr("Turn On"))
        }
    }
}
