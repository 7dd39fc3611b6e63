import Core
import Foundation

/// One speed graph per transfer client, each under its name, with a line above it when the client is not read now or
/// its kept history could not be read: the Downloads speed history popover and the Overview's Transfer Speeds.
@MainActor
final class SpeedGraphColumn {
    let widget = Box.vertical(spacing: 12)
    private let graphHeight: Int32
    private(set) var graphs: [(service: ServiceRef, heading: Label, note: Label, graph: SpeedGraph)] = []

    init(graphHeight: Int32 = 140) { self.graphHeight = graphHeight }

    /// The line above a client's graph: why the last refresh did not read it, and whether the history kept on disk could
    /// not be read (set aside; a new one started).
    static func note(notRead: String?, setAside: Bool) -> String? {
        let lines = [notRead.map { tr("Not read now: %s").fill($0) },
                     setAside ? tr("The speed history kept for it could not be read; it was set aside and a new one started.") : nil]
        let present = lines.compactMap { $0 }
        return present.isEmpty ? nil : present.joined(separator: "\n")
    }

    /// One graph per client of `range`, in the order given.
    func show(_ clients: [(service: ServiceRef, history: SpeedHistory, note: String?)], range: SpeedGraphLayout.Range, now: Int64, utcOffset: Int64) {
        if graphs.map(\.service) != clients.map(\.service) {
            for entry in graphs { widget.remove(entry.heading); widget.remove(entry.note); widget.remove(entry.graph.area) }
            graphs = clients.map { client in
                let heading = Label.line(client.service.name, classes: ["heading"])
                heading.xalign = 0
                let note = Label.line("", classes: ["dim-label", "caption"], ellipsize: false)
                note.xalign = 0
                note.wraps = true
                return (client.service, heading, note, SpeedGraph(name: tr("Speeds of %s").fill(client.service.name), height: graphHeight))
            }
            for entry in graphs { widget.append(entry.heading, entry.note, entry.graph.area) }
        }
        for (entry, client) in zip(graphs, clients) {
            let layout = SpeedGraphLayout(history: client.history, range: range, now: now, utcOffset: utcOffset)
            entry.note.text = client.note ?? ""
            entry.note.visible = client.note != nil
            entry.graph.show(layout, summary: SpeedGraph.summary(of: client.history, range: range, now: now, note: client.note), note: client.note)
        }
    }
}
