import CGtk
import Core
import Foundation

/// Add Series / Add Movie: a search (at least two characters, sent 300 ms after typing stops, the
/// previous one cancelled; `tvdb:`, `imdb:`, `tmdb:` and pasted URLs go as typed), results with
/// poster, year, network or studio and overview — those already in the library say so and open their page
/// instead — then the choices the service needs, each explained, and Add. Errors in the service's words.
@MainActor
final class AddToLibraryDialog {
    let window: Window
    let media: LibraryMedia
    let searchEntry: Entry
    private let instanceDropDown: DropDown
    private let instanceNames = StringList()
    private let status = Label.wrapping("", classes: ["dim-label"], maxWidth: 70)
    /// The results: a list view over keys, rows recycled (only those on screen are built — 50 results
    /// built at once as box rows stalled the main loop over 100 ms).
    private let resultKeys = KeyedList()
    private let resultsSelection: SelectionModel
    private let resultsList: ListView
    private var resultRows: RowFactory<LookupRow>!
    private let stack = Stack()
    private let optionsBox = Box.vertical(spacing: 10)
    private let folderNames = StringList(), profileNames = StringList(), monitorNames = StringList(), typeNames = StringList()
    let folderDropDown: DropDown, profileDropDown: DropDown, monitorDropDown: DropDown, typeDropDown: DropDown
    private let monitorHelp = Label.wrapping("", classes: ["dim-label", "caption"], maxWidth: 70)
    let seasonFolderCheck = CheckButton(mnemonic: "_Season folders")
    let searchNowCheck = CheckButton(mnemonic: "Start _searching now")
    private let tagsBox = Box.horizontal(spacing: 8)
    private var tagChecks: [(NamedID, CheckButton)] = []
    private let chosenLabel = Label.line("", classes: ["heading"])
    private let errorLabel = Label.wrapping("", classes: ["field-error"], maxWidth: 70)
    let addButton: Button
    private let backButton: Button
    private let instances: [ServiceRef]
    private(set) var results: [LookupResult] = []
    private(set) var chosen: LookupResult?
    private(set) var choices: Repository.AddingChoices?
    private var debounce: Timer?
    private var generation = 0
    /// The term and instance of the last search sent (the entry reports changes late: the same text again is no new search).
    private var lastSearch: (term: String, instance: UUID)?

    /// Results were put on the page (the benchmark probe).
    var onResultsShown: ((Int) -> Void)?
    /// Loads the results' posters (none without it: tests, inspection).
    var posters: PosterLoader?
    static let posterWidth: Int32 = 46, posterHeight: Int32 = 68

    /// Looks up `term` on an instance (the dialog drops answers to older searches).
    var onLookup: ((String, ServiceRef, @escaping @MainActor (Result<[LookupResult], ServiceError>) -> Void) -> Void)?
    /// Reads an instance's root folders, profiles and tags.
    var onChoices: ((ServiceRef, @escaping @MainActor (Result<Repository.AddingChoices, ServiceError>) -> Void) -> Void)?
    /// Adds; the dialog shows the outcome through `added` or `failed`.
    var onAdd: ((LibraryAddition, ServiceRef) -> Void)?
    /// A result already in the library was picked: open its page.
    var onOpenExisting: ((LookupResult, ServiceRef) -> Void)?

    static let seriesMonitors: [(SeriesMonitor, String, String)] = [
        (.all, "All episodes", "Every episode, except specials."),
        (.future, "Future episodes", "Episodes that have not aired yet."),
        (.missing, "Missing episodes", "Episodes without files, and future ones."),
        (.existing, "Existing episodes", "Episodes that have files or have aired."),
        (.recent, "Recent episodes", "Episodes aired in the last 90 days, and future ones."),
        (.pilot, "Pilot episode", "Only the first episode."),
        (.firstSeason, "First season", "Every episode of the first season."),
        (.lastSeason, "Last season", "Every episode of the latest season."),
        (.none, "None", "No episodes; the series itself is not monitored either."),
    ]
    static let movieMonitors: [(MovieMonitor, String, String)] = [
        (.movieOnly, "Movie only", "Radarr monitors this movie."),
        (.movieAndCollection, "Movie and collection", "This movie and the others of its collection."),
        (.none, "None", "Added, not monitored."),
    ]
    static let seriesTypes = [("standard", "Standard"), ("daily", "Daily"), ("anime", "Anime")]

