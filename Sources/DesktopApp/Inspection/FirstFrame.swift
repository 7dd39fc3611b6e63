import CGtk

/// Hooks the first painted frame of a window: for screenshots and start-up timing.
@MainActor
enum FirstFrame {
    /// Calls `body` once, on the main loop, right after the window's first frame is painted.
    static func observe(_ window: Widget, _ body: @escaping @MainActor @Sendable () -> Void) {
        var handler: gulong = 0
        onSignal(window, "map") {
            guard let clock = gtk_widget_get_frame_clock(window) else { return }
            var fired = false
            handler = onSignal(clock, "after-paint") {
                guard !fired else { return }
                fired = true
                g_signal_handler_disconnect(cast(clock), handler)
                MainLoop.hop(body)
            }
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
