import CGtk
import Foundation

// Synchronous entry point: the GLib main loop must run on the process's main
// thread (see Documentation/Architecture.md, "Main loop").
// Two malloc arenas instead of one per thread: decoding on the cooperative pool otherwise leaves
// each worker thread's arena holding freed buffers (measured: tens of MB of resident memory).
// A fixed mmap threshold: by default glibc raises it each time a large block is freed (up to
// 32 MB), so after the first big response every later one (a 2 MB torrent list, its cache
// encoding) came from the heap and stayed there as free-but-kept memory. Blocks from 128 KB are
// mapped and unmapped. Measured with 2,000 transfers after 60 s: RSS 153.6 → 147.8–149.7 MB.
// Setting it also stops glibc raising the trim threshold, which then trims the heap's top at
// 128 KB: the main thread paid for it in page faults on every frame (7 % of its time while
// scrolling the library at 512 KB, 0 at 32 MB). So the trim threshold is set high.
@_silgen_name("mallopt") func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
_ = mallopt(-8 /* M_ARENA_MAX */, 2)
_ = mallopt(-3 /* M_MMAP_THRESHOLD */, 128 * 1024)
_ = mallopt(-1 /* M_TRIM_THRESHOLD */, 32 * 1024 * 1024)

// Log lines go to stderr, always: GLib's default writer prints debug and info lines on stdout,
// which would corrupt `--status --json` exactly when someone debugs with G_MESSAGES_DEBUG.
g_log_writer_default_set_use_stderr(1)

// The message catalogue, before GTK or anything else asks for a translation.
Translation.start(localeDirectory: ResourcePaths.localeDirectory())

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
