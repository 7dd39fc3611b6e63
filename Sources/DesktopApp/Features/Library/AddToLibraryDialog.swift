import CGtk
import Core
import Foundation

/// Add Series / Add Movie / …: a search (at least two characters, sent 300 ms after typing stops, the
/// previous one cancelled; `tvdb:`, `imdb:`, `tmdb:` and pasted URLs go as typed), results with
/// poster, year, subtitle (network, studio) and overview — those already in the library say so and
/// open their page instead — then the choices the service needs (root folder, quality profile, and
/// the kind's own options, each explained), and Add. Errors in the service's words.
@MainActor
final class AddToLibraryDialog {
    let window: Window
    let presentation: LibraryPresentation
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
    private let folderNames = StringList(), profileNames = StringList()
    let folderDropDown: DropDown, profileDropDown: DropDown
    /// The kind's options, each with its control: a drop-down (and a sentence under it), or a check.
    private var optionControls: [(option: AddOption, dropDown: DropDown?, names: StringList?, help: Label?, check: CheckButton?)] = []
    private let tagsBox = Box.horizontal(spacing: 8)
    private var tagChecks: [(NamedID, CheckButton)] = []
    private let chosenLabel = Label.line("", classes: ["heading"])
    private let errorLabel = Label.wrapping("", classes: ["field-error"], maxWidth: 70)
    let addButton: Button
    private let backButton: Button
    /// A request manager's Request button (beside Add) and its section (on the options page), when one is set up.
    private let requestSlot = Box.horizontal(), requestSection = Box.vertical(spacing: 6)
    /// A result was picked (nil: back to the results).
    var onPicked: ((LookupResult?) -> Void)?
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

    init(over parent: (any WidgetRef)?, presentation: LibraryPresentation, instances: [ServiceRef]) {
        self.presentation = presentation
        self.instances = instances
        window = Window()
        window.title = presentation.addTitle
        window.makeModal(over: parent)
        window.setDefaultSize(width: 640, height: 560)

        let column = Box.vertical(spacing: 10)
        column.margins(20)
        let top = Box.horizontal(spacing: 8)
        searchEntry = Entry(search: presentation.addHint)
        searchEntry.hexpand = true
        searchEntry.setAccessibleLabel(presentation.words.searchToAdd)
        instanceNames.replaceAll(with: instances.map(\.name))
        instanceDropDown = DropDown(instanceNames, name: tr("Add to"))
        instanceDropDown.visible = instances.count > 1
        top.append(searchEntry, instanceDropDown)
        column.append(top, status)

        resultsSelection = SelectionModel(.single, over: resultKeys.model)
        resultsList = ListView(resultsSelection, name: tr("Search results"))
        resultsList.singleClickActivate = true
        let resultsPage = ScrolledWindow(resultsList)
        resultsPage.vexpand = true

        backButton = Button(icon: "go-previous-symbolic", name: tr("Back to the results"), tooltip: tr("Back to the results"))
        folderDropDown = DropDown(folderNames, name: tr("Root folder"))
        profileDropDown = DropDown(profileNames, name: tr("Quality profile"))
        let heading = Box.horizontal(spacing: 8)
        chosenLabel.hexpand = true
        heading.append(backButton, chosenLabel)
        let grid = Grid(rowSpacing: 8, columnSpacing: 12)
        var row: Int32 = 0
        func attach(_ name: String, _ control: any WidgetRef) {
            let label = Label.line(name, ellipsize: false)
            label.xalign = 0
            grid.attach(label, column: 0, row: row)
            control.hexpand = true
            grid.attach(control, column: 1, row: row)
            row += 1
        }
        attach(tr("Root folder"), folderDropDown)
        attach(tr("Quality profile"), profileDropDown)
        var checks: [any WidgetRef] = []
        for option in presentation.kind.addOptions {
            let label = presentation.optionLabel(option.name)
            switch option.control {
            case .choice(let values):
                let names = StringList()
                names.replaceAll(with: values.map { presentation.choiceLabel(option.name, $0) })
                let dropDown = DropDown(names, name: label)
                attach(label, dropDown)
                let help = values.contains { presentation.choiceHelp(option.name, $0) != nil }
                    ? Label.wrapping("", classes: ["dim-label", "caption"], maxWidth: 70) : nil
                if let help {
                    grid.attach(help, column: 1, row: row) // what the chosen value does, under it
                    row += 1
                }
                optionControls.append((option, dropDown, names, help, nil))
            case .metadataProfile:
                let names = StringList()
                let dropDown = DropDown(names, name: label)
                attach(label, dropDown)
                optionControls.append((option, dropDown, names, nil, nil))
            case .toggle(let on):
                let check = CheckButton(mnemonic: label)
                check.active = on
                checks.append(check)
                optionControls.append((option, nil, nil, nil, check))
            }
        }
        let tagsRow = Box.horizontal(spacing: 8)
        tagsRow.append(Label.line(tr("Tags"), ellipsize: false), tagsBox)
        optionsBox.append(heading, grid)
        for check in checks { optionsBox.append(check) }
        optionsBox.append(tagsRow, requestSection, errorLabel)
        optionsBox.margin(top: 8)
        stack.add(resultsPage, name: "results")
        stack.add(optionsBox, name: "options")
        stack.vexpand = true
        column.append(stack)

        let buttons = Box.horizontal(spacing: 12)
        buttons.halign = GTK_ALIGN_END
        let close = Button(mnemonic: tr("_Close"), name: tr("Close"))
        addButton = Button()
        addButton.setChild(Label(tr("Add")))
        addButton.setAccessibleLabel(tr("Add"))
        addButton.addClasses(["suggested-action"])
        addButton.sensitive = false
        requestSlot.visible = false
        buttons.append(close, requestSlot, addButton)
        column.append(buttons)
        window.setChild(column)

        searchEntry.onSearchChanged { [weak self] in self?.queryChanged() }
        instanceDropDown.onSelected { [weak self] in self?.queryChanged() }
        resultRows = RowFactory(resultKeys, make: {
            let row = LookupRow()
            return (row.widget, row)
        }, bind: { [weak self] row, key in
            guard let self, let index = Self.index(of: key), index < self.results.count else { return }
            row.show(self.results[index], posters: self.posters, instance: self.instance?.id)
        }, unbind: { [weak self] row in self?.posters?.cancel(row.picture) })
        resultsList.setFactory(resultRows.factory)
        resultKeys.paces(resultsList)
        resultsList.onActivate { [weak self] index in self?.pick(index) }
        for control in optionControls { control.dropDown?.onSelected { [weak self] in self?.updateHelp() } }
        backButton.onClicked { [weak self] in self?.showResultsPage() }
        close.onClicked { [weak self] in self?.window.destroy() }
        addButton.onClicked { [weak self] in self?.submit() }
        Shortcuts.add(to: window, triggers: ["Escape"]) { [weak self] in self?.window.destroy() }
        updateHelp()
        status.text = tr("Type at least two characters.")
        window.present()
        searchEntry.grabFocus()
    }

