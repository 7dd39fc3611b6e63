import CGtk

/// Scrolling a list over positions, and its selection kept by key (see `KeyedList`).
extension KeyedList {
    /// Scrolls a list view (or a column view's list) so that the row at `position` is shown.
    static func scroll(_ view: some WidgetRef, to position: Int) { scroll(view.widget, to: position) }

    static func scroll(_ widget: Widget, to position: Int) {
        guard let listView = listView(in: widget), position >= 0 else { return }
        let target = g_variant_ref_sink(g_variant_new_uint32(UInt32(position)))
        gtk_widget_activate_action_variant(listView, "list.scroll-to-item", target)
        g_variant_unref(target)
    }

    /// `widget` when it is a GtkListView, else the GtkListView a GtkColumnView holds as its child.
    static func listView(in widget: Widget) -> Widget? {
        let type = gtk_list_view_get_type()
        if g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget)), type) != 0 { return widget }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(current)), type) != 0 { return current }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }
}

/// The selection of a list over positions, kept by key.
@MainActor
final class SelectionKeeper {
    let selection: SelectionModel
    private(set) var selectedKeys: Set<String> = []
    private var settling = false
    private let keepsHidden: Bool

    init(_ selection: SelectionModel, list: KeyedList, keepsHidden: Bool) {
        self.selection = selection
        self.keepsHidden = keepsHidden
        selection.onChanged { [weak self, weak list] in
            guard let self, let list, !self.settling else { return }
            self.selectedKeys = Set(self.selection.selectedPositions.compactMap(list.key(at:)))
        }
    }

    /// Selects exactly the rows showing `keys` (one set of positions, one signal); `remember`: they are the pick now.
    func reselect(_ keys: Set<String>, in list: KeyedList, remember: Bool = false) {
        if remember { selectedKeys = keys }
        let positions = keys.isEmpty ? [] : list.keys.indices.filter { keys.contains(list.keys[$0]) }
        if !keepsHidden, !remember, list.holdsEveryKey, positions.count < selectedKeys.count {
            selectedKeys = Set(positions.map { list.keys[$0] })
        }
        guard positions != selection.selectedPositions else { return }
        settling = true
        selection.setSelected(positions)
        settling = false
    }

    func drop(where gone: (String) -> Bool) { selectedKeys = selectedKeys.filter { !gone($0) } }
}
