import CGtk
import Core

/// One page of a transfer's details as a table: a column view over the position-stable list (`KeyedList`),
/// its cells bound by key from values the page keeps. A refresh gives the keys in order: rows whose key moved
/// are bound again by the list, rows that kept theirs are bound again here (their values may have changed).
@MainActor
final class DetailTable {
    let list = KeyedList()
    let view: ColumnView
    let scroll: ScrolledWindow
    let selection: SelectionModel
    private var columns: [(factory: RowFactory<DownloadCell>, bind: @MainActor (DownloadCell, String) -> Void)] = []

    init(name: String, selection mode: SelectionModel.Mode) {
        view = ColumnView(name: name)
        selection = SelectionModel(mode, over: list.model)
        list.keepsSelection(selection)
        view.setModel(selection)
        scroll = ScrolledWindow(both: view)
        list.paces(view)
    }

    /// Adds a column; `bind` fills a cell for the key its row shows.
    func column(_ title: String, width: Int32, expand: Bool = false, numeric: Bool = false, progress: Bool = false,
                bind: @escaping @MainActor (DownloadCell, String) -> Void) {
        let factory = RowFactory<DownloadCell>(list, cells: true, make: {
            let cell = DownloadCell(numeric: numeric, progress: progress)
            return (cell.widget, cell)
        }, bind: { cell, key in bind(cell, key) })
        columns.append((factory, bind))
        view.append(title, factory: factory.factory, sorter: nil, width: width, expand: expand)
    }

    /// The width of the widest sample at the current text scale, plus the cell's padding.
    func width(_ samples: [String]) -> Int32 { view.textWidth(samples) + 20 }

    /// Shows `keys`, in order; the rows on screen are bound again where `changed` says their values changed (all of
    /// them without it).
    func show(_ keys: [String], changed: ((String) -> Bool)? = nil) {
        list.update(keys)
        for column in columns {
            for (key, cell) in column.factory.bound where changed?(key) ?? true { column.bind(cell, key) }
        }
    }

    /// The keys of the rows the user picked.
    var selectedKeys: Set<String> { list.selectedKeys }
}
