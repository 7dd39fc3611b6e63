import CGtk

// Typed wrappers for the containers Switchyard lays pages out with.

@MainActor
struct Box: WidgetRef {
    let widget: Widget

    init(_ orientation: GtkOrientation, spacing: Int32 = 0, classes: [String] = []) {
        widget = gtk_box_new(orientation, spacing)
        addClasses(classes)
    }

    static func vertical(spacing: Int32 = 0, classes: [String] = []) -> Box { Box(GTK_ORIENTATION_VERTICAL, spacing: spacing, classes: classes) }
    static func horizontal(spacing: Int32 = 0, classes: [String] = []) -> Box { Box(GTK_ORIENTATION_HORIZONTAL, spacing: spacing, classes: classes) }

    func append(_ children: any WidgetRef...) { append(contentsOf: children) }
    func append(contentsOf children: [any WidgetRef]) {
        for child in children { gtk_box_append(cast(widget), child.widget) }
    }

    func remove(_ child: some WidgetRef) { gtk_box_remove(cast(widget), child.widget) }

    func removeAll() {
        while let child = gtk_widget_get_first_child(widget) { gtk_box_remove(cast(widget), child) }
    }
}

/// A GtkListBox used as a boxed list of rows (no selection unless asked).
@MainActor
struct ListBox: WidgetRef {
    let widget: Widget

    init(name: String?, boxed: Bool = true, selection: GtkSelectionMode = GTK_SELECTION_NONE) {
        widget = gtk_list_box_new()
        gtk_list_box_set_selection_mode(cast(widget), selection)
        if boxed { addClasses(["boxed-list"]) }
        if let name { setAccessibleLabel(name) }
    }

    /// Appends `child`; the list wraps it in a GtkListBoxRow unless it is one.
    func append(_ child: some WidgetRef) { gtk_list_box_append(cast(widget), child.widget) }

    /// Removes every row (the rows, not what they hold).
    func removeAll() {
        while let row = gtk_widget_get_first_child(widget) { gtk_list_box_remove(cast(widget), row) }
    }

    /// Rows activate on one click (Enter and Space activate them anyway).
    var activateOnSingleClick: Bool {
        get { gtk_list_box_get_activate_on_single_click(cast(widget)) != 0 }
        nonmutating set { gtk_list_box_set_activate_on_single_click(cast(widget), newValue ? 1 : 0) }
    }

    /// A row was activated: its index.
    func onRowActivated(_ handler: @escaping @MainActor (Int) -> Void) {
        onSignal(widget, "row-activated", withArgument: { row in
            guard let row else { return }
            handler(Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
        })
    }

    /// What each row holds, first to last.
    var rowChildren: [Widget] {
        children.compactMap { row in
            g_type_check_instance_is_a(cast(row), gtk_list_box_row_get_type()) != 0
                ? gtk_list_box_row_get_child(cast(row)) : nil
        }
    }
}

@MainActor
struct Grid: WidgetRef {
    let widget: Widget

    init(rowSpacing: UInt32, columnSpacing: UInt32) {
        widget = gtk_grid_new()
        gtk_grid_set_row_spacing(cast(widget), rowSpacing)
        gtk_grid_set_column_spacing(cast(widget), columnSpacing)
    }

    func attach(_ child: some WidgetRef, column: Int32, row: Int32, width: Int32 = 1, height: Int32 = 1) {
        gtk_grid_attach(cast(widget), child.widget, column, row, width, height)
    }

    /// Takes `child` out of the grid, if it is in it (the caller keeps its own reference to attach it again).
    func remove(_ child: some WidgetRef) {
        guard gtk_widget_get_parent(child.widget) == widget else { return }
        gtk_grid_remove(cast(widget), child.widget)
    }
}

@MainActor
struct Frame: WidgetRef {
    let widget: Widget

    init(_ child: some WidgetRef) {
        widget = gtk_frame_new(nil)
        gtk_frame_set_child(cast(widget), child.widget)
    }
}

@MainActor
struct ScrolledWindow: WidgetRef {
    let widget: Widget

    /// Scrolls `child` vertically; expands vertically.
    init(_ child: some WidgetRef) {
        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(cast(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(widget), child.widget)
        vexpand = true
    }

    /// Scrolls `child` vertically once it is taller than `maxHeight`; below that it takes its natural height
    /// (a popover's content: as tall as it needs, never past the screen).
    init(_ child: some WidgetRef, upTo maxHeight: Int32) {
        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(cast(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(cast(widget), 1)
        gtk_scrolled_window_set_max_content_height(cast(widget), maxHeight)
        gtk_scrolled_window_set_child(cast(widget), child.widget)
    }

    /// Scrolls `child` both ways (column views).
    init(both child: some WidgetRef) {
        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_child(cast(widget), child.widget)
        vexpand = true
    }
}

@MainActor
struct Stack: WidgetRef {
    let widget: Widget

    init(transition: GtkStackTransitionType = GTK_STACK_TRANSITION_TYPE_NONE) {
        widget = gtk_stack_new()
        gtk_stack_set_transition_type(cast(widget), transition)
    }

    func add(_ child: some WidgetRef, name: String, title: String? = nil, icon: String? = nil) {
        if let title {
            let page = gtk_stack_add_titled(cast(widget), child.widget, name, title)
            if let icon { gtk_stack_page_set_icon_name(page, icon) }
        } else {
            gtk_stack_add_named(cast(widget), child.widget, name)
        }
    }

    func remove(_ child: some WidgetRef) { gtk_stack_remove(cast(widget), child.widget) }

    var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(cast(widget)).map { String(cString: $0) } }
        nonmutating set { if let newValue { gtk_stack_set_visible_child_name(cast(widget), newValue) } }
    }

    var visibleChild: Widget? {
        get { gtk_stack_get_visible_child(cast(widget)) }
        nonmutating set { if let newValue { gtk_stack_set_visible_child(cast(widget), newValue) } }
    }

    /// Whether `child`'s page is offered (in a switcher) at all.
    func setPageVisible(_ child: some WidgetRef, _ visible: Bool) {
        gtk_stack_page_set_visible(gtk_stack_get_page(cast(widget), child.widget), visible ? 1 : 0)
    }

    func onVisibleChildChanged(_ handler: @escaping VoidHandler) {
        onSignal(widget, "notify::visible-child", withArgument: { _ in handler() })
    }
}

/// Two children with a handle between them the user drags (the list above, a transfer's details below).
@MainActor
struct Paned: WidgetRef {
    let widget: Widget

