import CGtk
import Core
import Foundation

/// A library item's detail page, pushed over its list: a Back button (Escape, Alt+Left), the item's
/// actions (monitored, search, interactive search when its kind has it, refresh and scan, delete),
/// the poster, facts (its presentation's), the commands running for it, its groups and children
/// (`ChildrenSection`: seasons and episodes, albums and tracks) each with what its level offers,
/// the item's queue entries (remove, grab now) and recent history. Writes go out through `onRequest`.
@MainActor
final class DetailView {
    let widget: Box
    private let back: Button
    private let titleLabel: Label
    private let body: Stack // loading / content / problem
    private let content: Box
    private var problem: Box?
    private let clock: Clock
    private let posters: PosterLoader
    let presentation: LibraryPresentation
    private let actionBar = Box.horizontal(spacing: 6)
    let monitorSwitch = Switch()
    private let searchButton: Button
    private let refreshButton: Button
    private let deleteButton: Button
    private let interactiveButton: Button
    private let commandStatus = Box.vertical(spacing: 4)
    /// The detail shown, and the switches and buttons made for it.
    private(set) var shown: ResourceDetail?
    /// The groups and children shown, with their switches and rows.
    private(set) var children: ChildrenSection?
    private(set) var commandButtons: [LibraryCommand: Button] = [:]
    private var commandLines: [LibraryCommand: (words: String, running: Bool, failed: Bool)] = [:]
    private var busy = false
    /// The question open now (delete, or remove from the queue): one at a time.
    let questions = QuestionSlot()
    var confirmation: ConfirmDialog? { questions.current as? ConfirmDialog }
    var removal: QueueRemovalDialog? { questions.current as? QueueRemovalDialog }
    var onBack: (() -> Void)?
    /// Sends a write for the item shown.
    var onRequest: ((LibraryRequest) -> Void)?

    init(presentation: LibraryPresentation, clock: Clock, posters: PosterLoader) {
        self.presentation = presentation
        self.clock = clock
        self.posters = posters
        widget = Box.vertical()
        let bar = Box.horizontal(spacing: 8)
        bar.margins(8)
        back = Button(icon: "go-previous-symbolic", name: tr("Back"), tooltip: tr("Back (Escape)"))
        back.sizeRequest(width: 44, height: 36)
        titleLabel = Label.line("", classes: ["title-3"])
        titleLabel.hexpand = true
        let monitorLabel = Label(tr("_Monitored"), mnemonic: true)
        monitorLabel.labels(monitorSwitch)
        monitorSwitch.valign = GTK_ALIGN_CENTER
        searchButton = Button(icon: "system-search-symbolic", name: tr("Search"), tooltip: tr("Search the indexers now"))
        refreshButton = Button(icon: "view-refresh-symbolic", name: tr("Refresh and scan"), tooltip: tr("Refresh metadata and rescan files"))
        deleteButton = Button(icon: "user-trash-symbolic", name: tr("Delete…"), tooltip: tr("Delete from the library…"))
        interactiveButton = Button(icon: "view-list-symbolic", name: tr("Interactive search…"), tooltip: tr("Interactive search: pick a release yourself…"))
        deleteButton.addClasses(["destructive-action"])
        actionBar.append(monitorLabel, monitorSwitch, searchButton, interactiveButton, refreshButton, deleteButton)
        actionBar.visible = false
        bar.append(back, titleLabel, actionBar)

        body = Stack()
        let spinner = Spinner(name: tr("Loading details…"))
        spinner.center()
        body.add(spinner, name: "loading")
        content = Box.vertical()
        content.margins(24, top: 6)
        body.add(ScrolledWindow(content), name: "content")
        body.vexpand = true
        // Outside `content` (rebuilt on every render): the commands for the item stay put.
        commandStatus.margins(8, start: 24, end: 24)
        commandStatus.visible = false
        widget.append(bar, Separator(), commandStatus, body)

        back.onClicked { [weak self] in self?.onBack?() }
        monitorSwitch.onToggled { [weak self] on in
            guard let self, !self.busy, let item = self.shown?.resource, item.monitored != on else { return }
            self.setBusy(true)
            self.onRequest?(.monitor(on, [item]))
        }
        searchButton.onClicked { [weak self] in
            guard let self, let item = self.shown?.resource else { return }
            self.onRequest?(.command(.search(items: [item.id.itemID]), on: item))
        }
        refreshButton.onClicked { [weak self] in
            guard let self, let item = self.shown?.resource else { return }
            self.onRequest?(.command(.refresh(items: [item.id.itemID]), on: item))
        }
        deleteButton.onClicked { [weak self] in self?.confirmDelete() }
        interactiveButton.onClicked { [weak self] in
            guard let self, let item = self.shown?.resource, self.presentation.kind.item.releaseSearch else { return }
            self.onRequest?(.interactiveSearch(.item(item.id.itemID), on: item, title: item.title))
        }
        Shortcuts.add(to: widget, triggers: ["Escape", "<Alt>Left", "BackSpace"]) { [weak self] in self?.onBack?() }
    }

