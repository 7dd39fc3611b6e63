import CGtk

/// Hooks the first painted frame of a window: for screenshots and start-up timing.
@MainActor
enum FirstFrame {
    /// Calls `body` on the main loop right after the window's first painted frame.
    /// `body` returns whether it is done; if not (the window had nothing to
    /// render yet), it runs again after the next frame, at most `attempts` times.
    /// Its argument says whether this is the last attempt.
    static func observe(_ window: Widget, attempts: Int = 30, _ body: @escaping @MainActor @Sendable (_ lastAttempt: Bool) -> Bool) {
        var handler: gulong = 0
        var remaining = attempts
        var busy = false
        let attach = { (forceFrame: Bool) in
            guard let clock = gtk_widget_get_frame_clock(window) else { return }
            handler = onSignal(clock, "after-paint") {
                guard !busy else { return }
                busy = true
                MainLoop.hop {
                    remaining -= 1
                    if body(remaining <= 0) || remaining <= 0 {
                        g_signal_handler_disconnect(cast(clock), handler)
                    } else {
                        busy = false
                        gtk_widget_queue_draw(window) // try again on the next frame
                    }
                }
            }
            if forceFrame { gtk_widget_queue_draw(window) }
        }
        if gtk_widget_get_mapped(window) != 0 {
            attach(true) // already on screen (a dialog presented before we were asked): ask for a frame
        } else {
            onSignal(window, "map") { attach(false) }
        }
    }

    /// Renders the window (header bar included) with its own renderer and saves a PNG.
    static func saveScreenshot(of window: Widget, to path: String) -> Bool {
        let width = gtk_widget_get_width(window), height = gtk_widget_get_height(window)
        guard width > 0, height > 0,
              let renderer = gtk_native_get_renderer(cast(window)),
              let paintable = gtk_widget_paintable_new(window) else { return false }
        defer { g_object_unref(cast(paintable)) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(cast(paintable), cast(snapshot), Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return false }
        defer { gsk_render_node_unref(node) }
        guard let texture = gsk_renderer_render_texture(renderer, node, nil) else { return false }
        defer { g_object_unref(cast(texture)) }
        return gdk_texture_save_to_png(texture, path) != 0
    }
}
