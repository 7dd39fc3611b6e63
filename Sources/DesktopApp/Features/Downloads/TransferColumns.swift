import CGtk
import Core
import Foundation

/// The Downloads columns: what each shows, how wide it is, how it sorts.
extension DownloadsPage {
    // MARK: Columns

    /// Column widths come from the widest text each column shows, measured in the view's font, so numbers
    /// and states stay whole at every text scale; the Name column takes what is left and ellipsizes first.
    func addColumns() {
        addColumn(tr("Name"), expand: true, width: width(["A short name"]), sort: .name) { cell, item, _ in
            cell.text(item.name)
        }
        addColumn(tr("State"), width: width([tr("State")] + TransferItem.State.allCases.map(Strings.transferState)),
                  sort: .number { Self.stateRank[$0.state] ?? 0 }) { [weak self] cell, item, _ in
            // An action sent and not yet read back shows as pending ("Pausing…").
            cell.text(self?.actions.pending[Self.key(item)].map(Strings.pending) ?? Strings.transferState(item.state))
        }
        addColumn(tr("Progress"), width: max(120, width([tr("Progress"), "100 %"]) + 40), progress: true,
                  sort: .number { $0.progress }) { cell, item, _ in
            cell.progress(item.progress, name: tr("Progress of %s").fill(item.name))
        }
        addColumn(tr("Size"), width: width([tr("Size"), Formatting.bytes(888_000_000), Formatting.bytes(88_800_000_000)]), numeric: true,
                  sort: .number { Double($0.sizeBytes) }) { cell, item, _ in
            cell.text(Formatting.bytes(item.sizeBytes))
        }
        addColumn(tr("Down"), width: width([tr("Down"), Formatting.speed(88_800_000), Formatting.speed(8_880_000)]), numeric: true,
                  sort: .number { Double($0.downloadSpeed) }) { cell, item, _ in
            cell.text(Formatting.speed(item.downloadSpeed))
        }
        addColumn(tr("Up"), width: width([tr("Up"), Formatting.speed(88_800_000), Formatting.speed(8_880_000)]), numeric: true,
                  sort: .number { Double($0.uploadSpeed) }) { cell, item, _ in
            cell.text(Formatting.speed(item.uploadSpeed))
        }
        // Translators: the Downloads column with the time a transfer still needs (estimated time of arrival).
        addColumn(tr("ETA"), width: width([tr("ETA"), Formatting.duration(8 * 3600 + 58 * 60), Formatting.duration(8 * 86_400 + 23 * 3600)]), numeric: true,
                  sort: .number { $0.eta ?? .infinity }) { cell, item, _ in
            cell.text(item.state == .downloading ? Formatting.duration(item.eta) : "—")
        }
        addColumn(tr("Client"), width: width([tr("Client"), "Transmission"]), sort: .client) { cell, item, names in
            cell.text(names[item.serviceID] ?? "")
        }
    }

    /// The width of the widest sample in the column view's font (so at the current text scale), plus the
    /// cell's padding and the header's sort arrow.
    func width(_ samples: [String]) -> Int32 {
        view.textWidth(samples) + 28
    }

    /// The State column sorts states by their names in the API (as it always has).
    nonisolated static let stateRank: [TransferItem.State: Double] = Dictionary(uniqueKeysWithValues:
        TransferItem.State.allCases.sorted { $0.rawValue < $1.rawValue }.enumerated().map { ($0.element, Double($0.offset)) })

    func addColumn(_ title: String, expand: Bool = false, width: Int32, numeric: Bool = false, progress: Bool = false,
                           sort: ColumnSort,
                           bind: @escaping @MainActor (DownloadCell, TransferItem, [UUID: String]) -> Void) {
        let factory = RowFactory<DownloadCell>(list, cells: true, make: {
            let cell = DownloadCell(numeric: numeric, progress: progress)
            cell.binder = bind
            return (cell.widget, cell)
        }, bind: { [weak self] cell, key in
            guard let self, let slot = self.slotOf[key], let item = self.slots[slot] else { return }
            bind(cell, item, self.names)
        })
        // The column's sorter only tells which column sorts (its header shows the arrow); the order is made here.
        let sorter = probeSorter(column: columns.count)
        view.append(title, factory: factory.factory, sorter: sorter, width: width, expand: expand)
        columns.append((factory, sorter))
        columnSorts.append(sort)
    }

    /// The key of the row under `y` in the view's coordinates (a right click), if there is one.
    func key(atY y: Double) -> String? { columns.first?.factory.key(atY: y, in: view) { $0.widget } }
}

/// One cell: a line of text (an inscription), or a progress bar for the Progress column.
@MainActor
final class DownloadCell {
    private let label: Inscription?
    private let bar: ProgressBar?
    var widget: any WidgetRef { label ?? bar! }
    var binder: (@MainActor (DownloadCell, TransferItem, [UUID: String]) -> Void)?

    init(numeric: Bool, progress: Bool) {
        if progress {
            bar = ProgressBar(0, text: "", name: tr("Progress"))
            bar?.valign = GTK_ALIGN_CENTER
            label = nil
        } else {
            let label = Inscription()
            if numeric {
                label.addClasses(["numeric"])
                label.xalign = 1
            }
            self.label = label
            bar = nil
        }
        widget.margin(top: 6, bottom: 6)
    }

    // What the cell shows now: a refresh that brings the same values sets nothing (GTK would lay the cell out
    // again and announce a new accessible name for each).
    private var shownText: String?
    private var shownFraction: Double?
    private var shownName: String?
    private var shownIndent: Int32?

    func text(_ value: String) {
        guard value != shownText else { return }
        shownText = value
        label?.text = value
    }

    func progress(_ fraction: Double, name: String) {
        guard let bar else { return }
        if fraction != shownFraction {
            shownFraction = fraction
            bar.fraction = fraction
            bar.text = Formatting.percent(fraction)
        }
        accessibleName(name)
    }

    func accessibleName(_ name: String) {
        guard name != shownName else { return }
        shownName = name
        widget.setAccessibleLabel(name)
    }

    /// Space before the text (a tree's depth).
    func indent(_ points: Int32) {
        guard points != shownIndent else { return }
        shownIndent = points
        widget.margin(start: points)
    }

    func rebind(_ item: TransferItem, names: [UUID: String]) { binder?(self, item, names) }
}
