import CGtk
import Core
import Foundation

/// A library tab (Series, Movies, …): every instance's library of one kind in one recycled list view
/// (20,000 rows scroll like 20), with search-as-you-type (Ctrl+F), a sort
/// order and a filter. Rows are picked (Ctrl/Shift-click, Ctrl+A) for the actions of
/// `LibraryActions`; activating a row (double click, Enter) pushes its detail page.
@MainActor
final class LibraryPage {
    let page: FeaturePage
    let presentation: LibraryPresentation
    private let stack: Stack
    private let search: Entry
    private let sortDropDown: DropDown
    private let filterDropDown: DropDown
    private let filterNames = StringList()
    private let countLabel: Label
    private let list = KeyedList()
    private(set) var factory: RowFactory<LibraryRow>!
    let selection: SelectionModel
    let actions: LibraryActions
    let message: TransientMessage
    /// The list view (benchmarks scroll it).
    let listView: ListView
    let detail: DetailView
    private let posters: PosterLoader
    private var items: [String: Resource] = [:]
    /// The items on screen's list (before the search and filter), live changes included.
    private var all: [Resource] = []
    /// What the list is made of before the live changes: the last answer shown (its instances joined off the
    /// main thread, once); nil before the first.
    private var source: (@Sendable () -> [Resource])?
    /// The live changes since the read shown was asked for, laid over every answer to an earlier read.
    private var patches = LivePatches()
    private var instances: [ServiceRef] = []
    private var filters: [LibraryQuery.Filter] = []
    private var query = LibraryQuery()
    private var generation = 0
    /// The generation whose rows are on screen, and who waits for the next one to be.
    private var appliedGeneration = 0
    private var appliedWaiters: [CheckedContinuation<Void, Never>] = []
    /// An Add Series/Movie dialog an inspection route shows.
    var inspectionDialog: AddToLibraryDialog?
    /// An interactive-search window an inspection route shows.
    var releaseDialog: ReleaseSearchDialog?
    /// Asks for a detail page's content.
    var openDetail: ((Resource) -> Void)?
    /// The detail page on screen shows this item.
    private(set) var detailItem: Resource?
    /// Called when new content is first on screen in the list, with its item count (benchmarks).
    var onApplied: ((Int) -> Void)?

    static let posterWidth: Int32 = 46
    static let posterHeight: Int32 = 68

