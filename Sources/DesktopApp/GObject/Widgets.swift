import CGtk

/// Small typed helpers for the few widget kinds and properties we use.
/// Everything here runs on the GLib main loop.
@MainActor
enum UI {

    /// A text button bound to an action (`app.preferences`, `win.refresh`, …).
    /// The label is a child widget so the accessible name is exactly its text
    /// (GTK 4.8 would otherwise read the mnemonic marker aloud).
    static func button(_ title: String, action: String, classes: [String] = []) -> Widget {
        let button = gtk_button_new()!
        let label = gtk_label_new_with_mnemonic(title)!
        gtk_label_set_mnemonic_widget(cast(label), button)
        gtk_button_set_child(cast(button), label)
        gtk_actionable_set_detailed_action_name(cast(button), action) // "app.edit-service::<id>" carries its target
        button.addClasses(classes)
        return button
    }

    static func setAccessibleLabel(_ widget: Widget, _ text: String) {
        // A mnemonic label makes itself the button's "labelled by" relation, and GTK 4.8 then
        // reads both ("Retry Sonarr 4K Retry"): the explicit name replaces it.
        gtk_accessible_reset_relation(cast(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        var value = GValue()
        g_value_init(&value, sy_gtk_type_string())
        g_value_set_string(&value, ShownText.clean(text))
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

    /// Decorative images are hidden from assistive technologies.
    static func hideFromAccessibility(_ widget: Widget) {
        var state = GTK_ACCESSIBLE_STATE_HIDDEN
        var value = GValue()
        g_value_init(&value, sy_gtk_type_boolean())
        g_value_set_boolean(&value, 1)
        gtk_accessible_update_state_value(cast(widget), 1, &state, &value)
        g_value_unset(&value)
    }

    static func setAccessibleDescription(_ widget: Widget, _ text: String) {
        var value = GValue()
        g_value_init(&value, sy_gtk_type_string())
        g_value_set_string(&value, ShownText.clean(text))
        var property = GTK_ACCESSIBLE_PROPERTY_DESCRIPTION
        gtk_accessible_update_property_value(cast(widget), 1, &property, &value)
        g_value_unset(&value)
    }

    /// A spinner that spins only while it is on screen. A started GtkSpinner animates its style on
    /// every frame for as long as it is visible, even inside a stack page or tab nobody is shown —
    /// which kept the frame clock ticking 60 times a second in an idle window.
    static func spinner(name: String, size: Int32 = 32) -> Widget {
        let spinner = gtk_spinner_new()!
        gtk_widget_set_size_request(spinner, size, size)
        squareSpinner(spinner)
        if size <= 16 { gtk_widget_add_css_class(spinner, "small") }
        setAccessibleLabel(spinner, name)
        let address = UInt(bitPattern: spinner) // the handlers run only while the spinner is alive
        onSignal(spinner, "map") { gtk_spinner_start(cast(Widget(bitPattern: address))) }
        onSignal(spinner, "unmap") { gtk_spinner_stop(cast(Widget(bitPattern: address))) }
        return spinner
    }

    /// Keeps a spinner square: its image (a file, see `Appearance.installStyles`) fills the whole
    /// allocation, where the theme's icon kept its aspect; centred, a spinner gets its own size
    /// (its size request, or 16 px: the theme's icon size).
    static func squareSpinner(_ spinner: Widget) {
        gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER)
    }

    /// Every spinner under `root`: whether it spins and whether it is on screen (tests, the stress driver).
    static func spinners(in root: Widget) -> [(spinning: Bool, mapped: Bool)] {
        var found: [(spinning: Bool, mapped: Bool)] = []
        if g_type_check_instance_is_a(cast(root), gtk_spinner_get_type()) != 0 {
            found.append((gtk_spinner_get_spinning(cast(root)) != 0, gtk_widget_get_mapped(root) != 0))
        }
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            found += spinners(in: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    /// Names a drop-down and the toggle button inside it (GTK 4.8 exposes that button unnamed).
    static func nameDropDown(_ dropDown: Widget, _ name: String) {
        setAccessibleLabel(dropDown, name)
        gtk_widget_set_tooltip_text(dropDown, name)
        if let button = gtk_widget_get_first_child(dropDown) { setAccessibleLabel(button, name) }
    }

    /// Replaces `removing` strings of a GtkStringList at `position` with `strings` (one splice).
    static func splice(_ list: OpaquePointer, at position: Int, removing: Int, _ strings: some Collection<String>) {
        let copies = strings.map { strdup($0) }
        var pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        gtk_string_list_splice(list, guint(position), guint(removing), &pointers)
        copies.forEach { free($0) }
    }

    /// Makes a GtkStringList hold exactly `strings`.
    static func replaceAll(_ list: OpaquePointer, with strings: [String]) {
        splice(list, at: 0, removing: Int(g_list_model_get_n_items(list)), strings)
    }
}
