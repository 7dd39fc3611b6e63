import CGtk
import Core
import Foundation

/// Series or Movies: every instance's library in one recycled list view
/// (20,000 rows scroll like 20), with search-as-you-type (Ctrl+F), a sort
/// order and a filter. Activating a row pushes its detail page.
@MainActor
final class LibraryPage {
    let page: FeaturePage
    let media: LibraryMedia
    private let stack: OpaquePointer
    private let search: Widget
    private let sortDropDown: Widget
    private let filterDropDown: Widget
    private let filterNames: OpaquePointer // GtkStringList
    private let countLabel: Widget
    private let list = KeyedList()
    private var factory: RowFactory<LibraryRow>!
    /// The list view (benchmarks scroll it).
    let listView: Widget
    private let detail: DetailView
    private let posters: PosterLoader
    private var items: [String: Resource] = [:]
    private var all: [Resource] = []
    private var instances: [ServiceRef] = []
    private var filters: [LibraryQuery.Filter] = []
    private var query = LibraryQuery()
    private var generation = 0
    /// Asks for a detail page's content.
    var openDetail: ((Resource) -> Void)?
    /// Called when new content is first on screen in the list, with its item count (benchmarks).
    var onApplied: ((Int) -> Void)?

    static let posterWidth: Int32 = 46
    static let posterHeight: Int32 = 68

