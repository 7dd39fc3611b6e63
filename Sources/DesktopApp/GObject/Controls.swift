import CGtk
import Foundation

// Typed wrappers for the controls Switchyard uses. Each holds the widget it
// made (or was handed by GTK, with its type checked) and speaks its class's API.

@MainActor
struct Label: WidgetRef {
    let widget: Widget

    init(_ text: String = "", mnemonic: Bool = false) {
        widget = mnemonic ? gtk_label_new_with_mnemonic(ShownText.clean(text)) : gtk_label_new(ShownText.clean(text))
    }

    /// A label GTK handed us (a child found in a tree); checked, since the tree is not typed.
    init?(found widget: Widget?) {
        guard let widget, g_type_check_instance_is_a(cast(widget), gtk_label_get_type()) != 0 else { return nil }
        self.widget = widget
    }

    var text: String {
        get { gtk_label_get_text(cast(widget)).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_label_set_text(cast(widget), ShownText.clean(newValue)) }
    }

    var xalign: Float {
        get { gtk_label_get_xalign(cast(widget)) }
        nonmutating set { gtk_label_set_xalign(cast(widget), newValue) }
    }

    var wraps: Bool {
        get { gtk_label_get_wrap(cast(widget)) != 0 }
        nonmutating set { gtk_label_set_wrap(cast(widget), newValue ? 1 : 0) }
    }

    /// No text selected (a selectable label selects all of itself when it takes the focus first).
    func clearSelection() { gtk_label_select_region(cast(widget), 0, 0) }

    /// Wrap anywhere, not only between words (a request body without spaces).
    func wrapAnywhere() { gtk_label_set_wrap_mode(cast(widget), PANGO_WRAP_WORD_CHAR) }

    var maxWidthChars: Int32 {
        get { gtk_label_get_max_width_chars(cast(widget)) }
        nonmutating set { gtk_label_set_max_width_chars(cast(widget), newValue) }
    }

    var selectable: Bool {
        get { gtk_label_get_selectable(cast(widget)) != 0 }
        nonmutating set { gtk_label_set_selectable(cast(widget), newValue ? 1 : 0) }
    }

    var justify: GtkJustification {
        get { gtk_label_get_justify(cast(widget)) }
        nonmutating set { gtk_label_set_justify(cast(widget), newValue) }
    }

    var ellipsize: PangoEllipsizeMode {
        get { gtk_label_get_ellipsize(cast(widget)) }
        nonmutating set { gtk_label_set_ellipsize(cast(widget), newValue) }
    }

    /// The widget a mnemonic in this label focuses or activates.
    func labels(_ target: some WidgetRef) { gtk_label_set_mnemonic_widget(cast(widget), target.widget) }

    /// At most this many lines (with an ellipsis), for a wrapping label.
    var lines: Int32 {
        get { gtk_label_get_lines(cast(widget)) }
        nonmutating set { gtk_label_set_lines(cast(widget), newValue) }
    }
}

/// One line of text for a list cell. Unlike a label, its size does not follow its text (it asks for
/// `min-chars` and takes what the column gives), so setting the text of a bound row only redraws it,
/// and it is a lighter object: 4 MB less than labels for the 1,600 cells a 2,000-row table keeps alive.
/// Screen readers read it as a label.
@MainActor
struct Inscription: WidgetRef {
    let widget: Widget

    init(_ text: String = "") {
        widget = gtk_inscription_new(text)
        gtk_inscription_set_text_overflow(cast(widget), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END)
    }

    var text: String {
        get { gtk_inscription_get_text(cast(widget)).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_inscription_set_text(cast(widget), ShownText.clean(newValue)) }
    }

    var xalign: Float {
        get { gtk_inscription_get_xalign(cast(widget)) }
        nonmutating set { gtk_inscription_set_xalign(cast(widget), newValue) }
    }
}

@MainActor
struct Button: WidgetRef {
    let widget: Widget

    init() { widget = gtk_button_new() }
    init(icon: String) { widget = gtk_button_new_from_icon_name(icon) }

    func setChild(_ child: some WidgetRef) { gtk_button_set_child(cast(widget), child.widget) }

    /// The action the button activates, with its target: `app.edit-service::<id>`.
    func setAction(_ detailedName: String) { gtk_actionable_set_detailed_action_name(cast(widget), detailedName) }

    func onClicked(_ handler: @escaping VoidHandler) { onSignal(widget, "clicked", handler) }
}

@MainActor
struct MenuButton: WidgetRef {
    let widget: Widget

    init(icon: String, menu: Menu, primary: Bool = false) {
        widget = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(cast(widget), icon)
        gtk_menu_button_set_menu_model(cast(widget), cast(menu.model))
        gtk_menu_button_set_primary(cast(widget), primary ? 1 : 0)
    }

    /// A menu button showing an icon and a label side by side.
    init(label: String, icon: String, menu: Menu) {
        widget = gtk_menu_button_new()
        let box = Box.horizontal(spacing: 6)
        box.append(Image.decorative(icon), Label(label))
        gtk_menu_button_set_child(cast(widget), box.widget)
        setMenu(menu)
    }

