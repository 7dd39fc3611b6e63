import Foundation

/// What a successful connection test found.
public struct ConnectionReport: Sendable, Equatable {
    /// The service's own name for itself ("Sonarr", "qBittorrent") and its version.
    public var appName: String
    public var version: String
    public var role: EndpointRole
    public var endpoint: Endpoint
    public var latencyMilliseconds: Int

    public init(appName: String, version: String, role: EndpointRole, endpoint: Endpoint, latencyMilliseconds: Int) {
        self.appName = appName
        self.version = version
        self.role = role
        self.endpoint = endpoint
        self.latencyMilliseconds = latencyMilliseconds
    }
}

/// Why saving did not happen. The stored configuration and secret are unchanged in every case.
public enum SaveFailure: Error, Equatable, Sendable {
    /// The form still has problems (shown beside the fields).
    case invalid(ServiceDraft.Problems)
    /// A replacement credential failed its test, so the stored one stays.
    case rotationRefused(ServiceError)
    case keyring(SecretStoreError)
    case registry(RegistryError)
    /// Removal only: the service is gone, its cached content is still on disk.
    case cacheNotRemoved(path: String, reason: String)
}

/// The settings dialog's one door into Core: lists services, tests drafts,
/// saves, rotates, enables and removes — all through `CredentialLifecycle`.
public actor ServiceSettings {
    private let registry: ServiceRegistry
    private let secrets: any SecretStore
    private let transport: any HTTPTransport
    private let lifecycle: CredentialLifecycle

    public init(registry: ServiceRegistry, secrets: any SecretStore, transport: any HTTPTransport,
                scopedState: [any ServiceScopedState]) {
        self.registry = registry
        self.secrets = secrets
        self.transport = transport
        lifecycle = CredentialLifecycle(registry: registry, secrets: secrets, scopedState: scopedState)
    }

    public func services() async -> [ServiceConfig] { await registry.services }

    /// Why the keyring cannot be used right now, or nil when it answers.
    /// Reads an account that does not exist: no item is created, nothing prompts twice.
    public func keyringProblem() async -> SecretStoreError? {
        do {
            _ = try await secrets.read(CredentialReference(UUID(uuidString: "00000000-0000-0000-0000-000000000000")!))
            return nil
        } catch {
            return error
        }
    }

    /// Whether the keyring holds a complete credential for the service (the form says "stored"), or why the
    /// keyring could not say (a locked or absent keyring is not "nothing stored").
    public func hasStoredCredential(_ config: ServiceConfig) async -> Result<Bool, SecretStoreError> {
        do {
            guard let stored = try await secrets.read(config.credential) else { return .success(false) }
            return .success(stored.satisfies(config.kind.credentialShape))
        } catch {
            return .failure(error)
        }
    }

    /// Probes the draft's endpoints with its typed secrets over the stored ones,
    /// held under an ephemeral keyring account removed afterwards.
    public func test(_ draft: ServiceDraft) async -> Result<ConnectionReport, ServiceError> {
        guard let config = draft.config() else { return .failure(.noEndpoint) }
        let transport = transport
        let secrets = secrets
        do {
            let report = try await lifecycle.test(config, candidate: draft.candidate) { trial throws(ServiceError) in
                try await Self.probe(trial, transport: transport, secrets: secrets)
            }
            return .success(report)
        } catch {
            return .failure(error)
        }
    }

    /// Saves the draft. A new service is written as given; for an existing
    /// one, typed secrets are a rotation: written only after they validated.
    @discardableResult
    public func save(_ draft: ServiceDraft) async throws(SaveFailure) -> ServiceConfig {
        let problems = draft.problems(requireCredential: draft.isNew)
        guard problems.isEmpty, let config = draft.config() else { throw .invalid(problems) }
        if !draft.isNew && draft.changesSecrets {
            let transport = transport
            let secrets = secrets
            do {
                _ = try await lifecycle.rotate(config, replacement: draft.candidate) { trial throws(ServiceError) in
                    try await Self.probe(trial, transport: transport, secrets: secrets)
                }
            } catch {
                if case .keyring(let keyring) = error { throw .keyring(keyring) }
                throw .rotationRefused(error)
            }
            try await saveConfig(config, candidate: Credential())
        } else {
            try await saveConfig(config, candidate: draft.candidate)
        }
        return config
    }

    private func saveConfig(_ config: ServiceConfig, candidate: Credential) async throws(SaveFailure) {
        do {
            try await lifecycle.save(config, candidate: candidate)
        } catch {
            switch error {
            case .keyring(let keyring): throw .keyring(keyring)
            case .registry(let registry): throw .registry(registry)
            case .service(.keyring(let keyring)): throw .keyring(keyring)
            case .service: throw .invalid(ServiceDraft(editing: config).problems(requireCredential: true))
            case .cacheNotRemoved(let path, let reason): throw .cacheNotRemoved(path: path, reason: reason) // not from saving
            }
        }
    }

    /// Turns a service on or off; nothing secret changes.
    public func setEnabled(_ id: UUID, _ enabled: Bool) async throws(SaveFailure) {
        guard var config = await registry.service(id) else { throw .registry(.notFound(id)) }
        config.enabled = enabled
        do { try await registry.upsert(config) } catch { throw .registry(error) }
    }

    /// Removes the service: work cancelled, sessions cleared, keyring items, caches and the config entry deleted.
    public func remove(_ id: UUID) async throws(SaveFailure) {
        do {
            try await lifecycle.removeService(id)
        } catch {
            switch error {
            case .keyring(let keyring), .service(.keyring(let keyring)): throw .keyring(keyring)
            case .registry(let registry): throw .registry(registry)
            case .service(let service): throw .rotationRefused(service)
            case .cacheNotRemoved(let path, let reason): throw .cacheNotRemoved(path: path, reason: reason)
            }
        }
    }

    private static func probe(_ config: ServiceConfig, transport: any HTTPTransport,
                              secrets: any SecretStore) async throws(ServiceError) -> ConnectionReport {
        let started = ContinuousClock.now
        let (status, role) = try await ServiceProbe.probe(config, transport: transport, secrets: secrets)
        let milliseconds = Int(((ContinuousClock.now - started).seconds * 1000).rounded()) // as the status rows do
        return ConnectionReport(appName: status.appName, version: status.version, role: role,
                                endpoint: config.endpoint(for: role)!, latencyMilliseconds: milliseconds)
    }
}
