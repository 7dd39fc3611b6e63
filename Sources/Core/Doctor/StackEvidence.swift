import Foundation

/// What the doctor reads of an orchestrator besides its queue and health: its download clients (with
/// whether each is enabled and the category it sends), completed-download handling, root folders,
/// remote path mappings and the free space it keeps when importing. Each is read on its own: a list that
/// could not be read is nil (its failure is in `unread`), never an empty list, so no check mistakes "not
/// read" for "there are none".
public struct OrchestratorSettings: Sendable, Equatable {
    public var downloadClients: [DownloadClientInfo]?
    /// nil: the setting could not be read.
    public var completedDownloadHandling: Bool?
    public var rootFolders: [RootFolder]?
    public var remotePathMappings: [RemotePathMapping]?
    /// `minimumFreeSpaceWhenImporting`, in megabytes.
    public var minimumFreeSpaceMB: Int?
    /// The reads that failed, each with why.
    public var unread: [StackEvidence.Part: ServiceError]

    public init(downloadClients: [DownloadClientInfo]?, completedDownloadHandling: Bool?, rootFolders: [RootFolder]?,
                remotePathMappings: [RemotePathMapping]?, minimumFreeSpaceMB: Int?, unread: [StackEvidence.Part: ServiceError] = [:]) {
        self.downloadClients = downloadClients
        self.completedDownloadHandling = completedDownloadHandling
        self.rootFolders = rootFolders
        self.remotePathMappings = remotePathMappings
        self.minimumFreeSpaceMB = minimumFreeSpaceMB
        self.unread = unread
    }
}

/// A remote path mapping: paths a client on `host` reports under `remotePath` are `localPath` here.
public struct RemotePathMapping: Sendable, Equatable {
    public var host: String
    public var remotePath: String
    public var localPath: String
    public init(host: String, remotePath: String, localPath: String) {
        self.host = host
        self.remotePath = remotePath
        self.localPath = localPath
    }
}

/// What the doctor reads of a transfer client: its categories and their save paths, its default save
/// path, and what it does when a torrent reaches a seeding limit.
public struct ClientSettings: Sendable, Equatable {
    /// Category name → its save path (empty: the client's default for it). Nil when the client has no
    /// named categories to check (Transmission: its labels are free words, any label is accepted).
    public var categories: [String: String]?
    public var defaultSavePath: String?
    public var seedingLimit: SeedingLimit?
    /// The client can create a missing category with one write (Deluge: only with its Label plugin on).
    public var createsCategories: Bool

    public init(categories: [String: String]?, defaultSavePath: String?, seedingLimit: SeedingLimit?, createsCategories: Bool = false) {
        self.categories = categories
        self.defaultSavePath = defaultSavePath
        self.seedingLimit = seedingLimit
        self.createsCategories = createsCategories
    }
}

/// A client-wide seeding limit and what the client does when a torrent reaches it.
public struct SeedingLimit: Sendable, Equatable {
    public enum Action: String, Sendable { case pause, remove, removeWithFiles, superSeed }
    public var ratio: Double?
    public var minutes: Int?
    public var action: Action
    public init(ratio: Double?, minutes: Int?, action: Action) {
        self.ratio = ratio
        self.minutes = minutes
        self.action = action
    }
}

/// The orchestrator side of the doctor's reads.
public protocol StackSettingsProviding: ServiceClient {
    func stackSettings() async throws(ServiceError) -> OrchestratorSettings
}

/// The client side of the doctor's reads.
public protocol ClientSettingsProviding: ServiceClient {
    func clientSettings() async throws(ServiceError) -> ClientSettings
}

/// Everything one doctor pass read: each orchestrator's settings, queue and health (or why not), each
/// transfer client's answer and settings (or why not), and the configured services. What could not be
/// read is kept with its error (`unread`), so a pass is never reported complete when it was not.
public struct StackEvidence: Sendable {
    /// One read of a doctor pass that can fail on its own.
    public enum Part: String, Sendable, Hashable, CaseIterable {
        case downloadClients, rootFolders, remotePathMappings, completedHandling, importSettings, queue, health
        /// A transfer client's categories, default folder and seeding limits.
        case clientSettings
        case transfers
    }

    /// How much of one service a pass read.
    public enum Coverage: Sendable, Equatable {
        case read
        /// Some parts could not be read: the checks that need them were skipped.
        case partly([Part: ServiceError])
        /// Nothing could be read: the service was not checked.
        case notRead(ServiceError)
    }

    public struct Orchestrator: Sendable {
        public var service: ServiceRef
        public var settings: OrchestratorSettings?
        /// nil: not read (see `unread`).
        public var queue: [QueueItem]?
        public var health: [HealthIssue]?
        public var failure: ServiceError?
        /// The version its probe reported.
        public var version: String?
        /// It takes the doctor's fix for completed download handling.
        public var fixable: Bool
        /// The queue and health reads that failed (the settings' own are in `settings.unread`).
        public var unread: [Part: ServiceError]
        public init(service: ServiceRef, settings: OrchestratorSettings?, queue: [QueueItem]? = [], health: [HealthIssue]? = [],
                    failure: ServiceError? = nil, version: String? = nil, fixable: Bool = false, unread: [Part: ServiceError] = [:]) {
            self.service = service
            self.version = version
            self.fixable = fixable
            self.settings = settings
            self.queue = queue
            self.health = health
            self.failure = failure
            self.unread = unread
        }

        public var coverage: Coverage {
            if let failure { return .notRead(failure) }
            let missing = unread.merging(settings?.unread ?? [:]) { a, _ in a }
            return missing.isEmpty ? .read : .partly(missing)
        }
    }

    public struct Client: Sendable {
        public var service: ServiceRef
        /// Answered its probe.
        public var reachable: Bool
        /// nil: not read (see `unread`), or the client has none to read.
        public var settings: ClientSettings?
        public var failure: ServiceError?
        /// The version its probe reported.
        public var version: String?
        /// What it holds (nil: not read).
        public var transfers: [TransferItem]?
        /// The settings and transfer reads that failed.
        public var unread: [Part: ServiceError]
        public init(service: ServiceRef, reachable: Bool, settings: ClientSettings? = nil, failure: ServiceError? = nil,
                    version: String? = nil, transfers: [TransferItem]? = nil, unread: [Part: ServiceError] = [:]) {
            self.service = service
            self.version = version
            self.transfers = transfers
            self.reachable = reachable
            self.settings = settings
            self.failure = failure
            self.unread = unread
        }

        public var coverage: Coverage {
            if !reachable { return .notRead(failure ?? .unavailable(.connectionRefused)) }
            return unread.isEmpty ? .read : .partly(unread)
        }
    }

    public var configs: [ServiceConfig]
    public var orchestrators: [Orchestrator]
    public var clients: [Client]

    public init(configs: [ServiceConfig], orchestrators: [Orchestrator], clients: [Client]) {
        self.configs = configs
        self.orchestrators = orchestrators
        self.clients = clients
    }

    /// Every enabled service the pass looked at, with how much of it was read, in configuration order.
    public var coverage: [(service: ServiceRef, coverage: Coverage)] {
        orchestrators.map { ($0.service, $0.coverage) } + clients.map { ($0.service, $0.coverage) }
    }

    /// Every service read in full: only then can "no findings" mean the stack is consistent.
    public var isComplete: Bool { coverage.allSatisfy { $0.coverage == .read } }
}
