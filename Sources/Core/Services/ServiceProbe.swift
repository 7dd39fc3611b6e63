import Foundation

/// Probes any configured service with the client for its kind.
public enum ServiceProbe {
    /// Whether this version has a client for the kind.
    public static func isSupported(_ kind: ServiceKind) -> Bool {
        switch kind {
        case .sonarr, .radarr, .qbittorrent, .transmission, .deluge, .nzbget, .sabnzbd: true
        }
    }

    /// Resolves the endpoint by the service's preference (local first when automatic) and probes it.
    public static func probe(_ config: ServiceConfig, transport: any HTTPTransport,
                             secrets: any SecretStore) async throws(ServiceError) -> (ServiceStatus, EndpointRole) {
        let resolution = try await ConnectionResolver.resolve(config) { connection throws(ServiceError) in
            try await probe(connection, transport: transport, secrets: secrets).0
        }
        return (resolution.status, resolution.connection.role)
    }

    /// Probes one endpoint with the client for the service's kind.
    public static func probe(_ connection: ServiceConnection, transport: any HTTPTransport,
                             secrets: any SecretStore) async throws(ServiceError) -> (ServiceStatus, EndpointRole) {
        let config = connection.config
        switch config.kind {
        case .sonarr:
            return (try await SonarrClient(connection: connection, transport: transport, secrets: secrets).probe(), connection.role)
        case .radarr:
            return (try await RadarrClient(connection: connection, transport: transport, secrets: secrets).probe(), connection.role)
        case .qbittorrent:
            return (try await QBittorrentClient(connection: connection, transport: transport, secrets: secrets).probe(), connection.role)
        case .transmission:
            return (try await TransmissionClient(connection: connection, transport: transport, secrets: secrets).probe(), connection.role)
        case .deluge:
            return (try await DelugeClient(connection: connection, transport: transport, secrets: secrets).probe(), connection.role)
        case .nzbget:
            return (try await NZBGetClient(connection: connection, transport: transport, secrets: secrets).probe(), connection.role)
        case .sabnzbd:
            return (try await SABnzbdClient(connection: connection, transport: transport, secrets: secrets).probe(), connection.role)
        }
    }
}
