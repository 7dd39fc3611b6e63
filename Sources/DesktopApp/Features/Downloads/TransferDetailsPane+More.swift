import CGtk
import Core
import Foundation

// The details pane's less frequent actions: the More menu (place in the queue, order of pieces, name, share limits) and the
// Trackers page's add, edit and remove. Each is one action for the transfer shown, read back after; what the client
// cannot do is greyed out and the More button's tooltip says which and why.
extension TransferDetailsPane {
    static var moreMenu: Menu {
        Menu(sections: [
            [(tr("Move to Top of Queue"), "details.queue-top"), (tr("Move Up in Queue"), "details.queue-up"),
             (tr("Move Down in Queue"), "details.queue-down"), (tr("Move to Bottom of Queue"), "details.queue-bottom")],
            [(tr("Download in Order"), "details.sequential"), (tr("First and Last Pieces First"), "details.first-last")],
            [(tr("Rename…"), "details.rename"), (tr("Share Limits…"), "details.share-limits"), (tr("Priority…"), "details.priority")],
            [(tr("Archive Password…"), "details.password"), (tr("Download Again…"), "details.retry")],
        ])
    }

    /// The More menu's actions with their labels, in menu order (tooltips and tests).
    static var moreActions: [(name: String, label: String, action: TransferDetailAction)] {
        [("queue-top", tr("Move to Top of Queue"), .moveInQueue(.top)), ("queue-up", tr("Move Up in Queue"), .moveInQueue(.up)),
         ("queue-down", tr("Move Down in Queue"), .moveInQueue(.down)), ("queue-bottom", tr("Move to Bottom of Queue"), .moveInQueue(.bottom)),
         ("sequential", tr("Download in Order"), .setSequential(true)), ("first-last", tr("First and Last Pieces First"), .setFirstLastPiecesFirst(true)),
         ("rename", tr("Rename…"), .rename("x")), ("share-limits", tr("Share Limits…"), .setShareLimits(ShareLimits())),
         ("priority", tr("Priority…"), .setJobPriority(.normal)), ("password", tr("Archive Password…"), .setArchivePassword(ArchivePassword(""))),
         ("retry", tr("Download Again…"), .retry)]
    }

    func connectMore() {
        moreButton.tooltip = tr("More actions")
        moreButton.setAccessibleLabel(tr("More actions for this transfer"))
        for move in QueueMove.allCases {
            group.add("queue-\(move.rawValue)") { [weak self] in
                guard let self, let item = self.item else { return }
                self.onAction?(.moveInQueue(move), item)
            }
        }
        group.add("sequential", state: false) { [weak self] on in
            guard let self, let item = self.item else { return }
            self.onAction?(.setSequential(on), item)
        }
        group.add("first-last", state: false) { [weak self] on in
            guard let self, let item = self.item else { return }
            self.onAction?(.setFirstLastPiecesFirst(on), item)
        }
        group.add("rename") { [weak self] in self?.askRename() }
        group.add("share-limits") { [weak self] in self?.askShareLimits() }
        group.add("priority") { [weak self] in self?.askPriority() }
        group.add("password") { [weak self] in self?.askArchivePassword() }
        group.add("retry") { [weak self] in self?.confirmRetry() }
        addTrackersButton.onClicked { [weak self] in self?.askAddTrackers() }
        editTrackerButton.onClicked { [weak self] in self?.askEditTracker() }
        removeTrackersButton.onClicked { [weak self] in self?.confirmRemoveTrackers() }
    }

    /// The trackers picked on the Trackers page, by URL, in the page's order.
    var pickedTrackers: [String] {
        let picked = trackers.selectedKeys
        return trackers.list.keys.filter { picked.contains($0) }.compactMap { trackerValues[$0]?.url }
    }

    /// Whether the client can do `action` for the transfer shown (a finished usenet job takes none of these but
    /// Download Again, which only a failed one takes).
    private func offered(_ action: TransferDetailAction) -> ActionAvailability {
        guard let item else { return .unsupported }
        guard action.fits(item) else { return .finishedEntry }
        return kind?.availability(of: action) ?? .unsupported
    }

