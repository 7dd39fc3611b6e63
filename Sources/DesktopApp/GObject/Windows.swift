import CGtk
import Foundation

@MainActor
struct Window: WidgetRef {
    let widget: Widget

    init() { widget = gtk_window_new() }
    init(application: UnsafeMutablePointer<GtkApplication>) { widget = gtk_application_window_new(application) }
    /// A window GTK made for us (GtkBuilder, GtkAboutDialog); its type is checked.
    init?(found widget: Widget?) {
        guard let widget, g_type_check_instance_is_a(cast(widget), gtk_window_get_type()) != 0 else { return nil }
        self.widget = widget
    }

    var title: String {
        get { gtk_window_get_title(cast(widget)).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_window_set_title(cast(widget), ShownText.clean(newValue)) }
    }

    /// Modal over `parent`, destroyed with it.
    /// Modal over `parent`'s window (`parent` may be any widget in it: a pane asks over itself).
    func makeModal(over parent: (any WidgetRef)?) {
        if let parent, let window = Window.toplevel(of: parent) { gtk_window_set_transient_for(cast(widget), cast(window.widget)) }
        gtk_window_set_modal(cast(widget), 1)
        gtk_window_set_destroy_with_parent(cast(widget), 1)
    }

    func setDefaultSize(width: Int32, height: Int32) { gtk_window_set_default_size(cast(widget), width, height) }
    func setChild(_ child: some WidgetRef) { gtk_window_set_child(cast(widget), child.widget) }
    func setTitlebar(_ bar: some WidgetRef) { gtk_window_set_titlebar(cast(widget), bar.widget) }
    func setDefaultWidget(_ child: (any WidgetRef)?) { gtk_window_set_default_widget(cast(widget), child?.widget) }
    func setIcon(_ name: String) { gtk_window_set_icon_name(cast(widget), name) }

    var resizable: Bool {
        get { gtk_window_get_resizable(cast(widget)) != 0 }
        nonmutating set { gtk_window_set_resizable(cast(widget), newValue ? 1 : 0) }
    }

    var hideOnClose: Bool {
        get { gtk_window_get_hide_on_close(cast(widget)) != 0 }
        nonmutating set { gtk_window_set_hide_on_close(cast(widget), newValue ? 1 : 0) }
    }

    func present() { gtk_window_present(cast(widget)) }
    func close() { gtk_window_close(cast(widget)) }
    func destroy() { gtk_window_destroy(cast(widget)) }

    func onDestroy(_ handler: @escaping VoidHandler) { onSignal(widget, "destroy", handler) }

    /// Whether the window's surface is minimized (false before it is realized).
    var isMinimized: Bool {
        guard let surface = gtk_native_get_surface(cast(widget)) else { return false }
        return gdk_toplevel_get_state(cast(surface)).rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0
    }

    /// Calls `handler` when the window's surface state changes (minimized, maximized, …); once realized.
    func onSurfaceStateChanged(_ handler: @escaping VoidHandler) {
        let widget = widget
        onSignal(widget, "realize") {
            guard let surface = gtk_native_get_surface(cast(widget)) else { return }
            onSignal(surface, "notify::state", withArgument: { _ in handler() })
        }
    }

    /// Renders the window (header bar included) with its own renderer into a PNG; with
    /// `popover`, that open menu is drawn over it where it stands (it is a surface of its own).
    func saveScreenshot(to path: String, over popover: Widget? = nil) -> Bool {
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        guard width > 0, height > 0,
              let renderer = gtk_native_get_renderer(cast(widget)),
              let paintable = gtk_widget_paintable_new(widget) else { return false }
        defer { unref(paintable) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(cast(paintable), cast(snapshot), Double(width), Double(height))
        if let popover, gtk_widget_get_mapped(popover) != 0, let surface = gtk_native_get_surface(cast(popover)),
           let drawn = gtk_widget_paintable_new(popover) {
            defer { unref(drawn) }
            var windowX = 0.0, windowY = 0.0, popoverX = 0.0, popoverY = 0.0
            gtk_native_get_surface_transform(cast(widget), &windowX, &windowY)
            gtk_native_get_surface_transform(cast(popover), &popoverX, &popoverY)
            // The popup's position is relative to its parent's surface: the window's, for our menus.
            var origin = graphene_point_t(x: Float(Double(gdk_popup_get_position_x(cast(surface))) + popoverX - windowX),
                                          y: Float(Double(gdk_popup_get_position_y(cast(surface))) + popoverY - windowY))
            gtk_snapshot_save(snapshot)
            gtk_snapshot_translate(snapshot, &origin)
            gdk_paintable_snapshot(cast(drawn), cast(snapshot), Double(gdk_paintable_get_intrinsic_width(cast(drawn))),
                                   Double(gdk_paintable_get_intrinsic_height(cast(drawn))))
            gtk_snapshot_restore(snapshot)
        }
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return false }
        defer { gsk_render_node_unref(node) }
        guard let texture = gsk_renderer_render_texture(renderer, node, nil) else { return false }
        defer { unref(texture) }
        return gdk_texture_save_to_png(texture, path) != 0
    }
}