    init(presentation: LibraryPresentation, clock: Clock, posters: PosterLoader) {
        self.presentation = presentation
        self.posters = posters
        let tab = presentation.feature

        // Toolbar: search, sort, filter.
        search = Entry(search: presentation.words.searchList)
        search.hexpand = true
        search.setAccessibleLabel(presentation.words.searchList)
        let sortNames = [tr("Title"), tr("Year"), tr("Date Added"), tr("Size on Disk")]
        sortDropDown = DropDown(sortNames, name: presentation.words.sortBy)
        filterDropDown = DropDown(filterNames, name: presentation.words.show)
        countLabel = Label.line("", classes: ["dim-label"], ellipsize: false)
        actions = LibraryActions(presentation: presentation)
        let toolbar = Box.horizontal(spacing: 8)
        toolbar.margins(12)
        let add = Button(icon: "list-add-symbolic", name: presentation.words.add,
                         tooltip: presentation.words.addTooltip, action: "win.add-to-library")
        toolbar.append(add, Separator(GTK_ORIENTATION_VERTICAL), actions.toolbar, Separator(GTK_ORIENTATION_VERTICAL), search, actions.commandBox, sortDropDown, filterDropDown,
                       countLabel, actions.rssButton)

        selection = SelectionModel(.multiple, over: list.model)
        listView = ListView(selection, name: presentation.title)
        detail = DetailView(presentation: presentation, clock: clock, posters: posters)
        let listColumn = Box.vertical()
        listColumn.append(toolbar, Separator(), ScrolledWindow(listView))

        stack = Stack(transition: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT)
        stack.add(listColumn, name: "list")
        stack.add(detail.widget, name: "detail")
        message = TransientMessage(over: stack)
        page = FeaturePage(tab: tab, content: message.overlay, clock: clock)

        factory = RowFactory(list, make: { [weak self] in
            let row = LibraryRow()
            row.onMonitor = { [weak self] key in
                guard let self, let item = self.items[key], self.actions.pending[key] == nil else { return }
                self.actions.monitor(!item.monitored, [item])
            }
            return (row.widget, row)
        }, bind: { [weak self] row, key in
            guard let self, let item = self.items[key] else { return }
            row.key = key
            row.show(item, facts: self.presentation.rowFacts(item), instance: self.instances.count > 1 ? self.instanceName(item.id.serviceID) : nil,
                     pending: self.actions.pending[key])
            // Posters start after the frame that shows the rows (idle priority, below redraw),
            // and only if the row still shows this item by then.
            row.clearPoster()
            MainLoop.hop { [weak self, weak row] in
                guard let self, let row, self.factory.bound[key] === row, let item = self.items[key] else { return }
                self.posters.show(item, in: row.picture, width: Self.posterWidth, height: Self.posterHeight)
            }
        }, unbind: { [weak self] row in
            self?.posters.cancel(row.picture)
        })
        listView.setFactory(factory.factory)
        list.paces(listView)
        list.keepsSelection(selection)
        listView.addClasses(["library-list"])
        listView.onActivate { [weak self] position in self?.activate(position: position) }

        search.onSearchChanged { [weak self] in self?.queryChanged() }
        sortDropDown.onSelected { [weak self] in self?.queryChanged() }
        filterDropDown.onSelected { [weak self] in self?.queryChanged() }
        detail.onBack = { [weak self] in self?.showList() }
        actions.attach(to: self)
    }

    var posterStats: (started: Int, decoded: Int) { (posters.started, posters.decoded) }

    /// Every item of the last content is in the list model (it grows over several frames).
    var isListSettled: Bool { list.isSettled }

    /// Focuses the search field (Ctrl+F).
    func focusSearch() {
        showList()
        search.grabFocus()
    }

    /// Types into the search field (as a user would; tests and the stress driver).
    func setSearchText(_ text: String) {
        search.text = text
    }

    /// Picks the filter at `index` (0 is "All"), if there is one.
    func selectFilter(_ index: Int) {
        guard index < filterNames.count else { return }
        filterDropDown.selected = index
    }

    var isShowingDetail: Bool {
        stack.visibleChildName == "detail"
    }

    /// Shows a library state. `askedAt`: when the read that answered was asked for (nil: not a read — the cache,
    /// an inspection scene); the live changes since then stay over its answer.
    func render(_ state: FeatureState<LibraryContent>, askedAt: LivePatches.Instant? = nil) {
        if askedAt != nil { answersShown += 1 }
        if let content = state.value { apply(content, askedAt: askedAt) }
        page.show(PagePresentation(state), failures: state.value?.failures ?? [], isEmpty: state.value?.isEmpty ?? false)
    }

    /// Reads the library with `read` and shows its answer (live changes that come while it is out stay over it).
    @discardableResult
    func showRead(_ read: () async -> FeatureState<LibraryContent>) async -> FeatureState<LibraryContent> {
        let asked = ContinuousClock.now
        let state = await read()
        render(state, askedAt: asked)
        return state
    }

    /// A live message changed one item (or it was read again alone, asked at `at`): it takes its place in the
    /// list (or joins it) without a refetch; rows on screen update in place, the model gets one splice.
    func patch(_ resource: Resource, at: LivePatches.Instant = .now) {
        patches.patch(resource, at: at)
        if source != nil { requery(rebuilding: true) } // not loaded yet: the first answer takes it
    }

