import CGtk
import Dispatch
import Glibc

/// Bridges Swift concurrency into the GLib main loop.
///
/// While `g_application_run` blocks the main thread, libdispatch's main queue
/// (where @MainActor jobs, `await` resumptions and `DispatchQueue.main` work
/// land) is never drained on its own. libdispatch exposes an eventfd that turns
/// readable when the main queue has work; we watch it with a GLib source and
/// drain the queue from there. The 8-byte read acknowledges the eventfd —
/// without it the source fires continuously.
enum MainLoop {
    @MainActor private static var installed = false

    /// Installs the drain source on the default main context. Idempotent.
    @MainActor static func installDispatchBridge() {
        guard !installed else { return }
        installed = true
        let fd = _dispatch_get_main_queue_handle_4CF()
        _ = g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, { fd, _, _ in
            var counter: UInt64 = 0
            _ = read(fd, &counter, MemoryLayout<UInt64>.size)
            _dispatch_main_queue_callback_4CF(nil)
            return gboolean(1) // G_SOURCE_CONTINUE
        }, nil, nil)
    }

    /// The one main-loop hop: runs `body` on the GLib main loop once it is idle.
    static func hop(_ body: @escaping @MainActor @Sendable () -> Void) {
        once(g_idle_source_new(), priority: G_PRIORITY_DEFAULT_IDLE, body)
    }

    /// Runs `body` once on the GLib main loop after `milliseconds`.
    static func after(milliseconds: UInt32, _ body: @escaping @MainActor @Sendable () -> Void) {
        once(g_timeout_source_new(milliseconds), priority: G_PRIORITY_DEFAULT, body)
    }

    /// Runs `body` on the main loop once it is idle, from main-actor code (no Sendable needed).
    @MainActor static func later(_ body: @escaping @MainActor () -> Void) {
        once(g_idle_source_new(), priority: G_PRIORITY_DEFAULT_IDLE, body)
    }

    /// Attaches `source` to the default context to run `body` once; the closure box is released by
    /// the source's destroy notify.
    private static func once(_ source: UnsafeMutablePointer<GSource>, priority: Int32,
                             _ body: @escaping @MainActor () -> Void) {
        let box = Unmanaged.passRetained(SignalBox<@MainActor () -> Void>(body)).toOpaque()
        g_source_set_priority(source, priority)
        g_source_set_callback(source, { data in
            let box = Unmanaged<SignalBox<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.handler() }
            return gboolean(0) // G_SOURCE_REMOVE
        }, box, { data in
            Unmanaged<SignalBox<@MainActor () -> Void>>.fromOpaque(data!).release()
        })
        g_source_attach(source, nil)
        g_source_unref(source)
    }
}

/// A repeating main-loop timer: `body` runs every `milliseconds` (or whenever idle, with
/// `idle: true`) until it returns false or the timer is cancelled or released.
@MainActor
final class Timer {
    private var source: guint = 0

    init(milliseconds: UInt32, priority: Int32 = G_PRIORITY_DEFAULT, _ body: @escaping @MainActor () -> Bool) {
        let step = TimerStep(body)
        let box = Unmanaged.passRetained(step).toOpaque()
        source = g_timeout_add_full(priority, milliseconds, { data in
            let step = Unmanaged<TimerStep>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated {
                let keep = step.body()
                if !keep { step.onEnd?() } // GLib removes the source: the timer must not remove it again
                return keep
            } ? 1 : 0
        }, box, { data in Unmanaged<TimerStep>.fromOpaque(data!).release() })
        step.onEnd = { [weak self] in self?.source = 0 }
    }

    var isRunning: Bool { source != 0 }

    func cancel() {
        if source != 0 { g_source_remove(source) }
        source = 0
    }

    isolated deinit { cancel() }
}

private final class TimerStep {
    let body: @MainActor () -> Bool
    var onEnd: (@MainActor () -> Void)?
    init(_ body: @escaping @MainActor () -> Bool) { self.body = body }
}
