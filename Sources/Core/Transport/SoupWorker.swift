import CSoup
import Foundation

/// A thread that owns a GMainContext, its loop and one SoupSession. Every
/// libsoup call happens on this thread; callers hop in with `run`. The GTK main
/// loop is never involved, so HTTP never blocks or waits on the UI.
final class SoupWorker: @unchecked Sendable {
    /// libsoup's defaults (10 connections in all, 2 per host and port) queue a
    /// refresh of eight services behind each other once each service has two
    /// requests in flight (`make bench`, fan-out: 1.34× instead of 1.0×).
    static let maximumConnections = 48
    static let maximumConnectionsPerHost = 6

    let context: OpaquePointer
    private let loop: OpaquePointer
    /// Only touched on the worker thread after start-up.
    private(set) var session: UnsafeMutablePointer<SoupSession>!

    init(userAgent: String, ioTimeout: UInt32, trustAnchors: URL?) throws(TransportError) {
        GLibTypes.prepare()
        context = g_main_context_new()
        loop = g_main_loop_new(context, 0)
        let ready = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: TransportError?
        let pointers = UnsafeSendable((context, loop))
        let thread = Thread {
            let (context, loop) = pointers.value
            g_main_context_push_thread_default(context)
            let session = sy_soup_session_new(Int32(SoupWorker.maximumConnections), Int32(SoupWorker.maximumConnectionsPerHost))!
            soup_session_set_user_agent(session, userAgent)
            soup_session_set_timeout(session, ioTimeout)
            soup_session_set_idle_timeout(session, 60)
            if let trustAnchors {
                var error: UnsafeMutablePointer<GError>?
                if let database = g_tls_file_database_new(trustAnchors.path, &error) {
                    soup_session_set_tls_database(session, database)
                    g_object_unref(UnsafeMutableRawPointer(database))
                } else {
                    failure = .tlsFailed(error.map { String(cString: $0.pointee.message) } ?? "cannot read trust anchors")
                    g_clear_error(&error)
                }
            }
            self.session = session
            ready.signal()
            if failure == nil { g_main_loop_run(loop) }
            g_object_unref(UnsafeMutableRawPointer(session))
            g_main_context_pop_thread_default(context)
            g_main_loop_unref(loop)
            g_main_context_unref(context)
        }
        thread.name = "switchyard-http"
        thread.start()
        ready.wait()
        if let failure { throw failure }
    }

    /// Runs `job` on the worker thread.
    func run(_ job: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(JobBox(job)).toOpaque()
        g_main_context_invoke_full(context, G_PRIORITY_DEFAULT, { data in
            Unmanaged<JobBox>.fromOpaque(data!).takeUnretainedValue().job()
            return 0 // G_SOURCE_REMOVE
        }, box, { data in
            Unmanaged<JobBox>.fromOpaque(data!).release()
        })
    }

    /// Ends the thread once queued work has run; in-flight exchanges are cancelled by their owners.
    func stop() {
        let loop = UnsafeSendable(self.loop)
        run { g_main_loop_quit(loop.value) }
    }
}

private final class JobBox {
    let job: @Sendable () -> Void
    init(_ job: @escaping @Sendable () -> Void) { self.job = job }
}

/// Carries a C pointer across a concurrency boundary whose thread-confinement
/// is guaranteed by hand (the worker thread, GLib's thread-safe calls).
struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// The cancellable of one libsoup operation on the worker thread, and its deadline: when the
/// deadline passes the operation is cancelled, and `deadlinePassed` tells that timeout from a
/// cancel. `cancel()` may be called from any thread; the cancellation itself runs on the worker,
/// since cancelling fires libsoup's handlers in the cancelling thread.
final class SoupDeadline: @unchecked Sendable {
    let cancellable: UnsafeMutablePointer<GCancellable>
    private let worker: SoupWorker
    // Worker-thread state.
    private var timer: UnsafeMutablePointer<GSource>?
    private(set) var deadlinePassed = false

    init(worker: SoupWorker) {
        self.worker = worker
        cancellable = g_cancellable_new()
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(cancellable)) }

    /// Worker thread: cancelled before it started?
    var isCancelled: Bool { g_cancellable_is_cancelled(cancellable) != 0 }

    /// Worker thread: starts the clock. The timer holds this object until it is destroyed.
    func arm(_ duration: Duration) {
        let milliseconds = UInt32(min(max(duration.seconds * 1000, 1), Double(UInt32.max)))
        let source = g_timeout_source_new(milliseconds)!
        g_source_set_callback(source, { data in
            let deadline = Unmanaged<SoupDeadline>.fromOpaque(data!).takeUnretainedValue()
            deadline.deadlinePassed = true
            g_cancellable_cancel(deadline.cancellable)
            return 0
        }, Unmanaged.passRetained(self).toOpaque(), { data in Unmanaged<SoupDeadline>.fromOpaque(data!).release() })
        g_source_attach(source, worker.context)
        timer = source
    }

    /// Worker thread: the operation ended; the clock stops.
    func disarm() {
        guard let timer else { return }
        g_source_destroy(timer)
        g_source_unref(timer)
        self.timer = nil
    }

    /// Worker thread: cancels at once (a failed exchange drops its half-read connection).
    func cancelHere() { g_cancellable_cancel(cancellable) }

    /// Any thread: cancels the operation, on the worker.
    func cancel() {
        worker.run { [self] in g_cancellable_cancel(cancellable) }
    }
}
