import Foundation
import SwitchyardTestSupport
import XCTest

/// A screen reader reading the window while it changes must never crash it.
///
/// The debug binary runs `--stress-transitions N` (every transition that adds, removes or
/// replaces widgets, N cycles, synthetic data) while Tools/a11y-stress-walker.py reads the
/// whole accessibility tree without pause — children, names, roles, states, relations, text,
/// values, selections, extents, and the application's windows by index as a client with a
/// stale count asks for them. Pass: the app finishes every cycle, no GLib/GTK critical or
/// warning line, and no hidden window ever left in GTK's list of toplevels.
final class A11yStressTests: XCTestCase {
    func testAScreenReaderWalkingTheTreeThroughEveryTransition() throws {
        let harness = try Harness()
        try requireTestSession()
        let cycles = Int(ProcessInfo.processInfo.environment["SWITCHYARD_STRESS_CYCLES"] ?? "") ?? 48
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-stress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stopFile = folder.appendingPathComponent("stop")

        let app = Process()
        app.executableURL = harness.binary
        app.arguments = ["--stress-transitions", String(cycles)]
        let appOutput = folder.appendingPathComponent("app.out"), appErrors = folder.appendingPathComponent("app.err")
        FileManager.default.createFile(atPath: appOutput.path, contents: nil)
        FileManager.default.createFile(atPath: appErrors.path, contents: nil)
        app.standardOutput = try FileHandle(forWritingTo: appOutput)
        app.standardError = try FileHandle(forWritingTo: appErrors)
        try app.run()

        let walker = Process()
        walker.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        walker.arguments = [harness.root.appendingPathComponent("Tools/a11y-stress-walker.py").path,
                            String(app.processIdentifier), stopFile.path]
        let walkerOutput = Pipe()
        walker.standardOutput = walkerOutput
        try walker.run()

        app.waitUntilExit() // the app quits by itself after its last cycle, or crashes
        FileManager.default.createFile(atPath: stopFile.path, contents: nil)
        let walked = walkerOutput.fileHandleForReading.readDataToEndOfFile()
        walker.waitUntilExit()

        let output = try String(contentsOf: appOutput, encoding: .utf8)
        let errors = try String(contentsOf: appErrors, encoding: .utf8)
        let counts = (try? JSONSerialization.jsonObject(with: walked) as? [String: Int]) ?? [:]
        print("a11y stress: \(output.split(separator: "\n").first ?? "no summary"); walker \(counts)")
        XCTAssertEqual(app.terminationReason, .exit, "the app crashed:\n\(errors.suffix(3000))")
        XCTAssertEqual(app.terminationStatus, 0, errors.suffix(3000).description)
        XCTAssertTrue(output.contains("stress: \(cycles) cycles"), output)
        XCTAssertTrue(output.contains("hidden windows after: []"), "a hidden window stayed in GTK's toplevels: \(output)")
        XCTAssertTrue(output.contains("unseen spinners spinning after: []"), "a spinner nobody could see was animating: \(output)")
        let complaints = errors.split(separator: "\n").filter { $0.contains("-CRITICAL **") || $0.contains("-WARNING **") }
        XCTAssertEqual(complaints, [], "GLib/GTK complained")
        XCTAssertEqual(walker.terminationStatus, 0)
        XCTAssertGreaterThanOrEqual(counts["walks"] ?? 0, 1, "the walker never read the tree")
        XCTAssertGreaterThan(counts["calls"] ?? 0, cycles * 5, "the walker hardly asked anything: \(counts)")
    }
}
