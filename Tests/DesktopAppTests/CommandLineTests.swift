import Core
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// The command line through the real binary: --status against a real fixture
/// server and the session keyring, and single-instance activation.
final class CommandLineTests: XCTestCase {
    private var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent()
            .appendingPathComponent(AppInfo.executable)
    }

    private func requireSession() throws {
        try requireTestSession()
        try requireBinary()
    }

    private func requireBinary() throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw TestSessionRequired(description: "no built \(AppInfo.executable) at \(binary.path): run `swift build` first")
        }
    }

    private func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (Int32, String) {
        try runTool(binary.path, arguments, environment: ProcessInfo.processInfo.environment.merging(extra) { $1 })
    }

    func testUnknownOptionsSayWhatToDo() throws {
        try requireBinary()
        let (status, text) = try run(["--frobnicate"])
        XCTAssertEqual(status, 2)
        XCTAssertEqual(text, "switchyard: unknown option --frobnicate. Run “switchyard --help” to see the options.\n")
        XCTAssertNil(CommandLineOptions.unknownOption(in: ["switchyard", "--text-scale", "2", "--inspection=overview", "--", "--x"]))
        XCTAssertEqual(CommandLineOptions.unknownOption(in: ["switchyard", "--inspection", "overview", "-z"]), "-z")
    }

    func testHelpListsEveryOption() throws {
        try requireBinary()
        let (status, text) = try run(["--help"])
        XCTAssertEqual(status, 0)
        for option in CommandLineOptions.table {
            XCTAssertTrue(text.contains("--\(option.name)"), "--help lacks --\(option.name)")
        }
    }

    func testStatusProbesConfiguredServices() async throws {
        try requireSession()
        let server = try ServerProcess(binary.deletingLastPathComponent().appendingPathComponent("switchyard-fixture-server"),
                                       ["--kind", "sonarr", "--fixtures", fixturesDirectory.path, "--api-key", "fixture-status-key"])
        defer { server.stop() }
        let port = try XCTUnwrap(server.port)

        let config = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-status-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        let registry = ServiceRegistry(fileURL: config.appendingPathComponent("switchyard/services.json"))
        let secrets = KeyringSecretStore()
        let good = ServiceConfig(kind: .sonarr, displayName: "Good Sonarr",
                                 localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"), allowPlainHTTPOnLocal: true)
        let refused = ServiceConfig(kind: .sonarr, displayName: "Refused Sonarr",
                                    localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"), allowPlainHTTPOnLocal: true)
        let off = ServiceConfig(kind: .radarr, displayName: "Idle Radarr", enabled: false,
                                remoteEndpoint: try Endpoint.parse("https://radarr.fixture.invalid"))
        for (service, key) in [(good, "fixture-status-key"), (refused, "fixture-wrong-key"), (off, "fixture-unused")] {
            try await secrets.write(Credential(apiKey: key), for: service.credential, kind: service.kind)
            try await registry.upsert(service)
        }
        defer { Task { for service in [good, refused, off] { try? await secrets.delete(service.credential) } } }

        let (status, text) = try run(["--status"], environment: ["XDG_CONFIG_HOME": config.path])
        XCTAssertEqual(status, 1, text)
        XCTAssertTrue(text.contains("3 service(s)"), text)
        XCTAssertTrue(text.contains("Good Sonarr") && text.contains("OK — Sonarr 4.0.19.2979, via local, "), text)
        XCTAssertTrue(text.contains("Refused Sonarr")
                      && text.contains("UNAUTHORIZED — The service refused the stored credentials. Check the API key or password. [update credentials]"), text)
        XCTAssertTrue(text.contains("Idle Radarr") && text.contains("disabled"), text)
        XCTAssertTrue(text.contains("Live updates: live."), "the live channel was tried once: \(text)")
        XCTAssertFalse(text.contains("fixture-status-key"), "a secret was printed")

        let (jsonStatus, json) = try run(["--status", "--json"], environment: ["XDG_CONFIG_HOME": config.path])
        XCTAssertEqual(jsonStatus, 1, json)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], json)
        XCTAssertEqual(document["schemaVersion"] as? Int, 1)
        XCTAssertEqual(document["ok"] as? Bool, false)
        let rows = try XCTUnwrap(document["services"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["name"] as? String }, ["Good Sonarr", "Refused Sonarr", "Idle Radarr"], "one row per service, in order")
        XCTAssertEqual(rows.map { $0["state"] as? String }, ["ok", "unauthorized", "disabled"])
        XCTAssertEqual(rows.map { $0["endpoint"] as? String }, ["local", nil, nil])
        XCTAssertEqual(rows.map { $0["recovery"] as? String }, [nil, "updateCredentials", "enableService"])
        XCTAssertEqual(rows[0]["version"] as? String, "4.0.19.2979")
        XCTAssertNotNil(rows[0]["latencyMs"] as? Int)
        XCTAssertEqual(Set(rows[1].keys), Set(rows[0].keys), "every key is always present")
        XCTAssertEqual((rows[0]["live"] as? [String: Any])?["state"] as? String, "live")
        XCTAssertTrue(rows[1]["live"] is NSNull, "a refused Sonarr's hub is not tried")

        // The hub goes missing behind a reverse proxy: the status says which failure it was, and why it matters.
        let control = HTTPRequest(try Endpoint.parse("http://127.0.0.1:\(port)"), path: "/__hub_fault",
                                  query: [URLQueryItem(name: "fault", value: "missing")], requestClass: .probe,
                                  schemePolicy: SchemePolicy(allowsPlainHTTP: true))
        _ = try await SoupTransport().send(control)
        let (_, failing) = try run(["--status", "--json"], environment: ["XDG_CONFIG_HOME": config.path])
        let failingRows = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(failing.utf8)) as? [String: Any])?["services"]
                                        as? [[String: Any]])
        let live = try XCTUnwrap(failingRows[0]["live"] as? [String: Any], failing)
        XCTAssertEqual(live["state"] as? String, "polling")
        XCTAssertEqual(live["reason"] as? String, "hub-not-found")
        XCTAssertTrue((live["message"] as? String)?.contains("reverse proxy") == true, failing)
        let (_, failingText) = try run(["--status"], environment: ["XDG_CONFIG_HOME": config.path])
        XCTAssertTrue(failingText.contains("Live updates: no live hub answers at this address."), failingText)
        XCTAssertFalse(json.contains("fixture-status-key") || json.contains("fixture-wrong-key"), "a secret was printed")

        // Debug logging on: the log lines go to stderr and stdout stays one JSON document.
        let debugging = Process()
        debugging.executableURL = binary
        debugging.arguments = ["--status", "--json"]
        debugging.environment = ProcessInfo.processInfo.environment.merging(["XDG_CONFIG_HOME": config.path,
                                                                              "G_MESSAGES_DEBUG": "all"]) { $1 }
        let (stdout, stderr) = try runCapturingOutput(debugging)
        XCTAssertEqual(debugging.terminationStatus, 1)
        let debugDocument = try JSONSerialization.jsonObject(with: stdout) as? [String: Any]
        XCTAssertEqual((debugDocument?["services"] as? [Any])?.count, 3, String(decoding: stdout, as: UTF8.self))
        XCTAssertTrue(String(decoding: stderr, as: UTF8.self).contains("switchyard-DEBUG"), "the debug lines went to stderr")

        let (misuse, message) = try run(["--json"])
        XCTAssertEqual(misuse, 2)
        XCTAssertTrue(message.contains("--json goes with --status"), message)

        try await registry.remove(refused.id)
        let (allGood, _) = try run(["--status"], environment: ["XDG_CONFIG_HOME": config.path])
        XCTAssertEqual(allGood, 0)
    }

    func testSecondLaunchActivatesTheRunningWindow() throws {
        try requireSession()
        let first = Process()
        first.executableURL = binary
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer { first.terminate(); first.waitUntilExit() }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let dump = Process()
        dump.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        dump.arguments = [root.appendingPathComponent("Tools/a11y-dump.py").path, "switchyard", "20"]
        let tree = Pipe()
        dump.standardOutput = tree
        try dump.run()
        _ = tree.fileHandleForReading.readDataToEndOfFile()
        dump.waitUntilExit()

        let start = Date()
        let (status, _) = try run([])
        XCTAssertEqual(status, 0)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "the second launch opened its own window")
        XCTAssertTrue(first.isRunning, "the first instance must keep running")

        let after = Process()
        after.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        after.arguments = [root.appendingPathComponent("Tools/a11y-dump.py").path, "switchyard", "20"]
        let afterTree = Pipe()
        after.standardOutput = afterTree
        try after.run()
        let text = String(decoding: afterTree.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        after.waitUntilExit()
        XCTAssertEqual(text.components(separatedBy: "[frame] 'Switchyard'").count - 1, 1, "expected one window:\n\(text)")
    }

    /// The desktop's handler for magnet links: `switchyard 'magnet:?…'` with an instance running hands the
    /// link to that instance (the second process exits, no second window) and Add Download shows its name.
    func testAMagnetLinkGoesToTheRunningInstanceAndOpensAddDownload() throws {
        try requireSession()
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-open-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: profile) }
        let environment = ProcessInfo.processInfo.environment.merging(["XDG_CONFIG_HOME": profile.path, "XDG_CACHE_HOME": profile.path]) { $1 }
        let first = Process()
        first.executableURL = binary
        first.environment = environment
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer { first.terminate(); first.waitUntilExit() }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        func tree() throws -> String {
            let dump = Process()
            dump.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            dump.arguments = [root.appendingPathComponent("Tools/a11y-dump.py").path, "switchyard", "30", String(first.processIdentifier)]
            let output = Pipe()
            dump.standardOutput = output
            try dump.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            dump.waitUntilExit()
            return text
        }
        XCTAssertTrue(try tree().contains("[frame] 'Switchyard'"), "the first instance is up")

        let magnet = "magnet:?xt=urn:btih:a9993e364706816aba3e25717850c26c9cd0d89d&dn=Fixture+Handler"
        let (status, output) = try run([magnet], environment: ["XDG_CONFIG_HOME": profile.path, "XDG_CACHE_HOME": profile.path])
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(first.isRunning, "the first instance keeps running")
        var text = ""
        for _ in 0..<20 { // the dialog opens once the instance has read its configuration
            text = try tree()
            if text.contains("[frame] 'Add Download'") { break }
        }
        XCTAssertTrue(text.contains("[frame] 'Add Download'"), text)
        XCTAssertTrue(text.contains("[label] 'Fixture Handler (magnet link)'"), text)
        XCTAssertEqual(text.components(separatedBy: "[frame] 'Switchyard'").count - 1, 1, "one window")

        // A .torrent file given the same way joins the open dialog.
        let torrent = profile.appendingPathComponent("Fixture.Handler.File.torrent")
        try Data("d4:infod6:lengthi1e4:name1:x12:piece lengthi16384e6:pieces20:xxxxxxxxxxxxxxxxxxxxee".utf8).write(to: torrent)
        let (fileStatus, fileOutput) = try run([torrent.path], environment: ["XDG_CONFIG_HOME": profile.path, "XDG_CACHE_HOME": profile.path])
        XCTAssertEqual(fileStatus, 0, fileOutput)
        for _ in 0..<20 {
            text = try tree()
            if text.contains("Fixture.Handler.File.torrent") { break }
        }
        XCTAssertTrue(text.contains("[label] 'Fixture.Handler.File.torrent (torrent file)'"), text)
        XCTAssertEqual(text.components(separatedBy: "[frame] 'Add Download'").count - 1, 1, "the same dialog, not a second one")
    }
}