    func focusBack() { back.grabFocus() }

    func render(_ state: FeatureState<ResourceDetail>, title: String) {
        titleLabel.text = title
        if let problem { body.remove(problem) }
        problem = nil
        actionBar.visible = state.value != nil
        switch state {
        case .loading:
            shown = nil
            showCommands()
            body.visibleChildName = "loading"
        case .content(let detail, _), .stale(let detail, _, _):
            shown = detail
            fill(detail)
            setBusy(false)
            body.visibleChildName = "content"
        default:
            shown = nil
            showCommands()
            let presentation = PagePresentation(state)
            let recovery = state.recovery ?? .retry
            let page = StatusPage.make(icon: presentation == .unauthorized ? "dialog-password-symbolic" : "network-offline-symbolic",
                                       title: presentation == .unauthorized ? Strings.unauthorizedTitle : Strings.unavailableTitle,
                                       detail: tr("The details could not be loaded."),
                                       button: (Strings.recoveryButton(recovery), recovery.actionName))
            problem = page
            body.add(page, name: "problem")
            body.visibleChildName = "problem"
        }
    }

    /// A child as the service now has it (a live message): its row takes the new values in place —
    /// focus and scrolling stay, and nothing is sent (the check follows the service). A child that
    /// moved (another group or number) fills the page again.
    func patch(_ child: Child) {
        guard var detail = shown, let groupIndex = detail.groups.firstIndex(where: { $0.children.contains { $0.id == child.id } }),
              let index = detail.groups[groupIndex].children.firstIndex(where: { $0.id == child.id }) else { return }
        let before = detail.groups[groupIndex].children[index]
        guard before != child else { return }
        detail.groups[groupIndex].children[index] = child
        shown = detail
        guard before.group == child.group, before.number == child.number, children?.patch(child, now: clock.now) == true else {
            return fill(detail)
        }
    }

    /// A child row as shown: its check (the widget and whether it is on) and its file words (tests).
    func childRow(_ id: Int) -> (check: Widget?, monitored: Bool, file: String)? { children?.row(id) }
    func groupSwitch(_ key: Int) -> Switch? { children?.groupSwitch(key) }

