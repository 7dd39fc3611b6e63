import CGtk
import Core
import Foundation

/// What the window is bound to: the registry, the repository behind every
/// tab, the refresh scheduler, and the network watcher that makes the
/// repository resolve endpoints again when the network changes.
@MainActor
final class AppModel {
    let registry: ServiceRegistry
    let repository: Repository
    let scheduler: RefreshScheduler
    let cache: ServiceCache
    private var watcher: NetworkWatcher?
    /// How many network changes reached the repository (diagnostics and tests).
    private(set) var networkChanges = 0

    init(registry: ServiceRegistry = ServiceRegistry(fileURL: ServiceRegistry.defaultFileURL()),
         transport: any HTTPTransport, secrets: any SecretStore = KeyringSecretStore(),
         cache: ServiceCache = ServiceCache(root: ServiceCache.defaultRoot()), scheduler: RefreshScheduler = RefreshScheduler()) {
        self.registry = registry
        self.cache = cache
        self.scheduler = scheduler
        repository = Repository(registry: registry, transport: transport, secrets: secrets, cache: cache)
    }

    /// Starts watching the network. Endpoints are resolved again on the next
    /// request after a change; the features on screen refresh at once.
    func watchNetwork(settle: Duration = .seconds(1)) {
        watcher = NetworkWatcher(settle: settle) { [weak self] in
            guard let self else { return }
            self.networkChanges += 1
            let repository = self.repository, scheduler = self.scheduler
            Task {
                await repository.networkChanged()
                for feature in Feature.allCases where await scheduler.isRefreshing(feature) {
                    await scheduler.refresh(feature, force: true)
                }
            }
        }
    }

    func stop() {
        watcher?.stop()
        watcher = nil
        let scheduler = scheduler
        Task { await scheduler.stop() }
    }
}
