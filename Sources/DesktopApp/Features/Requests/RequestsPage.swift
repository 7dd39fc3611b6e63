import CGtk
import Core
import Foundation

/// The Requests tab: what people asked for in Jellyseerr or Overseerr. Pending requests first, the one
/// waiting longest on top, each with who asked, when, what (year, seasons for a series, 4K) and Approve
/// and Decline; a check box per pending request acts on several at once. Below them the others, most
/// recently changed first, filtered by where they stand. Every request can be deleted (asked first).
@MainActor
final class RequestsPage {
    let page: FeaturePage
    private let clock: Clock
    let filterDropDown: DropDown
    private let countsLabel: Label
    let approveSelectedButton: Button
    let declineSelectedButton: Button
    private let pendingHeading: Label
    private let pendingList: ListBox
    private let othersHeading: Label
    private let othersList: ListBox
    /// Said in place of an empty list of the others ("No request is declined.").
    private let othersEmpty: Label
    private let truncatedNote: Label
    let message: TransientMessage

    /// The requests as last shown, by service, in order.
    private(set) var lists: [(service: ServiceRef, list: RequestList)] = []
    /// The pending requests ticked for Approve Selected / Decline Selected, by key.
    private(set) var ticked: Set<String> = []
    /// Each shown request's controls by key (tests): its check box (pending only) and buttons.
    private(set) var rowControls: [String: RowControls] = [:]

    /// A request row's controls: its check box and Approve/Decline (pending only), and Delete.
    struct RowControls {
        var check: CheckButton?
        var approve: Button?
        var decline: Button?
        var delete: Button
    }
    /// The rows' lines as shown (tests, inspection).
    private(set) var lines: [String] = []

    /// Approve, decline or delete these requests (each named by service and id; a title for the words).
    var onAct: ((_ action: RequestAction, _ requests: [RequestTarget]) -> Void)?

    /// The filters of the list below the pending requests, in drop-down order.
    static let filters: [RequestShelf?] = [nil, .pending, .approved, .processing, .available, .declined, .failed]

    init(clock: Clock) {
        self.clock = clock
        filterDropDown = DropDown(StringList(Self.filters.map(Self.filterTitle)), name: tr("Show requests"))
        countsLabel = Label.line("", classes: ["dim-label"])
        countsLabel.hexpand = true
        approveSelectedButton = Button(mnemonic: tr("_Approve Selected"), name: tr("Approve selected requests"))
        approveSelectedButton.addClasses(["suggested-action"])
        declineSelectedButton = Button(mnemonic: tr("_Decline Selected"), name: tr("Decline selected requests"))
        declineSelectedButton.tooltip = Self.declineNote
        let bar = Box.horizontal(spacing: 8)
        bar.margins(12, bottom: 6)
        bar.append(filterDropDown, countsLabel, declineSelectedButton, approveSelectedButton)

        pendingHeading = Label.line(tr("Waiting for Approval"), classes: ["heading"])
        pendingList = ListBox(name: tr("Pending requests"))
        truncatedNote = Label.wrapping("", classes: ["dim-label", "caption"], maxWidth: 90)
        othersHeading = Label.line(tr("Other Requests"), classes: ["heading"])
        othersList = ListBox(name: tr("Other requests"))
        othersEmpty = Label.line("", classes: ["dim-label"])
        let column = Box.vertical(spacing: 8)
        column.margins(12, top: 6)
        column.append(pendingHeading, truncatedNote, pendingList, othersHeading, othersEmpty, othersList)
        let scroll = ScrolledWindow(column)
        scroll.vexpand = true
        let content = Box.vertical()
        content.append(bar, Separator(), scroll)
        message = TransientMessage(over: content)
        page = FeaturePage(tab: .requests, content: message.overlay, clock: clock)

        filterDropDown.onSelected { [weak self] in self?.refill() }
        approveSelectedButton.onClicked { [weak self] in self?.actOnTicked(.approve) }
        declineSelectedButton.onClicked { [weak self] in self?.actOnTicked(.decline) }
        updateSelectionButtons()
    }

    /// A decline carries no reason: neither service's API takes one.
    static var declineNote: String {
        tr("Jellyseerr and Overseerr take no reason with a decline made through their API: tell the person yourself if they should know why.")
    }

    static func filterTitle(_ shelf: RequestShelf?) -> String {
        guard let shelf else { return tr("All Requests") }
        return switch shelf {
        case .pending: tr("Pending")
        case .approved: tr("Approved")
        case .processing: tr("Processing")
        case .available: tr("Available")
        case .declined: tr("Declined")
        case .failed: tr("Failed")
        case .other: tr("Other")
        }
    }

