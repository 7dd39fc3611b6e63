import CGtk

extension Appearance {
    /// Applies appearance, text scale and determinism settings to GtkSettings.
    @MainActor
    static func apply(_ options: LaunchOptions, inspection: Bool) {
        guard let settings = gtk_settings_get_default() else { return }
        let object = UnsafeMutableRawPointer(settings)
        if inspection {
            // Deterministic pixels: the built-in theme, no animations.
            UI.setProperty(object, "gtk-theme-name", "Default")
            UI.setProperty(object, "gtk-enable-animations", false)
        }
        switch options.appearance {
        case .system: break
        case .light: UI.setProperty(object, "gtk-application-prefer-dark-theme", false)
        case .dark: UI.setProperty(object, "gtk-application-prefer-dark-theme", true)
        }
        if options.textScale != 1.0 || inspection {
            // Text size follows Xft DPI (1024ths of a dot per inch), as GNOME's text scaling does.
            UI.setProperty(object, "gtk-xft-dpi", Int32((96.0 * options.textScale * 1024.0).rounded()))
        }
    }
}
