import CGtk
import Core
import Foundation

/// The add/edit form for one service: exactly its kind's credential fields,
/// addresses checked as typed, and the connection test's result in place.
/// Secret fields are password entries that start empty: the stored value is
/// never read back into the window.
@MainActor
final class ServiceForm {
    /// The form's root: a scroller around the fields.
    let view: ScrolledWindow
    var widget: Widget { view.widget }
    private(set) var draft: ServiceDraft
    /// Whether the keyring holds a complete credential for this service (edit only).
    let hasStoredCredential: Bool
    /// Called after every edit (the dialog updates Save and Test).
    var onChange: (() -> Void)?

    private let nameEntry: Entry
    private let localEntry: Entry
    private let remoteEntry: Entry
    private let plainHTTPCheck: CheckButton
    private let preferenceDropDown: DropDown
    private var secretEntries: [CredentialField: Entry] = [:]
    private let headersView: TextView
    private let nameError: Label
    private let localError: Label
    private let remoteError: Label
    private let addressesHint: Label
    private let credentialHint: Label
    private let headersError: Label
    private let messageBox: Box
    private let messageLabel: Label
    private let testButton: Button
    private let cancelTestButton: Button
    private let spinner: Spinner
    private let resultIcon: Image
    private let resultLabel: Label
    private var filling = false

    init(draft: ServiceDraft, hasStoredCredential: Bool) {
        self.draft = draft
        self.hasStoredCredential = hasStoredCredential
        let column = Box.vertical(spacing: 6)
        column.margins(24, top: 12)

        // A message about the whole form (a refused save, the keyring), above everything.
        messageBox = Box.horizontal(spacing: 10, classes: ["card", "stale-bar"])
        let messageIcon = Image.decorative("dialog-warning-symbolic")
        messageIcon.margin(start: 12)
        messageLabel = Label.wrapping("")
        messageLabel.hexpand = true
        messageLabel.margins(10, start: 0)
        messageBox.append(messageIcon, messageLabel)
        messageBox.visible = false
        messageBox.margin(bottom: 6)
        column.append(messageBox)

        let grid = Grid(rowSpacing: 6, columnSpacing: 12)
        var row: Int32 = 0
        /// `target` is the widget the caption's mnemonic focuses and that carries the accessible
        /// name, when it is not `field` itself (a text view inside its frame).
        func place(_ label: String?, _ field: any WidgetRef, accessibleName: String? = nil, target inner: (any WidgetRef)? = nil) {
            let target: any WidgetRef
            if let inner { target = inner } else { target = field } // not `??`: its autoclosure would send `field`
            if let label {
                let caption = Label(label, mnemonic: true)
                caption.xalign = 1
                caption.valign = GTK_ALIGN_START
                caption.margin(top: 7)
                caption.labels(target)
                grid.attach(caption, column: 0, row: row)
            }
            field.hexpand = true
            if let accessibleName { target.setAccessibleLabel(accessibleName) }
            grid.attach(field, column: 1, row: row)
            row += 1
        }
        func note(_ text: String, error: Bool = false) -> Label {
            let label = Label.wrapping(text, classes: error ? ["field-error", "caption"] : ["dim-label", "caption"], maxWidth: 56)
            grid.attach(label, column: 1, row: row)
            row += 1
            return label
        }

        nameEntry = Entry(placeholder: draft.kind.displayName)
        place(tr("_Name"), nameEntry, accessibleName: tr("Name"))
        nameError = note("", error: true)

        localEntry = Entry(placeholder: tr("http://192.168.1.10:%s").fill(draft.kind.defaultPort) + draft.kind.usualPath)
        place(tr("_Local address"), localEntry, accessibleName: tr("Local address"))
        localError = note("", error: true)
        plainHTTPCheck = CheckButton(mnemonic: tr("Allow plain _HTTP on the local network"))
        place(nil, plainHTTPCheck, accessibleName: tr("Allow plain HTTP on the local network"))
        _ = note(tr("Only for an address inside your own network: plain HTTP is not encrypted, so the key travels readable."))

        remoteEntry = Entry(placeholder: tr("https://%s.example.org").fill(draft.kind.rawValue) + draft.kind.usualPath)
        place(tr("_Remote address"), remoteEntry, accessibleName: tr("Remote address"))
        remoteError = note("", error: true)

        preferenceDropDown = DropDown([tr("Automatic (local first)"), tr("Local address only"), tr("Remote address only")],
                                      name: tr("Connect via"))
        preferenceDropDown.halign = GTK_ALIGN_START
        place(tr("Connect _via"), preferenceDropDown)
        UI.nameDropDown(preferenceDropDown.widget, tr("Connect via"))
        addressesHint = note("")

        let heading = Label.heading(tr("Credentials"))
        grid.attach(heading, column: 1, row: row)
        row += 1
        _ = note(hasStoredCredential
                 ? tr("Stored in your keyring. Leave a field empty to keep its stored value.")
                 : tr("Stored in your keyring, never in a file."))
        let keep = tr("Stored in keyring — leave empty to keep")
        for field in draft.kind.credentialShape.fields {
            let (label, name) = Self.caption(field)
            let entry = field == .username ? Entry(placeholder: hasStoredCredential ? keep : "")
                                           : Entry(password: hasStoredCredential ? keep : "")
            place(label, entry, accessibleName: name)
            secretEntries[field] = entry
        }
        credentialHint = note("")

        headersView = TextView(monospace: true, acceptsTab: false)
        headersView.margins(6)
        let headersFrame = Frame(headersView)
        headersFrame.sizeRequest(width: -1, height: 64)
        place(tr("Gateway h_eaders"), headersFrame, accessibleName: tr("Gateway headers"), target: headersView)
        _ = note(hasStoredCredential
                 ? tr("Optional, for a sign-in gateway in front of the service: one “Name: value” per line. Stored in your keyring; leave empty to keep the stored headers.")
                 : tr("Optional, for a sign-in gateway in front of the service: one “Name: value” per line. Stored in your keyring."))
        headersError = note("", error: true)
        column.append(grid)

        // The connection test: button, progress and result, in place.
        let testRow = Box.horizontal(spacing: 12)
        testRow.margin(top: 12)
        testButton = Button(tr("_Test Connection"), action: "settings.test")
        cancelTestButton = Button(tr("Cancel _Test"), action: "settings.cancel-test")
        cancelTestButton.visible = false
        spinner = Spinner()
        spinner.setAccessibleLabel(tr("Testing the connection"))
        spinner.visible = false
        resultIcon = Image()
        resultIcon.hideFromAccessibility()
        resultIcon.valign = GTK_ALIGN_START
        resultIcon.margin(top: 2)
        resultLabel = Label.wrapping("")
        resultLabel.selectable = false
        resultLabel.hexpand = true
        let result = Box.horizontal(spacing: 8)
        result.append(spinner, resultIcon, resultLabel)
        testButton.valign = GTK_ALIGN_START
        cancelTestButton.valign = GTK_ALIGN_START
        testRow.append(testButton, cancelTestButton, result)
        column.append(testRow)

        if !draft.isNew {
            let remove = Button(tr("Re_move Service…"), action: "settings.remove-current", classes: ["destructive-action"])
            remove.halign = GTK_ALIGN_START
            remove.margin(top: 24)
            remove.setAccessibleLabel(tr("Remove %s").fill(draft.displayName))
            column.append(remove)
        }

        view = ScrolledWindow(column)
        fill(draft)
        connectSignals()
    }

