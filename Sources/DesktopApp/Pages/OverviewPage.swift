import CGtk
import Core
import Foundation

/// Overview: one row per service (state as icon and words, never colour
/// alone), health issues grouped by service, disk space as labelled bars.
@MainActor
final class OverviewPage {
    let page: FeaturePage
    private let services: Widget
    private let healthHeading: Widget
    private let health: Widget
    private let disksHeading: Widget
    private let disks: Widget

    init(clock: Clock) {
        let column = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        UI.margins(column, 24)
        gtk_widget_set_margin_top(column, 6)
        gtk_widget_set_size_request(column, 560, -1)
        gtk_widget_set_halign(column, GTK_ALIGN_FILL)
        services = UI.boxedList(name: "Services")
        healthHeading = UI.heading("Health")
        health = UI.boxedList(name: "Health issues")
        disksHeading = UI.heading("Disk Space")
        disks = UI.boxedList(name: "Disk space")
        UI.append(column, UI.heading("Services"), services, healthHeading, health, disksHeading, disks)
        page = FeaturePage(tab: .overview, content: UI.scrolled(column), clock: clock)
    }

    func render(_ state: FeatureState<OverviewContent>) {
        if let content = state.value { fill(content) }
        page.show(PagePresentation(state), failures: [])
    }

    private func fill(_ content: OverviewContent) {
        UI.removeAllRows(services)
        for row in content.rows { gtk_list_box_append(cast(services), serviceRow(row)) }

        UI.removeAllRows(health)
        let issues = content.healthIssues
        for (service, list) in issues {
            for issue in list { gtk_list_box_append(cast(health), healthRow(issue, service: service)) }
        }
        if issues.isEmpty, !content.details.parts.isEmpty {
            gtk_list_box_append(cast(health), plainRow("No health issues reported."))
        }
        gtk_widget_set_visible(healthHeading, content.details.parts.isEmpty ? 0 : 1)
        gtk_widget_set_visible(health, content.details.parts.isEmpty ? 0 : 1)

        UI.removeAllRows(disks)
        for part in content.details.parts {
            for disk in part.value.disks { gtk_list_box_append(cast(disks), diskRow(disk, service: part.service)) }
        }
        let hasDisks = content.details.parts.contains { !$0.value.disks.isEmpty }
        gtk_widget_set_visible(disksHeading, hasDisks ? 1 : 0)
        gtk_widget_set_visible(disks, hasDisks ? 1 : 0)
    }

    private func serviceRow(_ row: ServiceRow) -> Widget {
        let box = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        UI.margins(box, 10)
        gtk_widget_set_margin_start(box, 12)
        gtk_widget_set_size_request(box, -1, 44)
        let icon = gtk_image_new_from_icon_name(Strings.kindIcon(row.service.kind))!
        gtk_image_set_icon_size(cast(icon), GTK_ICON_SIZE_LARGE)
        UI.hideFromAccessibility(icon)

        let text = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        gtk_widget_set_hexpand(text, 1)
        gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
        UI.append(text, UI.line(row.service.name, classes: ["heading"]))
        var facts = [row.service.kind.displayName]
        if let version = row.version { facts.append(version) }
        if let endpoint = row.endpoint { facts.append(endpoint == .local ? "via local" : "via remote") }
        if let latency = row.latencyMilliseconds { facts.append("\(latency) ms") }
        UI.append(text, UI.line(facts.joined(separator: " · "), classes: ["dim-label", "caption"]))
        if let message = row.message {
            let detail = UI.label(message, classes: ["caption"], wrap: true)
            gtk_label_set_xalign(cast(detail), 0)
            UI.append(text, detail)
        }

        let stateBox = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        gtk_widget_set_valign(stateBox, GTK_ALIGN_CENTER)
        let words = Strings.rowState(row.state)
        let stateIcon = gtk_image_new_from_icon_name(words.icon)!
        UI.hideFromAccessibility(stateIcon)
        UI.append(stateBox, stateIcon, UI.line(words.text, ellipsize: false))
        UI.append(box, icon, text, stateBox)

        if let recovery = row.recovery {
            let button = UI.button(Strings.recoveryButton(recovery), action: recovery.actionName(for: row.service.id))
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            UI.setAccessibleLabel(button, Strings.recoveryName(recovery, service: row.service.name))
            UI.append(box, button)
        }
        return box
    }

    private func healthRow(_ issue: HealthIssue, service: ServiceRef) -> Widget {
        let box = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        UI.margins(box, 10)
        gtk_widget_set_margin_start(box, 12)
        let (icon, level): (String, String) = switch issue.level {
        case .error: ("dialog-error-symbolic", "Error")
        case .warning: ("dialog-warning-symbolic", "Warning")
        default: ("dialog-information-symbolic", "Notice")
        }
        let image = gtk_image_new_from_icon_name(icon)!
        UI.hideFromAccessibility(image)
        gtk_widget_set_valign(image, GTK_ALIGN_START)
        let text = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        gtk_widget_set_hexpand(text, 1)
        let message = UI.label(issue.message, wrap: true)
        gtk_label_set_xalign(cast(message), 0)
        UI.append(text, message, UI.line("\(level) · \(service.name) · \(issue.source)", classes: ["dim-label", "caption"]))
        UI.append(box, image, text)
        return box
    }

    private func diskRow(_ disk: DiskSpace, service: ServiceRef) -> Widget {
        let box = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        UI.margins(box, 10)
        gtk_widget_set_margin_start(box, 12)
        let title = [disk.label, disk.path].compactMap { $0?.isEmpty == false ? $0 : nil }.first ?? disk.path
        UI.append(box, UI.line("\(title) · \(service.name)"))
        let text = "\(Formatting.bytes(disk.freeBytes)) free of \(Formatting.bytes(disk.totalBytes))"
        UI.append(box, UI.progress(disk.usedFraction, text: text, name: "Space used on \(title), \(service.name)"))
        return box
    }

    private func plainRow(_ text: String) -> Widget {
        let label = UI.line(text, classes: ["dim-label"])
        UI.margins(label, 12)
        return label
    }
}