    private func fill(_ detail: ResourceDetail) {
        content.removeAll()
        commandButtons = [:]
        let item = detail.resource
        let now = clock.now
        let kind = presentation.kind
        monitorSwitch.active = item.monitored
        monitorSwitch.setAccessibleLabel(tr("Monitored"))
        searchButton.setAccessibleLabel(presentation.words.searchThis)
        deleteButton.setAccessibleLabel(presentation.words.deleteThis)
        interactiveButton.visible = kind.item.releaseSearch // a series searches by season or episode (below)
        commandButtons[.search(items: [item.id.itemID])] = searchButton
        commandButtons[.refresh(items: [item.id.itemID])] = refreshButton

        // Poster and facts side by side.
        let top = Box.horizontal(spacing: 18)
        top.margin(top: 12)
        let frame = Box.vertical(classes: ["poster-frame"])
        frame.sizeRequest(width: 120, height: 178)
        frame.clipsChildren = true
        frame.valign = GTK_ALIGN_START
        let picture = Picture()
        picture.sizeRequest(width: 120, height: 178)
        picture.hideFromAccessibility()
        frame.append(picture)
        posters.show(item, in: picture, width: 120, height: 178)

        let facts = Box.vertical(spacing: 6)
        facts.hexpand = true
        var lines: [(String, String)] = []
        if let year = item.year { lines.append((tr("Year"), String(year))) }
        lines.append((tr("Status"), Strings.resourceStatus(item.status)))
        lines.append((tr("Monitored"), item.monitored ? tr("Yes") : tr("No")))
        lines.append((tr("Size on disk"), item.sizeOnDisk > 0 ? Formatting.bytes(item.sizeOnDisk) : "—"))
        lines += presentation.facts(item, now)
        for (name, value) in lines {
            let row = Box.horizontal(spacing: 12)
            let key = Label.line(name, classes: ["dim-label"], ellipsize: false)
            key.sizeRequest(width: 150, height: -1)
            row.append(key, Label.line(value))
            facts.append(row)
        }
        top.append(frame, facts)
        content.append(top)
        showCommands()

        if !detail.queue.isEmpty { content.append(queueList(detail.queue)) }

        let section = ChildrenSection(presentation: presentation, item: item, groups: detail.groups, now: now,
                                      current: { [weak self] id in self?.shown?.children.first { $0.id.itemID == id } },
                                      isBusy: { [weak self] in self?.busy ?? true },
                                      request: { [weak self] request in
                                          self?.setBusyIfMonitoring(request)
                                          self?.onRequest?(request)
                                      })
        children = section
        for widget in section.widgets { content.append(widget) }
        commandButtons.merge(section.commandButtons) { first, _ in first }

        content.append(Label.heading(tr("Recent History")))
        let history = ListBox(name: tr("Recent history"))
        if detail.history.isEmpty {
            let label = Label.line(tr("No history yet."), classes: ["dim-label"])
            label.margins(12)
            history.append(label)
        }
        for event in detail.history.prefix(20) {
            let row = Box.vertical(spacing: 2)
            row.margins(8, start: 12)
            row.append(Label.line(event.sourceTitle))
            let when = event.date.map { Formatting.time($0, now: now) } ?? "—"
            row.append(Label.line("\(Self.eventName(event.kind)) · \(when)", classes: ["dim-label", "caption"]))
            history.append(row)
        }
        content.append(history)
    }

    // MARK: Actions

    /// Switches and checks wait for the service's answer (and the read-back that follows).
    func setBusy(_ on: Bool) {
        busy = on
        monitorSwitch.sensitive = !on
        children?.setSensitive(!on)
    }

    private func setBusyIfMonitoring(_ request: LibraryRequest) {
        switch request {
        case .monitorGroups, .monitorChildren: setBusy(true)
        default: break
        }
    }

