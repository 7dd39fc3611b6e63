@testable import DesktopApp
import Foundation
import XCTest

final class ResourcePathsTests: XCTestCase {
    func testIconsAreFoundInTheBuildTree() {
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let executable = checkout.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/switchyard")
        XCTAssertEqual(ResourcePaths.iconRoots(executable: executable, environment: [:]).map(\.standardizedFileURL.path),
                       [checkout.appendingPathComponent("Resources/icons").path])
    }

    func testIconsAreFoundBesideAnInstalledBinary() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share/icons/hicolor"), withIntermediateDirectories: true)
        let roots = ResourcePaths.iconRoots(executable: prefix.appendingPathComponent("bin/switchyard"), environment: [:])
        XCTAssertEqual(roots.map(\.path), [prefix.appendingPathComponent("share/icons").path])
    }
}
