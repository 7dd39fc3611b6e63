#if SWITCHYARD_BENCHMARK_PROBE
import CGtk
import Core
import Foundation

/// `make bench` scenarios `library` (the Movies tab filled, scrolled, refreshed) and `lookup` (Add Series typed into, its results painted).
extension BenchmarkProbe {
    func libraryApplied(_ count: Int) {
        if let refreshStarted, report["refreshShownMs"] == nil, let window {
            // The refresh (Ctrl+R) of the library on screen: from the key press to its answer painted.
            afterNextPaint(window.window) { [weak self] in
                guard let self, self.report["refreshShownMs"] == nil else { return }
                self.report["refreshShownMs"] = Self.milliseconds(.now - refreshStarted)
                self.report["stallDuringRefreshMs"] = self.takeMaxStall()
                self.report["longStallsDuringRefresh"] = self.longStalls.map { [Self.milliseconds($0.at - refreshStarted), $0.ms, $0.cpuMs] }
                Self.profiler("disable")
                self.finish()
            }
            return
        }
        guard count > 1000, report["shownMs"] == nil, let window else { return }
        afterNextPaint(window.window) { [weak self] in
            guard let self, let arrived = self.arrived else { return }
            self.report["items"] = count
            self.report["shownMs"] = Self.milliseconds(.now - arrived)
            self.report["rssAfterShownMB"] = Self.residentMB("VmRSS")
            if let page = window.library(self.libraryFeature) { self.scrollWhenSettled(page, arrived: arrived) }
        }
    }

    /// The list grows over a few frames after its first rows are painted. Once it holds every item:
    /// the first load's stalls, then a scroll through all of it.
    func scrollWhenSettled(_ page: LibraryPage, arrived: ContinuousClock.Instant) {
        timers.append(Timer(milliseconds: 20) { [weak self, weak page] in
            guard let self, let page else { return false }
            guard page.isListSettled else { return true }
            self.report["settledMs"] = Self.milliseconds(.now - arrived)
            // The first load runs while the window starts: its stalls include start-up's (reported apart
            // from the refresh's, below), and those after the content arrived are the load's own.
            self.report["stallFirstLoadMs"] = self.takeMaxStall()
            self.report["stallFirstLoadAfterArrivalMs"] = Self.milliseconds(self.maxSinceArrival)
            // Each stall over 16 ms so far: when it ended, in ms after the content arrived (negative: before).
            self.report["longStallsFirstLoad"] = self.longStalls.map { [Self.milliseconds($0.at - arrived), $0.ms, $0.cpuMs] }
            self.longStalls = []
            self.scrollThrough(page.listView)
            return false
        })
    }

    func scrollThrough(_ list: ListView) {
        guard let adjustment = list.vadjustment else { return finish() }
        var pages = 0
        let started = ContinuousClock.now
        timers.append(Timer(milliseconds: 16) { [weak self] in
            guard let self else { return false }
            let value = gtk_adjustment_get_value(adjustment), page = gtk_adjustment_get_page_size(adjustment)
            let upper = gtk_adjustment_get_upper(adjustment)
            if value + page < upper - 1 {
                gtk_adjustment_set_value(adjustment, min(upper - page, value + page))
                pages += 1
                return true
            }
            self.report["scrolledPages"] = pages
            self.report["scrollSeconds"] = Self.milliseconds(ContinuousClock.now - started) / 1000
            self.report["stallWhileScrollingMs"] = self.takeMaxStall()
            self.report["stallsOver16WhileScrolling"] = self.longStalls.count
            self.report["longStallsWhileScrolling"] = self.longStalls.map { [Self.milliseconds($0.at - started), $0.ms, $0.cpuMs] }
            // Let the last posters arrive, then read memory.
            self.timers.append(Timer(milliseconds: 2000) { [weak self] in
                self?.finishLibrary()
                return false
            })
            return false
        })
    }

    func finishLibrary() {
        report["rssAfterScrollMB"] = Self.residentMB("VmRSS")
        report["peakRSSMB"] = Self.residentMB("VmHWM")
        if let posters = window?.library(libraryFeature)?.posterStats {
            report["postersRequested"] = posters.started
            report["postersDecoded"] = posters.decoded
        }
        refreshLibrary()
    }

    /// Ctrl+R with the library on screen (scrolled to the end, posters loaded).
    func refreshLibrary() {
        guard let window else { return finish() }
        _ = takeMaxStall()
        longStalls = []
        refreshStarted = .now
        Self.profiler("enable")
        gtk_widget_activate_action_variant(window.window, "win.refresh", nil)
    }

