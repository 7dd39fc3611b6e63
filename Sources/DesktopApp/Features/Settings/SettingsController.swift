import Core
import Foundation

/// Settings (Ctrl+,; a row's "Update credentials…"; a failure's recovery button): one dialog at a
/// time, on the list or on one service's form; its changes reload the window, its switches change
/// the preferences at once. Inspection routes open their own dialog.
@MainActor
final class SettingsController: FeatureController {
    private let context: AppContext
    private(set) var dialog: SettingsDialog?

    init(context: AppContext) { self.context = context }

    /// Opens Settings — on one service's form when `service` is given — or raises the open dialog.
    func open(on service: UUID?) {
        if let dialog {
            Window(found: dialog.window.widget)?.present()
            return
        }
        let model = context.model, overview = context.controller(OverviewController.self)
        let dialog = SettingsDialog(parent: context.window?.window, backend: model?.settings,
                                    statusOf: { [weak overview] in overview?.serviceStatus[$0] })
        dialog.onChanged = { [weak model] in model?.settingsChanged() }
        if let model {
            dialog.preferences = model.preferences
            dialog.onPreferencesChanged = { [weak model] preferences in model?.setPreferences(preferences) }
        }
        dialog.onClosed = { [weak self] in self?.dialog = nil }
        self.dialog = dialog
        if let service { dialog.presentEditor(for: service) } else { dialog.presentList() }
    }

    func stop() { dialog = nil }
}
