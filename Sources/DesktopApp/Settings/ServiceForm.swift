import CGtk
import Core
import Foundation

/// The add/edit form for one service: exactly its kind's credential fields,
/// addresses checked as typed, and the connection test's result in place.
/// Secret fields are password entries that start empty: the stored value is
/// never read back into the window.
@MainActor
final class ServiceForm {
    let widget: Widget
    private(set) var draft: ServiceDraft
    /// Whether the keyring holds a complete credential for this service (edit only).
    let hasStoredCredential: Bool
    /// Called after every edit (the dialog updates Save and Test).
    var onChange: (() -> Void)?

    private let nameEntry: Widget
    private let localEntry: Widget
    private let remoteEntry: Widget
    private let plainHTTPCheck: Widget
    private let preferenceDropDown: Widget
    private var secretEntries: [CredentialField: Widget] = [:]
    private let headersView: Widget
    private let nameError: Widget
    private let localError: Widget
    private let remoteError: Widget
    private let addressesHint: Widget
    private let credentialHint: Widget
    private let headersError: Widget
    private let messageBox: Widget
    private let messageLabel: Widget
    private let testButton: Widget
    private let cancelTestButton: Widget
    private let spinner: Widget
    private let resultIcon: Widget
    private let resultLabel: Widget
    private var filling = false

