import CGtk
import Core

/// The stack doctor's findings in a window over the main one: while reading, a spinner; then each
/// finding — how bad (icon and word, never colour alone), what is wrong, why it matters, the fix in the
/// service's own menus, and the evidence — or, on a consistent stack, that nothing is wrong. Check Again
/// reads everything again; Escape and Close close it. Nothing is written.
@MainActor
final class DoctorWindow {
    let window: Window
    private let spinner = Spinner(name: tr("Checking the settings between your services"), size: 16)
    private let status = Label.wrapping("", maxWidth: 70)
    private let list = ListBox(name: tr("Findings"))
    private let again: Button
    /// Check Again.
    var onCheck: (() -> Void)?
    /// A finding's fix button.
    var onFix: ((DoctorFix) -> Void)?
    /// The fix buttons on screen, in order (tests).
    private(set) var fixButtons: [(DoctorFix, Button)] = []
    /// The status line (tests).
    var statusText: String { status.text }
    /// What the list shows, in order: each finding's summary (tests).
    private(set) var summaries: [String] = []
    /// The rows above the findings: each service or part that could not be read, and their Retry buttons (tests).
    private(set) var unreadLines: [String] = []
    private(set) var retryButtons: [(ServiceRef, Button)] = []

    init(over parent: (any WidgetRef)?) {
        window = Window()
        window.title = tr("Stack Doctor")
        window.makeModal(over: parent)
        window.setDefaultSize(width: 760, height: 560)
        let column = Box.vertical(spacing: 10)
        column.margins(16)
        let bar = Box.horizontal(spacing: 8)
        status.hexpand = true
        again = Button(mnemonic: tr("Check _Again"), name: tr("Check again"))
        bar.append(spinner, status, again)
        let scrolled = ScrolledWindow(list)
        scrolled.vexpand = true
        let close = Button(mnemonic: tr("_Close"), name: tr("Close"))
        close.halign = GTK_ALIGN_END
        column.append(Label.line(tr("Settings Between Your Services"), classes: ["title-3"]), bar, scrolled, close)
        window.setChild(column)
        again.onClicked { [weak self] in self?.onCheck?() }
        close.onClicked { [weak self] in self?.window.destroy() }
        Shortcuts.add(to: window, triggers: ["Escape"]) { [weak self] in self?.window.destroy() }
        window.present()
    }

    func checking() {
        spinner.visible = true
        spinner.spinning = true
        again.sensitive = false
        status.text = tr("Reading every orchestrator's and client's settings…")
    }

    /// Says what a fix did (or why not); stays until the next check replaces it.
    func report(_ text: String) {
        spinner.spinning = false
        spinner.visible = false
        again.sensitive = true
        status.text = text
    }

    /// One pass's result: how much was read, a row for each service or part that was not (with Retry), then the findings.
    func show(_ findings: [DoctorFinding], coverage: [(service: ServiceRef, coverage: StackEvidence.Coverage)], after fixed: String? = nil) {
        spinner.spinning = false
        spinner.visible = false
        again.sensitive = true
        list.removeAll()
        summaries = []
        fixButtons = []
        let unread = DoctorWords.unread(coverage)
        unreadLines = unread.map(\.line)
        retryButtons = []
        let complete = unread.isEmpty
        let words = [DoctorWords.readSummary(coverage),
                     findings.isEmpty ? DoctorWords.nothingFound(complete: complete) : trn("%d finding.", "%d findings.", findings.count).fill(findings.count)]
        status.text = ([fixed].compactMap { $0 } + words).joined(separator: " ")
        list.visible = !findings.isEmpty || !complete
        for (service, line) in unread { list.append(unreadRow(line, service: service)) }
        for finding in findings {
            let text = DoctorWords.words(finding)
            summaries.append(text.summary)
            let row = Box.horizontal(spacing: 12)
            row.margins(10, start: 12, end: 12)
            let icon = Image.decorative(finding.severity == .error ? "dialog-error-symbolic"
                                        : finding.severity == .warning ? "dialog-warning-symbolic" : "dialog-information-symbolic")
            icon.valign = GTK_ALIGN_START
            let lines = Box.vertical(spacing: 3)
            lines.hexpand = true
            lines.append(Label.wrapping(DoctorWords.severity(finding.severity) + ": " + text.summary, classes: ["heading"], maxWidth: 80))
            lines.append(Label.wrapping(text.why, classes: ["dim-label"], maxWidth: 80))
            lines.append(Label.wrapping(tr("Fix: %s").fill(text.fix), maxWidth: 80))
            let evidence = finding.evidence.keys.sorted().map { "\($0) = \(finding.evidence[$0] ?? "")" }.joined(separator: " · ")
            if !evidence.isEmpty { lines.append(Label.wrapping(evidence, classes: ["dim-label", "caption"], maxWidth: 100)) }
            row.append(icon, lines)
            if let fix = finding.fix {
                let words = DoctorWords.fixButton(fix)
                let button = Button()
                button.setChild(Label(words))
                button.setAccessibleLabel(words)
                button.valign = GTK_ALIGN_START
                button.onClicked { [weak self] in self?.onFix?(fix) }
                fixButtons.append((fix, button))
                row.append(button)
            }
            list.append(row)
        }
    }

    /// "Could not check Sonarr: …" with Retry (a whole pass again: what failed is read again with the rest).
    private func unreadRow(_ line: String, service: ServiceRef) -> Box {
        let row = Box.horizontal(spacing: 12)
        row.margins(10, start: 12, end: 12)
        let icon = Image.decorative("dialog-warning-symbolic")
        icon.valign = GTK_ALIGN_START
        let text = Label.wrapping(line, classes: ["heading"], maxWidth: 80)
        text.hexpand = true
        let retry = Button(mnemonic: tr("_Retry"), name: tr("Retry %s").fill(service.name))
        retry.valign = GTK_ALIGN_START
        retry.onClicked { [weak self] in self?.onCheck?() }
        retryButtons.append((service, retry))
        row.append(icon, text, retry)
        return row
    }
}
