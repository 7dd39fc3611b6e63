import CGtk
import Core
import Foundation

/// What the Downloads page does to the transfers picked: a toolbar, a context menu (right
/// click, Menu, Shift+F10), keys in the list (Space pauses or resumes, Delete and Shift+Delete
/// remove), a confirmation before anything destructive, the row shown as pending until the
/// client's answer is read back, and a message saying what each client did — or why not.
/// Turtle mode per client and for all sits in the page header.
@MainActor
final class DownloadsActions {
    /// The actions with a button of their own.
    static let all: [TransferAction] = [.pause, .resume, .forceStart, .remove, .removeWithData]
    /// The moves in a client's queue: a menu of the toolbar's and a section of the context menu.
    static let queueMoves: [TransferAction] = [.queueTop, .queueUp, .queueDown, .queueBottom]
    static let every = all + queueMoves

    let toolbar = Box.horizontal(spacing: 4)
    private(set) var limitsButton: MenuButton
    private(set) var queueButton: MenuButton
    private weak var page: DownloadsPage?
    private var group: Actions?
    private var buttons: [TransferAction: Button] = [:]
    private var popup: PopupMenu
    /// The confirmation open now (one at a time).
    let questions = QuestionSlot()
    var confirmation: ConfirmDialog? { questions.current as? ConfirmDialog }
    /// Actions sent and not read back yet, by row key, with the item as it was sent.
    private(set) var pending: [String: TransferAction] = [:]
    private var sent: [String: TransferItem] = [:]
    /// Each client's turtle mode as it last reported it.
    private(set) var turtle: [UUID: Result<Bool, ServiceError>] = [:]
    private var turtleClients: [ServiceRef] = []

    /// Sends an action for exactly these items (AppModel: to the repository, then reads back).
    var onAction: ((TransferAction, [TransferItem]) -> Void)?
    /// Switches turtle mode on the given clients.
    var onTurtle: ((Bool, [UUID]) -> Void)?

    init() {
        let queueSection = Self.queueMoves.map { (Strings.actionTitle($0), "downloads.\(Self.name($0))") }
        popup = PopupMenu(Menu(sections: [
            [(Strings.actionTitle(.pause), "downloads.pause"), (Strings.actionTitle(.resume), "downloads.resume"),
             (Strings.actionTitle(.forceStart), "downloads.force-start")],
            queueSection,
            [(Strings.actionTitle(.remove), "downloads.remove"), (Strings.actionTitle(.removeWithData), "downloads.remove-with-data")],
        ]))
        queueButton = MenuButton(icon: "view-list-ordered-symbolic", menu: Menu(sections: [queueSection]))
        queueButton.setAccessibleLabel(tr("Queue"))
        queueButton.addClasses(["flat"])
        limitsButton = MenuButton(label: tr("Speed Limits"), icon: "power-profile-power-saver-symbolic", menu: Menu(sections: []))
        limitsButton.setAccessibleLabel(tr("Speed limits"))
        limitsButton.tooltip = tr("Turtle mode: each client's alternative speed limit")
        for action in Self.all {
            let button = Button(icon: Strings.actionIcon(action), name: Strings.actionTitle(action).replacingOccurrences(of: "…", with: "").trimmingCharacters(in: .whitespaces),
                                tooltip: Strings.actionTitle(action), action: "downloads.\(Self.name(action))")
            button.addClasses(["flat"])
            if action == .remove { button.margin(start: 8) }
            buttons[action] = button
            toolbar.append(button)
            if action == .forceStart { toolbar.append(queueButton) }
        }
    }

    static func name(_ action: TransferAction) -> String {
        switch action {
        case .pause: "pause"
        case .resume: "resume"
        case .forceStart: "force-start"
        case .remove: "remove"
        case .removeWithData: "remove-with-data"
        case .queueTop: "queue-top"
        case .queueUp: "queue-up"
        case .queueDown: "queue-down"
        case .queueBottom: "queue-bottom"
        }
    }