    func render(_ state: FeatureState<RequestsContent>) {
        if let content = state.value { fill(content) }
        page.show(PagePresentation(state), failures: state.value?.failures ?? [],
                  isEmpty: state.value.map { $0.parts.allSatisfy(\.value.requests.isEmpty) } ?? false)
    }

    static func key(_ service: UUID, _ id: Int) -> String { "\(service.uuidString)/\(id)" }

    private func fill(_ content: RequestsContent) {
        let next = content.parts.map { ($0.service, $0.value) }
        // A refresh that changed nothing (most of them) leaves the rows, the ticks and the focus alone.
        if !rowControls.isEmpty || !lines.isEmpty, next.map(\.0) == lists.map(\.service), next.map(\.1) == lists.map(\.list) { return }
        lists = next
        refill()
    }

    /// Lays the rows out again from `lists` (a new answer or another filter), keeping ticks that still apply.
    private func refill() {
        let focusedKey = rowControls.first { $0.value.delete.containsFocus || $0.value.approve?.containsFocus == true
            || $0.value.decline?.containsFocus == true || $0.value.check?.containsFocus == true }?.key
        pendingList.removeAll()
        othersList.removeAll()
        rowControls = [:]
        lines = []
        let shelf = Self.filters[min(max(0, filterDropDown.selected), Self.filters.count - 1)]
        let several = lists.count > 1
        var pending = 0, others = 0, stillPending = Set<String>()
        for (service, list) in lists {
            for request in list.requests {
                let own = RequestShelf(request)
                if own == .pending { stillPending.insert(Self.key(service.id, request.id.itemID)) }
                if own == .pending, shelf == nil || shelf == .pending {
                    pendingList.append(row(request, service: service, several: several))
                    pending += 1
                } else if own != .pending, shelf == nil || shelf == own {
                    othersList.append(row(request, service: service, several: several))
                    others += 1
                }
            }
        }
        ticked.formIntersection(stillPending)
        for key in ticked {
            guard let controls = rowControls[key], let check = controls.check else { continue } // filtered out
            check.active = true
        }
        let showsPending = shelf == nil || shelf == .pending
        pendingHeading.visible = showsPending
        pendingList.visible = showsPending && pending > 0
        othersHeading.visible = shelf != .pending
        othersList.visible = shelf != .pending && others > 0
        othersHeading.text = shelf.map { Self.filterTitle($0) } ?? tr("Other Requests")
        pendingHeading.text = pending == 0 && showsPending ? tr("Nothing Waiting for Approval") : tr("Waiting for Approval")
        let truncated = lists.filter(\.list.pendingTruncated).map(\.service.name)
        truncatedNote.visible = !truncated.isEmpty && showsPending
        truncatedNote.text = tr("More requests are waiting in %s than one page holds: the 100 listed are the most recently changed.")
            .fill(truncated.joined(separator: ", "))
        countsLabel.text = ([Self.countsLine(lists.compactMap(\.list.counts))] + lists.compactMap { part in
            // Translators: %1$s is a service, %2$s why its counts could not be read.
            part.list.countsFailure.map { tr("%1$s's counts could not be read: %2$s").fill(part.service.name, ErrorText.sentence($0)) }
        }).filter { !$0.isEmpty }.joined(separator: " · ")
        othersEmpty.visible = others == 0 && shelf != .pending
        othersEmpty.text = shelf.map { tr("Nothing here: no request is “%s”.").fill(Self.filterTitle($0)) } ?? tr("No other requests.")
        updateSelectionButtons()
        if revealing != nil { return revealNow() }
        if let focusedKey, let controls = rowControls[focusedKey] {
            (controls.approve ?? controls.delete).grabFocus()
        }
    }

    /// "2 pending · 14 approved · 3 processing · 9 available · 1 declined" over every service.
    static func countsLine(_ counts: [RequestCounts]) -> String {
        guard !counts.isEmpty else { return "" }
        func sum(_ path: KeyPath<RequestCounts, Int>) -> Int { counts.map { $0[keyPath: path] }.reduce(0, +) }
        return [trn("%d pending", "%d pending", sum(\.pending)).fill(sum(\.pending)),
                trn("%d approved", "%d approved", sum(\.approved)).fill(sum(\.approved)),
                trn("%d processing", "%d processing", sum(\.processing)).fill(sum(\.processing)),
                trn("%d available", "%d available", sum(\.available)).fill(sum(\.available)),
                trn("%d declined", "%d declined", sum(\.declined)).fill(sum(\.declined))].joined(separator: " · ")
    }

