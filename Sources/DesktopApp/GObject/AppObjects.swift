import CGtk

// Process-wide GTK objects the app shell uses: the application, GtkSettings, the
// display's style sheet, GtkBuilder windows, and the window calls dialogs need.

/// The GtkApplication (a GApplication): command-line options, lifecycle signals, accelerators, run and quit.
@MainActor
struct Application {
    let gtkApplication: UnsafeMutablePointer<GtkApplication>

    /// The same object as a GApplication (the GIO half of its API).
    private var base: UnsafeMutablePointer<GApplication> { cast(gtkApplication) }

    init(id: String, flags: GApplicationFlags = G_APPLICATION_DEFAULT_FLAGS) {
        gtkApplication = gtk_application_new(id, flags)
    }

    /// Adds a long option (no short name) that `--help` lists.
    func addOption(name: String, kind: GOptionArg, description: String, argument: String?) {
        g_application_add_main_option(base, name, 0, G_OPTION_FLAG_NONE, kind, description, argument)
    }

    /// The text `--help` prints under the usage line.
    func setOptionSummary(_ summary: String) { g_application_set_option_context_summary(base, summary) }

    /// Makes this process independent of any running instance (adds G_APPLICATION_NON_UNIQUE).
    func makeNonUnique() {
        let flags = g_application_get_flags(base)
        g_application_set_flags(base, GApplicationFlags(flags.rawValue | G_APPLICATION_NON_UNIQUE.rawValue))
    }

    /// `handle-local-options`: the handler gets the parsed options and returns -1 to go on, or an exit status.
    func onHandleLocalOptions(_ handler: @escaping @MainActor (UnsafeMutablePointer<GVariantDict>?) -> Int32) {
        onSignal(gtkApplication, "handle-local-options", returning: { dict in
            handler(dict?.assumingMemoryBound(to: GVariantDict.self))
        })
    }

    /// `startup`: once, in the primary instance, before the first `activate`.
    func onStartup(_ handler: @escaping VoidHandler) { onSignal(gtkApplication, "startup", handler) }
    /// `activate`: launched (again) without files.
    func onActivate(_ handler: @escaping VoidHandler) { onSignal(gtkApplication, "activate", handler) }
    /// `open`: launched (again) with files or URIs (`switchyard 'magnet:?…'`, `switchyard a.torrent`), in the
    /// primary instance; the handler gets each one's URI.
    func onOpen(_ handler: @escaping @MainActor ([String]) -> Void) {
        onSignal(gtkApplication, "open", withFiles: { files in handler(files) })
    }

    /// `shutdown`: once, after the main loop has finished.
    func onShutdown(_ handler: @escaping VoidHandler) { onSignal(gtkApplication, "shutdown", handler) }

    /// Runs the GLib main loop with the process's arguments until the application quits; returns the exit status.
    func run() -> Int32 { g_application_run(base, CommandLine.argc, CommandLine.unsafeArgv) }

    /// Stops the main loop `run` is in.
    func quit() { g_application_quit(base) }

    /// The accelerators (`"<Control>r"`, `"F5"`) of a detailed action (`"win.refresh"`, `"win.show-tab(2)"`).
    func setAccels(_ accels: [String], for action: String) {
        withStringArray(accels) { gtk_application_set_accels_for_action(gtkApplication, action, $0) }
    }
}

/// The default GtkSettings (theme, animations, dark preference, text DPI).
@MainActor
struct ToolkitSettings {
    let settings: OpaquePointer // GtkSettings

    /// The settings of the default display; nil before GTK is initialized.
    static var `default`: ToolkitSettings? { gtk_settings_get_default().map { ToolkitSettings(settings: $0) } }

    func set(_ name: String, _ flag: Bool) { UI.setProperty(UnsafeMutableRawPointer(settings), name, flag) }
    func set(_ name: String, _ number: Int32) { UI.setProperty(UnsafeMutableRawPointer(settings), name, number) }
    func set(_ name: String, _ text: String) { UI.setProperty(UnsafeMutableRawPointer(settings), name, text) }

    /// A string setting (`gtk-theme-name`); nil when unset.
    func string(_ name: String) -> String? {
        var value = GValue()
        g_value_init(&value, sy_gtk_type_string())
        defer { g_value_unset(&value) }
        g_object_get_property(cast(settings), name, &value)
        return g_value_get_string(&value).map { String(cString: $0) }
    }
}

/// CSS added to the default display.
@MainActor
enum StyleSheet {
    /// Adds `css` at application priority for the rest of the process (the display keeps the provider).
    static func addToDisplay(_ css: String) {
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), cast(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        unref(provider)
    }
}

/// Objects described in GtkBuilder XML.
@MainActor
enum Builder {
    /// The window with `id` in `xml`. The builder is released; GTK's list of toplevels keeps the window until it is destroyed.
    static func window(_ id: String, in xml: String) -> Window? {
        let builder = gtk_builder_new_from_string(xml, -1)
        defer { unref(builder) }
        return Window(found: cast(gtk_builder_get_object(builder, id)))
    }
}

extension Window {
    /// Keeps the window above `parent`; unlike `makeModal(over:)` it neither blocks nor dies with the parent.
    func setTransient(for parent: some WidgetRef) { gtk_window_set_transient_for(cast(widget), cast(parent.widget)) }

    /// Whether the window blocks input to the application's other windows while shown.
    var modal: Bool {
        get { gtk_window_get_modal(cast(widget)) != 0 }
        nonmutating set { gtk_window_set_modal(cast(widget), newValue ? 1 : 0) }
    }
}
