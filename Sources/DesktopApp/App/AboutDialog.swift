import CGtk
import Core
import Foundation

@MainActor
enum AboutDialog {
    @discardableResult
    static func present(over parent: (any WidgetRef)?) -> Widget {
        ResourcePaths.registerIcons() // the logo is the app icon
        let dialog = AboutWindow.make(.init(
            name: AppInfo.name, version: AppInfo.version, comments: Strings.tagline, icon: AppInfo.applicationID,
            website: AppInfo.website, websiteLabel: tr("Website"), copyright: tr("© 2026 The Switchyard developers"),
            authors: [tr("The Switchyard developers")]))
        if let parent { dialog.setTransient(for: parent) }
        dialog.modal = true
        dialog.present()
        return dialog.widget
    }
}
