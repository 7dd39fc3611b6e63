@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// The application's preferences file: defaults when missing or unreadable, a switch saved and read back.
final class PreferencesTests: XCTestCase {
    func testDefaultsSaveAndReadBack() async throws {
        let file = PreferencesFile(fileURL: try temporaryDirectory(self).appendingPathComponent("switchyard/preferences.json"))
        let defaults = await file.load()
        XCTAssertTrue(NotificationPlanner.Kind.allCases.allSatisfy(defaults.notifies), "every notification on by default")
        var changed = defaults
        changed.set(.health, false)
        try await file.save(changed)
        let read = await file.load()
        XCTAssertFalse(read.notifies(.health))
        XCTAssertTrue(read.notifies(.finished))
        let text = try String(contentsOf: file.fileURL, encoding: .utf8)
        XCTAssertTrue(text.contains("\"schemaVersion\" : 1"), text)

        try Data("{\"schemaVersion\": 1, \"notifications\": \"garbage\", \"future\": true}".utf8).write(to: file.fileURL)
        let garbled = await file.load()
        XCTAssertTrue(garbled.notifies(.health), "an unreadable field reads as its default")
    }
}
