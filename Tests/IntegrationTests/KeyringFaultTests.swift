@testable import Core
import Foundation
import SwitchyardTestSupport
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
            throw TestSessionRequired(description: "dbus-run-session is not installed: run `make test` (it installs it)")
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
        }
    }

    /// A keyring of its own (private D-Bus session, gnome-keyring in the foreground so its pid is known):
    /// a missing secret, a locked collection and the Secret Service vanishing mid-run.
    func testMissingSecretLockedCollectionAndVanishingKeyringMidRun() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-run-session"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/gnome-keyring-daemon") else {
            throw TestSessionRequired(description: "needs dbus-run-session and gnome-keyring: run `make test` (it installs them)")
        }
        let work = try temporaryDirectory(self)
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["DISPLAY"] = nil // no unlock prompt can appear (and wait for a person)
        environment["SWITCHYARD_KEYRING_SCENARIO"] = work.path
        environment["XDG_DATA_HOME"] = work.appendingPathComponent("data").path // the keyring's files
        environment["XDG_RUNTIME_DIR"] = work.appendingPathComponent("runtime").path
        try FileManager.default.createDirectory(at: work.appendingPathComponent("runtime"), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        let script = """
        printf switchyard-fault-keyring | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null 2>&1 &
        echo $! > "\(work.path)/keyring.pid"
        for i in $(seq 300); do secret-tool search --all probe probe >/dev/null 2>&1 && break; sleep 0.1; done
        exec "\(runner.path)" IntegrationTests.KeyringFaultTests/testChildKeyringScenario
        """
        let (_, log) = try runTool("/usr/bin/dbus-run-session", ["--", "/bin/sh", "-c", script], environment: environment)
        XCTAssertTrue(log.contains("Executed 1 test, with 0 failures"), "the keyring scenario failed:\n\(log.suffix(3000))")
        for line in log.split(separator: "\n") where line.hasPrefix("keyring scenario:") { print(line) }
    }

    /// Runs in the child only, inside its own session and keyring.
    func testChildKeyringScenario() async throws {
        guard let work = ProcessInfo.processInfo.environment["SWITCHYARD_KEYRING_SCENARIO"].map(URL.init(fileURLWithPath:)) else {
            throw XCTSkip("runs only as the child process of the keyring scenario above")
        }
        let canary = "canary-keyring-fault-5c1d"
        let secrets = KeyringSecretStore()
        let registry = ServiceRegistry(fileURL: work.appendingPathComponent("config/services.json"))
        let cacheRoot = work.appendingPathComponent("cache")
        let transport = StubTransport(routes: ["GET /api/v3/system/status": .fixture("sonarr/system-status.json"),
                                               "GET /api/v3/series": .fixture("sonarr/series.json")],
                                      fixtures: fixturesDirectory)
        func service(_ name: String) throws -> ServiceConfig {
            ServiceConfig(kind: .sonarr, displayName: name, remoteEndpoint: try Endpoint.parse("https://\(name.lowercased()).fixture.invalid"))
        }
        let stored = try service("Stored"), missing = try service("Missing")
        try await secrets.write(Credential(apiKey: canary), for: stored.credential, kind: .sonarr)
        try await registry.replaceAll([stored, missing])
        func failure(_ state: FeatureState<LibraryContent>, _ config: ServiceConfig) -> ServiceError? {
            state.value?.failures.first { $0.service.id == config.id }?.error
        }
        func works(_ state: FeatureState<LibraryContent>, _ config: ServiceConfig) -> Bool {
            (state.value?.parts.first { $0.service.id == config.id }?.value.count ?? 0) > 0
        }

        // 1. A missing secret: that service asks for credentials, the other works.
        let running = Repository(registry: registry, transport: transport, secrets: secrets, cache: ServiceCache(root: cacheRoot))
        await running.reload()
        var state = await running.library(.series, force: true)
        XCTAssertTrue(works(state, stored))
        XCTAssertEqual(failure(state, missing), .missingCredential)
        XCTAssertEqual(failure(state, missing)?.recovery, .updateCredentials)

        // 2. The collection is locked (no prompt can appear): a fresh start sees the keyring's own error.
        func secretService(_ method: String, _ argument: String) throws -> String {
            let call = Process()
            call.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
            call.arguments = ["call", "--session", "--dest", "org.freedesktop.secrets", "--object-path", "/org/freedesktop/secrets",
                              "--method", "org.freedesktop.Secret.Service.\(method)", argument]
            let out = Pipe()
            call.standardOutput = out
            try call.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            call.waitUntilExit()
            XCTAssertEqual(call.terminationStatus, 0, "\(method) failed")
            return text
        }
        // The collection the items live in: the one the "default" alias names.
        let alias = try secretService("ReadAlias", "default")
        let collection = alias.split(separator: "'").dropFirst().first.map(String.init) ?? "/org/freedesktop/secrets/collection/login"
        print("keyring scenario: default collection \(collection)")
        print("keyring scenario: lock → \(try secretService("Lock", "['\(collection)']"))")
        do {
            _ = try await secrets.read(stored.credential)
            XCTFail("a locked item read as present or absent")
        } catch {
            XCTAssertEqual(error, .locked, "a locked item must read as locked, not as missing")
        }
        state = await running.library(.series, force: true)
        XCTAssertTrue(works(state, stored), "a service already signed in stopped working when the keyring locked")
        // A fresh start (no credential in memory): each service's row says the keyring is locked.
        let afterLock = Repository(registry: registry, transport: transport, secrets: secrets, cache: nil)
        await afterLock.reload()
        var rows = await afterLock.overview(force: true).value?.rows ?? []
        let lockedRow = rows.first { $0.service.id == stored.id }
        XCTAssertEqual(lockedRow?.problem, .keyring(.locked))
        XCTAssertEqual(lockedRow?.recovery, .retry)
        print("keyring scenario: locked collection → \(lockedRow?.state.rawValue ?? "?"): \(lockedRow?.problem.map { "\($0)" } ?? "")")

        // 3. The Secret Service goes away mid-run.
        let pid = Int32(try String(contentsOf: work.appendingPathComponent("keyring.pid"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines))!
        kill(pid, SIGKILL)
        // Wait for the event, not for time: the daemon is gone (this process inherited it from the
        // shell that exec'd it, so it reaps it) and the bus has dropped its name.
        var status: Int32 = 0
        XCTAssertEqual(waitpid(pid, &status, 0), pid, "the keyring daemon was not this process's child")
        var owned = true
        for _ in 0..<300 where owned { // up to 30 s, on the slowest machine; usually the first look
            owned = try secretServiceOwned()
            if owned { usleep(100_000) }
        }
        XCTAssertFalse(owned, "the bus still names a Secret Service after its daemon died")
        state = await running.library(.series, force: true)
        XCTAssertTrue(works(state, stored), "a service already signed in stopped working when the keyring went away")
        let afterLoss = Repository(registry: registry, transport: transport, secrets: secrets, cache: nil)
        await afterLoss.reload()
        rows = await afterLoss.overview(force: true).value?.rows ?? []
        let goneRow = rows.first { $0.service.id == stored.id }
        XCTAssertEqual(goneRow?.problem, .keyring(.noSecretService), "keyring gone: not said clearly")
        XCTAssertEqual(goneRow?.recovery, .retry)
        print("keyring scenario: keyring gone → \(goneRow?.state.rawValue ?? "?"): \(goneRow?.problem.map { "\($0)" } ?? "")")
        try await registry.upsert(try service("Added"))
        do {
            try await secrets.write(Credential(apiKey: canary), for: CredentialReference(), kind: .sonarr)
            XCTFail("a secret was written with no keyring")
        } catch {
            XCTAssertEqual(error, .noSecretService, "a write with no keyring must fail as such")
        }

        // Nothing went to disk instead.
        for directory in [work.appendingPathComponent("config"), cacheRoot] {
            let files = (try? FileManager.default.subpathsOfDirectory(atPath: directory.path)) ?? []
            for file in files {
                let data = (try? Data(contentsOf: directory.appendingPathComponent(file))) ?? Data()
                XCTAssertNil(data.range(of: Data(canary.utf8)), "the secret reached \(file)")
            }
        }
    }

    /// Whether any process owns the Secret Service's name on this session bus (asking does not start one).
    private func secretServiceOwned() throws -> Bool {
        let call = Process()
        call.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        call.arguments = ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                          "--method", "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.secrets"]
        let out = Pipe()
        call.standardOutput = out
        try call.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        call.waitUntilExit()
        return text.contains("true")
    }

    private func runChild(expecting fault: String, environment: [String: String], wrapper: [String]) throws {
        var environment = environment
        environment["SWITCHYARD_KEYRING_FAULT"] = fault
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        let command = wrapper + [runner.path, "IntegrationTests.KeyringFaultTests/testChildReportsExpectedFault"]
        let (status, log) = try runTool(command[0], Array(command.dropFirst()), environment: environment)
        XCTAssertEqual(status, 0, "child failed:\n\(log.suffix(2000))")
        XCTAssertTrue(log.contains("Executed 1 test, with 0 failures"), "child did not run the fault check:\n\(log.suffix(2000))")
    }
}
