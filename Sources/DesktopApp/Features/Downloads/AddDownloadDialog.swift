import CGtk
import Core
import Foundation

/// Add Download: magnet links and http(s) addresses pasted, `.torrent` and `.nzb` files chosen or
/// dropped; the client to send them to (torrents to torrent clients, NZBs to usenet clients; the
/// last one used first), a category, start paused. What each client answered is listed in the
/// dialog — added, already there, or refused in its words. Anything that is not a link or a file is
/// refused here and never sent (API-GUIDE-2 §6.1: some clients read paths from their own disk).
@MainActor
final class AddDownloadDialog {
    struct Client: Equatable {
        var service: ServiceRef
        var family: DownloadSource.Family
    }

    let window: Window
    let linkEntry = Entry(placeholder: tr("Magnet link or http(s) address"), activatesDefault: false)
    private let listBox = Box.vertical(spacing: 4)
    private let clientNames = StringList()
    let clientDropDown: DropDown
    let categoryEntry = Entry(placeholder: tr("None"), activatesDefault: false)
    let pausedCheck = CheckButton(mnemonic: tr("Start _paused"))
    let addButton: Button
    private let hint = Label.wrapping("", classes: ["dim-label"], maxWidth: 60)
    private let results = Box.vertical(spacing: 4)
    private var allClients: [Client]
    private var shownClients: [Client] = []
    private let preferred: [DownloadSource.Family: UUID]
    private(set) var candidates: [AddCandidates.Candidate] = []
    private var chooser: FileChooser?
    private var busy = false

    /// Sends the sources to one client; the dialog shows the outcome through `showResults`.
    var onAdd: (([DownloadSource], ServiceRef, AddOptions) -> Void)?

    init(over parent: (any WidgetRef)?, clients: [Client], preferred: [DownloadSource.Family: UUID]) {
        allClients = clients
        self.preferred = preferred
        window = Window()
        window.title = tr("Add Download")
        window.makeModal(over: parent)
        window.setDefaultSize(width: 560, height: -1)
        window.addClasses(["add-download"])

        let column = Box.vertical(spacing: 10)
        column.margins(24)
        column.append(Label.wrapping(tr("Add Download"), classes: ["title-2"], maxWidth: 40))

        let linkRow = Box.horizontal(spacing: 8)
        linkEntry.hexpand = true
        linkEntry.setAccessibleLabel(tr("Magnet link or address"))
        let addLink = Button(icon: "list-add-symbolic", name: tr("Add this link"), tooltip: tr("Add this link to the list (Enter)"))
        let choose = Button(mnemonic: tr("Choose _Files…"), name: tr("Choose torrent or NZB files…"))
        linkRow.append(linkEntry, addLink, choose)
        column.append(linkRow)
        listBox.setAccessibleLabel(tr("Downloads to add"))
        column.append(listBox, hint)

        clientDropDown = DropDown(clientNames, name: tr("Download client"))
        let grid = Grid(rowSpacing: 8, columnSpacing: 12)
        grid.attach(Label.line(tr("Client"), ellipsize: false), column: 0, row: 0)
        grid.attach(clientDropDown, column: 1, row: 0)
        let categoryLabel = Label(tr("C_ategory"), mnemonic: true)
        categoryLabel.labels(categoryEntry)
        categoryLabel.xalign = 0
        categoryEntry.setAccessibleLabel(tr("Category"))
        categoryEntry.hexpand = true
        grid.attach(categoryLabel, column: 0, row: 1)
        grid.attach(categoryEntry, column: 1, row: 1)
        pausedCheck.setAccessibleLabel(tr("Start paused"))
        column.append(grid, pausedCheck, results)

        let buttons = Box.horizontal(spacing: 12)
        buttons.halign = GTK_ALIGN_END
        buttons.margin(top: 8)
        let close = Button(mnemonic: tr("_Close"), name: tr("Close"))
        addButton = Button()
        addButton.setChild(Label(tr("Add")))
        addButton.setAccessibleLabel(tr("Add"))
        addButton.addClasses(["suggested-action"])
        buttons.append(close, addButton)
        column.append(buttons)
        window.setChild(column)

        linkEntry.onActivate { [weak self] in self?.takeLink() }
        addLink.onClicked { [weak self] in self?.takeLink() }
        choose.onClicked { [weak self] in self?.chooseFiles() }
        close.onClicked { [weak self] in self?.window.destroy() }
        addButton.onClicked { [weak self] in self?.submit() }
        Shortcuts.add(to: window, triggers: ["Escape"]) { [weak self] in self?.window.destroy() }
        FileDrop.accept(on: window) { [weak self] files, text in
            guard let self else { return false }
            if !files.isEmpty { self.take(AddCandidates.fromFiles(files)) } else if let text { self.take(AddCandidates.fromText(text)) }
            return true
        }
        update()
        window.present()
        linkEntry.grabFocus()
    }

    // MARK: Candidates