    /// A live message deleted an item.
    func remove(_ id: ResourceID, at: LivePatches.Instant = .now) {
        patches.remove(id, at: at)
        if source != nil { requery(rebuilding: true) }
    }

    /// Shows a detail page's state (pushed over the list, with a Back button).
    func showDetail(_ state: DetailView.State, title: String, focus: Bool = true) {
        if let value = state.detail { detailItem = value.resource }
        detail.render(state, title: title)
        stack.visibleChildName = "detail"
        if focus { detail.focusBack() }
    }

    func showDetail(of item: Resource) {
        detailItem = item
        showDetail(.loading, title: item.title)
    }

    func showList() {
        detailItem = nil
        stack.visibleChildName = "list"
        listView.grabFocus()
    }

    /// Returns once the content last rendered is in the rows (filtering and sorting run off the main thread).
    /// How many read answers were shown; whether the last change to the list is on screen (tests).
    private(set) var answersShown = 0
    var isSettled: Bool { appliedGeneration == generation }

    func applied() async {
        guard appliedGeneration != generation else { return }
        await withCheckedContinuation { appliedWaiters.append($0) }
    }

    // MARK: Selection

    /// The items picked, in the order shown.
    var selectedItems: [Resource] {
        selection.selectedPositions.compactMap { $0 < list.keys.count ? items[list.keys[$0]] : nil }
    }

    /// The row key of an item.
    func key(_ id: ResourceID) -> String { keyer.key(id) }

    /// The item a row key names now.
    func item(forKey key: String) -> Resource? { items[key] }

    /// Every item the list shows, in order.
    var allItems: [Resource] { list.keys.compactMap { items[$0] } }

    /// Selects exactly the rows of `keys` (tests, inspection, a right click on an unpicked row).
    func select(keys: Set<String>) { list.select(keys: keys) }

    func isSelected(key: String) -> Bool { list.keys.firstIndex(of: key).map(selection.isSelected) ?? false }

    /// Opens the one picked item's details (the context menu's Open Details).
    func openSelected() {
        guard let item = selectedItems.first else { return }
        openDetail?(item)
    }

    /// Rows on screen take their current values again (a pending write came or went).
    func rebindShown() {
        let many = instances.count > 1
        factory.forEachBound { key, row in
            if let item = items[key] {
                row.show(item, facts: presentation.rowFacts(item), instance: many ? instanceName(item.id.serviceID) : nil, pending: actions.pending[key])
            }
        }
    }

    /// The row under `y` (list view coordinates), if one is bound there.
    func key(atY y: Double) -> String? { factory.key(atY: y, in: listView) { $0.widget } }

    /// Where the first picked row on screen is (for the menu key), in list view coordinates.
    var firstSelectedRowY: Double? { factory.topmostMiddle(in: listView, of: isSelected(key:)) { $0.widget } }

    private func apply(_ content: LibraryContent, askedAt: LivePatches.Instant?) {
        let instanceList = content.parts.map(\.service)
        keyer.register(instanceList.map(\.id))
        if instanceList != instances {
            instances = instanceList
            rebuildFilters()
        }
        actions.setInstances(instanceList)
        if let askedAt {
            let present = content.parts.map(\.service.id) + content.pending.map(\.id) + content.failures.map(\.service.id)
            patches.answered(fresh: Set(content.parts.filter { !$0.isStale }.map(\.service.id)), askedAt: askedAt, present: Set(present))
        }
        // Joining, indexing, filtering and sorting 20,000 items happen off the main thread;
        // the main thread only swaps the results in and splices the list model.
        source = { content.items }
        requery(rebuilding: true)
    }

    private func rebuildFilters() {
        var names = [tr("All"), tr("Monitored"), tr("Not Monitored"), tr("Missing")]
        filters = [.all, .monitored, .unmonitored, .missing]
        if instances.count > 1 {
            for instance in instances {
                names.append(tr("Only %s").fill(instance.name))
                filters.append(.instance(instance.id))
            }
        }
        filterNames.replaceAll(with: names)
    }

