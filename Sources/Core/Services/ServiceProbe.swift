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
        return (resolution.answer, resolution.connection.role)
    }

    /// Probes one endpoint with the client for the service's kind.
    public static func probe(_ connection: ServiceConnection, transport: any HTTPTransport,
                             secrets: any SecretStore) async throws(ServiceError) -> (ServiceStatus, EndpointRole) {
        (try await ServiceClient(connection, transport: transport, secrets: secrets).probe(), connection.role)
    }
}
