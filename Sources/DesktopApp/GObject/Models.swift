import CGtk

/// A selection model over a list model (GtkNoSelection, GtkSingleSelection, GtkMultiSelection).
/// The Swift side holds one reference; views take their own.
@MainActor
final class SelectionModel {
    enum Mode { case none, single, multiple }

    let model: OpaquePointer // GtkSelectionModel
    let mode: Mode

    /// Wraps `items` (a GListModel; a reference is taken) in a selection of `mode`.
    init(_ mode: Mode, over items: OpaquePointer) {
        self.mode = mode
        let owned: OpaquePointer = ref(items)
        switch mode {
        case .none:
            model = gtk_no_selection_new(owned)
        case .single:
            let single = gtk_single_selection_new(owned)!
            gtk_single_selection_set_autoselect(single, 0)
            gtk_single_selection_set_can_unselect(single, 1)
            model = single
        case .multiple:
            model = gtk_multi_selection_new(owned)
        }
    }

    isolated deinit { unref(model) }

    var count: Int { Int(g_list_model_get_n_items(model)) }

    /// The item at `position` (a new reference, released here after `body`).
    func withItem<T>(at position: Int, _ body: (gpointer) -> T) -> T? {
        guard let item = g_list_model_get_item(model, guint(position)) else { return nil }
        defer { g_object_unref(item) }
        return body(item)
    }

    func isSelected(_ position: Int) -> Bool { gtk_selection_model_is_selected(model, guint(position)) != 0 }

    /// The positions selected now, in order.
    var selectedPositions: [Int] {
        guard let bitset = gtk_selection_model_get_selection(model) else { return [] }
        defer { gtk_bitset_unref(bitset) }
        let size = gtk_bitset_get_size(bitset)
        return (0..<size).map { Int(gtk_bitset_get_nth(bitset, guint($0))) }
    }

    func select(_ position: Int, exclusive: Bool) { gtk_selection_model_select_item(model, guint(position), exclusive ? 1 : 0) }
    func unselect(_ position: Int) { gtk_selection_model_unselect_item(model, guint(position)) }
    func selectAll() { gtk_selection_model_select_all(model) }

    /// Exactly `positions` selected, every other row not: one change, one signal.
    func setSelected(_ positions: [Int]) {
        guard mode == .multiple else {
            if let first = positions.first { select(first, exclusive: true) } else { unselectAll() }
            return
        }
        let selected = gtk_bitset_new_empty()!, mask = gtk_bitset_new_range(0, guint(count))!
        defer { gtk_bitset_unref(selected); gtk_bitset_unref(mask) }
        for position in positions { gtk_bitset_add(selected, guint(position)) }
        gtk_selection_model_set_selection(model, selected, mask)
    }
    func unselectAll() { gtk_selection_model_unselect_all(model) }

    /// Called after the selection changed (by the user or the model).
    func onChanged(_ handler: @escaping VoidHandler) {
        onSignal(model, "selection-changed", withTwoNumbers: { _, _ in handler() })
    }
}

/// A GtkCustomSorter whose comparison is a Swift closure over row objects.
@MainActor
final class CustomSorter {
    let sorter: OpaquePointer // GtkCustomSorter

    init(_ compare: @escaping @MainActor (gpointer, gpointer) -> Int32) {
        let box = Unmanaged.passRetained(SignalBox<@MainActor (gpointer, gpointer) -> Int32>(compare)).toOpaque()
        sorter = gtk_custom_sorter_new({ a, b, data in
            let box = Unmanaged<SignalBox<@MainActor (gpointer, gpointer) -> Int32>>.fromOpaque(data!).takeUnretainedValue()
            guard let a, let b else { return 0 }
            let left = UInt(bitPattern: a), right = UInt(bitPattern: b) // GTK sorts on the main thread
            return MainActor.assumeIsolated {
                box.handler(UnsafeMutableRawPointer(bitPattern: left)!, UnsafeMutableRawPointer(bitPattern: right)!)
            }
        }, box, { data in Unmanaged<SignalBox<@MainActor (gpointer, gpointer) -> Int32>>.fromOpaque(data!).release() })
    }

    isolated deinit { unref(sorter) }
}
