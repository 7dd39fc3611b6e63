import CGtk
import Core
import Foundation

/// Calendar: what comes out in the next 14 days (episodes, movies, albums), grouped by day.
@MainActor
final class CalendarPage {
    let page: FeaturePage
    private let column: Box
    private let clock: Clock

    init(clock: Clock) {
        self.clock = clock
        column = Box.vertical()
        column.margins(24, top: 6)
        page = FeaturePage(tab: .calendar, content: ScrolledWindow(column), clock: clock)
    }

    func render(_ state: FeatureState<CalendarContent>) {
        if let content = state.value { fill(content) }
        page.show(PagePresentation(state), failures: state.value?.failures ?? [], isEmpty: state.value?.isEmpty ?? false)
    }

    /// The entries' lines as shown, day by day: title, then what and where (tests).
    private(set) var lines: [String] = []

    private func fill(_ content: CalendarContent) {
        column.removeAll()
        lines = []
        var names: [UUID: String] = [:], presentations: [UUID: LibraryPresentation] = [:]
        for part in content.parts {
            names[part.service.id] = part.service.name
            presentations[part.service.id] = part.service.kind.library.map { LibraryPresentations.of($0.id) }
        }
        let now = clock.now
        let days = CalendarDays.group(content.entries)
        if days.isEmpty {
            let label = Label.line(tr("Nothing due in the next 14 days."), classes: ["dim-label"])
            label.margin(top: 18)
            column.append(label)
        }
        for day in days {
            let title = Formatting.day(day.start, now: now)
            column.append(Label.heading(title))
            let list = ListBox(name: title)
            for entry in day.entries {
                let row = Box.horizontal(spacing: 12)
                row.margins(8, start: 12)
                row.sizeRequest(width: -1, height: 44)
                let time = Label.line(Formatting.time(entry.date, now: entry.date), classes: ["numeric", "dim-label"], ellipsize: false)
                time.sizeRequest(width: 48, height: -1)
                let text = Box.vertical(spacing: 2)
                text.hexpand = true
                text.append(Label.line(entry.title, classes: ["heading"]))
                lines.append(entry.title)
                var facts: [String] = []
                if let what = presentations[entry.resource.serviceID]?.due(entry.due), !what.isEmpty { facts.append(what) }
                if let name = names[entry.resource.serviceID] { facts.append(name) }
                text.append(Label.line(facts.joined(separator: " · "), classes: ["dim-label", "caption"]))
                lines.append(facts.joined(separator: " · "))
                let stateBox = Box.horizontal(spacing: 6)
                stateBox.valign = GTK_ALIGN_CENTER
                let icon = Image.decorative(entry.hasFile ? "emblem-ok-symbolic"
                                            : entry.monitored ? "alarm-symbolic" : "action-unavailable-symbolic")
                stateBox.append(icon, Label.line(entry.hasFile ? tr("On disk") : entry.monitored ? tr("Expected") : tr("Not monitored"),
                                                 ellipsize: false))
                row.append(time, text, stateBox)
                list.append(row)
            }
            column.append(list)
        }
    }
}
