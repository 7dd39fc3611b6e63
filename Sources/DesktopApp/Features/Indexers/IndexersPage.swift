import CGtk
import Core
import Foundation

/// The Indexers tab: one search across every indexer (or one picked) and every Prowlarr, and below it
/// either the indexers — protocol, privacy, whether enabled, what Prowlarr's status says of a failing
/// one, the last 24 hours in numbers, Test and an Enabled switch each, Test All — or the search's
/// results as they stream in, with what each indexer answered, More Results, Cancel and Back.
@MainActor
final class IndexersPage {
    let page: FeaturePage
    private let clock: Clock
    let searchEntry: Entry
    let typeDropDown: DropDown
    let categoryDropDown: DropDown
    let indexerDropDown: DropDown
    private let indexerNames = StringList()
    let searchButton: Button
    let views: Stack
    // The indexers.
    private let indexerList: ListBox
    let testAllButton: Button
    private let indexerStatus: Label
    // The results.
    let results = KeyedList()
    private(set) var factory: RowFactory<IndexerResultRow>!
    let resultView: ListView
    let spinner = Spinner(name: tr("Searching indexers"), size: 16)
    let searchStatus: Label
    /// What the indexers answered, one line per kind (failed, held back, found nothing, still searching), each
    /// ellipsized with its whole text as tooltip: lines whose height never changes while results stream in (a
    /// wrapping text growing a line re-laid out every result row).
    let answerLines: [Label]
    let cancelButton: Button
    let moreButton: Button
    let backButton: Button
    let message: TransientMessage

    /// Every manager's indexers as last shown, by manager, in order.
    private(set) var lists: [(service: ServiceRef, list: IndexerList)] = []
    /// The indexer each drop-down position after "All" names.
    var pickable: [(service: UUID, indexer: Int)] = []
    /// The search on screen: each manager's state per page asked (offset), merged for the list.
    var searches: [String: (service: UUID, state: IndexerSearchState)] = [:]
    var cancelled = false
    var failure: String?
    var releases: [String: (service: UUID, release: IndexerRelease)] = [:]
    /// Every result of the search, merged (the list may still be growing toward it a few rows a frame).
    var mergedCount = 0
    /// Each search slot's result keys, in its order.
    var slotKeys: [String: [String]] = [:]
    var searching = false
    /// A test under way or its outcome, by indexer key.
    private var testWords: [String: String] = [:]
    /// The control of an indexer row the user last used (its key, and whether the switch): the rows are
    /// made again when the list is read back, and the focus goes back to the same control.
    private var lastUsed: (key: String, isSwitch: Bool)?
    /// Each indexer row's Test button and Enabled switch, by indexer key (tests).
    private(set) var rowControls: [String: (test: Button, toggle: Switch)] = [:]

    var onSearch: ((_ search: IndexerSearch, _ among: [UUID: [Indexer]]) -> Void)?
    var onMore: (() -> Void)?
    var onCancel: (() -> Void)?
    var onEnable: ((_ service: UUID, _ indexer: Indexer, _ enabled: Bool) -> Void)?
    var onTest: ((_ service: UUID, _ indexer: Int?) -> Void)?
    /// The search's results were applied: how many are listed, and whether every manager finished (benchmarks).
    var onResultsApplied: ((_ count: Int, _ finished: Bool) -> Void)?
    /// The user asked to grab or send a result (row activated or its button).
    var onRelease: ((_ service: UUID, _ release: IndexerRelease) -> Void)?