/// The About window.
@MainActor
enum AboutWindow {
    struct Facts {
        var name, version, comments, icon, website, websiteLabel, copyright: String
        var authors: [String]
    }

    static func make(_ facts: Facts) -> Window {
        let dialog = gtk_about_dialog_new()!
        gtk_about_dialog_set_program_name(cast(dialog), facts.name)
        gtk_about_dialog_set_version(cast(dialog), facts.version)
        gtk_about_dialog_set_comments(cast(dialog), facts.comments)
        gtk_about_dialog_set_logo_icon_name(cast(dialog), facts.icon)
        gtk_about_dialog_set_license_type(cast(dialog), GTK_LICENSE_GPL_3_0)
        gtk_about_dialog_set_website(cast(dialog), facts.website)
        gtk_about_dialog_set_website_label(cast(dialog), facts.websiteLabel)
        gtk_about_dialog_set_copyright(cast(dialog), facts.copyright)
        withStringArray(facts.authors) { gtk_about_dialog_set_authors(cast(dialog), $0) }
        return Window(found: dialog)!
    }
}

/// Calls `body` with a NULL-terminated C array of `strings` (valid for the call).
func withStringArray<T>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> T) -> T {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    var pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}

/// A GMenu built from sections of (label, detailed action) items.
@MainActor
final class Menu {
    let model: OpaquePointer

    init(sections: [[(label: String, action: String)]]) {
        model = g_menu_new()
        for section in sections {
            let part = g_menu_new()!
            for item in section { g_menu_append(part, item.label, item.action) }
            g_menu_append_section(model, nil, cast(part))
            unref(part)
        }
    }

    isolated deinit { unref(model) }
}

/// A group of named actions (a GActionMap: a GtkApplication, a GtkApplicationWindow or a
/// GSimpleActionGroup) and the actions added to it, by name.
@MainActor
final class Actions {
    let map: gpointer
    private var actions: [String: OpaquePointer] = [:]
    private let ownsMap: Bool

    /// The actions of an existing map (an application or application window).
    init(on map: some Any) {
        self.map = cast(map)
        ownsMap = false
    }

    /// A new action group to insert into a widget under `prefix` (`settings.save`).
    init(insertInto widget: some WidgetRef, prefix: String) {
        map = UnsafeMutableRawPointer(g_simple_action_group_new())
        ownsMap = true
        gtk_widget_insert_action_group(widget.widget, prefix, cast(map))
    }

    isolated deinit { if ownsMap { g_object_unref(map) } }

    /// Adds an action without a parameter.
    func add(_ name: String, enabled: Bool = true, _ handler: @escaping VoidHandler) {
        let action = g_simple_action_new(name, nil)!
        onSignal(action, "activate", withArgument: { _ in handler() })
        insert(name, action, enabled: enabled)
    }

    /// Adds an action with a string parameter (`app.edit-service::<id>`).
    func add(_ name: String, enabled: Bool = true, string handler: @escaping @MainActor (String) -> Void) {
        let action = g_simple_action_new(name, sy_variant_type_string())!
        onSignal(action, "activate", withArgument: { value in
            guard let value else { return }
            handler(String(cString: g_variant_get_string(OpaquePointer(value), nil)))
        })
        insert(name, action, enabled: enabled)
    }

    /// Adds an action with an integer parameter (`win.show-tab(2)`).
    func add(_ name: String, enabled: Bool = true, number handler: @escaping @MainActor (Int) -> Void) {
        let action = g_simple_action_new(name, sy_variant_type_int32())!
        onSignal(action, "activate", withArgument: { value in
            guard let value else { return }
            handler(Int(g_variant_get_int32(OpaquePointer(value))))
        })
        insert(name, action, enabled: enabled)
    }