    /// A flat button showing `child` that opens a popover holding `content` (not a menu).
    init(child: some WidgetRef, popoverContent content: some WidgetRef) {
        widget = gtk_menu_button_new()
        gtk_menu_button_set_child(cast(widget), child.widget)
        gtk_menu_button_set_has_frame(cast(widget), 0)
        let popover = gtk_popover_new()!
        gtk_popover_set_child(cast(popover), content.widget)
        gtk_menu_button_set_popover(cast(widget), popover)
    }

    func setMenu(_ menu: Menu) { gtk_menu_button_set_menu_model(cast(widget), cast(menu.model)) }

    /// Its popover came on screen (made visible), or left it.
    func onPopover(shown: @escaping VoidHandler, hidden: @escaping VoidHandler) {
        guard let popover else { return }
        onSignal(popover, "show", shown)
        onSignal(popover, "hide", hidden)
    }

    var isOpen: Bool { popover.map { gtk_widget_get_visible($0) != 0 } ?? false }

    /// Its popover stays open when the window loses the focus (inspection routes: another app's window may take it
    /// before the popover has drawn its first frame).
    func keepPopoverOpen() {
        if let popover { gtk_popover_set_autohide(cast(popover), 0) }
    }

    /// Opens its menu (tests, inspection).
    func popup() { gtk_menu_button_popup(cast(widget)) }
    func popdown() { gtk_menu_button_popdown(cast(widget)) }
    var popover: Widget? { gtk_menu_button_get_popover(cast(widget)).map { cast($0) } }
}

@MainActor
struct Image: WidgetRef {
    let widget: Widget

    init(icon: String) { widget = gtk_image_new_from_icon_name(icon) }
    /// An empty image (no icon until `setIcon`).
    init() { widget = gtk_image_new() }

    func setIcon(_ name: String) { gtk_image_set_from_icon_name(cast(widget), name) }
    func setIconSize(_ size: GtkIconSize) { gtk_image_set_icon_size(cast(widget), size) }
    func setPixelSize(_ size: Int32) { gtk_image_set_pixel_size(cast(widget), size) }
}

@MainActor
struct Picture: WidgetRef {
    let widget: Widget

    /// A picture that shrinks to its allocation and covers it (posters).
    init(covering: Bool = true) {
        widget = gtk_picture_new()
        gtk_picture_set_can_shrink(cast(widget), 1)
        if covering { gtk_picture_set_content_fit(cast(widget), GTK_CONTENT_FIT_COVER) }
    }

    /// A picture held elsewhere only by address or reference (a poster load); the caller knows its type.
    init(unchecked widget: Widget) { self.widget = widget }

    func setTexture(_ texture: OpaquePointer?) { gtk_picture_set_paintable(cast(widget), texture.map { cast($0) }) }
}

@MainActor
struct ProgressBar: WidgetRef {
    let widget: Widget

    init(showText: Bool = true) {
        widget = gtk_progress_bar_new()
        gtk_progress_bar_set_show_text(cast(widget), showText ? 1 : 0)
    }

    var fraction: Double {
        get { gtk_progress_bar_get_fraction(cast(widget)) }
        nonmutating set { gtk_progress_bar_set_fraction(cast(widget), newValue) }
    }

    var text: String {
        get { gtk_progress_bar_get_text(cast(widget)).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_progress_bar_set_text(cast(widget), newValue) }
    }
}

@MainActor
struct Spinner: WidgetRef {
    let widget: Widget

    init() {
        widget = gtk_spinner_new()
        UI.squareSpinner(widget)
        gtk_widget_add_css_class(widget, "small")
    }
    init?(found widget: Widget) {
        guard g_type_check_instance_is_a(cast(widget), gtk_spinner_get_type()) != 0 else { return nil }
        self.widget = widget
    }

    var spinning: Bool {
        get { gtk_spinner_get_spinning(cast(widget)) != 0 }
        nonmutating set { newValue ? gtk_spinner_start(cast(widget)) : gtk_spinner_stop(cast(widget)) }
    }
}

/// A GtkStringList the Swift side owns (one reference, released with the wrapper).
@MainActor
final class StringList {
    let list: OpaquePointer

    init(_ strings: [String] = []) {
        list = gtk_string_list_new(nil)
        if !strings.isEmpty { UI.splice(list, at: 0, removing: 0, strings) }
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(list)) }

    var count: Int { Int(g_list_model_get_n_items(list)) }

    func replaceAll(with strings: [String]) { UI.replaceAll(list, with: strings) }
}

@MainActor
struct DropDown: WidgetRef {
    let widget: Widget

    /// A drop-down over `strings`; GTK keeps its own reference to the list.
    init(_ strings: StringList, name: String) {
        widget = gtk_drop_down_new(ref(strings.list), nil)
        UI.nameDropDown(widget, name)
    }

