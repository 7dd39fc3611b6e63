import Core
import Foundation

/// The Downloads page acting on transfers, for `--inspection downloads.<scene>`.
enum DownloadsScene: String, CaseIterable {
    case selected
    case contextMenu = "context-menu"
    case queueMenu = "queue-menu"
    case confirmRemove = "confirm-remove"
    case confirmDeleteData = "confirm-delete-data"
    case actionPending = "action-pending"
    case actionFailed = "action-failed"
    case turtle
    case add
    case addDuplicate = "add.duplicate"
    case filtered
    case seedbox = "rtorrent.context-menu"
    case details
    case detailsFiles = "details.files"
    case detailsPeers = "details.peers"
    case detailsTrackers = "details.trackers"
    case detailsSpeed = "details.speed"
    case detailsLog = "details.usenet-log"
    case detailsMove = "details.move"
    case detailsLimits = "details.limits"
    case detailsCategory = "details.category"
    case detailsLabels = "details.labels"
    case detailsMore = "details.more"
    case detailsRename = "details.rename"
    case detailsRenameFile = "details.rename-file"
    case detailsShareLimits = "details.share-limits"
    case detailsPriority = "details.priority"
    case detailsPassword = "details.password"
    case detailsAddTrackers = "details.trackers-add"
    case speed
    case speedEmpty = "speed.empty"
    case speedMonth = "speed.month"
    case speedDown = "speed.client-down"

    /// The details page a scene shows, for the details scenes.
    var detailPart: TransferDetailPart? {
        switch self {
        case .details, .detailsMove, .detailsLimits, .detailsCategory, .detailsLabels, .detailsMore, .detailsRename, .detailsShareLimits: .general
        case .detailsFiles, .detailsRenameFile: .files
        case .detailsAddTrackers: .trackers
        case .detailsPeers: .peers
        case .detailsTrackers: .trackers
        case .detailsSpeed: .general // the Speed page over it
        case .detailsLog: .log
        default: nil
        }
    }

    /// The period a speed history scene shows.
    var speedRange: SpeedGraphLayout.Range? {
        switch self {
        case .speed, .speedEmpty, .speedDown: .hour
        case .speedMonth: .month
        default: nil
        }
    }

    var summary: String {
        switch self {
        case .selected: "Downloads with two transfers of two clients selected: the toolbar enabled for them"
        case .contextMenu: "Downloads with the context menu of the selection open"
        case .queueMenu: "Downloads with the toolbar's Queue menu open for a qBittorrent transfer and an NZBGet job: top, up, down, bottom"
        case .confirmRemove: "Confirming the removal of the selected transfers (files kept)"
        case .confirmDeleteData: "Confirming the removal of the selected transfers and their files"
        case .actionPending: "Downloads while a Pause is on its way: the rows say Pausing…"
        case .actionFailed: "Downloads after a Pause one client refused and one did not apply"
        case .turtle: "Downloads with turtle mode on in one client, the speed-limits menu open"
        case .add: "Add Download with a magnet link, a torrent file and a refused path listed"
        case .addDuplicate: "Add Download after qBittorrent answered: one added, one it held already"
        case .filtered: "Downloads filtered by typed text (“placeholder”): 3 of 11 transfers, one of them selected"
        case .seedbox: "An rTorrent seedbox's transfers, the stopped one's menu open: Remove with Data unavailable (d.erase leaves the files)"
        case .details: "Downloads with the details of a qBittorrent transfer open below the list: its General page"
        case .detailsFiles: "The details pane's Files page: its folders open as a tree (a folder's files of mixed priorities: Mixed), one file skipped, two picked for the Priority menu"
        case .detailsPeers: "The details pane's Peers page: three peers, one over IPv6"
        case .detailsTrackers: "The details pane's Trackers page: one working, one refusing connections and picked (Edit and Remove on)"
        case .detailsMore: "The details pane's More menu for a qBittorrent transfer: its queue moves, Download in Order on, Rename"
        case .detailsRename: "Renaming a Transmission transfer: its name now, and that Transmission renames its files on disk too"
        case .detailsRenameFile: "Renaming one file of a qBittorrent transfer from its Files page: the file's name now, renamed on disk in its folder"
        case .detailsAddTrackers: "Adding trackers to a qBittorrent transfer: two addresses typed, one that is not one, Add off"
        case .detailsLog: "The details of a queued NZBGet job: its Log page (a warning, an error), no Peers or Trackers pages"
        case .detailsMove: "Moving a qBittorrent transfer's data: the folder it is in now, ready to change"
        case .detailsCategory: "A qBittorrent transfer's category: one of the client's three, the one it is in picked"
        case .detailsLabels: "A Transmission transfer's labels: the words it has, separated by commas"
        case .detailsLimits: "A qBittorrent transfer's own speed limits: download limited to 8,000 kB/s, upload not"
        case .detailsShareLimits: "A qBittorrent transfer's share limits: its own ratio of 1.5, the seeding time as in qBittorrent's settings"
        case .detailsPriority: "A paused SABnzbd job's priority: High now, SABnzbd's four priorities, and that a change resumes the job"
        case .detailsPassword: "A queued NZBGet job's archive password: a password field, Set Password off until something is typed"
        case .detailsSpeed: "The details pane's Speed page: the transfer's speeds over the 40 minutes it was shown, a pointer over one"
        case .speed: "The speed history from the toolbar's total speeds: each client's last hour"
        case .speedEmpty: "The speed history before any refresh was sampled: nothing recorded yet"
        case .speedMonth: "The speed history's last 30 days, a gap of two days when the app was not running"
        case .speedDown: "The speed history with one client unreachable: its graph stops, and says why"
        }
    }
}

