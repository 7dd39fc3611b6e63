import CGtk
import Core
import Foundation

/// Calendar: upcoming episodes and movies for the next 14 days, grouped by day.
@MainActor
final class CalendarPage {
    let page: FeaturePage
    private let column: Widget
    private let clock: Clock

    init(clock: Clock) {
        self.clock = clock
        column = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        UI.margins(column, 24)
        gtk_widget_set_margin_top(column, 6)
        page = FeaturePage(tab: .calendar, content: UI.scrolled(column), clock: clock)
    }

    func render(_ state: FeatureState<CalendarContent>) {
        if let content = state.value { fill(content) }
        page.show(PagePresentation(state), failures: state.value?.failures ?? [], isEmpty: state.value?.isEmpty ?? false)
    }

    private func fill(_ content: CalendarContent) {
        while let child = gtk_widget_get_first_child(column) { gtk_box_remove(cast(column), child) }
        var names: [UUID: String] = [:]
        for part in content.parts { names[part.service.id] = part.service.name }
        let now = clock.now
        let days = CalendarDays.group(content.entries)
        if days.isEmpty {
            let label = UI.line("Nothing due in the next 14 days.", classes: ["dim-label"])
            gtk_widget_set_margin_top(label, 18)
            UI.append(column, label)
        }
        for day in days {
            let title = Formatting.day(day.start, now: now)
            UI.append(column, UI.heading(title))
            let list = UI.boxedList(name: title)
            for entry in day.entries {
                let row = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
                UI.margins(row, 8)
                gtk_widget_set_margin_start(row, 12)
                gtk_widget_set_size_request(row, -1, 44)
                let time = UI.line(Formatting.time(entry.date, now: entry.date), classes: ["numeric", "dim-label"], ellipsize: false)
                gtk_widget_set_size_request(time, 48, -1)
                let text = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
                gtk_widget_set_hexpand(text, 1)
                UI.append(text, UI.line(entry.title, classes: ["heading"]))
                var facts: [String] = []
                if let subtitle = entry.subtitle, !subtitle.isEmpty { facts.append(subtitle) }
                if let name = names[entry.resource.serviceID] { facts.append(name) }
                UI.append(text, UI.line(facts.joined(separator: " · "), classes: ["dim-label", "caption"]))
                let stateBox = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
                gtk_widget_set_valign(stateBox, GTK_ALIGN_CENTER)
                let icon = gtk_image_new_from_icon_name(entry.hasFile ? "emblem-ok-symbolic"
                                                        : entry.monitored ? "alarm-symbolic" : "action-unavailable-symbolic")!
                UI.hideFromAccessibility(icon)
                UI.append(stateBox, icon, UI.line(entry.hasFile ? "On disk" : entry.monitored ? "Expected" : "Not monitored",
                                                  ellipsize: false))
                UI.append(row, time, text, stateBox)
                gtk_list_box_append(cast(list), row)
            }
            UI.append(column, list)
        }
    }
}
