import CGtk
import Core
import Foundation

/// The settings window: the services list, the kind chooser, the add/edit
/// form and the remove confirmation, one at a time in one modal window with
/// a native header bar. Everything it changes goes through `ServiceSettings`
/// (Core); with no backend (inspection routes) it only shows states.
@MainActor
final class SettingsDialog {
    enum Page: Equatable {
        case services, kinds, form, confirm
    }

    /// The dialog's window.
    let dialogWindow: Window
    /// The window as a bare widget (callers outside Settings present, destroy and watch it).
    var window: Widget { dialogWindow.widget }
    let backend: ServiceSettings?
    private let statusOf: @MainActor (UUID) -> ServiceRow?
    /// Settings changed: the main window reloads.
    var onChanged: (() -> Void)?
    /// The application's preferences as the switches show them; a switch changed calls `onPreferencesChanged`.
    var preferences = Preferences()
    var onPreferencesChanged: ((Preferences) -> Void)?
    /// The window is gone.
    var onClosed: (() -> Void)?

    var page: Page = .services
    var services: [ServiceConfig] = []
    private var keyringProblem: SecretStoreError?
    private let content: Box
    var current: (any WidgetRef)?
    private let titleLabel: Label
    private let addButton: Button
    private let backButton: Button
    private let cancelButton: Button
    private let saveButton: Button
    let actions: Actions
    var form: ServiceForm?
    var confirming: ServiceConfig?
    var listMessage: String?
    /// Whether Cancel on the form goes back to the list (false when opened on one service).
    var formReturnsToList = true
    var work: Task<Void, Never>?
    var testToken = 0

    init(parent: (any WidgetRef)?, backend: ServiceSettings?, statusOf: @escaping @MainActor (UUID) -> ServiceRow?) {
        self.backend = backend
        self.statusOf = statusOf
        dialogWindow = Window()
        dialogWindow.title = tr("Settings")
        dialogWindow.makeModal(over: parent)
        dialogWindow.setDefaultSize(width: 660, height: 720)

        let header = HeaderBar()
        titleLabel = Label(tr("Settings"))
        titleLabel.justify = GTK_JUSTIFY_LEFT
        titleLabel.addClasses(["title"])
        header.setTitle(titleLabel)
        addButton = Button(icon: "list-add-symbolic", name: tr("Add Service"), tooltip: tr("Add Service"), action: "settings.add")
        backButton = Button(icon: "go-previous-symbolic", name: tr("Back"), tooltip: tr("Back (Escape)"), action: "settings.cancel")
        cancelButton = Button(tr("_Cancel"), action: "settings.cancel")
        saveButton = Button(tr("_Save"), action: "settings.save", classes: ["suggested-action"])
        header.packStart(addButton)
        header.packStart(backButton)
        header.packStart(cancelButton)
        header.packEnd(saveButton)
        dialogWindow.setTitlebar(header)

        content = Box.vertical(spacing: 0, classes: ["view"])
        dialogWindow.setChild(content)

        actions = Actions(insertInto: dialogWindow, prefix: "settings")
        installActions()
        Shortcuts.add(to: dialogWindow, [(trigger: "Escape", action: "settings.cancel"),
                                         (trigger: "<Control>w", action: "settings.close")])
        dialogWindow.onDestroy { [weak self] in
            self?.work?.cancel()
            self?.onClosed?()
        }
    }

    // MARK: Opening

    /// Opens the services list.
    func presentList() {
        dialogWindow.present()
        reload { [weak self] in self?.showList() }
    }

    /// Opens the form of one service (recovery buttons); Cancel closes the window.
    func presentEditor(for id: UUID) {
        dialogWindow.present()
        reload { [weak self] in
            guard let self else { return }
            guard let config = self.services.first(where: { $0.id == id }) else { return self.showList() }
            self.formReturnsToList = false
            self.edit(config)
        }
    }

    /// Reads services and the keyring's state from the backend, then continues.
    private func reload(then next: @escaping @MainActor () -> Void) {
        guard let backend else { return next() }
        Task { [weak self] in
            let services = await backend.services()
            let problem = await backend.keyringProblem()
            guard let self else { return }
            self.services = services
            self.keyringProblem = problem
            next()
        }
    }