    /// Profiles one part of a run: with SWITCHYARD_BENCH_PERF_CONTROL naming the control FIFO of a
    /// `perf record --control=fifo:… -D -1` around the app, the library's refresh (Ctrl+R to its answer
    /// painted) is the only part recorded (Documentation/Performance.md).
    static func profiler(_ command: String) {
        guard let path = ProcessInfo.processInfo.environment["SWITCHYARD_BENCH_PERF_CONTROL"] else { return }
        let fd = open(path, O_WRONLY | O_NONBLOCK)
        guard fd >= 0 else { return }
        _ = (command + "\n").withCString { write(fd, $0, strlen($0)) }
        close(fd)
    }

    // MARK: Lookup

    /// Opens Add Series once the window has shown its series and settled (a user opens it after the
    /// window has loaded; the start-up refreshes are not typing's cost).
    func openLookupWhenShown() {
        window?.library(.series)?.onApplied = { [weak self] (_: Int) in
            guard let self, self.lookupDialog == nil, !self.lookupOpening else { return }
            self.lookupOpening = true
            self.timers.append(Timer(milliseconds: 1000) { [weak self] in
                self?.openLookup()
                return false
            })
        }
        timers.append(Timer(milliseconds: 50) { [weak self] in
            guard let self, let window = self.window else { return false }
            guard !window.isShowingWelcome, window.window.isMapped else { return true }
            window.select(.series)
            return false
        })
    }

    func openLookup() {
        timers.append(Timer(milliseconds: 50) { [weak self] in
            guard let self, let model = self.model else { return false }
            model.controller(AddToLibraryController.self)?.open(.series)
            self.timers.append(Timer(milliseconds: 20) { [weak self] in
                guard let self, let model = self.model else { return false }
                guard let dialog = model.controller(AddToLibraryController.self)?.dialog, dialog.window.isMapped else { return true }
                self.lookupDialog = dialog
                dialog.onResultsShown = { [weak self] count in self?.lookupResultsShown(count) }
                // Nobody types into a window before it is on screen: from its first painted frame.
                self.afterNextPaint(dialog.window.widget) { [weak self] in self?.typeLookupTerm() }
                return false
            })
            return false
        })
    }

    /// Types the term a character every 90 ms (a fast typist), after clearing the entry.
    func typeLookupTerm() {
        guard let dialog = lookupDialog else { return finish() }
        dialog.searchEntry.text = ""
        counter.lookupAnswered = nil
        _ = takeMaxStall()
        var typed = 0
        timers.append(Timer(milliseconds: 90) { [weak self] in
            guard let self, let dialog = self.lookupDialog else { return false }
            typed += 1
            dialog.searchEntry.text = String(Self.lookupTerm.prefix(typed))
            guard typed == Self.lookupTerm.count else { return true }
            self.typingStalls.append(self.takeMaxStall())
            return false
        })
    }

    func lookupResultsShown(_ count: Int) {
        guard count >= 50, let dialog = lookupDialog else { return }
        afterNextPaint(dialog.window.widget) { [weak self] in
            guard let self else { return }
            guard let answered = self.counter.lookupAnswered else {
                self.report["lookupFailure"] = "results shown without a recorded answer"
                return self.finish()
            }
            self.report["lookupResults"] = count
            self.lookupShown.append(Self.milliseconds(.now - answered))
            self.resultStalls.append(self.takeMaxStall())
            guard self.lookupShown.count < Self.lookupRoundCount else {
                // Posters load after the rows: give them a moment, then report.
                self.timers.append(Timer(milliseconds: 1500) { [weak self] in
                    self?.finishLookup()
                    return false
                })
                return
            }
            self.timers.append(Timer(milliseconds: 300) { [weak self] in
                self?.typeLookupTerm()
                return false
            })
        }
    }

    func finishLookup() {
        let shown = lookupShown.sorted()
        report["lookupShownMs"] = lookupShown
        report["lookupShownMsMedian"] = shown[shown.count / 2]
        report["lookupShownMsMax"] = shown.last ?? 0
        report["typingStallMaxMs"] = typingStalls.max() ?? 0
        report["typingStallMs"] = typingStalls
        report["resultsStallMaxMs"] = resultStalls.max() ?? 0
        if let posters = model?.posters {
            report["postersRequested"] = posters.started
            report["postersShown"] = posters.landed
        }
        lookupDialog?.window.destroy()
        finish()
    }
}
#endif
