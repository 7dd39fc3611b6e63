import CGtk

// The shapes pages build most, as typed constructors.

extension Label {
    /// A label at the leading edge that ellipsizes when too long (one line of a row).
    static func line(_ text: String, classes: [String] = [], ellipsize: Bool = true) -> Label {
        let label = Label(text)
        label.xalign = 0
        if ellipsize { label.ellipsize = PANGO_ELLIPSIZE_END }
        label.addClasses(classes)
        return label
    }

    /// A label that wraps at `maxWidth` characters (explanations, messages).
    static func wrapping(_ text: String, classes: [String] = [], maxWidth: Int32 = 60,
                         justify: GtkJustification = GTK_JUSTIFY_LEFT, leading: Bool = true) -> Label {
        let label = Label(text)
        label.wraps = true
        label.maxWidthChars = maxWidth
        label.justify = justify
        if leading { label.xalign = 0 }
        label.addClasses(classes)
        return label
    }

    /// A section heading above a boxed list.
    static func heading(_ text: String) -> Label {
        let label = line(text, classes: ["heading"])
        label.margin(top: 18, bottom: 6)
        return label
    }
}

extension Button {
    /// A text button bound to an action (`app.preferences`, `win.refresh`, `app.edit-service::<id>`).
    /// The label is a child so the accessible name is exactly its text.
    init(_ title: String, action: String, classes: [String] = []) {
        self.init(found: UI.button(title, action: action, classes: classes))
    }

    /// A text button with a mnemonic (`"_Cancel"`: Alt+C), named `name` for assistive technologies.
    init(mnemonic title: String, name: String) {
        self.init()
        let label = Label(title, mnemonic: true)
        label.labels(self)
        setChild(label)
        setAccessibleLabel(name)
    }

    /// An icon-only button, always with an accessible name and a tooltip.
    init(icon: String, name: String, tooltip: String, action: String? = nil) {
        self.init(icon: icon)
        if let action { setAction(action) }
        setAccessibleLabel(name)
        self.tooltip = tooltip
    }

    /// A button GTK handed us (made by a helper); its type is checked.
    init(found widget: Widget) {
        precondition(g_type_check_instance_is_a(cast(widget), gtk_button_get_type()) != 0, "not a GtkButton")
        self.widget = widget
    }
}

extension ProgressBar {
    /// A progress bar with its text shown and an accessible name.
    init(_ fraction: Double, text: String, name: String) {
        self.init(showText: true)
        self.fraction = fraction
        self.text = text
        setAccessibleLabel(name)
    }
}

extension Spinner {
    /// A spinner that spins only while it is on screen (see `UI.spinner`).
    init(name: String, size: Int32 = 32) {
        self.init(found: UI.spinner(name: name, size: size))!
    }
}

extension DropDown {
    /// A drop-down over fixed strings.
    init(_ strings: [String], name: String) {
        self.init(StringList(strings), name: name)
    }
}

extension Image {
    /// A decorative icon, hidden from assistive technologies.
    static func decorative(_ icon: String) -> Image {
        let image = Image(icon: icon)
        image.hideFromAccessibility()
        return image
    }
}

extension Box {
    /// A flexible gap that pushes what follows to the trailing edge.
    static func spacer() -> Box {
        let box = Box(GTK_ORIENTATION_HORIZONTAL)
        box.hexpand = true
        return box
    }
}

extension Box {
    /// A box GTK handed us (a child found in a tree); nil when it is something else.
    init?(found widget: Widget?) {
        guard let widget, g_type_check_instance_is_a(cast(widget), gtk_box_get_type()) != 0 else { return nil }
        self.widget = widget
    }
}

extension Picture {
    /// A picture held by a weak reference (a poster load); the holder knows its type.
    init(unchecked object: UnsafeMutableRawPointer) { self.init(unchecked: object.assumingMemoryBound(to: GtkWidget.self)) }
}

extension Entry {
    /// A search entry's text changed (after its short delay).
    func onSearchChanged(_ handler: @escaping VoidHandler) { onSignal(widget, "search-changed", handler) }

    /// Escape in a search entry.
    func onStopSearch(_ handler: @escaping VoidHandler) { onSignal(widget, "stop-search", handler) }
}

extension WidgetRef {
    /// Whether children are clipped to this widget's bounds.
    var clipsChildren: Bool {
        get { gtk_widget_get_overflow(widget) == GTK_OVERFLOW_HIDDEN }
        nonmutating set { gtk_widget_set_overflow(widget, newValue ? GTK_OVERFLOW_HIDDEN : GTK_OVERFLOW_VISIBLE) }
    }
}

extension Window {
    /// Every window in GTK's list of toplevels, shown or not.
    static var toplevels: [Window] {
        let list = gtk_window_get_toplevels()
        return (0..<g_list_model_get_n_items(list)).compactMap { index in
            guard let item = g_list_model_get_item(list, index) else { return nil }
            defer { g_object_unref(item) } // GTK's list keeps its own reference
            return Window(found: item.assumingMemoryBound(to: GtkWidget.self))
        }
    }
}

extension Window {
    /// The window `widget` is in, once it is in one.
    static func toplevel(of widget: some WidgetRef) -> Window? {
        guard let root = gtk_widget_get_root(widget.widget) else { return nil }
        return Window(found: cast(root) as Widget)
    }
}