    init(over parent: (any WidgetRef)?, media: LibraryMedia, instances: [ServiceRef]) {
        self.media = media
        self.instances = instances
        window = Window()
        window.title = "Add \(media.kind == .series ? "Series" : "Movie")"
        window.makeModal(over: parent)
        window.setDefaultSize(width: 640, height: 560)

        let column = Box.vertical(spacing: 10)
        column.margins(20)
        let top = Box.horizontal(spacing: 8)
        searchEntry = Entry(search: media.kind == .series ? "Series title, or tvdb:ID" : "Movie title, or imdb:tt… / tmdb:ID")
        searchEntry.hexpand = true
        searchEntry.setAccessibleLabel("Search for \(media.kind == .series ? "a series" : "a movie") to add")
        instanceNames.replaceAll(with: instances.map(\.name))
        instanceDropDown = DropDown(instanceNames, name: "Add to")
        instanceDropDown.visible = instances.count > 1
        top.append(searchEntry, instanceDropDown)
        column.append(top, status)

        resultsSelection = SelectionModel(.single, over: resultKeys.model)
        resultsList = ListView(resultsSelection, name: "Search results")
        resultsList.singleClickActivate = true
        let resultsPage = ScrolledWindow(resultsList)
        resultsPage.vexpand = true

        backButton = Button(icon: "go-previous-symbolic", name: "Back to the results", tooltip: "Back to the results")
        folderDropDown = DropDown(folderNames, name: "Root folder")
        profileDropDown = DropDown(profileNames, name: "Quality profile")
        monitorDropDown = DropDown(monitorNames, name: "Monitor")
        typeDropDown = DropDown(typeNames, name: "Series type")
        let heading = Box.horizontal(spacing: 8)
        chosenLabel.hexpand = true
        heading.append(backButton, chosenLabel)
        let grid = Grid(rowSpacing: 8, columnSpacing: 12)
        for (row, (name, control)) in [("Root folder", folderDropDown as any WidgetRef), ("Quality profile", profileDropDown),
                                       ("Monitor", monitorDropDown)].enumerated() {
            let label = Label.line(name, ellipsize: false)
            label.xalign = 0
            grid.attach(label, column: 0, row: Int32(row))
            control.hexpand = true
            grid.attach(control, column: 1, row: Int32(row))
        }
        grid.attach(monitorHelp, column: 1, row: 3) // what the chosen monitor option does, under it
        if media.kind == .series {
            let label = Label.line("Series type", ellipsize: false)
            label.xalign = 0
            grid.attach(label, column: 0, row: 4)
            grid.attach(typeDropDown, column: 1, row: 4)
        }
        monitorNames.replaceAll(with: media.kind == .series ? Self.seriesMonitors.map(\.1) : Self.movieMonitors.map(\.1))
        typeNames.replaceAll(with: Self.seriesTypes.map(\.1))
        seasonFolderCheck.active = true
        seasonFolderCheck.setAccessibleLabel("Season folders")
        seasonFolderCheck.visible = media.kind == .series
        searchNowCheck.active = true
        searchNowCheck.setAccessibleLabel("Start searching now")
        let tagsRow = Box.horizontal(spacing: 8)
        tagsRow.append(Label.line("Tags", ellipsize: false), tagsBox)
        optionsBox.append(heading, grid, seasonFolderCheck, searchNowCheck, tagsRow, errorLabel)
        optionsBox.margin(top: 8)
        stack.add(resultsPage, name: "results")
        stack.add(optionsBox, name: "options")
        stack.vexpand = true
        column.append(stack)

        let buttons = Box.horizontal(spacing: 12)
        buttons.halign = GTK_ALIGN_END
        let close = Button(mnemonic: "_Close", name: "Close")
        addButton = Button()
        addButton.setChild(Label("Add"))
        addButton.setAccessibleLabel("Add")
        addButton.addClasses(["suggested-action"])
        addButton.sensitive = false
        buttons.append(close, addButton)
        column.append(buttons)
        window.setChild(column)

        searchEntry.onSearchChanged { [weak self] in self?.queryChanged() }
        instanceDropDown.onSelected { [weak self] in self?.queryChanged() }
        resultRows = RowFactory(make: {
            let row = LookupRow()
            return (row.widget, row)
        }, bind: { [weak self] row, key in
            guard let self, let index = Self.index(of: key), index < self.results.count else { return }
            row.show(self.results[index], posters: self.posters, instance: self.instance?.id)
        }, unbind: { [weak self] row in self?.posters?.cancel(row.picture) })
        resultsList.setFactory(resultRows.factory)
        resultKeys.keepsTop(of: resultsList)
        resultsList.onActivate { [weak self] index in self?.pick(index) }
        monitorDropDown.onSelected { [weak self] in self?.updateMonitorHelp() }
        backButton.onClicked { [weak self] in self?.showResultsPage() }
        close.onClicked { [weak self] in self?.window.destroy() }
        addButton.onClicked { [weak self] in self?.submit() }
        Shortcuts.add(to: window, triggers: ["Escape"]) { [weak self] in self?.window.destroy() }
        updateMonitorHelp()
        status.text = "Type at least two characters."
        window.present()
        searchEntry.grabFocus()
    }

