import CGtk
import Core
import Foundation

/// A series' or movie's detail page, pushed over its list: a Back button
/// (Escape, Alt+Left), the item's actions (monitored, search, refresh and scan, delete), the
/// poster, facts, the commands running for it, seasons and episodes (series) each with its
/// monitored switch and search, file and release dates (movies), the item's queue entries
/// (remove, grab now) and recent history. Writes go out through `onRequest`.
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
    private let actionBar = Box.horizontal(spacing: 6)
    let monitorSwitch = Switch()
    private let searchButton: Button
    private let refreshButton: Button
    private let deleteButton: Button
    private let interactiveButton: Button
    private let commandStatus = Box.vertical(spacing: 4)
    /// The detail shown, and the switches and buttons made for it.
    private(set) var shown: ResourceDetail?
    private var seasonSwitches: [Int: Switch] = [:]
    private var episodeChecks: [Int: CheckButton] = [:]
    /// Each episode row's changing parts, for a live message to update in place.
    private var episodeRows: [Int: (name: Label, aired: Label, file: Label)] = [:]
    /// Set while a live message updates rows: a check set by it is not the user's toggle.
    private var patching = false
    private(set) var commandButtons: [LibraryCommand: Button] = [:]
    private var commandLines: [LibraryCommand: (words: String, running: Bool)] = [:]
    private var busy = false
    /// The question open now (delete, or remove from the queue): one at a time.
    let questions = QuestionSlot()
    var confirmation: ConfirmDialog? { questions.current as? ConfirmDialog }
    var removal: QueueRemovalDialog? { questions.current as? QueueRemovalDialog }
    var onBack: (() -> Void)?
    /// Sends a write for the item shown.
    var onRequest: ((LibraryRequest) -> Void)?

    init(clock: Clock, posters: PosterLoader) {
        self.clock = clock
        self.posters = posters
        widget = Box.vertical()
        let bar = Box.horizontal(spacing: 8)
        bar.margins(8)
        back = Button(icon: "go-previous-symbolic", name: "Back", tooltip: "Back (Escape)")
        back.sizeRequest(width: 44, height: 36)
        titleLabel = Label.line("", classes: ["title-3"])
        titleLabel.hexpand = true
        let monitorLabel = Label("_Monitored", mnemonic: true)
        monitorLabel.labels(monitorSwitch)
        monitorSwitch.valign = GTK_ALIGN_CENTER
        searchButton = Button(icon: "system-search-symbolic", name: "Search", tooltip: "Search the indexers now")
        refreshButton = Button(icon: "view-refresh-symbolic", name: "Refresh and scan", tooltip: "Refresh metadata and rescan files")
        deleteButton = Button(icon: "user-trash-symbolic", name: "Delete…", tooltip: "Delete from the library…")
        interactiveButton = Button(icon: "view-list-symbolic", name: "Interactive search…", tooltip: "Interactive search: pick a release yourself…")
        deleteButton.addClasses(["destructive-action"])
        actionBar.append(monitorLabel, monitorSwitch, searchButton, interactiveButton, refreshButton, deleteButton)
        actionBar.visible = false
        bar.append(back, titleLabel, actionBar)

        body = Stack()
        let spinner = Spinner(name: "Loading details…")
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
            self.onRequest?(.command(item.kind == .series ? .seriesSearch(seriesID: item.id.itemID) : .moviesSearch(movieIDs: [item.id.itemID]), on: item))
        }
        refreshButton.onClicked { [weak self] in
            guard let self, let item = self.shown?.resource else { return }
            self.onRequest?(.command(item.kind == .series ? .refreshSeries(seriesID: item.id.itemID) : .refreshMovies(movieIDs: [item.id.itemID]), on: item))
        }
        deleteButton.onClicked { [weak self] in self?.confirmDelete() }
        interactiveButton.onClicked { [weak self] in
            guard let self, let item = self.shown?.resource, item.kind == .movie else { return }
            self.onRequest?(.interactiveSearch(.movie(id: item.id.itemID), on: item, title: item.title))
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
                                       detail: "The details could not be loaded.",
                                       button: (Strings.recoveryButton(recovery), recovery.actionName))
            problem = page
            body.add(page, name: "problem")
            body.visibleChildName = "problem"
        }
    }

    /// An episode as the service now has it (a live `episode` message): its row takes the new values
    /// in place — focus and scrolling stay, and nothing is sent (the check follows the service).
    /// A change of season or number, or an episode not shown, fills the page again.
    func patch(_ episode: Episode) {
        guard var detail = shown, let index = detail.episodes.firstIndex(where: { $0.id == episode.id }) else { return }
        let before = detail.episodes[index]
        guard before != episode else { return }
        detail.episodes[index] = episode
        shown = detail
        guard before.seasonNumber == episode.seasonNumber, before.episodeNumber == episode.episodeNumber,
              let row = episodeRows[episode.id.itemID], let check = episodeChecks[episode.id.itemID] else { return fill(detail) }
        patching = true
        check.active = episode.monitored
        patching = false
        row.name.text = episode.title.isEmpty ? "TBA" : episode.title
        row.aired.text = episode.airDateUTC.map { Formatting.day($0, now: clock.now) } ?? "—"
        row.file.text = Self.fileWords(episode)
    }

    /// An episode row as shown: its check (the widget and whether it is on) and its file words (tests).
    func episodeRow(_ id: Int) -> (check: Widget, monitored: Bool, file: String)? {
        guard let check = episodeChecks[id], let row = episodeRows[id] else { return nil }
        return (check.widget, check.active, row.file.text)
    }

    private static func fileWords(_ episode: Episode) -> String {
        episode.hasFile ? "On disk" : (episode.monitored ? "Missing" : "Not monitored")
    }

    private func fill(_ detail: ResourceDetail) {
        content.removeAll()
        seasonSwitches = [:]
        episodeChecks = [:]
        episodeRows = [:]
        commandButtons = [:]
        let item = detail.resource
        let now = clock.now
        let noun = item.kind == .series ? "series" : "movie"
        monitorSwitch.active = item.monitored
        monitorSwitch.setAccessibleLabel("Monitored")
        searchButton.setAccessibleLabel(item.kind == .series ? "Search for every monitored episode" : "Search for this movie")
        deleteButton.setAccessibleLabel("Delete this \(noun)…")
        interactiveButton.visible = item.kind == .movie // a series searches by season or episode (below)
        commandButtons[item.kind == .series ? .seriesSearch(seriesID: item.id.itemID) : .moviesSearch(movieIDs: [item.id.itemID])] = searchButton
        commandButtons[item.kind == .series ? .refreshSeries(seriesID: item.id.itemID) : .refreshMovies(movieIDs: [item.id.itemID])] = refreshButton

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
        if let year = item.year { lines.append(("Year", String(year))) }
        lines.append(("Status", Strings.resourceStatus(item.status)))
        lines.append(("Monitored", item.monitored ? "Yes" : "No"))
        lines.append(("Size on disk", item.sizeOnDisk > 0 ? Formatting.bytes(item.sizeOnDisk) : "—"))
        if item.kind == .series {
            lines.append(("Episodes on disk", "\(item.fileCount) of \(item.expectedFileCount)"))
            if let network = item.network { lines.append(("Network", network)) }
            lines.append(("Next airing", item.nextAiring.map { Formatting.time($0, now: now) } ?? "—"))
        } else {
            lines.append(("File", item.hasFile ? "On disk" : "Missing"))
            lines.append(("In cinemas", item.releaseDates.inCinemas.map { Formatting.day($0, now: now) } ?? "—"))
            lines.append(("Digital release", item.releaseDates.digital.map { Formatting.day($0, now: now) } ?? "—"))
            lines.append(("Physical release", item.releaseDates.physical.map { Formatting.day($0, now: now) } ?? "—"))
        }
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

        if !detail.queue.isEmpty {
            content.append(Label.heading("In the Queue"))
            let list = ListBox(name: "Queue entries")
            for entry in detail.queue {
                let row = Box.vertical(spacing: 4)
                row.margins(10)
                let line = Box.horizontal(spacing: 6)
                let name = Label.line(entry.title)
                name.hexpand = true
                line.append(name)
                if entry.isPending {
                    let grab = Button(icon: "document-save-symbolic", name: "Grab \(entry.title) now", tooltip: "Grab now (skip the delay)")
                    grab.addClasses(["flat"])
                    grab.onClicked { [weak self] in self?.onRequest?(.grab([entry])) }
                    line.append(grab)
                }
                let remove = Button(icon: "list-remove-symbolic", name: "Remove \(entry.title) from the queue…", tooltip: "Remove from the queue…")
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
            content.append(list)
        }

        for season in detail.seasons {
            let seasonName = season.number == 0 ? "Specials" : "Season \(season.number)"
            let header = Box.horizontal(spacing: 8)
            let heading = Label.heading(seasonName)
            heading.hexpand = true
            let seasonSwitch = Switch()
            seasonSwitch.valign = GTK_ALIGN_CENTER
            seasonSwitch.active = item.seasonMonitored(season.number) ?? season.episodes.contains(where: \.monitored)
            seasonSwitch.setAccessibleLabel("Monitor \(seasonName)")
            seasonSwitch.tooltip = "Monitor \(seasonName) (its episodes follow)"
            seasonSwitch.onToggled { [weak self] on in
                guard let self, !self.busy else { return }
                self.setBusy(true)
                self.onRequest?(.monitorSeason(on, series: item, season: season.number))
            }
            seasonSwitches[season.number] = seasonSwitch
            let seasonSearch = Button(icon: "system-search-symbolic", name: "Search \(seasonName)", tooltip: "Search \(seasonName)")
            seasonSearch.addClasses(["flat"])
            let seasonCommand = LibraryCommand.seasonSearch(seriesID: item.id.itemID, season: season.number)
            seasonSearch.onClicked { [weak self] in self?.onRequest?(.command(seasonCommand, on: item)) }
            commandButtons[seasonCommand] = seasonSearch
            let seasonPick = Button(icon: "view-list-symbolic", name: "Interactive search of \(seasonName)…",
                                    tooltip: "Interactive search of \(seasonName)…")
            seasonPick.addClasses(["flat"])
            seasonPick.onClicked { [weak self] in
                self?.onRequest?(.interactiveSearch(.season(seriesID: item.id.itemID, season: season.number), on: item,
                                                    title: "\(seasonName) of \(item.title)"))
            }
            header.append(heading, seasonSwitch, seasonSearch, seasonPick)
            content.append(header)
            let list = ListBox(name: seasonName)
            for episode in season.episodes {
                let row = Box.horizontal(spacing: 12)
                row.margins(8, start: 12)
                let check = CheckButton(mnemonic: "")
                check.active = episode.monitored
                check.setAccessibleLabel("Monitor episode \(episode.episodeNumber) of \(seasonName)")
                // Made when shown (its state may have changed since): one pointer query per hover, not per episode.
                check.tooltip { Strings.monitorTooltip(monitored: check.active) }
                check.onToggled { [weak self] in
                    guard let self, !self.busy, !self.patching else { return }
                    let current = self.shown?.episodes.first { $0.id == episode.id }?.monitored ?? episode.monitored
                    guard check.active != current else { return }
                    self.setBusy(true)
                    self.onRequest?(.monitorEpisodes(check.active, series: item, episodeIDs: [episode.id.itemID]))
                }
                episodeChecks[episode.id.itemID] = check
                row.append(check)
                let number = Label.line(String(format: "%02d", episode.episodeNumber), classes: ["dim-label", "numeric"], ellipsize: false)
                let name = Label.line(episode.title.isEmpty ? "TBA" : episode.title)
                name.hexpand = true
                let aired = Label.line(episode.airDateUTC.map { Formatting.day($0, now: now) } ?? "—", classes: ["dim-label"], ellipsize: false)
                let file = Label.line(Self.fileWords(episode), ellipsize: false)
                file.sizeRequest(width: 110, height: -1)
                let episodeCommand = LibraryCommand.episodeSearch(episodeIDs: [episode.id.itemID])
                let search = Button(icon: "system-search-symbolic", name: "Search episode \(episode.episodeNumber) of \(seasonName)",
                                    tooltip: "Search this episode")
                search.addClasses(["flat"])
                search.onClicked { [weak self] in self?.onRequest?(.command(episodeCommand, on: item)) }
                commandButtons[episodeCommand] = search
                let pick = Button(icon: "view-list-symbolic", name: "Interactive search for episode \(episode.episodeNumber) of \(seasonName)…",
                                  tooltip: "Interactive search for this episode…")
                pick.addClasses(["flat"])
                let episodeTitle = "S\(String(format: "%02d", season.number))E\(String(format: "%02d", episode.episodeNumber)) of \(item.title)"
                pick.onClicked { [weak self] in
                    self?.onRequest?(.interactiveSearch(.episode(id: episode.id.itemID), on: item, title: episodeTitle))
                }
                episodeRows[episode.id.itemID] = (name, aired, file)
                row.append(number, name, aired, file, search, pick)
                list.append(row)
            }
            content.append(list)
        }

        content.append(Label.heading("Recent History"))
        let history = ListBox(name: "Recent history")
        if detail.history.isEmpty {
            let label = Label.line("No history yet.", classes: ["dim-label"])
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
        for control in seasonSwitches.values { control.sensitive = !on }
        for control in episodeChecks.values { control.sensitive = !on }
    }

    var isBusy: Bool { busy }

    /// Commands for the item shown: what each says now, its button insensitive while it runs.
    func showCommand(_ command: LibraryCommand, words: String?, running: Bool) {
        commandLines[command] = words.map { ($0, running) }
        showCommands()
    }

    private func showCommands() {
        commandStatus.removeAll()
        commandStatus.visible = false
        guard let item = shown?.resource else { return }
        let mine = commandLines.filter { entry in
            entry.key.itemIDs.contains(item.id.itemID) || !Set(entry.key.episodeIDs).isDisjoint(with: shown?.episodes.map(\.id.itemID) ?? [])
        }
        for (command, line) in mine.sorted(by: { $0.value.words < $1.value.words }) {
            let row = Box.horizontal(spacing: 8)
            if line.running {
                row.append(Spinner(name: "\(LibraryWords.command(command)) running", size: 16))
            } else {
                row.append(Image.decorative(line.words.contains(" failed") || line.words.contains("could not") ? "dialog-warning-symbolic" : "emblem-ok-symbolic"))
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
        let noun = item.kind == .series ? "series" : "movie"
        let service = item.kind == .series ? "Sonarr" : "Radarr"
        let widget = widget
        questions.ask { ended in ConfirmDialog(
            over: Window.toplevel(of: widget), title: "Delete “\(item.title)”?",
            detail: "\(service) stops managing this \(noun). Its files stay on disk unless you choose otherwise.",
            confirm: "Delete", options: [
                ("Also delete its _files", "Every file of this \(noun) in its folder is deleted from disk."),
                ("_Prevent re-adding by import lists", "An import-list exclusion is added, so lists do not add it back."),
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
        case .grabbed: "Grabbed"
        case .imported: "Imported"
        case .downloadFailed: "Download failed"
        case .fileDeleted: "File deleted"
        case .fileRenamed: "File renamed"
        case .ignored: "Ignored"
        case .unknown(let raw): raw
        }
    }
}
