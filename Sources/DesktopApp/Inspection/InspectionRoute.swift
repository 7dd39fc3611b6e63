import Core

/// What the window shows for a route: the welcome state, or the tabs with a
/// given tab selected and each tab in a given state.
enum InspectionScene: Equatable {
    case welcome
    case tabs(selected: AppTab, states: [AppTab: PagePresentation])
}

enum InspectionOverlay {
    case about, shortcuts
}

/// The route table: every deterministic state `--inspection <route>` renders.
/// Routes use synthetic data only — no network, no keyring, a fixed clock.
enum InspectionRoute: String, CaseIterable {
    case welcome
    case overview
    case series
    case movies
    case activity
    case downloads
    case calendar
    case loading
    case unauthorized
    case unavailable
    case about
    case shortcuts

    var summary: String {
        switch self {
        case .welcome: "No services configured: the welcome page"
        case .overview, .series, .movies, .activity, .downloads, .calendar:
            "The \(Strings.title(tab)) tab with no items"
        case .loading: "Every tab loading"
        case .unauthorized: "The Overview tab after the service refused its credentials"
        case .unavailable: "The Overview tab with its service unreachable"
        case .about: "The About window over the Overview tab"
        case .shortcuts: "The Keyboard Shortcuts window over the Overview tab"
        }
    }

    var tab: AppTab {
        AppTab(rawValue: rawValue) ?? .overview
    }

    var scene: InspectionScene {
        switch self {
        case .welcome:
            return .welcome
        case .overview, .series, .movies, .activity, .downloads, .calendar, .about, .shortcuts:
            return .tabs(selected: tab, states: Self.allTabs(.empty))
        case .loading:
            return .tabs(selected: .overview, states: Self.allTabs(.loading))
        case .unauthorized:
            var states = Self.allTabs(.empty)
            states[.overview] = .unauthorized
            return .tabs(selected: .overview, states: states)
        case .unavailable:
            var states = Self.allTabs(.empty)
            states[.overview] = .unavailable(.retry)
            return .tabs(selected: .overview, states: states)
        }
    }

    /// A window shown over the main window; screenshots capture it instead.
    var overlay: InspectionOverlay? {
        switch self {
        case .about: .about
        case .shortcuts: .shortcuts
        default: nil
        }
    }

    private static func allTabs(_ presentation: PagePresentation) -> [AppTab: PagePresentation] {
        Dictionary(uniqueKeysWithValues: AppTab.allCases.map { ($0, presentation) })
    }

    /// The list `--list-inspection-routes` prints and error messages repeat.
    static var listing: String {
        allCases.map { "  \($0.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0))\($0.summary)" }
            .joined(separator: "\n")
    }
}