@MainActor
extension DownloadsPage {
    /// Puts the page in `scene`. Returns the window to capture when it is not the main one (a
    /// confirmation) and the popover to draw over the capture (a menu).
    func inspect(_ scene: DownloadsScene) -> (window: Window?, popover: Widget?) {
        if scene == .seedbox {
            render(.content(InspectionData.rtorrentDownloads, refreshedAt: InspectionData.now))
            let first = Self.key(InspectionData.rtorrentDownloads.parts[0].value.items[2]) // the first row by name
            select(keys: [first])
            view.grabFocus()
            if let cell = columns.first?.factory.bound[first] { actions.openMenu(forKey: first, from: cell.widget, x: 120, y: 12) } else { actions.openMenuAtFocus() }
            return (nil, actions.openPopover)
        }
        let qbit = InspectionData.transfers.first { $0.serviceID == InspectionData.qbittorrent.id && $0.state == .downloading }
        if scene == .detailsLog, let job = InspectionData.transfers.first(where: { $0.name == "Test.Pattern.Pack" }) {
            let key = Self.key(job)
            select(keys: [key])
            openDetails(key: key)
            if paned.height == 0 { paned.position = 330 }
            details.render(InspectionData.usenetDetails)
            details.visiblePart = .log
            view.grabFocus()
            return (nil, nil)
        }
        if scene == .detailsPassword, let job = InspectionData.transfers.first(where: { $0.name == "Test.Pattern.Pack" }) {
            let key = Self.key(job)
            select(keys: [key])
            openDetails(key: key)
            if paned.height == 0 { paned.position = 330 }
            details.render(InspectionData.usenetDetails)
            view.grabFocus()
            details.askArchivePassword()
            return (details.confirmation?.window, nil)
        }
        if scene == .detailsPriority, var job = InspectionData.transfers.first(where: { $0.name == "Test.Pattern.Pack" }) {
            // The sample's NZBGet job, shown as a paused SABnzbd job's (SABnzbd resumes it when its priority changes).
            let key = Self.key(job)
            select(keys: [key])
            openDetails(key: key)
            if paned.height == 0 { paned.position = 330 }
            job.state = .paused
            details.show(job, clientName: "SABnzbd", kind: .sabnzbd)
            details.render(InspectionData.usenetDetails)
            view.grabFocus()
            details.askPriority()
            return (details.confirmation?.window, nil)
        }
        if scene == .detailsLabels, let qbit {
            // A Transmission transfer (the sample's Transmission is switched off: one of qBittorrent's, shown as its).
            var labelled = qbit
            labelled.serviceID = InspectionData.transmission.id
            labelled.labels = ["fixture-tv", "fixture hd"]
            let key = Self.key(qbit)
            select(keys: [key])
            openDetails(key: key)
            if paned.height == 0 { paned.position = 330 }
            details.show(labelled, clientName: InspectionData.transmission.name, kind: .transmission)
            details.render(InspectionData.transferDetails)
            details.askGroups(of: labelled, from: .anyNames)
            return (details.confirmation?.window, nil)
        }
        if let part = scene.detailPart, let qbit {
            let key = Self.key(qbit)
            select(keys: [key])
            openDetails(key: key)
            if paned.height == 0 { paned.position = 330 } // before the first layout (the capture is of the first frame)
            details.render(InspectionData.transferDetails)
            details.visiblePart = part
            if part == .files { details.files.list.select(keys: ["1", "2"]) } // two files picked: the Priority menu acts on them
            if part == .trackers, let refusing = details.trackerValues.first(where: { $0.value.status != .working })?.key {
                details.trackers.list.select(keys: [refusing]) // one picked: Edit and Remove act on it
            }
            if scene == .detailsSpeed {
                // 40 minutes of refreshes every 5 s: a start, a stall when the swarm thinned, the pace picking up again.
                let now = Int64(InspectionData.now.timeIntervalSince1970)
                var sampled = qbit
                details.restartSpeedHistory()
                for step in 0...480 {
                    let t = Double(step) / 480
                    let shape = t < 0.1 ? t * 10 : t < 0.45 ? 1 : t < 0.55 ? 0.15 : 0.8 + 0.2 * sin(t * 40)
                    sampled.downloadSpeed = Int64(12_800_000 * shape * (0.9 + 0.1 * sin(Double(step) * 1.7)))
                    sampled.uploadSpeed = Int64(900_000 * shape * (0.8 + 0.2 * cos(Double(step) * 0.9)))
                    details.sample(sampled, at: now - 2400 + Int64(step) * 5)
                }
                details.showsSpeed = true
                details.drawSpeed(now: now, force: true)
                details.speedGraph.pointAt(fraction: 0.6) // the readout of the period under it
            }
            view.grabFocus()
            switch scene {
            case .detailsMove: details.askMove()
            case .detailsRenameFile:
                details.files.list.select(keys: ["2"]) // one file: Rename File… acts on it
                details.askRenameFile()
            case .detailsLimits: details.askLimits()
            case .detailsShareLimits: details.askShareLimits()
            case .detailsMore:
                details.moreButton.popup()
                return (nil, details.moreButton.popover)
            case .detailsRename:
                var named = qbit
                named.serviceID = InspectionData.transmission.id
                details.show(named, clientName: InspectionData.transmission.name, kind: .transmission)
                details.askRename()
            case .detailsAddTrackers:
                details.askAddTrackers(prefill: "udp://tracker.fixture.invalid:6969/announce\nhttps://tracker2.fixture.invalid/announce\ntracker3.fixture.invalid")
            case .detailsCategory:
                var filed = qbit
                filed.category = "fixture-tv"
                details.askGroups(of: filed, from: .oneOf(["fixture-movies", "fixture-music", "fixture-tv"]))
            default: return (nil, nil)
            }
            return (details.confirmation?.window, nil)
            return (nil, nil)
        }
        if let range = scene.speedRange {
            let now = Int64(InspectionData.now.timeIntervalSince1970)
            let clients: [(service: ServiceRef, history: SpeedHistory, note: String?)] = [
                (InspectionData.qbittorrent, scene == .speedEmpty ? SpeedHistory() : InspectionData.speedHistory(seed: 1, now: now), nil),
                (InspectionData.nzbget, scene == .speedEmpty ? SpeedHistory() : InspectionData.speedHistory(seed: 2, now: scene == .speedDown ? now - 1500 : now),
                 SpeedHistoryView.note(notRead: scene == .speedDown ? ErrorText.sentence(.unavailable(.connectionRefused)) : nil, setAside: false)),
            ]
            speedHistory.rangeDropDown.selected = range.rawValue
            speedHistory.show(clients, now: now, utcOffset: 0)
            speedHistory.button.keepPopoverOpen()
            speedHistory.button.popup()
            return (nil, speedHistory.button.popover)
        }
        let usenet = InspectionData.transfers.first { $0.serviceID == InspectionData.nzbget.id && $0.state == .queued }
        let picked = [qbit, usenet].compactMap { $0 }
        select(keys: Set(picked.map(Self.key)))
        view.grabFocus()
        switch scene {
        case .selected, .seedbox, .details, .detailsMove, .detailsLimits, .detailsCategory, .detailsLabels, .detailsMore, .detailsRename, .detailsRenameFile, .detailsShareLimits, .detailsPriority, .detailsPassword,
             .detailsAddTrackers, .detailsFiles, .detailsPeers, .detailsTrackers, .detailsSpeed, .detailsLog, .speed, .speedEmpty, .speedMonth, .speedDown:
            return (nil, nil)
        case .contextMenu:
            // A right click on the first selected row.
            if let first = picked.first.map(Self.key), let cell = columns.first?.factory.bound[first] {
                actions.openMenu(forKey: first, from: cell.widget, x: 120, y: 12)
            } else {
                actions.openMenuAtFocus()
            }
            return (nil, actions.openPopover)
        case .confirmRemove, .confirmDeleteData:
            actions.request(scene == .confirmRemove ? .remove : .removeWithData)
            return (actions.confirmation?.window, nil)
        case .actionPending:
            actions.request(.pause) // no model behind the page: it stays pending
            return (nil, nil)
        case .actionFailed:
            actions.request(.pause)
            let report = ActionReport(action: .pause, parts: [
                ActionReport.Part(service: InspectionData.qbittorrent, itemIDs: picked.filter { $0.serviceID == InspectionData.qbittorrent.id }.map(\.clientID),
                                  error: nil),
                ActionReport.Part(service: InspectionData.nzbget, itemIDs: picked.filter { $0.serviceID == InspectionData.nzbget.id }.map(\.clientID),
                                  error: .unavailable(.timedOut)),
            ])
            // Read back: qBittorrent still reports its transfer downloading.
            actions.finished(report, readBack: .content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            return (nil, nil)
        case .add, .addDuplicate:
            let dialog = AddDownloadDialog(over: Window.toplevel(of: page), clients: [
                .init(service: InspectionData.qbittorrent, family: .torrent), .init(service: InspectionData.nzbget, family: .usenet),
            ], preferred: [:])
            inspectionDialog = dialog
            let torrent = Data("d8:announce30:http://127.0.0.1:9/announce.fx4:infod6:lengthi16384e4:name11:fixture.bin12:piece lengthi16384e6:pieces20:xxxxxxxxxxxxxxxxxxxxee".utf8)
            dialog.take(AddCandidates.fromText("magnet:?xt=urn:btih:a9993e364706816aba3e25717850c26c9cd0d89d&dn=Fixture.Linux.ISO.x86_64\n/srv/downloads/other.torrent")
                        + [AddCandidates.Candidate(label: "Example.Dataset.2026.torrent", source: DownloadSource.file(name: "Example.Dataset.2026.torrent", data: torrent))])
            dialog.categoryEntry.text = "fixture"
            dialog.pausedCheck.active = true
            if scene == .addDuplicate {
                // The lines AddDownloadController writes for these answers.
                dialog.showResults([(tr("Added “%s” to %s").fill("Example.Dataset.2026.torrent", "qBittorrent"), true),
                                    (tr("Already in %s: “%s”").fill("qBittorrent", "Fixture.Linux.ISO.x86_64"), false)])
            }
            return (dialog.window, nil)
        case .filtered:
            setSearchText("placeholder")
            filtersChanged() // at once, not after the field's short delay: the capture is of the first frame
            select(keys: Set(InspectionData.transfers.filter { $0.name.hasPrefix("Placeholder.Bay") }.map(Self.key)))
            searchEntry.grabFocus()
            return (nil, nil)
        case .queueMenu:
            actions.queueButton.popup()
            return (nil, actions.queueButton.popover)
        case .turtle:
            let clients = [InspectionData.qbittorrent, InspectionData.nzbget]
            actions.showTurtle([InspectionData.qbittorrent.id: .success(true), InspectionData.nzbget.id: .success(false)], clients: clients)
            actions.limitsButton.popup()
            return (nil, actions.limitsButton.popover)
        }
    }
}
