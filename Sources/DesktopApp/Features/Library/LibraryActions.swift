import CGtk
import Core
import Foundation

/// What a library list does to the items picked: toolbar buttons, a context menu
/// (right click, Menu, Shift+F10), keys in the list (Ctrl+M monitoring, Ctrl+Shift+S search,
/// Ctrl+Shift+R refresh, Enter opens), the eye button on each row, RSS sync per instance, rows
/// shown as pending until the service's answer is read back, and each instance's commands.
@MainActor
final class LibraryActions {
    enum Kind: String, CaseIterable {
        case monitor, unmonitor, search, refresh

        var title: String {
            switch self {
            case .monitor: tr("Monitor")
            case .unmonitor: tr("Stop Monitoring")
            case .search: tr("Search")
            case .refresh: tr("Refresh and Scan")
            }
        }

        var icon: String {
            switch self {
            case .monitor: "view-reveal-symbolic"
            case .unmonitor: "view-conceal-symbolic"
            case .search: "system-search-symbolic"
            case .refresh: "view-refresh-symbolic"
            }
        }
    }

    let toolbar = Box.horizontal(spacing: 2)
    let rssButton: MenuButton
    /// Each instance's running commands (a spinner and their names).
    let commandBox = Box.horizontal(spacing: 6)
    private let commandSpinner = Spinner(name: tr("Commands running"))
    private let commandLabel = Label.line("", classes: ["dim-label"], ellipsize: true)
    private let presentation: LibraryPresentation
    private weak var page: LibraryPage?
    private var group: Actions?
    private var buttons: [Kind: Button] = [:]
    private let popup: PopupMenu
    private var rssInstances: [ServiceRef] = []
    /// Writes sent and not read back yet: row key → what the row says meanwhile.
    private(set) var pending: [String: String] = [:]
    /// Commands running, by instance, with their words.
    private(set) var running: [CommandTracker.Key: String] = [:]

    /// Sends a request (AppModel: to the repository, then reads back).
    var onRequest: ((LibraryRequest) -> Void)?

    init(presentation: LibraryPresentation) {
        self.presentation = presentation
        let prefix = "library-\(presentation.feature.rawValue)"
        popup = PopupMenu(Menu(sections: [
            [(tr("Open Details"), "\(prefix).open")],
            [(Kind.monitor.title, "\(prefix).monitor"), (Kind.unmonitor.title, "\(prefix).unmonitor")],
            [(Kind.search.title, "\(prefix).search"), (Kind.refresh.title, "\(prefix).refresh")],
        ]))
        for kind in Kind.allCases {
            let title = kind.title
            let button = Button(icon: kind.icon, name: presentation.words.onSelection(title), tooltip: title, action: "\(prefix).\(kind.rawValue)")
            button.addClasses(["flat"])
            buttons[kind] = button
            toolbar.append(button)
        }
        rssButton = MenuButton(icon: "mail-send-receive-symbolic", menu: Menu(sections: []))
        rssButton.setAccessibleLabel(tr("RSS sync"))
        rssButton.tooltip = tr("RSS Sync: check the indexers' feeds for new releases now")
        rssButton.addClasses(["flat"])
        commandSpinner.visible = false
        commandLabel.setAccessibleLabel(tr("Commands running"))
        commandBox.append(commandSpinner, commandLabel)
        commandBox.visible = false
    }

    func attach(to page: LibraryPage) {
        self.page = page
        let group = Actions(insertInto: page.page, prefix: "library-\(presentation.feature.rawValue)")
        self.group = group
        for kind in Kind.allCases {
            group.add(kind.rawValue, enabled: false) { [weak self] in self?.request(kind) }
        }
        group.add("open", enabled: false) { [weak page] in page?.openSelected() }
        group.add("rss", string: { [weak self] id in
            guard let self, let instance = self.rssInstances.first(where: { $0.id.uuidString == id }) else { return }
            self.onRequest?(.rssSync(instance))
        })
        page.selection.onChanged { [weak self] in self?.update() }
        Shortcuts.add(to: page.listView, triggers: ["<Control>m"], capture: true) { [weak self] in self?.toggleMonitoring() }
        Shortcuts.add(to: page.listView, triggers: ["<Control><Shift>s"], capture: true) { [weak self] in self?.request(.search) }
        Shortcuts.add(to: page.listView, triggers: ["<Control><Shift>r"], capture: true) { [weak self] in self?.request(.refresh) }
        Shortcuts.add(to: page.listView, triggers: ["Menu", "<Shift>F10"], capture: true) { [weak self] in self?.openMenuAtFocus() }
        Gestures.onPress(page.listView, button: 3) { [weak self] x, y in self?.openMenu(x: x, y: y) }
        update()
    }