    /// Adds an on/off action (a check item in a menu). Activating it asks `toggled` for the
    /// opposite of its state; the state changes only through `setState` (what the service reports).
    func add(_ name: String, state: Bool, toggled: @escaping @MainActor (Bool) -> Void) {
        let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(state ? 1 : 0))!
        onSignal(action, "activate", withArgument: { [weak self] _ in toggled(!(self?.state(name) ?? false)) })
        insert(name, action, enabled: true)
    }

    func state(_ name: String) -> Bool {
        guard let action = actions[name], let value = g_action_get_state(cast(action)) else { return false }
        defer { g_variant_unref(value) }
        return g_variant_get_boolean(value) != 0
    }

    func setState(_ name: String, _ on: Bool) {
        if let action = actions[name] { g_simple_action_set_state(action, g_variant_new_boolean(on ? 1 : 0)) }
    }

    func remove(_ name: String) {
        guard actions.removeValue(forKey: name) != nil else { return }
        g_action_map_remove_action(cast(map), name)
    }

    private func insert(_ name: String, _ action: OpaquePointer, enabled: Bool) {
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
        g_action_map_add_action(cast(map), cast(action))
        actions[name] = action // the map holds the reference
        unref(action)
    }

    func setEnabled(_ name: String, _ enabled: Bool) {
        if let action = actions[name] { g_simple_action_set_enabled(action, enabled ? 1 : 0) }
    }

    func isEnabled(_ name: String) -> Bool {
        actions[name].map { g_action_get_enabled(cast($0)) != 0 } ?? false
    }

    func activate(_ name: String) {
        if let action = actions[name] { g_action_activate(cast(action), nil) }
    }
}

/// Keyboard shortcuts local to a widget (a GtkShortcutController).
@MainActor
enum Shortcuts {
    /// Each trigger (`"<Control>w"`, `"Escape"`) activates the named action (`"settings.close"`).
    static func add(to widget: some WidgetRef, _ bindings: [(trigger: String, action: String)]) {
        let controller = gtk_shortcut_controller_new()!
        for binding in bindings {
            let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string(binding.trigger), gtk_named_action_new(binding.action))
            gtk_shortcut_controller_add_shortcut(cast(controller), shortcut)
        }
        widget.addController(controller)
    }

    /// Each trigger runs `handler`. The closure is released with the shortcut's action. With
    /// `capture`, the shortcuts run before the focused child sees the key (a list row would
    /// otherwise take Space to select).
    static func add(to widget: some WidgetRef, triggers: [String], capture: Bool = false, _ handler: @escaping VoidHandler) {
        let controller = gtk_shortcut_controller_new()!
        if capture { gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE) }
        for trigger in triggers {
            let box = Unmanaged.passRetained(SignalBox<VoidHandler>(handler)).toOpaque()
            let action = gtk_callback_action_new({ _, _, data in
                let box = Unmanaged<SignalBox<VoidHandler>>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated { box.handler() }
                return 1
            }, box, { data in Unmanaged<SignalBox<VoidHandler>>.fromOpaque(data!).release() })
            gtk_shortcut_controller_add_shortcut(cast(controller), gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), action))
        }
        widget.addController(controller)
    }
}

/// A widget's frame clock: run something after a frame has been painted.
@MainActor
enum FrameClock {
    /// Calls `body` after every painted frame of `widget`'s window until it returns false.
    /// Returns false when the widget has no frame clock (not realized).
    @discardableResult
    static func afterEachPaint(of widget: some WidgetRef, _ body: @escaping @MainActor () -> Bool) -> Bool {
        guard let clock = gtk_widget_get_frame_clock(widget.widget) else { return false }
        var handler: gulong = 0
        var done = false
        handler = onSignal(clock, "after-paint") {
            guard !done else { return }
            if !body() {
                done = true
                // Not inside the emission; and the window may be closed before the hop runs,
                // taking its clock with it: hold the clock until the handler is gone.
                let held = ref(clock)
                MainLoop.later {
                    // A destroyed window's clock has already dropped its handlers.
                    if g_signal_handler_is_connected(cast(held) as gpointer?, handler) != 0 { disconnect(held, handler) }
                    unref(held)
                }
            }
        }
        return true
    }
}