    func updateMoreControls() {
        var missing: [String] = []
        for entry in Self.moreActions {
            let availability = offered(entry.action)
            var enabled = availability == .available
            // A transfer the client reports no place in the queue for (a finished one in qBittorrent or Deluge) has none to move.
            if enabled, case .moveInQueue = entry.action { enabled = generalRead?.queuePosition != nil }
            if enabled, case .setSequential = entry.action { enabled = generalRead?.sequential != nil }
            if enabled, case .setFirstLastPiecesFirst = entry.action { enabled = generalRead?.firstLastPiecesFirst != nil }
            // The form starts from the limits the client reports: none read yet, nothing to start from.
            if enabled, case .setShareLimits = entry.action { enabled = generalRead?.shareLimits != nil }
            group.setEnabled(entry.name, enabled)
            // A torrent client is not said to lack a usenet job's actions, nor a job in the queue to lack Download Again.
            if entry.action.isUsenetOnly, kind?.downloadProtocol != .usenet { continue }
            if entry.action == .retry, availability == .finishedEntry { continue }
            if availability != .available { missing.append(entry.label.replacingOccurrences(of: "…", with: "")) }
        }
        group.setState("sequential", generalRead?.sequential ?? false)
        group.setState("first-last", generalRead?.firstLastPiecesFirst ?? false)
        moreButton.sensitive = item != nil && Self.moreActions.contains { offered($0.action) == .available }
        // Translators: %1$s is a download client's name, %2$s a list of menu items ("Rename, Download in Order").
        moreButton.tooltip = missing.isEmpty || item == nil ? tr("More actions")
            : tr("More actions (%1$s cannot: %2$s)").fill(clientName, missing.joined(separator: ", "))

        let onTrackers = visiblePart == .trackers
        let picked = pickedTrackers
        for (button, action, enabled, tip) in [
            (addTrackersButton, TransferDetailAction.addTrackers([]), true, tr("Add trackers to this transfer")),
            (editTrackerButton, .replaceTracker("", with: ""), picked.count == 1, tr("Change the address of the tracker picked")),
            (removeTrackersButton, .removeTrackers([]), !picked.isEmpty, tr("Remove the trackers picked")),
        ] {
            let availability = offered(action)
            button.visible = onTrackers
            button.sensitive = availability == .available && enabled
            button.tooltip = availability == .available ? tip : Strings.detailUnavailable(availability, client: clientName)
        }
    }

    /// Asks for the transfer's new name, starting from the one it has.
    func askRename() {
        guard let item, confirmation == nil else { return confirmation?.window.present() ?? () }
        let onDisk = kind?.renameRenamesFiles ?? false
        askOneField(title: tr("Rename “%s”").fill(item.name),
                    // Translators: %s is a download client's name.
                    detail: onDisk ? tr("%s renames the transfer's file or folder on disk too. An orchestrator waiting for it may no longer find it.").fill(clientName)
                        : tr("The name %s shows; the files keep theirs.").fill(clientName),
                    label: tr("New name"), current: item.name, confirm: tr("Rename"), accepts: TransferDetailAction.isTransferName) { .rename($0) }
    }

    /// Asks for announce URLs to add, one per line.
    func askAddTrackers(prefill: String = "") {
        guard let item, confirmation == nil else { return confirmation?.window.present() ?? () }
        let text = TextView(monospace: true, acceptsTab: false)
        text.setAccessibleLabel(tr("Tracker addresses, one per line"))
        text.text = prefill
        let scroll = ScrolledWindow(both: text)
        scroll.sizeRequest(width: 420, height: 120)
        let hint = Label.wrapping("", classes: ["dim-label", "caption"], maxWidth: 52)
        let dialog = ConfirmDialog(
            over: widget, title: tr("Add trackers to “%s”").fill(item.name),
            // Translators: %s is a download client's name.
            detail: tr("One address per line (http, https or udp). %s announces to them as well as to the trackers it has.").fill(clientName),
            confirm: tr("Add"), form: [scroll, hint], destructive: false,
            answer: { [weak self] _ in self?.onAction?(.addTrackers(Self.uniqueURLs(text.text)), item) },
            onEnd: { [weak self] in self?.confirmation = nil })
        let check: @MainActor @Sendable () -> Void = { [weak dialog] in
            let urls = Self.uniqueURLs(text.text)
            let bad = urls.filter { !TransferDetailAction.isTrackerURL($0) }
            dialog?.confirmButton.sensitive = !urls.isEmpty && bad.isEmpty
            // Translators: %s is what the user typed that is not a tracker's address.
            hint.text = bad.first.map { tr("Not a tracker address: %s").fill($0) } ?? ""
            hint.visible = !hint.text.isEmpty
        }
        text.onChanged(check)
        check()
        confirmation = dialog
        _ = text.grabFocus()
    }

    static func uniqueURLs(_ text: String) -> [String] {
        var seen = Set<String>()
        return TransferDetailAction.trackerURLs(in: text).filter { seen.insert($0).inserted }
    }

    /// Asks for the picked tracker's new address.
    func askEditTracker() {
        guard let item, confirmation == nil, let old = pickedTrackers.first, pickedTrackers.count == 1 else {
            return confirmation?.window.present() ?? ()
        }
        askOneField(title: tr("Edit tracker of “%s”").fill(item.name), detail: tr("The new address takes the place of %s.").fill(old),
                    label: tr("Tracker address"), current: old, confirm: tr("Change"), accepts: TransferDetailAction.isTrackerURL) {
            .replaceTracker(old, with: $0)
        }
    }

    /// Removing trackers can leave a private transfer with no peers: asked first, Cancel the default.
    func confirmRemoveTrackers() {
        let urls = pickedTrackers
        guard let item, confirmation == nil, !urls.isEmpty else { return confirmation?.window.present() ?? () }
        confirmation = ConfirmDialog(
            over: widget, title: trn("Remove %d tracker from “%s”?", "Remove %d trackers from “%s”?", urls.count).fill(urls.count, item.name),
            detail: urls.joined(separator: "\n"), confirm: tr("Remove"), options: [], destructive: true,
            onConfirm: { [weak self] _ in self?.onAction?(.removeTrackers(urls), item) },
            onEnd: { [weak self] in self?.confirmation = nil })
        confirmation?.window.present()
    }
}
