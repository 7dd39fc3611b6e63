import CGtk

typealias Widget = UnsafeMutablePointer<GtkWidget>

/// Small typed helpers for the few widget kinds and properties we use.
/// Everything here runs on the GLib main loop.
@MainActor
enum UI {
    static func label(_ text: String, classes: [String] = [], wrap: Bool = false,
                      justify: GtkJustification = GTK_JUSTIFY_LEFT) -> Widget {
        let label = gtk_label_new(text)!
        if wrap {
            gtk_label_set_wrap(cast(label), 1)
            gtk_label_set_max_width_chars(cast(label), 60)
        }
        gtk_label_set_justify(cast(label), justify)
        addClasses(label, classes)
        return label
    }

    static func box(_ orientation: GtkOrientation, spacing: Int32, classes: [String] = []) -> Widget {
        let box = gtk_box_new(orientation, spacing)!
        addClasses(box, classes)
        return box
    }

    static func append(_ box: Widget, _ children: Widget...) {
        for child in children { gtk_box_append(cast(box), child) }
    }

    static func addClasses(_ widget: Widget, _ classes: [String]) {
        for name in classes { gtk_widget_add_css_class(widget, name) }
    }

    static func margins(_ widget: Widget, _ all: Int32) {
        gtk_widget_set_margin_top(widget, all)
        gtk_widget_set_margin_bottom(widget, all)
        gtk_widget_set_margin_start(widget, all)
        gtk_widget_set_margin_end(widget, all)
    }

    static func center(_ widget: Widget) {
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    }

    /// A text button bound to an action (`app.preferences`, `win.refresh`, …).
    /// The label is a child widget so the accessible name is exactly its text
    /// (GTK 4.8 would otherwise read the mnemonic marker aloud).
    static func button(_ title: String, action: String, classes: [String] = []) -> Widget {
        let button = gtk_button_new()!
        let label = gtk_label_new_with_mnemonic(title)!
        gtk_label_set_mnemonic_widget(cast(label), button)
        gtk_button_set_child(cast(button), label)
        gtk_actionable_set_action_name(cast(button), action)
        addClasses(button, classes)
        return button
    }

    /// An icon-only button: always with an accessible name and a tooltip.
    static func iconButton(icon: String, name: String, tooltip: String, action: String) -> Widget {
        let button = gtk_button_new_from_icon_name(icon)!
        gtk_actionable_set_action_name(cast(button), action)
        setAccessibleLabel(button, name)
        gtk_widget_set_tooltip_text(button, tooltip)
        return button
    }

    static func setAccessibleLabel(_ widget: Widget, _ text: String) {
        var value = GValue()
        g_value_init(&value, sy_gtk_type_string())
        g_value_set_string(&value, text)
        var property = GTK_ACCESSIBLE_PROPERTY_LABEL
        gtk_accessible_update_property_value(cast(widget), 1, &property, &value)
        g_value_unset(&value)
    }

    static func setProperty(_ object: gpointer?, _ name: String, _ flag: Bool) {
        var value = GValue()
        g_value_init(&value, sy_gtk_type_boolean())
        g_value_set_boolean(&value, flag ? 1 : 0)
        g_object_set_property(cast(object), name, &value)
        g_value_unset(&value)
    }

    static func setProperty(_ object: gpointer?, _ name: String, _ number: Int32) {
        var value = GValue()
        g_value_init(&value, sy_gtk_type_int())
        g_value_set_int(&value, number)
        g_object_set_property(cast(object), name, &value)
        g_value_unset(&value)
    }

    static func setProperty(_ object: gpointer?, _ name: String, _ text: String) {
        var value = GValue()
        g_value_init(&value, sy_gtk_type_string())
        g_value_set_string(&value, text)
        g_object_set_property(cast(object), name, &value)
        g_value_unset(&value)
    }
}
