import CGtk
import Core
import Foundation

/// The application window: header bar with the tab switcher, a refresh button
/// and the primary menu over either the welcome page or the tabs.
@MainActor
final class MainWindow {
    /// The GtkApplicationWindow.
    let toplevel: Window
    /// The window as a bare widget, for code that takes any widget.
    var window: Widget { toplevel.widget }
    private let rootStack: Stack
    private let tabStack: Stack
    private let switcher: StackSwitcher
    /// The header's title while no tabs are shown (welcome, network failure): the app's name.
    private let appTitle: Label
    private var headerBar: HeaderBar?
    /// The tabs' pages, one slot per tab of `TabCatalog`: each page is made when its tab is first shown
    /// or something must act on it (`TabSlot`). A tab's typed accessors live beside its page
    /// (`window.downloads`, in `DownloadsTab.swift`).
    private let slots: [AppTab: any AnyTabSlot]
    /// One library tab per library kind.
    let librarySlots: [Feature: TabSlot<LibraryPage>]
    /// A library tab's page (made now if it was not yet); nil for the other tabs.
    func library(_ tab: AppTab) -> LibraryPage? { librarySlots[tab]?.page }

    /// `feature`'s slot, whatever its page.
    func anySlot(_ feature: AppTab) -> (any AnyTabSlot)? { slots[feature] }

    /// `feature`'s slot with its page's type (a built-in tab's accessors; a test's tab).
    func slot<Page: AnyObject>(_ feature: AppTab, as type: Page.Type = Page.self) -> TabSlot<Page>? {
        slots[feature] as? TabSlot<Page>
    }

    /// A built-in tab's slot: every window has one (its descriptor is in `TabCatalog.builtIn`).
    func builtIn<Page: AnyObject>(_ feature: AppTab, as type: Page.Type = Page.self) -> TabSlot<Page> {
        guard let slot: TabSlot<Page> = slot(feature) else { preconditionFailure("no \(feature) tab of \(Page.self) in this window") }
        return slot
    }
    /// The window's actions (`win.refresh`, `win.find`, `win.show-tab`, `win.show-help-overlay`).
    private let actions: Actions
    private var welcomePage: (any WidgetRef)?
    private var placeholderIsWelcome = true
    /// The refresh button and Ctrl+R/F5: force-refresh the visible tab.
    var onRefresh: ((AppTab) -> Void)?
    /// The visible tab changed (the scheduler refreshes only what is on screen).
    var onTabChanged: ((AppTab) -> Void)?
    /// Add Download… (Ctrl+O, the Downloads page's button, or files and links dropped on the window).
    var onAddDownload: (([AddCandidates.Candidate]) -> Void)?
    /// Add Series / Add Movie (Ctrl+N: a library tab adds its kind, any other tab the first library kind).
    var onAddToLibrary: ((LibraryKind.ID) -> Void)?

