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

    let window: Widget
    private let backend: ServiceSettings?
    private let statusOf: @MainActor (UUID) -> ServiceRow?
    /// Settings changed: the main window reloads.
    var onChanged: (() -> Void)?
    /// The window is gone.
    var onClosed: (() -> Void)?

    private(set) var page: Page = .services
    private(set) var services: [ServiceConfig] = []
    private var keyringProblem: SecretStoreError?
    private let content: Widget
    private var current: Widget?
    private let titleLabel: Widget
    private let addButton: Widget
    private let backButton: Widget
    private let cancelButton: Widget
    private let saveButton: Widget
    private var actions: [String: OpaquePointer] = [:]
    private(set) var form: ServiceForm?
    private var confirming: ServiceConfig?
    private var listMessage: String?
    /// Whether Cancel on the form goes back to the list (false when opened on one service).
    private var formReturnsToList = true
    private var work: Task<Void, Never>?
    private var testToken = 0

    init(parent: Widget?, backend: ServiceSettings?, statusOf: @escaping @MainActor (UUID) -> ServiceRow?) {
        self.backend = backend
        self.statusOf = statusOf
        window = gtk_window_new()!
        gtk_window_set_title(cast(window), "Settings")
        if let parent { gtk_window_set_transient_for(cast(window), cast(parent)) }
        gtk_window_set_modal(cast(window), 1)
        gtk_window_set_destroy_with_parent(cast(window), 1)
        gtk_window_set_default_size(cast(window), 660, 720)

        let header = gtk_header_bar_new()!
        titleLabel = UI.label("Settings", classes: ["title"])
        gtk_header_bar_set_title_widget(cast(header), titleLabel)
        addButton = UI.iconButton(icon: "list-add-symbolic", name: "Add Service", tooltip: "Add Service", action: "settings.add")
        backButton = UI.iconButton(icon: "go-previous-symbolic", name: "Back", tooltip: "Back (Escape)", action: "settings.cancel")
        cancelButton = UI.button("_Cancel", action: "settings.cancel")
        saveButton = UI.button("_Save", action: "settings.save", classes: ["suggested-action"])
        gtk_header_bar_pack_start(cast(header), addButton)
        gtk_header_bar_pack_start(cast(header), backButton)
        gtk_header_bar_pack_start(cast(header), cancelButton)
        gtk_header_bar_pack_end(cast(header), saveButton)
        gtk_window_set_titlebar(cast(window), header)

        content = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        UI.addClasses(content, ["view"])
        gtk_window_set_child(cast(window), content)

        installActions()
        installShortcuts()
        onSignal(window, "destroy") { [weak self] in
            self?.work?.cancel()
            self?.onClosed?()
        }
    }

    // MARK: Opening

    /// Opens the services list.
    func presentList() {
        gtk_window_present(cast(window))
        reload { [weak self] in self?.showList() }
    }

    /// Opens the form of one service (recovery buttons); Cancel closes the window.
    func presentEditor(for id: UUID) {
        gtk_window_present(cast(window))
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
        let column = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        UI.margins(column, 24)
        gtk_widget_set_margin_top(column, 12)
        if let problem = self.keyringProblem {
            UI.append(column, SettingsRows.banner("The keyring is not available. \(ErrorText.sentence(problem)) Until it is, services cannot be added or changed, and none of them can sign in."))
        }
        if let listMessage { UI.append(column, SettingsRows.banner(listMessage)) }
        if self.services.isEmpty {
            UI.append(column, SettingsRows.noServices())
        } else {
            UI.append(column, UI.heading("Services"))
            let list = UI.boxedList(name: "Services")
            for config in self.services { gtk_list_box_append(cast(list), serviceRow(config)) }
            UI.append(column, list)
            let add = UI.button("_Add Service…", action: "settings.add")
            gtk_widget_set_halign(add, GTK_ALIGN_START)
            gtk_widget_set_margin_top(add, 12)
            UI.append(column, add)
        }
        form = nil
        switchTo(.services, UI.scrolled(column), title: "Settings")
    }

    /// Choosing which kind of service to add.
    func showKinds() {
        let column = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        UI.margins(column, 24)
        gtk_widget_set_margin_top(column, 12)
        UI.append(column, UI.heading("Which service?"))
        let list = UI.boxedList(name: "Kinds of service")
        for kind in ServiceKind.allCases { gtk_list_box_append(cast(list), SettingsRows.kindButton(kind)) }
        UI.append(column, list)
        form = nil
        switchTo(.kinds, UI.scrolled(column), title: "Add Service")
    }

    /// The add/edit form for `draft`.
    func showForm(_ draft: ServiceDraft, hasStoredCredential: Bool) {
        let form = ServiceForm(draft: draft, hasStoredCredential: hasStoredCredential)
        form.onChange = { [weak self] in self?.updateFormActions() }
        self.form = form
        let title = draft.isNew ? "Add \(draft.kind.displayName)" : "Edit \(draft.original?.displayName ?? draft.displayName)"
        switchTo(.form, form.widget, title: title)
        if let keyringProblem { form.showMessage("The keyring is not available. \(ErrorText.sentence(keyringProblem))") }
        updateFormActions()
        form.focusFirstField()
    }

    /// Asks before removing `config`.
    func showConfirm(_ config: ServiceConfig) {
        confirming = config
        let (page, keep) = SettingsRows.confirmRemoval(config)
        if let listMessage { UI.append(page, SettingsRows.banner(listMessage)) }
        gtk_widget_set_vexpand(page, 1)
        switchTo(.confirm, page, title: "Remove Service")
        gtk_widget_grab_focus(keep)
    }

    private func switchTo(_ page: Page, _ widget: Widget, title: String) {
        // Only the page on screen exists: GTK 4.8 exposes hidden children to screen readers.
        if let current { gtk_box_remove(cast(content), current) }
        gtk_widget_set_vexpand(widget, 1)
        gtk_box_append(cast(content), widget)
        current = widget
        self.page = page
        gtk_label_set_text(cast(titleLabel), title)
        gtk_widget_set_visible(addButton, page == .services ? 1 : 0)
        gtk_widget_set_visible(backButton, page == .kinds || page == .confirm ? 1 : 0)
        gtk_widget_set_visible(cancelButton, page == .form ? 1 : 0)
        gtk_widget_set_visible(saveButton, page == .form ? 1 : 0)
        gtk_window_set_default_widget(cast(window), page == .form ? saveButton : nil)
        updateFormActions()
    }

    private func updateFormActions() {
        let editable = page == .form && work == nil
        setEnabled("save", editable && (form?.canSave ?? false))
        setEnabled("test", page == .form && (form?.canTest ?? false))
        setEnabled("add", backend == nil || keyringProblem == nil)
    }

    private func serviceRow(_ config: ServiceConfig) -> Widget {
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
        let group = g_simple_action_group_new()!
        func add(_ name: String, parameter: Bool = false, _ handler: @escaping @MainActor (String?) -> Void) {
            let action = g_simple_action_new(name, parameter ? sy_variant_type_string() : nil)!
            onSignal(action, "activate", withArgument: { value in
                handler(value.map { String(cString: g_variant_get_string(cast($0), nil)) })
            })
            g_action_map_add_action(cast(group), cast(action))
            actions[name] = action
            g_object_unref(cast(action))
        }
        add("add") { [weak self] _ in self?.showKinds() }
        add("add-kind", parameter: true) { [weak self] raw in
            guard let self, let kind = raw.flatMap(ServiceKind.init(rawValue:)) else { return }
            self.formReturnsToList = true
            self.showForm(ServiceDraft(adding: kind), hasStoredCredential: false)
        }
        add("edit", parameter: true) { [weak self] raw in
            guard let self, let config = self.service(raw) else { return }
            self.formReturnsToList = true
            self.edit(config)
        }
        add("remove", parameter: true) { [weak self] raw in
            guard let self, let config = self.service(raw) else { return }
            self.listMessage = nil
            self.showConfirm(config)
        }
        add("remove-current") { [weak self] _ in
            guard let self, let config = self.form?.draft.original else { return }
            self.showConfirm(config)
        }
        add("confirm-remove") { [weak self] _ in self?.removeConfirmed() }
        add("cancel") { [weak self] _ in self?.cancel() }
        add("close") { [weak self] _ in if let self { gtk_window_destroy(cast(self.window)) } }
        add("save") { [weak self] _ in self?.save() }
        add("test") { [weak self] _ in self?.test() }
        add("cancel-test") { [weak self] _ in self?.cancelTest() }
        gtk_widget_insert_action_group(window, "settings", cast(group))
        g_object_unref(cast(group))
    }

    private func installShortcuts() {
        let controller = gtk_shortcut_controller_new()!
        for (key, modifiers, action) in [(guint(GDK_KEY_Escape), GdkModifierType(0), "settings.cancel"),
                                         (guint(GDK_KEY_w), GDK_CONTROL_MASK, "settings.close")] {
            let shortcut = gtk_shortcut_new(gtk_keyval_trigger_new(key, modifiers), gtk_named_action_new(action))
            gtk_shortcut_controller_add_shortcut(cast(controller), shortcut)
        }
        gtk_widget_add_controller(window, controller)
    }

    private func setEnabled(_ name: String, _ enabled: Bool) {
        if let action = actions[name] { g_simple_action_set_enabled(action, enabled ? 1 : 0) }
    }

    private func service(_ raw: String?) -> ServiceConfig? {
        guard let raw, let id = UUID(uuidString: raw) else { return nil }
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
            gtk_window_destroy(cast(window))
        case .kinds:
            showList()
        case .form:
            cancelTest()
            if formReturnsToList { showList() } else { gtk_window_destroy(cast(window)) }
        case .confirm:
            listMessage = nil
            if let form, let original = form.draft.original, original.id == confirming?.id {
                switchTo(.form, form.widget, title: "Edit \(original.displayName)")
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
                if self.formReturnsToList { self.showList() } else { gtk_window_destroy(cast(self.window)) }
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