    // MARK: Pages

    /// The services list (also used directly by inspection routes).
    func showList(services: [ServiceConfig]? = nil, keyringProblem: SecretStoreError?? = nil) {
        if let services { self.services = services }
        if let keyringProblem { self.keyringProblem = keyringProblem }
        let column = Box.vertical(spacing: 6)
        column.margins(24, top: 12)
        if let problem = self.keyringProblem {
            column.append(SettingsRows.banner(tr("The keyring is not available. %s Until it is, services cannot be added or changed, and none of them can sign in.").fill(ErrorText.sentence(problem))))
        }
        if let listMessage { column.append(SettingsRows.banner(listMessage)) }
        if self.services.isEmpty {
            column.append(SettingsRows.noServices())
        } else {
            column.append(Label.heading(tr("Services")))
            let list = ListBox(name: tr("Services"))
            for config in self.services { list.append(serviceRow(config)) }
            column.append(list)
            let add = Button(tr("_Add Service…"), action: "settings.add")
            add.halign = GTK_ALIGN_START
            add.margin(top: 12)
            column.append(add)
        }
        column.append(notificationsSection())
        form = nil
        switchTo(.services, ScrolledWindow(column), title: tr("Settings"))
    }

    /// Each kind of notification: its title, what it is about, and its switch's accessible name.
    static var notificationKinds: [(NotificationPlanner.Kind, String, String, String)] {
        let orchestrators = Strings.alternatives(Strings.kindNames([.orchestrator]))
        return [
            // Translators: %s is "Sonarr, Radarr or Lidarr".
            (.finished, tr("Finished downloads"), tr("Imported into the library — or, with no %s behind it, done in its client.").fill(orchestrators),
             tr("Notify about finished downloads")),
            (.failed, tr("Failed downloads"), tr("A download failed, with the service's reason."), tr("Notify about failed downloads")),
            // Translators: %s is "Sonarr, Radarr or Lidarr".
            (.needsAttention, tr("Imports that need you"), tr("%s could not import a download on its own.").fill(orchestrators),
             tr("Notify about imports that need you")),
            (.health, tr("Health warnings"), tr("A service reports a new warning or error."), tr("Notify about health warnings")),
            (.reachability, tr("Unreachable services"), tr("A service has not answered for 5 minutes, and when it is back."),
             tr("Notify about unreachable services")),
            (.requests, tr("New requests"), tr("Someone asks for a movie or series in Jellyseerr or Overseerr; the notification opens the request."),
             tr("Notify about new requests")),
        ]
    }

    /// One switch per kind of desktop notification; each change is saved at once.
    private func notificationsSection() -> Box {
        let section = Box.vertical(spacing: 6)
        section.margin(top: 18)
        section.append(Label.heading(tr("Notifications")))
        let list = ListBox(name: tr("Notifications"))
        for (kind, title, sentence, name) in Self.notificationKinds {
            let row = Box.horizontal(spacing: 12)
            row.margins(10, start: 12)
            let text = Box.vertical(spacing: 2)
            text.hexpand = true
            text.valign = GTK_ALIGN_CENTER
            let label = Label.line(title, ellipsize: false)
            label.xalign = 0
            text.append(label, Label.line(sentence, classes: ["dim-label", "caption"], ellipsize: false))
            let toggle = Switch()
            toggle.valign = GTK_ALIGN_CENTER
            toggle.active = preferences.notifies(kind)
            toggle.setAccessibleLabel(name)
            toggle.onToggled { [weak self] on in
                guard let self else { return }
                self.preferences.set(kind, on)
                self.onPreferencesChanged?(self.preferences)
            }
            row.append(text, toggle)
            list.append(row)
        }
        section.append(list)

        // Keeping the app alive without its window, so notifications keep coming.
        section.append(Label.heading(tr("Background")))
        let background = ListBox(name: tr("Background"))
        let row = Box.horizontal(spacing: 12)
        row.margins(10, start: 12)
        let text = Box.vertical(spacing: 2)
        text.hexpand = true
        let label = Label.line(tr("Keep running with the window closed"), ellipsize: false)
        label.xalign = 0
        text.append(label, Label.line(tr("Notifications keep coming. Quit with Ctrl+Q."),
                                      classes: ["dim-label", "caption"], ellipsize: false))
        let toggle = Switch()
        toggle.valign = GTK_ALIGN_CENTER
        toggle.active = preferences.keepRunning
        toggle.setAccessibleLabel(tr("Keep running with the window closed"))
        toggle.onToggled { [weak self] on in
            guard let self else { return }
            self.preferences.keepRunning = on
            self.onPreferencesChanged?(self.preferences)
        }
        row.append(text, toggle)
        background.append(row)
        section.append(background)
        return section
    }

