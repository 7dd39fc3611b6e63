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

/// A GtkCustomFilter whose test is a Swift closure over row objects.
@MainActor
final class CustomFilter {
    let filter: OpaquePointer // GtkCustomFilter

    init(_ includes: @escaping @MainActor (gpointer) -> Bool) {
        let box = Unmanaged.passRetained(SignalBox<@MainActor (gpointer) -> Bool>(includes)).toOpaque()
        filter = gtk_custom_filter_new({ item, data in
            let box = Unmanaged<SignalBox<@MainActor (gpointer) -> Bool>>.fromOpaque(data!).takeUnretainedValue()
            guard let item else { return 0 }
            let address = UInt(bitPattern: item)
            return MainActor.assumeIsolated { box.handler(UnsafeMutableRawPointer(bitPattern: address)!) } ? 1 : 0
        }, box, { data in Unmanaged<SignalBox<@MainActor (gpointer) -> Bool>>.fromOpaque(data!).release() })
    }

    isolated deinit { unref(filter) }

    /// Tells the models using the filter that every item must be tested again.
    func changed() { gtk_filter_changed(cast(filter), GTK_FILTER_CHANGE_DIFFERENT) }

    /// The filter now keeps a subset of what it kept (only the rows shown are tested again), or a superset
    /// (only the rows hidden are).
    func narrowed() { gtk_filter_changed(cast(filter), GTK_FILTER_CHANGE_MORE_STRICT) }
    func widened() { gtk_filter_changed(cast(filter), GTK_FILTER_CHANGE_LESS_STRICT) }
}

/// `items` filtered by `filter`, then ordered by `sorter` (references taken on all three).
@MainActor
func filteredAndSorted(_ items: OpaquePointer, filter: CustomFilter, sorter: UnsafeMutablePointer<GtkSorter>) -> OpaquePointer {
    let filtered = gtk_filter_list_model_new(ref(items), cast(ref(filter.filter)))!
    return gtk_sort_list_model_new(cast(filtered), ref(sorter))
}

/// Tells the models using a sorter that the order of every item may have changed.
@MainActor
func sorterChanged(_ sorter: UnsafeMutablePointer<GtkSorter>) { gtk_sorter_changed(sorter, GTK_SORTER_CHANGE_DIFFERENT) }

/// A small integer stored on a GObject (qdata), e.g. the slot of a row object; 0 means unset.
struct ObjectTag {
    private let quark: GQuark
    init(_ name: StaticString) { quark = g_quark_from_static_string(UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)) }

    func get(_ object: gpointer) -> Int? {
        let stored = Int(bitPattern: g_object_get_qdata(cast(object), quark))
        return stored == 0 ? nil : stored - 1
    }

    func set(_ object: gpointer, _ value: Int) {
        g_object_set_qdata(cast(object), quark, UnsafeMutableRawPointer(bitPattern: value + 1))
    }
}
