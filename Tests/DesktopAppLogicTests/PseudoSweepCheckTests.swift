import Foundation
import SwitchyardTestSupport
import XCTest

/// Tools/pseudo-sweep-check.py, on captures written by hand: it passes marked messages, sample data,
/// locale-made dates and GTK's own words, and fails English outside the catalogue and our labels cut off.
final class PseudoSweepCheckTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func check(tree: String, ellipsized: String) throws -> (status: Int32, output: String) {
        let folder = try temporaryDirectory(self)
        try tree.write(to: folder.appendingPathComponent("route.a11y.txt"), atomically: true, encoding: .utf8)
        try ellipsized.write(to: folder.appendingPathComponent("route.ellipsized.txt"), atomically: true, encoding: .utf8)
        return try runTool("/usr/bin/python3", [root.appendingPathComponent("Tools/pseudo-sweep-check.py").path, folder.path])
    }

    func testMarkedMessagesDataDatesAndGTKsOwnWordsPass() throws {
        let tree = """
        [application] 'switchyard' {}
          [frame] 'Switchyard' {showing,visible,sensitive}
            [push button] 'Minimize' {visible,sensitive,focusable} desc='Minimize the window'
            [label] '2024 · ⟦Continuing····⟧ · ⟦⟦7 of 10 episodes···⟧⟧ · Fixture Network' {visible,sensitive}
            [label] 'Placeholder.Bay.S02E02.1080p.WEB-DL' {visible,sensitive}
            [label] '18.4 GB' {visible,sensitive}
            [label] 'Sunday, 23 November' {visible,sensitive}
            [push button] '⟦Pause··⟧' {visible,sensitive,focusable} desc='⟦Pause the selected transfers······⟧'
        """
        let result = try check(tree: tree, ellipsized: "Placeholder.Bay.S02E02.1080p.WEB-DL\n")
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("1 routes, 8 strings checked, 0 problems"), result.output)
    }

    func testEnglishOutsideTheCatalogueAndOurLabelsCutOffFail() throws {
        let tree = """
        [application] 'switchyard' {}
          [frame] 'Switchyard' {showing,visible,sensitive}
            [label] 'ETA' {visible,sensitive}
            [label] '⟦Seeding··⟧ · waiting for peers' {visible,sensitive}
            [push button] '⟦Pause··⟧' {visible,sensitive,focusable} desc='Pause the selected transfers'
        """
        let result = try check(tree: tree, ellipsized: "⟦Filter transfers······⟧\n")
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.output.contains("name 'ETA' has English outside the catalogue"), result.output)
        XCTAssertTrue(result.output.contains("['waiting for peers']"), result.output)
        XCTAssertTrue(result.output.contains("description 'Pause the selected transfers'"), result.output)
        XCTAssertTrue(result.output.contains("cut off with an ellipsis: '⟦Filter transfers······⟧'"), result.output)
        XCTAssertTrue(result.output.contains("4 problems"), result.output)
    }
}