    /// Puts a request manager's button beside Add and its section on the options page.
    func attachRequest(button: some WidgetRef, section: some WidgetRef) {
        requestSlot.append(button)
        requestSection.append(section)
        requestSlot.visible = true
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
            status.text = tr("Type at least two characters.")
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
        status.text = tr("Searching %s…").fill(instance.name)
        onLookup?(term, instance) { [weak self] result in
            guard let self, self.generation == generation else { return } // an older search: dropped
            switch result {
            case .success(let found):
                self.status.text = found.isEmpty ? tr("Nothing found for “%s”.").fill(term) : trn("%d found.", "%d found.", found.count).fill(found.count)
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
        onPicked?(nil)
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
        onPicked?(item)
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
            // Translators: %1$s is a folder's path, %2$s its free space ("120 GB").
            folder.accessible ? (folder.freeSpace.map { tr("%1$s — %2$s free").fill(folder.path, Formatting.bytes($0)) } ?? folder.path)
                              : tr("%s — not accessible").fill(folder.path)
        })
        if let first = choices.rootFolders.firstIndex(where: \.accessible) { folderDropDown.selected = first }
        profileNames.replaceAll(with: choices.qualityProfiles.map(\.name))
        for control in optionControls where control.option.control == .metadataProfile {
            control.names?.replaceAll(with: choices.metadataProfiles.map(\.name))
        }
        tagsBox.removeAll()
        tagChecks = choices.tags.map { tag in
            let check = CheckButton(mnemonic: "")
            check.setAccessibleLabel(tr("Tag %s").fill(tag.name))
            let box = Box.horizontal(spacing: 2)
            box.append(check, Label.line(tag.name, ellipsize: false))
            tagsBox.append(box)
            return (tag, check)
        }
        addButton.sensitive = chosen != nil && !choices.rootFolders.isEmpty && !choices.qualityProfiles.isEmpty
    }

    /// Under each choice, what its value does.
    private func updateHelp() {
        for control in optionControls {
            guard let help = control.help, let dropDown = control.dropDown, case .choice(let values) = control.option.control else { continue }
            let index = dropDown.selected
            help.text = index < values.count ? presentation.choiceHelp(control.option.name, values[index]) ?? "" : ""
        }
    }

    /// Each option's value as the form shows it: a choice's value, a check's true/false, a profile's id.
    private var optionValues: [String: String]? {
        var values: [String: String] = [:]
        for control in optionControls {
            switch control.option.control {
            case .choice(let list):
                guard let index = control.dropDown?.selected, index < list.count else { return nil }
                values[control.option.name] = list[index]
            case .toggle:
                values[control.option.name] = control.check?.active == true ? "true" : "false"
            case .metadataProfile:
                guard let index = control.dropDown?.selected, let profiles = choices?.metadataProfiles, index < profiles.count else { return nil }
                values[control.option.name] = String(profiles[index].id)
            }
        }
        return values
    }

    /// What Add sends now (nil until a result and the choices are there).
    var addition: LibraryAddition? {
        guard let chosen, let choices else { return nil }
        let folder = folderDropDown.selected, profile = profileDropDown.selected
        guard folder < choices.rootFolders.count, profile < choices.qualityProfiles.count, let options = optionValues else { return nil }
        let tags = tagChecks.filter { $0.1.active }.map(\.0.id)
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