    var selected: Int {
        get { Int(gtk_drop_down_get_selected(cast(widget))) }
        nonmutating set { gtk_drop_down_set_selected(cast(widget), guint(newValue)) }
    }

    func onSelected(_ handler: @escaping VoidHandler) {
        onSignal(widget, "notify::selected", withArgument: { _ in handler() })
    }
}

/// A text entry (GtkEntry, GtkPasswordEntry, GtkSearchEntry: all GtkEditable).
@MainActor
struct Entry: WidgetRef {
    let widget: Widget

    init(placeholder: String, activatesDefault: Bool = true) {
        widget = gtk_entry_new()
        gtk_entry_set_placeholder_text(cast(widget), placeholder)
        gtk_entry_set_activates_default(cast(widget), activatesDefault ? 1 : 0)
    }

    init(password placeholder: String) {
        widget = gtk_password_entry_new()
        gtk_password_entry_set_show_peek_icon(cast(widget), 1)
        setProperty("placeholder-text", placeholder)
        setProperty("activates-default", true)
    }

    init(search placeholder: String) {
        widget = gtk_search_entry_new()
        setProperty("placeholder-text", placeholder)
    }

    var text: String {
        get { gtk_editable_get_text(cast(widget)).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_editable_set_text(cast(widget), newValue) }
    }

    func onChanged(_ handler: @escaping VoidHandler) { onSignal(widget, "changed", handler) }
    func setActivatesDefault(_ on: Bool) { setProperty("activates-default", on) }

    /// Makes the text `newValue` as typing does: a key's character added at the end, or the last ones deleted
    /// (`text = ` replaces everything, which passes through an empty field; a search field answers that at once).
    func type(_ newValue: String) {
        let old = text
        if newValue.hasPrefix(old) {
            // Positions count characters (code points), as GTK does.
            var position = Int32(old.unicodeScalars.count)
            gtk_editable_insert_text(cast(widget), String(newValue.unicodeScalars.dropFirst(old.unicodeScalars.count)), -1, &position)
        } else if old.hasPrefix(newValue) {
            gtk_editable_delete_text(cast(widget), Int32(newValue.unicodeScalars.count), -1)
        } else {
            text = newValue
        }
    }

    /// Enter in the field.
    func onActivate(_ handler: @escaping VoidHandler) { onSignal(widget, "activate", handler) }

    private func setProperty(_ name: String, _ text: String) { UI.setProperty(UnsafeMutableRawPointer(widget), name, text) }
    private func setProperty(_ name: String, _ flag: Bool) { UI.setProperty(UnsafeMutableRawPointer(widget), name, flag) }
}

@MainActor
struct TextView: WidgetRef {
    let widget: Widget

    init(monospace: Bool, acceptsTab: Bool) {
        widget = gtk_text_view_new()
        gtk_text_view_set_monospace(cast(widget), monospace ? 1 : 0)
        gtk_text_view_set_accepts_tab(cast(widget), acceptsTab ? 1 : 0)
    }

    private var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(cast(widget)) }

    var text: String {
        get {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            guard let chars = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
            defer { g_free(chars) }
            return String(cString: chars)
        }
        nonmutating set { gtk_text_buffer_set_text(buffer, newValue, -1) }
    }

    func onChanged(_ handler: @escaping VoidHandler) { onSignal(buffer, "changed", handler) }
}

@MainActor
struct Switch: WidgetRef {
    let widget: Widget

    init() { widget = gtk_switch_new() }

    var active: Bool {
        get { gtk_switch_get_active(cast(widget)) != 0 }
        nonmutating set { gtk_switch_set_active(cast(widget), newValue ? 1 : 0) }
    }

    func onToggled(_ handler: @escaping @MainActor (Bool) -> Void) {
        let widget = widget
        onSignal(widget, "notify::active", withArgument: { _ in handler(gtk_switch_get_active(cast(widget)) != 0) })
    }
}

@MainActor
struct CheckButton: WidgetRef {
    let widget: Widget

    /// A check (or radio) button with a mnemonic (`"_Paused"`: Alt+P). GTK 4.8 names it for screen readers by its
    /// label as written, marker and all ("_Paused"), so it is named by the words without the marker.
    init(mnemonic: String) {
        widget = gtk_check_button_new_with_mnemonic(ShownText.clean(mnemonic))
        setAccessibleLabel(Mnemonic.plain(mnemonic))
    }

    var active: Bool {
        get { gtk_check_button_get_active(cast(widget)) != 0 }
        nonmutating set { gtk_check_button_set_active(cast(widget), newValue ? 1 : 0) }
    }

    func onToggled(_ handler: @escaping VoidHandler) { onSignal(widget, "toggled", handler) }

    /// Makes this one of `other`'s radio group (one of them active at a time).
    func join(_ other: CheckButton) { gtk_check_button_set_group(cast(widget), cast(other.widget)) }
}

@MainActor
struct Separator: WidgetRef {
    let widget: Widget
    init(_ orientation: GtkOrientation = GTK_ORIENTATION_HORIZONTAL) { widget = gtk_separator_new(orientation) }
}
