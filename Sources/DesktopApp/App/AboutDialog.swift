import CGtk
import Core
import Foundation

@MainActor
enum AboutDialog {
    @discardableResult
    static func present(over parent: Widget?) -> Widget {
        ResourcePaths.registerIcons() // the logo is the app icon
        let dialog = gtk_about_dialog_new()!
        gtk_about_dialog_set_program_name(cast(dialog), AppInfo.name)
        gtk_about_dialog_set_version(cast(dialog), AppInfo.version)
        gtk_about_dialog_set_comments(cast(dialog), Strings.tagline)
        gtk_about_dialog_set_logo_icon_name(cast(dialog), AppInfo.applicationID)
        gtk_about_dialog_set_license_type(cast(dialog), GTK_LICENSE_GPL_3_0)
        gtk_about_dialog_set_website(cast(dialog), AppInfo.website)
        gtk_about_dialog_set_website_label(cast(dialog), "Website")
        gtk_about_dialog_set_copyright(cast(dialog), "© 2026 The Switchyard developers")
        var authors: [UnsafePointer<CChar>?] = [UnsafePointer(strdup("The Switchyard developers")), nil]
        gtk_about_dialog_set_authors(cast(dialog), &authors)
        free(UnsafeMutablePointer(mutating: authors[0]))
        if let parent { gtk_window_set_transient_for(cast(dialog), cast(parent)) }
        gtk_window_set_modal(cast(dialog), 1)
        gtk_window_present(cast(dialog))
        return dialog
    }
}
