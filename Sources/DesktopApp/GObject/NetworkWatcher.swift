import CGtk
import Foundation

/// Calls `onChange` when GIO's network monitor reports a change (a new
/// network, VPN up or down, a cable pulled). Bursts of changes — joining a
/// network emits several — are coalesced into one call `settle` after the last.
@MainActor
final class NetworkWatcher {
    private let monitor: OpaquePointer
    private var handler: gulong = 0
    private var pending: Task<Void, Never>?
    private let settle: Duration
    /// How the watcher waits for a burst to settle (tests pass a sleep they end themselves).
    typealias Sleep = @Sendable (Duration) async throws -> Void

    init(settle: Duration = .seconds(1), sleep: @escaping Sleep = { try await Task.sleep(for: $0) },
         onChange: @escaping @MainActor () -> Void) {
        monitor = g_network_monitor_get_default() // owned by GIO: no reference taken
        self.settle = settle
        handler = onSignal(monitor, "network-changed", withArgument: { [weak self] _ in
            guard let self else { return }
            self.pending?.cancel()
            let settle = self.settle
            self.pending = Task { @MainActor in
                do { try await sleep(settle) } catch { return }
                onChange()
            }
        })
    }

    /// Whether the watcher still listens to the monitor (tests).
    var isConnected: Bool { handler != 0 && g_signal_handler_is_connected(cast(monitor), handler) != 0 }

    /// Disconnects (the signal's box is released by its destroy notify).
    func stop() {
        pending?.cancel()
        if handler != 0 { g_signal_handler_disconnect(cast(monitor), handler) }
        handler = 0
    }
}
