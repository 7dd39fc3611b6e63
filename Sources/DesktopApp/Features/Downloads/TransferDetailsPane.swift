import CGtk
import Core
import Foundation

/// The details of one transfer, below the Downloads list: General, Files, Peers and Trackers as pages of a
/// stack with its switcher. Enter or a double-click on a row opens it, Escape (or its close button) closes it,
/// and while open it follows the picked row. It only reads: the controller asks the transfer's client for the
/// page on screen (`Repository.inspect`) when it opens, when its page changes and on a timer while it is shown.
@MainActor
final class TransferDetailsPane {
    let widget: Box
    let stack = Stack()
    private let heading = Label.line("", classes: ["heading"])
    let status = Label.line("", classes: ["dim-label"])
    private let general = Grid(rowSpacing: 6, columnSpacing: 12)
    private var generalValues: [GeneralRow: Label] = [:]
    private var generalNames: [GeneralRow: Label] = [:]
    /// The rows the General page shows now (a usenet job has no swarm, pieces, ratio, trackers or hash).
    private(set) var generalRows = GeneralRow.torrent
    let files = DetailTable(name: tr("Files"), selection: .multiple)
    let peers = DetailTable(name: tr("Peers"), selection: .none)
    let trackers = DetailTable(name: tr("Trackers"), selection: .multiple)
    /// The Files page as a tree (TransferDetailsPane+Files.swift): folders from the paths, the ones closed, the rows shown.
    var fileTree: FileTree?
    var closedFolders: Set<String> = []
    var fileRows: [String: FileTree.Row] = [:]
    /// Counts what changes the Files page (a read, a folder opened or closed, another transfer): a read made ready off
    /// the main loop applies only if nothing did meanwhile.
    var filesGeneration = 0
    /// Trees being made off the main loop now (tests).
    var filesBeingMade = 0
    /// The Files page showed a read (its rows shown; `make bench` times it).
    var onFilesShown: ((Int) -> Void)?
    private var peerValues: [String: TransferPeer] = [:]
    private(set) var trackerValues: [String: TransferTracker] = [:]
    let log = DetailTable(name: tr("Job log"), selection: .none)
    private var logValues: [String: TransferLogLine] = [:]
    /// The transfer's speeds since the pane began showing it, one sample per refresh of the list (nothing is read
    /// for it), drawn on the Speed page.
    var speedHistory = SpeedHistory()
    let speedGraph = SpeedGraph(name: tr("Speeds of this transfer"), height: 160)
    static let speedPage = "speed"
    /// The window's clock (fixed in inspection routes).
    var clock = Clock.system
    /// Whether the Speed page is on screen (no client read behind it: the list's refreshes feed it).
    var showsSpeed: Bool {
        get { stack.visibleChildName == Self.speedPage }
        set { stack.visibleChildName = newValue ? Self.speedPage : TransferDetailPart.general.rawValue }
    }
    /// The transfer shown, and its client's name.
    private(set) var item: TransferItem?
    private(set) var clientName = ""
    var onClose: (() -> Void)?
    /// The page on screen changed (the controller reads it).
    var onPageChanged: (() -> Void)?
    /// The user asked for an action on the transfer shown (confirmed already where it needs it).
    var onAction: ((TransferDetailAction, TransferItem) -> Void)?
    /// Reads the names the shown transfer's category or labels can take, from its client.
    var readGroups: ((TransferItem) async -> Result<GroupChoices, ServiceError>)?
    /// Says something to the user where the page's messages go (the pane's own status line is the reads' and is
    /// written over by the next one).
    var onNotice: ((String, [String]) -> Void)?
    /// What the transfer's client can do (by its kind), set with the transfer.
    private(set) var kind: ServiceKind?
    /// The question or form on screen (one at a time).
    var confirmation: ConfirmDialog?
    /// The General page's last answer for the transfer shown (a move starts from its folder, limits from its own).
    private(set) var generalRead: TransferGeneral?
    private(set) var group: Actions!
    let priorityButton: MenuButton
    let recheckButton = Button(icon: "emblem-ok-symbolic", name: tr("Verify data…"), tooltip: tr("Check the downloaded data against the torrent"))
    let reannounceButton = Button(icon: "network-transmit-receive-symbolic", name: tr("Reannounce"), tooltip: tr("Ask the trackers for peers now"))
    let moveButton = Button(icon: "folder-open-symbolic", name: tr("Move data…"), tooltip: tr("Move the transfer's data to another folder"))
    let renameFileButton = Button(icon: "document-edit-symbolic", name: tr("Rename file…"), tooltip: tr("Rename the file picked, on disk"))
    let limitsButton = Button(icon: "power-profile-power-saver-symbolic", name: tr("Speed limits…"), tooltip: tr("Limit this transfer's speeds"))
    let groupButton = Button(icon: "user-bookmarks-symbolic", name: tr("Category…"), tooltip: tr("Put the transfer in a category"))
    /// Its place in the queue, the order of its pieces and its name (TransferDetailsPane+More.swift).
    let moreButton = MenuButton(icon: "view-more-symbolic", menu: TransferDetailsPane.moreMenu)
    /// The Trackers page's own: add, edit the one picked, remove those picked.
    let addTrackersButton = Button(icon: "list-add-symbolic", name: tr("Add trackers…"), tooltip: tr("Add trackers to this transfer"))
    let editTrackerButton = Button(icon: "document-edit-symbolic", name: tr("Edit tracker…"), tooltip: tr("Change the address of the tracker picked"))
    let removeTrackersButton = Button(icon: "list-remove-symbolic", name: tr("Remove trackers…"), tooltip: tr("Remove the trackers picked"))

