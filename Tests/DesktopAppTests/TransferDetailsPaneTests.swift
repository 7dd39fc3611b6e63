import CGtk
@testable import Core
@testable import DesktopApp
import SwitchyardTestSupport
import XCTest

/// The details pane below the Downloads list: it opens on a transfer, follows the one transfer picked, asks to be
/// read when it opens, changes page or closes, and shows what the client answered on each page.
final class TransferDetailsPaneTests: XCTestCase {
    func testThePaneOpensFollowsThePickAndShowsEachPage() throws {
        try requireTestSession()
        MainActor.assumeIsolated {
            gtk_init()
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            for _ in 0..<20 { g_main_context_iteration(nil, 0) }
            var wanted = 0
            page.onDetailsWanted = { wanted += 1 }
            let bay = InspectionData.transfers[0], street = InspectionData.transfers[1], usenet = InspectionData.transfers[2]
            XCTAssertFalse(page.detailsOpen, "closed until asked for")

            page.select(keys: [DownloadsPage.key(bay)])
            XCTAssertEqual(wanted, 0, "picking a row does not open the pane")
            page.openDetails(key: DownloadsPage.key(bay))
            XCTAssertTrue(page.detailsOpen)
            XCTAssertEqual(page.details.item?.id, bay.id)
            XCTAssertEqual(page.details.clientName, "qBittorrent")
            XCTAssertEqual(wanted, 1, "opening asks for a read")
            XCTAssertEqual(page.details.generalValue(.hash), bay.joinKey, "the hash before anything is read")
            XCTAssertEqual(page.details.generalValue(.savePath), "—")

            page.details.render(InspectionData.transferDetails)
            XCTAssertEqual(page.details.generalValue(.savePath), "/srv/downloads/tv")
            XCTAssertEqual(page.details.generalValue(.seeds), "4 connected of 61")
            XCTAssertEqual(page.details.generalValue(.uploadLimit), "Unlimited")
            let root = "d:Placeholder.Bay.S02E02.1080p.WEB-DL"
            XCTAssertEqual(page.details.files.list.keys, [root, "0", "1", root + "/Sample", "3", root + "/Subs", "2"],
                           "a tree in path order: the folder, …mkv, …nfo, Sample/, Subs/")
            XCTAssertEqual(page.details.peers.list.keys, ["192.0.2.10:51413", "198.51.100.4:6881", "[2001:db8::7]:40000"])
            XCTAssertEqual(page.details.trackers.list.keys.count, 2)

            // Another page on screen: read it.
            page.details.visiblePart = .peers
            XCTAssertEqual(wanted, 2)
            // A peer left, another's speed changed: the list shows the client's answer.
            var next = InspectionData.transferDetails
            next.peers = Array(next.peers!.dropFirst())
            page.details.render(TransferInspection(peers: next.peers))
            XCTAssertEqual(page.details.peers.list.keys, ["198.51.100.4:6881", "[2001:db8::7]:40000"])
            XCTAssertEqual(page.details.generalValue(.savePath), "/srv/downloads/tv", "a page not read again keeps what it showed")

            // The pane follows the one transfer picked; two picked leave it where it was.
            page.select(keys: [DownloadsPage.key(street)])
            XCTAssertEqual(page.details.item?.id, street.id)
            XCTAssertEqual(wanted, 3)
            XCTAssertEqual(page.details.peers.list.keys, [], "another transfer: nothing of the last one's is left")
            XCTAssertEqual(page.details.generalValue(.savePath), "—")
            page.select(keys: [DownloadsPage.key(bay), DownloadsPage.key(usenet)])
            XCTAssertEqual(page.details.item?.id, street.id)
            XCTAssertEqual(wanted, 3)

            page.details.showError(.unavailable(.connectionRefused))
            page.closeDetails()
            XCTAssertFalse(page.detailsOpen)
            XCTAssertEqual(wanted, 4, "closing tells the controller to stop reading")
        }
    }