extension CommandLineTests {
    /// `--doctor` against the fixture Sonarr: its settings read and checked — the offline root folder (an
    /// error: exit 1), a download client that is no service configured here, the indexer health check —
    /// in words and as JSON with the documented keys; no key printed.
    func testDoctorReadsTheSeamsAndSaysWhatIsWrong() async throws {
        try requireSession()
        let server = try ServerProcess(binary.deletingLastPathComponent().appendingPathComponent("switchyard-fixture-server"),
                                       ["--kind", "sonarr", "--fixtures", fixturesDirectory.path, "--api-key", "fixture-doctor-key"])
        defer { server.stop() }
        let port = try XCTUnwrap(server.port)
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-doctor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        let registry = ServiceRegistry(fileURL: config.appendingPathComponent("switchyard/services.json"))
        let secrets = KeyringSecretStore()
        let sonarr = ServiceConfig(kind: .sonarr, displayName: "Fixture Sonarr",
                                   localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"), allowPlainHTTPOnLocal: true)
        try await secrets.write(Credential(apiKey: "fixture-doctor-key"), for: sonarr.credential, kind: .sonarr)
        try await registry.upsert(sonarr)
        defer { Task { try? await secrets.delete(sonarr.credential) } }

        let (status, text) = try run(["--doctor"], environment: ["XDG_CONFIG_HOME": config.path])
        XCTAssertEqual(status, 1, text)
        XCTAssertTrue(text.contains("ERROR: Fixture Sonarr's root folder /mnt/fixture-offline/tv is missing or not accessible."), text)
        XCTAssertTrue(text.contains("“Fixture qBittorrent” (QBittorrent at qbittorrent.fixture.invalid:8080), which is none of the services set up here"), text)
        XCTAssertTrue(text.contains("Fixture Sonarr reports a problem with its indexers"), text)
        let (jsonStatus, json) = try run(["--doctor", "--json"], environment: ["XDG_CONFIG_HOME": config.path])
        XCTAssertEqual(jsonStatus, 1)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(document["schemaVersion"] as? Int, 1)
        XCTAssertEqual(document["ok"] as? Bool, false)
        let findings = try XCTUnwrap(document["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.compactMap { $0["check"] as? String }.sorted(),
                       ["clientNotConfigured", "clientNotConfigured", "indexersFailing", "rootFolderMissing"])
        XCTAssertEqual(findings.first?["severity"] as? String, "error", "errors first")
        for finding in findings {
            for key in ["check", "severity", "certainty", "orchestrator", "client", "evidence", "summary", "why", "fix", "offeredFix"] {
                XCTAssertNotNil(finding[key], "\(key) missing")
            }
        }
        XCTAssertFalse(text.contains("fixture-doctor-key") || json.contains("fixture-doctor-key"), "a secret was printed")
    }

    /// `--doctor` when Sonarr's and Radarr's download-client lists answer 404 (and later their root folders 500): the
    /// first line counts what was read in full, each missing read is named, `ok` is false with the services named —
    /// and with no error finding left to report, the exit status is 3, not 0.
    func testDoctorNeverCallsAStackItCouldNotReadHealthy() async throws {
        try requireSession()
        let key = "fixture-doctor-key"
        let sonarr = try ServarrFixtureServer(kind: "sonarr", key: key)
        let radarr = try ServarrFixtureServer(kind: "radarr", key: key)
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-doctor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        let registry = ServiceRegistry(fileURL: config.appendingPathComponent("switchyard/services.json"))
        let secrets = KeyringSecretStore()
        var stored: [ServiceConfig] = []
        for (kind, name, server) in [(ServiceKind.sonarr, "Fixture Sonarr", sonarr), (.radarr, "Fixture Radarr", radarr)] {
            let service = ServiceConfig(kind: kind, displayName: name, localEndpoint: try Endpoint.parse("http://127.0.0.1:\(server.port)"),
                                        allowPlainHTTPOnLocal: true)
            try await secrets.write(Credential(apiKey: key), for: service.credential, kind: kind)
            try await registry.upsert(service)
            stored.append(service)
        }
        let credentials = stored.map(\.credential)
        defer { Task { for credential in credentials { try? await secrets.delete(credential) } } }
        let control = try SoupTransport()
        for server in [sonarr, radarr] { try await server.setFault("404", on: "/api/v3/downloadclient", via: control) }

        let (status, text) = try run(["--doctor"], environment: ["XDG_CONFIG_HOME": config.path])
        XCTAssertEqual(status, 1, "an offline root folder is still an error: \(text)")
        XCTAssertTrue(text.contains("stack doctor: Read in full: 0 of 2 orchestrators, 0 of 0 download clients."), text)
        XCTAssertTrue(text.contains("Could not read the download clients of Fixture Sonarr: The service refused the request: NotFound"), text)
        XCTAssertTrue(text.contains("Could not read the download clients of Fixture Radarr: The service refused the request: NotFound"), text)

        for server in [sonarr, radarr] { try await server.setFault("500", on: "/api/v3/rootfolder", via: control) }
        let (quiet, words) = try run(["--doctor"], environment: ["XDG_CONFIG_HOME": config.path])
        XCTAssertEqual(quiet, 3, "no error found, but the stack was not read: never 0. \(words)")
        XCTAssertFalse(words.contains("No problems found between your services"), words)
        let (jsonStatus, json) = try run(["--doctor", "--json"], environment: ["XDG_CONFIG_HOME": config.path])
        XCTAssertEqual(jsonStatus, 3)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(document["ok"] as? Bool, false)
        XCTAssertEqual(document["complete"] as? Bool, false)
        XCTAssertEqual((document["notCheckedInFull"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["Fixture Sonarr", "Fixture Radarr"])
        let services = try XCTUnwrap(document["services"] as? [[String: Any]])
        XCTAssertEqual(services.map { $0["read"] as? Bool }, [false, false])
        XCTAssertEqual(services.first.flatMap { ($0["unread"] as? [[String: Any]])?.compactMap { $0["part"] as? String } }, ["downloadClients", "rootFolders"])

        for server in [sonarr, radarr] {
            try await server.setFault("none", on: "/api/v3/downloadclient", via: control)
            try await server.setFault("none", on: "/api/v3/rootfolder", via: control)
        }
        let (_, whole) = try run(["--doctor"], environment: ["XDG_CONFIG_HOME": config.path])
        XCTAssertTrue(whole.contains("stack doctor: 2 orchestrators and 0 download clients read."), whole)
    }
}
