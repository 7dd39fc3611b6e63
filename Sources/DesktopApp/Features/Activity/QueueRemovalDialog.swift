import CGtk
import Core

/// Removing downloads from Sonarr's or Radarr's queue: what happens in the download client, and
/// whether the release is blocklisted — the choices the services offer (API-GUIDE-2 §4.2), each
/// explained in a sentence. Safe defaults: the client keeps the download and its files, nothing
/// is blocklisted. "Change category" is offered only when every picked download's client has a
/// post-import category (elsewhere the service fails with an error). Cancel has the focus.
@MainActor
final class QueueRemovalDialog {
    let window: Window
    private var answered = false
    private let onConfirm: @MainActor (QueueRemoval) -> Void
    private let onEnd: @MainActor () -> Void
    private(set) var dispositions: [(QueueRemoval.Disposition, CheckButton)] = []
    private(set) var blocklists: [(QueueRemoval.Blocklist, CheckButton)] = []

    init(over parent: (any WidgetRef)?, titles: [String], offerChangeCategory: Bool,
         onConfirm: @escaping @MainActor (QueueRemoval) -> Void, onEnd: @escaping @MainActor () -> Void = {}) {
        self.onConfirm = onConfirm
        self.onEnd = onEnd
        window = Window()
        let title = titles.count == 1 ? tr("Remove from the Queue?") : trn("Remove %d Download from the Queue?", "Remove %d Downloads from the Queue?", titles.count).fill(titles.count)
        window.title = title
        window.makeModal(over: parent)
        window.resizable = false
        window.addClasses(["confirm-dialog"])

        let column = Box.vertical(spacing: 8)
        column.margins(24)
        column.append(Label.wrapping(title, classes: ["title-2"], maxWidth: 40))
        let quoted = titles.prefix(3).map { tr("“%s”").fill($0) }
        // Translators: %1$s lists three names, %2$d is how many more there are.
        let names = titles.count > 3 ? trn("%1$s and %2$d more", "%1$s and %2$d more", titles.count - 3)
            .fill(quoted.joined(separator: trc("list separator", ", ")), titles.count - 3) : Strings.list(quoted)
        column.append(Label.wrapping(names, classes: ["dim-label"], maxWidth: 56))

        column.append(Label.heading(tr("In the download client")))
        var choices: [(QueueRemoval.Disposition, String, String)] = [
            (.ignore, tr("_Keep it in the client"), tr("Sonarr or Radarr stops tracking the download; the client keeps it and its files.")),
            (.removeFromClient, tr("_Remove it from the client and delete its files"),
             tr("The client deletes the download and the files it has downloaded.")),
        ]
        if offerChangeCategory {
            choices.insert((.changeCategory, tr("Change its c_ategory instead"),
                            tr("The client keeps the download and moves it to its post-import category.")), at: 1)
        }
        for (disposition, label, detail) in choices {
            dispositions.append((disposition, Self.option(label, detail, in: column, group: dispositions.first?.1)))
        }

        column.append(Label.heading(tr("Blocklist")))
        let blocklistChoices: [(QueueRemoval.Blocklist, String, String)] = [
            (.no, tr("_Do not blocklist"), tr("The release can be grabbed again.")),
            (.blocklistAndSearch, tr("Blocklist and _search for another"),
             tr("The release is never grabbed again, and a search for a replacement starts.")),
            (.blocklistOnly, tr("_Blocklist only"), tr("The release is never grabbed again; no new search starts.")),
        ]
        for (blocklist, label, detail) in blocklistChoices {
            blocklists.append((blocklist, Self.option(label, detail, in: column, group: blocklists.first?.1)))
        }
        dispositions.first?.1.active = true
        blocklists.first?.1.active = true

        let buttons = Box.horizontal(spacing: 12)
        buttons.halign = GTK_ALIGN_END
        buttons.margin(top: 12)
        let cancel = Button(mnemonic: tr("_Cancel"), name: tr("Cancel"))
        let proceed = Button()
        proceed.setChild(Label(titles.count == 1 ? tr("Remove") : trn("Remove %d", "Remove %d", titles.count).fill(titles.count)))
        proceed.setAccessibleLabel(titles.count == 1 ? tr("Remove") : trn("Remove %d download", "Remove %d downloads", titles.count).fill(titles.count))
        proceed.addClasses(["destructive-action"])
        buttons.append(cancel, proceed)
        column.append(buttons)
        window.setChild(column)
        window.setDefaultWidget(cancel)

        cancel.onClicked { [weak self] in self?.finish(confirmed: false) }
        proceed.onClicked { [weak self] in self?.finish(confirmed: true) }
        window.onDestroy { [weak self] in self?.finish(confirmed: false) }
        Shortcuts.add(to: window, triggers: ["Escape"]) { [weak self] in self?.finish(confirmed: false) }
        OnScreen.keep(self)
        window.present()
        cancel.grabFocus()
    }

    private static func option(_ label: String, _ detail: String, in column: Box, group: CheckButton?) -> CheckButton {
        let check = CheckButton(mnemonic: label)
        check.setAccessibleLabel(label.replacingOccurrences(of: "_", with: "") + ". " + detail)
        if let group { check.join(group) }
        let words = Label.wrapping(detail, classes: ["dim-label", "caption"], maxWidth: 56)
        words.margin(start: 28)
        column.append(check, words)
        return check
    }

    /// What the dialog would send now.
    var removal: QueueRemoval {
        QueueRemoval(disposition: dispositions.first { $0.1.active }?.0 ?? .ignore,
                     blocklist: blocklists.first { $0.1.active }?.0 ?? .no)
    }

    /// Picks choices as the user would (tests, inspection).
    func choose(_ disposition: QueueRemoval.Disposition, _ blocklist: QueueRemoval.Blocklist) {
        dispositions.first { $0.0 == disposition }?.1.active = true
        blocklists.first { $0.0 == blocklist }?.1.active = true
    }

    private func finish(confirmed: Bool) {
        guard !answered else { return }
        answered = true
        if confirmed { onConfirm(removal) }
        window.destroy()
        OnScreen.release(self)
        onEnd()
    }

    func answer(confirmed: Bool) { finish(confirmed: confirmed) }
}