    init(application: Application, clock: Clock, posters: PosterLoader) {
        let environment = TabEnvironment(clock: clock, posters: posters)
        let tabs = TabCatalog.all
        slots = Dictionary(tabs.map { ($0.feature, $0.makeSlot(environment)) }, uniquingKeysWith: { first, _ in first })
        librarySlots = slots.compactMapValues { $0 as? TabSlot<LibraryPage> }
        toplevel = Window(application: application.gtkApplication)
        actions = Actions(on: toplevel.widget)
        // A throwaway profile (make demo) says so in the title.
        let profile = ProcessInfo.processInfo.environment["SWITCHYARD_PROFILE_NAME"].flatMap { $0.isEmpty ? nil : $0 }
        toplevel.title = profile.map { "\(AppInfo.name) — \($0)" } ?? AppInfo.name
        toplevel.setDefaultSize(width: 1100, height: 720)

        tabStack = Stack(transition: GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        for tab in tabs {
            // Titles, not icons: the switcher shows text that needs no tooltip to decode.
            if let slot = slots[tab.feature] { tabStack.add(slot.holder, name: tab.feature.rawValue, title: tab.title()) }
        }

        switcher = StackSwitcher(for: tabStack)
        // The header shows one of these at a time; the window keeps both (swapped, never hidden).
        _ = refSink(switcher.widget)
        appTitle = Label(AppInfo.name)
        appTitle.justify = GTK_JUSTIFY_LEFT
        appTitle.addClasses(["title"])
        _ = refSink(appTitle.widget)

        rootStack = Stack(transition: GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        rootStack.addClasses(["view"]) // the content plane is opaque
        rootStack.add(tabStack, name: "tabs")
        toplevel.setChild(rootStack)

        toplevel.setTitlebar(makeHeaderBar())
        installActions()
        tabStack.onVisibleChildChanged { [weak self] in
            guard let self, let tab = self.selectedTab else { return }
            if self.rootStack.visibleChildName == "tabs" { self.build(tab) } // its page, the first time it is shown
            self.onTabChanged?(tab)
        }
    }

    /// Makes `tab`'s page if it was not yet.
    func build(_ tab: AppTab) { slots[tab]?.build() }

    /// Whether `tab`'s page has been made (tests, diagnostics).
    func isBuilt(_ tab: AppTab) -> Bool { slots[tab]?.isBuilt ?? false }

    private(set) var availableTabs = Set(AppTab.allCases)

    /// Shows only the tabs for kinds of service that are configured.
    func setAvailableTabs(_ tabs: Set<AppTab>) {
        availableTabs = tabs
        for (tab, slot) in slots {
            tabStack.setPageVisible(slot.holder, tabs.contains(tab))
        }
    }

    private func makeHeaderBar() -> HeaderBar {
        let header = HeaderBar()
        header.setTitle(switcher)
        headerBar = header

        let refresh = Button(icon: "view-refresh-symbolic")
        refresh.setAction("win.refresh")
        refresh.setAccessibleLabel(tr("Refresh"))
        refresh.tooltip = tr("Refresh (Ctrl+R)")
        header.packStart(refresh)

        let menu = Menu(sections: [
            [(tr("_Settings…"), "app.preferences")],
            [(tr("_Keyboard Shortcuts"), "win.show-help-overlay"),
             (tr("_About Switchyard"), "app.about"),
             (tr("_Quit"), "app.quit")],
        ])
        let menuButton = MenuButton(icon: "open-menu-symbolic", menu: menu, primary: true)
        menuButton.setAccessibleLabel(tr("Main Menu"))
        menuButton.tooltip = tr("Main Menu (F10)")
        header.packEnd(menuButton)
        return header
    }

    private func installActions() {
        actions.add("refresh") { [weak self] in self?.refresh() }

        // Ctrl+F: the tab on screen's search or filter, when its page has one; else the first library's search.
        actions.add("find") { [weak self] in
            guard let self else { return }
            if let tab = self.selectedTab, let page = self.anySlot(tab)?.anyPage as? SearchablePage {
                page.focusSearch()
            } else if let first = self.firstLibraryTab {
                self.select(first)
                self.library(first)?.focusSearch()
            }
        }

        // Alt+N shows the N-th tab on screen (as GNOME's tabbed apps do): a kind nobody configured
        // takes no number, so Alt+4 stays Activity for everyone without Lidarr.
        actions.add("show-tab", number: { [weak self] number in
            guard let self else { return }
            guard let tab = AppTab(number: number, among: self.availableTabs) else { return gtk_widget_error_bell(self.toplevel.widget) }
            self.select(tab)
        })

        // Not gtk_application_window_set_help_overlay: that keeps a hidden window in GTK's list of
        // toplevels for the app's whole life, and GTK 4.8 answers a screen reader's question for
        // one window more than are shown with that hidden window's missing object path — a crash
        // (Documentation/Architecture.md, "GTK 4.8 accessibility rules").
        actions.add("show-help-overlay") { [weak self] in self?.presentShortcuts() }
        actions.add("add-download") { [weak self] in self?.onAddDownload?([]) }
        actions.add("add-to-library") { [weak self] in
            guard let self, let tab = self.selectedTab?.library != nil ? self.selectedTab : self.firstLibraryTab,
                  let kind = tab.library else { return }
            self.onAddToLibrary?(kind.id)
        }
        // Files or links dropped anywhere on the window open Add Download with them.
        FileDrop.accept(on: toplevel) { [weak self] files, text in
            guard let self, let onAddDownload = self.onAddDownload, !self.isShowingWelcome else { return false }
            onAddDownload(files.isEmpty ? AddCandidates.fromText(text ?? "") : AddCandidates.fromFiles(files))
            return true
        }
    }

    /// The first library tab offered (Ctrl+F and Ctrl+N from a tab that is no library).
    private var firstLibraryTab: AppTab? {
        AppTab.allCases.first { $0.library != nil && availableTabs.contains($0) } ?? AppTab.allCases.first { $0.library != nil }
    }

    private var shortcutsWindow: Window?

    /// Opens the Keyboard Shortcuts window (as Ctrl+? does) and returns it. It is made when
    /// asked for and destroyed when closed, never kept hidden.
    @discardableResult
    func presentShortcuts() -> Widget? {
        if let shortcutsWindow {
            shortcutsWindow.present()
            return shortcutsWindow.widget
        }
        guard let shortcuts = ShortcutsWindow.make(tabs: AppTab.allCases.filter(availableTabs.contains)) else { return nil }
        shortcuts.makeModal(over: toplevel)
        shortcuts.hideOnClose = false
        shortcuts.onDestroy { [weak self] in self?.shortcutsWindow = nil }
        shortcutsWindow = shortcuts
        shortcuts.present() // in the same turn of the main loop as its creation
        return shortcuts.widget
    }

    private func refresh() {
        if let tab = selectedTab { onRefresh?(tab) }
    }

    /// Shows `tab`, when it is offered: Alt+2 with no Sonarr configured keeps the tab on screen
    /// (GTK 4.8's stack would show the hidden page with no switcher button selected).
    func select(_ tab: AppTab) {
        guard rootStack.visibleChildName == "tabs" else { return }
        guard availableTabs.contains(tab) else {
            gtk_widget_error_bell(toplevel.widget)
            return
        }
        tabStack.visibleChildName = tab.rawValue
    }

    var selectedTab: AppTab? {
        tabStack.visibleChildName.flatMap { AppTab(rawValue: $0) }
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
    private func showPlaceholder(_ page: any WidgetRef, isWelcome: Bool) {
        if let welcomePage { rootStack.remove(welcomePage) }
        page.vexpand = true
        welcomePage = page
        placeholderIsWelcome = isWelcome
        rootStack.add(page, name: "welcome")
        rootStack.visibleChildName = "welcome"
        headerBar?.setTitle(appTitle)
        actions.setEnabled("refresh", false)
    }

    func showTabs(selected: AppTab? = nil) {
        rootStack.visibleChildName = "tabs"
        if let selected { tabStack.visibleChildName = selected.rawValue }
        if let tab = selectedTab { build(tab) } // the tab on screen has its page from the first frame
        if let welcomePage {
            // Removed, not just hidden: GTK 4.8 exposes hidden stack children to screen readers.
            rootStack.remove(welcomePage)
            self.welcomePage = nil
        }
        headerBar?.setTitle(switcher)
        actions.setEnabled("refresh", true)
    }

    var isShowingWelcome: Bool { welcomePage != nil && placeholderIsWelcome && rootStack.visibleChildName == "welcome" }
}
