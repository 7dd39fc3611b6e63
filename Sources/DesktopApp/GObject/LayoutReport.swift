import CGtk

/// What GTK laid out, read back for checks (inspection runs, the pseudo-locale sweep): which labels
/// on screen it had to shorten with an ellipsis, and whether their whole text is still in reach
/// (their tooltip says it).
@MainActor
enum LayoutReport {
    struct Shortened {
        var text: String
        /// The label's tooltip holds its whole text (a label made to shorten, such as a status line).
        var wholeInTooltip: Bool
    }

    /// Every mapped label, in every window of the application, whose layout is ellipsized now —
    /// popovers and dialogs included (they are children or windows of their own).
    static func ellipsizedLabels() -> [Shortened] {
        var found: [Shortened] = []
        let windows = gtk_window_list_toplevels()
        defer { g_list_free(windows) }
        var node = windows
        while let current = node {
            if let window = current.pointee.data { visit(window.assumingMemoryBound(to: GtkWidget.self), &found) }
            node = current.pointee.next
        }
        return found
    }

    private static func visit(_ widget: UnsafeMutablePointer<GtkWidget>, _ found: inout [Shortened]) {
        guard gtk_widget_get_mapped(widget) != 0 else { return }
        if g_type_check_instance_is_a(cast(widget), gtk_label_get_type()) != 0,
           let layout = gtk_label_get_layout(cast(widget)), pango_layout_is_ellipsized(layout) != 0,
           let text = gtk_label_get_text(cast(widget)) {
            let whole = String(cString: text)
            let tooltip = gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } ?? ""
            found.append(Shortened(text: whole, wholeInTooltip: !whole.isEmpty && tooltip.contains(whole)))
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            visit(current, &found)
            child = gtk_widget_get_next_sibling(current)
        }
    }
}
