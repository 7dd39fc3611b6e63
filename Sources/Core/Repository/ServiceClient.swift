import Foundation

/// The client for one service at one resolved endpoint, whatever its kind.
/// The repository keeps one per service between refreshes, so sessions
/// (qBittorrent's cookie, Transmission's session id) and incremental sync
/// state (qBittorrent's `rid`, SABnzbd's history marker) carry over.
enum ServiceClient: Sendable {
    case sonarr(SonarrClient)
    case radarr(RadarrClient)
    case qbittorrent(QBittorrentClient)
    case transmission(TransmissionClient)
    case deluge(DelugeClient)
    case nzbget(NZBGetClient)
    case sabnzbd(SABnzbdClient)

    init(_ connection: ServiceConnection, transport: any HTTPTransport, secrets: any SecretStore) {
        switch connection.config.kind {
        case .sonarr: self = .sonarr(SonarrClient(connection: connection, transport: transport, secrets: secrets))
        case .radarr: self = .radarr(RadarrClient(connection: connection, transport: transport, secrets: secrets))
        case .qbittorrent: self = .qbittorrent(QBittorrentClient(connection: connection, transport: transport, secrets: secrets))
        case .transmission: self = .transmission(TransmissionClient(connection: connection, transport: transport, secrets: secrets))
        case .deluge: self = .deluge(DelugeClient(connection: connection, transport: transport, secrets: secrets))
        case .nzbget: self = .nzbget(NZBGetClient(connection: connection, transport: transport, secrets: secrets))
        case .sabnzbd: self = .sabnzbd(SABnzbdClient(connection: connection, transport: transport, secrets: secrets))
        }
    }

    func probe() async throws(ServiceError) -> ServiceStatus {
        switch self {
        case .sonarr(let client): try await client.probe()
        case .radarr(let client): try await client.probe()
        case .qbittorrent(let client): try await client.probe()
        case .transmission(let client): try await client.probe()
        case .deluge(let client): try await client.probe()
        case .nzbget(let client): try await client.probe()
        case .sabnzbd(let client): try await client.probe()
        }
    }

    /// The library: series for Sonarr, movies for Radarr, nothing for transfer clients.
    func library() async throws(ServiceError) -> [Resource] {
        switch self {
        case .sonarr(let client): try await client.series()
        case .radarr(let client): try await client.movies()
        default: []
        }
    }

    /// A series' episodes (Sonarr); movies have none.
    func episodes(of resource: ResourceID) async throws(ServiceError) -> [Episode] {
        switch self {
        case .sonarr(let client): try await client.episodes(of: resource)
        default: []
        }
    }

    func history(of resource: ResourceID) async throws(ServiceError) -> [HistoryEvent] {
        switch self {
        case .sonarr(let client): try await client.history(of: resource)
        case .radarr(let client): try await client.history(of: resource)
        default: []
        }
    }

    func artwork(_ image: MediaImage, of resource: ResourceID, thumbnail: Bool) async throws(ServiceError) -> Data {
        switch self {
        case .sonarr(let client): try await client.artwork(image, of: resource, thumbnail: thumbnail)
        case .radarr(let client): try await client.artwork(image, of: resource, thumbnail: thumbnail)
        default: throw .unavailable(.badResponse)
        }
    }

    func queue() async throws(ServiceError) -> [QueueItem] {
        switch self {
        case .sonarr(let client): try await client.queue()
        case .radarr(let client): try await client.queue()
        default: []
        }
    }

    func calendar(from start: Date, to end: Date) async throws(ServiceError) -> [CalendarEntry] {
        switch self {
        case .sonarr(let client): try await client.calendar(from: start, to: end)
        case .radarr(let client): try await client.calendar(from: start, to: end)
        default: []
        }
    }

    func health() async throws(ServiceError) -> [HealthIssue] {
        switch self {
        case .sonarr(let client): try await client.health()
        case .radarr(let client): try await client.health()
        default: []
        }
    }

    func diskSpace() async throws(ServiceError) -> [DiskSpace] {
        switch self {
        case .sonarr(let client): try await client.diskSpace()
        case .radarr(let client): try await client.diskSpace()
        default: []
        }
    }

    /// The full transfer list; orchestrators have none.
    func transfers() async throws(ServiceError) -> TransferSnapshot? {
        switch self {
        case .sonarr, .radarr: nil
        case .qbittorrent(let client): try await client.transfers()
        case .transmission(let client): try await client.transfers()
        case .deluge(let client): try await client.transfers()
        case .nzbget(let client): try await client.transfers()
        case .sabnzbd(let client): try await client.transfers()
        }
    }
}
