import Foundation

/// Runs Sonarr/Radarr commands and follows each to its end: by the instance's live `command`
/// messages (`pushed`) while its channel is live — polling `command/{id}` only as a safety net,
/// every `liveInterval` — and by polling every `interval` otherwise. A second request for the same
/// command on the same instance while it runs sends nothing: it joins the one running. Every state
/// seen is passed to the observers.
public actor CommandTracker {
    public struct Key: Hashable, Sendable {
        public let service: UUID
        public let command: LibraryCommand
        public init(service: UUID, command: LibraryCommand) {
            self.service = service
            self.command = command
        }
    }

    public typealias Observer = @Sendable (Key, Result<CommandProgress, ServiceError>) -> Void

    private let repository: Repository
    private let interval: Duration
    /// Polls before giving up on a command that never ends (30 minutes at the default interval).
    private let maximumPolls: Int
    private var running: [Key: Task<Result<CommandProgress, ServiceError>, Never>] = [:]
    private var latest: [Key: CommandProgress] = [:]
    private var observers: [UUID: Observer] = [:]

    /// The safety poll while the instance's channel is live.
    private let liveInterval: Duration
    private var liveServices: Set<UUID> = []
    /// A pushed state waiting for its command's follower, and the follower's wait to cut short.
    private var pushedStates: [Key: CommandProgress] = [:]
    private var naps: [Key: Nap] = [:]

    public init(repository: Repository, interval: Duration = .seconds(1), liveInterval: Duration = .seconds(15),
                maximumPolls: Int = 1_800) {
        self.repository = repository
        self.interval = interval
        self.liveInterval = liveInterval
        self.maximumPolls = maximumPolls
    }

    /// The instances whose live channel is up now.
    public func setLive(_ services: Set<UUID>) {
        let wentDown = liveServices.subtracting(services)
        liveServices = services
        // A channel went down: its followers poll again at once, not after the long safety wait.
        for key in naps.keys where wentDown.contains(key.service) { naps.removeValue(forKey: key)?.wake() }
    }

    /// A `command` message from an instance's live channel: the state of a command followed here
    /// goes to the observers at once, and a final one ends its follower without another poll.
    public func pushed(_ progress: CommandProgress, on service: UUID) {
        guard let key = latest.first(where: { $0.key.service == service && $0.value.id == progress.id })?.key,
              latest[key] != progress else { return }
        pushedStates[key] = progress
        naps.removeValue(forKey: key)?.wake()
    }

    /// Told of every state of every command (the UI's per-item and per-instance indicators).
    @discardableResult
    public func observe(_ observer: @escaping Observer) -> UUID {
        let id = UUID()
        observers[id] = observer
        return id
    }

    public func stopObserving(_ id: UUID) { observers[id] = nil }

    /// Commands running now, with their last known state.
    public var active: [Key: CommandProgress] { latest }

    public func isRunning(_ key: Key) -> Bool { running[key] != nil }

    /// Starts the command (or joins the same one already running) and returns how it ended.
    @discardableResult
    public func run(_ command: LibraryCommand, on service: UUID) async -> Result<CommandProgress, ServiceError> {
        let key = Key(service: service, command: command)
        if let task = running[key] { return await task.value }
        let task = Task { await self.follow(key) }
        running[key] = task
        let result = await task.value
        running[key] = nil
        latest[key] = nil
        return result
    }

    private func follow(_ key: Key) async -> Result<CommandProgress, ServiceError> {
        var progress: CommandProgress
        do throws(ServiceError) {
            progress = try await repository.start(key.command, on: key.service)
        } catch {
            return finish(key, .failure(error))
        }
        publish(key, .success(progress))
        var failures = 0
        var polls = 0
        while progress.isRunning, polls < maximumPolls {
            polls += 1
            if pushedStates[key] == nil { // a state pushed while the last poll ran is taken at once
                let nap = Nap()
                naps[key] = nap
                await nap.sleep(for: liveServices.contains(key.service) ? liveInterval : interval)
                naps[key] = nil
            }
            if let pushed = pushedStates.removeValue(forKey: key) {
                if pushed != progress {
                    progress = pushed
                    if progress.isRunning { publish(key, .success(progress)) }
                }
                continue // a pushed state needs no poll
            }
            do throws(ServiceError) {
                let now = try await repository.progress(ofCommand: progress.id, on: key.service)
                failures = 0
                if now != progress {
                    progress = now
                    if progress.isRunning { publish(key, .success(progress)) } // the end is told by `finish`
                }
            } catch {
                failures += 1
                if failures >= 3 { return finish(key, .failure(error)) }
            }
        }
        return finish(key, .success(progress))
    }

    private func finish(_ key: Key, _ result: Result<CommandProgress, ServiceError>) -> Result<CommandProgress, ServiceError> {
        latest[key] = nil
        pushedStates[key] = nil
        for observer in observers.values { observer(key, result) }
        return result
    }

    private func publish(_ key: Key, _ result: Result<CommandProgress, ServiceError>) {
        if case .success(let progress) = result { latest[key] = progress }
        for observer in observers.values { observer(key, result) }
    }
}

/// A wait that ends after its duration or when woken, whichever comes first (once).
private final class Nap: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Never>?
    private var done = false

    func sleep(for duration: Duration) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = lock.withLock { () -> Bool in
                if done { return true }
                self.continuation = continuation
                return false
            }
            if resumeNow { return continuation.resume() }
            Task { [weak self] in
                try? await Task.sleep(for: duration)
                self?.wake()
            }
        }
    }

    func wake() {
        let waiting = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            done = true
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume()
    }
}
