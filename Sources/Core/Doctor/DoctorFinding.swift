import Foundation

/// One thing wrong between services, as data: which check found it, how bad it is, how sure the doctor
/// is (a match of an orchestrator's client settings to a configured client by address is certain; by
/// kind alone it is probable), the services on either side, and the evidence — both sides' values by
/// name. The sentences are the app's (translatable); a finding never carries a secret.
public struct DoctorFinding: Sendable, Equatable, Codable {
    public enum Check: String, Sendable, Codable, CaseIterable {
        /// An orchestrator's download client is no configured service.
        case clientNotConfigured
        /// An orchestrator's download client is a configured service that does not answer.
        case clientUnreachable
        /// A configured transfer client no orchestrator sends to.
        case clientUnused
        /// The orchestrator's category does not exist in the client.
        case categoryMissing
        /// Two orchestrators (or instances) send to the same category of the same client.
        case sharedCategory
        /// The category exists, but its folder is under none of the remote path mappings the orchestrator
        /// keeps for that client's host: the orchestrator will not find what lands there.
        case categoryPathUnmapped
        /// Completed-download handling is off: finished downloads are never imported.
        case completedHandlingOff
        /// A root folder is missing or not accessible.
        case rootFolderMissing
        /// A root folder has less free space than the orchestrator keeps, or than the queue still needs.
        case rootFolderLowSpace
        /// A download client is disabled in the orchestrator while queue items are held by it.
        case clientDisabledWithQueue
        /// The orchestrator's health says its indexers fail or none does RSS.
        case indexersFailing
        /// The client pauses or removes finished torrents at a seeding limit: imports can miss them.
        case seedingLimitRemoves
        /// A queue item waits at import because the orchestrator cannot reach the path the client reports.
        case importPathUnreachable
        /// A transfer an orchestrator waits for has had no peers for long, or failed for missing articles.
        case stalledTransfer
        /// Versions known not to work together (qBittorrent 5's renamed states and an orchestrator from before them).
        case versionSkew
        /// One download held by two clients.
        case heldTwice
        /// An orchestrator's queue names a client that does not hold the download.
        case notHeldByClient
    }

    public enum Severity: String, Sendable, Codable, Comparable {
        case notice, warning, error
        public static func < (a: Self, b: Self) -> Bool {
            let order: [Severity] = [.notice, .warning, .error]
            return order.firstIndex(of: a)! < order.firstIndex(of: b)!
        }
    }

    public enum Certainty: String, Sendable, Codable {
        case certain, probable
    }

    public var check: Check
    public var severity: Severity
    public var certainty: Certainty
    public var orchestrator: ServiceRef?
    public var client: ServiceRef?
    /// Both sides' values, by name ("host", "port", "category", "path", "freeSpaceMB", …).
    public var evidence: [String: String]
    /// The one write that fixes it, when there is one the doctor may offer.
    public var fix: DoctorFix?

    public init(_ check: Check, _ severity: Severity, certainty: Certainty = .certain, orchestrator: ServiceRef? = nil,
                client: ServiceRef? = nil, evidence: [String: String] = [:], fix: DoctorFix? = nil) {
        self.fix = fix
        self.check = check
        self.severity = severity
        self.certainty = certainty
        self.orchestrator = orchestrator
        self.client = client
        self.evidence = evidence
    }
}