    init(draft: ServiceDraft, hasStoredCredential: Bool) {
        self.draft = draft
        self.hasStoredCredential = hasStoredCredential
        let column = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        UI.margins(column, 24)
        gtk_widget_set_margin_top(column, 12)

        // A message about the whole form (a refused save, the keyring), above everything.
        messageBox = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 10, classes: ["card", "stale-bar"])
        let messageIcon = gtk_image_new_from_icon_name("dialog-warning-symbolic")!
        UI.hideFromAccessibility(messageIcon)
        gtk_widget_set_margin_start(messageIcon, 12)
        messageLabel = UI.label("", wrap: true)
        gtk_label_set_xalign(cast(messageLabel), 0)
        gtk_widget_set_hexpand(messageLabel, 1)
        UI.margins(messageLabel, 10)
        gtk_widget_set_margin_start(messageLabel, 0)
        UI.append(messageBox, messageIcon, messageLabel)
        gtk_widget_set_visible(messageBox, 0)
        gtk_widget_set_margin_bottom(messageBox, 6)
        UI.append(column, messageBox)

        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 6)
        gtk_grid_set_column_spacing(cast(grid), 12)
        var row: Int32 = 0
        /// `target` is the widget the caption's mnemonic focuses and that carries the accessible
        /// name, when it is not `field` itself (a text view inside its frame).
        func place(_ label: String?, _ field: Widget, accessibleName: String? = nil, target inner: Widget? = nil) {
            var target = field
            if let inner { target = inner }
            if let label {
                let caption = gtk_label_new_with_mnemonic(label)!
                gtk_label_set_xalign(cast(caption), 1)
                gtk_widget_set_valign(caption, GTK_ALIGN_START)
                gtk_widget_set_margin_top(caption, 7)
                gtk_label_set_mnemonic_widget(cast(caption), target)
                gtk_grid_attach(cast(grid), caption, 0, row, 1, 1)
            }
            gtk_widget_set_hexpand(field, 1)
            if let accessibleName { UI.setAccessibleLabel(target, accessibleName) }
            gtk_grid_attach(cast(grid), field, 1, row, 1, 1)
            row += 1
        }
        func note(_ text: String, error: Bool = false) -> Widget {
            let label = UI.label(text, classes: error ? ["field-error", "caption"] : ["dim-label", "caption"], wrap: true)
            gtk_label_set_xalign(cast(label), 0)
            gtk_label_set_max_width_chars(cast(label), 56)
            gtk_grid_attach(cast(grid), label, 1, row, 1, 1)
            row += 1
            return label
        }

        nameEntry = Self.entry(placeholder: draft.kind.displayName)
        place("_Name", nameEntry, accessibleName: "Name")
        nameError = note("", error: true)

        localEntry = Self.entry(placeholder: "http://192.168.1.10:\(draft.kind.defaultPort)")
        place("_Local address", localEntry, accessibleName: "Local address")
        localError = note("", error: true)
        plainHTTPCheck = gtk_check_button_new_with_mnemonic("Allow plain _HTTP on the local network")!
        place(nil, plainHTTPCheck, accessibleName: "Allow plain HTTP on the local network")
        _ = note("Only for an address inside your own network: plain HTTP is not encrypted, so the key travels readable.")

        remoteEntry = Self.entry(placeholder: "https://\(draft.kind.rawValue).example.org")
        place("_Remote address", remoteEntry, accessibleName: "Remote address")
        remoteError = note("", error: true)

        preferenceDropDown = UI.dropDown(["Automatic (local first)", "Local address only", "Remote address only"],
                                         name: "Connect via")
        gtk_widget_set_halign(preferenceDropDown, GTK_ALIGN_START)
        place("Connect _via", preferenceDropDown)
        UI.nameDropDown(preferenceDropDown, "Connect via")
        addressesHint = note("")

        let heading = UI.heading("Credentials")
        gtk_grid_attach(cast(grid), heading, 1, row, 1, 1)
        row += 1
        _ = note(hasStoredCredential
                 ? "Stored in your keyring. Leave a field empty to keep its stored value."
                 : "Stored in your keyring, never in a file.")
        let keep = "Stored in keyring — leave empty to keep"
        for field in draft.kind.credentialShape.fields {
            let (label, name) = Self.caption(field)
            let entry = field == .username ? Self.entry(placeholder: hasStoredCredential ? keep : "")
                                           : Self.passwordEntry(placeholder: hasStoredCredential ? keep : "")
            place(label, entry, accessibleName: name)
            secretEntries[field] = entry
        }
        credentialHint = note("")

        headersView = gtk_text_view_new()!
        gtk_text_view_set_monospace(cast(headersView), 1)
        gtk_text_view_set_accepts_tab(cast(headersView), 0)
        UI.margins(headersView, 6)
        let headersFrame = gtk_frame_new(nil)!
        gtk_frame_set_child(cast(headersFrame), headersView)
        gtk_widget_set_size_request(headersFrame, -1, 64)
        place("Gateway h_eaders", headersFrame, accessibleName: "Gateway headers", target: headersView)
        _ = note(hasStoredCredential
                 ? "Optional, for a sign-in gateway in front of the service: one “Name: value” per line. Stored in your keyring; leave empty to keep the stored headers."
                 : "Optional, for a sign-in gateway in front of the service: one “Name: value” per line. Stored in your keyring.")
        headersError = note("", error: true)
        UI.append(column, grid)

        // The connection test: button, progress and result, in place.
        let testRow = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        gtk_widget_set_margin_top(testRow, 12)
        testButton = UI.button("_Test Connection", action: "settings.test")
        cancelTestButton = UI.button("Cancel _Test", action: "settings.cancel-test")
        gtk_widget_set_visible(cancelTestButton, 0)
        spinner = gtk_spinner_new()!
        UI.setAccessibleLabel(spinner, "Testing the connection")
        gtk_widget_set_visible(spinner, 0)
        resultIcon = gtk_image_new()!
        UI.hideFromAccessibility(resultIcon)
        gtk_widget_set_valign(resultIcon, GTK_ALIGN_START)
        gtk_widget_set_margin_top(resultIcon, 2)
        resultLabel = UI.label("", wrap: true)
        gtk_label_set_xalign(cast(resultLabel), 0)
        gtk_label_set_selectable(cast(resultLabel), 0)
        gtk_widget_set_hexpand(resultLabel, 1)
        let result = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        UI.append(result, spinner, resultIcon, resultLabel)
        gtk_widget_set_valign(testButton, GTK_ALIGN_START)
        gtk_widget_set_valign(cancelTestButton, GTK_ALIGN_START)
        UI.append(testRow, testButton, cancelTestButton, result)
        UI.append(column, testRow)

        if !draft.isNew {
            let remove = UI.button("Re_move Service…", action: "settings.remove-current", classes: ["destructive-action"])
            gtk_widget_set_halign(remove, GTK_ALIGN_START)
            gtk_widget_set_margin_top(remove, 24)
            UI.setAccessibleLabel(remove, "Remove \(draft.displayName)")
            UI.append(column, remove)
        }

        widget = UI.scrolled(column)
        fill(draft)
        connectSignals()
    }

    // MARK: Reading and filling

    /// Shows `draft`'s non-secret fields (secrets are never shown).
    func fill(_ draft: ServiceDraft) {
        filling = true
        gtk_editable_set_text(cast(nameEntry), draft.displayName)
        gtk_editable_set_text(cast(localEntry), draft.localAddress)
        gtk_editable_set_text(cast(remoteEntry), draft.remoteAddress)
        gtk_check_button_set_active(cast(plainHTTPCheck), draft.allowPlainHTTPOnLocal ? 1 : 0)
        let index: guint = switch draft.preference { case .automatic: 0; case .local: 1; case .remote: 2 }
        gtk_drop_down_set_selected(cast(preferenceDropDown), index)
        filling = false
        self.draft = draft
        update()
    }

    private func read() {
        draft.displayName = Self.text(nameEntry)
        draft.localAddress = Self.text(localEntry)
        draft.remoteAddress = Self.text(remoteEntry)
        draft.allowPlainHTTPOnLocal = gtk_check_button_get_active(cast(plainHTTPCheck)) != 0
        draft.preference = switch gtk_drop_down_get_selected(cast(preferenceDropDown)) {
        case 1: .local
        case 2: .remote
        default: .automatic
        }
        var secrets = Credential()
        for (field, entry) in secretEntries { secrets[field] = Self.text(entry) }
        draft.secrets = secrets
        let buffer = gtk_text_view_get_buffer(cast(headersView))
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        if let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) {
            draft.headersText = String(cString: text)
            g_free(text)
        }
    }

    /// Whether Save may run: no problems, and a full credential for a service that has none stored.
    var canSave: Bool { draft.problems(requireCredential: !hasStoredCredential).isEmpty }
    /// Whether Test may run: the addresses are valid and a credential is typed or stored.
    var canTest: Bool {
        draft.config() != nil && (hasStoredCredential || draft.candidate.satisfies(draft.kind.credentialShape))
    }

    private func update() {
        let problems = draft.problems(requireCredential: !hasStoredCredential)
        let local = problems.localAddress.map { ErrorText.sentence($0, role: .local) }
        let remote = problems.remoteAddress.map { ErrorText.sentence($0, role: .remote) }
        show(problems.nameMissing ? ErrorText.nameMissing : nil, in: nameError)
        show(local, in: localError)
        show(remote, in: remoteError)
        show(problems.headers.map(ErrorText.sentence), in: headersError)
        // Missing addresses or credentials are what is left to do, not a mistake: dim hints.
        show(problems.addresses.map(ErrorText.sentence), in: addressesHint)
        show(problems.credential.map(ErrorText.credentialPrompt), in: credentialHint)
        // Screen readers hear the field's problem with the field.
        UI.setAccessibleDescription(localEntry, local ?? "")
        UI.setAccessibleDescription(remoteEntry, remote ?? "")
    }

    private func show(_ text: String?, in label: Widget) {
        gtk_label_set_text(cast(label), text ?? "")
        gtk_widget_set_visible(label, text == nil ? 0 : 1)
    }

    // MARK: Messages and the test

    /// A message about the whole form, or nil to hide it.
    func showMessage(_ text: String?) {
        gtk_label_set_text(cast(messageLabel), text ?? "")
        gtk_widget_set_visible(messageBox, text == nil ? 0 : 1)
    }

    func showTesting() {
        gtk_widget_set_visible(testButton, 0)
        gtk_widget_set_visible(cancelTestButton, 1)
        gtk_widget_set_visible(spinner, 1)
        gtk_spinner_start(cast(spinner))
        gtk_widget_set_visible(resultIcon, 0)
        gtk_label_set_text(cast(resultLabel), "Testing…")
    }

    func showTestResult(_ result: Result<ConnectionReport, ServiceError>?) {
        gtk_spinner_stop(cast(spinner))
        gtk_widget_set_visible(spinner, 0)
        gtk_widget_set_visible(cancelTestButton, 0)
        gtk_widget_set_visible(testButton, 1)
        switch result {
        case nil:
            gtk_widget_set_visible(resultIcon, 0)
            gtk_label_set_text(cast(resultLabel), "")
        case .success(let report)?:
            gtk_image_set_from_icon_name(cast(resultIcon), "emblem-ok-symbolic")
            gtk_widget_set_visible(resultIcon, 1)
            gtk_label_set_text(cast(resultLabel), report.sentence)
        case .failure(let error)?:
            gtk_image_set_from_icon_name(cast(resultIcon), error == .cancelled ? "process-stop-symbolic" : "dialog-error-symbolic")
            gtk_widget_set_visible(resultIcon, 1)
            gtk_label_set_text(cast(resultLabel), Self.testFailure(error, shape: draft.kind.credentialShape))
        }
    }

    /// The test's failure as a sentence about the values in the form.
    nonisolated static func testFailure(_ error: ServiceError, shape: CredentialShape) -> String {
        switch error {
        case .cancelled: return "Test cancelled."
        case .unauthorized:
            switch shape {
            case .apiKey: return "Test failed: the service refused this API key."
            case .usernamePassword: return "Test failed: the service refused this user name and password."
            case .passwordOnly: return "Test failed: the service refused this password."
            }
        default: return "Test failed: \(ErrorText.sentence(error))"
        }
    }

    /// Puts the keyboard focus on the first field.
    func focusFirstField() {
        gtk_widget_grab_focus(nameEntry)
    }

    // MARK: Widgets

    private func connectSignals() {
        let changed: VoidHandler = { [weak self] in
            guard let self, !self.filling else { return }
            self.read()
            self.update()
            self.showMessage(nil)
            self.onChange?()
        }
        for entry in [nameEntry, localEntry, remoteEntry] + Array(secretEntries.values) {
            onSignal(entry, "changed", changed)
        }
        onSignal(plainHTTPCheck, "toggled", changed)
        onSignal(preferenceDropDown, "notify::selected", withArgument: { _ in changed() })
        onSignal(gtk_text_view_get_buffer(cast(headersView)), "changed", changed)
    }

    private static func entry(placeholder: String) -> Widget {
        let entry = gtk_entry_new()!
        gtk_entry_set_placeholder_text(cast(entry), placeholder)
        gtk_entry_set_activates_default(cast(entry), 1)
        return entry
    }

    private static func passwordEntry(placeholder: String) -> Widget {
        let entry = gtk_password_entry_new()!
        gtk_password_entry_set_show_peek_icon(cast(entry), 1)
        UI.setProperty(UnsafeMutableRawPointer(entry), "placeholder-text", placeholder)
        UI.setProperty(UnsafeMutableRawPointer(entry), "activates-default", true)
        return entry
    }

    private static func caption(_ field: CredentialField) -> (label: String, name: String) {
        switch field {
        case .apiKey: ("API _key", "API key")
        case .username: ("_User name", "User name")
        case .password: ("_Password", "Password")
        }
    }

    private static func text(_ editable: Widget) -> String {
        gtk_editable_get_text(cast(editable)).map { String(cString: $0) } ?? ""
    }
}