    /// Lays `rows` out in two columns (the left one first); the others leave the grid.
    private func layoutGeneral(_ rows: [GeneralRow]) {
        generalRows = rows
        for row in GeneralRow.allCases {
            if let name = generalNames[row] { general.remove(name) }
            if let value = generalValues[row] { general.remove(value) }
        }
        let half = (rows.count + 1) / 2
        for (index, row) in rows.enumerated() {
            guard let name = generalNames[row], let value = generalValues[row] else { continue }
            let column = Int32(index < half ? 0 : 2), line = Int32(index < half ? index : index - half)
            general.attach(name, column: column, row: line)
            general.attach(value, column: column + 1, row: line)
        }
    }

    init() {
        priorityButton = MenuButton(label: tr("Priority"), icon: "view-sort-descending-symbolic", menu: Menu(sections: [[
            (tr("Do Not Download"), "details.priority-skip"), (tr("Low"), "details.priority-low"),
            (tr("Normal"), "details.priority-normal"), (tr("High"), "details.priority-high"),
        ]]))
        widget = Box.vertical()
        let bar = Box.horizontal(spacing: 8)
        bar.margins(6, start: 12, end: 6)
        heading.hexpand = true
        heading.xalign = 0
        let switcher = StackSwitcher(for: stack)
        let close = Button(icon: "window-close-symbolic", name: tr("Close details"), tooltip: tr("Close the details (Escape)"))
        close.addClasses(["flat"])
        priorityButton.tooltip = tr("Set the priority of the files picked")
        priorityButton.setAccessibleLabel(tr("Priority of the files picked"))
        for button in [recheckButton, reannounceButton, moveButton, limitsButton, groupButton, addTrackersButton, editTrackerButton,
                       removeTrackersButton, renameFileButton] { button.addClasses(["flat"]) }
        bar.append(heading, status, priorityButton, renameFileButton, addTrackersButton, editTrackerButton, removeTrackersButton, groupButton, moveButton,
                   limitsButton, recheckButton, reannounceButton, moreButton, switcher, close)

        for row in GeneralRow.allCases {
            let name = Label.line(row.title, classes: ["dim-label"], ellipsize: false)
            name.xalign = 1
            let value = Label.line("—", ellipsize: true)
            value.xalign = 0
            value.selectable = row == .hash || row == .savePath || row == .comment
            value.hexpand = true
            // Held here: a row out of the grid (a usenet job's torrent rows) is attached again later.
            g_object_ref_sink(UnsafeMutableRawPointer(name.widget))
            g_object_ref_sink(UnsafeMutableRawPointer(value.widget))
            generalNames[row] = name
            generalValues[row] = value
        }
        layoutGeneral(GeneralRow.torrent)
        general.margins(12)
        stack.add(ScrolledWindow(general), name: TransferDetailPart.general.rawValue, title: tr("General"))

        addFileColumns()
        stack.add(files.scroll, name: TransferDetailPart.files.rawValue, title: tr("Files"))

        peers.column(tr("Address"), width: peers.width(["[2001:db8:ffff::1]:65535"])) { [weak self] cell, key in cell.text(self?.peerValues[key]?.endpoint ?? "") }
        peers.column(tr("Client"), width: 160, expand: true) { [weak self] cell, key in cell.text(self?.peerValues[key]?.client ?? "") }
        peers.column(tr("Flags"), width: peers.width(["DUKOSIHXE"])) { [weak self] cell, key in cell.text(self?.peerValues[key]?.flags ?? "") }
        peers.column(tr("Country"), width: peers.width([tr("Country"), "xx"])) { [weak self] cell, key in
            cell.text(self?.peerValues[key]?.country?.uppercased() ?? "")
        }
        peers.column(tr("Progress"), width: 100, progress: true) { [weak self] cell, key in
            guard let peer = self?.peerValues[key] else { return }
            cell.progress(peer.progress, name: tr("Progress of %s").fill(peer.endpoint))
        }
        peers.column(tr("Down"), width: peers.width([Formatting.speed(88_800_000)]), numeric: true) { [weak self] cell, key in
            cell.text(self?.peerValues[key].map { Formatting.speed($0.downloadSpeed) } ?? "")
        }
        peers.column(tr("Up"), width: peers.width([Formatting.speed(88_800_000)]), numeric: true) { [weak self] cell, key in
            cell.text(self?.peerValues[key].map { Formatting.speed($0.uploadSpeed) } ?? "")
        }
        stack.add(peers.scroll, name: TransferDetailPart.peers.rawValue, title: tr("Peers"))

        trackers.column(tr("Address"), width: 240, expand: true) { [weak self] cell, key in cell.text(self?.trackerValues[key]?.url ?? "") }
        trackers.column(tr("Status"), width: trackers.width(TransferTracker.Status.allCases.map(Self.trackerStatusTitle))) { [weak self] cell, key in
            cell.text(self?.trackerValues[key].map { Self.trackerStatusTitle($0.status) } ?? "")
        }
        trackers.column(tr("Message"), width: 160, expand: true) { [weak self] cell, key in cell.text(self?.trackerValues[key]?.message ?? "") }
        trackers.column(tr("Seeds"), width: trackers.width([tr("Seeds"), "88,888"]), numeric: true) { [weak self] cell, key in
            cell.text(Self.count(self?.trackerValues[key]?.seeds))
        }
        trackers.column(tr("Leeches"), width: trackers.width([tr("Leeches"), "88,888"]), numeric: true) { [weak self] cell, key in
            cell.text(Self.count(self?.trackerValues[key]?.leeches))
        }
        trackers.column(tr("Downloaded"), width: trackers.width([tr("Downloaded"), "88,888"]), numeric: true) { [weak self] cell, key in
            cell.text(Self.count(self?.trackerValues[key]?.downloaded))
        }
        stack.add(trackers.scroll, name: TransferDetailPart.trackers.rawValue, title: tr("Trackers"))
        log.column(tr("Time"), width: log.width([Formatting.time(Date(timeIntervalSince1970: 0), now: Date(timeIntervalSince1970: 86_400 * 3)), "Mon 88:88"]))
            { [weak self] cell, key in
                cell.text(self?.logValues[key]?.time.map { Formatting.time($0, now: self?.clock.now ?? Date()) } ?? "")
            }
        log.column(tr("Stage"), width: log.width([tr("Stage"), "Deobfuscate"])) { [weak self] cell, key in cell.text(self?.logValues[key]?.stage ?? "") }
        log.column(tr("Kind"), width: log.width(TransferLogLine.Kind.allCases.map(Self.logKindTitle))) { [weak self] cell, key in
            cell.text(self?.logValues[key].map { Self.logKindTitle($0.kind) } ?? "")
        }
        log.column(tr("Message"), width: 320, expand: true) { [weak self] cell, key in cell.text(self?.logValues[key]?.text ?? "") }
        stack.add(log.scroll, name: TransferDetailPart.log.rawValue, title: tr("Log"))
        speedGraph.area.margins(12)
        speedGraph.area.vexpand = true
        stack.add(speedGraph.area, name: Self.speedPage, title: tr("Speed"))

        widget.append(bar, Separator(), stack)
        widget.setAccessibleLabel(tr("Transfer details"))
        widget.sizeRequest(width: -1, height: 220)
        close.onClicked { [weak self] in self?.onClose?() }
        stack.onVisibleChildChanged { [weak self] in
            if let self, self.showsSpeed { self.drawSpeed(now: Int64(self.clock.now.timeIntervalSince1970)) }
            self?.updateControls()
            self?.onPageChanged?()
        }
        group = Actions(insertInto: widget, prefix: "details")
        for priority in FilePriority.allCases {
            group.add("priority-\(priority.rawValue)") { [weak self] in self?.setPriority(priority) }
        }
        recheckButton.onClicked { [weak self] in self?.confirmRecheck() }
        moveButton.onClicked { [weak self] in self?.askMove() }
        renameFileButton.onClicked { [weak self] in self?.askRenameFile() }
        limitsButton.onClicked { [weak self] in self?.askLimits() }
        groupButton.onClicked { [weak self] in self?.askGroups() }
        connectMore()
        reannounceButton.onClicked { [weak self] in
            guard let self, let item = self.item else { return }
            self.onAction?(.reannounce, item)
        }
        files.selection.onChanged { [weak self] in self?.updateControls() }
        trackers.selection.onChanged { [weak self] in self?.updateControls() }
        updateControls()
    }

