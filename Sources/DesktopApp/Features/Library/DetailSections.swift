import CGtk
import Core
import Foundation

/// The detail page's sections beside the item and its children: its queue entries (remove, grab now),
/// its recent history, and — for a read that failed — what could not be read and why, with a Retry that
/// reads that section again alone.
@MainActor
enum DetailSections {
    /// "Its history could not be read: …" with its own Retry (named for screen readers by the section).
    static func unread(_ part: ResourceDetail.Part, _ error: ServiceError, retry: @escaping VoidHandler) -> (row: Box, retry: Button) {
        let row = Box.horizontal(spacing: 12)
        row.margins(10, start: 12, end: 12)
        row.addClasses(["card"])
        let icon = Image.decorative("dialog-warning-symbolic")
        icon.valign = GTK_ALIGN_START
        let text = Label.wrapping(sentence(part, error), maxWidth: 80)
        text.hexpand = true
        let button = Button(mnemonic: tr("_Retry"), name: retryName(part))
        button.valign = GTK_ALIGN_CENTER
        button.onClicked(retry)
        row.append(icon, text, button)
        return (row, button)
    }

    static func sentence(_ part: ResourceDetail.Part, _ error: ServiceError) -> String {
        let why = ErrorText.sentence(error)
        return switch part {
        case .children: tr("What it holds could not be read: %s").fill(why)
        case .history: tr("Its history could not be read: %s").fill(why)
        case .queue: tr("Its queue entries could not be read: %s").fill(why)
        }
    }

    static func retryName(_ part: ResourceDetail.Part) -> String {
        switch part {
        case .children: tr("Retry reading what it holds")
        case .history: tr("Retry reading its history")
        case .queue: tr("Retry reading its queue entries")
        }
    }

    /// The item's entries in its instance's queue: grab now (a pending one) and remove, each named.
    static func queue(_ entries: [QueueItem], grab: @escaping @MainActor (QueueItem) -> Void, remove: @escaping @MainActor (QueueItem) -> Void) -> Box {
        let box = Box.vertical()
        box.append(Label.heading(tr("In the Queue")))
        let list = ListBox(name: tr("Queue entries"))
        for entry in entries {
            let row = Box.vertical(spacing: 4)
            row.margins(10)
            let line = Box.horizontal(spacing: 6)
            let name = Label.line(entry.title)
            name.hexpand = true
            line.append(name)
            if entry.isPending {
                let button = Button(icon: "document-save-symbolic", name: tr("Grab %s now").fill(entry.title), tooltip: tr("Grab now (skip the delay)"))
                button.addClasses(["flat"])
                button.onClicked { grab(entry) }
                line.append(button)
            }
            let button = Button(icon: "list-remove-symbolic", name: tr("Remove %s from the queue…").fill(entry.title), tooltip: tr("Remove from the queue…"))
            button.addClasses(["flat"])
            button.onClicked { remove(entry) }
            line.append(button)
            row.append(line)
            var words = [Strings.trackedState(entry.trackedState, status: entry.status), Formatting.percent(entry.progress)]
            if let client = entry.downloadClient { words.append(client) }
            row.append(Label.line(words.joined(separator: " · "), classes: ["dim-label", "caption"]))
            for message in entry.messages {
                row.append(Label.wrapping(message, classes: ["caption"]))
            }
            list.append(row)
        }
        box.append(list)
        return box
    }

    /// The last 20 events, newest first as the service lists them.
    static func history(_ events: [HistoryEvent], now: Date) -> ListBox {
        let history = ListBox(name: tr("Recent history"))
        if events.isEmpty {
            let label = Label.line(tr("No history yet."), classes: ["dim-label"])
            label.margins(12)
            history.append(label)
        }
        for event in events.prefix(20) {
            let row = Box.vertical(spacing: 2)
            row.margins(8, start: 12)
            row.append(Label.line(event.sourceTitle))
            let when = event.date.map { Formatting.time($0, now: now) } ?? "—"
            row.append(Label.line("\(eventName(event.kind)) · \(when)", classes: ["dim-label", "caption"]))
            history.append(row)
        }
        return history
    }

    static func eventName(_ kind: HistoryEvent.Kind) -> String {
        switch kind {
        case .grabbed: tr("Grabbed")
        case .imported: tr("Imported")
        case .downloadFailed: tr("Download failed")
        case .fileDeleted: tr("File deleted")
        case .fileRenamed: tr("File renamed")
        case .ignored: tr("Ignored")
        case .unknown(let raw): raw
        }
    }
}