    func attach(to page: DownloadsPage) {
        self.page = page
        let group = Actions(insertInto: page.page, prefix: "downloads")
        self.group = group
        for action in Self.every {
            group.add(Self.name(action), enabled: false) { [weak self] in self?.request(action) }
        }
        group.add("context-menu") { [weak self] in self?.openMenuAtFocus() }
        page.selection.onChanged { [weak page] in page?.selectionChanged() }
        Shortcuts.add(to: page.view, triggers: ["space"], capture: true) { [weak self] in self?.togglePause() }
        Shortcuts.add(to: page.view, triggers: ["Delete", "KP_Delete"], capture: true) { [weak self] in self?.request(.remove) }
        Shortcuts.add(to: page.view, triggers: ["<Shift>Delete", "<Shift>KP_Delete"], capture: true) { [weak self] in
            self?.request(.removeWithData)
        }
        Shortcuts.add(to: page.view, triggers: ["Menu", "<Shift>F10"], capture: true) { [weak self] in self?.openMenuAtFocus() }
        for (action, trigger) in zip(Self.queueMoves, ["<Alt>Home", "<Alt>Up", "<Alt>Down", "<Alt>End"]) {
            Shortcuts.add(to: page.view, triggers: [trigger], capture: true) { [weak self] in self?.request(action) }
        }
        // A right click on a row opens the menu for it (selecting it first, if it was not): one gesture for
        // the view, not one per cell (the view keeps 200 rows of cells alive, each gesture an object).
        Gestures.onPress(page.view, button: 3) { [weak self] x, y in
            guard let self, let page = self.page, let key = page.key(atY: y) else { return }
            self.openMenu(forKey: key, from: page.view, x: x, y: y)
        }
        update()
    }

    // MARK: What can be done

    /// Picked items an action leaves out, per client and reason.
    struct LeftOut: Equatable {
        var client: String
        var availability: ActionAvailability
        var count: Int
    }

    /// The selected items that can take `action`, and the others, counted per client and reason.
    func split(_ action: TransferAction) -> (able: [TransferItem], leftOut: [LeftOut]) {
        guard let page else { return ([], []) }
        var able: [TransferItem] = [], leftOut: [LeftOut] = []
        for item in page.selectedItems {
            guard let kind = page.kinds[item.serviceID] else { continue }
            let availability = kind.availability(of: action, for: item)
            if availability == .available {
                able.append(item)
            } else {
                let client = page.names[item.serviceID] ?? kind.displayName
                if let index = leftOut.firstIndex(where: { $0.client == client && $0.availability == availability }) {
                    leftOut[index].count += 1
                } else {
                    leftOut.append(LeftOut(client: client, availability: availability, count: 1))
                }
            }
        }
        return (able, leftOut)
    }

    /// Why the items left out cannot take `action`, once per reason (tooltips, and when nothing is left to send).
    private static func reasons(_ action: TransferAction, _ leftOut: [LeftOut]) -> [String] {
        var reasons: [String] = []
        for entry in leftOut {
            let reason = Strings.unavailable(action, entry.availability, client: entry.client)
            if !reasons.contains(reason) { reasons.append(reason) }
        }
        return reasons
    }

    /// Enables each action for the selection; a disabled button says why in its tooltip.
    func update() {
        guard let page else { return }
        let picked = page.selectedItems.count
        for action in Self.all {
            let (able, leftOut) = split(action)
            let reasons = Self.reasons(action, leftOut)
            group?.setEnabled(Self.name(action), !able.isEmpty)
            let title = Strings.actionTitle(action)
            buttons[action]?.tooltip = picked == 0 ? tr("%s (select transfers first)").fill(title)
                : able.isEmpty ? "\(title): \(reasons.joined(separator: "; "))" : title
        }
        // The queue's menu: off when none of the picked transfers can move, saying why. Every client answers the four
        // moves alike, so the selection is split once for all of them.
        let (movableItems, notMovable) = split(.queueTop)
        let movable = !movableItems.isEmpty
        for action in Self.queueMoves { group?.setEnabled(Self.name(action), movable) }
        let queueReasons = Self.reasons(.queueTop, notMovable)
        queueButton.sensitive = movable
        queueButton.tooltip = picked == 0 ? tr("%s (select transfers first)").fill(tr("Move in Queue"))
            : movable ? tr("Move in Queue (Alt+Up, Alt+Down, Alt+Home, Alt+End)") : "\(tr("Move in Queue")): \(queueReasons.joined(separator: "; "))"
    }

    func contentChanged() {
        update()
    }

    func isEnabled(_ action: TransferAction) -> Bool { group?.isEnabled(Self.name(action)) ?? false }

    /// What the action's toolbar button says when pointed at (why it is disabled, when it is).
    func tooltip(_ action: TransferAction) -> String? { buttons[action]?.tooltip }

    // MARK: Acting

