import CGtk
import Core
import Foundation

/// Activity: every orchestrator queue item, one per download, with the live
/// progress, speed and ETA of the transfer client holding it, the
/// orchestrator's state and its messages in full, and which client holds it.
/// Downloads are picked (click, Ctrl/Shift-click, Ctrl+A) for `ActivityActions`.
@MainActor
final class ActivityPage {
    let page: FeaturePage
    private let list = KeyedList()
    private(set) var factory: RowFactory<ActivityRow>!
    private var items: [String: ActivityItem] = [:]
    private var names: [UUID: String] = [:]
    /// Each orchestrator's children's noun ("episodes"), for a download that holds several.
    private var childCounts: [UUID: @Sendable (Int) -> String] = [:]
    let view: ListView
    let selection: SelectionModel
    let actions = ActivityActions()
    let message: TransientMessage

    init(clock: Clock) {
        selection = SelectionModel(.multiple, over: list.model)
        view = ListView(selection, name: tr("Activity"))
        let column = Box.vertical()
        column.append(actions.toolbar, Separator(), ScrolledWindow(view))
        message = TransientMessage(over: column)
        page = FeaturePage(tab: .activity, content: message.overlay, clock: clock)
        factory = RowFactory(list, make: {
            let row = ActivityRow()
            return (row.widget, row)
        }, bind: { [weak self] row, key in
            guard let self, let item = self.items[key] else { return }
            row.show(item, names: self.names, childCount: self.childCounts[item.id.orchestrator], pending: self.actions.pending[key])
        })
        view.setFactory(factory.factory)
        list.paces(view)
        list.keepsSelection(selection)
        actions.attach(to: self)
    }

    /// The downloads picked, in the order shown.
    var selectedItems: [ActivityItem] {
        selection.selectedPositions.compactMap { $0 < list.keys.count ? items[list.keys[$0]] : nil }
    }

    func select(keys: Set<String>) { list.select(keys: keys) }

    func isSelected(key: String) -> Bool { list.keys.firstIndex(of: key).map(selection.isSelected) ?? false }

    /// Picks one download and scrolls to it (a notification's click); when it is not on the list yet
    /// (the page has not been read since), it is picked when it arrives — within half a minute.
    func reveal(key: String, now: Date = Date()) {
        revealing.want(key, now: now)
        revealIfShown(now: now)
    }

    private var revealing = PendingReveal()

    private func revealIfShown(now: Date = Date()) {
        guard let key = revealing.take(now: now, isListed: list.keys.contains), let position = list.keys.firstIndex(of: key) else { return }
        select(keys: [key])
        KeyedList.scroll(view, to: position)
    }

    var allItems: [ActivityItem] { list.keys.compactMap { items[$0] } }

    /// Rows on screen take their current values again (a pending write came or went).
    func rebindShown() {
        factory.forEachBound { key, row in
            if let item = items[key] { row.show(item, names: names, childCount: childCounts[item.id.orchestrator], pending: actions.pending[key]) }
        }
    }

    /// The row under `y` (list view coordinates), if one is bound there.
    func key(atY y: Double) -> String? { factory.key(atY: y, in: view) { $0.widget } }

    /// Where the first picked row on screen is (for the menu key), in list view coordinates.
    var firstSelectedRowY: Double? { factory.topmostMiddle(in: view, of: isSelected(key:)) { $0.widget } }

    func render(_ state: FeatureState<ActivityContent>) {
        if let content = state.value { apply(content) }
        page.show(PagePresentation(state), failures: state.value?.failures ?? [], isEmpty: state.value?.items.isEmpty ?? false)
    }

