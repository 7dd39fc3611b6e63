import CGtk
import Core
import Foundation

/// Activity: every orchestrator queue item, one per download, with the live
/// progress, speed and ETA of the transfer client holding it, the
/// orchestrator's state and its messages in full, and which client holds it.
@MainActor
final class ActivityPage {
    let page: FeaturePage
    private let list = KeyedList()
    private var factory: RowFactory<ActivityRow>!
    private var items: [String: ActivityItem] = [:]
    private var names: [UUID: String] = [:]

    init(clock: Clock) {
        let view = gtk_list_view_new(nil, nil)!
        let selection = gtk_no_selection_new(cast(g_object_ref(UnsafeMutableRawPointer(list.model))))!
        gtk_list_view_set_model(cast(view), cast(selection))
        g_object_unref(UnsafeMutableRawPointer(selection))
        UI.setAccessibleLabel(view, "Activity")
        page = FeaturePage(tab: .activity, content: UI.scrolled(view), clock: clock)
        factory = RowFactory(make: {
            let row = ActivityRow()
            return (row.widget, row)
        }, bind: { [weak self] row, key in
            guard let self, let item = self.items[key] else { return }
            row.show(item, names: self.names)
        })
        gtk_list_view_set_factory(cast(view), factory.factory)
    }

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
        var byKey: [String: ActivityItem] = [:]
        for item in content.items { byKey[Self.key(item.id)] = item }
        items = byKey
        factory.forEachBound { key, row in
            if let item = items[key] { row.show(item, names: names) } // in place: progress, speed, ETA, state
        }
        list.update(content.items.map { Self.key($0.id) })
    }

    static func key(_ id: ActivityItem.ID) -> String { "\(id.orchestrator.uuidString)/\(id.download)" }
}

@MainActor
final class ActivityRow {
    let widget: Widget
    private let title: Widget
    private let facts: Widget
    private let messages: Widget
    private let progress: Widget
    private let holder: Widget

    init() {
        widget = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        UI.margins(widget, 10)
        gtk_widget_set_margin_start(widget, 16)
        gtk_widget_set_margin_end(widget, 16)
        title = UI.line("", classes: ["heading"])
        facts = UI.line("", classes: ["dim-label"])
        messages = UI.label("", classes: ["caption"], wrap: true)
        gtk_label_set_xalign(cast(messages), 0)
        gtk_label_set_max_width_chars(cast(messages), 120)
        gtk_label_set_selectable(cast(messages), 0)
        progress = UI.progress(0, text: "", name: "Progress")
        holder = UI.line("", classes: ["dim-label", "caption"])
        UI.append(widget, title, facts, progress, holder, messages)
    }

    func show(_ item: ActivityItem, names: [UUID: String]) {
        UI.setText(title, item.title)
        var words = [names[item.id.orchestrator] ?? "Orchestrator",
                     Strings.trackedState(item.queue.trackedState, status: item.queue.status)]
        if item.episodeIDs.count > 1 { words.append("\(item.episodeIDs.count) episodes") }
        if item.queue.trackedStatus == .warning || item.queue.trackedStatus == .error {
            words.append(item.queue.trackedStatus == .error ? "Error" : "Warning")
        }
        UI.setText(facts, words.joined(separator: " · "))

        var progressWords = [Formatting.percent(item.progress)]
        if let transfer = item.transfer {
            if transfer.downloadSpeed > 0 { progressWords.append(Formatting.speed(transfer.downloadSpeed)) }
            if let eta = transfer.eta, transfer.state == .downloading { progressWords.append("\(Formatting.duration(eta)) left") }
            UI.setText(holder, "In \(names[transfer.serviceID] ?? "a download client") · \(Strings.transferState(transfer.state))")
        } else {
            if let left = item.queue.timeLeft, item.progress < 1 { progressWords.append("\(Formatting.duration(left)) left") }
            UI.setText(holder, item.queue.downloadClient.map { "Not found in a configured download client (\($0) in the orchestrator)" }
                ?? "Not found in a configured download client")
        }
        let text = progressWords.joined(separator: " · ")
        gtk_progress_bar_set_fraction(cast(progress), item.progress)
        gtk_progress_bar_set_text(cast(progress), text)
        UI.setAccessibleLabel(progress, "Progress of \(item.title)")

        let lines = item.queue.messages + (item.queue.errorMessage.map { [$0] } ?? [])
        UI.setText(messages, lines.joined(separator: "\n"))
        gtk_widget_set_visible(messages, lines.isEmpty ? 0 : 1)
    }
}
