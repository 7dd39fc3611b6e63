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
    /// What the page shows: loading, the item with what could be read of it, or why nothing could be.
    enum State {
        case loading
        case detail(ResourceDetail)
        case failed(ServiceError)

        init(_ read: Result<ResourceDetail, ServiceError>) {
            switch read {
            case .success(let detail): self = .detail(detail)
            case .failure(let error): self = .failed(error)
            }
        }

        var detail: ResourceDetail? { if case .detail(let detail) = self { detail } else { nil } }
    }

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
    /// Reads the item shown again: every part (nil: the page's Retry), or only the sections named (a section's Retry).
    var onRetry: ((Set<ResourceDetail.Part>?) -> Void)?
    /// The Retry buttons of the sections that could not be read, by section (tests).
    private(set) var sectionRetries: [ResourceDetail.Part: Button] = [:]
    /// The failed page's Retry, while it shows (tests).
    private(set) var pageRetry: Button?

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

    func render(_ state: State, title: String) {
        titleLabel.text = title
        if let problem { body.remove(problem) }
        problem = nil
        pageRetry = nil
        switch state {
        case .loading:
            actionBar.visible = false
            shown = nil
            showCommands()
            body.visibleChildName = "loading"
        case .detail(let detail):
            actionBar.visible = true
            shown = detail
            fill(detail)
            setBusy(false)
            body.visibleChildName = "content"
        case .failed(let error):
            actionBar.visible = false
            shown = nil
            showCommands()
            // Said as what happened (a 404 is not "unavailable"); Retry reads this item again, not its tab's list.
            let unauthorized = error.recovery == .updateCredentials
            let page = StatusPage.make(icon: unauthorized ? "dialog-password-symbolic" : "network-offline-symbolic",
                                       title: unauthorized ? Strings.unauthorizedTitle : tr("The Details Could Not Be Loaded"),
                                       detail: ErrorText.sentence(error),
                                       button: error.recovery == .retry ? nil : (Strings.recoveryButton(error.recovery), error.recovery.actionName))
            if error.recovery == .retry {
                let retry = Button(mnemonic: Strings.recoveryButton(.retry), name: tr("Retry reading the details"))
                retry.addClasses(["suggested-action", "pill"])
                retry.halign = GTK_ALIGN_CENTER
                retry.margin(top: 12)
                retry.sizeRequest(width: -1, height: 44)
                retry.onClicked { [weak self] in self?.onRetry?(nil) }
                page.append(retry)
                pageRetry = retry
            }
            problem = page
            body.add(page, name: "problem")
            body.visibleChildName = "problem"
        }
    }

    /// Sections read again alone (a section's Retry): their new values, or why they still could not be read.
    func replace(_ parts: Set<ResourceDetail.Part>, from fresh: Result<ResourceDetail, ServiceError>) {
        guard let shown else { return }
        switch fresh {
        case .success(let detail): render(.detail(shown.replacing(parts, from: detail)), title: titleLabel.text)
        case .failure(let error):
            var again = shown
            for part in parts { again.unread[part] = error }
            render(.detail(again), title: titleLabel.text)
        }
    }

    /// A child as the service now has it (a live message): its row takes the new values in place —
    /// focus and scrolling stay, and nothing is sent (the check follows the service). A child that
    /// moved (another group or number) fills the page again.
    func patch(_ child: Child) {
        guard var detail = shown, var groups = detail.groups,
              let groupIndex = groups.firstIndex(where: { $0.children.contains { $0.id == child.id } }),
              let index = groups[groupIndex].children.firstIndex(where: { $0.id == child.id }) else { return }
        let before = groups[groupIndex].children[index]
        guard before != child else { return }
        groups[groupIndex].children[index] = child
        detail.groups = groups
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
        sectionRetries = [:]
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

        if let queue = detail.queue, !queue.isEmpty {
            content.append(DetailSections.queue(queue, grab: { [weak self] entry in self?.onRequest?(.grab([entry])) },
                                                remove: { [weak self] entry in self?.confirmRemoval([entry]) }))
        }
        unreadSection(.queue, of: detail)
        unreadSection(.children, of: detail)

        let section = ChildrenSection(presentation: presentation, item: item, groups: detail.groups ?? [], now: now,
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
        if let history = detail.history { content.append(DetailSections.history(history, now: now)) }
        unreadSection(.history, of: detail)
    }

    /// A section that could not be read: why, and its own Retry.
    private func unreadSection(_ part: ResourceDetail.Part, of detail: ResourceDetail) {
        guard let error = detail.unread[part] else { return }
        let (row, retry) = DetailSections.unread(part, error) { [weak self] in self?.onRetry?([part]) }
        sectionRetries[part] = retry
        content.append(row)
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
}