    var instance: ServiceRef? {
        let index = instanceDropDown.selected
        return index < instances.count ? instances[index] : instances.first
    }

    // MARK: Searching

    private func queryChanged() {
        let term = searchEntry.text.trimmingCharacters(in: .whitespaces)
        if let lastSearch, lastSearch.term == term, lastSearch.instance == instance?.id { return } // searched already
        debounce?.cancel()
        generation += 1 // an answer to an older term is dropped
        guard term.count >= 2 else {
            lastSearch = nil
            status.text = "Type at least two characters."
            show([])
            return
        }
        debounce = Timer(milliseconds: 300) { [weak self] in
            self?.search(term)
            return false
        }
    }

    /// Searches at once (the debounce elapsed, or tests and inspection).
    func search(_ term: String) {
        guard let instance else { return }
        lastSearch = (term, instance.id)
        generation += 1
        let generation = generation
        status.text = "Searching \(instance.name)…"
        onLookup?(term, instance) { [weak self] result in
            guard let self, self.generation == generation else { return } // an older search: dropped
            switch result {
            case .success(let found):
                self.status.text = found.isEmpty ? "Nothing found for “\(term)”." : "\(found.count) found."
                self.show(found)
            case .failure(let error):
                self.status.text = ErrorText.sentence(error)
                self.show([])
            }
        }
    }

    func show(_ found: [LookupResult]) {
        results = found
        resultGeneration += 1
        // Fresh keys for every answer: each row is bound again with its new result.
        resultKeys.update(found.indices.map { "\(resultGeneration)/\($0)" })
        showResultsPage()
        onResultsShown?(found.count)
    }

    private var resultGeneration = 0

    private static func index(of key: String) -> Int? { key.split(separator: "/").last.flatMap { Int($0) } }

    private func showResultsPage() {
        chosen = nil
        stack.visibleChildName = "results"
        addButton.sensitive = false
    }

    /// A result was picked: its page when it is in the library, else the add options.
    func pick(_ index: Int) {
        guard index < results.count, let instance else { return }
        let item = results[index]
        // A search still pending (typed less than 300 ms ago) or under way would replace the form with results.
        debounce?.cancel()
        debounce = nil
        generation += 1
        if item.isInLibrary {
            onOpenExisting?(item, instance)
            window.destroy()
            return
        }
        chosen = item
        chosenLabel.text = item.year.map { "\(item.title) (\($0))" } ?? item.title
        errorLabel.visible = false
        stack.visibleChildName = "options"
        if let choices { fill(choices) } else {
            addButton.sensitive = false
            onChoices?(instance) { [weak self] result in
                switch result {
                case .success(let choices): self?.fill(choices)
                case .failure(let error): self?.failed(ErrorText.sentence(error))
                }
            }
        }
    }

    private func fill(_ choices: Repository.AddingChoices) {
        self.choices = choices
        folderNames.replaceAll(with: choices.rootFolders.map { folder in
            folder.accessible ? folder.path + (folder.freeSpace.map { " — \(Formatting.bytes($0)) free" } ?? "")
                              : folder.path + " — not accessible"
        })
        if let first = choices.rootFolders.firstIndex(where: \.accessible) { folderDropDown.selected = first }
        profileNames.replaceAll(with: choices.qualityProfiles.map(\.name))
        tagsBox.removeAll()
        tagChecks = choices.tags.map { tag in
            let check = CheckButton(mnemonic: "")
            check.setAccessibleLabel("Tag \(tag.name)")
            let box = Box.horizontal(spacing: 2)
            box.append(check, Label.line(tag.name, ellipsize: false))
            tagsBox.append(box)
            return (tag, check)
        }
        addButton.sensitive = chosen != nil && !choices.rootFolders.isEmpty && !choices.qualityProfiles.isEmpty
    }