    /// Space: pause what runs, or resume when everything it can act on is paused. The choice is made on
    /// the picked items that take pause or resume at all: a usenet client's finished entries take neither,
    /// so they neither decide it nor are sent (the message says they were left out).
    func togglePause() {
        guard let page, !page.selectedItems.isEmpty else { return }
        let deciding = page.selectedItems.filter { item in
            [TransferAction.pause, .resume].contains { page.kinds[item.serviceID]?.availability(of: $0, for: item) == .available }
        }
        request(!deciding.isEmpty && deciding.allSatisfy { $0.state == .paused } ? .resume : .pause)
    }

    /// What each action left out, until its answer's message says so.
    private var leftOut: [TransferAction: [LeftOut]] = [:]

    func request(_ action: TransferAction) {
        let (able, leftOut) = split(action)
        guard let page else { return }
        guard !able.isEmpty else {
            let reasons = Self.reasons(action, leftOut)
            if !reasons.isEmpty { page.message.show(reasons.joined(separator: "; ")) }
            return
        }
        guard action.isDestructive else { return send(action, able, leftOut: leftOut) }
        let question = Strings.confirmRemoval(action, count: able.count)
        questions.ask { ended in
            ConfirmDialog(over: Window.toplevel(of: page.page), title: question.title, detail: question.detail,
                          confirm: question.button, onConfirm: { [weak self] in self?.send(action, able, leftOut: leftOut) },
                          onEnd: ended)
        }
    }

    private func send(_ action: TransferAction, _ items: [TransferItem], leftOut: [LeftOut]) {
        guard let page else { return }
        self.leftOut[action] = leftOut
        for item in items {
            pending[DownloadsPage.key(item)] = action
            sent[DownloadsPage.key(item)] = item
        }
        page.rebindShown()
        onAction?(action, items)
    }

    /// The services answered and the list was read again after: rows leave their pending state
    /// and the message says what each client did, what it refused, and where the read-back disagrees.
    func finished(_ report: ActionReport, readBack: FeatureState<DownloadsContent>) {
        guard let page else { return }
        var done: [(name: String, count: Int)] = [], problems: [String] = []
        let items = readBack.value.map { Dictionary($0.items.map { (DownloadsPage.key($0), $0) }, uniquingKeysWith: { a, _ in a }) }
        for part in report.parts {
            let keys = sent.filter { $0.value.serviceID == part.service.id && part.itemIDs.contains($0.value.clientID) }.map(\.key).sorted()
            if let error = part.error {
                problems.append("\(part.service.name): \(ErrorText.sentence(error))")
            } else if !part.itemIDs.isEmpty {
                done.append((part.service.name, part.itemIDs.count))
                if let items {
                    let unchanged = keys.filter { !report.action.isReflected(in: items[$0]) }
                    if let first = unchanged.first {
                        let name = items[first]?.name ?? first
                        let state = items[first].map { Strings.transferState($0.state) } ?? trc("transfer state", "gone")
                        // Translators: %1$s is a client, %2$s a transfer's name, %3$s its state ("Paused").
                        problems.append(unchanged.count == 1
                            ? tr("%1$s still reports “%2$s” as %3$s.").fill(part.service.name, name, state)
                            // Translators: %1$s is a client, %2$d a number of transfers, %3$s one of them, %4$s its state.
                            : trn("%1$s still reports %2$d of them unchanged, “%3$s” as %4$s.",
                                  "%1$s still reports %2$d of them unchanged, “%3$s” as %4$s.", unchanged.count)
                                .fill(part.service.name, unchanged.count, name, state))
                    }
                }
            }
            if !part.skipped.isEmpty {
                let count = part.skipped.count
                // Translators: %1$s is a download client, %2$d a number of transfers.
                problems.append((part.service.kind.offers(Capabilities.transferActions)
                    ? trn("%1$s cannot take this action: %2$d transfer left out.", "%1$s cannot take this action: %2$d transfers left out.", count)
                    : trn("%1$s takes no actions: %2$d transfer left out.", "%1$s takes no actions: %2$d transfers left out.", count))
                    .fill(part.service.name, count))
            }
            for key in keys {
                pending[key] = nil
                sent[key] = nil
            }
        }
        for entry in leftOut.removeValue(forKey: report.action) ?? [] {
            problems.append(Strings.leftOut(report.action, entry.availability, count: entry.count, client: entry.client))
        }
        for (key, action) in pending where action == report.action {
            pending[key] = nil
            sent[key] = nil
        }
        page.rebindShown()
        update()
        let headline = done.isEmpty ? (report.action == .pause ? tr("Nothing was paused") : tr("Nothing was changed")) : Strings.actionDone(report.action, done)
        page.message.show(headline, problems: problems)
    }

