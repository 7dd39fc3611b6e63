import CGtk
import Core
import Foundation

/// A series' or movie's detail page, pushed over its list: a Back button
/// (Escape, Alt+Left), the poster, facts, seasons and episodes (series),
/// file and release dates (movies), the item's queue entries and recent history.
@MainActor
final class DetailView {
    let widget: Widget
    private let back: Widget
    private let titleLabel: Widget
    private let body: OpaquePointer // GtkStack: loading / content / problem
    private let content: Widget
    private var problem: Widget?
    private let clock: Clock
    private let posters: PosterLoader
    var onBack: (() -> Void)?

    init(clock: Clock, posters: PosterLoader) {
        self.clock = clock
        self.posters = posters
        widget = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        let bar = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        UI.margins(bar, 8)
        back = gtk_button_new_from_icon_name("go-previous-symbolic")
        UI.setAccessibleLabel(back, "Back")
        gtk_widget_set_tooltip_text(back, "Back (Escape)")
        gtk_widget_set_size_request(back, 44, 36)
        titleLabel = UI.line("", classes: ["title-3"])
        gtk_widget_set_hexpand(titleLabel, 1)
        UI.append(bar, back, titleLabel)

        let bodyWidget = gtk_stack_new()!
        body = cast(bodyWidget)
        let spinner = UI.spinner(name: "Loading details…")
        UI.center(spinner)
        gtk_stack_add_named(body, spinner, "loading")
        content = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        UI.margins(content, 24)
        gtk_widget_set_margin_top(content, 6)
        gtk_stack_add_named(body, UI.scrolled(content), "content")
        UI.append(widget, bar, gtk_separator_new(GTK_ORIENTATION_HORIZONTAL), bodyWidget)
        gtk_widget_set_vexpand(bodyWidget, 1)

        onSignal(back, "clicked") { [weak self] in self?.onBack?() }
        let controller = gtk_shortcut_controller_new()!
        for trigger in ["Escape", "<Alt>Left", "BackSpace"] {
            let action = gtk_callback_action_new({ _, _, data in
                let address = UInt(bitPattern: data)
                MainActor.assumeIsolated {
                    if let button = Widget(bitPattern: address) { gtk_widget_activate(button) }
                }
                return 1
            }, UnsafeMutableRawPointer(back), nil)
            gtk_shortcut_controller_add_shortcut(cast(controller), gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), action))
        }
        gtk_widget_add_controller(widget, controller)
    }

    func focusBack() { gtk_widget_grab_focus(back) }

    func render(_ state: FeatureState<ResourceDetail>, title: String) {
        UI.setText(titleLabel, title)
        if let problem { gtk_stack_remove(body, problem) }
        problem = nil
        switch state {
        case .loading:
            gtk_stack_set_visible_child_name(body, "loading")
        case .content(let detail, _), .stale(let detail, _, _):
            fill(detail)
            gtk_stack_set_visible_child_name(body, "content")
        default:
            let presentation = PagePresentation(state)
            let recovery = state.recovery ?? .retry
            let page = StatusPage.make(icon: presentation == .unauthorized ? "dialog-password-symbolic" : "network-offline-symbolic",
                                       title: presentation == .unauthorized ? Strings.unauthorizedTitle : Strings.unavailableTitle,
                                       detail: "The details could not be loaded.",
                                       button: (Strings.recoveryButton(recovery), recovery.actionName))
            problem = page
            gtk_stack_add_named(body, page, "problem")
            gtk_stack_set_visible_child_name(body, "problem")
        }
    }

    private func fill(_ detail: ResourceDetail) {
        while let child = gtk_widget_get_first_child(content) { gtk_box_remove(cast(content), child) }
        let item = detail.resource
        let now = clock.now

        // Poster and facts side by side.
        let top = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 18)
        gtk_widget_set_margin_top(top, 12)
        let frame = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0, classes: ["poster-frame"])
        gtk_widget_set_size_request(frame, 120, 178)
        gtk_widget_set_overflow(frame, GTK_OVERFLOW_HIDDEN)
        gtk_widget_set_valign(frame, GTK_ALIGN_START)
        let picture = gtk_picture_new()!
        gtk_picture_set_can_shrink(cast(picture), 1)
        gtk_picture_set_content_fit(cast(picture), GTK_CONTENT_FIT_COVER)
        gtk_widget_set_size_request(picture, 120, 178)
        UI.hideFromAccessibility(picture)
        UI.append(frame, picture)
        posters.show(item, in: picture, width: 120, height: 178)

        let facts = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        gtk_widget_set_hexpand(facts, 1)
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
            let row = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
            let key = UI.line(name, classes: ["dim-label"], ellipsize: false)
            gtk_widget_set_size_request(key, 150, -1)
            UI.append(row, key, UI.line(value))
            UI.append(facts, row)
        }
        UI.append(top, frame, facts)
        UI.append(content, top)

        if !detail.queue.isEmpty {
            UI.append(content, UI.heading("In the Queue"))
            let list = UI.boxedList(name: "Queue entries")
            for entry in detail.queue {
                let row = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 4)
                UI.margins(row, 10)
                UI.append(row, UI.line(entry.title))
                var words = [Strings.trackedState(entry.trackedState, status: entry.status), Formatting.percent(entry.progress)]
                if let client = entry.downloadClient { words.append(client) }
                UI.append(row, UI.line(words.joined(separator: " · "), classes: ["dim-label", "caption"]))
                for message in entry.messages {
                    let label = UI.label(message, classes: ["caption"], wrap: true)
                    gtk_label_set_xalign(cast(label), 0)
                    UI.append(row, label)
                }
                gtk_list_box_append(cast(list), row)
            }
            UI.append(content, list)
        }

        for season in detail.seasons {
            UI.append(content, UI.heading(season.number == 0 ? "Specials" : "Season \(season.number)"))
            let list = UI.boxedList(name: season.number == 0 ? "Specials" : "Season \(season.number)")
            for episode in season.episodes {
                let row = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
                UI.margins(row, 8)
                gtk_widget_set_margin_start(row, 12)
                let number = UI.line(String(format: "%02d", episode.episodeNumber), classes: ["dim-label", "numeric"], ellipsize: false)
                let name = UI.line(episode.title.isEmpty ? "TBA" : episode.title)
                gtk_widget_set_hexpand(name, 1)
                let aired = UI.line(episode.airDateUTC.map { Formatting.day($0, now: now) } ?? "—", classes: ["dim-label"], ellipsize: false)
                let file = UI.line(episode.hasFile ? "On disk" : (episode.monitored ? "Missing" : "Not monitored"), ellipsize: false)
                gtk_widget_set_size_request(file, 110, -1)
                UI.append(row, number, name, aired, file)
                gtk_list_box_append(cast(list), row)
            }
            UI.append(content, list)
        }

        UI.append(content, UI.heading("Recent History"))
        let history = UI.boxedList(name: "Recent history")
        if detail.history.isEmpty {
            let label = UI.line("No history yet.", classes: ["dim-label"])
            UI.margins(label, 12)
            gtk_list_box_append(cast(history), label)
        }
        for event in detail.history.prefix(20) {
            let row = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
            UI.margins(row, 8)
            gtk_widget_set_margin_start(row, 12)
            UI.append(row, UI.line(event.sourceTitle))
            let when = event.date.map { Formatting.time($0, now: now) } ?? "—"
            UI.append(row, UI.line("\(Self.eventName(event.kind)) · \(when)", classes: ["dim-label", "caption"]))
            gtk_list_box_append(cast(history), row)
        }
        UI.append(content, history)
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
