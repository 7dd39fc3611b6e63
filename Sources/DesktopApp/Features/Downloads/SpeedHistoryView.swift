import Core
import Foundation

/// Each transfer client's speeds over the last hour, day or 30 days, kept on this machine (`SpeedHistoryStore`):
/// a popover from the total speeds in the Downloads toolbar, one graph per client. It reads nothing from the
/// clients: what it shows was sampled by the list's own refreshes.
@MainActor
final class SpeedHistoryView {
    let button: MenuButton
    private let content = Box.vertical(spacing: 8)
    private let column = SpeedGraphColumn()
    let rangeDropDown: DropDown
    var graphs: [(service: ServiceRef, heading: Label, note: Label, graph: SpeedGraph)] { column.graphs }
    private let empty = Label.line(tr("No transfer client is set up"), classes: ["dim-label"])
    /// The popover came on screen, or its period changed: the controller hands over the histories.
    var onWanted: (() -> Void)?
    private var refresh: Timer?

    static func note(notRead: String?, setAside: Bool) -> String? { SpeedGraphColumn.note(notRead: notRead, setAside: setAside) }

    var range: SpeedGraphLayout.Range { SpeedGraphLayout.Range(rawValue: rangeDropDown.selected) ?? .hour }

    init(totals: Label) {
        rangeDropDown = DropDown([tr("Last hour"), tr("Last day"), tr("Last 30 days")], name: tr("Period shown"))
        let bar = Box.horizontal(spacing: 8)
        let title = Label.line(tr("Speed history"), classes: ["heading"])
        title.hexpand = true
        title.xalign = 0
        bar.append(title, rangeDropDown)
        content.margins(6)
        content.append(bar, ScrolledWindow(column.widget, upTo: 520), empty) // five clients' graphs scroll
        button = MenuButton(child: totals, popoverContent: content)
        button.tooltip = tr("Each client's speeds over time")
        button.setAccessibleLabel(tr("Speed history"))
        rangeDropDown.onSelected { [weak self] in self?.onWanted?() }
        button.onPopover(shown: { [weak self] in
            guard let self else { return }
            self.onWanted?()
            // The histories gain a sample with each refresh of the list: shown again every 5 s while open.
            self.refresh = Timer(milliseconds: 5000) { [weak self] in
                self?.onWanted?()
                return true
            }
        }, hidden: { [weak self] in
            self?.refresh?.cancel()
            self?.refresh = nil
        })
    }

    /// One graph per client, in the order given; `note` is a line above one (why it is not read now, or that its kept
    /// history could not be read).
    func show(_ clients: [(service: ServiceRef, history: SpeedHistory, note: String?)], now: Int64, utcOffset: Int64) {
        empty.visible = clients.isEmpty
        column.show(clients, range: range, now: now, utcOffset: utcOffset)
    }
}
