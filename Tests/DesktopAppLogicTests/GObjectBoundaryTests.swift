import CGtk
@testable import DesktopApp
import Dispatch
import SwitchyardTestSupport
import XCTest

/// The GObject boundary: signal closure boxes are owned, and Swift concurrency
/// runs inside a blocking GLib main loop.
final class GObjectBoundaryTests: XCTestCase {
    /// Pages, dialogs and the model speak typed wrappers: pointer casts, C callbacks and manual
    /// retain/release live in `GObject/` only (Documentation/Architecture.md, "The GObject boundary").
    func testCInteropStaysInsideTheGObjectFolder() throws {
        let root = projectDirectory.appendingPathComponent("Sources/DesktopApp")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        XCTAssertGreaterThan(files.count, 20, "the sources were found")
        var outside: [String] = []
        for file in files where !file.path.contains("/GObject/") {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated()
            where line.contains("cast(") || line.contains("@convention(c)") || line.contains("Unmanaged") {
                outside.append("\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        XCTAssertEqual(outside, [], "C interop outside GObject/")
    }

    func testHandlerRunsOnEmission() {
        MainActor.assumeIsolated {
            let action = newAction()
            defer { g_object_unref(cast(action)) }
            var calls = 0
            onSignal(action, "activate", withArgument: { _ in calls += 1 })
            g_action_activate(cast(action), nil)
            g_action_activate(cast(action), nil)
            XCTAssertEqual(calls, 2)
        }
    }

    func testBoxIsFreedOnDisconnect() {
        MainActor.assumeIsolated {
            let action = newAction()
            defer { g_object_unref(cast(action)) }
            let before = signalBoxesLive.load(ordering: .relaxed)
            let id = onSignal(action, "activate") {}
            XCTAssertEqual(signalBoxesLive.load(ordering: .relaxed), before + 1)
            g_signal_handler_disconnect(cast(action), id)
            XCTAssertEqual(signalBoxesLive.load(ordering: .relaxed), before)
        }
    }

    func testAllBoxesAreFreedWhenTheObjectIsFinalized() {
        MainActor.assumeIsolated {
            let action = newAction()
            let before = signalBoxesLive.load(ordering: .relaxed)
            let ids = (0..<1000).map { _ in onSignal(action, "activate", withArgument: { _ in }) }
            XCTAssertEqual(signalBoxesLive.load(ordering: .relaxed), before + 1000)
            g_signal_handler_disconnect(cast(action), ids[10])
            XCTAssertEqual(signalBoxesLive.load(ordering: .relaxed), before + 999)
            g_object_unref(cast(action))
            XCTAssertEqual(signalBoxesLive.load(ordering: .relaxed), before)
        }
    }

    func testHopRunsOnTheLoopAndReleasesItsBox() {
        MainActor.assumeIsolated {
            // What earlier tests left pending on the loop (an object finalized late frees its boxes)
            // runs first, so the count below moves only for the hop (it was once one lower: a flake).
            while g_main_context_iteration(nil, 0) != 0 {}
            let before = signalBoxesLive.load(ordering: .relaxed)
            let result = runLoop { quit in
                MainLoop.hop { quit("hopped") }
            }
            XCTAssertEqual(result, "hopped")
            XCTAssertEqual(signalBoxesLive.load(ordering: .relaxed), before)
        }
    }

    func testMainActorTaskResumesWhileTheGLibLoopRuns() {
        MainActor.assumeIsolated {
            MainLoop.installDispatchBridge()
            let result = runLoop { quit in
                Task { @MainActor in
                    try await Task.sleep(for: .milliseconds(20))
                    let value = await Worker().compute()         // resumes back on the MainActor
                    MainActor.assertIsolated()
                    quit("resumed \(value)")
                }
            }
            XCTAssertEqual(result, "resumed 42")
        }
    }

    func testDispatchMainQueueRunsWhileTheGLibLoopRuns() {
        MainActor.assumeIsolated {
            MainLoop.installDispatchBridge()
            let result = runLoop { quit in
                DispatchQueue.global().async {
                    DispatchQueue.main.async { MainActor.assumeIsolated { quit("dispatched") } }
                }
            }
            XCTAssertEqual(result, "dispatched")
        }
    }
}

/// Runs a GLib main loop until `body` calls quit, or 5 s pass (returns "timeout").
@MainActor
func runLoop(_ body: (@escaping @MainActor (String) -> Void) -> Void) -> String {
    let loop = g_main_loop_new(nil, 0)!
    defer { g_main_loop_unref(loop) }
    var result = "timeout"
    let timeout = g_timeout_add_seconds(30, { loop in // a watchdog: only a failing test waits for it
        g_main_loop_quit(OpaquePointer(loop))
        return 0
    }, UnsafeMutableRawPointer(loop))
    body { value in
        result = value
        g_main_loop_quit(loop)
    }
    g_main_loop_run(loop)
    if result != "timeout" { g_source_remove(timeout) }
    return result
}

@MainActor
private func newAction() -> OpaquePointer { g_simple_action_new("probe", nil)! }

private actor Worker {
    func compute() -> Int { 42 }
}
