import Foundation
import SwitchyardTestSupport
import XCTest

/// The secrets skim (scripts/check-secrets.py) passes on the project and fails
/// on planted real-looking credentials. Planted values are built at run time so
/// this file itself stays clean.
final class SecretsSkimTests: XCTestCase {
    private let script = fixturesDirectory.deletingLastPathComponent().appendingPathComponent("scripts/check-secrets.py")

    private func skim(_ root: URL?) throws -> (Int32, String) {
        try runTool("/usr/bin/python3", [script.path] + (root.map { [$0.path] } ?? []))
    }

    func testProjectIsClean() throws {
        let (status, text) = try skim(nil)
        XCTAssertEqual(status, 0, text)
    }

    func testPlantedCredentialsAreFound() throws {
        let root = try temporaryDirectory(self)
        let fixtures = root.appendingPathComponent("Fixtures")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        let hexKey = String(repeating: "3f9a", count: 8)
        let lines = [
            "{\"apiKey\": \"" + "Zq8" + "rT5mW2" + "\"}",
            "Authorization: " + "Bearer " + "eyJhbGciOi" + "JIUzI1NiJ9",
            "https://sonarr.fixture.invalid/api/v3/series?" + "apikey=" + "k3yV4lue99",
            "key " + hexKey,
            "{\"password\": \"" + "fixture-allowed" + "\"}",
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: fixtures.appendingPathComponent("planted.json"))
        let (status, text) = try skim(root)
        XCTAssertEqual(status, 1, text)
        for label in ["credential assignment", "Authorization header", "apikey in a URL", "32-hex key"] {
            XCTAssertTrue(text.contains(label), "missed: \(label)\n\(text)")
        }
        XCTAssertFalse(text.contains(":5:"), "a fixture-prefixed fake was flagged\n\(text)")
    }
}
