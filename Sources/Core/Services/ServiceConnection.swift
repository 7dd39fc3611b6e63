import Foundation

/// One service reached at one of its endpoints, with that endpoint's scheme policy.
public struct ServiceConnection: Sendable {
    public var config: ServiceConfig
    public var role: EndpointRole
    public var endpoint: Endpoint

    public var policy: SchemePolicy { config.policy(for: role) }

    public init(config: ServiceConfig, role: EndpointRole) throws(ServiceError) {
        guard let endpoint = config.endpoint(for: role) else { throw .noEndpoint }
        self.config = config
        self.role = role
        self.endpoint = endpoint
    }
}
