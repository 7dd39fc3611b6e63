import Foundation

/// Each client's speed history, in memory while the app runs and in the client's cache folder
/// (`$XDG_CACHE_HOME/switchyard/<service-id>/speed-history.bin`) between runs. A history is read from disk the first
/// time its client is sampled or shown; it is written at most once every five minutes while samples come, and
/// when the app asks (`flush`, on quit). A file that cannot be read is set aside (`speed-history.bin.unreadable`, replacing an
/// earlier one) and a new history starts; `setAside` says which clients' files were, for the window to say so.
public actor SpeedHistoryStore {
    public static let fileName = "speed-history.bin"
    public static let setAsideName = "speed-history.bin.unreadable"

    private let cache: ServiceCache
    private let writeInterval: Int64
    private var histories: [UUID: SpeedHistory] = [:]
    private var lastWritten: [UUID: Int64] = [:]
    private var dirty: Set<UUID> = []
    /// Clients whose file was set aside since the app started, with why.
    public private(set) var setAside: [UUID: String] = [:]

    public init(cache: ServiceCache, writeInterval: Int64 = 300) {
        self.cache = cache
        self.writeInterval = writeInterval
    }

    /// One refresh's total speeds of a client; written to disk when the last write is `writeInterval` seconds old.
    public func record(_ serviceID: UUID, down: Int64, up: Int64, at time: Int64) async {
        var history = await loaded(serviceID)
        history.record(down: down, up: up, at: time)
        histories[serviceID] = history
        dirty.insert(serviceID)
        if let last = lastWritten[serviceID], time - last < writeInterval, time >= last { return }
        await write(serviceID, now: time)
    }

    /// The client's history (empty when none was kept).
    public func history(_ serviceID: UUID) async -> SpeedHistory { await loaded(serviceID) }

    /// Each of these clients' histories, in order, and whether its file was set aside since the app started.
    public func histories(_ serviceIDs: [UUID]) async -> [(history: SpeedHistory, setAside: Bool)] {
        var all: [(history: SpeedHistory, setAside: Bool)] = []
        for serviceID in serviceIDs { all.append((await loaded(serviceID), setAside[serviceID] != nil)) }
        return all
    }

    /// Writes every history changed since it was last written.
    public func flush() async {
        for serviceID in dirty { await write(serviceID, now: lastWritten[serviceID] ?? 0) }
    }

    /// Forgets a client (removed from the settings); its cache folder goes with the rest of its cache.
    public func forget(_ serviceID: UUID) {
        histories[serviceID] = nil
        lastWritten[serviceID] = nil
        dirty.remove(serviceID)
    }

    private func loaded(_ serviceID: UUID) async -> SpeedHistory {
        if let history = histories[serviceID] { return history }
        var history = SpeedHistory()
        if let data = await cache.load(named: Self.fileName, for: serviceID) {
            do {
                history = try SpeedHistory(decoding: data)
            } catch {
                await setAside(serviceID, why: error.detail)
            }
        }
        histories[serviceID] = history
        return history
    }

    private func setAside(_ serviceID: UUID, why: String) async {
        let folder = await cache.directory(for: serviceID)
        let file = folder.appendingPathComponent(Self.fileName), aside = folder.appendingPathComponent(Self.setAsideName)
        do {
            if FileManager.default.fileExists(atPath: aside.path) { try FileManager.default.removeItem(at: aside) }
            try FileManager.default.moveItem(at: file, to: aside)
        } catch {
            Log.failure("speed history: could not set aside \(file.path)", error)
            await cache.discard(named: Self.fileName, for: serviceID)
        }
        Log.info("speed history of \(serviceID.uuidString.lowercased()) set aside: \(why)")
        setAside[serviceID] = why
    }

    private func write(_ serviceID: UUID, now: Int64) async {
        guard let history = histories[serviceID] else { return }
        do {
            try await cache.store(history.encoded(), named: Self.fileName, for: serviceID)
            dirty.remove(serviceID)
        } catch {
            Log.failure("speed history: could not write it", error) // kept in memory; tried again after the next interval
        }
        lastWritten[serviceID] = now
    }
}
