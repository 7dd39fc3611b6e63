import CGtk
import Core
import Foundation

// The details pane's two forms: where to move the transfer's data, and its own speed limits. Each is a dialog whose
// safe choice (Cancel) is the default; what it sends is one action for the transfer shown, read back after.
extension TransferDetailsPane {
    /// Asks for the folder to move the data to, starting from where the client says it is now.
    func askMove() {
        guard let item, confirmation == nil else { return confirmation?.window.present() ?? () }
        let current = generalRead?.savePath ?? ""
        let field = Entry(placeholder: "/data/downloads", activatesDefault: false)
        field.text = current
        field.setAccessibleLabel(tr("Folder on %s's machine").fill(clientName))
        let hint = Label.wrapping("", classes: ["dim-label", "caption"], maxWidth: 48)
        // Translators: %s is a download client's name.
        let caption = Label.line(tr("Folder on %s's machine").fill(clientName), classes: ["dim-label", "caption-heading"])
        caption.xalign = 0
        let dialog = ConfirmDialog(
            over: widget, title: tr("Move “%s”?").fill(item.name),
            // Translators: %s is a download client's name.
            detail: tr("%s moves the transfer's data to this folder on its own machine, making the folder if it is not there, and keeps the transfer there. A large transfer takes a while; it shows as moving meanwhile.").fill(clientName),
            confirm: tr("Move"), form: [caption, field, hint], destructive: false,
            answer: { [weak self] _ in self?.onAction?(.moveData(to: field.text), item) },
            onEnd: { [weak self] in self?.confirmation = nil })
        let check: @MainActor @Sendable () -> Void = { [weak dialog] in
            let folder = field.text
            let absolute = TransferDetailAction.isAbsoluteFolder(folder)
            dialog?.confirmButton.sensitive = absolute && folder != current
            hint.text = absolute || folder.isEmpty ? "" : tr("A full path on the client's machine, such as /data/downloads.")
            hint.visible = !hint.text.isEmpty
        }
        field.onChanged(check)
        check()
        confirmation = dialog
        _ = field.grabFocus()
    }

    /// Asks for this transfer's own limits, starting from the ones the client reports.
    func askLimits() {
        guard let item, confirmation == nil else { return confirmation?.window.present() ?? () }
        let grid = Grid(rowSpacing: 8, columnSpacing: 12)
        var rows: [(check: CheckButton, spin: SpinButton)] = []
        // Translators: the unit of the speed limit fields (1 kB/s = 1,000 bytes a second).
        let unit = tr("kB/s")
        for (index, (label, name, limit)) in [(tr("Limit _download to"), tr("Download limit in kilobytes a second"), generalRead?.downloadLimit),
                                             (tr("Limit _upload to"), tr("Upload limit in kilobytes a second"), generalRead?.uploadLimit)].enumerated() {
            let check = CheckButton(mnemonic: label)
            let spin = SpinButton(min: 1, max: Double(TransferDetailAction.maxSpeedLimit / 1000), step: 10)
            spin.value = Double(max(1, (limit ?? 1_000_000) / 1000))
            spin.setAccessibleLabel(name)
            check.active = limit != nil
            spin.sensitive = check.active
            check.onToggled { spin.sensitive = check.active }
            grid.attach(check, column: 0, row: Int32(index))
            grid.attach(spin, column: 1, row: Int32(index))
            grid.attach(Label.line(unit, classes: ["dim-label"]), column: 2, row: Int32(index))
            rows.append((check, spin))
        }
        let limit = { (row: (check: CheckButton, spin: SpinButton)) -> Int64? in
            row.check.active ? Int64(row.spin.value.rounded()) * 1000 : nil
        }
        confirmation = ConfirmDialog(
            over: widget, title: tr("Speed limits of “%s”").fill(item.name),
            // Translators: %s is a download client's name.
            detail: tr("Limits of this transfer alone. %s's own limits for all transfers still apply.").fill(clientName),
            confirm: tr("Set Limits"), form: [grid], destructive: false,
            answer: { [weak self] _ in self?.onAction?(.setSpeedLimits(down: limit(rows[0]), up: limit(rows[1])), item) },
            onEnd: { [weak self] in self?.confirmation = nil })
    }

    /// A form of one text field starting from `current` (a name, an address): its button on while the text is one
    /// `accepts` takes and differs from `current`; confirmed, the action `send` makes of the text, for the transfer shown.
    func askOneField(title: String, detail: String, label: String, current: String, confirm: String,
                     accepts: @escaping @MainActor @Sendable (String) -> Bool, send: @escaping (String) -> TransferDetailAction) {
        guard let item else { return }
        let field = Entry(placeholder: current, activatesDefault: false)
        field.text = current
        field.setAccessibleLabel(label)
        let dialog = ConfirmDialog(over: widget, title: title, detail: detail, confirm: confirm, form: [field], destructive: false,
                                   answer: { [weak self] _ in self?.onAction?(send(field.text), item) },
                                   onEnd: { [weak self] in self?.confirmation = nil })
        let check: @MainActor @Sendable () -> Void = { [weak dialog] in
            dialog?.confirmButton.sensitive = accepts(field.text) && field.text != current
        }
        dialog.confirmsOnEnter(in: field)
        field.onChanged(check)
        check()
        confirmation = dialog
        _ = field.grabFocus()
    }
}