    private func queryChanged() {
        let text = search.text
        let sorts = LibraryQuery.Sort.allCases
        let sort = sorts[min(sortDropDown.selected, sorts.count - 1)]
        let selected = filterDropDown.selected
        let filter = selected < filters.count ? filters[selected] : .all
        query = LibraryQuery(search: text, sort: sort, filter: filter)
        requery()
    }

    /// Filters and sorts off the main thread (and indexes new content there), then
    /// applies the result: rows on screen update in place, the model gets one splice.
    /// `rebuilding`: the items changed (an answer, a live change): the source is made and the live changes laid
    /// over it off the main thread too (joining every instance's 20,000 items copies them: 15-20 ms that the
    /// main thread spent before).
    private func requery(rebuilding: Bool = false) {
        generation += 1
        let generation = generation, query = query, kept = all, keyer = keyer
        let source = rebuilding ? self.source : nil, patches = self.patches
        Task.detached(priority: .userInitiated) {
            let started = ContinuousClock.now
            let base = source?()
            let newContent = base.map { patches.applied(to: $0) }
            let all = newContent ?? kept
            var byKey: [String: Resource]?
            if let newContent {
                var index = [String: Resource](minimumCapacity: newContent.count)
                for item in newContent { index[keyer.key(item.id)] = item }
                byKey = index
            }
            let keys = query.apply(to: all).map { keyer.key($0.id) }
            Log.debug("timing: library index and query \(ContinuousClock.now - started)")
            await MainActor.run { [weak self] in
                let main = ContinuousClock.now
                defer { Log.debug("timing: library main-thread apply \(ContinuousClock.now - main)") }
                guard let self, self.generation == generation else { return }
                // No newer source since: the joined one stands for it from now on.
                if let base {
                    let previous = self.source
                    self.source = { base }
                    Task.detached(priority: .background) { _ = previous } // an answer's parts freed off the main thread
                }
                defer {
                    self.appliedGeneration = generation
                    let waiters = self.appliedWaiters
                    self.appliedWaiters = []
                    for waiter in waiters { waiter.resume() }
                }
                if let byKey {
                    let previous = (self.all, self.items)
                    self.all = all
                    self.items = byKey
                    Task.detached(priority: .background) { _ = previous } // freed off the main thread
                    let many = self.instances.count > 1
                    self.factory.forEachBound { key, row in
                        if let item = byKey[key] {
                            row.show(item, facts: self.presentation.rowFacts(item), instance: many ? self.instanceName(item.id.serviceID) : nil,
                                     pending: self.actions.pending[key])
                        }
                    }
                }
                let spliceStart = ContinuousClock.now
                self.list.update(keys)
                self.actions.update()
                Log.debug("timing: library splice \(ContinuousClock.now - spliceStart)")
                self.onApplied?(keys.count)
                let words = self.presentation.words
                self.countLabel.text = keys.count == all.count ? words.count(all.count) : words.shown(keys.count, all.count)
            }
        }
    }

    private func activate(position: Int) {
        guard Int(position) < list.keys.count, let item = items[list.keys[Int(position)]] else { return }
        openDetail?(item)
    }

    private func instanceName(_ id: UUID) -> String? {
        instances.first { $0.id == id }?.name
    }

    /// Row keys: a short per-instance number and the item id ("2/1234"), cheap to make 20,000 times.
    private(set) var keyer = RowKeyer()

    struct RowKeyer: Sendable {
        private var numbers: [UUID: Int] = [:]
        mutating func register(_ ids: [UUID]) {
            for id in ids where numbers[id] == nil { numbers[id] = numbers.count }
        }
        func key(_ id: ResourceID) -> String { "\(numbers[id.serviceID] ?? -1)/\(id.itemID)" }
    }
}
