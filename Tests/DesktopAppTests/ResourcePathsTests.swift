import CGtk
import Core
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
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

    /// The spinners' images (see `InspectionRoutesTests.testASpinnerOnScreenLoadsNoSVGRenderer`): found in
    /// the build tree at each size, PNGs named as GTK's symbolic PNGs are (it recolours those as they are,
    /// reading the shape from the alpha channel: 8-bit RGBA), of their size; none in an icon root
    /// without them, and then the theme's spinner stays.
    func testTheSpinnerImagesAreSymbolicPNGsOfTheirSize() throws {
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for size in [16, 32, 64] {
            let image = try XCTUnwrap(ResourcePaths.spinnerImage(size: size, roots: [checkout.appendingPathComponent("Resources/icons")]))
            XCTAssertTrue(image.isFileURL)
            XCTAssertTrue(image.lastPathComponent.hasSuffix(".symbolic.png"), image.path)
            let bytes = [UInt8](try Data(contentsOf: image))
            XCTAssertEqual(Array(bytes.prefix(16)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
            let big = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            XCTAssertEqual([big(16), big(20), Int(bytes[24]), Int(bytes[25])], [size, size, 8, 6], "\(size): width, height, depth, RGBA")
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-icons-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("hicolor/16x16/apps"), withIntermediateDirectories: true)
        XCTAssertNil(ResourcePaths.spinnerImage(size: 16, roots: [root]))
    }

    /// GTK sets the X11 window icon from each size of the app icon, rendering an SVG through librsvg
    /// (librsvg and libxml2: ~7 MB resident, for a 48 px icon). The sizes it asks for are PNGs.
    func testTheWindowIconSizesArePNGsSoLibrsvgIsNeverLoaded() throws {
        try requireTestSession()
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        MainActor.assumeIsolated {
            gtk_init()
            let theme = gtk_icon_theme_new()!
            defer { g_object_unref(UnsafeMutableRawPointer(theme)) }
            gtk_icon_theme_add_search_path(theme, checkout.appendingPathComponent("Resources/icons").path)
            var sizes: [Int32] = []
            if let list = gtk_icon_theme_get_icon_sizes(theme, AppInfo.applicationID) {
                var index = 0
                while list[index] != 0 { sizes.append(list[index]); index += 1 }
                g_free(list)
            }
            XCTAssertTrue(sizes.contains(-1), "the SVG stays for what scales (the desktop's app grid)")
            // What gtkwindow.c's icon_list_from_theme asks for: each size, and 48 for the scalable one.
            for size in sizes.map({ $0 == -1 ? 48 : $0 }) + [16, 32, 48] {
                let icon = gtk_icon_theme_lookup_icon(theme, AppInfo.applicationID, nil, size, 1, GTK_TEXT_DIR_NONE, GtkIconLookupFlags(0))!
                defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
                let file = gtk_icon_paintable_get_file(icon)
                let path = file.flatMap { g_file_get_path($0) }.map { String(cString: $0) } ?? "(none)"
                if let file { g_object_unref(UnsafeMutableRawPointer(file)) }
                XCTAssertTrue(path.hasSuffix("/\(size)x\(size)/apps/\(AppInfo.applicationID).png"), "size \(size): \(path)")
            }
        }
    }
}
