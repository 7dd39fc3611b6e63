import Foundation

/// Runs Sonarr/Radarr commands and follows each to its end by polling `command/{id}` (until live
/// updates exist). A second request for the same command on the same instance while it runs sends
/// nothing: it joins the one running. Every state seen is passed to the observers.
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

    public init(repository: Repository, interval: Duration = .seconds(1), maximumPolls: Int = 1_800) {
        self.repository = repository
        self.interval = interval
        self.maximumPolls = maximumPolls
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
            try? await Task.sleep(for: interval)
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
        for observer in observers.values { observer(key, result) }
        return result
    }

    private func publish(_ key: Key, _ result: Result<CommandProgress, ServiceError>) {
        if case .success(let progress) = result { latest[key] = progress }
        for observer in observers.values { observer(key, result) }
    }
}