    // MARK: Context menu

    /// A right click on a row: it joins the selection's menu if it is selected, or becomes the selection.
    func openMenu(forKey key: String, from cell: any WidgetRef, x: Double, y: Double) {
        guard let page else { return }
        if !page.isSelected(key: key) { page.select(keys: [key]) }
        let point = cell.translate(x: x, y: y, to: page.view) ?? (x, y)
        popup.open(on: page.view, x: point.x, y: point.y)
    }

    /// Menu or Shift+F10: at the focused row, else at the first selected row on screen, else the top of the list.
    func openMenuAtFocus() {
        guard let page else { return }
        let cells = page.columns.first?.factory.bound ?? [:]
        let row: (any WidgetRef)? = {
            // The focused row: the one holding a cell of ours (a header button or the view itself is no row).
            if let focus = page.view.focusedWidget, page.view.contains(focus) {
                let inside = cells.values.filter { focus.contains($0.widget.widget) }
                if inside.count == 1, let cell = inside.first { return cell.widget }
            }
            let keys = Set(page.selectedItems.map(DownloadsPage.key))
            return cells.filter { keys.contains($0.key) }.map(\.value.widget)
                .min { ($0.translate(x: 0, y: 0, to: page.view)?.y ?? 0) < ($1.translate(x: 0, y: 0, to: page.view)?.y ?? 0) }
        }()
        if let row, let point = row.translate(x: 24, y: Double(row.height) / 2, to: page.view) {
            popup.open(on: page.view, x: point.x, y: point.y)
        } else {
            popup.open(on: page.view, x: 24, y: 36)
        }
    }

    var menuIsOpen: Bool { popup.isOpen }
    /// The open context menu's popover (inspection draws it over the window's capture).
    var openPopover: Widget? { popup.popover }
    func closeMenu() { popup.close() }

    // MARK: Turtle mode

    /// The clients that have turtle mode, and what each reports now.
    func showTurtle(_ modes: [UUID: Result<Bool, ServiceError>], clients: [ServiceRef]) {
        guard let group else { return }
        turtle.merge(modes) { $1 }
        let limited = clients.filter { $0.kind.offers(Capabilities.speedLimits) }
        if limited.map(\.id) != turtleClients.map(\.id) {
            for index in turtleClients.indices { group.remove("turtle-\(index)") }
            group.remove("turtle-all")
            turtleClients = limited
            group.add("turtle-all", state: false) { [weak self] on in
                guard let self else { return }
                self.onTurtle?(on, self.turtleClients.map(\.id))
            }
            for (index, client) in limited.enumerated() {
                group.add("turtle-\(index)", state: false) { [weak self] on in self?.onTurtle?(on, [client.id]) }
            }
            limitsButton.setMenu(Menu(sections: [
                [(tr("All Clients"), "downloads.turtle-all")],
                limited.enumerated().map { index, client in (client.name, "downloads.turtle-\(index)") },
            ]))
        }
        for (index, client) in turtleClients.enumerated() {
            group.setState("turtle-\(index)", (try? turtle[client.id]?.get()) == true)
        }
        let states = turtleClients.map { (try? turtle[$0.id]?.get()) == true }
        group.setState("turtle-all", !states.isEmpty && states.allSatisfy { $0 })
        limitsButton.visible = !turtleClients.isEmpty
        let on = turtleClients.filter { (try? turtle[$0.id]?.get()) == true }.map(\.name)
        limitsButton.setAccessibleLabel(on.isEmpty ? tr("Speed limits: off") : tr("Speed limits: on in %s").fill(on.joined(separator: ", ")))
        if on.isEmpty { limitsButton.removeClass("accent") } else { limitsButton.addClasses(["accent"]) }
    }

    /// Problems switching turtle mode, per client.
    func turtleFailures(_ modes: [UUID: Result<Bool, ServiceError>]) -> [String] {
        modes.compactMap { id, mode -> String? in
            guard case .failure(let error) = mode else { return nil }
            return "\(turtleClients.first { $0.id == id }?.name ?? "A client"): \(ErrorText.sentence(error))"
        }.sorted()
    }

    func isTurtleOn(_ id: UUID) -> Bool { group?.state("turtle-\(turtleClients.firstIndex { $0.id == id } ?? -1)") ?? false }
}
