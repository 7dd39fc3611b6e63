@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// Every inspection route (light) rendered under a pseudo-translation of our catalogue — each message
/// ⟦wrapped and 40 % longer⟧ (Tools/pseudo-po.py) — then checked by Tools/pseudo-sweep-check.py:
/// every name and tooltip in the accessibility tree came through the catalogue or is the route's
/// sample data, and GTK cut none of our labels short with an ellipsis.
final class PseudoLocaleSweepTests: XCTestCase {
    func testEveryRouteSpeaksThroughTheCatalogueAndNoLabelOfOursIsCutOff() throws {
        let harness = try Harness()
        let folder = try temporaryDirectory(self)
        let catalogue = folder.appendingPathComponent("locale/xx/LC_MESSAGES")
        try FileManager.default.createDirectory(at: catalogue, withIntermediateDirectories: true)
        let pseudo = folder.appendingPathComponent("pseudo.po").path
        let made = try runTool("/usr/bin/python3", [harness.root.appendingPathComponent("Tools/pseudo-po.py").path,
                                                    harness.root.appendingPathComponent("po/switchyard.pot").path, pseudo])
        XCTAssertEqual(made.status, 0, made.output)
        let compiled = try runTool("/usr/bin/msgfmt", ["--check", "-o", catalogue.appendingPathComponent("switchyard.mo").path, pseudo])
        XCTAssertEqual(compiled.status, 0, compiled.output)

        let routes = InspectionRoute.allCases.map(\.rawValue)
        let out = folder.appendingPathComponent("captures")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // "xx" has no catalogue of GTK's: GTK's own words stay English, and the check knows them.
        let captures = try harness.inspectAll(routes, environment: [
            "SWITCHYARD_LOCALE_DIR": folder.appendingPathComponent("locale").path,
            "LANGUAGE": "xx", "LANG": "C.UTF-8", "LC_ALL": "", "A11Y_DESCRIPTIONS": "1",
        ], out: out)
        for (route, capture) in zip(routes, captures) {
            XCTAssertEqual(capture.status, 0, "\(route): inspect.sh failed: \(capture.stderr)")
            XCTAssertTrue(capture.tree.contains("⟦"), "\(route): nothing came through the pseudo-catalogue")
        }

        let check = try runTool("/usr/bin/python3", [harness.root.appendingPathComponent("Tools/pseudo-sweep-check.py").path, out.path])
        XCTAssertEqual(check.status, 0, check.output)
        XCTAssertTrue(check.output.contains("pseudo-sweep: \(routes.count) routes,"), check.output)
        // The counts for the log ("pseudo-sweep: 127 routes, … strings checked, 0 problems").
        FileHandle.standardError.write(Data((check.output.split(separator: "\n").last.map(String.init) ?? "").utf8 + [0x0A]))
    }
}
