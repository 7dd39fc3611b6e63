import CGtk

// Wrappers for what pages need to act on things: overlays and revealers for transient
// messages, popover menus and pointer gestures for context menus, toggle switches.

@MainActor
struct Overlay: WidgetRef {
    let widget: Widget

    init(_ child: some WidgetRef) {
        widget = gtk_overlay_new()
        gtk_overlay_set_child(cast(widget), child.widget)
    }

    func add(_ overlay: some WidgetRef) { gtk_overlay_add_overlay(cast(widget), overlay.widget) }
    func remove(_ overlay: some WidgetRef) { gtk_overlay_remove_overlay(cast(widget), overlay.widget) }
}

@MainActor
struct Revealer: WidgetRef {
    let widget: Widget

    init(_ child: some WidgetRef, transition: GtkRevealerTransitionType = GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP) {
        widget = gtk_revealer_new()
        gtk_revealer_set_transition_type(cast(widget), transition)
        gtk_revealer_set_child(cast(widget), child.widget)
    }

    var revealed: Bool {
        get { gtk_revealer_get_reveal_child(cast(widget)) != 0 }
        nonmutating set { gtk_revealer_set_reveal_child(cast(widget), newValue ? 1 : 0) }
    }
}

/// A menu that pops up from a widget (right-click, the Menu key). It is made when opened and
/// removed when closed: a hidden popover would stay in the accessibility tree.
@MainActor
final class PopupMenu {
    private(set) var popover: Widget?
    private let menu: Menu

    init(_ menu: Menu) { self.menu = menu }

    var isOpen: Bool { popover != nil }

    /// Opens the menu on `parent`, pointing at `x`, `y` (the parent's coordinates).
    func open(on parent: some WidgetRef, x: Double, y: Double) {
        close()
        let made = gtk_popover_menu_new_from_model(cast(menu.model))!
        gtk_widget_set_parent(made, parent.widget)
        var rect = GdkRectangle(x: Int32(x), y: Int32(y), width: 1, height: 1)
        gtk_popover_set_pointing_to(cast(made), &rect)
        popover = made
        onSignal(made, "closed") { [weak self] in
            // Unparent after the signal, not inside it.
            MainLoop.later { [weak self] in
                guard let self, self.popover == made else { return }
                self.close()
            }
        }
        // Shown one turn of the main loop after it was made: popped up at once, GTK 4.8 sizes the menu
        // before its items are measured and cuts the last one.
        MainLoop.later { [weak self] in if self?.popover == made { gtk_popover_popup(cast(made)) } }
    }

    func close() {
        guard let popover else { return }
        self.popover = nil
        gtk_popover_popdown(cast(popover))
        gtk_widget_unparent(popover)
    }

    isolated deinit { close() }
}

/// Pointer presses on a widget: `button` 3 is the secondary (right) button.
@MainActor
enum Gestures {
    static func onPress(_ widget: some WidgetRef, button: UInt32, _ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) {
        let gesture = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(cast(gesture), button)
        onSignal(gesture, "pressed", withPress: { _, x, y in handler(x, y) })
        gtk_widget_add_controller(widget.widget, cast(gesture))
    }
}

extension WidgetRef {
    /// `point` (in this widget's coordinates) in `other`'s coordinates; nil when they share no window.
    func translate(x: Double, y: Double, to other: some WidgetRef) -> (x: Double, y: Double)? {
        var outX = 0.0, outY = 0.0
        guard gtk_widget_translate_coordinates(widget, other.widget, x, y, &outX, &outY) != 0 else { return nil }
        return (outX, outY)
    }

    var width: Int32 { gtk_widget_get_width(widget) }
    var height: Int32 { gtk_widget_get_height(widget) }

    /// The widget with keyboard focus in this widget's window, if any.
    var focusedWidget: Widget? {
        guard let root = gtk_widget_get_root(widget) else { return nil }
        return gtk_root_get_focus(root)
    }

    /// Whether `other` is this widget or inside it.
    func contains(_ other: Widget) -> Bool { other == widget || gtk_widget_is_ancestor(other, widget) != 0 }
}