    init(clock: Clock) {
        self.clock = clock
        searchEntry = Entry(search: tr("Search every indexer"))
        searchEntry.setAccessibleLabel(tr("Search every indexer"))
        searchEntry.hexpand = true
        typeDropDown = DropDown(StringList(IndexerSearch.SearchType.allCases.map(Self.typeTitle)), name: tr("Kind of search"))
        categoryDropDown = DropDown(StringList(Self.categories.map(\.title)), name: tr("Category"))
        indexerNames.replaceAll(with: [tr("All enabled indexers")])
        indexerDropDown = DropDown(indexerNames, name: tr("Indexers to search"))
        searchButton = Button(mnemonic: tr("_Search"), name: tr("Search"))
        searchButton.addClasses(["suggested-action"])
        let bar = Box.horizontal(spacing: 8)
        bar.margins(12, bottom: 6)
        bar.append(searchEntry, typeDropDown, categoryDropDown, indexerDropDown, searchButton)

        // Indexers.
        indexerList = ListBox(name: tr("Indexers"))
        indexerList.margins(12, top: 6)
        testAllButton = Button(mnemonic: tr("_Test All"), name: tr("Test all indexers"))
        indexerStatus = Label.wrapping("", classes: ["dim-label"], maxWidth: 90)
        indexerStatus.hexpand = true
        let indexerBar = Box.horizontal(spacing: 8)
        indexerBar.margins(12, top: 6, bottom: 0)
        indexerBar.append(indexerStatus, testAllButton)
        let indexerColumn = Box.vertical()
        indexerColumn.append(indexerBar, indexerList)
        let indexerScroll = ScrolledWindow(indexerColumn)
        indexerScroll.vexpand = true

        // Results.
        let selection = SelectionModel(.single, over: results.model)
        resultView = ListView(selection, name: tr("Search results"))
        resultView.singleClickActivate = false
        searchStatus = Label.line("")
        searchStatus.hexpand = true
        answerLines = (0..<4).map { _ in Label.line("", classes: ["dim-label", "caption"]) }
        let answers = Box.vertical(spacing: 2)
        for line in answerLines {
            line.visible = false
            answers.append(line)
        }
        cancelButton = Button(mnemonic: tr("_Cancel Search"), name: tr("Cancel search"))
        moreButton = Button(mnemonic: tr("_More Results"), name: tr("More results"))
        backButton = Button(mnemonic: tr("_Back to Indexers"), name: tr("Back to indexers"))
        let resultBar = Box.horizontal(spacing: 8)
        resultBar.margins(12, top: 6, bottom: 0)
        resultBar.append(spinner, searchStatus, cancelButton, moreButton, backButton)
        answers.margins(12, top: 4, bottom: 4)
        let resultScroll = ScrolledWindow(resultView)
        resultScroll.vexpand = true
        let resultColumn = Box.vertical()
        resultColumn.append(resultBar, answers, Separator(), resultScroll)

        views = Stack(transition: GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        views.add(indexerScroll, name: "indexers")
        views.add(resultColumn, name: "results")
        let column = Box.vertical()
        column.append(bar, Separator(), views)
        message = TransientMessage(over: column)
        page = FeaturePage(tab: .indexers, content: message.overlay, clock: clock)

        factory = RowFactory(results, make: {
            let row = IndexerResultRow()
            return (row.widget, row)
        }, bind: { [weak self] row, key in
            guard let self, let entry = self.releases[key] else { return }
            row.show(entry.release, now: self.clock.now)
            row.onAction = { [weak self] in self?.onRelease?(entry.service, entry.release) }
        })
        resultView.setFactory(factory.factory)
        results.paces(resultView)
        results.keepsSelection(selection)
        resultView.onActivate { [weak self] position in
            guard let self, position < self.results.keys.count, let entry = self.releases[self.results.keys[position]] else { return }
            self.onRelease?(entry.service, entry.release)
        }

        searchEntry.onActivate { [weak self] in self?.startSearch() }
        // Escape in the search box: cancels the search under way, else leaves the results.
        onSignal(searchEntry.widget, "stop-search") { [weak self] in
            guard let self, self.showsResults else { return }
            if self.searching { self.onCancel?() } else { self.showIndexers() }
        }
        searchButton.onClicked { [weak self] in self?.startSearch() }
        cancelButton.onClicked { [weak self] in self?.onCancel?() }
        moreButton.onClicked { [weak self] in self?.onMore?() }
        backButton.onClicked { [weak self] in self?.showIndexers() }
        testAllButton.onClicked { [weak self] in
            guard let self else { return }
            for entry in self.lists { self.onTest?(entry.service.id, nil) }
        }
        Shortcuts.add(to: resultColumn, triggers: ["Escape"]) { [weak self] in
            guard let self else { return }
            if self.searching { self.onCancel?() } else { self.showIndexers() }
        }
        views.visibleChildName = "indexers"
    }

    /// The Newznab top-level categories every indexer maps to (Prowlarr's own list): none means all.
    static var categories: [(title: String, ids: [Int])] {
        [(tr("All categories"), []), (tr("Movies"), [2000]), (tr("TV"), [5000]), (tr("Audio"), [3000]), (tr("Books"), [7000]),
         (tr("PC"), [4000]), (tr("Console"), [1000]), (tr("Other"), [8000])]
    }

    static func typeTitle(_ type: IndexerSearch.SearchType) -> String {
        switch type {
        case .search: tr("Any kind")
        case .tvSearch: tr("TV")
        case .movieSearch: tr("Movies")
        case .musicSearch: tr("Music")
        case .bookSearch: tr("Books")
        }
    }

    // MARK: Indexers

    func render(_ state: FeatureState<IndexersContent>) {
        if let content = state.value { fill(content) }
        page.show(PagePresentation(state), failures: state.value?.failures ?? [],
                  isEmpty: state.value.map { $0.parts.allSatisfy(\.value.indexers.isEmpty) } ?? false)
    }

    /// The indexers' rows as shown: name, then the facts line (tests).
    private(set) var indexerLines: [String] = []

    private func fill(_ content: IndexersContent) {
        lists = content.parts.map { ($0.service, $0.value) }
        let hadFocus = lastUsed != nil && indexerList.containsFocus
        indexerList.removeAll()
        indexerLines = []
        var refocus: (any WidgetRef)?
        rowControls = [:]
        let now = clock.now
        var names: [String] = [tr("All enabled indexers")]
        pickable = []
        let several = lists.count > 1
        for (service, list) in lists {
            for indexer in list.indexers {
                let made = indexerRow(indexer, service: service, now: now)
                indexerList.append(made.row)
                rowControls[Self.key(service.id, indexer.id.itemID)] = (made.test, made.toggle)
                if hadFocus, let used = lastUsed, used.key == Self.key(service.id, indexer.id.itemID) {
                    refocus = used.isSwitch ? made.toggle : made.test
                }
                pickable.append((service.id, indexer.id.itemID))
                names.append(several ? tr("%1$s (%2$s)").fill(indexer.name, service.name) : indexer.name)
            }
        }
        let picked = indexerDropDown.selected
        indexerNames.replaceAll(with: names)
        indexerDropDown.selected = picked < names.count ? picked : 0
        let all = lists.flatMap(\.list.indexers)
        let failing = all.filter { $0.enabled && $0.isFailing(at: now) }.count
        // Translators: %1$d enabled indexers of %2$d.
        var words = [trn("%1$d of %2$d indexer enabled", "%1$d of %2$d indexers enabled", all.count).fill(all.filter(\.enabled).count, all.count)]
        if failing > 0 { words.append(trn("%d failing", "%d failing", failing).fill(failing)) }
        let apps = Array(Set(lists.flatMap(\.list.applications))).sorted()
        if !apps.isEmpty { words.append(tr("synced to %s").fill(apps.joined(separator: ", "))) }
        // What could not be read beside the list is said, never shown as "no statistics" or "syncs nothing".
        for part in lists {
            for extra in IndexerList.Extra.allCases {
                guard let error = part.list.unread[extra] else { continue }
                words.append(extra == .statistics
                    ? tr("%1$s's statistics could not be read: %2$s").fill(part.service.name, ErrorText.sentence(error))
                    : tr("%1$s's applications could not be read: %2$s").fill(part.service.name, ErrorText.sentence(error)))
            }
        }
        indexerStatus.text = words.joined(separator: " · ")
        testAllButton.sensitive = !lists.isEmpty
        if let refocus { refocus.grabFocus() }
    }

    static func key(_ service: UUID, _ indexer: Int) -> String { "\(service.uuidString)/\(indexer)" }

    private func indexerRow(_ indexer: Indexer, service: ServiceRef, now: Date) -> (row: Box, test: Button, toggle: Switch) {
        let row = Box.horizontal(spacing: 12)
        row.margins(8, start: 12, end: 12)
        let text = Box.vertical(spacing: 2)
        text.hexpand = true
        text.valign = GTK_ALIGN_CENTER
        text.append(Label.line(indexer.name, classes: ["heading"]))
        var facts = [Self.protocolName(indexer.downloadProtocol), Self.privacyName(indexer.privacy)]
        if !indexer.definition.isEmpty { facts.append(indexer.definition) }
        if lists.count > 1 { facts.append(service.name) }
        let factLine = facts.joined(separator: " · ")
        text.append(Label.line(factLine, classes: ["dim-label", "caption"]))
        indexerLines.append(indexer.name)
        indexerLines.append(factLine)
        if let status = Self.statusLine(indexer, now: now) {
            // An icon and plain text, not a colour: the theme's error red on the dark style is 2.3:1.
            let line = Box.horizontal(spacing: 6)
            line.append(Image.decorative("dialog-warning-symbolic"), Label.wrapping(status, classes: ["caption"], maxWidth: 90))
            text.append(line)
            indexerLines.append(status)
        }
        let stats = Self.statsLine(indexer.stats)
        text.append(Label.line(stats, classes: ["dim-label", "caption"]))
        indexerLines.append(stats)
        if let words = testWords[Self.key(service.id, indexer.id.itemID)] {
            text.append(Label.wrapping(words, classes: ["caption"], maxWidth: 90))
            indexerLines.append(words)
        }

        let test = Button(mnemonic: tr("Test"), name: tr("Test %s").fill(indexer.name))
        test.valign = GTK_ALIGN_CENTER
        let key = Self.key(service.id, indexer.id.itemID)
        test.onClicked { [weak self] in
            self?.lastUsed = (key, false)
            self?.onTest?(service.id, indexer.id.itemID)
        }
        let toggle = Switch()
        toggle.valign = GTK_ALIGN_CENTER
        toggle.active = indexer.enabled
        toggle.setAccessibleLabel(tr("Enable %s").fill(indexer.name))
        toggle.tooltip = indexer.enabled ? tr("Enabled: Prowlarr searches it") : tr("Disabled: Prowlarr does not search it")
        toggle.onToggled { [weak self] on in
            guard on != indexer.enabled else { return }
            self?.lastUsed = (key, true)
            self?.onEnable?(service.id, indexer, on)
        }
        row.append(text, test, toggle)
        return (row, test, toggle)
    }

    static func protocolName(_ value: DownloadProtocol) -> String {
        switch value {
        case .torrent: tr("Torrent")
        case .usenet: tr("Usenet")
        case .unknown: tr("Unknown protocol")
        }
    }

    static func privacyName(_ privacy: String) -> String {
        switch privacy.lowercased() {
        case "public": tr("Public")
        case "private": tr("Private")
        case "semiprivate": tr("Semi-private")
        default: privacy.isEmpty ? tr("Privacy not stated") : privacy
        }
    }

    /// What Prowlarr's status says of a failing indexer; nil for one it does not hold back.
    static func statusLine(_ indexer: Indexer, now: Date) -> String? {
        guard let failure = indexer.failure, indexer.isFailing(at: now) else { return nil }
        var words: [String] = []
        if let until = failure.disabledUntil {
            words.append(until.timeIntervalSince(now) > 30 * 86_400 ? tr("Failing: held back until Prowlarr tests it again")
                : tr("Failing: held back until %s").fill(Formatting.time(until, now: now)))
        } else {
            words.append(tr("Failing"))
        }
        if let recent = failure.mostRecent { words.append(tr("last failure %s").fill(Formatting.time(recent, now: now))) }
        if let since = failure.since { words.append(tr("failing since %s").fill(Formatting.time(since, now: now))) }
        return words.joined(separator: " · ")
    }

    static func statsLine(_ stats: Indexer.Stats?) -> String {
        guard let stats else { return tr("No statistics for the last 24 hours") }
        let failures = stats.failedQueries + stats.failedGrabs
        // Translators: the last 24 hours of one indexer: queries, grabs, failures, average answer time.
        return tr("Last 24 h: %1$s · %2$s · %3$s · %4$s ms on average").fill(
            trn("%s query", "%s queries", stats.queries).fill(Formatting.count(stats.queries)),
            trn("%s grab", "%s grabs", stats.grabs).fill(Formatting.count(stats.grabs)),
            trn("%s failure", "%s failures", failures).fill(Formatting.count(failures)),
            Formatting.count(stats.averageResponse))
    }

    /// A test started or answered: its words stay on the indexer's row until the next test.
    func showTest(service: UUID, indexer: Int?, words: String) {
        if let indexer {
            testWords[Self.key(service, indexer)] = words
        } else {
            for entry in lists where entry.service.id == service {
                for one in entry.list.indexers { testWords[Self.key(service, one.id.itemID)] = words }
            }
        }
        refillIndexers()
    }

    func showTestResults(service: UUID, _ results: [IndexerTestResult]) {
        for result in results {
            testWords[Self.key(service, result.indexerID)] = result.isValid ? tr("Test passed")
                : tr("Test failed: %s").fill(result.messages.isEmpty ? tr("Prowlarr gave no reason") : result.messages.joined(separator: " "))
        }
        refillIndexers()
    }

    private func refillIndexers() {
        let parts = lists.map { ServicePart(service: $0.service, value: $0.list, refreshedAt: clock.now, isStale: false) }
        fill(Aggregate(parts: parts))
    }

    /// The page's clock now (a result's age in the grab dialog).
    var now: Date { clock.now }

    /// Ctrl+F: the search every indexer box.
    func focusSearch() { searchEntry.grabFocus() }

    func showIndexers() {
        guard !searching else { return }
        views.visibleChildName = "indexers"
    }
}
