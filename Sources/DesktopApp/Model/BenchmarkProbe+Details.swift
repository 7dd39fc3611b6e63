#if SWITCHYARD_BENCHMARK_PROBE
import CGtk
import Core
import Foundation

/// `make bench`, the details pane (`details`): a qBittorrent-shaped server whose first torrent has 10,000 files in
/// 100 folders and 50 peers. The pane opened on its Files page: from the open to the tree painted; a folder of every
/// file closed and opened again (10 rounds, the stall of each to its frame); a scroll through all of it; 1,000 files
/// (ten folders) picked and skipped (the stall to the frame, the requests sent, and when the read-back shows them);
/// the stall of each later read of the page while shown. Then the Peers page on screen for a minute (read every
/// second) and the pane closed for a minute: the process's CPU in each (the list refreshes in both).
extension BenchmarkProbe {
    static let detailsHash = String(repeating: "0", count: 40)

    func detailsListShown(_ count: Int) {
        guard count > 0, report["detailsStarted"] == nil, let page = window?.downloads,
              let item = page.list.keys.lazy.compactMap({ page.item(forKey: $0) }).first(where: { $0.joinKey == Self.detailsHash }) else { return }
        report["detailsStarted"] = true
        // Let the first load settle, then open the pane on the Files page.
        timers.append(Timer(milliseconds: 2000) { [weak self] in
            self?.openFiles(page, key: DownloadsPage.key(item))
            return false
        })
    }

    private func openFiles(_ page: DownloadsPage, key: String) {
        let pane = page.details
        pane.visiblePart = .files
        _ = takeMaxStall()
        let opened = ContinuousClock.now
        var refreshStalls: [Double] = []
        pane.onFilesShown = { [weak self] rows in
            guard let self else { return }
            if self.report["filesFirstPaintMs"] == nil {
                self.afterNextPaint(pane.files.view.widget) { [weak self] in
                    guard let self else { return }
                    self.report["filesFirstPaintMs"] = Self.milliseconds(ContinuousClock.now - opened)
                    self.report["filesFirstPaintStallMs"] = self.takeMaxStall()
                    self.report["filesRows"] = rows
                    self.timers.append(Timer(milliseconds: 500) { [weak self] in
                        self?.toggleFolders(page, rounds: 10, stalls: [])
                        return false
                    })
                }
            } else if self.report["filesRefreshStallsMs"] == nil {
                self.afterNextPaint(pane.files.view.widget) { [weak self] in refreshStalls.append(self?.takeMaxStall() ?? 0) }
                self.detailsRefreshStalls = refreshStalls
            }
        }
        page.openDetails(key: key)
    }

    /// The top folder (every file inside) closed and opened again, each to its frame.
    private func toggleFolders(_ page: DownloadsPage, rounds: Int, stalls: [Double]) {
        let pane = page.details
        guard rounds > 0 else {
            report["folderToggleStallMs"] = stalls
            report["folderToggleStallMaxMs"] = stalls.max() ?? 0
            return scrollFiles(page)
        }
        _ = takeMaxStall()
        pane.toggleFolder(at: 0)
        afterNextPaint(pane.files.view.widget) { [weak self] in
            guard let self else { return }
            self.toggleFolders(page, rounds: rounds - 1, stalls: stalls + [self.takeMaxStall()])
        }
    }

    private func scrollFiles(_ page: DownloadsPage) {
        guard let adjustment = page.details.files.view.vadjustment else { return finish() }
        _ = takeMaxStall()
        var pages = 0
        timers.append(Timer(milliseconds: 16) { [weak self] in
            guard let self else { return false }
            let value = gtk_adjustment_get_value(adjustment), size = gtk_adjustment_get_page_size(adjustment)
            let upper = gtk_adjustment_get_upper(adjustment)
            if value + size < upper - 1 {
                gtk_adjustment_set_value(adjustment, min(upper - size, value + size))
                pages += 1
                return true
            }
            self.report["filesScrolledPages"] = pages
            self.report["filesScrollStallMs"] = self.takeMaxStall()
            gtk_adjustment_set_value(adjustment, 0)
            self.timers.append(Timer(milliseconds: 500) { [weak self] in
                self?.skipThousandFiles(page)
                return false
            })
            return false
        })
    }

    /// Ten folders of 100 picked, then Do Not Download: one action for 1,000 files.
    private func skipThousandFiles(_ page: DownloadsPage) {
        let pane = page.details
        let folders = (0..<10).map { String(format: "%@Fixture.Big.Torrent/Disc %03d", FileTree.folderPrefix, $0) }
        pane.files.list.select(keys: Set(folders))
        report["filesPicked"] = pane.pickedFiles.count
        let before = counter.count("/torrents/filePrio")
        _ = takeMaxStall()
        let asked = ContinuousClock.now
        gtk_widget_activate_action_variant(pane.widget.widget, "details.priority-skip", nil)
        afterNextPaint(pane.files.view.widget) { [weak self] in
            guard let self else { return }
            self.report["prioritySetStallMs"] = self.takeMaxStall()
            // The read-back: the page read again after the answer shows the 1,000 skipped.
            self.timers.append(Timer(milliseconds: 20) { [weak self] in
                guard let self else { return false }
                let skipped = pane.fileTree?.files.filter { $0.priority == .skip }.count ?? 0
                guard skipped >= 1000 || ContinuousClock.now - asked > .seconds(30) else { return true }
                self.report["priorityReadBackMs"] = Self.milliseconds(ContinuousClock.now - asked)
                self.report["priorityReadBackSkipped"] = skipped
                self.report["priorityRequests"] = self.counter.count("/torrents/filePrio") - before
                self.report["filesRefreshStallsMs"] = self.detailsRefreshStalls
                self.report["filesRefreshStallMaxMs"] = self.detailsRefreshStalls.max() ?? 0
                self.measurePeersCPU(page)
                return false
            })
        }
    }

    /// A minute with the Peers page on screen (read every second), then a minute with the pane closed.
    private func measurePeersCPU(_ page: DownloadsPage) {
        let minute = UInt32(ProcessInfo.processInfo.environment["SWITCHYARD_BENCH_PEERS_SECONDS"].flatMap(UInt32.init) ?? 60)
        stallProbeTimer = nil // its own 2 ms ticks would count in both minutes
        page.details.visiblePart = .peers
        let peersAt = Self.cpuSeconds(), peerReads = counter.count("/sync/torrentPeers")
        timers.append(Timer(milliseconds: minute * 1000) { [weak self] in
            guard let self else { return false }
            let open = (Self.cpuSeconds() - peersAt) * 60 / Double(minute)
            self.report["peersPageRequests"] = self.counter.count("/sync/torrentPeers") - peerReads
            page.closeDetails()
            let details = ["/torrents/properties", "/torrents/files", "/sync/torrentPeers", "/torrents/trackers"]
            let closedAt = Self.cpuSeconds(), closedReads = details.map { self.counter.count($0) }.reduce(0, +)
            self.timers.append(Timer(milliseconds: minute * 1000) { [weak self] in
                guard let self else { return false }
                let closed = (Self.cpuSeconds() - closedAt) * 60 / Double(minute)
                self.report["cpuPerMinutePeersOpenSeconds"] = open
                self.report["cpuPerMinutePaneClosedSeconds"] = closed
                self.report["cpuPerMinutePeersExtraSeconds"] = open - closed
                self.report["detailReadsWhileClosed"] = details.map { self.counter.count($0) }.reduce(0, +) - closedReads
                self.finish()
                return false
            })
            return false
        })
    }
}
#endif
