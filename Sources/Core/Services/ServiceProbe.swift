import Foundation

/// Probes any configured service with the client for its kind.
public enum ServiceProbe {
    /// Whether this version has a client for the kind.
    public static func isSupported(_ kind: ServiceKind) -> Bool {
        switch kind {
        case .sonarr, .radarr: true
        case .qbittorrent, .transmission, .deluge, .sabnzbd, .nzbget: false
        }
    }

    public static func probe(_ config: ServiceConfig, transport: any HTTPTransport,
                             secrets: any SecretStore) async throws(ServiceError) -> (ServiceStatus, EndpointRole) {
        let connection = try ServiceConnection.preferred(config)
        switch config.kind {
        case .sonarr:
            return (try await SonarrClient(connection: connection, transport: transport, secrets: secrets).probe(), connection.role)
        case .radarr:
            return (try await RadarrClient(connection: connection, transport: transport, secrets: secrets).probe(), connection.role)
        case .qbittorrent, .transmission, .deluge, .sabnzbd, .nzbget:
            throw .incompatibleVersion(found: "no \(config.kind.displayName) client in this version")
        }
    }
}
