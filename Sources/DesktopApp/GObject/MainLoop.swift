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

    /// Attaches `source` to the default context to run `body` once; the closure box is released by
    /// the source's destroy notify.
    private static func once(_ source: UnsafeMutablePointer<GSource>, priority: Int32,
                             _ body: @escaping @MainActor @Sendable () -> Void) {
        let box = Unmanaged.passRetained(SignalBox<@MainActor @Sendable () -> Void>(body)).toOpaque()
        g_source_set_priority(source, priority)
        g_source_set_callback(source, { data in
            let box = Unmanaged<SignalBox<@MainActor @Sendable () -> Void>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.handler() }
            return gboolean(0) // G_SOURCE_REMOVE
        }, box, { data in
            Unmanaged<SignalBox<@MainActor @Sendable () -> Void>>.fromOpaque(data!).release()
        })
        g_source_attach(source, nil)
        g_source_unref(source)
    }
}
