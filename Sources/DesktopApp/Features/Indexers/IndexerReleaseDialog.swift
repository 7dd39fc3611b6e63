import CGtk
import Core
import Foundation

/// Where a search result goes: through Prowlarr to its own download client (picked first: the link
/// never leaves Prowlarr), or straight to one of the user's transfer clients that take its protocol —
/// then the dialog says that the client will keep a link holding Prowlarr's API key. Cancel is the
/// default; Escape and closing cancel. Sent once when answered.
@MainActor
final class IndexerReleaseDialog {
    enum Choice: Equatable {
        case manager
        case client(ServiceRef)
    }

    let window: Window
    private let release: IndexerRelease
    private var choices: [(Choice, CheckButton)] = []
    private let warning: Label
    private let send: Button
    private var answered = false
    private let onChoose: @MainActor (Choice) -> Void

    init(over parent: (any WidgetRef)?, release: IndexerRelease, manager: String, clients: [ServiceRef], now: Date,
         onChoose: @escaping @MainActor (Choice) -> Void) {
        self.release = release
        self.onChoose = onChoose
        window = Window()
        window.title = tr("Grab “%s”").fill(release.title)
        window.makeModal(over: parent)
        window.resizable = false

        let column = Box.vertical(spacing: 10)
        column.margins(24)
        column.append(Label.wrapping(tr("Grab “%s”").fill(release.title), classes: ["title-3"], maxWidth: 50))
        column.append(Label.wrapping(IndexerResultRow.facts(release, now: now), classes: ["dim-label"], maxWidth: 60))
        let viaManager = CheckButton(mnemonic: tr("_Through %s, to its download client (recommended)").fill(Mnemonic.escaped(manager)))
        viaManager.active = true
        column.append(viaManager)
        choices.append((.manager, viaManager))
        if release.link != nil {
            for client in clients {
                let check = CheckButton(mnemonic: tr("Straight to %s").fill(Mnemonic.escaped(client.name)))
                check.join(viaManager)
                column.append(check)
                choices.append((.client(client), check))
            }
        }
        if release.link == nil {
            column.append(Label.wrapping(tr("Prowlarr gave no download link for this result: only Prowlarr can grab it."),
                                         classes: ["dim-label", "caption"], maxWidth: 60))
        } else if clients.isEmpty {
            column.append(Label.wrapping(tr("No enabled transfer client here takes this kind of download."),
                                         classes: ["dim-label", "caption"], maxWidth: 60))
        }
        warning = Label.wrapping(tr("The client will store a download link that contains Prowlarr's API key. Anyone who can see that client's transfers can read the key."),
                                 classes: ["caption", "warning"], maxWidth: 60)
        warning.visible = false
        column.append(warning)

        let buttons = Box.horizontal(spacing: 12)
        buttons.halign = GTK_ALIGN_END
        buttons.margin(top: 12)
        let cancel = Button(mnemonic: tr("_Cancel"), name: tr("Cancel"))
        send = Button(mnemonic: tr("_Grab"), name: tr("Grab"))
        send.addClasses(["suggested-action"])
        buttons.append(cancel, send)
        column.append(buttons)
        window.setChild(column)
        window.setDefaultWidget(cancel)

        for (_, check) in choices { check.onToggled { [weak self] in self?.choiceChanged() } }
        cancel.onClicked { [weak self] in self?.finish(nil) }
        send.onClicked { [weak self] in self?.finish(self?.chosen) }
        window.onDestroy { [weak self] in self?.finish(nil) }
        Shortcuts.add(to: window, triggers: ["Escape"]) { [weak self] in self?.finish(nil) }
        OnScreen.keep(self)
        window.present()
        cancel.grabFocus()
    }

    var chosen: Choice? { choices.first { $0.1.active }?.0 }

    /// Picks a choice as the user would (tests, inspection).
    func pick(_ index: Int) {
        guard index < choices.count else { return }
        choices[index].1.active = true
    }

    var warningShown: Bool { warning.visible }
    var choiceNames: [String] {
        choices.map { choice, _ in
            switch choice {
            case .manager: "Prowlarr"
            case .client(let ref): ref.name
            }
        }
    }

    private func choiceChanged() {
        let toClient = chosen.map { $0 != .manager } ?? false
        warning.visible = toClient
        send.setChild(Label(toClient ? tr("Send with the Key") : tr("Grab")))
        send.setAccessibleLabel(toClient ? tr("Send with Prowlarr's key in the link") : tr("Grab"))
    }

    /// Answers as the user would (tests, inspection): `choice` nil cancels.
    func answer(_ choice: Choice?) { finish(choice) }

    private func finish(_ choice: Choice?) {
        guard !answered else { return }
        answered = true
        if let choice { onChoose(choice) }
        window.destroy()
        OnScreen.release(self)
    }
}
