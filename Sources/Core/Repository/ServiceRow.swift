import Foundation

/// The one status row a configured service gets — on the Overview and in
/// `switchyard --status`. A service that answers its probe but fails to deliver
/// content is one `degraded` row, never "connected" plus "failed".
public struct ServiceRow: Sendable, Equatable, Identifiable {
    public enum State: String, Sendable, Equatable, Codable, CaseIterable {
        /// Not heard from yet in this run.
        case checking
        case ok
        /// Answers its probe, but some content failed.
        case degraded
        case unauthorized
        case unavailable
        case disabled
    }

    public var service: ServiceRef
    public var state: State
    /// The endpoint in use ("via local", "via remote"), once one answered.
    public var endpoint: EndpointRole?
    public var appName: String?
    public var version: String?
    /// How long the probe took, in milliseconds.
    public var latencyMilliseconds: Int?
    public var recovery: Recovery?
    /// What failed, when something did (the app puts it in words).
    public var problem: ServiceError?

    public var id: UUID { service.id }
    /// Whether the service counts as working (`--status` exits 0 only when every row does).
    public var isOK: Bool { state == .ok || state == .disabled }

    public init(service: ServiceRef, state: State, endpoint: EndpointRole? = nil, appName: String? = nil,
                version: String? = nil, latencyMilliseconds: Int? = nil, recovery: Recovery? = nil, problem: ServiceError? = nil) {
        self.service = service
        self.state = state
        self.endpoint = endpoint
        self.appName = appName
        self.version = version
        self.latencyMilliseconds = latencyMilliseconds
        self.recovery = recovery
        self.problem = problem
    }

    static func disabled(_ service: ServiceRef) -> ServiceRow {
        ServiceRow(service: service, state: .disabled, recovery: .enableService)
    }

    /// A row whose service answered its probe while some content failed.
    func degraded(by error: ServiceError) -> ServiceRow {
        var row = self
        row.state = .degraded
        row.recovery = error.recovery
        row.problem = error
        return row
    }

    static func failed(_ service: ServiceRef, _ error: ServiceError) -> ServiceRow {
        let state: State = switch error {
        case .unauthorized, .missingCredential: .unauthorized
        default: .unavailable
        }
        return ServiceRow(service: service, state: state, recovery: error.recovery, problem: error)
    }
}