    private func updateSelectionButtons() {
        approveSelectedButton.sensitive = !ticked.isEmpty
        declineSelectedButton.sensitive = !ticked.isEmpty
    }

    private func actOnTicked(_ action: RequestAction) {
        let targets = lists.flatMap { service, list in
            list.requests.filter { ticked.contains(Self.key(service.id, $0.id.itemID)) }
                .map { RequestTarget(service: service, id: $0.id.itemID, title: RequestWords.title($0)) }
        }
        guard !targets.isEmpty else { return }
        onAct?(action, targets)
    }

    /// Shows the request `key` names (a notification's click): every request listed, the focus on its
    /// first button (which scrolls it into view).
    func reveal(key: String) {
        if filterDropDown.selected != 0 { filterDropDown.selected = 0 }
        revealing = key
        revealNow()
    }

    /// The request to reveal when it is listed (the list may still be on its way).
    private var revealing: String?

    private func revealNow() {
        guard let key = revealing, let controls = rowControls[key] else { return }
        revealing = nil
        (controls.approve ?? controls.delete).grabFocus()
    }

    /// Unticks these (their action was sent).
    func untick(_ targets: [RequestTarget]) {
        for target in targets { ticked.remove(Self.key(target.service.id, target.id)) }
        updateSelectionButtons()
    }

    private func row(_ request: MediaRequest, service: ServiceRef, several: Bool) -> Box {
        let key = Self.key(service.id, request.id.itemID)
        let title = RequestWords.title(request)
        let target = RequestTarget(service: service, id: request.id.itemID, title: title)
        let row = Box.horizontal(spacing: 12)
        row.margins(8, start: 12, end: 12)
        var check: CheckButton?
        if request.status == .pending {
            let box = CheckButton(mnemonic: "")
            box.setAccessibleLabel(tr("Select %s").fill(title))
            box.valign = GTK_ALIGN_CENTER
            box.onToggled { [weak self, box] in
                guard let self else { return }
                if box.active { self.ticked.insert(key) } else { self.ticked.remove(key) }
                self.updateSelectionButtons()
            }
            row.append(box)
            check = box
        }
        let icon = Image.decorative(request.mediaType.hasSeasons ? "video-display-symbolic" : "video-x-generic-symbolic")
        icon.setPixelSize(24)
        icon.addClasses(["dim-label"])
        icon.valign = GTK_ALIGN_CENTER
        let text = Box.vertical(spacing: 2)
        text.hexpand = true
        text.valign = GTK_ALIGN_CENTER
        let what = RequestWords.what(request)
        let who = RequestWords.who(request, now: clock.now) + (several ? " · " + service.name : "")
        let stands = RequestWords.status(request)
        text.append(Label.line(title, classes: ["heading"]), Label.line(what, classes: ["caption"]),
                    Label.line(who, classes: ["dim-label", "caption"]), Label.line(stands, classes: ["caption"]))
        lines += [title, what, who, stands]
        if let failure = request.titleFailure {
            // The title is unknown and the row says why, instead of passing the id off as a name.
            let note = tr("Its title could not be read: %s").fill(ErrorText.sentence(failure))
            text.append(Label.wrapping(note, classes: ["dim-label", "caption"], maxWidth: 70))
            lines.append(note)
        }
        row.append(icon, text)
        var approve: Button?, decline: Button?
        if request.status == .pending {
            let no = Button(mnemonic: tr("Decline"), name: tr("Decline %s").fill(title))
            no.tooltip = Self.declineNote
            no.valign = GTK_ALIGN_CENTER
            no.onClicked { [weak self] in self?.onAct?(.decline, [target]) }
            let yes = Button(mnemonic: tr("Approve"), name: tr("Approve %s").fill(title))
            yes.addClasses(["suggested-action"])
            yes.valign = GTK_ALIGN_CENTER
            yes.onClicked { [weak self] in self?.onAct?(.approve, [target]) }
            row.append(no, yes)
            approve = yes
            decline = no
        }
        let delete = Button(icon: "user-trash-symbolic", name: tr("Delete the request for %s").fill(title),
                            tooltip: tr("Delete this request…"))
        delete.valign = GTK_ALIGN_CENTER
        delete.onClicked { [weak self] in self?.onAct?(.delete, [target]) }
        row.append(delete)
        rowControls[key] = RowControls(check: check, approve: approve, decline: decline, delete: delete)
        return row
    }
}

/// One request an action names: its service, its id, and its title for the words around it.
struct RequestTarget: Equatable {
    var service: ServiceRef
    var id: Int
    var title: String
}
