import Foundation

/// How often each feature refreshes while it is on screen.
public struct RefreshPolicy: Sendable, Equatable {
    public var intervals: [Feature: Duration]

    public init(intervals: [Feature: Duration]) {
        self.intervals = intervals
    }

    /// Each feature's own interval (its descriptor's): transfers move by the second, queues by the minute;
    /// libraries and the calendar change a few times a day (they also refresh on demand).
    public static let standard = RefreshPolicy(intervals: [:])

    /// `intervals` when it names the feature; else its descriptor's; libraries, whatever their kind, every five minutes.
    public func interval(for feature: Feature) -> Duration {
        intervals[feature] ?? FeatureCatalog.descriptor(feature)?.refreshInterval ?? (feature.library != nil ? .seconds(300) : .seconds(60))
    }
}

/// Runs each feature's refresh on its interval while the feature is in scope
/// (its tab is showing and the window is visible):
/// - **coalescing**: a periodic refresh due while one of the same feature runs
///   does not start a second; the caller waits for the running one (an asked-for
///   refresh, `refreshAgain`, runs once more after it: at most one extra read);
/// - **cancellation**: a feature leaving scope, or the window being hidden,
///   cancels its loop and its running refresh (the repository's fan-out is
///   structured, so every HTTP request of it is cancelled too);
/// - **backoff**: per service, in the repository (`ServiceSession`): an
///   unavailable service is skipped until its backoff ends, so a tick costs
///   nothing for it while the others keep refreshing.
public actor RefreshScheduler {
    public typealias Refresh = @Sendable (_ force: Bool) async -> Void
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    private let policy: RefreshPolicy
    private let sleep: Sleep
    private var actions: [Feature: Refresh] = [:]
    private var running: [Feature: (token: UUID, task: Task<Void, Never>)] = [:]
    private var loops: [Feature: Task<Void, Never>] = [:]
    private var inScope: Set<Feature> = []
    private var windowVisible = true

    public init(policy: RefreshPolicy = .standard, sleep: @escaping Sleep = { try await Task.sleep(for: $0) }) {
        self.policy = policy
        self.sleep = sleep
    }

    public func register(_ feature: Feature, _ refresh: @escaping Refresh) {
        let first = actions[feature] == nil
        actions[feature] = refresh
        // A feature can come into scope before its refresh is registered (the window's first tab
        // switch races the model's start-up): its loop's first tick found nothing to run and now
        // sleeps a whole interval (five minutes for a library). It starts again, refreshing now.
        if first, inScope.contains(feature), windowVisible {
            loops.removeValue(forKey: feature)?.cancel()
            startLoop(feature)
        }
    }

    /// Refreshes `feature` now — or, when a refresh of it is already running, waits for that one.
    public func refresh(_ feature: Feature, force: Bool = false) async {
        if let current = running[feature] {
            coalesced += 1
            await current.task.value
            return
        }
        guard let action = actions[feature] else { return }
        let token = UUID()
        let task = Task { await action(force) }
        running[feature] = (token, task)
        await task.value
        if running[feature]?.token == token { running[feature] = nil }
    }

    /// Refreshes `feature` with a request sent after now: a refresh already running is waited for,
    /// then another one runs. For every refresh somebody asks for — the window's Refresh, a write read
    /// back, a settings or network change, a live message — since the running one may have read before it.
    public func refreshAgain(_ feature: Feature) async {
        if let current = running[feature] {
            await current.task.value
            // Finished: not to be joined (its own caller clears it only when it next runs).
            if running[feature]?.token == current.token { running[feature] = nil }
        }
        await refresh(feature, force: true)
    }

    /// The features now on screen. Features that left are cancelled; new ones start refreshing at once.
    public func setInScope(_ features: Set<Feature>) {
        for feature in inScope.subtracting(features) { cancel(feature) }
        let added = features.subtracting(inScope)
        inScope = features
        guard windowVisible else { return }
        for feature in added { startLoop(feature) }
    }

    /// The window was hidden (minimized, another workspace) or shown again.
    public func setWindowVisible(_ visible: Bool) {
        guard visible != windowVisible else { return }
        windowVisible = visible
        if visible {
            for feature in inScope { startLoop(feature) }
        } else {
            for feature in inScope { cancel(feature) }
        }
    }

    /// Stops everything (the window closed).
    public func stop() {
        for feature in Set(loops.keys).union(running.keys) { cancel(feature) }
        inScope = []
    }

    /// How many refresh requests joined one already running (for tests and diagnostics).
    public private(set) var coalesced = 0

    /// Whether a feature's loop is running (for tests and diagnostics).
    public func isRefreshing(_ feature: Feature) -> Bool { loops[feature] != nil }

    private func startLoop(_ feature: Feature) {
        guard loops[feature] == nil else { return }
        let interval = policy.interval(for: feature)
        let sleep = sleep
        loops[feature] = Task { [weak self] in
            while !Task.isCancelled {
                await self?.refresh(feature)
                do { try await sleep(interval) } catch { return }
            }
        }
    }

    private func cancel(_ feature: Feature) {
        loops.removeValue(forKey: feature)?.cancel()
        running.removeValue(forKey: feature)?.task.cancel()
    }
}
