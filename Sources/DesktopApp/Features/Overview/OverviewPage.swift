import CGtk
import Core
import Foundation

/// Overview: one row per service (state as icon and words, never colour
/// alone), health issues grouped by service, disk space as labelled bars.
@MainActor
final class OverviewPage {
    let page: FeaturePage
    private let services: ListBox
    private let healthHeading: Label
    private let health: ListBox
    private let disksHeading: Label
    private let disks: ListBox
    private let speedsHeading: Label
    private let speedsCaption: Label
    /// Each transfer client's speeds over the last hour (from the history the Downloads and Activity reads keep).
    let speeds = SpeedGraphColumn(graphHeight: 110)
    /// "Check Settings Between Services…": the stack doctor (`DoctorController`).
    var onDoctor: (() -> Void)?

    init(clock: Clock) {
        let column = Box.vertical()
        column.margins(24, top: 6)
        column.sizeRequest(width: 560, height: -1)
        column.halign = GTK_ALIGN_FILL
        services = ListBox(name: tr("Services"))
        healthHeading = Label.heading(tr("Health"))
        health = ListBox(name: tr("Health issues"))
        disksHeading = Label.heading(tr("Disk Space"))
        disks = ListBox(name: tr("Disk space"))
        speedsHeading = Label.heading(tr("Transfer Speeds"))
        speedsCaption = Label.wrapping(tr("The last hour, sampled each time Downloads or Activity reads the clients."), classes: ["dim-label", "caption"])
        speedsCaption.xalign = 0
        speeds.widget.margin(top: 6)
        for part: any WidgetRef in [speedsHeading, speedsCaption, speeds.widget] { part.visible = false }
        let doctor = Button(mnemonic: tr("Check Settings _Between Services…"), name: tr("Check settings between services"))
        doctor.halign = GTK_ALIGN_START
        doctor.margin(top: 18)
        column.append(Label.heading(tr("Services")), services, healthHeading, health, disksHeading, disks, speedsHeading, speedsCaption, speeds.widget, doctor)
        page = FeaturePage(tab: .overview, content: ScrolledWindow(column), clock: clock)
        doctor.onClicked { [weak self] in self?.onDoctor?() }
    }

    /// Each transfer client's last hour (none: the section is hidden).
    func showSpeeds(_ clients: [(service: ServiceRef, history: SpeedHistory, note: String?)], now: Int64, utcOffset: Int64) {
        for part: any WidgetRef in [speedsHeading, speedsCaption, speeds.widget] { part.visible = !clients.isEmpty }
        speeds.show(clients, range: .hour, now: now, utcOffset: utcOffset)
    }

    /// Sonarr and Radarr rows say whether changes arrive live or by polling.
    private(set) var liveStates: [UUID: LiveState] = [:]
    private var shown: OverviewContent?

    func render(_ state: FeatureState<OverviewContent>) {
        if let content = state.value { fill(content) }
        page.show(PagePresentation(state), failures: [])
    }

    func setLive(_ states: [UUID: LiveState]) {
        guard states != liveStates else { return }
        liveStates = states
        if let shown { fill(shown) }
    }

    private func fill(_ content: OverviewContent) {
        shown = content
        services.removeAll()
        for row in content.rows { services.append(serviceRow(row, indexers: content.details.part(for: row.id)?.value.indexers)) }

        health.removeAll()
        let issues = content.healthIssues
        for (service, list) in issues {
            for issue in list { health.append(healthRow(issue, service: service)) }
        }
        if issues.isEmpty, !content.details.parts.isEmpty {
            health.append(plainRow(tr("No health issues reported.")))
        }
        healthHeading.visible = !content.details.parts.isEmpty
        health.visible = !content.details.parts.isEmpty

        disks.removeAll()
        for part in content.details.parts {
            for disk in part.value.disks { disks.append(diskRow(disk, service: part.service)) }
        }
        let hasDisks = content.details.parts.contains { !$0.value.disks.isEmpty }
        disksHeading.visible = hasDisks
        disks.visible = hasDisks
    }

