import CGtk
import Foundation

extension Appearance {
    /// Applies appearance, text scale and determinism settings to GtkSettings.
    @MainActor
    static func apply(_ options: LaunchOptions, inspection: Bool) {
        guard let settings = ToolkitSettings.default else { return }
        if inspection {
            // Deterministic pixels: the built-in theme, no animations.
            // Setting it reloads the theme (~20 ms): only when it differs.
            if settings.string("gtk-theme-name") != "Default" { settings.set("gtk-theme-name", "Default") }
            settings.set("gtk-enable-animations", false)
        }
        switch options.appearance {
        case .system: break
        case .light: settings.set("gtk-application-prefer-dark-theme", false)
        case .dark: settings.set("gtk-application-prefer-dark-theme", true)
        }
        if options.textScale != 1.0 || inspection {
            // Text size follows Xft DPI (1024ths of a dot per inch), as GNOME's text scaling does.
            settings.set("gtk-xft-dpi", Int32((96.0 * options.textScale * 1024.0).rounded()))
        }
        installStyles()
    }

    /// The few content styles GTK's own theme lacks (libadwaita has them; we do
    /// not depend on it): framed lists, the stale bar, poster frames, instance
    /// badges. Colours derive from the theme's text colour, so light, dark and
    /// high-contrast follow. No chrome is drawn here; the one sizing change is the tab switcher's
    /// buttons, each as wide as its title — the theme's 100-pixel minimum made nine tabs (every kind
    /// of service configured) wider than a 1366-pixel screen.
    @MainActor
    static func installStyles() {
        let css = """
        list.boxed-list { border: 1px solid alpha(currentColor, 0.15); border-radius: 8px; }
        list.boxed-list > row { border-bottom: 1px solid alpha(currentColor, 0.08); }
        list.boxed-list > row:last-child { border-bottom-width: 0; }
        .stale-bar { border: 1px solid alpha(currentColor, 0.2); border-radius: 8px; background-color: alpha(currentColor, 0.05); }
        .poster-frame { border-radius: 4px; background-color: alpha(currentColor, 0.08); }
        .instance-badge { border: 1px solid alpha(currentColor, 0.3); border-radius: 4px; padding: 1px 6px; }
        label.field-error { color: mix(@error_color, @theme_fg_color, 0.35); }
        progressbar { color: alpha(@theme_fg_color, 0.85); }
        columnview.view > listview > row:selected, listview.view > row:selected {
          background-color: mix(@theme_selected_bg_color, @theme_base_color, 0.78); color: @theme_text_color; }
        listview.view > row:selected button.flat, listview.view > row:selected button.flat image { color: @theme_text_color; }
        .transient-message { background-color: @theme_base_color; border: 1px solid alpha(currentColor, 0.2);
          border-radius: 12px; padding: 8px 8px 10px 16px; box-shadow: 0 2px 8px alpha(black, 0.18); }
        stackswitcher > button.text-button { min-width: 0; padding-left: 12px; padding-right: 12px; }
        """
        StyleSheet.addToDisplay(css)
        // Spinners draw our own symbolic PNGs: the theme's `process-working-symbolic` is an SVG only, and
        // the first spinner on screen made GTK load librsvg and libxml2 (~6.5 MB resident) to draw it.
        // Spinners are 32 px, or 16 (`.small`); each gets its size, and twice it at a scale of 2.
        let roots = ResourcePaths.iconRoots()
        if let small = ResourcePaths.spinnerImage(size: 16, roots: roots), let medium = ResourcePaths.spinnerImage(size: 32, roots: roots),
           let large = ResourcePaths.spinnerImage(size: 64, roots: roots) {
            func image(_ file: URL) -> String { "-gtk-recolor(url(\"\(file.absoluteString)\"))" }
            StyleSheet.addToDisplay("""
            spinner { -gtk-icon-source: -gtk-scaled(\(image(medium)), \(image(large))); }
            spinner.small { -gtk-icon-source: -gtk-scaled(\(image(small)), \(image(medium))); }
            """)
        }
        // Text meets WCAG AA (4.5:1) on every surface (Documentation/Accessibility.md): GTK's theme draws
        // a progress bar's text at 40 % of the text colour (2.2:1 on white) and dims secondary labels to
        // 55 % (3.2:1 on the window background, light). High-contrast themes dim less already (90 %).
        let theme = ToolkitSettings.default?.string("gtk-theme-name") ?? ""
        if !theme.localizedCaseInsensitiveContains("hc"), !theme.localizedCaseInsensitiveContains("contrast") {
            StyleSheet.addToDisplay(".dim-label { opacity: 0.72; }")
        }
    }
}
