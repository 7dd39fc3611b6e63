import Core

/// Which state of a tab a route shows.
enum InspectionVariant: String, CaseIterable {
    case content, loading, empty, stale, unavailable, unauthorized, disabled, partial
    case partialEmpty = "partial-empty"

    var summary: String {
        switch self {
        case .content: "with fixture content"
        case .loading: "loading"
        case .empty: "with nothing to show"
        case .stale: "showing cached content after a failed refresh"
        case .unavailable: "with every service unreachable"
        case .unauthorized: "with every service refusing its credentials"
        case .disabled: "with its services disabled"
        case .partial: "with one service failing beside working ones"
        case .partialEmpty: "with one service failing and the others having nothing to show"
        }
    }
}

/// What the window shows for a route.
enum InspectionScene: Equatable {
    case welcome
    /// The HTTP layer did not start.
    case networkFailure
    /// The tabs, `selected` showing `variant`; the other tabs show content.
    case tabs(selected: AppTab, variant: InspectionVariant)
    /// A series or movie detail page pushed over its list.
    case detail(AppTab)
    /// Every tab in the same state.
    case allTabs(InspectionVariant)
}

enum InspectionOverlay: Equatable {
    case about, shortcuts
    case settings(SettingsScene)
    /// One of a tab's scenes, as its descriptor defines it (`TabDescriptor.scenes`).
    case tab(AppTab, TabScene)
    /// The stack doctor's window: findings of several kinds, a consistent stack, or a pass that could not read everything.
    case doctor(DoctorScene)
    /// A doctor's fix asking for confirmation over the findings, with the exact request it will send.
    case doctorFixConfirm
}

/// The route table: every deterministic state `--inspection <route>` renders.
/// Routes use synthetic data only (InspectionData) — no network, no keyring, a fixed clock.
/// Names: `welcome`, `<tab>`, `<tab>.<variant>`, `series.detail`, `movies.detail`,
/// `loading` (every tab loading), `about`, `shortcuts`.
struct InspectionRoute: Hashable, CaseIterable, RawRepresentable, CustomStringConvertible {
    let rawValue: String
    let scene: InspectionScene
    let overlay: InspectionOverlay?
    let summary: String

    init?(rawValue: String) {
        guard let route = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = route
    }

    private init(_ name: String, _ scene: InspectionScene, overlay: InspectionOverlay? = nil, _ summary: String) {
        rawValue = name
        self.scene = scene
        self.overlay = overlay
        self.summary = summary
    }

    static func == (a: Self, b: Self) -> Bool { a.rawValue == b.rawValue }
    func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    var description: String { rawValue }

    var tab: AppTab {
        switch scene {
        case .welcome, .networkFailure: .overview
        case .tabs(let tab, _), .detail(let tab): tab
        case .allTabs: .overview
        }
    }

    /// Every route, from the tabs the catalog holds now (a test's tab adds its own).
    static var allCases: [InspectionRoute] {
        var routes = [InspectionRoute("welcome", .welcome, "No services configured: the welcome page"),
                      InspectionRoute("network-failure", .networkFailure, "The HTTP layer could not start: a status page, not the welcome page")]
        let tabs = TabCatalog.all
        for tab in tabs where tab.sample != nil {
            let title = tab.title()
            for variant in InspectionVariant.allCases {
                let name = variant == .content ? tab.feature.rawValue : "\(tab.feature.rawValue).\(variant.rawValue)"
                routes.append(InspectionRoute(name, .tabs(selected: tab.feature, variant: variant), "The \(title) tab \(variant.summary)"))
            }
            if let library = LibraryPresentations.of(tab.feature), library.samples != nil {
                routes.append(InspectionRoute("\(tab.feature.rawValue).detail", .detail(tab.feature), "A \(library.kind.item.name) detail page"))
            }
        }
        for tab in tabs {
            for scene in tab.scenes() {
                routes.append(InspectionRoute("\(tab.feature.rawValue).\(scene.name)",
                                              scene.onDetail ? .detail(tab.feature) : .tabs(selected: tab.feature, variant: .content),
                                              overlay: .tab(tab.feature, scene), scene.summary))
            }
        }
        routes.append(InspectionRoute("doctor.findings", .tabs(selected: .overview, variant: .content), overlay: .doctor(.findings),
                                      "The stack doctor over the Overview: an error, warnings and a notice, each with why, the fix and the evidence"))
        routes.append(InspectionRoute("doctor.healthy", .tabs(selected: .overview, variant: .content), overlay: .doctor(.healthy),
                                      "The stack doctor over the Overview on a consistent stack: no findings"))
        routes.append(InspectionRoute("doctor.incomplete", .tabs(selected: .overview, variant: .content), overlay: .doctor(.incomplete),
                                      "The stack doctor when Sonarr 4K could not be read and Radarr's remote path mappings answered 404: "
                                          + "a row with Retry for each, no claim that the stack is consistent"))
        routes.append(InspectionRoute("doctor.fix-confirm", .tabs(selected: .overview, variant: .content), overlay: .doctorFixConfirm,
                                      "A doctor's fix asking first: the request it will send to qBittorrent, Cancel the default"))
        routes.append(InspectionRoute("loading", .allTabs(.loading), "Every tab loading"))
        routes.append(InspectionRoute("about", .tabs(selected: .overview, variant: .content), overlay: .about,
                                      "The About window over the Overview tab"))
        routes.append(InspectionRoute("shortcuts", .tabs(selected: .overview, variant: .content), overlay: .shortcuts,
                                      "The Keyboard Shortcuts window over the Overview tab"))
        let settings: [(String, SettingsScene, String)] = [
            ("settings", .list, "Settings: the services list"),
            ("settings.keyring-unavailable", .keyringUnavailable, "Settings when no keyring service is running"),
            ("settings.add", .kinds, "Settings: choosing which kind of service to add"),
        ] + ServiceKind.allCases.map { ("settings.add.\($0.rawValue)", .add($0), "Settings: the empty form for a new \($0.displayName)") } + [
            ("settings.edit", .edit, "Settings: editing a service (secrets never shown)"),
            ("settings.test-success", .testSuccess, "Settings: a connection test that succeeded"),
        ] + TestFailure.allCases.map { ("settings.test-failed.\($0.rawValue)", .testFailed($0), "Settings: a connection test that failed (\($0.rawValue))") } + [
            ("settings.invalid-endpoint", .invalidEndpoint, "Settings: addresses refused as typed"),
            ("settings.remove-confirm", .removeConfirm, "Settings: confirming a service's removal"),
            ("settings.notifications", .notifications, "Settings: the switches for each kind of desktop notification"),
        ]
        for (name, scene, summary) in settings {
            routes.append(InspectionRoute(name, .tabs(selected: .overview, variant: .content), overlay: .settings(scene), summary))
        }
        return routes
    }

    /// The list `--list-inspection-routes` prints and error messages repeat.
    static var listing: String {
        let width = (allCases.map(\.rawValue.count).max() ?? 0) + 2
        return allCases.map { "  \($0.rawValue.padding(toLength: width, withPad: " ", startingAt: 0))\($0.summary)" }
            .joined(separator: "\n")
    }
}
