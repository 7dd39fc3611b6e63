import CGtk
import Core
import Foundation

// A usenet job's archive password (More ▸ Archive Password…) and a failed job's second chance (More ▸ Download
// Again…). The password is typed into a password field, sent once to the client and kept nowhere by Switchyard.
extension TransferDetailsPane {
    func askArchivePassword() {
        guard let item, confirmation == nil else { return confirmation?.window.present() ?? () }
        let field = Entry(password: tr("Password"))
        field.setAccessibleLabel(tr("Archive password"))
        let dialog = ConfirmDialog(
            over: widget, title: tr("Archive password of “%s”").fill(item.name),
            // Translators: %s is a download client's name.
            detail: tr("%s tries this password when it unpacks the job. Switchyard sends it once and keeps it nowhere.").fill(clientName),
            confirm: tr("Set Password"), form: [field], destructive: false,
            answer: { [weak self] _ in self?.onAction?(.setArchivePassword(ArchivePassword(field.text)), item) },
            onEnd: { [weak self] in self?.confirmation = nil })
        let check: @MainActor @Sendable () -> Void = { [weak dialog] in
            dialog?.confirmButton.sensitive = ArchivePassword(field.text).isValid
        }
        dialog.confirmsOnEnter(in: field)
        field.onChanged(check)
        check()
        confirmation = dialog
        _ = field.grabFocus()
    }

    /// Asks before a failed job is downloaded again (it fetches the whole job from the news servers once more).
    func confirmRetry() {
        guard let item, confirmation == nil else { return confirmation?.window.present() ?? () }
        confirmation = ConfirmDialog(
            over: widget, title: tr("Download “%s” again?").fill(item.name),
            // Translators: %s is a download client's name.
            detail: tr("%s takes the failed job out of its history and puts it back in its queue to download again from its news servers.").fill(clientName),
            confirm: tr("Download Again"), form: [], destructive: false,
            answer: { [weak self] _ in self?.onAction?(.retry, item) },
            onEnd: { [weak self] in self?.confirmation = nil })
    }
}