    private func serviceRow(_ row: ServiceRow, indexers: IndexerSummary?) -> Box {
        let box = Box.horizontal(spacing: 12)
        box.margins(10, start: 12)
        box.sizeRequest(width: -1, height: 44)
        let icon = Image.decorative(Strings.kindIcon(row.service.kind))
        icon.setIconSize(GTK_ICON_SIZE_LARGE)

        let text = Box.vertical(spacing: 2)
        text.hexpand = true
        text.valign = GTK_ALIGN_CENTER
        text.append(Label.line(row.service.name, classes: ["heading"]))
        var facts = [row.service.kind.displayName]
        if let version = row.version { facts.append(version) }
        if let endpoint = row.endpoint { facts.append(endpoint == .local ? tr("via local") : tr("via remote")) }
        if let latency = row.latencyMilliseconds { facts.append(tr("%s ms").fill(latency)) }
        let live = Strings.live(liveStates[row.service.id])
        if let live { facts.append(live.word) }
        text.append(Label.line(facts.joined(separator: " · "), classes: ["dim-label", "caption"]))
        if let indexers { text.append(Label.wrapping(Self.indexerLine(indexers), classes: ["caption"])) }
        if let message = row.message {
            text.append(Label.wrapping(message, classes: ["caption"]))
        }
        if let reason = live?.reason {
            text.append(Label.wrapping(reason, classes: ["dim-label", "caption"]))
        }

        let stateBox = Box.horizontal(spacing: 6)
        stateBox.valign = GTK_ALIGN_CENTER
        let words = Strings.rowState(row.state)
        stateBox.append(Image.decorative(words.icon), Label.line(words.text, ellipsize: false))
        box.append(icon, text, stateBox)

        if let recovery = row.recovery {
            let button = Button(Strings.recoveryButton(recovery), action: recovery.actionName(for: row.service.id))
            button.valign = GTK_ALIGN_CENTER
            button.setAccessibleLabel(Strings.recoveryName(recovery, service: row.service.name))
            box.append(button)
        }
        return box
    }

    /// "4 of 5 indexers enabled · 1 failing · syncs Sonarr, Radarr".
    static func indexerLine(_ summary: IndexerSummary) -> String {
        // Translators: %1$d enabled indexers of %2$d in Prowlarr.
        var words = [trn("%1$d of %2$d indexer enabled", "%1$d of %2$d indexers enabled", summary.total).fill(summary.enabled, summary.total)]
        words.append(summary.failing == 0 ? tr("none failing") : trn("%d failing", "%d failing", summary.failing).fill(summary.failing))
        words.append(summary.applications.isEmpty ? tr("syncs no applications")
            : tr("syncs %s").fill(summary.applications.joined(separator: ", ")))
        return words.joined(separator: " · ")
    }

    private func healthRow(_ issue: HealthIssue, service: ServiceRef) -> Box {
        let box = Box.horizontal(spacing: 12)
        box.margins(10, start: 12)
        let (icon, level): (String, String) = switch issue.level {
        case .error: ("dialog-error-symbolic", tr("Error"))
        case .warning: ("dialog-warning-symbolic", tr("Warning"))
        default: ("dialog-information-symbolic", tr("Notice"))
        }
        let image = Image.decorative(icon)
        image.valign = GTK_ALIGN_START
        let text = Box.vertical(spacing: 2)
        text.hexpand = true
        text.append(Label.wrapping(issue.message),
                    Label.line("\(level) · \(service.name) · \(issue.source)", classes: ["dim-label", "caption"]))
        box.append(image, text)
        return box
    }

    private func diskRow(_ disk: DiskSpace, service: ServiceRef) -> Box {
        let box = Box.vertical(spacing: 6)
        box.margins(10, start: 12)
        let title = [disk.label, disk.path].compactMap { $0?.isEmpty == false ? $0 : nil }.first ?? disk.path
        box.append(Label.line("\(title) · \(service.name)"))
        let text = tr("%s free of %s").fill(Formatting.bytes(disk.freeBytes), Formatting.bytes(disk.totalBytes))
        box.append(ProgressBar(disk.usedFraction, text: text, name: tr("Space used on %s, %s").fill(title, service.name)))
        return box
    }

    private func plainRow(_ text: String) -> Label {
        let label = Label.line(text, classes: ["dim-label"])
        label.margins(12)
        return label
    }
}
