import CGtk
import Core
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// What GLib's object system warned about while a test ran (its handler is a C function: no captures).
private final class GObjectWarnings: @unchecked Sendable {
    static let shared = GObjectWarnings()
    private let lock = NSLock()
    private var messages: [String] = []
    func add(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}

final class FrameClockTests: XCTestCase {
    /// A window closed right after the frame a watcher waited for (a screenshot taken, then the dialog closed):
    /// the watcher lets go of the clock after the emission without touching a freed object (it once disconnected
    /// its handler from the destroyed window's freed clock: GLib warned of an instance with no class).
    func testAWindowClosedRightAfterTheWatchedFrameLeavesNothingBehind() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            gtk_init()
            MainLoop.installDispatchBridge()
            let levels = GLogLevelFlags(rawValue: G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue)
            let handler = g_log_set_handler("GLib-GObject", levels, { _, _, message, _ in
                GObjectWarnings.shared.add(message.map { String(cString: $0) } ?? "")
            }, nil)
            defer { g_log_remove_handler("GLib-GObject", handler) }

            for _ in 0..<3 {
                let window = Window()
                window.present()
                var painted = false
                XCTAssertTrue(iterate(until: { FrameClock.afterEachPaint(of: window) { painted = true; return false } }), "realized")
                XCTAssertTrue(iterate(until: { painted }), "a frame painted")
                window.destroy()
                var after = false
                MainLoop.later { after = true } // queued behind the watcher's own hop
                XCTAssertTrue(iterate(until: { after }))
            }
            XCTAssertEqual(GObjectWarnings.shared.all, [])
        }
    }
}
