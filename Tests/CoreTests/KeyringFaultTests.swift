@testable import Core
import Foundation
import XCTest

/// Real keyring faults, each in a child test process whose environment lacks
/// the part that fails: the child runs `testChildReportsExpectedFault`, which
/// only acts when SWITCHYARD_KEYRING_FAULT names the expected error.
final class KeyringFaultTests: XCTestCase {
    func testNoSessionBusIsReportedAsSuch() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/switchyard-no-bus"
        environment["DISPLAY"] = nil // no X11 autolaunch either
        try runChild(expecting: "noSessionBus", environment: environment, wrapper: [])
    }

    func testBusWithoutSecretServiceIsReportedAsSuch() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-run-session") else {
            throw XCTSkip("dbus-run-session is not installed; run through `make test`")
        }
        // A fresh session bus with no keyring daemon and no activatable Secret Service.
        let config = try temporaryDirectory(self).appendingPathComponent("session.conf")
        try Data("""
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig><type>session</type><listen>unix:tmpdir=/tmp</listen>
        <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
        </busconfig>
        """.utf8).write(to: config)
        try runChild(expecting: "noSecretService", environment: environment,
                     wrapper: ["/usr/bin/dbus-run-session", "--config-file=\(config.path)", "--"])
    }

    /// Runs in the child only.
    func testChildReportsExpectedFault() async throws {
        guard let expected = ProcessInfo.processInfo.environment["SWITCHYARD_KEYRING_FAULT"] else {
            throw XCTSkip("runs only as the child process of the fault tests above")
        }
        do {
            _ = try await KeyringSecretStore().read(CredentialReference())
            XCTFail("the keyring answered although it should not exist")
        } catch {
            XCTAssertEqual("\(error)", expected)
            XCTAssertFalse(ErrorText.sentence(error).isEmpty)
        }
    }

    private func runChild(expecting fault: String, environment: [String: String], wrapper: [String]) throws {
        var environment = environment
        environment["SWITCHYARD_KEYRING_FAULT"] = fault
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        let process = Process()
        let command = wrapper + [runner.path, "CoreTests.KeyringFaultTests/testChildReportsExpectedFault"]
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "child failed:\n\(log.suffix(2000))")
        XCTAssertTrue(log.contains("Executed 1 test, with 0 failures"), "child did not run the fault check:\n\(log.suffix(2000))")
    }
}