    private func apply(_ content: ActivityContent) {
        var names: [UUID: String] = [:]
        for part in content.queues.parts { names[part.service.id] = part.service.name }
        for part in content.transfers.parts { names[part.service.id] = part.service.name }
        for failure in content.failures { names[failure.service.id] = failure.service.name }
        self.names = names
        for part in content.queues.parts {
            if let kind = part.service.kind.library { childCounts[part.service.id] = LibraryPresentations.of(kind.id).words.children?.count }
        }
        var byKey: [String: ActivityItem] = [:]
        for item in content.items { byKey[Self.key(item.id)] = item }
        items = byKey
        factory.forEachBound { key, row in
            if let item = items[key] { row.show(item, names: names, childCount: childCounts[item.id.orchestrator], pending: actions.pending[key]) } // in place: progress, speed, ETA, state
        }
        list.update(content.items.map { Self.key($0.id) })
        revealIfShown()
        actions.update()
        onApplied?(content.items.count)
    }

    /// The rows listed, and their titles in list order (tests).
    var itemCount: Int { list.keys.count }
    var titles: [String] { list.keys.compactMap { items[$0]?.title } }

    /// Called when content has been applied, with its item count (benchmarks).
    var onApplied: ((Int) -> Void)?

    static func key(_ id: ActivityItem.ID) -> String { "\(id.orchestrator.uuidString)/\(id.download)" }
}

@MainActor
final class ActivityRow {
    let widget: Box
    private let title: Label
    private let facts: Label
    private let messages: Label
    private let progress: ProgressBar
    private let holder: Label

    init() {
        widget = Box.vertical(spacing: 6)
        widget.margins(10, start: 16, end: 16)
        title = Label.line("", classes: ["heading"])
        facts = Label.line("", classes: ["dim-label"])
        messages = Label.wrapping("", classes: ["caption"], maxWidth: 120)
        progress = ProgressBar(0, text: "", name: tr("Progress"))
        holder = Label.line("", classes: ["dim-label", "caption"])
        widget.append(title, facts, progress, holder, messages)
    }

    func show(_ item: ActivityItem, names: [UUID: String], childCount: (@Sendable (Int) -> String)? = nil, pending: String? = nil) {
        title.text = item.title
        var words = [names[item.id.orchestrator] ?? tr("Orchestrator"),
                     pending ?? (item.queue.isPending ? tr("Delayed") : Strings.trackedState(item.queue.trackedState, status: item.queue.status))]
        let children = item.childIDs.count
        if children > 1 { words.append(childCount?(children) ?? trn("%d item", "%d items", children).fill(children)) }
        if item.queue.trackedStatus == .warning || item.queue.trackedStatus == .error {
            words.append(item.queue.trackedStatus == .error ? tr("Error") : tr("Warning"))
        }
        facts.text = words.joined(separator: " · ")

        var progressWords = [Formatting.percent(item.progress)]
        if let transfer = item.transfer {
            if transfer.downloadSpeed > 0 { progressWords.append(Formatting.speed(transfer.downloadSpeed)) }
            if let eta = transfer.eta, transfer.state == .downloading { progressWords.append(tr("%s left").fill(Formatting.duration(eta))) }
            holder.text = (names[transfer.serviceID].map { tr("In %1$s · %2$s").fill($0, Strings.transferState(transfer.state)) }
                ?? tr("In a download client · %s").fill(Strings.transferState(transfer.state)))
        } else if item.queue.isPending {
            holder.text = item.queue.status == .delay ? tr("Held back by a delay profile: not sent to a download client yet")
                                                      : tr("Waiting for its download client to be available")
        } else {
            if let left = item.queue.timeLeft, item.progress < 1 { progressWords.append(tr("%s left").fill(Formatting.duration(left))) }
            holder.text = item.queue.downloadClient.map { tr("Not found in a configured download client (%s in the orchestrator)").fill($0) }
                ?? tr("Not found in a configured download client")
        }
        let text = progressWords.joined(separator: " · ")
        progress.fraction = item.progress
        progress.text = text
        progress.setAccessibleLabel(tr("Progress of %s").fill(item.title))

        let lines = item.queue.messages + (item.queue.errorMessage.map { [$0] } ?? [])
        messages.text = lines.joined(separator: "\n")
        messages.visible = !lines.isEmpty
    }
}