    init(media: LibraryMedia, clock: Clock, posters: PosterLoader) {
        self.media = media
        self.posters = posters
        let noun = media.plural
        let tab = media.tab

        // Toolbar: search, sort, filter.
        search = gtk_search_entry_new()
        gtk_widget_set_hexpand(search, 1)
        UI.setProperty(search, "placeholder-text", "Search \(noun)")
        UI.setAccessibleLabel(search, "Search \(noun)")
        let sortNames = ["Title", "Year", "Date Added", "Size on Disk"]
        sortDropDown = UI.dropDown(sortNames, name: "Sort \(noun) by")
        filterNames = gtk_string_list_new(nil)
        filterDropDown = gtk_drop_down_new(filterNames, nil)
        UI.nameDropDown(filterDropDown, "Show \(noun)")
        countLabel = UI.line("", classes: ["dim-label"], ellipsize: false)
        let toolbar = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        UI.margins(toolbar, 12)
        UI.append(toolbar, search, sortDropDown, filterDropDown, countLabel)

        listView = gtk_list_view_new(nil, nil)
        detail = DetailView(clock: clock, posters: posters)
        let listColumn = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        UI.append(listColumn, toolbar, gtk_separator_new(GTK_ORIENTATION_HORIZONTAL), UI.scrolled(listView))

        let stackWidget = gtk_stack_new()!
        stack = cast(stackWidget)
        gtk_stack_set_transition_type(stack, GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT)
        gtk_stack_add_named(stack, listColumn, "list")
        gtk_stack_add_named(stack, detail.widget, "detail")
        page = FeaturePage(tab: tab, content: stackWidget, clock: clock)

        factory = RowFactory(make: {
            let row = LibraryRow()
            return (row.widget, row)
        }, bind: { [weak self] row, key in
            guard let self, let item = self.items[key] else { return }
            row.show(item, instance: self.instances.count > 1 ? self.instanceName(item.id.serviceID) : nil)
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
        let selection = gtk_single_selection_new(cast(g_object_ref(UnsafeMutableRawPointer(list.model))))!
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
        gtk_list_view_set_model(cast(listView), cast(selection))
        g_object_unref(UnsafeMutableRawPointer(selection))
        gtk_list_view_set_factory(cast(listView), factory.factory)
        gtk_list_view_set_single_click_activate(cast(listView), 1)
        UI.addClasses(listView, ["library-list"])
        UI.setAccessibleLabel(listView, media.title)
        onSignal(listView, "activate", withArgument: { [weak self] position in
            self?.activate(position: guint(UInt(bitPattern: position)))
        })

        onSignal(search, "search-changed") { [weak self] in self?.queryChanged() }
        onSignal(sortDropDown, "notify::selected", withArgument: { [weak self] _ in self?.queryChanged() })
        onSignal(filterDropDown, "notify::selected", withArgument: { [weak self] _ in self?.queryChanged() })
        detail.onBack = { [weak self] in self?.showList() }
    }

    var posterStats: (started: Int, decoded: Int) { (posters.started, posters.decoded) }

    /// Focuses the search field (Ctrl+F).
    func focusSearch() {
        showList()
        gtk_widget_grab_focus(search)
    }

    /// Types into the search field (as a user would; tests and the stress driver).
    func setSearchText(_ text: String) {
        gtk_editable_set_text(cast(search), text)
    }

    /// Picks the filter at `index` (0 is "All"), if there is one.
    func selectFilter(_ index: Int) {
        guard index < Int(g_list_model_get_n_items(cast(filterNames))) else { return }
        gtk_drop_down_set_selected(cast(filterDropDown), guint(index))
    }

    var isShowingDetail: Bool {
        gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } == "detail"
    }

    func render(_ state: FeatureState<LibraryContent>) {
        if let content = state.value { apply(content) }
        page.show(PagePresentation(state), failures: state.value?.failures ?? [], isEmpty: state.value?.items.isEmpty ?? false)
    }

    /// Shows a detail page's state (pushed over the list, with a Back button).
    func showDetail(_ state: FeatureState<ResourceDetail>, title: String) {
        detail.render(state, title: title)
        gtk_stack_set_visible_child_name(stack, "detail")
        detail.focusBack()
    }

    func showList() {
        gtk_stack_set_visible_child_name(stack, "list")
    }

    private func apply(_ content: LibraryContent) {
        let instanceList = content.parts.map(\.service)
        keyer.register(instanceList.map(\.id))
        if instanceList != instances {
            instances = instanceList
            rebuildFilters()
        }
        // Indexing, filtering and sorting 20,000 items happen off the main thread;
        // the main thread only swaps the results in and splices the list model.
        requery(content.items)
    }

    private func rebuildFilters() {
        var names = ["All", "Monitored", "Not Monitored", "Missing"]
        filters = [.all, .monitored, .unmonitored, .missing]
        if instances.count > 1 {
            for instance in instances {
                names.append("Only \(instance.name)")
                filters.append(.instance(instance.id))
            }
        }
        UI.replaceAll(filterNames, with: names)
    }

    private func queryChanged() {
        let text = gtk_editable_get_text(cast(search)).map { String(cString: $0) } ?? ""
        let sorts = LibraryQuery.Sort.allCases
        let sort = sorts[min(Int(gtk_drop_down_get_selected(cast(sortDropDown))), sorts.count - 1)]
        let selected = Int(gtk_drop_down_get_selected(cast(filterDropDown)))
        let filter = selected < filters.count ? filters[selected] : .all
        query = LibraryQuery(search: text, sort: sort, filter: filter)
        requery()
    }

    /// Filters and sorts off the main thread (and indexes new content there), then
    /// applies the result: rows on screen update in place, the model gets one splice.
    private func requery(_ newContent: [Resource]? = nil) {
        generation += 1
        let generation = generation, query = query, all = newContent ?? all, keyer = keyer
        Task.detached(priority: .userInitiated) {
            let started = ContinuousClock.now
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
                if let byKey {
                    let previous = (self.all, self.items)
                    self.all = all
                    self.items = byKey
                    Task.detached(priority: .background) { _ = previous } // freed off the main thread
                    let many = self.instances.count > 1
                    self.factory.forEachBound { key, row in
                        if let item = byKey[key] { row.show(item, instance: many ? self.instanceName(item.id.serviceID) : nil) }
                    }
                }
                let spliceStart = ContinuousClock.now
                self.list.update(keys)
                Log.debug("timing: library splice \(ContinuousClock.now - spliceStart)")
                self.onApplied?(keys.count)
                let noun = self.media.noun(all.count)
                UI.setText(self.countLabel, keys.count == all.count ? "\(Formatting.count(all.count)) \(noun)"
                                                                  : "\(Formatting.count(keys.count)) of \(Formatting.count(all.count))")
            }
        }
    }

    private func activate(position: guint) {
        guard Int(position) < list.keys.count, let item = items[list.keys[Int(position)]] else { return }
        openDetail?(item)
    }

    private func instanceName(_ id: UUID) -> String? {
        instances.first { $0.id == id }?.name
    }

    /// Row keys: a short per-instance number and the item id ("2/1234"), cheap to make 20,000 times.
    private var keyer = RowKeyer()

    struct RowKeyer: Sendable {
        private var numbers: [UUID: Int] = [:]
        mutating func register(_ ids: [UUID]) {
            for id in ids where numbers[id] == nil { numbers[id] = numbers.count }
        }
        func key(_ id: ResourceID) -> String { "\(numbers[id.serviceID] ?? -1)/\(id.itemID)" }
    }
}