    private func updateMonitorHelp() {
        let index = monitorDropDown.selected
        monitorHelp.text = media.kind == .series ? (index < Self.seriesMonitors.count ? Self.seriesMonitors[index].2 : "")
                                                 : (index < Self.movieMonitors.count ? Self.movieMonitors[index].2 : "")
    }

    /// What Add sends now (nil until a result and the choices are there).
    var addition: LibraryAddition? {
        guard let chosen, let choices else { return nil }
        let folder = folderDropDown.selected, profile = profileDropDown.selected, monitor = monitorDropDown.selected
        guard folder < choices.rootFolders.count, profile < choices.qualityProfiles.count else { return nil }
        let tags = tagChecks.filter { $0.1.active }.map(\.0.id)
        let options: LibraryAddition.Options = media.kind == .series
            ? .series(monitor: Self.seriesMonitors[min(monitor, Self.seriesMonitors.count - 1)].0,
                      seriesType: Self.seriesTypes[min(typeDropDown.selected, Self.seriesTypes.count - 1)].0,
                      seasonFolder: seasonFolderCheck.active, searchForMissing: searchNowCheck.active)
            : .movie(monitor: Self.movieMonitors[min(monitor, Self.movieMonitors.count - 1)].0, minimumAvailability: "released",
                     searchForMovie: searchNowCheck.active)
        return LibraryAddition(item: chosen, qualityProfileID: choices.qualityProfiles[profile].id,
                               rootFolderPath: choices.rootFolders[folder].path, tags: tags, options: options)
    }

    /// Add, as its button does.
    func submit() {
        guard let addition, let instance else { return }
        addButton.sensitive = false
        errorLabel.visible = false
        onAdd?(addition, instance)
    }

    /// The service refused (or could not be reached): its words, and Add again.
    func failed(_ message: String) {
        errorLabel.text = message
        errorLabel.visible = true
        addButton.sensitive = chosen != nil && choices != nil
    }

    var errorText: String? { errorLabel.visible ? errorLabel.text : nil }
}

/// One lookup result in the list: poster (loaded after the row is on screen), title and year, "In
/// the library", network or studio, and the start of the overview.
@MainActor
final class LookupRow {
    let widget = Box.horizontal(spacing: 12)
    let picture = Picture()
    private let title = Label.line("", classes: ["heading"])
    private let badge = Label.line("In the library", classes: ["instance-badge", "caption"], ellipsize: false)
    private let network = Label.line("", classes: ["dim-label"])
    private let overview = Label.wrapping("", classes: ["caption"], maxWidth: 80)

    init() {
        widget.margins(8, start: 12, end: 12)
        let frame = Box.vertical(classes: ["poster-frame"])
        frame.sizeRequest(width: AddToLibraryDialog.posterWidth, height: AddToLibraryDialog.posterHeight)
        frame.clipsChildren = true
        frame.valign = GTK_ALIGN_START
        picture.sizeRequest(width: AddToLibraryDialog.posterWidth, height: AddToLibraryDialog.posterHeight)
        picture.hideFromAccessibility()
        frame.append(picture)
        let column = Box.vertical(spacing: 2)
        column.hexpand = true
        let line = Box.horizontal(spacing: 8)
        title.hexpand = true
        line.append(title, badge)
        overview.lines = 2
        overview.ellipsize = PANGO_ELLIPSIZE_END
        column.append(line, network, overview)
        widget.append(frame, column)
    }

    func show(_ item: LookupResult, posters: PosterLoader?, instance: UUID?) {
        let name = item.year.map { "\(item.title) (\($0))" } ?? item.title
        title.text = name
        badge.visible = item.isInLibrary
        network.text = item.network ?? ""
        network.visible = !(item.network ?? "").isEmpty
        overview.text = item.overview ?? ""
        overview.visible = !(item.overview ?? "").isEmpty
        widget.setAccessibleLabel(item.isInLibrary ? "\(name), in the library" : name)
        if let posters, let instance {
            posters.show(item, from: instance, in: picture, width: AddToLibraryDialog.posterWidth, height: AddToLibraryDialog.posterHeight)
        } else {
            picture.setTexture(nil)
        }
    }
}
