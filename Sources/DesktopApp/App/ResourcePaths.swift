import CGtk
import Core
import Foundation

/// Finds the app's resources (icons) both in an installed prefix
/// (`<prefix>/bin/switchyard` → `<prefix>/share`) and in the build tree
/// (`.build/…/switchyard` → the checkout's `Resources/`).
enum ResourcePaths {
    /// Directories holding an `icons/hicolor` tree, most specific first.
    static func iconRoots(executable: URL = executableURL, environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
        var roots: [URL] = []
        if let override = environment["SWITCHYARD_RESOURCES_DIR"], !override.isEmpty {
            roots.append(URL(fileURLWithPath: override).appendingPathComponent("icons"))
        }
        let binDirectory = executable.deletingLastPathComponent()
        roots.append(binDirectory.deletingLastPathComponent().appendingPathComponent("share/icons"))
        var directory = binDirectory
        for _ in 0..<5 { // .build/<triple>/debug/switchyard is at most four levels below the checkout
            let candidate = directory.appendingPathComponent("Resources/icons")
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                roots.append(candidate)
                break
            }
            directory = directory.deletingLastPathComponent()
        }
        return roots.filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("hicolor").path) }
    }

    /// Where the compiled catalogues are: `SWITCHYARD_LOCALE_DIR`, else the installed prefix's
    /// `share/locale` when it holds ours, else the build tree's `.build/locale` (`make` compiles
    /// `po/` there); nil leaves gettext its default directory.
    static func localeDirectory(executable: URL = executableURL,
                                environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let override = environment["SWITCHYARD_LOCALE_DIR"], !override.isEmpty { return URL(fileURLWithPath: override) }
        let holdsOurs = { (directory: URL) in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).contains {
                FileManager.default.fileExists(atPath: directory.appendingPathComponent("\($0)/LC_MESSAGES/\(Translation.domain).mo").path)
            }
        }
        let binDirectory = executable.deletingLastPathComponent()
        let installed = binDirectory.deletingLastPathComponent().appendingPathComponent("share/locale")
        if holdsOurs(installed) { return installed }
        var directory = binDirectory
        for _ in 0..<5 {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                let built = directory.appendingPathComponent(".build/locale")
                return holdsOurs(built) ? built : nil
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// The spinner's image at `size` px (Tools/render-spinner.py: 16, 32, 64), if the app's icons are where
    /// it runs from.
    static func spinnerImage(size: Int, roots: [URL] = iconRoots()) -> URL? {
        roots.lazy.map { $0.appendingPathComponent("hicolor/\(size)x\(size)/status/\(AppInfo.applicationID)-working.symbolic.png") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    static var executableURL: URL {
        let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: link).standardizedFileURL
    }

    @MainActor private static var registered = false

    /// Lets GTK find the app icon wherever the app runs from. Idempotent.
    @MainActor
    static func registerIcons() {
        guard !registered else { return }
        registered = true
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else { return }
        for root in iconRoots() { gtk_icon_theme_add_search_path(theme, root.path) }
    }
}
