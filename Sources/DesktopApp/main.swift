import Foundation

// Synchronous entry point: the GLib main loop must run on the process's main
// thread (see Documentation/Architecture.md, "Main loop").
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