    /// The pane's actions: the Priority menu acts on the files picked, Verify asks first, and a client that cannot do
    /// an action has its control insensitive with the reason.
    func testThePanesActionsNameThePickedFilesAndSayWhatAClientCannotDo() throws {
        try requireTestSession()
        MainActor.assumeIsolated {
            gtk_init()
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            for _ in 0..<20 { g_main_context_iteration(nil, 0) }
            // In a window: a button clicks only once it is realized.
            let window = gtk_window_new()!
            gtk_window_set_child(cast(window), page.page.widget)
            gtk_window_set_default_size(cast(window), 1000, 700)
            gtk_window_present(cast(window))
            defer { gtk_window_destroy(cast(window)) }
            var asked: [TransferDetailAction] = []
            page.details.onAction = { action, _ in asked.append(action) }
            let bay = InspectionData.transfers[0]
            page.openDetails(key: DownloadsPage.key(bay))
            page.details.render(InspectionData.transferDetails)
            page.details.visiblePart = .files
            XCTAssertTrue(page.details.priorityButton.visible)
            XCTAssertFalse(page.details.priorityButton.sensitive, "no file picked")
            page.details.files.list.select(keys: ["3", "1"])
            XCTAssertEqual(page.details.pickedFiles, [1, 3])
            XCTAssertTrue(page.details.priorityButton.sensitive)
            gtk_widget_activate_action_variant(page.details.widget.widget, "details.priority-skip", nil)
            XCTAssertEqual(asked, [.setFilePriority(.skip, files: [1, 3])], "the picked files, by the client's index")
            gtk_widget_activate_action_variant(page.details.widget.widget, "details.priority-low", nil)
            XCTAssertEqual(asked.count, 1, "qBittorrent has no low priority: its item is off")

            XCTAssertTrue(page.details.reannounceButton.sensitive, "reannounce offered")
            XCTAssertTrue(iterate(until: { gtk_widget_get_realized(page.details.reannounceButton.widget) != 0 }))
            gtk_widget_activate(page.details.reannounceButton.widget) // a button clicks after a short press
            XCTAssertTrue(iterate(until: { asked.count == 2 }))
            XCTAssertEqual(asked.last, .reannounce)
            gtk_widget_activate(page.details.recheckButton.widget)
            for _ in 0..<50 { g_main_context_iteration(nil, 0) }
            XCTAssertEqual(asked.count, 2, "Verify asks first: nothing sent yet")
            page.details.visiblePart = .general
            XCTAssertFalse(page.details.priorityButton.visible, "the Priority menu is the Files page's")

            // An NZBGet entry: its client has none of these actions.
            let usenet = InspectionData.transfers[2]
            page.select(keys: [DownloadsPage.key(usenet)])
            XCTAssertEqual(page.details.item?.id, usenet.id)
            XCTAssertFalse(page.details.recheckButton.sensitive)
            XCTAssertEqual(page.details.recheckButton.tooltip, "NZBGet cannot do this through its API")
        }
    }
    /// The widgets of `type` under `widget`, in order.
    @MainActor
    static func descendants(of widget: Widget, _ type: GType) -> [Widget] {
        var found: [Widget] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if g_type_check_instance_is_a(cast(current), type) != 0 { found.append(current) }
            found += descendants(of: current, type)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    @MainActor
    static func text(_ editable: Widget) -> String { gtk_editable_get_text(cast(editable)).map { String(cString: $0) } ?? "" }

    /// Move data and speed limits: each a form that starts from what the client reported, sends one action when
    /// confirmed (nothing when cancelled, nothing for a folder that is not absolute), and is insensitive with the
    /// reason for a client that cannot (rTorrent).
    func testMoveAndLimitsAskFirstThenSendOneActionAndRTorrentSaysWhyNot() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            gtk_init()
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            var asked: [TransferDetailAction] = []
            page.details.onAction = { action, _ in asked.append(action) }
            let bay = InspectionData.transfers[0]
            page.openDetails(key: DownloadsPage.key(bay))
            page.details.render(InspectionData.transferDetails)
            XCTAssertTrue(page.details.moveButton.sensitive)
            XCTAssertTrue(page.details.limitsButton.sensitive)

            // Move: the folder it is in now, Move off until the folder changes and is absolute.
            page.details.askMove()
            var dialog = try XCTUnwrap(page.details.confirmation)
            var field = try XCTUnwrap(Self.descendants(of: dialog.window.widget, gtk_entry_get_type()).first)
            XCTAssertEqual(Self.text(field), "/srv/downloads/tv")
            XCTAssertFalse(dialog.confirmButton.sensitive, "the same folder: nothing to move")
            gtk_editable_set_text(cast(field), "downloads/tv")
            XCTAssertFalse(dialog.confirmButton.sensitive, "a relative folder is not sent")
            gtk_editable_set_text(cast(field), "/srv/archive/tv")
            XCTAssertTrue(dialog.confirmButton.sensitive)
            dialog.answer(confirmed: false)
            XCTAssertEqual(asked, [], "cancelled: nothing sent")
            page.details.askMove()
            dialog = try XCTUnwrap(page.details.confirmation)
            field = try XCTUnwrap(Self.descendants(of: dialog.window.widget, gtk_entry_get_type()).first)
            gtk_editable_set_text(cast(field), "/srv/archive/tv")
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked, [.moveData(to: "/srv/archive/tv")])
            XCTAssertNil(page.details.confirmation)

