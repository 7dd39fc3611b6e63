@testable import DesktopApp
import Core
import Foundation
import XCTest

/// Runs the real binary for every route in the route table, under the test
/// session's Xvfb display and AT-SPI bus (`make test`), through Tools/inspect.sh.
final class InspectionRoutesTests: XCTestCase {
    /// What each route must show to assistive technologies, beyond the common checks.
    private static let expectations: [InspectionRoute: [String]] = [
        .welcome: ["[push button] 'Add Service…'", "[label] 'Connect Your Services'"],
        .overview: ["[label] 'No Services Enabled'"],
        .series: ["[label] 'No Series'"],
        .movies: ["[label] 'No Movies'"],
        .activity: ["[label] 'Nothing in the Queue'"],
        .downloads: ["[label] 'No Transfers'"],
        .calendar: ["[label] 'Nothing Upcoming'"],
        .loading: ["[label] 'Checking your services…'", "[filler] 'GtkSpinner'"],
        .unauthorized: ["[label] 'Sign-in Needed'", "[push button] 'Update Credentials…'"],
        .unavailable: ["[label] 'Service Unavailable'", "[push button] 'Retry'"],
        .about: ["[frame] 'About Switchyard'", "[label] 'Switchyard'", "[page tab] 'Credits'"],
        .shortcuts: ["[frame] 'Keyboard Shortcuts'", "[label] 'Go to Calendar'", "[label] 'Refresh'"],
    ]

    func testEveryRouteHasExpectations() {
        for route in InspectionRoute.allCases {
            XCTAssertNotNil(Self.expectations[route], "route \(route) has no accessibility expectations")
        }
    }

    func testEveryRouteRendersCleanlyAndIsAccessible() throws {
        let harness = try Harness()
        for route in InspectionRoute.allCases {
            let capture = try harness.inspect(route.rawValue)
            XCTAssertEqual(capture.status, 0, "\(route): inspect.sh failed")

            let warnings = capture.stderr.split(separator: "\n").filter {
                $0.contains("-WARNING") || $0.contains("-CRITICAL") || $0.contains("-ERROR")
            }
            XCTAssertEqual(warnings, [], "\(route) logged GTK warnings")

            XCTAssertTrue(capture.png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(route): no PNG written")
            XCTAssertGreaterThan(capture.png.count, 4096, "\(route): PNG suspiciously small")

            let tree = capture.tree
            for expected in Self.expectations[route] ?? [] {
                XCTAssertTrue(tree.contains(expected), "\(route): a11y tree lacks \(expected)")
            }
            let unnamed = tree.split(separator: "\n").filter { $0.contains("[push button] ''") }
            XCTAssertEqual(unnamed, [], "\(route): push buttons without an accessible name")
            XCTAssertTrue(tree.contains("[push button] 'Refresh'"))
            XCTAssertTrue(tree.contains("[push button] 'Main Menu'"))

            switch route.scene {
            case .welcome:
                XCTAssertFalse(tree.contains("[page tab]"), "welcome must not offer empty tabs")
            case .tabs(let selected, _):
                XCTAssertTrue(tree.contains("[page tab list]"), "\(route): no tab list")
                for tab in AppTab.allCases {
                    let state = tab == selected ? "{visible,selected," : "{visible,sensitive"
                    XCTAssertTrue(tree.contains("[page tab] '\(Strings.title(tab))' \(state)"),
                                  "\(route): tab \(tab) missing or wrongly selected")
                }
            }
        }
    }

    /// Real X key events: Alt+N switches tabs, Ctrl+Q quits.
    func testKeyboardShortcutsSwitchTabsAndQuit() throws {
        let harness = try Harness()
        guard ProcessInfo.processInfo.environment["SWITCHYARD_SESSION"] != nil else {
            throw XCTSkip("needs the test session (display, AT-SPI); run through `make test`")
        }
        let result = try harness.run(["overview", "alt+3", "alt+6", "alt+1", "ctrl+q"],
                                     executable: harness.root.appendingPathComponent("Tools/keyboard-check.sh"))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").map(String.init), [
            "after alt+3:", "[page tab] 'Movies' {visible,selected",
            "after alt+6:", "[page tab] 'Calendar' {visible,selected",
            "after alt+1:", "[page tab] 'Overview' {visible,selected",
            "after ctrl+q:", "exited",
        ])
    }

    func testBadCommandLinesFailClearly() throws {
        let harness = try Harness()
        let unknown = try harness.run(["--inspection", "no-such-route"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("Unknown inspection route “no-such-route”"))
        for route in InspectionRoute.allCases {
            XCTAssertTrue(unknown.stderr.contains(route.rawValue), "error does not list \(route)")
        }
        let scale = try harness.run(["--inspection", "overview", "--text-scale", "huge"])
        XCTAssertEqual(scale.status, 2)
        XCTAssertTrue(scale.stderr.contains("--text-scale needs a number"))
        let option = try harness.run(["--no-such-option"])
        XCTAssertNotEqual(option.status, 0)
        XCTAssertTrue(option.stderr.contains("unknown option --no-such-option. Run “switchyard --help” to see the options."))
        let list = try harness.run(["--list-inspection-routes"])
        XCTAssertEqual(list.status, 0)
        XCTAssertEqual(list.stdout.split(separator: "\n").map(String.init), InspectionRoute.allCases.map(\.rawValue))
    }
}

/// Locates the built binary and the project's tools, and runs them.
private struct Harness {
    let root: URL
    let binary: URL

    struct Capture {
        var status: Int32
        var stderr: String
        var tree: String
        var png: [UInt8]
    }

    init() throws {
        root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        if let path = ProcessInfo.processInfo.environment["SWITCHYARD_BINARY"] {
            binary = URL(fileURLWithPath: path)
        } else {
            let runner = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
            binary = runner.deletingLastPathComponent().appendingPathComponent(AppInfo.executable)
        }
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("no built \(AppInfo.executable) at \(binary.path); run through `make test`")
        }
    }

    func run(_ arguments: [String], executable: URL? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWITCHYARD_BINARY"] = binary.path
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    func inspect(_ route: String) throws -> Capture {
        guard ProcessInfo.processInfo.environment["SWITCHYARD_SESSION"] != nil else {
            throw XCTSkip("needs the test session (display, D-Bus, AT-SPI); run through `make test`")
        }
        let result = try run([route], executable: root.appendingPathComponent("Tools/inspect.sh"))
        let out = root.appendingPathComponent("build/inspection")
        let stderr = (try? String(contentsOf: out.appendingPathComponent("\(route).stderr.txt"), encoding: .utf8)) ?? ""
        let tree = (try? String(contentsOf: out.appendingPathComponent("\(route).a11y.txt"), encoding: .utf8)) ?? ""
        let png = (try? Data(contentsOf: out.appendingPathComponent("\(route).png"))).map { [UInt8]($0) } ?? []
        return Capture(status: result.status, stderr: stderr, tree: tree, png: png)
    }
}
