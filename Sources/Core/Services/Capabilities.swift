import Foundation

/// A client for one service at one resolved endpoint. Every kind's client is
/// an actor made the same way and answers a probe; everything else it can do
/// is a capability protocol below, asked for with `Capabilities` — never by
/// its kind.
///
/// The repository keeps one client per service between refreshes, so sessions
/// (qBittorrent's cookie, Transmission's session id) and incremental sync
/// state (qBittorrent's `rid`, SABnzbd's history marker) carry over.
public protocol ServiceClient: Actor {
    init(connection: ServiceConnection, transport: any HTTPTransport, secrets: any SecretStore)
    /// Checks the address answers as the kind the user chose, with a version we support.
    func probe() async throws(ServiceError) -> ServiceStatus
}

// MARK: Read capabilities

/// The library: series, movies, artists — whatever the kind's `library` says.
public protocol LibraryProviding: ServiceClient {
    func library() async throws(ServiceError) -> [Resource]
    /// One item of the library as the service has it now (a live message said it changed).
    func libraryItem(_ id: Int) async throws(ServiceError) -> Resource?
}

extension LibraryProviding {
    /// Without a one-item read: the item from the whole library.
    public func libraryItem(_ id: Int) async throws(ServiceError) -> Resource? {
        try await library().first { $0.id.itemID == id }
    }
}

/// The levels below one library item: its groups and their children (seasons and episodes).
public protocol ChildrenProviding: ServiceClient {
    func children(of item: Resource) async throws(ServiceError) -> [ChildGroup]
}

/// Recent history of one library item.
public protocol HistoryProviding: ServiceClient {
    func history(of resource: ResourceID) async throws(ServiceError) -> [HistoryEvent]
}

/// The orchestrator's queue: what it is downloading or importing.
public protocol QueueProviding: ServiceClient {
    func queue() async throws(ServiceError) -> [QueueItem]
}

/// What airs or releases in a window of time.
public protocol CalendarProviding: ServiceClient {
    func calendar(from start: Date, to end: Date) async throws(ServiceError) -> [CalendarEntry]
}

/// The service's own health checks and its disks.
public protocol HealthProviding: ServiceClient {
    func health() async throws(ServiceError) -> [HealthIssue]
    func diskSpace() async throws(ServiceError) -> [DiskSpace]
}

/// The full list of transfers a transfer client holds.
public protocol TransfersProviding: ServiceClient {
    func transfers() async throws(ServiceError) -> TransferSnapshot
}

/// One transfer in depth (the details pane): the parts asked for, read in as few requests as the API allows.
/// Reads only: opening or browsing the pane never writes.
public protocol TransferInspecting: ServiceClient {
    func inspect(_ item: TransferItem, parts: Set<TransferDetailPart>) async throws(ServiceError) -> TransferInspection
}

/// Posters and other images of library items.
public protocol ArtworkProviding: ServiceClient {
    func artwork(_ image: MediaImage, of resource: ResourceID, thumbnail: Bool) async throws(ServiceError) -> Data
}

// MARK: Write capabilities

/// Pause, resume, force start and remove a client's transfers. Every call names its items:
/// an empty list sends nothing, and no "all" form is ever sent (several clients read a missing
/// or empty id list as every transfer).
public protocol TransferActing: ServiceClient {
    /// What the client can do to `item` (without asking the client).
    static func availability(of action: TransferAction, for item: TransferItem) -> ActionAvailability
    /// Sends `action` for exactly `items` (all of this client, all available) in one request; never retried.
    func perform(_ action: TransferAction, on items: [TransferItem]) async throws(ServiceError)
}

/// The client's global speed limit as one switch ("turtle mode").
public protocol SpeedLimiting: ServiceClient {
    func turtleMode() async throws(ServiceError) -> Bool
    func setTurtleMode(_ enabled: Bool) async throws(ServiceError)
}

extension TransferActing {
    /// The ids of `items` the client acts on, checked: never empty, never an "all" form.
    static func ids(_ items: [TransferItem]) throws(ServiceError) -> [String] {
        let ids = items.map(\.clientID)
        guard !ids.isEmpty, ids.allSatisfy({ !$0.isEmpty && $0.lowercased() != "all" }) else { throw .invalidRequest(.noItems) }
        return ids
    }
}

// MARK: Asking for a capability

/// One thing a client may offer, as a typed key: `offered(by:)` answers for a
/// kind before any client exists (which tabs to show, which services a feature
/// includes), `provider(_:)` gives a client's typed answer, or nil for "not
/// offered". New capabilities (the write phase: transfer actions, monitoring,
/// commands, search and add, live updates) are one protocol and one key each.
public struct Capability<Provider: Sendable>: Sendable {
    public let name: String
    private let offers: @Sendable (any ServiceClient.Type) -> Bool
    private let cast: @Sendable (any ServiceClient) -> Provider?

    public init(_ name: String, offers: @escaping @Sendable (any ServiceClient.Type) -> Bool,
                cast: @escaping @Sendable (any ServiceClient) -> Provider?) {
        self.name = name
        self.offers = offers
        self.cast = cast
    }

