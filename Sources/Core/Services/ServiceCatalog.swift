import Foundation

/// What one kind of service is, as data: the one place a kind meets its client.
public struct ServiceDescriptor: Sendable {
    public var kind: ServiceKind
    public var displayName: String
    public var role: ServiceKind.Role
    public var defaultPort: Int
    public var credentialShape: CredentialShape
    /// What its library holds (its hierarchy, commands and tab), when its client offers one.
    public var library: LibraryKind?
    /// What a transfer client moves; `.unknown` for a kind that moves nothing.
    public var downloadProtocol: DownloadProtocol
    /// The client type; its capability protocols say what the kind can do.
    public var client: any ServiceClient.Type
    /// The path its address usually ends in (rTorrent's SCGI mount, `/RPC2`), for the settings form's example.
    public var usualPath: String

    public init(kind: ServiceKind, displayName: String, role: ServiceKind.Role, defaultPort: Int,
                credentialShape: CredentialShape, library: LibraryKind? = nil,
                downloadProtocol: DownloadProtocol = .unknown, client: any ServiceClient.Type, usualPath: String = "") {
        self.usualPath = usualPath
        self.kind = kind
        self.displayName = displayName
        self.role = role
        self.defaultPort = defaultPort
        self.credentialShape = credentialShape
        self.library = library
        self.downloadProtocol = downloadProtocol
        self.client = client
    }

    /// A client for one service at one resolved endpoint.
    public func makeClient(_ connection: ServiceConnection, transport: any HTTPTransport,
                           secrets: any SecretStore) -> any ServiceClient {
        client.init(connection: connection, transport: transport, secrets: secrets)
    }
}

/// Every kind this build knows. Adding a kind: its folder under `Services/`,
/// its `ServiceKind` constant and one line here.
public enum ServiceCatalog {
    public static let builtIn: [ServiceDescriptor] = [
        .init(kind: .sonarr, displayName: "Sonarr", role: .orchestrator, defaultPort: 8989, credentialShape: .apiKey,
              library: .series, client: SonarrClient.self),
        .init(kind: .radarr, displayName: "Radarr", role: .orchestrator, defaultPort: 7878, credentialShape: .apiKey,
              library: .movies, client: RadarrClient.self),
        .init(kind: .lidarr, displayName: "Lidarr", role: .orchestrator, defaultPort: 8686, credentialShape: .apiKey,
              library: .music, client: LidarrClient.self),
        .init(kind: .prowlarr, displayName: "Prowlarr", role: .indexerManager, defaultPort: 9696, credentialShape: .apiKey,
              client: ProwlarrClient.self),
        .init(kind: .qbittorrent, displayName: "qBittorrent", role: .transferClient, defaultPort: 8080,
              credentialShape: .usernamePassword, downloadProtocol: .torrent, client: QBittorrentClient.self),
        .init(kind: .transmission, displayName: "Transmission", role: .transferClient, defaultPort: 9091,
              credentialShape: .usernamePassword, downloadProtocol: .torrent, client: TransmissionClient.self),
        .init(kind: .deluge, displayName: "Deluge", role: .transferClient, defaultPort: 8112,
              credentialShape: .passwordOnly, downloadProtocol: .torrent, client: DelugeClient.self),
        .init(kind: .sabnzbd, displayName: "SABnzbd", role: .transferClient, defaultPort: 8080,
              credentialShape: .apiKey, downloadProtocol: .usenet, client: SABnzbdClient.self),
        .init(kind: .nzbget, displayName: "NZBGet", role: .transferClient, defaultPort: 6789,
              credentialShape: .usernamePassword, downloadProtocol: .usenet, client: NZBGetClient.self),
        .init(kind: .jellyseerr, displayName: "Jellyseerr / Overseerr", role: .requestManager, defaultPort: 5055, credentialShape: .apiKey,
              client: JellyseerrClient.self),
        // XML-RPC at the web server's SCGI mount (`/RPC2`): the port is the web server's.
        .init(kind: .rtorrent, displayName: "rTorrent", role: .transferClient, defaultPort: 80,
              credentialShape: .usernamePassword, downloadProtocol: .torrent, client: RTorrentClient.self, usualPath: "/RPC2"),
    ]

    private static let state = Registered(builtIn)

    /// Every known kind, built-in ones first, in the order the UI lists them.
    public static var kinds: [ServiceKind] { state.read { $0.order } }

    public static func descriptor(for kind: ServiceKind) -> ServiceDescriptor? { state.read { $0.byKind[kind] } }

    /// Adds a kind outside the built-in list (tests prove a new kind needs nothing else).
    public static func register(_ descriptor: ServiceDescriptor) {
        state.write { table in
            if table.byKind.updateValue(descriptor, forKey: descriptor.kind) == nil { table.order.append(descriptor.kind) }
        }
    }

    /// Removes a kind `register` added (built-in kinds stay).
    public static func unregister(_ kind: ServiceKind) {
        guard !builtIn.contains(where: { $0.kind == kind }) else { return }
        state.write { table in
            table.byKind[kind] = nil
            table.order.removeAll { $0 == kind }
        }
    }

    private final class Registered: @unchecked Sendable {
        struct Table { var byKind: [ServiceKind: ServiceDescriptor] = [:]; var order: [ServiceKind] = [] }
        private let lock = NSLock()
        private var table = Table()

        init(_ descriptors: [ServiceDescriptor]) {
            for descriptor in descriptors {
                table.byKind[descriptor.kind] = descriptor
                table.order.append(descriptor.kind)
            }
        }

        func read<T>(_ body: (Table) -> T) -> T { lock.withLock { body(table) } }
        func write(_ body: (inout Table) -> Void) { lock.withLock { body(&table) } }
    }
}
