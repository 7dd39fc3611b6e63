import CGtk
@testable import Core
@testable import DesktopApp
import SwitchyardTestSupport
import XCTest

/// The details pane's More menu and the Trackers page's own buttons: what each client offers (and why not), what each
/// sends, and the questions before a rename or a removal.
extension TransferDetailsPaneTests {
    func testTheMoreMenuOffersWhatTheClientCanAndSendsOneAction() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            gtk_init()
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            var asked: [TransferDetailAction] = []
            page.details.onAction = { action, _ in asked.append(action) }
            let bay = InspectionData.transfers[0]
            page.openDetails(key: DownloadsPage.key(bay))
            let group = try XCTUnwrap(page.details.group)
            XCTAssertFalse(group.isEnabled("queue-top"), "no place in the queue read yet: nothing to move")
            page.details.render(InspectionData.transferDetails) // in the queue, in order, first and last pieces not first
            for name in ["queue-top", "queue-up", "queue-down", "queue-bottom", "sequential", "first-last", "rename"] {
                XCTAssertTrue(group.isEnabled(name), name)
            }
            XCTAssertTrue(group.state("sequential"))
            XCTAssertFalse(group.state("first-last"))
            XCTAssertEqual(page.details.moreButton.tooltip, "More actions")
            group.activate("queue-top")
            group.activate("sequential")
            group.activate("first-last")
            XCTAssertEqual(asked, [.moveInQueue(.top), .setSequential(false), .setFirstLastPiecesFirst(true)])
            XCTAssertTrue(group.state("sequential"), "the state stays what the client reported until it is read again")

            // A transfer the client reports no place in the queue for (finished, in qBittorrent): no move.
            var finished = InspectionData.transferDetails
            finished.general?.queuePosition = nil
            page.details.render(finished)
            XCTAssertFalse(group.isEnabled("queue-top"))
            XCTAssertTrue(group.isEnabled("rename"))

