import CGtk

typealias Widget = UnsafeMutablePointer<GtkWidget>

/// Anything that is a GtkWidget: a typed wrapper (`Label`, `Box`, `Window`, …) or a bare `Widget`.
/// Class-specific calls live on the wrappers, so pages never reinterpret a pointer; the calls
/// every widget has (classes, margins, expansion, visibility, accessibility) live here.
@MainActor
protocol WidgetRef {
    var widget: Widget { get }
}

extension UnsafeMutablePointer: WidgetRef where Pointee == GtkWidget {
    var widget: Widget { self }
}

extension WidgetRef {
    func addClasses(_ classes: [String]) {
        for name in classes { gtk_widget_add_css_class(widget, name) }
    }

    func removeClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }

    var visible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        nonmutating set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    var sensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        nonmutating set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    var hexpand: Bool {
        get { gtk_widget_get_hexpand(widget) != 0 }
        nonmutating set { gtk_widget_set_hexpand(widget, newValue ? 1 : 0) }
    }

    var vexpand: Bool {
        get { gtk_widget_get_vexpand(widget) != 0 }
        nonmutating set { gtk_widget_set_vexpand(widget, newValue ? 1 : 0) }
    }

    var halign: GtkAlign {
        get { gtk_widget_get_halign(widget) }
        nonmutating set { gtk_widget_set_halign(widget, newValue) }
    }

    var valign: GtkAlign {
        get { gtk_widget_get_valign(widget) }
        nonmutating set { gtk_widget_set_valign(widget, newValue) }
    }

    /// Setting a tooltip makes GTK ask the X server where the pointer is (a round trip), even when the
    /// text is the same; an unchanged text is not set again. A row that a list binds often uses
    /// `tooltip(_:)` instead, which makes its text only when the tooltip is about to show.
    var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        nonmutating set {
            let newValue = ShownText.clean(newValue)
            let current = gtk_widget_get_tooltip_text(widget)
            switch (current, newValue) {
            case (nil, nil): return
            case let (current?, new?) where strcmp(current, new) == 0: return
            default: gtk_widget_set_tooltip_text(widget, newValue)
            }
        }
    }

    /// A tooltip whose text `text` makes when it is about to show (hovered or asked for by keyboard),
    /// so binding a recycled row never touches it: no pointer query per bind.
    func tooltip(_ text: @escaping @MainActor () -> String?) {
        gtk_widget_set_has_tooltip(widget, 1)
        onSignal(widget, "query-tooltip", tooltip: text)
    }

    /// Sets every margin to `all`, then the ones named explicitly.
    func margins(_ all: Int32, top: Int32? = nil, bottom: Int32? = nil, start: Int32? = nil, end: Int32? = nil) {
        gtk_widget_set_margin_top(widget, top ?? all)
        gtk_widget_set_margin_bottom(widget, bottom ?? all)
        gtk_widget_set_margin_start(widget, start ?? all)
        gtk_widget_set_margin_end(widget, end ?? all)
    }

    /// Sets only the margins named.
    func margin(top: Int32? = nil, bottom: Int32? = nil, start: Int32? = nil, end: Int32? = nil) {
        if let top { gtk_widget_set_margin_top(widget, top) }
        if let bottom { gtk_widget_set_margin_bottom(widget, bottom) }
        if let start { gtk_widget_set_margin_start(widget, start) }
        if let end { gtk_widget_set_margin_end(widget, end) }
    }

    func center() {
        halign = GTK_ALIGN_CENTER
        valign = GTK_ALIGN_CENTER
    }

    func sizeRequest(width: Int32, height: Int32) { gtk_widget_set_size_request(widget, width, height) }

    /// Whether keyboard focus can land on it (a click, and assistive technologies' actions, work either way).
    var focusable: Bool {
        get { gtk_widget_get_focusable(widget) != 0 }
        nonmutating set { gtk_widget_set_focusable(widget, newValue ? 1 : 0) }
    }

    @discardableResult
    func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }

    var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }

    /// Whether the keyboard focus of its window is this widget or inside it.
    var containsFocus: Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    func setAccessibleLabel(_ text: String) { UI.setAccessibleLabel(widget, text) }
    func setAccessibleDescription(_ text: String) { UI.setAccessibleDescription(widget, text) }
    func hideFromAccessibility() { UI.hideFromAccessibility(widget) }

    /// The widget's direct children, first to last.
    var children: [Widget] {
        var found: [Widget] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            found.append(current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    /// The width of the widest of `samples` in the widget's font (so at the current text scale):
    /// for sizes that must fit words in whatever language they are in.
    func textWidth(_ samples: [String]) -> Int32 {
        var widest: Int32 = 0
        for text in samples {
            guard let layout = gtk_widget_create_pango_layout(widget, text) else { continue }
            var width: Int32 = 0, height: Int32 = 0
            pango_layout_get_pixel_size(layout, &width, &height)
            unref(layout)
            widest = max(widest, width)
        }
        return widest
    }

    /// Whether the widget is an instance of `type` (a `gtk_*_get_type()` value).
    func isA(_ type: GType) -> Bool { g_type_check_instance_is_a(cast(widget), type) != 0 }

    func addController(_ controller: OpaquePointer) {
        gtk_widget_add_controller(widget, controller)
    }
}

/// Releases the reference the Swift side holds on any GObject.
func unref<T>(_ object: T) { g_object_unref(cast(object) as gpointer?) }

/// Takes one more reference on any GObject and returns it, typed as the caller needs.
func ref<T>(_ object: T) -> T {
    g_object_ref(cast(object) as gpointer?)
    return object
}
