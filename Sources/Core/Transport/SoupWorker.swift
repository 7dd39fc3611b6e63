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