    /// Choosing which kind of service to add.
    func showKinds() {
        let column = Box.vertical(spacing: 6)
        column.margins(24, top: 12)
        column.append(Label.heading(tr("Which service?")))
        let list = ListBox(name: tr("Kinds of service"))
        for kind in ServiceKind.allCases { list.append(SettingsRows.kindButton(kind)) }
        column.append(list)
        form = nil
        switchTo(.kinds, ScrolledWindow(column), title: tr("Add Service"))
    }

    /// The add/edit form for `draft`.
    func showForm(_ draft: ServiceDraft, hasStoredCredential: Bool) {
        let form = ServiceForm(draft: draft, hasStoredCredential: hasStoredCredential)
        form.onChange = { [weak self] in self?.updateFormActions() }
        self.form = form
        let title = draft.isNew ? tr("Add %s").fill(draft.kind.displayName) : tr("Edit %s").fill(draft.original?.displayName ?? draft.displayName)
        switchTo(.form, form.view, title: title)
        if let keyringProblem { form.showMessage(tr("The keyring is not available. %s").fill(ErrorText.sentence(keyringProblem))) }
        updateFormActions()
        form.focusFirstField()
    }

    /// Asks before removing `config`.
    func showConfirm(_ config: ServiceConfig) {
        confirming = config
        let (page, keep) = SettingsRows.confirmRemoval(config)
        if let listMessage { page.append(SettingsRows.banner(listMessage)) }
        page.vexpand = true
        switchTo(.confirm, page, title: tr("Remove Service"))
        keep.grabFocus()
    }

    func switchTo(_ page: Page, _ widget: some WidgetRef, title: String) {
        // Only the page on screen exists: GTK 4.8 exposes hidden children to screen readers.
        if let current { content.remove(current) }
        widget.vexpand = true
        content.append(widget)
        current = widget
        self.page = page
        titleLabel.text = title
        addButton.visible = page == .services
        backButton.visible = page == .kinds || page == .confirm
        cancelButton.visible = page == .form
        saveButton.visible = page == .form
        dialogWindow.setDefaultWidget(page == .form ? saveButton : nil)
        updateFormActions()
    }

    func updateFormActions() {
        let editable = page == .form && work == nil
        actions.setEnabled("save", editable && (form?.canSave ?? false))
        actions.setEnabled("test", page == .form && (form?.canTest ?? false))
        actions.setEnabled("add", backend == nil || keyringProblem == nil)
    }

    private func serviceRow(_ config: ServiceConfig) -> Box {
        let status: (icon: String, text: String)
        if keyringProblem != nil {
            status = ("dialog-password-symbolic", tr("Keyring unavailable"))
        } else if !config.enabled {
            status = Strings.rowState(.disabled)
        } else if let row = statusOf(config.id) {
            status = Strings.rowState(row.state)
        } else {
            status = ("content-loading-symbolic", tr("Not checked yet"))
        }
        let id = config.id
        return SettingsRows.service(config, status: status) { [weak self] enabled in self?.setServiceEnabled(id, enabled) }
    }

    // MARK: Inspection

    /// The form as a route shows it: fields filled, a test result or problems in place.
    func showTestResultForInspection(_ result: Result<ConnectionReport, ServiceError>) {
        form?.showTestResult(result)
    }
}
