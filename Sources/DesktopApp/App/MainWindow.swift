import CGtk
import Core
import Foundation

/// The application window: header bar with the tab switcher, a refresh button
/// and the primary menu over either the welcome page or the tabs.
@MainActor
final class MainWindow {
    let window: Widget
    private let rootStack: OpaquePointer
    private let tabStack: OpaquePointer
    private let switcher: Widget
    /// The header's title while no tabs are shown (welcome, network failure): the app's name.
    private let appTitle: Widget
    private var headerBar: Widget?
    let overview: OverviewPage
    let series: LibraryPage
    let movies: LibraryPage
    let activity: ActivityPage
    let downloads: DownloadsPage
    let calendar: CalendarPage
    private var refreshAction: OpaquePointer?
    private var welcomePage: Widget?
    private var placeholderIsWelcome = true
    /// The refresh button and Ctrl+R/F5: force-refresh the visible tab.
    var onRefresh: ((AppTab) -> Void)?
    /// The visible tab changed (the scheduler refreshes only what is on screen).
    var onTabChanged: ((AppTab) -> Void)?

    init(application: UnsafeMutablePointer<GtkApplication>, clock: Clock, posters: PosterLoader) {
        overview = OverviewPage(clock: clock)
        series = LibraryPage(media: .series, clock: clock, posters: posters)
        movies = LibraryPage(media: .movies, clock: clock, posters: posters)
        activity = ActivityPage(clock: clock)
        downloads = DownloadsPage(clock: clock)
        calendar = CalendarPage(clock: clock)
        window = gtk_application_window_new(application)
        // A throwaway profile (make demo) says so in the title.
        let profile = ProcessInfo.processInfo.environment["SWITCHYARD_PROFILE_NAME"].flatMap { $0.isEmpty ? nil : $0 }
        gtk_window_set_title(cast(window), profile.map { "\(AppInfo.name) — \($0)" } ?? AppInfo.name)
        gtk_window_set_default_size(cast(window), 1100, 720)

        let tabsWidget = gtk_stack_new()!
        tabStack = cast(tabsWidget)
        gtk_stack_set_transition_type(tabStack, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        let pageWidgets: [AppTab: Widget] = [.overview: overview.page.widget, .series: series.page.widget,
                                             .movies: movies.page.widget, .activity: activity.page.widget,
                                             .downloads: downloads.page.widget, .calendar: calendar.page.widget]
        for tab in AppTab.allCases {
            // Titles, not icons: the switcher shows text that needs no tooltip to decode.
            gtk_stack_add_titled(tabStack, pageWidgets[tab]!, tab.rawValue, Strings.title(tab))
        }

        switcher = gtk_stack_switcher_new()
        gtk_stack_switcher_set_stack(cast(switcher), tabStack)
        // The header shows one of these at a time; the window keeps both (swapped, never hidden).
        g_object_ref_sink(UnsafeMutableRawPointer(switcher))
        appTitle = UI.label(AppInfo.name, classes: ["title"])
        g_object_ref_sink(UnsafeMutableRawPointer(appTitle))

        let rootWidget = gtk_stack_new()!
        rootStack = cast(rootWidget)
        gtk_stack_set_transition_type(rootStack, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        UI.addClasses(rootWidget, ["view"]) // the content plane is opaque
        gtk_stack_add_named(rootStack, tabsWidget, "tabs")
        gtk_window_set_child(cast(window), rootWidget)

        gtk_window_set_titlebar(cast(window), makeHeaderBar())
        installActions()
        onSignal(tabsWidget, "notify::visible-child", withArgument: { [weak self] _ in
            guard let self, let tab = self.selectedTab else { return }
            self.onTabChanged?(tab)
        })
    }

    func page(_ tab: AppTab) -> FeaturePage {
        switch tab {
        case .overview: overview.page
        case .series: series.page
        case .movies: movies.page
        case .activity: activity.page
        case .downloads: downloads.page
        case .calendar: calendar.page
        }
    }

    /// Shows only the tabs for kinds of service that are configured.
    func setAvailableTabs(_ tabs: Set<AppTab>) {
        for tab in AppTab.allCases {
            let stackPage = gtk_stack_get_page(tabStack, page(tab).widget)
            gtk_stack_page_set_visible(stackPage, tabs.contains(tab) ? 1 : 0)
        }
    }

    private func makeHeaderBar() -> Widget {
        let header = gtk_header_bar_new()!
        gtk_header_bar_set_title_widget(cast(header), switcher)
        headerBar = header

        let refresh = UI.iconButton(icon: "view-refresh-symbolic", name: "Refresh",
                                    tooltip: "Refresh (Ctrl+R)", action: "win.refresh")
        gtk_header_bar_pack_start(cast(header), refresh)

        let menu = g_menu_new()!
        let settingsSection = g_menu_new()!
        g_menu_append(settingsSection, "_Settings…", "app.preferences")
        let helpSection = g_menu_new()!
        g_menu_append(helpSection, "_Keyboard Shortcuts", "win.show-help-overlay")
        g_menu_append(helpSection, "_About Switchyard", "app.about")
        g_menu_append(helpSection, "_Quit", "app.quit")
        g_menu_append_section(menu, nil, cast(settingsSection))
        g_menu_append_section(menu, nil, cast(helpSection))
        g_object_unref(cast(settingsSection))
        g_object_unref(cast(helpSection))

        let menuButton = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(cast(menuButton), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(cast(menuButton), cast(menu))
        gtk_menu_button_set_primary(cast(menuButton), 1)
        g_object_unref(cast(menu))
        UI.setAccessibleLabel(menuButton, "Main Menu")
        gtk_widget_set_tooltip_text(menuButton, "Main Menu (F10)")
        gtk_header_bar_pack_end(cast(header), menuButton)
        return header
    }

    private func installActions() {
        let refresh = g_simple_action_new("refresh", nil)!
        onSignal(refresh, "activate", withArgument: { [weak self] _ in self?.refresh() })
        g_action_map_add_action(cast(window), cast(refresh))
        refreshAction = refresh
        g_object_unref(cast(refresh))

        let find = g_simple_action_new("find", nil)!
        onSignal(find, "activate", withArgument: { [weak self] _ in
            guard let self else { return }
            switch self.selectedTab {
            case .movies?: self.movies.focusSearch()
            case .series?: self.series.focusSearch()
            default:
                self.select(.series)
                self.series.focusSearch()
            }
        })
        g_action_map_add_action(cast(window), cast(find))
        g_object_unref(cast(find))

        let showTab = g_simple_action_new("show-tab", sy_variant_type_int32())!
        onSignal(showTab, "activate", withArgument: { [weak self] parameter in
            guard let parameter, let tab = AppTab(number: Int(g_variant_get_int32(cast(parameter)))) else { return }
            self?.select(tab)
        })
        g_action_map_add_action(cast(window), cast(showTab))
        g_object_unref(cast(showTab))

        // Not gtk_application_window_set_help_overlay: that keeps a hidden window in GTK's list of
        // toplevels for the app's whole life, and GTK 4.8 answers a screen reader's question for
        // one window more than are shown with that hidden window's missing object path — a crash
        // (Documentation/Architecture.md, "GTK 4.8 accessibility rules").
        let help = g_simple_action_new("show-help-overlay", nil)!
        onSignal(help, "activate", withArgument: { [weak self] _ in self?.presentShortcuts() })
        g_action_map_add_action(cast(window), cast(help))
        g_object_unref(cast(help))
    }

    private var shortcutsWindow: Widget?

    /// Opens the Keyboard Shortcuts window (as Ctrl+? does) and returns it. It is made when
    /// asked for and destroyed when closed, never kept hidden.
    @discardableResult
    func presentShortcuts() -> Widget? {
        if let shortcutsWindow {
            gtk_window_present(cast(shortcutsWindow))
            return shortcutsWindow
        }
        guard let made = ShortcutsWindow.make() else { return nil }
        let shortcuts: Widget = cast(made)
        gtk_window_set_transient_for(cast(shortcuts), cast(window))
        gtk_window_set_modal(cast(shortcuts), 1)
        gtk_window_set_destroy_with_parent(cast(shortcuts), 1)
        gtk_window_set_hide_on_close(cast(shortcuts), 0)
        onSignal(shortcuts, "destroy") { [weak self] in self?.shortcutsWindow = nil }
        shortcutsWindow = shortcuts
        gtk_window_present(cast(shortcuts)) // in the same turn of the main loop as its creation
        return shortcuts
    }

    private func refresh() {
        if let tab = selectedTab { onRefresh?(tab) }
    }

    func select(_ tab: AppTab) {
        guard gtk_stack_get_visible_child_name(rootStack).map({ String(cString: $0) }) == "tabs" else { return }
        gtk_stack_set_visible_child_name(tabStack, tab.rawValue)
    }

    var selectedTab: AppTab? {
        gtk_stack_get_visible_child_name(tabStack).flatMap { AppTab(rawValue: String(cString: $0)) }
    }

    /// No services configured: the welcome page instead of empty tabs.
    func showWelcome() {
        showPlaceholder(StatusPage.make(icon: "network-workgroup-symbolic", title: Strings.welcomeTitle,
                                        detail: Strings.welcomeDetail, button: (Strings.addService, "app.preferences")),
                        isWelcome: true)
    }

    /// The HTTP layer did not start: say so, instead of a welcome page that would read as "nothing configured".
    func showNetworkFailure(_ reason: String) {
        showPlaceholder(StatusPage.make(icon: "network-error-symbolic", title: Strings.networkFailureTitle,
                                        detail: Strings.networkFailureDetail(reason), button: nil),
                        isWelcome: false)
    }

    /// One page instead of the tabs; the one shown before is removed (never kept hidden: GTK 4.8 exposes it).
    private func showPlaceholder(_ page: Widget, isWelcome: Bool) {
        if let welcomePage { gtk_stack_remove(rootStack, welcomePage) }
        gtk_widget_set_vexpand(page, 1)
        welcomePage = page
        placeholderIsWelcome = isWelcome
        gtk_stack_add_named(rootStack, page, "welcome")
        gtk_stack_set_visible_child_name(rootStack, "welcome")
        if let headerBar { gtk_header_bar_set_title_widget(cast(headerBar), appTitle) }
        g_simple_action_set_enabled(refreshAction, 0)
    }

    func showTabs(selected: AppTab? = nil) {
        gtk_stack_set_visible_child_name(rootStack, "tabs")
        if let selected { gtk_stack_set_visible_child_name(tabStack, selected.rawValue) }
        if let welcomePage {
            // Removed, not just hidden: GTK 4.8 exposes hidden stack children to screen readers.
            gtk_stack_remove(rootStack, welcomePage)
            self.welcomePage = nil
        }
        if let headerBar { gtk_header_bar_set_title_widget(cast(headerBar), switcher) }
        g_simple_action_set_enabled(refreshAction, 1)
    }

    var isShowingWelcome: Bool { welcomePage != nil && placeholderIsWelcome && gtk_stack_get_visible_child_name(rootStack).map { String(cString: $0) } == "welcome" }
}