    /// The files picked on the Files page, by the client's index.
    var pickedFiles: [Int] {
        guard let fileTree else { return [] }
        return Array(Set(files.selectedKeys.flatMap { fileTree.fileIndexes($0) })).sorted()
    }

    private func setPriority(_ priority: FilePriority) {
        guard let item, !pickedFiles.isEmpty else { return }
        onAction?(.setFilePriority(priority, files: pickedFiles), item)
    }

    /// Verifying reads every piece again (hours for a large transfer, and the client may stop seeding meanwhile): asked first.
    private func confirmRecheck() {
        guard let item else { return }
        confirmation = ConfirmDialog(over: widget, title: tr("Verify “%s”?").fill(item.name),
                                     detail: tr("%s reads all of its downloaded data again and checks it against the torrent. This can take a long time for a large transfer.").fill(clientName),
                                     confirm: tr("Verify"), options: [], destructive: false,
                                     onConfirm: { [weak self] _ in self?.onAction?(.recheck, item) },
                                     onEnd: { [weak self] in self?.confirmation = nil })
        confirmation?.window.present()
    }

    /// Each control says whether the client can do it, and why not in its tooltip.
    func updateControls() {
        let grouping = kind?.transferGrouping ?? .category
        let groupAction: TransferDetailAction = grouping == .labels ? .setLabels([]) : .setCategory(nil)
        groupButton.setAccessibleLabel(Self.groupWords(grouping).button)
        groupButton.tooltip = Self.groupWords(grouping).tooltip
        let onFiles = visiblePart == .files
        priorityButton.visible = onFiles
        let picked = !pickedFiles.isEmpty
        for priority in FilePriority.allCases {
            let offered = kind?.availability(of: .setFilePriority(priority, files: [0])) == .available
            group.setEnabled("priority-\(priority.rawValue)", offered && picked)
        }
        priorityButton.sensitive = picked && kind?.availability(of: .setFilePriority(.normal, files: [0])) == .available
        for (button, action, tip) in [(recheckButton, TransferDetailAction.recheck, tr("Check the downloaded data against the torrent")),
                                      (reannounceButton, .reannounce, tr("Ask the trackers for peers now")),
                                      (moveButton, .moveData(to: "/"), tr("Move the transfer's data to another folder")),
                                      (limitsButton, .setSpeedLimits(down: nil, up: nil), tr("Limit this transfer's speeds")),
                                      (groupButton, groupAction, Self.groupWords(grouping).tooltip)] {
            // A finished usenet job (its client's history) takes none of these.
            let availability = item.map(action.fits) == false ? .finishedEntry : kind?.availability(of: action) ?? .unsupported
            button.sensitive = availability == .available && item != nil
            button.tooltip = availability == .available ? tip : Strings.detailUnavailable(availability, client: clientName)
        }
        updateRenameFileControl()
        updateMoreControls()
    }