/// One recycled row: a poster in a fixed frame that clips, title, facts, monitored, size, instance.
@MainActor
final class LibraryRow {
    let widget: Widget
    let picture: Widget
    private let title: Widget
    private let subtitle: Widget
    private let monitored: Widget
    private let monitoredIcon: Widget
    private let size: Widget
    private let instance: Widget

    init() {
        widget = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        UI.margins(widget, 6)
        gtk_widget_set_margin_start(widget, 12)
        gtk_widget_set_margin_end(widget, 12)

        // Fixed compact frame; posters of any aspect are scaled to cover it and clipped.
        let frame = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0, classes: ["poster-frame"])
        gtk_widget_set_size_request(frame, LibraryPage.posterWidth, LibraryPage.posterHeight)
        gtk_widget_set_overflow(frame, GTK_OVERFLOW_HIDDEN)
        gtk_widget_set_valign(frame, GTK_ALIGN_CENTER)
        picture = gtk_picture_new()
        gtk_picture_set_can_shrink(cast(picture), 1)
        gtk_picture_set_content_fit(cast(picture), GTK_CONTENT_FIT_COVER)
        gtk_widget_set_size_request(picture, LibraryPage.posterWidth, LibraryPage.posterHeight)
        UI.hideFromAccessibility(picture)
        UI.append(frame, picture)

        let text = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        gtk_widget_set_hexpand(text, 1)
        gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
        title = UI.line("", classes: ["heading"])
        subtitle = UI.line("", classes: ["dim-label"])
        UI.append(text, title, subtitle)

        instance = UI.line("", classes: ["caption", "instance-badge"], ellipsize: false)
        gtk_widget_set_valign(instance, GTK_ALIGN_CENTER)
        let monitoredBox = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
        gtk_widget_set_valign(monitoredBox, GTK_ALIGN_CENTER)
        monitoredIcon = gtk_image_new()
        UI.hideFromAccessibility(monitoredIcon)
        monitored = UI.line("", ellipsize: false)
        gtk_widget_set_size_request(monitored, 110, -1)
        UI.append(monitoredBox, monitoredIcon, monitored)
        size = UI.line("", classes: ["dim-label", "numeric"], ellipsize: false)
        gtk_label_set_xalign(cast(size), 1)
        gtk_widget_set_size_request(size, 80, -1)
        gtk_widget_set_valign(size, GTK_ALIGN_CENTER)
        UI.append(widget, frame, text, instance, monitoredBox, size)
    }

    func clearPoster() { gtk_picture_set_paintable(cast(picture), nil) }

    func show(_ item: Resource, instance name: String?) {
        UI.setText(title, item.title)
        var facts: [String] = []
        if let year = item.year { facts.append(String(year)) }
        facts.append(Strings.resourceStatus(item.status))
        if item.kind == .series {
            facts.append("\(item.fileCount) of \(item.expectedFileCount) episodes")
            if let network = item.network, !network.isEmpty { facts.append(network) }
        } else {
            facts.append(item.hasFile ? "On disk" : "Missing")
        }
        UI.setText(subtitle, facts.joined(separator: " · "))
        UI.setText(monitored, item.monitored ? "Monitored" : "Not monitored")
        // An open eye: Sonarr/Radarr watch for it; closed: they do not. The words stay beside it.
        gtk_image_set_from_icon_name(cast(monitoredIcon), item.monitored ? "view-reveal-symbolic" : "view-conceal-symbolic")
        UI.setText(size, item.sizeOnDisk > 0 ? Formatting.bytes(item.sizeOnDisk) : "—")
        UI.setText(instance, name ?? "")
        gtk_widget_set_visible(instance, name == nil ? 0 : 1)
    }
}

/// What a library page holds, as data: its kind of media, its tab and its words. A new
/// kind of library (music, books) is one more value, not an edit of the page.
struct LibraryMedia: Sendable {
    let kind: Resource.Kind
    let tab: AppTab
    let title: String
    let singular: String
    let plural: String

    static let series = LibraryMedia(kind: .series, tab: .series, title: "Series", singular: "series", plural: "series")
    static let movies = LibraryMedia(kind: .movie, tab: .movies, title: "Movies", singular: "movie", plural: "movies")

    func noun(_ count: Int) -> String { count == 1 ? singular : plural }
}
