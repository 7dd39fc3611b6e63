import CGtk
import Core
@testable import DesktopApp
import SwitchyardTestSupport
import XCTest

/// GIO's network monitor → the repository: a burst of changes becomes one
/// re-resolution, and the watcher lets go of its signal when stopped.
final class NetworkWatcherTests: XCTestCase {
    func testABurstOfChangesIsOneCallAndStopDisconnects() {
        MainActor.assumeIsolated {
            MainLoop.installDispatchBridge()
            var calls = 0
            let sleep = ManualSleep()
            let boxes = signalBoxesLive.load(ordering: .relaxed)
            let watcher = NetworkWatcher(settle: .seconds(1), sleep: sleep.sleep) { calls += 1 }
            XCTAssertEqual(signalBoxesLive.load(ordering: .relaxed), boxes + 1)
            for _ in 0..<3 { emitNetworkChanged() }
            // Each change restarts the wait: the first two waits are cancelled, the third runs.
            XCTAssertTrue(iterate(until: { sleep.started == 3 && sleep.cancelled == 2 }), "started \(sleep.started), cancelled \(sleep.cancelled)")
            XCTAssertEqual(calls, 0, "nothing happens while the burst has not settled")
            sleep.finishAll()
            XCTAssertTrue(iterate(until: { calls > 0 }))
            XCTAssertEqual(calls, 1, "three changes in a burst are one re-resolution")
            XCTAssertEqual(sleep.waiting, 0, "no other wait was left to fire")

            XCTAssertTrue(watcher.isConnected)
            watcher.stop()
            XCTAssertFalse(watcher.isConnected, "the handler is disconnected")
            // The count is process-wide: a previous test's widgets may release their boxes meanwhile,
            // so it must be back to at most what it was (this watcher's box gone), not exactly.
            XCTAssertLessThanOrEqual(signalBoxesLive.load(ordering: .relaxed), boxes, "the handler's box was released")
            emitNetworkChanged()
            XCTAssertEqual(sleep.started, 3, "a stopped watcher does not react")
            XCTAssertEqual(calls, 1)
        }
    }

    func testAModelForwardsAChangeToTheRepository() throws {
        try MainActor.assumeIsolated {
            MainLoop.installDispatchBridge()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-net-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let model = AppModel(registry: ServiceRegistry(fileURL: folder.appendingPathComponent("services.json")),
                                 transport: StubTransport(routes: [:]), secrets: InMemorySecretStore(),
                                 cache: ServiceCache(root: folder.appendingPathComponent("cache")))
            model.watchNetwork(settle: .milliseconds(20))
            emitNetworkChanged()
            XCTAssertTrue(iterate(until: { model.networkChanges > 0 }), "the change never reached the model")
            XCTAssertEqual(model.networkChanges, 1)
            model.stop()
        }
    }
}

/// Runs the main loop until `condition` holds (true) or 30 s pass (false: the test fails
/// instead of hanging). Wakes at least every 10 ms to look.
@MainActor
func iterate(until condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(30)
    let tick = g_timeout_add(10, { _ in 1 }, nil) // a wake-up, so a blocking iteration returns to look
    defer { g_source_remove(tick) }
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        g_main_context_iteration(nil, 1)
    }
    return true
}

/// A sleep that ends when the test says so, or throws when its task is cancelled.
private final class ManualSleep: @unchecked Sendable {
    private let lock = NSLock()
    private var waiters: [Int: CheckedContinuation<Void, Error>] = [:]
    private var cancelledIDs: Set<Int> = []
    private var startedCount = 0
    private var cancelledCount = 0
    var started: Int { lock.withLock { startedCount } }
    var cancelled: Int { lock.withLock { cancelledCount } }
    var waiting: Int { lock.withLock { waiters.count } }

    var sleep: NetworkWatcher.Sleep {
        { _ in try await self.wait() }
    }

    private func wait() async throws {
        let id = lock.withLock { startedCount += 1; return startedCount }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                let cancelledAlready = lock.withLock {
                    if cancelledIDs.contains(id) { return true }
                    waiters[id] = continuation
                    return false
                }
                if cancelledAlready { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let continuation = lock.withLock {
                cancelledCount += 1
                cancelledIDs.insert(id)
                return waiters.removeValue(forKey: id)
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    func finishAll() {
        let all = lock.withLock { let all = waiters; waiters = [:]; return all }
        for continuation in all.values { continuation.resume() }
    }
}

/// Emits "network-changed" on the default monitor, as GIO does when the network changes.
@MainActor
private func emitNetworkChanged() {
    let monitor = g_network_monitor_get_default()
    var values = [GValue(), GValue()]
    g_value_init(&values[0], g_network_monitor_get_type())
    g_value_set_object(&values[0], UnsafeMutableRawPointer(monitor))
    g_value_init(&values[1], sy_gtk_type_boolean())
    g_value_set_boolean(&values[1], 1)
    let signal = g_signal_lookup("network-changed", g_network_monitor_get_type())
    values.withUnsafeMutableBufferPointer { g_signal_emitv($0.baseAddress, signal, 0, nil) }
    for index in values.indices { g_value_unset(&values[index]) }
}