    // MARK: Reading and filling

    /// Shows `draft`'s non-secret fields (secrets are never shown).
    func fill(_ draft: ServiceDraft) {
        filling = true
        nameEntry.text = draft.displayName
        localEntry.text = draft.localAddress
        remoteEntry.text = draft.remoteAddress
        plainHTTPCheck.active = draft.allowPlainHTTPOnLocal
        preferenceDropDown.selected = switch draft.preference { case .automatic: 0; case .local: 1; case .remote: 2 }
        filling = false
        self.draft = draft
        update()
    }

    private func read() {
        draft.displayName = nameEntry.text
        draft.localAddress = localEntry.text
        draft.remoteAddress = remoteEntry.text
        draft.allowPlainHTTPOnLocal = plainHTTPCheck.active
        draft.preference = switch preferenceDropDown.selected {
        case 1: .local
        case 2: .remote
        default: .automatic
        }
        var secrets = Credential()
        for (field, entry) in secretEntries { secrets[field] = entry.text }
        draft.secrets = secrets
        draft.headersText = headersView.text
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
        localEntry.setAccessibleDescription(local ?? "")
        remoteEntry.setAccessibleDescription(remote ?? "")
    }

    private func show(_ text: String?, in label: Label) {
        label.text = text ?? ""
        label.visible = text != nil
    }

    // MARK: Messages and the test

    /// A message about the whole form, or nil to hide it.
    func showMessage(_ text: String?) {
        messageLabel.text = text ?? ""
        messageBox.visible = text != nil
    }

    func showTesting() {
        testButton.visible = false
        cancelTestButton.visible = true
        spinner.visible = true
        spinner.spinning = true
        resultIcon.visible = false
        resultLabel.text = tr("Testing…")
    }

    func showTestResult(_ result: Result<ConnectionReport, ServiceError>?) {
        spinner.spinning = false
        spinner.visible = false
        cancelTestButton.visible = false
        testButton.visible = true
        switch result {
        case nil:
            resultIcon.visible = false
            resultLabel.text = ""
        case .success(let report)?:
            resultIcon.setIcon("emblem-ok-symbolic")
            resultIcon.visible = true
            resultLabel.text = report.sentence
        case .failure(let error)?:
            resultIcon.setIcon(error == .cancelled ? "process-stop-symbolic" : "dialog-error-symbolic")
            resultIcon.visible = true
            resultLabel.text = Self.testFailure(error, shape: draft.kind.credentialShape)
        }
    }

    /// The test's failure as a sentence about the values in the form.
    nonisolated static func testFailure(_ error: ServiceError, shape: CredentialShape) -> String {
        switch error {
        case .cancelled: return tr("Test cancelled.")
        case .unauthorized:
            switch shape {
            case .apiKey: return tr("Test failed: the service refused this API key.")
            case .usernamePassword: return tr("Test failed: the service refused this user name and password.")
            case .passwordOnly: return tr("Test failed: the service refused this password.")
            }
        default: return tr("Test failed: %s").fill(ErrorText.sentence(error))
        }
    }

    /// Puts the keyboard focus on the first field.
    func focusFirstField() {
        nameEntry.grabFocus()
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
            entry.onChanged(changed)
        }
        plainHTTPCheck.onToggled(changed)
        preferenceDropDown.onSelected(changed)
        headersView.onChanged(changed)
    }

    private static func caption(_ field: CredentialField) -> (label: String, name: String) {
        switch field {
        case .apiKey: (tr("API _key"), tr("API key"))
        case .username: (tr("_User name"), tr("User name"))
        case .password: (tr("_Password"), tr("Password"))
        }
    }
}
