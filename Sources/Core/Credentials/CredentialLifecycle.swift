import Foundation

/// The credential lifecycle as Core API; the settings dialog only calls it.
///
/// - test: probe a candidate under an ephemeral keyring account, removed
///   afterwards, so a test never overwrites the live secret;
/// - save: an empty field keeps the stored value;
/// - rotate: write the replacement only after it validated;
/// - remove a credential: its keyring item, sessions, in-flight work and caches;
/// - remove a service: all of that and the config entry.
public actor CredentialLifecycle {
    public typealias Probe<T: Sendable> = @Sendable (ServiceConfig) async throws(ServiceError) -> T

    private let registry: ServiceRegistry
    private let secrets: any SecretStore
    private let scopedState: [any ServiceScopedState]

    public init(registry: ServiceRegistry, secrets: any SecretStore, scopedState: [any ServiceScopedState]) {
        self.registry = registry
        self.secrets = secrets
        self.scopedState = scopedState
    }

    /// Probes `config` with `candidate` merged over the stored credential (empty
    /// fields keep stored values), held under a fresh ephemeral account that is
    /// deleted afterwards, whatever the outcome.
    public func test<T: Sendable>(_ config: ServiceConfig, candidate: Credential,
                                  probe: Probe<T>) async throws(ServiceError) -> T {
        let merged = try await stored(config).merging(candidate)
        guard merged.satisfies(config.kind.credentialShape) else { throw .missingCredential }
        return try await withEphemeralAccount(merged, kind: config.kind) { account throws(ServiceError) in
            var trial = config
            trial.credential = account
            return try await probe(trial)
        }
    }

    /// Saves config and credential. Empty candidate fields keep the stored
    /// values; the result must satisfy the kind's credential shape.
    public func save(_ config: ServiceConfig, candidate: Credential) async throws(LifecycleError) {
        let isNew = await registry.service(config.id) == nil
        let merged: Credential
        do { merged = try await stored(config).merging(candidate) } catch { throw .service(error) }
        guard merged.satisfies(config.kind.credentialShape) else { throw .service(.missingCredential) }
        do { try config.validate() } catch { throw .registry(.invalid(error)) }
        do { try await secrets.write(merged, for: config.credential, kind: config.kind) } catch { throw .keyring(error) }
        if !isNew { for state in scopedState { await state.credentialChanged(serviceID: config.id) } }
        do {
            try await registry.upsert(config)
        } catch {
            if isNew { // no orphan secret for a service never saved; a cleanup that fails is logged, never silent
                do { try await secrets.delete(config.credential) } catch { Log.failure("removing the key of a service that was not saved", error) }
            }
            throw .registry(error)
        }
    }

    /// Replaces the live credential only after `replacement` validated with
    /// `probe`; on any failure the previous value stays in the keyring.
    public func rotate<T: Sendable>(_ config: ServiceConfig, replacement: Credential,
                                    probe: Probe<T>) async throws(ServiceError) -> T {
        let merged = try await stored(config).merging(replacement)
        let result = try await test(config, candidate: merged, probe: probe)
        do { try await secrets.write(merged, for: config.credential, kind: config.kind) } catch { throw .keyring(error) }
        for state in scopedState { await state.credentialChanged(serviceID: config.id) }
        return result
    }

    /// Deletes a service's credential but keeps its configuration (it then shows
    /// "update credentials"): the keyring item, its sessions, its in-flight work
    /// and its cached content all go.
    public func removeCredential(of id: UUID) async throws(LifecycleError) {
        guard let config = await registry.service(id) else { throw .registry(.notFound(id)) }
        for state in scopedState where !(state is ServiceCache) { await state.purge(serviceID: id) }
        do { try await secrets.delete(config.credential) } catch { throw .keyring(error) }
        for state in scopedState where state is ServiceCache { await state.purge(serviceID: id) }
    }

    /// Removes a service completely: cancels its work, clears its sessions,
    /// deletes its keyring items, purges its caches, then its config entry.
    /// If the keyring refuses, nothing else is lost: the config keeps pointing
    /// at the secret so the user can retry.
    public func removeService(_ id: UUID) async throws(LifecycleError) {
        guard let config = await registry.service(id) else { throw .registry(.notFound(id)) }
        for state in scopedState where !(state is ServiceCache) { await state.purge(serviceID: id) }
        do { try await secrets.delete(config.credential) } catch { throw .keyring(error) }
        var kept: (path: String, reason: String)?
        for case let cache as ServiceCache in scopedState {
            do { try await cache.remove(serviceID: id) } catch {
                let path = await cache.directory(for: id).path
                Log.failure("cache: could not delete \(path) of a removed service", error)
                kept = (path, Log.describe(error))
            }
        }
        do { try await registry.remove(id) } catch { throw .registry(error) }
        // The service is gone; its cached content is not, and the user relied on that: say so.
        if let kept { throw .cacheNotRemoved(path: kept.path, reason: kept.reason) }
    }

    private func stored(_ config: ServiceConfig) async throws(ServiceError) -> Credential {
        do { return try await secrets.read(config.credential) ?? Credential() } catch { throw .keyring(error) }
    }

    private func withEphemeralAccount<T: Sendable>(_ credential: Credential, kind: ServiceKind,
                                                   _ body: (CredentialReference) async throws(ServiceError) -> T)
        async throws(ServiceError) -> T {
        let account = CredentialReference()
        do { try await secrets.write(credential, for: account, kind: kind) } catch { throw .keyring(error) }
        let result: Result<T, ServiceError>
        do { result = .success(try await body(account)) } catch { result = .failure(error) }
        // Removed even when the probe failed or the task was cancelled.
        do { try await secrets.delete(account) } catch {
            Log.warning("could not remove an ephemeral test credential from the keyring: \(error)")
        }
        return try result.get()
    }
}

public enum LifecycleError: Error, Equatable, Sendable {
    case service(ServiceError)
    case keyring(SecretStoreError)
    case registry(RegistryError)
    /// The service was removed, but its cache folder could not be deleted.
    case cacheNotRemoved(path: String, reason: String)
}
