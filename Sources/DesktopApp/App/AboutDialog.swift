import CGtk
import Core

@MainActor
enum AboutDialog {
    static func present(over parent: Widget?) {
        let dialog = gtk_about_dialog_new()!
        gtk_about_dialog_set_program_name(cast(dialog), AppInfo.name)
        gtk_about_dialog_set_version(cast(dialog), AppInfo.version)
        gtk_about_dialog_set_comments(cast(dialog), Strings.tagline)
        gtk_about_dialog_set_logo_icon_name(cast(dialog), AppInfo.applicationID)
        if let parent { gtk_window_set_transient_for(cast(dialog), cast(parent)) }
        gtk_window_set_modal(cast(dialog), 1)
        gtk_window_present(cast(dialog))
    }
}
