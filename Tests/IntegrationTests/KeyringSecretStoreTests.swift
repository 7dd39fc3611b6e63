@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Against the real gnome-keyring that `make test` starts in its D-Bus session.
final class KeyringSecretStoreTests: XCTestCase {
    private let store = KeyringSecretStore()

    override func setUpWithError() throws {
        try requireTestSession()
    }

    func testRoundTripWithEveryField() async throws {
        let account = CredentialReference()
        let credential = Credential(apiKey: "fixture-api-key", username: "fixture-user", password: "fixture-pass",
                                    extraHeaders: ["X-Gateway-Token": "fixture-gateway"])
        try await store.write(credential, for: account, kind: .sonarr)
        let read = try await store.read(account)
        XCTAssertEqual(read, credential)
        try await store.delete(account)
        let gone = try await store.read(account)
        XCTAssertNil(gone)
    }

    func testWritingFewerFieldsRemovesTheOthers() async throws {
        let account = CredentialReference()
        try await store.write(Credential(username: "fixture-user", password: "fixture-pass",
                                         extraHeaders: ["X-A": "fixture-a"]), for: account, kind: .qbittorrent)
        try await store.write(Credential(password: "fixture-new"), for: account, kind: .qbittorrent)
        let read = try await store.read(account)
        XCTAssertEqual(read, Credential(password: "fixture-new"))
        try await store.delete(account)
    }

    func testAccountsAreIsolatedAndDeletingNothingIsFine() async throws {
        let first = CredentialReference(), second = CredentialReference()
        try await store.write(Credential(apiKey: "fixture-one"), for: first, kind: .radarr)
        try await store.write(Credential(apiKey: "fixture-two"), for: second, kind: .radarr)
        try await store.delete(first)
        let firstRead = try await store.read(first)
        let secondRead = try await store.read(second)
        XCTAssertNil(firstRead)
        XCTAssertEqual(secondRead?.apiKey, "fixture-two")
        try await store.delete(second)
        try await store.delete(second)
    }

    /// The documented schema lets a user read and provision items with secret-tool.
    func testItemsAreReachableWithSecretToolByTheDocumentedAttributes() async throws {
        let account = CredentialReference()
        try await store.write(Credential(apiKey: "fixture-visible"), for: account, kind: .sonarr)
        let looked = try secretTool(["lookup", "xdg:schema", "app.switchyard.Switchyard.Credential",
                                     "account", account.description, "field", "api-key"])
        XCTAssertEqual(looked, "fixture-visible")
        let search = try secretTool(["search", "--all", "account", account.description])
        XCTAssertTrue(search.contains("attribute.kind = sonarr"), search)
        XCTAssertTrue(search.contains("attribute.schema-version = 1"), search)

        let provisioned = CredentialReference()
        _ = try secretTool(["store", "--label=Provisioned by hand", "xdg:schema", "app.switchyard.Switchyard.Credential",
                            "account", provisioned.description, "kind", "radarr", "field", "api-key",
                            "schema-version", "1"], input: "fixture-provisioned")
        let read = try await store.read(provisioned)
        XCTAssertEqual(read?.apiKey, "fixture-provisioned")
        try await store.delete(account)
        try await store.delete(provisioned)
    }

    /// Gateway headers that do not read back (edited by hand, another program's item) are reported,
    /// never read as "no headers" — without them the gateway answers with its sign-in page.
    func testUnreadableGatewayHeadersAreReportedNotDropped() async throws {
        let account = CredentialReference()
        try await store.write(Credential(apiKey: "fixture-key"), for: account, kind: .sonarr)
        _ = try secretTool(["store", "--label=Corrupted by hand", "xdg:schema", "app.switchyard.Switchyard.Credential",
                            "account", account.description, "kind", "sonarr", "field", "extra-headers",
                            "schema-version", "1"], input: "not json at all")
        do {
            _ = try await store.read(account)
            XCTFail("corrupt gateway headers were read as a credential")
        } catch {
            XCTAssertEqual(error, .unreadable(field: "extra-headers"))
        }
        try await store.delete(account)
    }

    private func secretTool(_ arguments: [String], input: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/secret-tool")
        process.arguments = arguments
        let output = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

final class SecretErrorClassificationTests: XCTestCase {
    /// The messages libsecret is known to produce (GTK-SWIFT-FACTS) → distinct errors.
    func testKnownKeyringFailuresAreDistinct() {
        XCTAssertEqual(KeyringSecretStore.classify("Error spawning command line “dbus-launch --autolaunch=…”: Child process exited with code 1"), .noSessionBus)
        XCTAssertEqual(KeyringSecretStore.classify("Cannot autolaunch D-Bus without X11 $DISPLAY"), .noSessionBus)
        XCTAssertEqual(KeyringSecretStore.classify("Could not connect: No such file or directory"), .noSessionBus)
        XCTAssertEqual(KeyringSecretStore.classify("The name org.freedesktop.secrets was not provided by any .service files"), .noSecretService)
        // A write after the keyring daemon died mid-run: its session went with it.
        XCTAssertEqual(KeyringSecretStore.classify("The session wrapping the secret does not exist"), .noSecretService)
        XCTAssertEqual(KeyringSecretStore.classify("Object does not exist at path “/org/freedesktop/secrets/collection/login”"), .noCollection)
        XCTAssertEqual(KeyringSecretStore.classify("Cannot create an item in a locked collection"), .locked)
        XCTAssertEqual(KeyringSecretStore.classify("The prompt was dismissed"), .dismissed)
        XCTAssertEqual(KeyringSecretStore.classify("Something else"), .failed("Something else"))
    }
}
