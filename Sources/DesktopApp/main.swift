import Foundation

// Synchronous entry point: the GLib main loop must run on the process's main
// thread (see Documentation/Architecture.md, "Main loop").
let status = MainActor.assumeIsolated {
    let app = SwitchyardApplication()
    let status = app.run()
    return app.failed ? 1 : status
}
exit(status)
