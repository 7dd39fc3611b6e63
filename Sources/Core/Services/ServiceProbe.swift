import Foundation

/// Probes any configured service with the client for its kind.
public enum ServiceProbe {
    /// Whether this version has a client for the kind.
    public static func isSupported(_ kind: ServiceKind) -> Bool { kind.descriptor != nil }

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
        let client = try client(for: connection, transport: transport, secrets: secrets)
        return (try await client.probe(), connection.role)
    }

    /// The client for the connection's kind; a kind this build has no client for is an incompatible service.
    static func client(for connection: ServiceConnection, transport: any HTTPTransport,
                       secrets: any SecretStore) throws(ServiceError) -> any ServiceClient {
        guard let descriptor = connection.config.kind.descriptor else {
            throw .wrongServiceKind(expected: connection.config.kind, found: nil)
        }
        return descriptor.makeClient(connection, transport: transport, secrets: secrets)
    }
}