    /// The item's entries in its instance's queue: remove, grab now.
    private func queueList(_ entries: [QueueItem]) -> Box {
        let box = Box.vertical()
        box.append(Label.heading(tr("In the Queue")))
        let list = ListBox(name: tr("Queue entries"))
        for entry in entries {
            let row = Box.vertical(spacing: 4)
            row.margins(10)
            let line = Box.horizontal(spacing: 6)
            let name = Label.line(entry.title)
            name.hexpand = true
            line.append(name)
            if entry.isPending {
                let grab = Button(icon: "document-save-symbolic", name: tr("Grab %s now").fill(entry.title), tooltip: tr("Grab now (skip the delay)"))
                grab.addClasses(["flat"])
                grab.onClicked { [weak self] in self?.onRequest?(.grab([entry])) }
                line.append(grab)
            }
            let remove = Button(icon: "list-remove-symbolic", name: tr("Remove %s from the queue…").fill(entry.title), tooltip: tr("Remove from the queue…"))
            remove.addClasses(["flat"])
            remove.onClicked { [weak self] in self?.confirmRemoval([entry]) }
            line.append(remove)
            row.append(line)
            var words = [Strings.trackedState(entry.trackedState, status: entry.status), Formatting.percent(entry.progress)]
            if let client = entry.downloadClient { words.append(client) }
            row.append(Label.line(words.joined(separator: " · "), classes: ["dim-label", "caption"]))
            for message in entry.messages {
                row.append(Label.wrapping(message, classes: ["caption"]))
            }
            list.append(row)
        }
        box.append(list)
        return box
    }

    var isBusy: Bool { busy }

    /// Commands for the item shown: what each says now, its button insensitive while it runs.
    func showCommand(_ command: LibraryCommand, words: String?, running: Bool, failed: Bool = false) {
        commandLines[command] = words.map { ($0, running, failed) }
        showCommands()
    }

    private func showCommands() {
        commandStatus.removeAll()
        commandStatus.visible = false
        guard let item = shown?.resource else { return }
        let mine = commandLines.filter { $0.key.itemIDs.contains(item.id.itemID) }
        for (command, line) in mine.sorted(by: { $0.value.words < $1.value.words }) {
            let row = Box.horizontal(spacing: 8)
            if line.running {
                row.append(Spinner(name: CommandWords.progress(presentation.name(of: command), .success(CommandProgress(id: 0, name: "", status: .started, message: nil))), size: 16))
            } else {
                row.append(Image.decorative(line.failed ? "dialog-warning-symbolic" : "emblem-ok-symbolic"))
            }
            let label = Label.wrapping(line.words, maxWidth: 80)
            row.append(label)
            commandStatus.append(row)
        }
        commandStatus.visible = !mine.isEmpty
        for (command, button) in commandButtons { button.sensitive = commandLines[command]?.running != true }
    }

    /// The command lines shown (tests).
    var commandWords: [String] { commandLines.values.map(\.words).sorted() }

    private func confirmDelete() {
        guard let item = shown?.resource else { return }
        let words = presentation.words
        let widget = widget
        questions.ask { ended in ConfirmDialog(
            over: Window.toplevel(of: widget), title: tr("Delete “%s”?").fill(item.title),
            detail: words.deleteDetail,
            confirm: tr("Delete"), options: [
                (tr("Also delete its _files"), words.deleteFilesDetail),
                (tr("_Prevent re-adding by import lists"), tr("An import-list exclusion is added, so lists do not add it back.")),
            ], onConfirm: { [weak self] options in
                self?.onRequest?(.delete(item, deleteFiles: options[0], excludeFromImportLists: options[1]))
            }, onEnd: ended) }
    }

    func requestDelete() { confirmDelete() }

    func confirmRemoval(_ entries: [QueueItem]) {
        let widget = widget
        questions.ask { ended in
            QueueRemovalDialog(over: Window.toplevel(of: widget), titles: entries.map(\.title),
                               offerChangeCategory: entries.allSatisfy { $0.clientHasPostImportCategory == true },
                               onConfirm: { [weak self] choice in self?.onRequest?(.removeFromQueue(entries, choice)) }, onEnd: ended)
        }
    }

    static func eventName(_ kind: HistoryEvent.Kind) -> String {
        switch kind {
        case .grabbed: tr("Grabbed")
        case .imported: tr("Imported")
        case .downloadFailed: tr("Download failed")
        case .fileDeleted: tr("File deleted")
        case .fileRenamed: tr("File renamed")
        case .ignored: tr("Ignored")
        case .unknown(let raw): raw
        }
    }
}