    public func isOffered(by client: any ServiceClient.Type) -> Bool { offers(client) }
    public func provider(_ client: any ServiceClient) -> Provider? { cast(client) }
}

/// The keys of every capability.
public enum Capabilities {
    public static let library = Capability<any LibraryProviding>(
        "library", offers: { $0 is any LibraryProviding.Type }, cast: { $0 as? any LibraryProviding })
    public static let children = Capability<any ChildrenProviding>(
        "children", offers: { $0 is any ChildrenProviding.Type }, cast: { $0 as? any ChildrenProviding })
    public static let history = Capability<any HistoryProviding>(
        "history", offers: { $0 is any HistoryProviding.Type }, cast: { $0 as? any HistoryProviding })
    public static let queue = Capability<any QueueProviding>(
        "queue", offers: { $0 is any QueueProviding.Type }, cast: { $0 as? any QueueProviding })
    public static let calendar = Capability<any CalendarProviding>(
        "calendar", offers: { $0 is any CalendarProviding.Type }, cast: { $0 as? any CalendarProviding })
    public static let health = Capability<any HealthProviding>(
        "health", offers: { $0 is any HealthProviding.Type }, cast: { $0 as? any HealthProviding })
    public static let transfers = Capability<any TransfersProviding>(
        "transfers", offers: { $0 is any TransfersProviding.Type }, cast: { $0 as? any TransfersProviding })
    public static let artwork = Capability<any ArtworkProviding>(
        "artwork", offers: { $0 is any ArtworkProviding.Type }, cast: { $0 as? any ArtworkProviding })
    public static let downloadClients = Capability<any DownloadClientsProviding>(
        "download clients", offers: { $0 is any DownloadClientsProviding.Type }, cast: { $0 as? any DownloadClientsProviding })
    public static let libraryActions = Capability<any LibraryActing>(
        "library actions", offers: { $0 is any LibraryActing.Type }, cast: { $0 as? any LibraryActing })
    public static let childMonitoring = Capability<any ChildMonitoring>(
        "child monitoring", offers: { $0 is any ChildMonitoring.Type }, cast: { $0 as? any ChildMonitoring })
    public static let libraryAdding = Capability<any LibraryAdding>(
        "adding to the library", offers: { $0 is any LibraryAdding.Type }, cast: { $0 as? any LibraryAdding })
    public static let releaseSearch = Capability<any ReleaseSearching>(
        "interactive search", offers: { $0 is any ReleaseSearching.Type }, cast: { $0 as? any ReleaseSearching })
    public static let queueActions = Capability<any QueueActing>(
        "queue actions", offers: { $0 is any QueueActing.Type }, cast: { $0 as? any QueueActing })
    public static let transferActions = Capability<any TransferActing>(
        "transfer actions", offers: { $0 is any TransferActing.Type }, cast: { $0 as? any TransferActing })
    public static let transferAdding = Capability<any TransferAdding>(
        "adding downloads", offers: { $0 is any TransferAdding.Type }, cast: { $0 as? any TransferAdding })
    public static let indexers = Capability<any IndexersProviding>(
        "indexers", offers: { $0 is any IndexersProviding.Type }, cast: { $0 as? any IndexersProviding })
    public static let indexerActions = Capability<any IndexerActing>(
        "indexer actions", offers: { $0 is any IndexerActing.Type }, cast: { $0 as? any IndexerActing })
    public static let indexerSearch = Capability<any IndexerSearching>(
        "indexer search", offers: { $0 is any IndexerSearching.Type }, cast: { $0 as? any IndexerSearching })
    public static let stackSettings = Capability<any StackSettingsProviding>(
        "stack settings", offers: { $0 is any StackSettingsProviding.Type }, cast: { $0 as? any StackSettingsProviding })
    public static let clientSettings = Capability<any ClientSettingsProviding>(
        "client settings", offers: { $0 is any ClientSettingsProviding.Type }, cast: { $0 as? any ClientSettingsProviding })
    public static let doctorFixing = Capability<any DoctorFixing>(
        "doctor fixes", offers: { $0 is any DoctorFixing.Type }, cast: { $0 as? any DoctorFixing })
    public static let requests = Capability<any RequestsProviding>(
        "requests", offers: { $0 is any RequestsProviding.Type }, cast: { $0 as? any RequestsProviding })
    public static let requestCreating = Capability<any RequestCreating>(
        "request creating", offers: { $0 is any RequestCreating.Type }, cast: { $0 as? any RequestCreating })
    public static let requestActions = Capability<any RequestActing>(
        "request actions", offers: { $0 is any RequestActing.Type }, cast: { $0 as? any RequestActing })
    public static let transferDetails = Capability<any TransferInspecting>(
        "transfer details", offers: { $0 is any TransferInspecting.Type }, cast: { $0 as? any TransferInspecting })
    public static let transferTuning = Capability<any TransferTuning>(
        "transfer tuning", offers: { $0 is any TransferTuning.Type }, cast: { $0 as? any TransferTuning })
    public static let speedLimits = Capability<any SpeedLimiting>(
        "speed limits", offers: { $0 is any SpeedLimiting.Type }, cast: { $0 as? any SpeedLimiting })
}
