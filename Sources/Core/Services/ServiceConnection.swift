import Foundation

/// One service reached at one of its endpoints, with that endpoint's scheme policy.
public struct ServiceConnection: Sendable {
    public var config: ServiceConfig
    public var role: EndpointRole
    public var endpoint: Endpoint

    public var policy: SchemePolicy { config.policy(for: role) }

    public init(config: ServiceConfig, role: EndpointRole) throws(ServiceError) {
        guard let endpoint = config.endpoint(for: role) else { throw .unavailable(.redirectRefused) }
        self.config = config
        self.role = role
        self.endpoint = endpoint
    }

    /// The endpoint the preference names first (automatic: local, then remote).
    /// Choosing between them by probing is the connection resolver's job.
    public static func preferred(_ config: ServiceConfig) throws(ServiceError) -> ServiceConnection {
        let order: [EndpointRole] = config.preference == .remote ? [.remote, .local] : [.local, .remote]
        for role in order where config.endpoint(for: role) != nil {
            return try ServiceConnection(config: config, role: role)
        }
        throw .unavailable(.redirectRefused)
    }
}
