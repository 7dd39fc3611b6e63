import CGtk
import Core
import Foundation

/// What the Activity page does to the downloads picked: Remove from the queue (one dialog with
/// the services' choices, safe defaults) and Grab Now for delayed releases — from the toolbar, a
/// context menu (right click, Menu, Shift+F10) and keys (Delete removes, Ctrl+G grabs). Rows say
/// "Removing…" or "Grabbing…" until the queue is read back.
@MainActor
final class ActivityActions {
    let toolbar = Box.horizontal(spacing: 4)
    private let removeButton: Button
    private let grabButton: Button
    private let hint = Label.line("", classes: ["dim-label"])
    private weak var page: ActivityPage?
    private var group: Actions?
    private let popup: PopupMenu
    /// The removal question open now (one at a time).
    let questions = QuestionSlot()
    var removal: QueueRemovalDialog? { questions.current as? QueueRemovalDialog }
    /// Writes sent and not read back yet: row key → what the row says meanwhile.
    private(set) var pending: [String: String] = [:]

    var onRequest: ((LibraryRequest) -> Void)?

    init() {
        popup = PopupMenu(Menu(sections: [[(tr("Grab Now"), "activity.grab")], [(tr("Remove from Queue…"), "activity.remove")]]))
        removeButton = Button(tr("_Remove…"), action: "activity.remove")
        removeButton.setAccessibleLabel(tr("Remove from queue…"))
        grabButton = Button(tr("_Grab Now"), action: "activity.grab")
        grabButton.setAccessibleLabel(tr("Grab now"))
        toolbar.margins(8, start: 12, end: 12)
        hint.hexpand = true
        hint.margin(start: 8)
        toolbar.append(grabButton, removeButton, hint)
    }

    func attach(to page: ActivityPage) {
        self.page = page
        let group = Actions(insertInto: page.page, prefix: "activity")
        self.group = group
        group.add("remove", enabled: false) { [weak self] in self?.requestRemoval() }
        group.add("grab", enabled: false) { [weak self] in self?.requestGrab() }
        page.selection.onChanged { [weak self] in self?.update() }
        Shortcuts.add(to: page.view, triggers: ["Delete", "KP_Delete"], capture: true) { [weak self] in self?.requestRemoval() }
        Shortcuts.add(to: page.view, triggers: ["<Control>g"], capture: true) { [weak self] in self?.requestGrab() }
        Shortcuts.add(to: page.view, triggers: ["Menu", "<Shift>F10"], capture: true) { [weak self] in self?.openMenuAtFocus() }
        Gestures.onPress(page.view, button: 3) { [weak self] x, y in
            guard let self, let page = self.page else { return }
            if let key = page.key(atY: y), !page.isSelected(key: key) { page.select(keys: [key]) }
            self.popup.open(on: page.view, x: x, y: y)
        }
        update()
    }

    private var picked: [ActivityItem] {
        (page?.selectedItems ?? []).filter { pending[ActivityPage.key($0.id)] == nil }
    }

    func update() {
        let items = picked
        let delayed = items.filter(\.queue.isPending)
        group?.setEnabled("remove", !items.isEmpty)
        group?.setEnabled("grab", !delayed.isEmpty)
        removeButton.tooltip = items.isEmpty ? tr("Remove from the queue (select downloads first)") : trn("Remove %d download from the queue…", "Remove %d downloads from the queue…", items.count).fill(items.count)
        grabButton.tooltip = delayed.isEmpty ? tr("Grab now: only for releases a delay profile holds back") : trn("Grab %d delayed download now", "Grab %d delayed downloads now", delayed.count).fill(delayed.count)
        hint.text = items.isEmpty ? "" : trn("%d selected", "%d selected", items.count).fill(items.count)
    }

    func isEnabled(_ name: String) -> Bool { group?.isEnabled(name) ?? false }

    func requestRemoval() {
        let items = picked
        guard let page, !items.isEmpty else { return }
        let records = items.map(\.queue)
        questions.ask { ended in
            QueueRemovalDialog(over: Window.toplevel(of: page.page), titles: items.map(\.title),
                               offerChangeCategory: records.allSatisfy { $0.clientHasPostImportCategory == true },
                               onConfirm: { [weak self] choice in self?.send(.removeFromQueue(records, choice), items, tr("Removing…")) },
                               onEnd: ended)
        }
    }

    func requestGrab() {
        let delayed = picked.filter(\.queue.isPending)
        guard !delayed.isEmpty else { return }
        send(.grab(delayed.map(\.queue)), delayed, tr("Grabbing…"))
    }

    private func send(_ request: LibraryRequest, _ items: [ActivityItem], _ words: String) {
        for item in items { pending[ActivityPage.key(item.id)] = words }
        page?.rebindShown()
        update()
        onRequest?(request)
    }

    /// The queue was read back: rows leave their pending state.
    func finished() {
        pending = [:]
        page?.rebindShown()
        update()
    }

    /// Menu or Shift+F10: at the first picked row on screen, else the top of the list.
    func openMenuAtFocus() {
        guard let page else { return }
        popup.open(on: page.view, x: 48, y: page.firstSelectedRowY ?? 24)
    }

    var menuIsOpen: Bool { popup.isOpen }
    var openPopover: Widget? { popup.popover }
}
