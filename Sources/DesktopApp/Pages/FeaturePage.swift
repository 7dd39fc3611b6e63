import CGtk
import Core
import Foundation

/// One tab's frame: renders exactly one `PagePresentation`.
///
/// Non-content states are status pages (loading, empty, unavailable,
/// unauthorized, disabled). Content states show the tab's own content widget,
/// with a bar above it when the data is stale ("Showing data from 14:02 —
/// Retry") and one compact row per service that failed, with its recovery —
/// so one failing sibling never blanks the page.
@MainActor
final class FeaturePage {
    let tab: AppTab
    let widget: Widget
    private let stack: OpaquePointer
    private let staleBar: Widget
    private let staleLabel: Widget
    private let failureList: Widget
    private var statusChild: Widget?
    private var loadingChild: Widget?
    private let clock: Clock
    private(set) var presentation: PagePresentation?
    private var failures: [ServiceFailure] = []
    private var contentIsEmpty = false
    private let column: Widget
    private let content: Widget
    /// The tab's empty state below the failure rows, when the services that answered have nothing.
    private var emptyNote: Widget?

    init(tab: AppTab, content: Widget, clock: Clock) {
        self.tab = tab
        self.clock = clock
        self.content = content
        widget = gtk_stack_new()
        stack = cast(widget)
        gtk_stack_set_transition_type(stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        UI.addClasses(widget, ["view"]) // opaque content plane

        staleBar = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["card", "stale-bar"])
        UI.margins(staleBar, 12)
        gtk_widget_set_margin_bottom(staleBar, 0)
        let staleIcon = gtk_image_new_from_icon_name("document-open-recent-symbolic")!
        UI.hideFromAccessibility(staleIcon)
        gtk_widget_set_margin_start(staleIcon, 12)
        staleLabel = UI.label("", wrap: true)
        gtk_widget_set_hexpand(staleLabel, 1)
        gtk_label_set_xalign(cast(staleLabel), 0)
        gtk_widget_set_margin_top(staleLabel, 8)
        gtk_widget_set_margin_bottom(staleLabel, 8)
        let retry = UI.button(Strings.recoveryButton(.retry), action: "win.refresh")
        gtk_widget_set_valign(retry, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_end(retry, 8)
        UI.append(staleBar, staleIcon, staleLabel, retry)
        gtk_widget_set_visible(staleBar, 0)

        failureList = gtk_list_box_new()
        gtk_list_box_set_selection_mode(cast(failureList), GTK_SELECTION_NONE)
        UI.addClasses(failureList, ["boxed-list"])
        UI.margins(failureList, 12)
        gtk_widget_set_margin_bottom(failureList, 0)
        UI.setAccessibleLabel(failureList, "Services with problems")
        gtk_widget_set_visible(failureList, 0)

        column = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        gtk_widget_set_vexpand(content, 1)
        UI.append(column, staleBar, failureList, content)
        gtk_stack_add_named(stack, column, "content")
    }

    /// `isEmpty`: the services that answered have nothing to show — with others failing, the
    /// failure rows and then the tab's empty state, never a blank page.
    func show(_ presentation: PagePresentation, failures: [ServiceFailure] = [], isEmpty: Bool = false) {
        if presentation == self.presentation, failures == self.failures, isEmpty == contentIsEmpty { return }
        self.presentation = presentation
        self.failures = failures
        contentIsEmpty = isEmpty
        switch presentation {
        case .loading:
            showLoading()
        case .content, .stale:
            if case .stale(let since, _) = presentation {
                gtk_label_set_text(cast(staleLabel), Strings.staleBar(since: Formatting.time(since, now: clock.now)))
                gtk_widget_set_visible(staleBar, 1)
            } else {
                gtk_widget_set_visible(staleBar, 0)
            }
            showFailures(failures)
            showEmptyNote(isEmpty)
            gtk_stack_set_visible_child_name(stack, "content")
            removeTransient()
        case .empty:
            let copy = Strings.empty(tab)
            showStatus(icon: Strings.icon(tab), title: copy.title, detail: copy.detail, recovery: nil)
        case .unavailable(let recovery):
            showStatus(icon: "network-offline-symbolic", title: Strings.unavailableTitle,
                       detail: failures.first?.message ?? Strings.unavailableDetail, recovery: recovery)
        case .unauthorized:
            showStatus(icon: "dialog-password-symbolic", title: Strings.unauthorizedTitle,
                       detail: Strings.unauthorizedDetail, recovery: .updateCredentials)
        case .disabled:
            showStatus(icon: "action-unavailable-symbolic", title: Strings.disabledTitle,
                       detail: Strings.disabledDetail, recovery: .enableService)
        }
    }

    /// Made when needed and removed after: only the state on screen exists (GTK 4.8 rule).
    private func showEmptyNote(_ isEmpty: Bool) {
        gtk_widget_set_visible(content, isEmpty ? 0 : 1)
        if isEmpty, emptyNote == nil {
            let copy = Strings.empty(tab)
            let note = StatusPage.make(icon: Strings.icon(tab), title: copy.title, detail: copy.detail)
            gtk_widget_set_vexpand(note, 1)
            UI.append(column, note)
            emptyNote = note
        } else if !isEmpty, let emptyNote {
            gtk_box_remove(cast(column), emptyNote)
            self.emptyNote = nil
        }
    }

    /// The empty state's title below the failure rows, when it is shown (tests).
    var emptyNoteShown: Bool { emptyNote != nil }

    private func showFailures(_ failures: [ServiceFailure]) {
        // The list box wraps each appended widget in a GtkListBoxRow: remove the rows, not what they hold.
        UI.removeAllRows(failureList)
        for failure in failures {
            let row = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
            UI.margins(row, 8)
            gtk_widget_set_margin_start(row, 12)
            let icon = gtk_image_new_from_icon_name(failure.error == .unauthorized || failure.error == .missingCredential
                                                    ? "dialog-password-symbolic" : "dialog-warning-symbolic")!
            UI.hideFromAccessibility(icon)
            let text = UI.label("\(failure.service.name): \(failure.message)", wrap: true)
            gtk_label_set_xalign(cast(text), 0)
            gtk_widget_set_hexpand(text, 1)
            let button = UI.button(Strings.recoveryButton(failure.recovery), action: failure.recovery.actionName(for: failure.service.id))
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            UI.setAccessibleLabel(button, Strings.recoveryName(failure.recovery, service: failure.service.name))
            UI.append(row, icon, text, button)
            gtk_list_box_append(cast(failureList), row)
        }
        gtk_widget_set_visible(failureList, failures.isEmpty ? 0 : 1)
    }

    /// The failure rows' texts as the widget tree holds them (tests).
    var failureTexts: [String] {
        var texts: [String] = []
        var row = gtk_widget_get_first_child(failureList)
        while let current = row {
            if let box = gtk_list_box_row_get_child(cast(current)), let icon = gtk_widget_get_first_child(box),
               let label = gtk_widget_get_next_sibling(icon) {
                texts.append(String(cString: gtk_label_get_text(cast(label))))
            }
            row = gtk_widget_get_next_sibling(current)
        }
        return texts
    }

    /// Only the child on screen exists besides the content: GTK 4.8 exposes
    /// hidden stack children to screen readers, which would read every state at once.
    private func removeTransient(keepLoading: Bool = false) {
        if let statusChild { gtk_stack_remove(stack, statusChild) }
        statusChild = nil
        if !keepLoading, let loadingChild { gtk_stack_remove(stack, loadingChild) }
        if !keepLoading { loadingChild = nil }
    }

    private func showLoading() {
        if loadingChild == nil {
            let loading = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
            UI.center(loading)
            let spinner = UI.spinner(name: Strings.loading(tab))
            UI.append(loading, spinner, UI.label(Strings.loading(tab), classes: ["dim-label"]))
            gtk_stack_add_named(stack, loading, "loading")
            loadingChild = loading
        }
        gtk_stack_set_visible_child_name(stack, "loading")
        removeTransient(keepLoading: true)
    }

    private func showStatus(icon: String, title: String, detail: String, recovery: Recovery?) {
        let previous = statusChild
        // With exactly one service behind the state, its button opens settings on that service.
        let target = failures.count == 1 ? failures.first?.service.id : nil
        let button = recovery.map { (title: Strings.recoveryButton($0), action: $0.actionName(for: target)) }
        let page = StatusPage.make(icon: icon, title: title, detail: detail, button: button)
        if let previous { gtk_stack_remove(stack, previous) }
        statusChild = page
        gtk_stack_add_named(stack, page, "status")
        gtk_stack_set_visible_child_name(stack, "status")
        if let loadingChild { gtk_stack_remove(stack, loadingChild) }
        loadingChild = nil
    }
}
