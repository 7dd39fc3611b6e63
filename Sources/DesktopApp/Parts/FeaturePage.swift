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
final class FeaturePage: WidgetRef {
    let tab: AppTab
    private let stack: Stack
    var widget: Widget { stack.widget }
    private let staleBar: Box
    private let staleLabel: Label
    private let failureList: ListBox
    private var statusChild: Box?
    private var loadingChild: Box?
    private let clock: Clock
    private(set) var presentation: PagePresentation?
    private var failures: [ServiceFailure] = []
    private var contentIsEmpty = false
    private let column: Box
    private let content: any WidgetRef
    /// The tab's empty state below the failure rows, when the services that answered have nothing.
    private var emptyNote: Box?

    init(tab: AppTab, content: any WidgetRef, clock: Clock) {
        self.tab = tab
        self.clock = clock
        self.content = content
        stack = Stack(transition: GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        stack.addClasses(["view"]) // opaque content plane

        staleBar = Box.horizontal(spacing: 12, classes: ["card", "stale-bar"])
        staleBar.margins(12, bottom: 0)
        let staleIcon = Image.decorative("document-open-recent-symbolic")
        staleIcon.margin(start: 12)
        staleLabel = Label.wrapping("")
        staleLabel.hexpand = true
        staleLabel.margin(top: 8, bottom: 8)
        let retry = Button(Strings.recoveryButton(.retry), action: "win.refresh")
        retry.valign = GTK_ALIGN_CENTER
        retry.margin(end: 8)
        staleBar.append(staleIcon, staleLabel, retry)
        staleBar.visible = false

        failureList = ListBox(name: tr("Services with problems"))
        failureList.margins(12, bottom: 0)
        failureList.visible = false

        column = Box.vertical()
        content.vexpand = true
        column.append(staleBar, failureList, content)
        stack.add(column, name: "content")
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
                staleLabel.text = Strings.staleBar(since: Formatting.time(since, now: clock.now))
                staleBar.visible = true
            } else {
                staleBar.visible = false
            }
            showFailures(failures)
            showEmptyNote(isEmpty)
            stack.visibleChildName = "content"
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
        content.visible = !isEmpty
        if isEmpty, emptyNote == nil {
            let copy = Strings.empty(tab)
            let note = StatusPage.make(icon: Strings.icon(tab), title: copy.title, detail: copy.detail)
            note.vexpand = true
            column.append(note)
            emptyNote = note
        } else if !isEmpty, let emptyNote {
            column.remove(emptyNote)
            self.emptyNote = nil
        }
    }

    /// The empty state's title below the failure rows, when it is shown (tests).
    var emptyNoteShown: Bool { emptyNote != nil }

    private func showFailures(_ failures: [ServiceFailure]) {
        // The list box wraps each appended widget in a GtkListBoxRow: remove the rows, not what they hold.
        failureList.removeAll()
        for failure in failures {
            let row = Box.horizontal(spacing: 12)
            row.margins(8, start: 12)
            let icon = Image.decorative(failure.error == .unauthorized || failure.error == .missingCredential
                                        ? "dialog-password-symbolic" : "dialog-warning-symbolic")
            let text = Label.wrapping("\(failure.service.name): \(failure.message)")
            text.hexpand = true
            let button = Button(Strings.recoveryButton(failure.recovery), action: failure.recovery.actionName(for: failure.service.id))
            button.valign = GTK_ALIGN_CENTER
            button.setAccessibleLabel(Strings.recoveryName(failure.recovery, service: failure.service.name))
            row.append(icon, text, button)
            failureList.append(row)
        }
        failureList.visible = !failures.isEmpty
    }

    /// The failure rows' texts as the widget tree holds them (tests).
    var failureTexts: [String] {
        failureList.rowChildren.compactMap { row in Box(found: row)?.children.compactMap { Label(found: $0)?.text }.first }
    }

    /// Only the child on screen exists besides the content: GTK 4.8 exposes
    /// hidden stack children to screen readers, which would read every state at once.
    private func removeTransient(keepLoading: Bool = false) {
        if let statusChild { stack.remove(statusChild) }
        statusChild = nil
        if !keepLoading, let loadingChild { stack.remove(loadingChild) }
        if !keepLoading { loadingChild = nil }
    }

    private func showLoading() {
        if loadingChild == nil {
            let loading = Box.vertical(spacing: 12)
            loading.center()
            let label = Label(Strings.loading(tab))
            label.addClasses(["dim-label"])
            loading.append(Spinner(name: Strings.loading(tab)), label)
            stack.add(loading, name: "loading")
            loadingChild = loading
        }
        stack.visibleChildName = "loading"
        removeTransient(keepLoading: true)
    }

    private func showStatus(icon: String, title: String, detail: String, recovery: Recovery?) {
        let previous = statusChild
        // With exactly one service behind the state, its button opens settings on that service.
        let target = failures.count == 1 ? failures.first?.service.id : nil
        let button = recovery.map { (title: Strings.recoveryButton($0), action: $0.actionName(for: target)) }
        let page = StatusPage.make(icon: icon, title: title, detail: detail, button: button)
        if let previous { stack.remove(previous) }
        statusChild = page
        stack.add(page, name: "status")
        stack.visibleChildName = "status"
        if let loadingChild { stack.remove(loadingChild) }
        loadingChild = nil
    }
}
