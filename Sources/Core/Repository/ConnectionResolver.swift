import Foundation

/// Chooses the endpoint a service is reached at, by its preference and a probe:
/// `automatic` tries the local endpoint first (Servarr clients check the
/// anonymous `/ping` there before sending a key) and falls back to the remote
/// one; `local`/`remote` use only that endpoint. The chosen endpoint is part of
/// the service's status ("via local", "via remote").
public enum ConnectionResolver {
    public struct Resolution<Answer: Sendable>: Sendable {
        public var connection: ServiceConnection
        /// What the probe returned for the chosen endpoint.
        public var answer: Answer
    }

    public static func candidates(_ config: ServiceConfig) -> [EndpointRole] {
        let order: [EndpointRole]
        switch config.preference {
        case .automatic: order = [.local, .remote]
        case .local: order = [.local]
        case .remote: order = [.remote]
        }
        return order.filter { config.endpoint(for: $0) != nil }
    }

    /// Probes the candidates in order; the first that answers wins. When none
    /// does, the error of the last is reported — except that an unauthorized
    /// answer anywhere wins over "unreachable" (it is the actionable one).
    public typealias Probe<Answer> = @Sendable (ServiceConnection) async throws(ServiceError) -> Answer

    public static func resolve<Answer: Sendable>(_ config: ServiceConfig, probe: Probe<Answer>) async throws(ServiceError) -> Resolution<Answer> {
        let roles = candidates(config)
        guard !roles.isEmpty else { throw .noEndpoint }
        var failure: ServiceError = .unavailable(.unreachable)
        for role in roles {
            let connection = try ServiceConnection(config: config, role: role)
            do {
                return Resolution(connection: connection, answer: try await probe(connection))
            } catch {
                if case .cancelled = error { throw error }
                if failure != .unauthorized { failure = error }
            }
        }
        throw failure
    }
}
