import CGtk
import Core
import Foundation

/// A series' or movie's detail page, pushed over its list: a Back button
/// (Escape, Alt+Left), the poster, facts, seasons and episodes (series),
/// file and release dates (movies), the item's queue entries and recent history.
@MainActor
final class DetailView {
    let widget: Box
    private let back: Button
    private let titleLabel: Label
    private let body: Stack // loading / content / problem
    private let content: Box
    private var problem: Box?
    private let clock: Clock
    private let posters: PosterLoader
    var onBack: (() -> Void)?

    init(clock: Clock, posters: PosterLoader) {
        self.clock = clock
        self.posters = posters
        widget = Box.vertical()
        let bar = Box.horizontal(spacing: 8)
        bar.margins(8)
        back = Button(icon: "go-previous-symbolic", name: "Back", tooltip: "Back (Escape)")
        back.sizeRequest(width: 44, height: 36)
        titleLabel = Label.line("", classes: ["title-3"])
        titleLabel.hexpand = true
        bar.append(back, titleLabel)

        body = Stack()
        let spinner = Spinner(name: "Loading details…")
        spinner.center()
        body.add(spinner, name: "loading")
        content = Box.vertical()
        content.margins(24, top: 6)
        body.add(ScrolledWindow(content), name: "content")
        body.vexpand = true
        widget.append(bar, Separator(), body)

        back.onClicked { [weak self] in self?.onBack?() }
        Shortcuts.add(to: widget, triggers: ["Escape", "<Alt>Left", "BackSpace"]) { [weak self] in self?.onBack?() }
    }

    func focusBack() { back.grabFocus() }

    func render(_ state: FeatureState<ResourceDetail>, title: String) {
        titleLabel.text = title
        if let problem { body.remove(problem) }
        problem = nil
        switch state {
        case .loading:
            body.visibleChildName = "loading"
        case .content(let detail, _), .stale(let detail, _, _):
            fill(detail)
            body.visibleChildName = "content"
        default:
            let presentation = PagePresentation(state)
            let recovery = state.recovery ?? .retry
            let page = StatusPage.make(icon: presentation == .unauthorized ? "dialog-password-symbolic" : "network-offline-symbolic",
                                       title: presentation == .unauthorized ? Strings.unauthorizedTitle : Strings.unavailableTitle,
                                       detail: "The details could not be loaded.",
                                       button: (Strings.recoveryButton(recovery), recovery.actionName))
            problem = page
            body.add(page, name: "problem")
            body.visibleChildName = "problem"
        }
    }

    private func fill(_ detail: ResourceDetail) {
        content.removeAll()
        let item = detail.resource
        let now = clock.now

        // Poster and facts side by side.
        let top = Box.horizontal(spacing: 18)
        top.margin(top: 12)
        let frame = Box.vertical(classes: ["poster-frame"])
        frame.sizeRequest(width: 120, height: 178)
        frame.clipsChildren = true
        frame.valign = GTK_ALIGN_START
        let picture = Picture()
        picture.sizeRequest(width: 120, height: 178)
        picture.hideFromAccessibility()
        frame.append(picture)
        posters.show(item, in: picture, width: 120, height: 178)

        let facts = Box.vertical(spacing: 6)
        facts.hexpand = true
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
            let row = Box.horizontal(spacing: 12)
            let key = Label.line(name, classes: ["dim-label"], ellipsize: false)
            key.sizeRequest(width: 150, height: -1)
            row.append(key, Label.line(value))
            facts.append(row)
        }
        top.append(frame, facts)
        content.append(top)

        if !detail.queue.isEmpty {
            content.append(Label.heading("In the Queue"))
            let list = ListBox(name: "Queue entries")
            for entry in detail.queue {
                let row = Box.vertical(spacing: 4)
                row.margins(10)
                row.append(Label.line(entry.title))
                var words = [Strings.trackedState(entry.trackedState, status: entry.status), Formatting.percent(entry.progress)]
                if let client = entry.downloadClient { words.append(client) }
                row.append(Label.line(words.joined(separator: " · "), classes: ["dim-label", "caption"]))
                for message in entry.messages {
                    row.append(Label.wrapping(message, classes: ["caption"]))
                }
                list.append(row)
            }
            content.append(list)
        }

        for season in detail.seasons {
            content.append(Label.heading(season.number == 0 ? "Specials" : "Season \(season.number)"))
            let list = ListBox(name: season.number == 0 ? "Specials" : "Season \(season.number)")
            for episode in season.episodes {
                let row = Box.horizontal(spacing: 12)
                row.margins(8, start: 12)
                let number = Label.line(String(format: "%02d", episode.episodeNumber), classes: ["dim-label", "numeric"], ellipsize: false)
                let name = Label.line(episode.title.isEmpty ? "TBA" : episode.title)
                name.hexpand = true
                let aired = Label.line(episode.airDateUTC.map { Formatting.day($0, now: now) } ?? "—", classes: ["dim-label"], ellipsize: false)
                let file = Label.line(episode.hasFile ? "On disk" : (episode.monitored ? "Missing" : "Not monitored"), ellipsize: false)
                file.sizeRequest(width: 110, height: -1)
                row.append(number, name, aired, file)
                list.append(row)
            }
            content.append(list)
        }

        content.append(Label.heading("Recent History"))
        let history = ListBox(name: "Recent history")
        if detail.history.isEmpty {
            let label = Label.line("No history yet.", classes: ["dim-label"])
            label.margins(12)
            history.append(label)
        }
        for event in detail.history.prefix(20) {
            let row = Box.vertical(spacing: 2)
            row.margins(8, start: 12)
            row.append(Label.line(event.sourceTitle))
            let when = event.date.map { Formatting.time($0, now: now) } ?? "—"
            row.append(Label.line("\(Self.eventName(event.kind)) · \(when)", classes: ["dim-label", "caption"]))
            history.append(row)
        }
        content.append(history)
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