    private func takeLink() {
        let text = linkEntry.text
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
        take(AddCandidates.fromText(text))
        linkEntry.text = ""
    }

    private func chooseFiles() {
        chooser = FileChooser(title: tr("Choose Torrent or NZB Files"), over: window, filter: (tr("Torrents and NZBs"), ["*.torrent", "*.nzb"])) {
            [weak self] urls in
            self?.chooser = nil
            self?.take(AddCandidates.fromFiles(urls))
        }
    }

    /// Adds candidates (pasted, dropped, chosen, or given at launch) to the list.
    func take(_ new: [AddCandidates.Candidate]) {
        for candidate in new where !candidates.contains(where: { $0.label == candidate.label }) { candidates.append(candidate) }
        listBox.removeAll()
        for candidate in candidates {
            // One line with its icon (no wrapping label beside an icon: GTK 4.8 measures that box inconsistently);
            // a refusal's reason wraps on its own line below.
            let entry = Box.vertical(spacing: 2)
            let row = Box.horizontal(spacing: 8)
            switch candidate.source {
            case .success(let source):
                row.append(Image.decorative("emblem-ok-symbolic"), Label.line(Self.kind(source).fill(source.displayName)))
                entry.append(row)
            case .failure(let refusal):
                row.append(Image.decorative("dialog-warning-symbolic"), Label.line(candidate.label))
                let reason = Label.wrapping(tr("%1$s — %2$s").fill(candidate.label, Self.sentence(refusal)), classes: ["dim-label", "caption"], maxWidth: 60)
                reason.margin(start: 24)
                entry.append(row, reason)
            }
            listBox.append(entry)
        }
        update()
    }

    private static func kind(_ source: DownloadSource) -> String {
        switch source {
        // Translators: %s is what is added (a name or an address).
        case .magnet: tr("%s (magnet link)")
        case .url: tr("%s (link)")
        case .torrentFile: tr("%s (torrent file)")
        case .nzbFile: tr("%s (NZB file)")
        }
    }

    static func sentence(_ refusal: DownloadSource.Refusal) -> String {
        switch refusal {
        case .notALink: tr("not a magnet link or an http(s) address; nothing else is sent to a client")
        case .notATorrent: tr("not a torrent file Switchyard can read")
        case .notAnNZB: tr("not an NZB file")
        }
    }

    var sources: [DownloadSource] { candidates.compactMap { try? $0.source.get() } }

    /// The configured clients changed while the dialog is open (or were read after it opened).
    func setClients(_ clients: [Client]) {
        guard clients != allClients else { return }
        allClients = clients
        update()
    }

    /// The clients that take every source (torrent or usenet), the preferred one first.
    private func update() {
        let families = Set(sources.compactMap(\.family))
        let fitting = families.count > 1 ? [] : allClients.filter { families.isEmpty || families.contains($0.family) }
        if fitting != shownClients {
            shownClients = fitting
            // Translators: %s is a download client's name, in the Add Download dialog's client list.
            clientNames.replaceAll(with: fitting.map { $0.family == .torrent ? tr("%s (torrents)").fill($0.service.name) : tr("%s (usenet)").fill($0.service.name) })
            if let family = families.first ?? fitting.first?.family, let id = preferred[family],
               let index = fitting.firstIndex(where: { $0.service.id == id }) {
                clientDropDown.selected = index
            }
        }
        hint.text = families.count > 1 ? tr("Torrents and NZBs go to different clients: add them separately.")
            : fitting.isEmpty ? tr("No configured client takes these: add one in Settings.")
            : sources.isEmpty ? tr("Paste a magnet link or an address, choose files, or drop them here.") : ""
        hint.visible = !hint.text.isEmpty
        addButton.sensitive = !busy && !sources.isEmpty && !fitting.isEmpty
    }

    var selectedClient: ServiceRef? {
        let index = clientDropDown.selected
        return index < shownClients.count ? shownClients[index].service : nil
    }

    /// Add, as its button does.
    func submit() {
        guard let client = selectedClient, !sources.isEmpty else { return }
        busy = true
        update()
        results.removeAll()
        results.append(Spinner(name: tr("Adding…"), size: 16))
        onAdd?(sources, client, AddOptions(category: categoryEntry.text, paused: pausedCheck.active))
    }

    /// What the client answered for each source, in words.
    func showResults(_ lines: [(text: String, ok: Bool)]) {
        busy = false
        resultTexts = lines.map(\.text)
        results.removeAll()
        for line in lines {
            let row = Box.horizontal(spacing: 8)
            let label = Label.line(line.text)
            label.tooltip = line.text
            row.append(Image.decorative(line.ok ? "emblem-ok-symbolic" : "dialog-warning-symbolic"), label)
            results.append(row)
        }
        candidates.removeAll { candidate in (try? candidate.source.get()) != nil } // sent: off the list
        take([])
    }

    /// The result lines shown (tests).
    private(set) var resultTexts: [String] = []
}
