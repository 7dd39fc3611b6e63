import Foundation

/// Anything that holds state for one service and must forget it when the
/// service is removed or its credential deleted: sessions, in-flight work, caches.
public protocol ServiceScopedState: Sendable {
    func purge(serviceID: UUID) async
    /// The service's credential was replaced: forget what was derived from the
    /// old one (sessions, clients holding it). Content caches stay valid.
    func credentialChanged(serviceID: UUID) async
}

extension ServiceScopedState {
    public func credentialChanged(serviceID: UUID) async {}
}

/// In-memory session credentials (cookies, session ids, tokens a service hands
/// out after login). Never persisted; re-authenticate on expiry.
public actor SessionStore: ServiceScopedState {
    private var sessions: [UUID: [String: String]] = [:]

    public init() {}

    public func value(_ name: String, for serviceID: UUID) -> String? { sessions[serviceID]?[name] }

    public func set(_ value: String?, _ name: String, for serviceID: UUID) {
        sessions[serviceID, default: [:]][name] = value
    }

    public func hasSession(for serviceID: UUID) -> Bool { !(sessions[serviceID]?.isEmpty ?? true) }

    public func purge(serviceID: UUID) { sessions[serviceID] = nil }
    public func credentialChanged(serviceID: UUID) { purge(serviceID: serviceID) }
}

/// Tasks working for a service, so removing the service cancels them.
public actor InFlightWork: ServiceScopedState {
    private var tasks: [UUID: [UUID: Task<Void, Never>]] = [:]

    public init() {}

    /// Starts `body` as a task tracked under the service; it unregisters when done.
    @discardableResult
    public func start(for serviceID: UUID, _ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        let token = UUID()
        let task = Task {
            await body()
            self.finished(serviceID, token)
        }
        tasks[serviceID, default: [:]][token] = task
        return task
    }

    public func count(for serviceID: UUID) -> Int { tasks[serviceID]?.count ?? 0 }

    private func finished(_ serviceID: UUID, _ token: UUID) {
        tasks[serviceID]?[token] = nil
        if tasks[serviceID]?.isEmpty == true { tasks[serviceID] = nil }
    }

    public func purge(serviceID: UUID) {
        tasks.removeValue(forKey: serviceID)?.values.forEach { $0.cancel() }
    }
}

/// Per-service cached data on disk under `$XDG_CACHE_HOME/switchyard/<service-id>/`.
/// Holds only what the services return (lists, images), never a credential.
public actor ServiceCache: ServiceScopedState {
    public let root: URL

    public init(root: URL) { self.root = root }

    /// `$XDG_CACHE_HOME/switchyard`, falling back to `~/.cache/switchyard`.
    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        XDGDirectory.path("XDG_CACHE_HOME", default: ".cache", environment: environment)
            .appendingPathComponent("switchyard", isDirectory: true)
    }

    public func directory(for serviceID: UUID) -> URL {
        root.appendingPathComponent(serviceID.uuidString.lowercased(), isDirectory: true)
    }

    public func store(_ data: Data, named name: String, for serviceID: UUID) throws {
        let directory = directory(for: serviceID)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        // Temporary file, fsync, rename: a crash leaves the old entry or the new one, never a torn one.
        try AtomicFile.write(data, to: directory.appendingPathComponent(name)) // its error names the step and errno
    }

    public func load(named name: String, for serviceID: UUID) -> Data? {
        sweep(serviceID)
        return try? Data(contentsOf: directory(for: serviceID).appendingPathComponent(name))
    }

    /// Services whose folder this instance has cleaned of temporary files a killed writer left.
    private var swept: Set<UUID> = []

    /// Once per service and process: a folder holding thousands of posters is listed once, not per load.
    private func sweep(_ serviceID: UUID) {
        guard swept.insert(serviceID).inserted else { return }
        AtomicFile.removeStaleTemporaries(in: directory(for: serviceID))
    }

    /// Deletes one entry (a corrupt one is discarded, never shown).
    public func discard(named name: String, for serviceID: UUID) {
        let file = directory(for: serviceID).appendingPathComponent(name)
        do { try FileManager.default.removeItem(at: file) } catch {
            Log.failure("cache: could not discard \(file.path)", error)
        }
    }

    /// Deletes the service's cache folder; nothing there is not an error.
    public func remove(serviceID: UUID) throws {
        let folder = directory(for: serviceID)
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        try FileManager.default.removeItem(at: folder)
    }

    public func purge(serviceID: UUID) {
        do { try remove(serviceID: serviceID) } catch {
            Log.failure("cache: could not delete \(directory(for: serviceID).path)", error)
        }
    }
}
