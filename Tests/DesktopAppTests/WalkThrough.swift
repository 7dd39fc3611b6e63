import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// An AT-SPI walk-through (a Tools/*-ui-check.py driver) against the real binary: a fresh profile
/// whose registry holds `services` and whose credentials are in the session's real keyring, the app
/// started as a user starts it, the driver given its pid and `driverEnvironment`. What the driver saw
/// (its JSON), and the app's log; a driver that failed fails the calling test with both.
struct WalkThrough {
    let seen: [String: Any]
    let log: String

    /// GTK's warnings and criticals in the app's log.
    var warnings: [Substring] { log.split(separator: "\n").filter { $0.contains("-CRITICAL") || $0.contains("-WARNING") } }

    init(_ driverScript: String, arguments: [String] = [], services: [(config: ServiceConfig, credential: Credential)], driverEnvironment: [String: String],
         file: StaticString = #filePath, line: UInt = #line) throws {
        let harness = try Harness()
        let environment = ProcessInfo.processInfo.environment
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-walk-\(UUID().uuidString)")
        let configHome = profile.appendingPathComponent("config"), cacheHome = profile.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: configHome, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: cacheHome, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: profile) }
        let registry = ServiceRegistry(fileURL: configHome.appendingPathComponent("switchyard/services.json"))
        let keyring = KeyringSecretStore()
        for (config, credential) in services {
            try waitFor { try await registry.upsert(config) }
            try waitFor { try await keyring.write(credential, for: config.credential, kind: config.kind) }
        }
        defer { for (config, _) in services { try? waitFor { try await keyring.delete(config.credential) } } }

        let stderrFile = profile.appendingPathComponent("switchyard.stderr")
        FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        let app = Process()
        app.executableURL = harness.binary
        var appEnvironment = environment
        appEnvironment["XDG_CONFIG_HOME"] = configHome.path
        appEnvironment["XDG_CACHE_HOME"] = cacheHome.path
        app.environment = appEnvironment
        app.standardError = try FileHandle(forWritingTo: stderrFile)
        app.standardOutput = app.standardError
        try app.run()
        defer { if app.isRunning { app.terminate() }; app.waitUntilExit() }

        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        driver.arguments = [harness.root.appendingPathComponent(driverScript).path] + arguments
        driver.environment = environment.merging(driverEnvironment) { $1 }.merging(["SY_APP_PID": String(app.processIdentifier)]) { $1 }
        let (output, errors) = try runCapturingOutput(driver)
        seen = (try? JSONSerialization.jsonObject(with: output) as? [String: Any]) ?? [:]
        log = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
        XCTAssertEqual(driver.terminationStatus, 0, "the walk-through failed: \(String(decoding: errors, as: UTF8.self))\nseen: \(seen)\napp: \(log)",
                       file: file, line: line)
    }
}