    init(vertical: Bool, start: some WidgetRef, end: some WidgetRef) {
        widget = gtk_paned_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL)
        gtk_paned_set_start_child(cast(widget), start.widget)
        gtk_paned_set_end_child(cast(widget), end.widget)
        gtk_paned_set_resize_start_child(cast(widget), 1)
        gtk_paned_set_resize_end_child(cast(widget), 0)
        gtk_paned_set_shrink_start_child(cast(widget), 0)
        gtk_paned_set_shrink_end_child(cast(widget), 0)
    }

    /// The handle's place, in pixels from the start.
    var position: Int32 {
        get { gtk_paned_get_position(cast(widget)) }
        nonmutating set { gtk_paned_set_position(cast(widget), newValue) }
    }
}

@MainActor
struct StackSwitcher: WidgetRef {
    let widget: Widget

    init(for stack: Stack) {
        widget = gtk_stack_switcher_new()
        gtk_stack_switcher_set_stack(cast(widget), cast(stack.widget))
    }
}

@MainActor
struct HeaderBar: WidgetRef {
    let widget: Widget

    init() { widget = gtk_header_bar_new() }

    func setTitle(_ title: some WidgetRef) { gtk_header_bar_set_title_widget(cast(widget), title.widget) }
    func packStart(_ child: some WidgetRef) { gtk_header_bar_pack_start(cast(widget), child.widget) }
    func packEnd(_ child: some WidgetRef) { gtk_header_bar_pack_end(cast(widget), child.widget) }
}

/// A GtkListView over a selection model, its rows made by a `RowFactory`.
@MainActor
struct ListView: WidgetRef {
    let widget: Widget

    init(_ selection: SelectionModel, factory: OpaquePointer? = nil, name: String) {
        widget = gtk_list_view_new(cast(ref(selection.model)), factory.map { ref($0) })
        setAccessibleLabel(name)
    }

    func setFactory(_ factory: OpaquePointer) { gtk_list_view_set_factory(cast(widget), factory) }

    var singleClickActivate: Bool {
        get { gtk_list_view_get_single_click_activate(cast(widget)) != 0 }
        nonmutating set { gtk_list_view_set_single_click_activate(cast(widget), newValue ? 1 : 0) }
    }

    /// Activation of the row at a position (Enter, double click, or single click when asked).
    func onActivate(_ handler: @escaping @MainActor (Int) -> Void) {
        onSignal(widget, "activate", withPosition: handler)
    }

    var vadjustment: UnsafeMutablePointer<GtkAdjustment>? { gtk_scrollable_get_vadjustment(cast(widget)) }
}

/// A GtkColumnView: columns added in order, one selection model, sortable headers.
@MainActor
struct ColumnView: WidgetRef {
    let widget: Widget

    init(name: String) {
        widget = gtk_column_view_new(nil)
        gtk_column_view_set_show_column_separators(cast(widget), 0)
        setAccessibleLabel(name)
    }

    /// Adds a column; its header sorts by `sorter` (none: the header does not sort).
    func append(_ title: String, factory: OpaquePointer, sorter: CustomSorter?, width: Int32, expand: Bool) {
        let column = gtk_column_view_column_new(title, ref(factory))!
        gtk_column_view_column_set_expand(column, expand ? 1 : 0)
        gtk_column_view_column_set_resizable(column, 1)
        gtk_column_view_column_set_fixed_width(column, width)
        if let sorter { gtk_column_view_column_set_sorter(column, cast(sorter.sorter)) }
        gtk_column_view_append_column(cast(widget), column)
        unref(column)
    }

    /// The sorter the headers drive (owned by the view).
    var sorter: UnsafeMutablePointer<GtkSorter> { gtk_column_view_get_sorter(cast(widget)) }

    func setModel(_ selection: SelectionModel) { gtk_column_view_set_model(cast(widget), cast(selection.model)) }

    /// Sorts by the column at `index`.
    func sort(byColumn index: Int, ascending: Bool = true) {
        let columns = gtk_column_view_get_columns(cast(widget))
        guard let item = g_list_model_get_item(columns, guint(index)) else { return }
        gtk_column_view_sort_by_column(cast(widget), OpaquePointer(item), ascending ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING)
        g_object_unref(item)
    }

    /// Activation of the row at a position (Enter, double click).
    func onActivate(_ handler: @escaping @MainActor (Int) -> Void) {
        onSignal(widget, "activate", withPosition: handler)
    }

    var vadjustment: UnsafeMutablePointer<GtkAdjustment>? { gtk_scrollable_get_vadjustment(cast(widget)) }

    /// Rows the view shows now, after its filter and sort.
    var rowCount: Int {
        guard let model = gtk_column_view_get_model(cast(widget)) else { return 0 }
        return Int(g_list_model_get_n_items(cast(model)))
    }

}