            // Limits: the download limit the client reports (8,000 kB/s), no upload limit; the upload one switched on.
            page.details.askLimits()
            dialog = try XCTUnwrap(page.details.confirmation)
            let checks = Self.descendants(of: dialog.window.widget, gtk_check_button_get_type())
            let spins = Self.descendants(of: dialog.window.widget, gtk_spin_button_get_type())
            XCTAssertEqual(checks.count, 2)
            XCTAssertEqual(spins.count, 2)
            XCTAssertEqual(gtk_spin_button_get_value(cast(spins[0])), 8000)
            XCTAssertEqual(gtk_check_button_get_active(cast(checks[0])), 1)
            XCTAssertEqual(gtk_check_button_get_active(cast(checks[1])), 0)
            XCTAssertEqual(gtk_widget_get_sensitive(spins[1]), 0, "no upload limit: its field is off")
            gtk_check_button_set_active(cast(checks[1]), 1)
            XCTAssertEqual(gtk_widget_get_sensitive(spins[1]), 1)
            gtk_spin_button_set_value(cast(spins[1]), 250)
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked.last, .setSpeedLimits(down: 8_000_000, up: 250_000))

            // rTorrent: neither, and each says why.
            page.details.show(bay, clientName: "rTorrent", kind: .rtorrent)
            XCTAssertFalse(page.details.moveButton.sensitive)
            XCTAssertEqual(page.details.moveButton.tooltip,
                           "rTorrent can move data only by running a program on its own machine, which Switchyard does not do")
            XCTAssertFalse(page.details.limitsButton.sensitive)
            XCTAssertEqual(page.details.limitsButton.tooltip, "rTorrent sets limits for named groups of transfers, not for one transfer")
            XCTAssertEqual(asked.count, 2)
        }
    }

    /// Category or labels: named as the client names them; qBittorrent's from its own list (the one it is in picked),
    /// Transmission's as words (repeats dropped), rTorrent's one word (emptied: none); Deluge without its Label plugin
    /// says so and asks nothing.
    func testCategoryOrLabelsAreAskedAsEachClientHasThem() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            gtk_init()
            MainLoop.installDispatchBridge()
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            var asked: [TransferDetailAction] = []
            page.details.onAction = { action, _ in asked.append(action) }
            var bay = InspectionData.transfers[0]
            bay.category = "fixture-tv"
            page.openDetails(key: DownloadsPage.key(bay))
            page.details.show(bay, clientName: "qBittorrent", kind: .qbittorrent)
            XCTAssertEqual(page.details.groupButton.tooltip, "Put the transfer in a category")
            XCTAssertEqual(page.details.generalValue(.category), "fixture-tv", "General shows the category the list read")
            page.details.askGroups(of: bay, from: .oneOf(["fixture-movies", "fixture-tv"]))
            var dialog = try XCTUnwrap(page.details.confirmation)
            let list = try XCTUnwrap(Self.descendants(of: dialog.window.widget, gtk_drop_down_get_type()).first)
            XCTAssertEqual(gtk_drop_down_get_selected(cast(list)), 2, "None, fixture-movies, fixture-tv: the one it is in")
            gtk_drop_down_set_selected(cast(list), 1)
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked, [.setCategory("fixture-movies")])
            page.details.askGroups(of: bay, from: .oneOf(["fixture-movies", "fixture-tv"]))
            dialog = try XCTUnwrap(page.details.confirmation)
            gtk_drop_down_set_selected(cast(try XCTUnwrap(Self.descendants(of: dialog.window.widget, gtk_drop_down_get_type()).first)), 0)
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked.last, .setCategory(nil), "None: out of its category")

            page.details.show(bay, clientName: "Transmission", kind: .transmission)
            XCTAssertEqual(page.details.groupButton.tooltip, "Set the transfer's labels")
            bay.labels = ["fixture-tv"]
            page.details.askGroups(of: bay, from: .anyNames)
            dialog = try XCTUnwrap(page.details.confirmation)
            let words = try XCTUnwrap(Self.descendants(of: dialog.window.widget, gtk_entry_get_type()).first)
            XCTAssertEqual(Self.text(words), "fixture-tv")
            gtk_editable_set_text(cast(words), " tv,  hd ,, tv")
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked.last, .setLabels(["tv", "hd"]), "trimmed, empty and repeated words dropped")

            page.details.show(bay, clientName: "rTorrent", kind: .rtorrent)
            XCTAssertEqual(page.details.groupButton.tooltip, "Give the transfer a label")
            page.details.askGroups(of: bay, from: .anyName)
            dialog = try XCTUnwrap(page.details.confirmation)
            gtk_editable_set_text(cast(try XCTUnwrap(Self.descendants(of: dialog.window.widget, gtk_entry_get_type()).first)), "  ")
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked.last, .setCategory(nil))

            // Deluge with its Label plugin off: said in the pane, no form.
            page.details.show(bay, clientName: "Deluge", kind: .deluge)
            page.details.readGroups = { _ in .success(.pluginOff) }
            var notices: [String] = []
            page.details.onNotice = { text, _ in notices.append(text) }
            page.details.askGroups()
            XCTAssertTrue(iterate(until: { notices == ["Deluge has no labels: its Label plugin is off"] }), "\(notices)")
            XCTAssertNil(page.details.confirmation)
            XCTAssertEqual(asked.count, 4)
        }
    }

    /// The Speed page draws the transfer shown from the list's own refreshes (one sample each, another transfer's
    /// speeds not among them) and is heard as a summary; a new transfer starts a new graph.
    func testTheSpeedPageIsFedByTheListsRefreshes() throws {
        try requireTestSession()
        MainActor.assumeIsolated {
            gtk_init()
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            let bay = InspectionData.transfers[0], street = InspectionData.transfers[1]
            page.openDetails(key: DownloadsPage.key(bay))
            page.details.showsSpeed = true
            XCTAssertEqual(page.details.visiblePart, .general, "the Speed page is no client part")
            let now = Int64(InspectionData.now.timeIntervalSince1970)
            XCTAssertEqual(page.details.speedHistory.points(last: 3600, now: now).map(\.down), [bay.downloadSpeed], "opening is the first sample")

            // A refresh of the list: the transfer shown is sampled from it, at the window's clock.
            var content = InspectionData.downloads(stale: false)
            var faster = bay
            faster.downloadSpeed = 31_000_000
            faster.uploadSpeed = 2_000_000
            content.parts[0].value = TransferSnapshot(items: content.parts[0].value.items.map { $0.id == bay.id ? faster : $0 },
                                                      stats: content.parts[0].value.stats)
            page.render(.content(content, refreshedAt: InspectionData.now))
            let point = page.details.speedHistory.points(last: 3600, now: now).last
            XCTAssertEqual(point?.peakDown, 31_000_000)
            XCTAssertEqual(point?.peakUp, 2_000_000)
            // Another transfer's speeds are not this one's.
            page.details.sample(street, at: now + 5)
            XCTAssertEqual(page.details.speedHistory.points(last: 3600, now: now + 5).count, 1)
            page.details.sample(faster, at: now + 5)
            page.details.drawSpeed(now: now + 5)
            XCTAssertEqual(page.details.speedGraph.summary, "Down 31.0 MB/s, up 2.00 MB/s; peak down 31.0 MB/s and up 2.00 MB/s in the last hour")
            XCTAssertEqual(page.details.speedGraph.layout?.down.count, 1)

            page.select(keys: [DownloadsPage.key(street)])
            XCTAssertEqual(page.details.speedHistory.points(last: 3600, now: now).map(\.down), [street.downloadSpeed],
                           "another transfer: a new graph, from its own first sample")
        }
    }

    /// The speed history popover: one graph per client in the order given, a client not read says why above its
    /// graph and in what a screen reader hears, and nothing recorded says so.
    func testTheSpeedHistoryShowsEachClientAndWhyOneIsNotRead() throws {
        try requireTestSession()
        MainActor.assumeIsolated {
            gtk_init()
            let view = SpeedHistoryView(totals: Label("↓ 1 MB/s"))
            var wanted = 0
            view.onWanted = { wanted += 1 }
            let now = Int64(InspectionData.now.timeIntervalSince1970)
            var busy = SpeedHistory()
            for step in Int64(0)..<120 { busy.record(down: 1_000_000 + step * 10_000, up: 50_000, at: now - 600 + step * 5) }
            let refused = ErrorText.sentence(.unavailable(.connectionRefused))
            view.show([(InspectionData.qbittorrent, busy, nil), (InspectionData.nzbget, SpeedHistory(), SpeedHistoryView.note(notRead: refused, setAside: false))], now: now, utcOffset: 0)
            XCTAssertEqual(view.graphs.map(\.service.name), ["qBittorrent", "NZBGet"])
            XCTAssertFalse(view.graphs[0].note.visible)
            XCTAssertTrue(view.graphs[1].note.visible)
            XCTAssertEqual(view.graphs[1].note.text, "Not read now: " + refused)
            XCTAssertEqual(view.graphs[0].graph.summary, "Down 2.19 MB/s, up 50.0 KB/s; peak down 2.19 MB/s and up 50.0 KB/s in the last hour",
                           "the last sample 5 s ago: the speed now")
            view.show([(InspectionData.qbittorrent, busy, nil)], now: now + 60, utcOffset: 0)
            XCTAssertEqual(view.graphs[0].graph.summary, "Not read in the last 15 seconds; peak down 2.19 MB/s and up 50.0 KB/s in the last hour",
                           "a minute without a sample: no speed now, the peaks still")
            view.show([(InspectionData.qbittorrent, busy, nil), (InspectionData.nzbget, SpeedHistory(), SpeedHistoryView.note(notRead: refused, setAside: false))], now: now, utcOffset: 0)
            XCTAssertEqual(view.graphs[1].graph.summary, "Not read now: \(refused) No speeds recorded in the last hour.")
            XCTAssertNil(SpeedHistoryView.note(notRead: nil, setAside: false))
            XCTAssertEqual(SpeedHistoryView.note(notRead: nil, setAside: true),
                           "The speed history kept for it could not be read; it was set aside and a new one started.")
            view.rangeDropDown.selected = SpeedGraphLayout.Range.month.rawValue
            XCTAssertEqual(wanted, 1, "another period asks for the histories again")
            XCTAssertEqual(view.range, .month)
            view.show([], now: now, utcOffset: 0)
            XCTAssertEqual(view.graphs.count, 0)
        }
    }

    /// A usenet job's pane: General, Files (no priorities: "—", the Priority menu and Verify unavailable) and its
    /// Log; no Peers or Trackers pages. A torrent picked next has them back, and no Log page.
    func testAUsenetJobShowsItsLogAndNoPeersOrTrackers() throws {
        try requireTestSession()
        MainActor.assumeIsolated {
            gtk_init()
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            let job = try! XCTUnwrap(InspectionData.transfers.first { $0.name == "Test.Pattern.Pack" })
            let bay = InspectionData.transfers[0]
            @MainActor func shown(_ table: DetailTable) -> Bool {
                gtk_stack_page_get_visible(gtk_stack_get_page(cast(page.details.stack.widget), table.scroll.widget)) != 0
            }
            page.details.visiblePart = .peers
            page.openDetails(key: DownloadsPage.key(job))
            XCTAssertEqual(page.details.visiblePart, .general, "the Peers page a torrent showed is not a usenet job's")
            XCTAssertFalse(shown(page.details.peers))
            XCTAssertFalse(shown(page.details.trackers))
            XCTAssertTrue(shown(page.details.log))
            XCTAssertEqual(page.details.generalRows, TransferDetailsPane.GeneralRow.usenet, "no swarm, pieces, ratio or hash rows")
            page.details.render(InspectionData.usenetDetails)
            XCTAssertEqual(page.details.generalValue(.queuePosition), "2", "the job's place as NZBGet counts it")
            XCTAssertEqual(page.details.generalValue(.priority), "High", "its priority as NZBGet reports it")
            XCTAssertEqual(page.details.log.list.keys, ["0", "1", "2"], "the log in the client's order")
            XCTAssertEqual(page.details.files.list.keys, ["101", "102"])
            XCTAssertFalse(page.details.recheckButton.sensitive, "a usenet job has no data to verify against pieces")
            page.details.visiblePart = .log
            page.select(keys: [DownloadsPage.key(bay)])
            XCTAssertEqual(page.details.visiblePart, .general, "a torrent has no job log")
            XCTAssertTrue(shown(page.details.peers))
            XCTAssertFalse(shown(page.details.log))
            XCTAssertEqual(page.details.generalRows, TransferDetailsPane.GeneralRow.torrent)
            XCTAssertFalse(page.details.generalRows.contains(.priority), "a usenet job's priority is not a torrent's")
            XCTAssertEqual(page.details.log.list.keys, [], "nothing of the job's is left")
        }
    }
}
