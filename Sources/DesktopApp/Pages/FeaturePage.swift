import CGtk
import Core
import Foundation

/// One tab's page: renders exactly one `PagePresentation` for its tab.
///
/// Non-content states are status pages; content states show the page's content
/// widget, with a bar above it when the data is stale.
@MainActor
final class FeaturePage {
    let tab: AppTab
    let widget: Widget
    private let stack: OpaquePointer
    private var statusChild: Widget?
    private var contentChild: Widget?
    private(set) var presentation: PagePresentation?

    init(tab: AppTab) {
        self.tab = tab
        widget = gtk_stack_new()
        stack = cast(widget)
        gtk_stack_set_transition_type(stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        UI.addClasses(widget, ["view"]) // opaque content plane

        let loading = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        UI.center(loading)
        let spinner = gtk_spinner_new()!
        gtk_spinner_start(cast(spinner))
        gtk_widget_set_size_request(spinner, 32, 32)
        UI.append(loading, spinner, UI.label(Strings.loading(tab), classes: ["dim-label"]))
        gtk_stack_add_named(stack, loading, "loading")
    }

    /// Sets the page-specific widget shown for content and stale states.
    func setContent(_ content: Widget) {
        if let contentChild { gtk_stack_remove(stack, contentChild) }
        contentChild = content
        gtk_stack_add_named(stack, content, "content")
    }

    func show(_ presentation: PagePresentation) {
        guard presentation != self.presentation else { return }
        self.presentation = presentation
        switch presentation {
        case .loading:
            gtk_stack_set_visible_child_name(stack, "loading")
        case .content, .stale:
            // Stale bar and content widgets arrive with the tab contents.
            if contentChild != nil {
                gtk_stack_set_visible_child_name(stack, "content")
            } else {
                showStatus(icon: Strings.icon(tab), title: Strings.empty(tab).title,
                           detail: Strings.empty(tab).detail, recovery: nil)
            }
        case .empty:
            let copy = Strings.empty(tab)
            showStatus(icon: Strings.icon(tab), title: copy.title, detail: copy.detail, recovery: nil)
        case .unavailable(let recovery):
            showStatus(icon: "network-offline-symbolic", title: Strings.unavailableTitle,
                       detail: Strings.unavailableDetail, recovery: recovery)
        case .unauthorized:
            showStatus(icon: "dialog-password-symbolic", title: Strings.unauthorizedTitle,
                       detail: Strings.unauthorizedDetail, recovery: .updateCredentials)
        case .disabled:
            showStatus(icon: "action-unavailable-symbolic", title: Strings.disabledTitle,
                       detail: Strings.disabledDetail, recovery: .enableService)
        }
    }

    private func showStatus(icon: String, title: String, detail: String, recovery: Recovery?) {
        if let statusChild { gtk_stack_remove(stack, statusChild) }
        let button = recovery.map { (title: Strings.recoveryButton($0), action: $0.actionName) }
        let page = StatusPage.make(icon: icon, title: title, detail: detail, button: button)
        statusChild = page
        gtk_stack_add_named(stack, page, "status")
        gtk_stack_set_visible_child_name(stack, "status")
    }
}
