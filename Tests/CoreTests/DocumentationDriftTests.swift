@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Lists written by hand that must name every kind the app knows: the configuration reference, the README's
/// service list, the desktop entry's keywords and the AppStream description, and the structure check's kind
/// names (a kind check that names a kind missing there would pass unseen).
final class DocumentationDriftTests: XCTestCase {
    private func text(_ path: String) throws -> String {
        try String(contentsOf: projectDirectory.appendingPathComponent(path), encoding: .utf8)
    }

    /// The built-in kinds `document` leaves out: by persisted name in backticks (`by: .rawName`) or by the names people
    /// know them by (`by: .displayName`: "Jellyseerr / Overseerr" needs both names).
    enum Naming { case rawName, displayName, structureCheck }

    static func missing(from document: String, by naming: Naming) -> [String] {
        ServiceCatalog.builtIn.filter { descriptor in
            switch naming {
            case .rawName: return !document.contains("`\(descriptor.kind.rawValue)`")
            case .displayName:
                return !descriptor.displayName.components(separatedBy: " / ").allSatisfy { document.contains($0) }
            case .structureCheck:
                guard let line = document.split(separator: "\n").first(where: { $0.hasPrefix("kinds=") }) else { return true }
                return !line.dropFirst(6).trimmingCharacters(in: CharacterSet(charactersIn: "'\"")).split(separator: "|")
                    .contains { $0 == descriptor.kind.rawValue }
            }
        }.map(\.kind.rawValue)
    }

    func testEveryHandWrittenListNamesEveryKind() throws {
        XCTAssertEqual(Self.missing(from: try text("Documentation/Configuration.md"), by: .rawName), [], "Configuration.md's kinds")
        let readme = try text("README.md")
        let serviceList = String(readme[..<(readme.range(of: "## Requirements")?.lowerBound ?? readme.endIndex)])
        XCTAssertEqual(Self.missing(from: serviceList, by: .displayName), [], "the README's opening service list")
        let desktop = try text("Resources/app.switchyard.Switchyard.desktop")
        let keywords = desktop.split(separator: "\n").first { $0.hasPrefix("Keywords=") }.map(String.init) ?? ""
        XCTAssertEqual(Self.missing(from: keywords, by: .displayName), [], "the desktop entry's Keywords")
        XCTAssertEqual(Self.missing(from: try text("Resources/app.switchyard.Switchyard.metainfo.xml"), by: .displayName), [],
                       "the AppStream description")
        let structure = try text("scripts/check-structure.sh")
        XCTAssertEqual(Self.missing(from: structure, by: .structureCheck), [], "check-structure.sh's kind names")
        let libraries = structure.split(separator: "\n").first { $0.hasPrefix("libraries=") } ?? ""
        for kind in ServiceCatalog.builtIn.compactMap(\.library) {
            XCTAssertTrue(libraries.split(whereSeparator: { "'|=".contains($0) }).contains { $0 == kind.id.rawValue },
                          "check-structure.sh's library kind names lack \(kind.id)")
        }
    }

    /// The check fails, naming the kind, when a list leaves one out.
    func testAListThatLeavesAKindOutIsCaught() throws {
        let configuration = try text("Documentation/Configuration.md").replacingOccurrences(of: "`rtorrent`", with: "`r-torrent`")
        XCTAssertEqual(Self.missing(from: configuration, by: .rawName), ["rtorrent"])
        let readme = try text("README.md").replacingOccurrences(of: "Overseerr", with: "the other one")
        XCTAssertEqual(Self.missing(from: readme, by: .displayName), ["jellyseerr"])
        let structure = try text("scripts/check-structure.sh").replacingOccurrences(of: "|lidarr|", with: "|")
        XCTAssertEqual(Self.missing(from: structure, by: .structureCheck), ["lidarr"])
        XCTAssertEqual(Self.missing(from: "", by: .structureCheck), ServiceCatalog.builtIn.map(\.kind.rawValue))
    }
}