    /// The page on screen.
    var visiblePart: TransferDetailPart {
        get { stack.visibleChildName.flatMap(TransferDetailPart.init(rawValue:)) ?? .general }
        set { stack.visibleChildName = newValue.rawValue }
    }

    /// Shows `item` (of the client named `clientName`): its name at once, its details when they are read.
    func show(_ item: TransferItem, clientName: String, kind: ServiceKind?) {
        let changed = self.item?.id != item.id
        self.item = item
        self.clientName = clientName
        self.kind = kind
        defer { updateControls() }
        // A usenet job has no peers and no trackers; a torrent has no job log.
        let usenet = kind?.downloadProtocol == .usenet
        if usenet, visiblePart == .peers || visiblePart == .trackers { visiblePart = .general }
        if !usenet, visiblePart == .log { visiblePart = .general }
        stack.setPageVisible(peers.scroll, !usenet)
        stack.setPageVisible(trackers.scroll, !usenet)
        stack.setPageVisible(log.scroll, usenet)
        let rows = usenet ? GeneralRow.usenet : GeneralRow.torrent
        if rows != generalRows { layoutGeneral(rows) }
        heading.text = item.name
        heading.tooltip = "\(item.name) — \(clientName)"
        // From the list (each refresh brings it): a category, or a Transmission transfer's labels.
        defer { setValue(.category, item.labels.count > 1 ? item.labels.joined(separator: ", ") : item.category ?? item.labels.first ?? "—") }
        guard changed else { return }
        status.text = tr("Reading…")
        generalRead = nil
        speedHistory = SpeedHistory()
        sample(item, at: Int64(clock.now.timeIntervalSince1970))
        fileTree = nil
        fileRows = [:]
        closedFolders = []
        filesGeneration += 1
        peerValues = [:]
        trackerValues = [:]
        logValues = [:]
        files.show([])
        peers.show([])
        trackers.show([])
        log.show([])
        for row in GeneralRow.allCases { setValue(row, row == .hash ? item.joinKey : "—") }
    }