    /// Enables each action for the selection; a disabled button says why in its tooltip.
    func update() {
        guard let page else { return }
        let items = page.selectedItems
        let idle = items.filter { pending[page.key($0.id)] == nil }
        let enabled: [Kind: Bool] = [.monitor: idle.contains { !$0.monitored }, .unmonitor: idle.contains(where: \.monitored),
                                     .search: !idle.isEmpty, .refresh: !idle.isEmpty]
        for kind in Kind.allCases {
            group?.setEnabled(kind.rawValue, enabled[kind] ?? false)
            let title = kind.title
            let words = presentation.words
            // Translators: %1$s is an action ("Monitor"), %2$d how many items are selected.
            buttons[kind]?.tooltip = items.isEmpty ? words.selectFirst(title)
                : enabled[kind] == true ? trn("%1$s (%2$d selected)", "%1$s (%2$d selected)", items.count).fill(title, items.count)
                : kind == .monitor ? words.allMonitored(title)
                : kind == .unmonitor ? words.noneMonitored(title) : tr("%s: waiting for the service").fill(title)
        }
        group?.setEnabled("open", items.count == 1)
    }

    func isEnabled(_ kind: Kind) -> Bool { group?.isEnabled(kind.rawValue) ?? false }

    /// The instances RSS sync is offered for (each one of this page's kind).
    func setInstances(_ instances: [ServiceRef]) {
        guard instances != rssInstances else { return }
        rssInstances = instances
        let prefix = "library-\(presentation.feature.rawValue)"
        rssButton.setMenu(Menu(sections: [instances.map { (tr("RSS Sync: %s").fill($0.name), "\(prefix).rss::\($0.id.uuidString)") }]))
        rssButton.visible = !instances.isEmpty
    }

    // MARK: Acting

    /// Ctrl+M: stop monitoring when every picked item is monitored, else monitor.
    func toggleMonitoring() {
        guard let page else { return }
        let items = page.selectedItems
        guard !items.isEmpty else { return }
        request(items.allSatisfy(\.monitored) ? .unmonitor : .monitor)
    }

    func request(_ kind: Kind) {
        guard let page else { return }
        let items = page.selectedItems.filter { pending[page.key($0.id)] == nil }
        switch kind {
        case .monitor, .unmonitor:
            let on = kind == .monitor
            let changing = items.filter { $0.monitored != on }
            guard !changing.isEmpty else { return }
            monitor(on, changing)
        case .search, .refresh:
            for command in commands(kind == .search, for: items) { onRequest?(.command(command.0, on: command.1)) }
        }
    }

    /// The eye button on a row: that item only.
    func monitor(_ on: Bool, _ items: [Resource]) {
        guard let page, !items.isEmpty else { return }
        for item in items { pending[page.key(item.id)] = on ? tr("Monitoring…") : tr("Unmonitoring…") }
        page.rebindShown()
        update()
        onRequest?(.monitor(on, items))
    }

    /// The commands for `items`: one per instance naming its items when the kind's item commands take
    /// several (Radarr's), else one per item (Sonarr's series commands take one id).
    func commands(_ search: Bool, for items: [Resource]) -> [(LibraryCommand, Resource)] {
        let batches: [[Resource]] = presentation.kind.item.batchCommands
            ? Dictionary(grouping: items, by: \.id.serviceID).sorted { $0.key.uuidString < $1.key.uuidString }.map(\.value)
            : items.map { [$0] }
        return batches.map { batch in
            let ids = batch.map(\.id.itemID)
            return (search ? .search(items: ids) : .refresh(items: ids), batch[0])
        }
    }

    /// The write was answered and the list read back: rows leave their pending state.
    func finished(_ ids: [ResourceID]) {
        guard let page else { return }
        for id in ids { pending[page.key(id)] = nil }
        page.rebindShown()
        update()
    }

    /// A command's state changed (running ones show in the toolbar).
    func commandChanged(_ key: CommandTracker.Key, _ words: String?, instance: String) {
        running[key] = words.map { CommandWords.said(instance, $0) }
        let lines = running.values.sorted()
        commandBox.visible = !lines.isEmpty
        commandSpinner.visible = !lines.isEmpty
        commandSpinner.spinning = !lines.isEmpty
        commandLabel.text = lines.count == 1 ? lines[0] : trn("%d command running", "%d commands running", lines.count).fill(lines.count)
        commandLabel.tooltip = lines.joined(separator: "\n")
        commandLabel.setAccessibleLabel(lines.isEmpty ? tr("No commands running") : lines.joined(separator: "; "))
    }

    // MARK: Context menu

    private func openMenu(x: Double, y: Double) {
        guard let page else { return }
        if let key = page.key(atY: y), !page.isSelected(key: key) { page.select(keys: [key]) }
        popup.open(on: page.listView, x: x, y: y)
    }

    func openMenuAtFocus() {
        guard let page else { return }
        let y = page.firstSelectedRowY ?? 24
        popup.open(on: page.listView, x: 48, y: y)
    }

    var menuIsOpen: Bool { popup.isOpen }
    var openPopover: Widget? { popup.popover }
}