            // Rename: its name now, Rename off until it is another possible name.
            page.details.askRename()
            var dialog = try XCTUnwrap(page.details.confirmation)
            let field = try XCTUnwrap(Self.descendants(of: dialog.window.widget, gtk_entry_get_type()).first)
            XCTAssertEqual(Self.text(field), bay.name)
            XCTAssertFalse(dialog.confirmButton.sensitive)
            gtk_editable_set_text(cast(field), "Fixture/Renamed")
            XCTAssertFalse(dialog.confirmButton.sensitive, "a slash is not a name")
            gtk_editable_set_text(cast(field), "Fixture Renamed")
            XCTAssertTrue(dialog.confirmButton.sensitive)
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked.last, .rename("Fixture Renamed"))

            // rTorrent: none of them, and the button says so.
            page.details.show(bay, clientName: "rTorrent", kind: .rtorrent)
            for name in ["queue-top", "sequential", "first-last", "rename"] { XCTAssertFalse(group.isEnabled(name), name) }
            XCTAssertFalse(page.details.moreButton.sensitive)
            XCTAssertEqual(page.details.moreButton.tooltip, "More actions (rTorrent cannot: Move to Top of Queue, Move Up in Queue, "
                           + "Move Down in Queue, Move to Bottom of Queue, Download in Order, First and Last Pieces First, Rename, Share Limits)")
            // Transmission: no piece order (3.00), the rest; its rename says it renames on disk.
            page.details.show(bay, clientName: "Transmission", kind: .transmission)
            XCTAssertTrue(page.details.moreButton.sensitive)
            XCTAssertEqual(page.details.moreButton.tooltip, "More actions (Transmission cannot: Download in Order, First and Last Pieces First)")
            page.details.askRename()
            dialog = try XCTUnwrap(page.details.confirmation)
            let labels = Self.descendants(of: dialog.window.widget, gtk_label_get_type()).compactMap { gtk_label_get_text(cast($0)).map { String(cString: $0) } }
            XCTAssertTrue(labels.contains { $0.contains("renames the transfer's file or folder on disk too") }, "\(labels)")
            dialog.answer(confirmed: false)
            XCTAssertEqual(asked.count, 4, "cancelled: nothing more")
        }
    }

    /// Share limits: the form has the rows the client keeps, starts from what it reports, and sends the choices.
    func testTheShareLimitsFormStartsFromTheClientsLimitsAndSendsTheChoices() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            gtk_init()
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            var asked: [TransferDetailAction] = []
            page.details.onAction = { action, _ in asked.append(action) }
            let bay = InspectionData.transfers[0]
            page.openDetails(key: DownloadsPage.key(bay))
            let group = try XCTUnwrap(page.details.group)
            XCTAssertFalse(group.isEnabled("share-limits"), "nothing read yet: nothing to start from")
            page.details.render(InspectionData.transferDetails) // qBittorrent: its own ratio 1.5, the seeding time as in its settings
            XCTAssertTrue(group.isEnabled("share-limits"))
            XCTAssertTrue(page.details.generalValue(.shareLimits).hasPrefix("ratio 1.50, seeding time as in "), page.details.generalValue(.shareLimits))
            XCTAssertEqual(TransferDetailsPane.shareLimitsText(ShareLimits(ratio: .unlimited, seedingMinutes: .value(90), idleMinutes: .clientDefault),
                                                               client: "Fixture"),
                           "no ratio limit, 1 h 30 min of seeding, idle time as in Fixture's settings")

            page.details.askShareLimits()
            var dialog = try XCTUnwrap(page.details.confirmation)
            var choices = Self.descendants(of: dialog.window.widget, gtk_drop_down_get_type())
            var spins = Self.descendants(of: dialog.window.widget, gtk_spin_button_get_type())
            XCTAssertEqual(choices.count, 2, "ratio and seeding time")
            XCTAssertEqual(choices.map { gtk_drop_down_get_selected(cast($0)) }, [2, 0], "its own ratio; the client's seeding time")
            XCTAssertEqual(gtk_spin_button_get_value(cast(spins[0])), 1.5)
            XCTAssertEqual(spins.map { gtk_widget_get_sensitive($0) != 0 }, [true, false], "a value only where it has its own")
            gtk_spin_button_set_value(cast(spins[0]), 2.25)
            gtk_drop_down_set_selected(cast(choices[1]), 1) // no limit
            XCTAssertFalse(gtk_widget_get_sensitive(spins[1]) != 0)
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked.last, .setShareLimits(ShareLimits(ratio: .value(2.25), seedingMinutes: .unlimited)))

            // Transmission: a ratio and an idle time, said in the form.
            page.details.show(bay, clientName: "Transmission", kind: .transmission)
            var read = InspectionData.transferDetails
            read.general?.shareLimits = ShareLimits(ratio: .clientDefault, idleMinutes: .value(30))
            page.details.render(read)
            page.details.askShareLimits()
            dialog = try XCTUnwrap(page.details.confirmation)
            spins = Self.descendants(of: dialog.window.widget, gtk_spin_button_get_type())
            XCTAssertEqual(spins.map { gtk_spin_button_get_value(cast($0)) }, [2, 30], "a ratio to start from, its idle minutes")
            let labels = Self.descendants(of: dialog.window.widget, gtk_label_get_type()).compactMap { gtk_label_get_text(cast($0)).map { String(cString: $0) } }
            XCTAssertTrue(labels.contains("Idle time") && labels.contains("As in Transmission's settings"), "\(labels)")
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked.last, .setShareLimits(ShareLimits(ratio: .clientDefault, idleMinutes: .value(30))))

            // Deluge: a ratio of its own or none; no client setting to fall back to.
            page.details.show(bay, clientName: "Deluge", kind: .deluge)
            read.general?.shareLimits = ShareLimits(ratio: .unlimited)
            page.details.render(read)
            page.details.askShareLimits()
            dialog = try XCTUnwrap(page.details.confirmation)
            choices = Self.descendants(of: dialog.window.widget, gtk_drop_down_get_type())
            XCTAssertEqual(choices.count, 1)
            XCTAssertEqual(choices.map { gtk_drop_down_get_selected(cast($0)) }, [0], "no limit, the first of two")
            dialog.answer(confirmed: false)
            XCTAssertEqual(asked.count, 2, "cancelled: nothing sent")

            // rTorrent keeps ratios by group: greyed, and the button says which.
            page.details.show(bay, clientName: "rTorrent", kind: .rtorrent)
            XCTAssertFalse(group.isEnabled("share-limits"))
        }
    }

    /// A usenet job's priority: the client's own steps, starting from the one it reports; SABnzbd's rule said for a
    /// paused job; a torrent client is not said to lack it.
    func testAUsenetJobsPriorityIsOneOfItsClientsAndSaysWhatSABnzbdDoes() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            gtk_init()
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            var asked: [TransferDetailAction] = []
            page.details.onAction = { action, _ in asked.append(action) }
            let group = try XCTUnwrap(page.details.group)
            page.openDetails(key: DownloadsPage.key(InspectionData.transfers[0]))
            page.details.render(InspectionData.transferDetails)
            XCTAssertFalse(group.isEnabled("priority"), "qBittorrent: no job priority")
            XCTAssertEqual(page.details.moreButton.tooltip, "More actions", "and not said to lack one")

            var job = try XCTUnwrap(InspectionData.transfers.first { $0.name == "Test.Pattern.Pack" })
            page.openDetails(key: DownloadsPage.key(job))
            page.details.render(InspectionData.usenetDetails) // High
            XCTAssertTrue(group.isEnabled("priority"))
            XCTAssertEqual(page.details.jobPriorities, JobPriority.allCases, "NZBGet's six")
            page.details.askPriority()
            var dialog = try XCTUnwrap(page.details.confirmation)
            var choice = try XCTUnwrap(Self.descendants(of: dialog.window.widget, gtk_drop_down_get_type()).first)
            XCTAssertEqual(gtk_drop_down_get_selected(cast(choice)), 3, "High, the fourth of six")
            gtk_drop_down_set_selected(cast(choice), 5)
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked, [.setJobPriority(.force)])

            job.state = .paused
            page.details.show(job, clientName: "SABnzbd", kind: .sabnzbd)
            page.details.render(InspectionData.usenetDetails)
            XCTAssertEqual(page.details.jobPriorities, [.low, .normal, .high, .force], "SABnzbd's four")
            page.details.askPriority()
            dialog = try XCTUnwrap(page.details.confirmation)
            choice = try XCTUnwrap(Self.descendants(of: dialog.window.widget, gtk_drop_down_get_type()).first)
            XCTAssertEqual(gtk_drop_down_get_selected(cast(choice)), 2)
            let labels = Self.descendants(of: dialog.window.widget, gtk_label_get_type()).compactMap { gtk_label_get_text(cast($0)).map { String(cString: $0) } }
            XCTAssertTrue(labels.contains { $0.contains("SABnzbd resumes it when its priority changes") }, "\(labels)")
            dialog.answer(confirmed: false)
            XCTAssertEqual(asked.count, 1, "cancelled: nothing sent")

            // SABnzbd's category change also sets the job's priority and post-processing: the form says so.
            page.details.askGroups(of: job, from: .oneOf(["movies", "tv"]))
            dialog = try XCTUnwrap(page.details.confirmation)
            let words = Self.descendants(of: dialog.window.widget, gtk_label_get_type()).compactMap { gtk_label_get_text(cast($0)).map { String(cString: $0) } }
            XCTAssertTrue(words.contains { $0.contains("SABnzbd also gives the job the category's priority and post-processing.") }, "\(words)")
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked.last, .setCategory(nil), "None picked: the job's category is none in the sample")
        }
    }

    /// A queued job takes an archive password (typed into a password field, Set only for a possible one) but has
    /// nothing to download again; a failed job of the history takes Download Again (asked first) and nothing else.
    func testArchivePasswordForAQueuedJobAndDownloadAgainForAFailedOne() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            gtk_init()
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            var asked: [TransferDetailAction] = []
            page.details.onAction = { action, _ in asked.append(action) }
            let group = try XCTUnwrap(page.details.group)
            var job = try XCTUnwrap(InspectionData.transfers.first { $0.name == "Test.Pattern.Pack" })
            page.openDetails(key: DownloadsPage.key(job))
            page.details.render(InspectionData.usenetDetails)
            XCTAssertTrue(group.isEnabled("password"))
            XCTAssertFalse(group.isEnabled("retry"), "a queued job has nothing to download again")
            XCTAssertFalse(page.details.moreButton.tooltip?.contains("Download Again") ?? true, "and is not said to lack it")
            page.details.askArchivePassword()
            var dialog = try XCTUnwrap(page.details.confirmation)
            let field = try XCTUnwrap(Self.descendants(of: dialog.window.widget, gtk_password_entry_get_type()).first)
            XCTAssertFalse(dialog.confirmButton.sensitive)
            gtk_editable_set_text(cast(field), "fixture-archive-secret")
            XCTAssertTrue(dialog.confirmButton.sensitive)
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked, [.setArchivePassword(ArchivePassword("fixture-archive-secret"))])

            job.inHistory = true
            job.state = .error
            page.details.show(job, clientName: "NZBGet", kind: .nzbget)
            XCTAssertTrue(group.isEnabled("retry"))
            for name in ["password", "priority", "rename", "queue-top"] { XCTAssertFalse(group.isEnabled(name), name) }
            XCTAssertFalse(page.details.groupButton.sensitive, "a finished job takes no category here")
            XCTAssertEqual(page.details.groupButton.tooltip, "NZBGet takes no changes to a finished download")
            page.details.confirmRetry()
            dialog = try XCTUnwrap(page.details.confirmation)
            dialog.answer(confirmed: false)
            XCTAssertEqual(asked.count, 1, "cancelled: nothing sent")
            page.details.confirmRetry()
            try XCTUnwrap(page.details.confirmation).answer(confirmed: true)
            XCTAssertEqual(asked.last, .retry)
            job.state = .completed
            page.details.show(job, clientName: "NZBGet", kind: .nzbget)
            XCTAssertFalse(group.isEnabled("retry"), "only a failed job is downloaded again")
        }
    }

    func testTheTrackersPageAddsEditsAndRemovesThePickedTrackers() throws {
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
            XCTAssertFalse(page.details.addTrackersButton.visible, "only on the Trackers page")
            page.details.visiblePart = .trackers
            XCTAssertTrue(page.details.addTrackersButton.visible)
            XCTAssertTrue(page.details.addTrackersButton.sensitive)
            XCTAssertFalse(page.details.editTrackerButton.sensitive, "none picked")
            XCTAssertFalse(page.details.removeTrackersButton.sensitive)
            let keys = page.details.trackers.list.keys
            XCTAssertEqual(keys.count, 2)
            page.details.trackers.list.select(keys: Set(keys))
            XCTAssertFalse(page.details.editTrackerButton.sensitive, "two picked: edit takes one")
            XCTAssertTrue(page.details.removeTrackersButton.sensitive)
            let urls = page.details.pickedTrackers
            XCTAssertEqual(urls.count, 2)

            // Remove: asked first, Cancel the default.
            page.details.confirmRemoveTrackers()
            var dialog = try XCTUnwrap(page.details.confirmation)
            dialog.answer(confirmed: false)
            XCTAssertEqual(asked, [])
            page.details.confirmRemoveTrackers()
            dialog = try XCTUnwrap(page.details.confirmation)
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked, [.removeTrackers(urls)])

            // Edit the one picked.
            page.details.trackers.list.select(keys: [keys[0]])
            XCTAssertTrue(page.details.editTrackerButton.sensitive)
            page.details.askEditTracker()
            dialog = try XCTUnwrap(page.details.confirmation)
            let field = try XCTUnwrap(Self.descendants(of: dialog.window.widget, gtk_entry_get_type()).first)
            XCTAssertFalse(dialog.confirmButton.sensitive, "the same address")
            gtk_editable_set_text(cast(field), "tracker.fixture.invalid")
            XCTAssertFalse(dialog.confirmButton.sensitive, "not an address")
            gtk_editable_set_text(cast(field), "https://tracker9.fixture.invalid/announce")
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked.last, .replaceTracker(page.details.pickedTrackers[0], with: "https://tracker9.fixture.invalid/announce"))

            // Add: one per line; a line that is not an address keeps Add off.
            page.details.askAddTrackers(prefill: "udp://a.fixture.invalid:1/announce\nnot-an-address")
            dialog = try XCTUnwrap(page.details.confirmation)
            XCTAssertFalse(dialog.confirmButton.sensitive)
            dialog.answer(confirmed: false)
            page.details.askAddTrackers(prefill: "udp://a.fixture.invalid:1/announce\n\nhttp://b.fixture.invalid/announce\nudp://a.fixture.invalid:1/announce")
            dialog = try XCTUnwrap(page.details.confirmation)
            XCTAssertTrue(dialog.confirmButton.sensitive)
            dialog.answer(confirmed: true)
            XCTAssertEqual(asked.last, .addTrackers(["udp://a.fixture.invalid:1/announce", "http://b.fixture.invalid/announce"]), "repeats dropped")

            // rTorrent adds, and cannot edit or remove: greyed out, saying so.
            page.details.show(bay, clientName: "rTorrent", kind: .rtorrent)
            XCTAssertTrue(page.details.addTrackersButton.sensitive)
            XCTAssertFalse(page.details.removeTrackersButton.sensitive)
            XCTAssertEqual(page.details.removeTrackersButton.tooltip, "rTorrent cannot do this through its API")
        }
    }

    /// The Files page as a tree: a folder closes and opens with activation (Enter, a double click), keeps what is open
    /// across a refresh with the same paths, sums its files ("Mixed" priorities), and picking it picks all its files.
    func testTheFilesPageIsATreeOfFolders() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            gtk_init()
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            var asked: [TransferDetailAction] = []
            page.details.onAction = { action, _ in asked.append(action) }
            page.openDetails(key: DownloadsPage.key(InspectionData.transfers[0]))
            page.details.render(InspectionData.transferDetails)
            page.details.visiblePart = .files
            let root = "d:Placeholder.Bay.S02E02.1080p.WEB-DL", sample = root + "/Sample"
            XCTAssertEqual(page.details.fileRows[root]?.sizeBytes, 2_380_000_000 + 4_200 + 61_000 + 19_900_000)
            XCTAssertNil(page.details.fileRows[root]?.priority, "high, normal and skip inside")
            XCTAssertEqual(page.details.fileRows[sample]?.priority, .skip)
            page.details.toggleFolder(at: 3) // Sample
            XCTAssertEqual(page.details.files.list.keys, [root, "0", "1", sample, root + "/Subs", "2"])
            page.details.render(InspectionData.transferDetails) // a refresh: the same paths, Sample stays closed
            XCTAssertEqual(page.details.files.list.keys.count, 6)
            page.details.toggleFolder(at: 1) // a file: nothing
            XCTAssertEqual(page.details.files.list.keys.count, 6)
            page.details.toggleFolder(at: 0)
            XCTAssertEqual(page.details.files.list.keys, [root], "the whole torrent closed")
            page.details.files.list.select(keys: [root])
            XCTAssertEqual(page.details.pickedFiles, [0, 1, 2, 3], "the folder stands for every file in it")
            gtk_widget_activate_action_variant(page.details.widget.widget, "details.priority-high", nil)
            XCTAssertEqual(asked, [.setFilePriority(.high, files: [0, 1, 2, 3])], "one action naming them all")
            page.details.toggleFolder(at: 0)
            XCTAssertEqual(page.details.files.list.keys.count, 6, "open again, Sample still closed")
        }
    }

    /// Peers keep their rows while shown: a read that reorders them by speed moves nothing; a new peer comes last, a gone
    /// one leaves; only rows whose values changed are bound again.
    func testPeersKeepTheirPlacesAsSpeedsChange() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            gtk_init()
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            page.openDetails(key: DownloadsPage.key(InspectionData.transfers[0]))
            var inspection = InspectionData.transferDetails
            page.details.render(inspection)
            let first = page.details.peers.list.keys
            XCTAssertEqual(first.count, 3)
            var peers = try XCTUnwrap(inspection.peers)
            peers[peers.count - 1].downloadSpeed = 99_000_000 // the slowest is now the fastest
            peers.removeFirst()
            peers.append(TransferPeer(address: "203.0.113.9", port: 6881, client: "Fixture", flags: "", progress: 0.5,
                                      downloadSpeed: 1, uploadSpeed: 0, country: nil, isEncrypted: false, isIncoming: false))
            inspection.peers = peers.fastestFirst()
            page.details.render(inspection)
            XCTAssertEqual(page.details.peers.list.keys, Array(first.dropFirst()) + ["203.0.113.9:6881"])
        }
    }

    /// Thousands of files: the tree is made off the main loop and shown when it comes; another transfer picked
    /// meanwhile drops it.
    func testALargeTreeIsMadeOffTheMainLoop() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            gtk_init()
            MainLoop.installDispatchBridge() // the tree comes back to the main actor through the GLib loop
            let page = DownloadsPage(clock: .inspection)
            page.render(.content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            page.openDetails(key: DownloadsPage.key(InspectionData.transfers[0]))
            page.details.visiblePart = .files
            let many = (0..<3000).map { TransferFile(index: $0, path: "Big/Disc \($0 / 100)/track \($0 % 100).flac", sizeBytes: 10, doneBytes: 5, priority: .normal) }
            page.details.render(TransferInspection(files: many))
            XCTAssertNil(page.details.fileTree, "not made on the main loop")
            XCTAssertTrue(iterate(until: { page.details.fileTree != nil && page.details.fileRows.count == 3031 }))
            XCTAssertEqual(page.details.fileRows["d:Big"]?.sizeBytes, 30_000)
            // Picked another transfer before the tree came: it is dropped.
            page.details.render(TransferInspection(files: many.map { var file = $0; file.doneBytes = 10; return file }))
            page.openDetails(key: DownloadsPage.key(InspectionData.transfers[1]))
            XCTAssertTrue(iterate(until: { page.details.filesBeingMade == 0 }))
            XCTAssertNil(page.details.fileTree, "the other transfer's files are not shown")
        }
    }
}
