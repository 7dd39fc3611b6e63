import CGtk

/// A short message over the bottom of a page after an action ("Paused 3 transfers in
/// qBittorrent"), with problems listed below it. It goes away by itself after a while (not
/// while it lists problems) or with its Dismiss button; only a message on screen exists.
@MainActor
final class TransientMessage {
    let overlay: Overlay
    private var shown: (revealer: Revealer, card: Box)?
    private var timer: Timer?
    /// Seconds a message without problems stays.
    static let seconds: UInt32 = 6

    init(over content: some WidgetRef) {
        overlay = Overlay(content)
    }

    /// The message on screen, and its problem lines (tests).
    private(set) var text: String?
    private(set) var problems: [String] = []

    func show(_ text: String, problems: [String] = []) {
        hide()
        self.text = text
        self.problems = problems
        let card = Box.vertical(spacing: 4, classes: ["card", "transient-message"])
        card.margins(12, bottom: 18)
        let row = Box.horizontal(spacing: 12)
        let icon = Image.decorative(problems.isEmpty ? "emblem-ok-symbolic" : "dialog-warning-symbolic")
        let label = Label.wrapping(text, classes: ["heading"], maxWidth: 70)
        label.hexpand = true
        let dismiss = Button(icon: "window-close-symbolic", name: tr("Dismiss message"), tooltip: tr("Dismiss"))
        dismiss.addClasses(["flat"])
        dismiss.valign = GTK_ALIGN_CENTER
        dismiss.onClicked { [weak self] in self?.hide() }
        row.append(icon, label, dismiss)
        card.append(row)
        for problem in problems { card.append(Label.wrapping(problem, maxWidth: 80)) }
        card.setAccessibleLabel(([text] + problems).joined(separator: ". "))
        let revealer = Revealer(card, transition: GTK_REVEALER_TRANSITION_TYPE_CROSSFADE)
        revealer.halign = GTK_ALIGN_CENTER
        revealer.valign = GTK_ALIGN_END
        overlay.add(revealer)
        revealer.revealed = true
        shown = (revealer, card)
        if problems.isEmpty {
            timer = Timer(milliseconds: Self.seconds * 1000) { [weak self] in
                self?.hide()
                return false
            }
        }
    }

    func hide() {
        timer?.cancel()
        timer = nil
        text = nil
        problems = []
        guard let shown else { return }
        self.shown = nil
        overlay.remove(shown.revealer)
    }
}
