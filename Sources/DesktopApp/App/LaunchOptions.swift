import Core
import Foundation

enum Appearance: Equatable {
    case system, light, dark
}

/// Validated command-line options. Parsing of the raw strings is pure so tests
/// cover every bad input without starting GTK.
struct LaunchOptions: Equatable {
    var route: InspectionRoute?
    var appearance: Appearance = .system
    var textScale: Double = 1.0
    var screenshot: String?
    var quitAfterFirstFrame = false
    /// With a screenshot: stay open once it is saved (its accessibility tree is read next), and say
    /// so on stdout ("screenshot saved").
    var keepOpen = false

    static let textScaleRange = 0.5...4.0

    static func validate(route: String?, textScale: String?, screenshot: String?,
                         light: Bool, dark: Bool, quitAfterFirstFrame: Bool, keepOpen: Bool = false) throws(LaunchError) -> LaunchOptions {
        var options = LaunchOptions()
        if let route {
            guard let known = InspectionRoute(rawValue: route) else { throw .unknownRoute(route) }
            options.route = known
        }
        if light && dark { throw .conflictingAppearance }
        options.appearance = light ? .light : dark ? .dark : (options.route != nil ? .light : .system)
        if let textScale {
            guard let factor = Double(textScale.trimmingCharacters(in: .whitespaces)), factor.isFinite,
                  textScaleRange.contains(factor) else { throw .badTextScale(textScale) }
            options.textScale = factor
        }
        if let screenshot {
            guard options.route != nil else { throw .needsRoute("--screenshot") }
            guard !screenshot.isEmpty else { throw .emptyScreenshotPath }
            options.screenshot = screenshot
        }
        if keepOpen, options.screenshot == nil { throw .needsScreenshot("--keep-open") }
        options.keepOpen = keepOpen
        options.quitAfterFirstFrame = quitAfterFirstFrame || options.screenshot != nil
        return options
    }
}

enum LaunchError: Error, Equatable {
    case unknownRoute(String)
    case badTextScale(String)
    case conflictingAppearance
    case needsRoute(String)
    case emptyScreenshotPath
    case needsScreenshot(String)

    var message: String {
        switch self {
        case .unknownRoute(let route):
            "Unknown inspection route “\(route)”. Valid routes:\n\(InspectionRoute.listing)"
        case .badTextScale(let value):
            "--text-scale needs a number from \(LaunchOptions.textScaleRange.lowerBound) to \(LaunchOptions.textScaleRange.upperBound), not “\(value)”."
        case .conflictingAppearance:
            "Use either --light-appearance or --dark-appearance, not both."
        case .needsRoute(let flag):
            "\(flag) needs --inspection <route>. Valid routes:\n\(InspectionRoute.listing)"
        case .emptyScreenshotPath:
            "--screenshot needs a file name, e.g. --screenshot overview.png"
        case .needsScreenshot(let flag):
            "\(flag) goes with --screenshot FILE."
        }
    }
}
