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
    private let backend: ServiceSettings?
    private let statusOf: @MainActor (UUID) -> ServiceRow?
    /// Settings changed: the main window reloads.
    var onChanged: (() -> Void)?
    /// The application's preferences as the switches show them; a switch changed calls `onPreferencesChanged`.
    var preferences = Preferences()
    var onPreferencesChanged: ((Preferences) -> Void)?
    /// The window is gone.
    var onClosed: (() -> Void)?

    private(set) var page: Page = .services
    private(set) var services: [ServiceConfig] = []
    private var keyringProblem: SecretStoreError?
    private let content: Box
    private var current: (any WidgetRef)?
    private let titleLabel: Label
    private let addButton: Button
    private let backButton: Button
    private let cancelButton: Button
    private let saveButton: Button
    private let actions: Actions
    private(set) var form: ServiceForm?
    private var confirming: ServiceConfig?
    private var listMessage: String?
    /// Whether Cancel on the form goes back to the list (false when opened on one service).
    private var formReturnsToList = true
    private var work: Task<Void, Never>?
    private var testToken = 0

    init(parent: (any WidgetRef)?, backend: ServiceSettings?, statusOf: @escaping @MainActor (UUID) -> ServiceRow?) {
        self.backend = backend
        self.statusOf = statusOf
        dialogWindow = Window()
        dialogWindow.title = "Settings"
        dialogWindow.makeModal(over: parent)
        dialogWindow.setDefaultSize(width: 660, height: 720)

        let header = HeaderBar()
        titleLabel = Label("Settings")
        titleLabel.justify = GTK_JUSTIFY_LEFT
        titleLabel.addClasses(["title"])
        header.setTitle(titleLabel)
        addButton = Button(icon: "list-add-symbolic", name: "Add Service", tooltip: "Add Service", action: "settings.add")
        backButton = Button(icon: "go-previous-symbolic", name: "Back", tooltip: "Back (Escape)", action: "settings.cancel")
        cancelButton = Button("_Cancel", action: "settings.cancel")
        saveButton = Button("_Save", action: "settings.save", classes: ["suggested-action"])
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
            column.append(SettingsRows.banner("The keyring is not available. \(ErrorText.sentence(problem)) Until it is, services cannot be added or changed, and none of them can sign in."))
        }
        if let listMessage { column.append(SettingsRows.banner(listMessage)) }
        if self.services.isEmpty {
            column.append(SettingsRows.noServices())
        } else {
            column.append(Label.heading("Services"))
            let list = ListBox(name: "Services")
            for config in self.services { list.append(serviceRow(config)) }
            column.append(list)
            let add = Button("_Add Service…", action: "settings.add")
            add.halign = GTK_ALIGN_START
            add.margin(top: 12)
            column.append(add)
        }
        column.append(notificationsSection())
        form = nil
        switchTo(.services, ScrolledWindow(column), title: "Settings")
    }

    static let notificationKinds: [(NotificationPlanner.Kind, String, String)] = [
        (.finished, "Finished downloads", "Imported into the library — or, with no Sonarr or Radarr behind it, done in its client."),
        (.failed, "Failed downloads", "A download failed, with the service's reason."),
        (.needsAttention, "Imports that need you", "Sonarr or Radarr could not import a download on its own."),
        (.health, "Health warnings", "A service reports a new warning or error."),
        (.reachability, "Unreachable services", "A service has not answered for 5 minutes, and when it is back."),
    ]

    /// One switch per kind of desktop notification; each change is saved at once.
    private func notificationsSection() -> Box {
        let section = Box.vertical(spacing: 6)
        section.margin(top: 18)
        section.append(Label.heading("Notifications"))
        let list = ListBox(name: "Notifications")
        for (kind, title, sentence) in Self.notificationKinds {
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
            toggle.setAccessibleLabel("Notify about \(title.lowercased())")
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
        section.append(Label.heading("Background"))
        let background = ListBox(name: "Background")
        let row = Box.horizontal(spacing: 12)
        row.margins(10, start: 12)
        let text = Box.vertical(spacing: 2)
        text.hexpand = true
        let label = Label.line("Keep running with the window closed", ellipsize: false)
        label.xalign = 0
        text.append(label, Label.line("Notifications keep coming. Quit with Ctrl+Q.",
                                      classes: ["dim-label", "caption"], ellipsize: false))
        let toggle = Switch()
        toggle.valign = GTK_ALIGN_CENTER
        toggle.active = preferences.keepRunning
        toggle.setAccessibleLabel("Keep running with the window closed")
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
        column.append(Label.heading("Which service?"))
        let list = ListBox(name: "Kinds of service")
        for kind in ServiceKind.allCases { list.append(SettingsRows.kindButton(kind)) }
        column.append(list)
        form = nil
        switchTo(.kinds, ScrolledWindow(column), title: "Add Service")
    }

    /// The add/edit form for `draft`.
    func showForm(_ draft: ServiceDraft, hasStoredCredential: Bool) {
        let form = ServiceForm(draft: draft, hasStoredCredential: hasStoredCredential)
        form.onChange = { [weak self] in self?.updateFormActions() }
        self.form = form
        let title = draft.isNew ? "Add \(draft.kind.displayName)" : "Edit \(draft.original?.displayName ?? draft.displayName)"
        switchTo(.form, form.view, title: title)
        if let keyringProblem { form.showMessage("The keyring is not available. \(ErrorText.sentence(keyringProblem))") }
        updateFormActions()
        form.focusFirstField()
    }

    /// Asks before removing `config`.
    func showConfirm(_ config: ServiceConfig) {
        confirming = config
        let (page, keep) = SettingsRows.confirmRemoval(config)
        if let listMessage { page.append(SettingsRows.banner(listMessage)) }
        page.vexpand = true
        switchTo(.confirm, page, title: "Remove Service")
        keep.grabFocus()
    }

    private func switchTo(_ page: Page, _ widget: some WidgetRef, title: String) {
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

    private func updateFormActions() {
        let editable = page == .form && work == nil
        actions.setEnabled("save", editable && (form?.canSave ?? false))
        actions.setEnabled("test", page == .form && (form?.canTest ?? false))
        actions.setEnabled("add", backend == nil || keyringProblem == nil)
    }

    private func serviceRow(_ config: ServiceConfig) -> Box {
        let status: (icon: String, text: String)
        if keyringProblem != nil {
            status = ("dialog-password-symbolic", "Keyring unavailable")
        } else if !config.enabled {
            status = Strings.rowState(.disabled)
        } else if let row = statusOf(config.id) {
            status = Strings.rowState(row.state)
        } else {
            status = ("content-loading-symbolic", "Not checked yet")
        }
        let id = config.id
        return SettingsRows.service(config, status: status) { [weak self] enabled in self?.setServiceEnabled(id, enabled) }
    }

    // MARK: Actions

    private func installActions() {
        actions.add("add") { [weak self] in self?.showKinds() }
        actions.add("add-kind", string: { [weak self] raw in
            guard let self else { return }
            self.formReturnsToList = true
            self.showForm(ServiceDraft(adding: ServiceKind(rawValue: raw)), hasStoredCredential: false)
        })
        actions.add("edit", string: { [weak self] raw in
            guard let self, let config = self.service(raw) else { return }
            self.formReturnsToList = true
            self.edit(config)
        })
        actions.add("remove", string: { [weak self] raw in
            guard let self, let config = self.service(raw) else { return }
            self.listMessage = nil
            self.showConfirm(config)
        })
        actions.add("remove-current") { [weak self] in
            guard let self, let config = self.form?.draft.original else { return }
            self.showConfirm(config)
        }
        actions.add("confirm-remove") { [weak self] in self?.removeConfirmed() }
        actions.add("cancel") { [weak self] in self?.cancel() }
        actions.add("close") { [weak self] in self?.dialogWindow.destroy() }
        actions.add("save") { [weak self] in self?.save() }
        actions.add("test") { [weak self] in self?.test() }
        actions.add("cancel-test") { [weak self] in self?.cancelTest() }
    }

    private func service(_ raw: String) -> ServiceConfig? {
        guard let id = UUID(uuidString: raw) else { return nil }
        return services.first { $0.id == id }
    }

    private func edit(_ config: ServiceConfig) {
        guard let backend else { return showForm(ServiceDraft(editing: config), hasStoredCredential: true) }
        Task { [weak self] in
            let stored = await backend.hasStoredCredential(config)
            self?.showForm(ServiceDraft(editing: config), hasStoredCredential: stored)
        }
    }

    private func cancel() {
        switch page {
        case .services:
            dialogWindow.destroy()
        case .kinds:
            showList()
        case .form:
            cancelTest()
            if formReturnsToList { showList() } else { dialogWindow.destroy() }
        case .confirm:
            listMessage = nil
            if let form, let original = form.draft.original, original.id == confirming?.id {
                switchTo(.form, form.view, title: "Edit \(original.displayName)")
            } else {
                showList()
            }
        }
    }

    private func test() {
        guard let form, form.canTest else { return }
        cancelTest()
        testToken += 1
        let token = testToken
        form.showTesting()
        guard let backend else { return }
        let draft = form.draft
        work = Task { [weak self] in
            let result = await backend.test(draft)
            guard let self, self.testToken == token else { return }
            self.work = nil
            self.form?.showTestResult(result)
            self.updateFormActions()
        }
        updateFormActions()
    }

    private func cancelTest() {
        guard let work, page == .form else { return }
        work.cancel()
        self.work = nil
        testToken += 1 // a late answer is ignored
        form?.showTestResult(.failure(.cancelled))
        updateFormActions()
    }

    private func save() {
        guard let form, form.canSave, work == nil, let backend else { return }
        let draft = form.draft
        if !draft.isNew && draft.changesSecrets { form.showMessage("Checking the new credentials before saving them…") }
        work = Task { [weak self] in
            do throws(SaveFailure) {
                try await backend.save(draft)
                guard let self else { return }
                self.work = nil
                self.services = await backend.services()
                self.onChanged?()
                if self.formReturnsToList { self.showList() } else { self.dialogWindow.destroy() }
            } catch {
                guard let self else { return }
                self.work = nil
                self.form?.showMessage(error.sentence)
                self.updateFormActions()
            }
        }
        updateFormActions()
    }

    private func removeConfirmed() {
        guard let config = confirming, work == nil, let backend else { return }
        work = Task { [weak self] in
            do throws(SaveFailure) {
                try await backend.remove(config.id)
                guard let self else { return }
                self.work = nil
                self.listMessage = nil
                self.services = await backend.services()
                self.onChanged?()
                self.showList()
            } catch {
                guard let self else { return }
                self.work = nil
                if case .cacheNotRemoved = error { // removed; the leftover is the user's to know about
                    self.listMessage = error.sentence
                    self.services = await backend.services()
                    self.onChanged?()
                    self.showList()
                    return
                }
                self.listMessage = "“\(config.displayName)” was not removed. \(error.sentence)"
                self.showConfirm(config)
            }
        }
    }

    private func setServiceEnabled(_ id: UUID, _ enabled: Bool) {
        guard let backend else { return }
        Task { [weak self] in
            do throws(SaveFailure) {
                try await backend.setEnabled(id, enabled)
                guard let self else { return }
                self.services = await backend.services()
                self.onChanged?()
            } catch {
                guard let self else { return }
                self.listMessage = error.sentence
                self.showList()
            }
        }
    }

    // MARK: Inspection

    /// The form as a route shows it: fields filled, a test result or problems in place.
    func showTestResultForInspection(_ result: Result<ConnectionReport, ServiceError>) {
        form?.showTestResult(result)
    }
}