    /// What the client answered for the transfer shown.
    func render(_ inspection: TransferInspection) {
        if !status.text.isEmpty { status.text = "" }
        if let general = inspection.general { render(general) }
        if let files = inspection.files { showFiles(files) }
        if let peers = inspection.peers {
            let before = peerValues, keyed = peers.map { ($0.endpoint, $0) }
            peerValues = Dictionary(keyed, uniquingKeysWith: { first, _ in first })
            // Rows stay where they are while the pane shows them (a row does not jump away from the pointer every
            // second as speeds change): the peers still there keep their places, new ones follow, fastest first.
            let kept = self.peers.list.keys.filter { peerValues[$0] != nil }
            var known = Set(kept)
            self.peers.show(kept + keyed.map(\.0).filter { known.insert($0).inserted }, changed: { before[$0] != self.peerValues[$0] })
        }
        if let lines = inspection.log {
            // Newest last, as the client keeps them; keyed by place (lines repeat their text).
            logValues = Dictionary(uniqueKeysWithValues: lines.enumerated().map { (String($0.offset), $0.element) })
            log.show(lines.indices.map(String.init))
        }
        if let trackers = inspection.trackers {
            let keyed = trackers.map { ("\($0.tier ?? 0) \($0.url)", $0) }
            trackerValues = Dictionary(keyed, uniquingKeysWith: { first, _ in first })
            self.trackers.show(keyed.map(\.0))
        }
    }

