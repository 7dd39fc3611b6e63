import CGtk
import Foundation

// Synchronous entry point: the GLib main loop must run on the process's main
// thread (see Documentation/Architecture.md, "Main loop").
// Two malloc arenas instead of one per thread: decoding on the cooperative pool otherwise leaves
// each worker thread's arena holding freed buffers (measured: tens of MB of resident memory).
@_silgen_name("mallopt") func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
_ = mallopt(-8 /* M_ARENA_MAX */, 2)

// Log lines go to stderr, always: GLib's default writer prints debug and info lines on stdout,
// which would corrupt `--status --json` exactly when someone debugs with G_MESSAGES_DEBUG.
g_log_writer_default_set_use_stderr(1)

// Inspection routes render times at a fixed instant in UTC, so every machine draws the same pixels.
if CommandLine.arguments.contains(where: { $0 == "--inspection" || $0.hasPrefix("--inspection=") }) {
    setenv("TZ", "UTC", 1)
    tzset()
}

let status = MainActor.assumeIsolated {
    let app = SwitchyardApplication()
    let status = app.run()
    return app.failed ? 1 : status
}
exit(status)
