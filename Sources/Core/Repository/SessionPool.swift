import Foundation

/// The session of every configured service (its endpoint, client and backoff),
/// and the content failures that make an answering service's row "degraded".
struct SessionPool {
    private let transport: any HTTPTransport
    private let secrets: any SecretStore
    private let clock: Clock
    private var sessions: [UUID: ServiceSession] = [:]
    /// Content that failed while the service itself answered, per feature.
    private var contentFailures: [UUID: [Feature: ServiceError]] = [:]

    init(transport: any HTTPTransport, secrets: any SecretStore, clock: Clock) {
        self.transport = transport
        self.secrets = secrets
        self.clock = clock
    }

    /// Keeps the sessions of unchanged services; a changed configuration gets a new one, a removed one goes.
    mutating func keep(_ configs: [ServiceConfig]) {
        var kept: [UUID: ServiceSession] = [:]
        for config in configs {
            if let session = sessions[config.id], session.config == config { kept[config.id] = session }
        }
        for id in sessions.keys where kept[id] == nil { contentFailures[id] = nil }
        sessions = kept
    }

    mutating func session(_ config: ServiceConfig) -> ServiceSession {
        if let session = sessions[config.id], session.config == config { return session }
        let session = ServiceSession(config: config, transport: transport, secrets: secrets, clock: clock)
        sessions[config.id] = session
        return session
    }

    /// The service or its credential was removed: its session and failures go.
    mutating func forget(_ serviceID: UUID) {
        sessions[serviceID] = nil
        contentFailures[serviceID] = nil
    }

    /// A new credential: the next request starts a new session (new client, new sign-in, no backoff).
    mutating func restart(_ serviceID: UUID) { sessions[serviceID] = nil }

    /// Every endpoint is resolved again on next use (the network changed).
    func invalidateAll() async {
        for session in sessions.values { await session.invalidate() }
    }

    /// Remembers how a feature's request for a service ended.
    mutating func record(_ error: ServiceError?, feature: Feature, service: UUID) {
        guard let error else { contentFailures[service]?[feature] = nil; return }
        if ServiceSession.isContentProblem(error) { contentFailures[service, default: [:]][feature] = error }
    }

    /// The row of a service that answered its probe, degraded by the first content failure of any feature.
    func withContentFailures(_ row: ServiceRow) -> ServiceRow {
        guard row.state == .ok,
              let failure = contentFailures[row.id]?.sorted(by: { $0.key.rawValue < $1.key.rawValue }).first else { return row }
        return row.degraded(by: failure.value)
    }
}
