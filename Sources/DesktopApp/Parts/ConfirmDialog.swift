import CGtk

/// Asks before something that cannot be undone. The safe choice (Cancel) is the default
/// and has the focus; Escape and closing the window cancel. Made when asked for and
/// destroyed when answered (GTK 4.8 accessibility rules).
@MainActor
final class ConfirmDialog {
    /// A choice under a heading: exactly one of its options is picked, the first (the safe one) when the dialog opens.
    struct Choices {
        var heading: String
        /// Each option's label (with a mnemonic) and the sentence under it saying what it does.
        var options: [(label: String, detail: String)]
    }

    /// What the user confirmed: each check's state, and the option picked in each choice (its index).
    struct Answer {
        var checks: [Bool]
        var picks: [Int]
    }

    let window: Window
    private var answered = false
    private let onConfirm: @MainActor (Answer) -> Void
    private let onEnd: @MainActor () -> Void
    /// The options' check buttons (all off when the dialog opens: the safe choice).
    private(set) var checks: [CheckButton] = []
    /// Each choice's radio buttons, in order.
    private(set) var choices: [[CheckButton]] = []
    /// The request shown, when there is one.
    private var codeLabel: Label?
    /// The button that confirms (a form's dialog makes it insensitive while the form cannot be sent).
    let confirmButton = Button()

    /// `confirm` names the action ("Remove and Delete Files"); `onEnd` runs once either way.
    convenience init(over parent: (any WidgetRef)?, title: String, detail: String, confirm: String,
                     onConfirm: @escaping @MainActor () -> Void, onEnd: @escaping @MainActor () -> Void = {}) {
        self.init(over: parent, title: title, detail: detail, confirm: confirm, options: [], onConfirm: { _ in onConfirm() }, onEnd: onEnd)
    }

    /// With check-button `options` only: `onConfirm` gets their states.
    convenience init(over parent: (any WidgetRef)?, title: String, detail: String, confirm: String,
                     options: [(label: String, detail: String)], code: String? = nil, codeName: String? = nil, destructive: Bool = true,
                     onConfirm: @escaping @MainActor ([Bool]) -> Void, onEnd: @escaping @MainActor () -> Void = {}) {
        self.init(over: parent, title: title, detail: detail, confirm: confirm, options: options, code: code, codeName: codeName,
                  destructive: destructive, answer: { onConfirm($0.checks) }, onEnd: onEnd)
    }

    /// With `options`: check buttons (label with a mnemonic, and a sentence under it saying what it does),
    /// all off. With `choices`: a heading and radio buttons each, the first picked. `answer` gets both.
    /// With `code`: shown as sent (monospace, selectable) under the detail — a request the user checks
    /// before it goes. `destructive: false` marks the confirm button as the suggested action instead.
    /// `confirmName`: the confirm button's accessible name when its short label needs more words ("Remove 2 downloads").
    /// `form`: widgets of the caller's (fields of what is sent) placed above the buttons.
    init(over parent: (any WidgetRef)?, title: String, detail: String, confirm: String, confirmName: String? = nil,
         options: [(label: String, detail: String)] = [], choices: [Choices] = [], code: String? = nil, codeName: String? = nil,
         form: [any WidgetRef] = [], destructive: Bool = true, answer: @escaping @MainActor (Answer) -> Void,
         onEnd: @escaping @MainActor () -> Void = {}) {
        self.onConfirm = answer
        self.onEnd = onEnd
        window = Window()
        window.title = title
        window.makeModal(over: parent)
        window.resizable = false
        window.addClasses(["confirm-dialog"])

        let column = Box.vertical(spacing: 12)
        column.margins(24)
        let heading = Label.wrapping(title, classes: ["title-2"], maxWidth: 40)
        let body = Label.wrapping(detail, maxWidth: 48)
        let buttons = Box.horizontal(spacing: 12)
        buttons.halign = GTK_ALIGN_END
        buttons.margin(top: 12)
        let cancel = Button(mnemonic: tr("_Cancel"), name: tr("Cancel"))
        let proceed = confirmButton
        proceed.setChild(Label(confirm))
        proceed.setAccessibleLabel(confirmName ?? confirm)
        proceed.addClasses([destructive ? "destructive-action" : "suggested-action"])
        buttons.append(cancel, proceed)
        column.append(heading, body)
        if let code {
            let sent = Label.wrapping(code, classes: ["monospace"], maxWidth: 60)
            codeLabel = sent
            sent.wrapAnywhere()
            sent.selectable = true
            sent.margins(10)
            // Read as what it is: a visible heading names it, the request itself stays its text.
            if let codeName { column.append(Label.wrapping(codeName, classes: ["dim-label", "caption-heading"], maxWidth: 48)) }
            column.append(sent)
        }
        for option in options {
            checks.append(Self.option(option, in: column, group: nil))
        }
        for choice in choices {
            column.append(Label.heading(choice.heading))
            var buttons: [CheckButton] = []
            for option in choice.options { buttons.append(Self.option(option, in: column, group: buttons.first)) }
            buttons.first?.active = true
            self.choices.append(buttons)
        }
        for widget in form { column.append(widget) }
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
        codeLabel?.clearSelection()
    }

    private func finish(confirmed: Bool) {
        guard !answered else { return }
        answered = true
        if confirmed { onConfirm(Answer(checks: checks.map(\.active), picks: choices.map { $0.firstIndex { $0.active } ?? 0 })) }
        window.destroy()
        OnScreen.release(self)
        onEnd()
    }

    /// Enter in `field` answers as the confirm button does, while that is on: a form's field is where the user presses
    /// it, and the dialog's default (Enter elsewhere) stays its safe choice. Found trying Rename File: Enter after
    /// typing the name cancelled.
    func confirmsOnEnter(in field: Entry) {
        field.setActivatesDefault(false)
        field.onActivate { [weak self] in
            guard let self, self.confirmButton.sensitive else { return }
            self.finish(confirmed: true)
        }
    }

    /// Answers as the user would (tests, inspection).
    func answer(confirmed: Bool) { finish(confirmed: confirmed) }

    /// A check button (a radio button with `group`) and, under it, the sentence saying what it does — which a
    /// screen reader hears as its description.
    private static func option(_ option: (label: String, detail: String), in column: Box, group: CheckButton?) -> CheckButton {
        let check = CheckButton(mnemonic: option.label)
        check.setAccessibleDescription(option.detail)
        if let group { check.join(group) }
        let words = Label.wrapping(option.detail, classes: ["dim-label", "caption"], maxWidth: 48)
        words.margin(start: 28)
        column.append(check, words)
        return check
    }
}
