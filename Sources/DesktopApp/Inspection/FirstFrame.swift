import CGtk

/// Hooks the first painted frame of a window: for screenshots and start-up timing.
@MainActor
enum FirstFrame {
    /// Calls `body` on the main loop right after the window's first painted frame.
    /// `body` returns whether it is done; if not (the window had nothing to
    /// render yet), it runs again after the next frame, at most `attempts` times.
    /// Its argument says whether this is the last attempt.
    static func observe(_ window: Widget, attempts: Int = 30, _ body: @escaping @MainActor @Sendable (_ lastAttempt: Bool) -> Bool) {
        var remaining = attempts
        var busy = false
        var finished = false
        let attach = { (forceFrame: Bool) in
            FrameClock.afterEachPaint(of: window) {
                guard !finished else { return false }
                guard !busy else { return true }
                busy = true
                MainLoop.later {
                    remaining -= 1
                    if body(remaining <= 0) || remaining <= 0 {
                        finished = true // the frame-clock handler goes at the next paint
                    } else {
                        busy = false
                        gtk_widget_queue_draw(window) // try again on the next frame
                    }
                }
                return true
            }
            if forceFrame || finished { gtk_widget_queue_draw(window) }
        }
        if window.isMapped {
            attach(true) // already on screen (a dialog presented before we were asked): ask for a frame
        } else {
            onSignal(window, "map") { attach(false) }
        }
    }

    /// Renders the window (header bar included) with its own renderer and saves a PNG.
    static func saveScreenshot(of window: Widget, to path: String) -> Bool {
        Window(found: window)?.saveScreenshot(to: path) ?? false
    }
}