    /// Why the client's details could not be read (the last ones read stay on screen).
    func showError(_ error: ServiceError) {
        status.text = ErrorText.sentence(error)
    }

    private func render(_ general: TransferGeneral) {
        generalRead = general
        defer { updateMoreControls() }
        func set(_ row: GeneralRow, _ text: String?) { setValue(row, text ?? "—") }
        set(.savePath, general.savePath)
        set(.added, general.added.map { Formatting.date($0) })
        set(.completed, general.completed.map { Formatting.date($0) })
        set(.size, general.sizeBytes.map { Formatting.bytes($0) })
        set(.done, general.doneBytes.map { Formatting.bytes($0) })
        set(.downloaded, general.downloadedBytes.map { Formatting.bytes($0) })
        set(.uploaded, general.uploadedBytes.map { Formatting.bytes($0) })
        set(.ratio, general.ratio.map { $0.isInfinite ? "∞" : String(format: "%.2f", $0) })
        set(.seedingTime, general.seedingTime.map { Formatting.duration($0) })
        set(.seeds, Self.ofSwarm(general.seedsConnected, general.seedsInSwarm))
        set(.peers, Self.ofSwarm(general.peersConnected, general.peersInSwarm))
        set(.pieces, general.pieceCount.map { count in
            let size = general.pieceSize.map { " × " + Formatting.bytes($0) } ?? ""
            guard let have = general.piecesHave else { return Formatting.count(count) + size }
            return tr("%s of %s").fill(Formatting.count(have), Formatting.count(count)) + size
        })
        set(.queuePosition, general.queuePosition.map { Formatting.count($0) })
        set(.downloadLimit, general.downloadLimit.map { Formatting.speed($0) } ?? tr("Unlimited"))
        set(.uploadLimit, general.uploadLimit.map { Formatting.speed($0) } ?? tr("Unlimited"))
        set(.shareLimits, general.shareLimits.map { Self.shareLimitsText($0, client: clientName) })
        set(.nextAnnounce, general.nextAnnounce.map { Formatting.duration($0) })
        set(.isPrivate, general.isPrivate.map { $0 ? tr("Yes") : tr("No") })
        set(.comment, general.comment)
        set(.priority, general.jobPriority.map(Self.priorityTitle))
    }

    /// A value, named for a screen reader with its row's title ("Ratio: 0.20"): the value alone would say nothing.
    private func setValue(_ row: GeneralRow, _ text: String) {
        guard let label = generalValues[row] else { return }
        label.text = text
        label.setAccessibleLabel(tr("%s: %s").fill(row.title, text))
    }

    /// A row's value as a screen reader reads it (tests).
    func generalValue(_ row: GeneralRow) -> String { generalValues[row]?.text ?? "" }

}
