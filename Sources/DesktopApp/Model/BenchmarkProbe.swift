#if SWITCHYARD_BENCHMARK_PROBE
// Compiled into debug builds and `make bench`'s release build only (Package.swift, Makefile):
// the binary `make release` ships has none of it.
import CGtk
import Core
import Foundation
import Glibc

/// Measurements `make bench` takes inside the running app, against a real
/// profile (registry + keyring) pointing at local servers. Off unless
/// SWITCHYARD_BENCH names a scenario; the report is one JSON object written to
/// SWITCHYARD_BENCH_REPORT, then the app quits. Nothing here runs otherwise.
///
/// - `library`: the Movies tab; time from the repository handing over a library
///   to the first frame painted with it in the list, the longest main-loop stall
///   around it, then a scroll through the whole list with posters loading, and
///   the resident memory after it.
/// - `lookup`: Add Series; a title typed a character at a time (the longest stall while typing), then
///   the time from the lookup's answer arriving (the transport hands it over) to the frame painted with
///   its results (50 from the fixture server), and the stall around it — 5 rounds; posters load after.
/// - `live`: the Activity tab with a Sonarr fixture server, its live channel up or (no hub there)
///   polling; the bench script removes a download from the queue when the probe asks (a file
///   `<report>.round-N`), writes when (`<report>.changed-N`) and, with a hub, pushes `queue` sync:
///   the time from the change at the service to the frame painted without that download (20
///   rounds), from the message reaching the main thread when live, and how many Activity refreshes
///   the messages caused; then (`<report>.idle`) 65 s open and idle while the script counts bytes.
/// - `downloads`: the Downloads tab; process start → first frame painted with
///   rows, then 60 s (SWITCHYARD_BENCH_SECONDS: the soak runs 1,800) of refreshes: bytes received
///   per refresh, the stalls per refresh (longest and their distribution), CPU seconds, resident
///   memory sampled each minute (its growth per hour after the first five minutes: leaks) and at
///   the end where it goes (`memory`: /proc/self/smaps by owner, and malloc's own count).
@MainActor
final class BenchmarkProbe: ContentObserver {
    enum Scenario: String { case library, downloads, pause, lookup, live }

    let scenario: Scenario
    private let reportPath: String
    private let stallProbe: Bool
    let counter = ByteCounter()
    private(set) weak var window: MainWindow?
    private weak var model: AppModel?
    private var lastTick = ContinuousClock.now
    private var maxLateness: Duration = .zero
    /// The longest stall since the content (of the library scenario) arrived.
    private var maxSinceArrival: Duration = .zero
    /// Stalls over a frame, with when they ended (the library report places them around its refresh).
    /// Each stall over 16 ms: when it ended, how long, and how much of it the main thread spent running
    /// (the rest it waited for a core: on these 2-core machines, other processes' and threads' time).
    private var longStalls: [(at: ContinuousClock.Instant, ms: Double, cpuMs: Double)] = []
    private var lastTickCPU = 0.0
    var report: [String: Any] = [:]
    private var refreshes: [[String: Any]] = []
    private var bytesAtLastRefresh = 0
    private var paintedAt: Double?
    private var paintedInstant: ContinuousClock.Instant?
    private var cpuAtPaint = 0.0
    /// How long the `downloads` scenario runs after the first paint.
    private let seconds = Int(ProcessInfo.processInfo.environment["SWITCHYARD_BENCH_SECONDS"] ?? "") ?? 60
    private var rssSamples: [Double] = []
    private static let tick: Duration = .milliseconds(2)
    /// The probe's main-loop timers; released with the probe (the model holds it as its observer).
    var timers: [Timer] = []

    static func fromEnvironment() -> BenchmarkProbe? {
        let environment = ProcessInfo.processInfo.environment
        guard let name = environment["SWITCHYARD_BENCH"], let scenario = Scenario(rawValue: name),
              let path = environment["SWITCHYARD_BENCH_REPORT"] else { return nil }
        return BenchmarkProbe(scenario: scenario, reportPath: path, stallProbe: environment["SWITCHYARD_BENCH_NO_STALL_PROBE"] == nil)
    }

    private init(scenario: Scenario, reportPath: String, stallProbe: Bool) {
        self.scenario = scenario
        self.reportPath = reportPath
        self.stallProbe = stallProbe
    }

    /// The transport the app uses, counted.
    func wrap(_ transport: any HTTPTransport) -> any HTTPTransport { CountingTransport(transport, counter: counter) }

    func attach(_ window: MainWindow, model: AppModel?) {
        self.window = window
        self.model = model
        if stallProbe { startStallProbe() }
        switch scenario {
        case .library:
            window.movies.onApplied = { [weak self] count in self?.libraryApplied(count) }
            selectWhenShown()
        case .downloads:
            window.downloads.onApplied = { [weak self] count in self?.downloadsApplied(count) }
            selectWhenShown()
        case .pause:
            window.downloads.onApplied = { [weak self] count in self?.pauseListShown(count) }
            selectWhenShown()
        case .lookup:
            openLookupWhenShown()
        case .live:
            window.activity.onApplied = { [weak self] count in self?.liveActivityApplied(count) }
            timers.append(Timer(milliseconds: 50) { [weak self] in
                guard let self, let window = self.window else { return false }
                guard !window.isShowingWelcome, window.window.isMapped else { return true }
                window.select(.activity)
                return false
            })
        }
    }

    private var arrived: ContinuousClock.Instant?

    /// The repository handed over content at `instant` (recorded off the main thread, before the hop).
    func contentArrived(_ feature: Feature, at instant: ContinuousClock.Instant) {
        guard feature == (scenario == .library ? .movies : .downloads), arrived == nil else { return }
        arrived = instant
    }

    private func selectWhenShown() {
        timers.append(Timer(milliseconds: 50) { [weak self] in
            guard let self, let window = self.window else { return false }
            guard !window.isShowingWelcome, window.window.isMapped else { return true }
            window.select(self.scenario == .library ? .movies : .downloads)
            return false
        })
    }

    // MARK: Stalls

    private func startStallProbe() {
        lastTick = .now
        lastTickCPU = Self.threadCPUMilliseconds()
        timers.append(Timer(milliseconds: 2, priority: G_PRIORITY_HIGH) { [weak self] in
            guard let self else { return false }
            let now = ContinuousClock.now
            let cpu = Self.threadCPUMilliseconds()
            defer { self.lastTickCPU = cpu }
            let late = now - self.lastTick - Self.tick
            if late > self.maxLateness { self.maxLateness = late }
            if self.arrived != nil, late > self.maxSinceArrival { self.maxSinceArrival = late }
            if late > .milliseconds(16), self.longStalls.count < 200 {
                self.longStalls.append((at: now, ms: Self.milliseconds(late), cpuMs: cpu - self.lastTickCPU))
            }
            self.lastTick = now
            return true
        })
    }

    func takeMaxStall() -> Double {
        defer { maxLateness = .zero }
        return Self.milliseconds(maxLateness)
    }

    // MARK: Library

    private func libraryApplied(_ count: Int) {
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
            self.scrollWhenSettled(window.movies, arrived: arrived)
        }
    }

    /// The list grows over a few frames after its first rows are painted. Once it holds every item:
    /// the first load's stalls, then a scroll through all of it.
    private func scrollWhenSettled(_ page: LibraryPage, arrived: ContinuousClock.Instant) {
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

    private func scrollThrough(_ list: ListView) {
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

    private func finishLibrary() {
        report["rssAfterScrollMB"] = Self.residentMB("VmRSS")
        report["peakRSSMB"] = Self.residentMB("VmHWM")
        if let posters = window?.movies.posterStats {
            report["postersRequested"] = posters.started
            report["postersDecoded"] = posters.decoded
        }
        refreshLibrary()
    }

    private var refreshStarted: ContinuousClock.Instant?

    /// Ctrl+R with the 20,000 movies on screen (scrolled to the end, posters loaded).
    private func refreshLibrary() {
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
    private static func profiler(_ command: String) {
        guard let path = ProcessInfo.processInfo.environment["SWITCHYARD_BENCH_PERF_CONTROL"] else { return }
        let fd = open(path, O_WRONLY | O_NONBLOCK)
        guard fd >= 0 else { return }
        _ = (command + "\n").withCString { write(fd, $0, strlen($0)) }
        close(fd)
    }

    // MARK: Lookup

    private static let lookupTerm = Array("fixture series")
    private static let lookupRoundCount = 5
    private weak var lookupDialog: AddToLibraryDialog?
    private var lookupShown: [Double] = []
    private var typingStalls: [Double] = []
    private var resultStalls: [Double] = []

    /// Opens Add Series once the window has shown its series and settled (a user opens it after the
    /// window has loaded; the start-up refreshes are not typing's cost).
    private func openLookupWhenShown() {
        window?.series.onApplied = { [weak self] _ in
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

    private var lookupOpening = false

    private func openLookup() {
        timers.append(Timer(milliseconds: 50) { [weak self] in
            guard let self, let model = self.model else { return false }
            model.openAddToLibrary(.series)
            self.timers.append(Timer(milliseconds: 20) { [weak self] in
                guard let self, let model = self.model else { return false }
                guard let dialog = model.addToLibraryDialog, dialog.window.isMapped else { return true }
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
    private func typeLookupTerm() {
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

    private func lookupResultsShown(_ count: Int) {
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

    private func finishLookup() {
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

    // MARK: Live

    private var liveCount: Int?
    private var liveArrived: ContinuousClock.Instant?
    private var liveRounds: [Double] = []
    private var changeRounds: [Double] = []
    private static let liveRoundCount = 20
    /// After the rounds: how long the app stays open, idle on Activity, while the bench script counts
    /// the bytes between it and the service.
    private static let liveIdleMilliseconds: UInt32 = 65_000

    func liveMessage(_ name: String, at instant: ContinuousClock.Instant) {
        guard scenario == .live, name == "queue", liveArrived == nil, liveCount != nil else { return }
        liveArrived = instant
    }

    private func liveActivityApplied(_ count: Int) {
        guard count > 0, let window else { return }
        guard let before = liveCount else {
            // The first content: ask the bench script for the first change.
            liveCount = count
            report["items"] = count
            askForLiveRound()
            return
        }
        guard count < before else { return }
        let arrived = liveArrived
        afterNextPaint(window.window) { [weak self] in
            guard let self else { return }
            let painted = Date().timeIntervalSince1970
            let round = self.changeRounds.count + 1
            // When the script changed the service (wall clock, the same machine), written before it asked.
            if let text = try? String(contentsOfFile: "\(self.reportPath).changed-\(round)", encoding: .utf8),
               let changed = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                self.changeRounds.append(((painted - changed) * 1000).rounded())
            }
            if let arrived { self.liveRounds.append(Self.milliseconds(.now - arrived)) }
            self.liveCount = count
            self.liveArrived = nil
            guard self.changeRounds.count < Self.liveRoundCount else { return self.finishLive() }
            self.askForLiveRound()
        }
    }

    private func finishLive() {
        let changes = changeRounds.sorted()
        report["changeToPaintedMs"] = changeRounds
        report["changeToPaintedMsMedian"] = changes[changes.count / 2]
        report["changeToPaintedMsMax"] = changes.last ?? 0
        if !liveRounds.isEmpty {
            let sorted = liveRounds.sorted()
            report["pushToPaintedMs"] = liveRounds
            report["pushToPaintedMsMedian"] = sorted[sorted.count / 2]
            report["pushToPaintedMsMax"] = sorted.last ?? 0
        }
        report["activityRefreshesFromLive"] = model?.liveRefreshes[.activity] ?? 0
        report["liveMessages"] = model?.liveMessages ?? 0
        report["liveStates"] = model?.liveStates.values.map { "\($0)" } ?? []
        FileManager.default.createFile(atPath: "\(reportPath).idle", contents: Data())
        timers.append(Timer(milliseconds: Self.liveIdleMilliseconds) { [weak self] in
            self?.finish()
            return false
        })
    }

    private func askForLiveRound() {
        FileManager.default.createFile(atPath: "\(reportPath).round-\(changeRounds.count + 1)", contents: Data())
    }

    // MARK: Pause

    /// Pause latency: a paused transfer is resumed, then paused as a user would (selected, Pause),
    /// timed from the request to the row showing the state the client reports — 10 rounds.
    private var pauseRounds: [Double] = []
    private var pauseStarted: ContinuousClock.Instant?
    private var pauseKeys: [String] = []
    private var pauseStep: (key: String, action: TransferAction)?

    private func pauseListShown(_ count: Int) {
        guard count >= 100, pauseKeys.isEmpty, let page = window?.downloads else { return }
        report["items"] = count
        pauseKeys = Array(page.allKeys.prefix(10))
        MainLoop.later { [weak self] in self?.nextPauseStep() }
    }

    private func nextPauseStep() {
        guard let page = window?.downloads else { return finish() }
        guard pauseRounds.count < pauseKeys.count else {
            let sorted = pauseRounds.sorted()
            report["pauseToShownMsMedian"] = sorted[sorted.count / 2]
            report["pauseToShownMsMax"] = sorted.last ?? 0
            report["pauseToShownMs"] = pauseRounds
            return finish()
        }
        let key = pauseKeys[pauseRounds.count]
        let action: TransferAction = page.item(forKey: key)?.state == .paused ? .resume : .pause
        pauseStep = (key, action)
        page.select(keys: [key])
        if action == .pause { pauseStarted = .now }
        page.actions.request(action)
    }

    func actionFinished(_ report: ActionReport) {
        guard scenario == .pause, let step = pauseStep, let page = window?.downloads else { return }
        pauseStep = nil
        let state = page.item(forKey: step.key)?.state
        if step.action == .pause {
            guard state == .paused, let started = pauseStarted else {
                self.report["pauseFailure"] = "the row shows \(String(describing: state)) after Pause: \(report)"
                return finish()
            }
            afterNextPaint(page.page.widget) { [weak self] in
                guard let self else { return }
                self.pauseRounds.append(Self.milliseconds(.now - started))
                self.nextPauseStep()
            }
        } else {
            MainLoop.later { [weak self] in self?.nextPauseStep() }
        }
    }

    // MARK: Downloads

    private func downloadsApplied(_ count: Int) {
        guard let window, count > 0 else { return }
        afterNextPaint(window.window) { [weak self] in
            guard let self else { return }
            let bytes = self.counter.total
            if self.paintedAt == nil {
                let painted = Self.secondsSinceProcessStart()
                self.paintedAt = painted
                self.paintedInstant = .now
                self.cpuAtPaint = Self.cpuSeconds()
                self.report["items"] = count
                self.report["startToPaintedSeconds"] = painted
                self.report["firstRefreshBytes"] = bytes
                self.bytesAtLastRefresh = bytes
                self.settleFirstLoad()
                self.timers.append(Timer(milliseconds: UInt32(self.seconds) * 1000) { [weak self] in
                    self?.finishDownloads()
                    return false
                })
                self.timers.append(Timer(milliseconds: 60_000) { [weak self] in
                    self?.rssSamples.append(Self.residentMB("VmRSS"))
                    return true
                })
                return
            }
            // Refreshes painted while the first load still grows the list carry no stall: those are the load's.
            if self.firstLoadSettled {
                self.refreshes.append(["bytes": bytes - self.bytesAtLastRefresh, "stallMs": self.takeMaxStall()])
            } else {
                self.refreshes.append(["bytes": bytes - self.bytesAtLastRefresh])
            }
            self.bytesAtLastRefresh = bytes
        }
    }

    private var firstLoadSettled = false

    /// The first load goes on after its first paint: that frame lays out the first rows, and the list
    /// grows to every transfer over the next frames and idle steps. Its stalls are reported apart from
    /// the refreshes' (as the library's are), from the first paint until the list holds every item.
    private func settleFirstLoad() {
        guard let paintedInstant else { return }
        timers.append(Timer(milliseconds: 20) { [weak self] in
            // A default-priority timer: the stall probe (high priority) has seen the frame before it.
            guard let self else { return false }
            guard self.window?.downloads.list.isSettled ?? true else { return true }
            self.report["firstLoadSettledMs"] = Self.milliseconds(.now - paintedInstant)
            self.report["stallFirstLoadMs"] = self.takeMaxStall()
            self.report["longStallsFirstLoad"] = self.longStalls.map { [Self.milliseconds($0.at - paintedInstant), $0.ms, $0.cpuMs] }
            self.longStalls = []
            self.firstLoadSettled = true
            return false
        })
    }

    private func finishDownloads() {
        report["refreshes"] = refreshes.count
        report["refreshesStallMeasured"] = refreshes.filter { $0["stallMs"] != nil }.count
        let bytes = refreshes.compactMap { $0["bytes"] as? Int }.sorted()
        let stalls = refreshes.compactMap { $0["stallMs"] as? Double }.sorted()
        report["bytesPerRefreshMedian"] = bytes.isEmpty ? 0 : bytes[bytes.count / 2]
        report["bytesPerRefreshMax"] = bytes.last ?? 0
        report["stallPerRefreshMaxMs"] = stalls.last ?? 0
        report["stallPerRefreshMedianMs"] = stalls.isEmpty ? 0 : stalls[stalls.count / 2]
        func percentile(_ p: Double) -> Double { stalls.isEmpty ? 0 : stalls[min(stalls.count - 1, Int(Double(stalls.count) * p))] }
        report["stallPerRefreshP95Ms"] = percentile(0.95)
        report["stallPerRefreshP99Ms"] = percentile(0.99)
        report["refreshesOver16Ms"] = stalls.filter { $0 > 16 }.count
        report["seconds"] = seconds
        report["cpuSecondsPerMinute"] = (Self.cpuSeconds() - cpuAtPaint) / Double(seconds) * 60
        report["cpuSecondsIn60s"] = Self.cpuSeconds() - cpuAtPaint
        report["rssAfter60sMB"] = rssSamples.first ?? Self.residentMB("VmRSS")
        report["rssAtEndMB"] = Self.residentMB("VmRSS")
        report["rssPerMinuteMB"] = rssSamples
        report["rssGrowthMBPerHour"] = Self.growthPerHour(rssSamples)
        report["peakRSSMB"] = Self.residentMB("VmHWM")
        report["memory"] = Self.memoryBreakdown()
        report["stallProbe"] = stallProbe
        if let paintedInstant {
            // Each stall over 16 ms after the first load: when it ended (ms after the first paint), how long, CPU.
            report["longStalls"] = longStalls.map { [Self.milliseconds($0.at - paintedInstant), $0.ms, $0.cpuMs] }
        }
        if ProcessInfo.processInfo.environment["SWITCHYARD_BENCH_FILTER"] != nil { typeIntoFilter() } else { finish() }
    }

    // MARK: Helpers

    func finish() {
        report["scenario"] = scenario.rawValue
        if let data = try? JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]) {
            FileManager.default.createFile(atPath: reportPath, contents: data)
        }
        if let window { Window(found: window.window)?.destroy() }
        g_application_quit(g_application_get_default())
    }

    /// Runs `body` once the next frame has been painted.
    func afterNextPaint(_ widget: Widget, _ body: @escaping @MainActor () -> Void) {
        let attached = FrameClock.afterEachPaint(of: widget) {
            body()
            return false
        }
        if attached { gtk_widget_queue_draw(widget) } else { body() }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    /// The slope of a least-squares line through per-minute samples, after the first five
    /// minutes (start-up caches filling), in MB per hour; 0 with fewer than 3 samples left.
    static func growthPerHour(_ samples: [Double]) -> Double {
        let tail = Array(samples.dropFirst(samples.count > 10 ? 5 : 0))
        guard tail.count >= 3 else { return 0 }
        let n = Double(tail.count), meanX = (n - 1) / 2, meanY = tail.reduce(0, +) / n
        var covariance = 0.0, variance = 0.0
        for (x, y) in tail.enumerated() {
            covariance += (Double(x) - meanX) * (y - meanY)
            variance += (Double(x) - meanX) * (Double(x) - meanX)
        }
        return covariance / variance * 60
    }

    /// Where resident memory goes, in MB: /proc/self/smaps' Rss summed by who owns each mapping
    /// (anonymous memory is malloc's arenas and everyone's heap objects; file mappings are grouped by
    /// library family), and glibc's own count of its heap (in use, free but kept, mmapped blocks).
    static func memoryBreakdown() -> [String: Double] {
        // /proc files say they are empty: read until the end, not to a size.
        let fd = open("/proc/self/smaps", O_RDONLY)
        guard fd >= 0 else { return [:] }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        let smaps = String(decoding: bytes, as: UTF8.self)
        var groups: [String: Double] = [:]
        var current = "anonymous"
        for line in smaps.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), fields.count >= 5, first.first?.isHexDigit == true {
                current = fields.count >= 6 ? owner(of: String(fields[5...].joined(separator: " "))) : "anonymous"
            } else if fields.first == "Rss:", fields.count >= 2, let kib = Double(fields[1]) {
                groups[current, default: 0] += kib / 1024
            }
        }
        let heap = mallinfo2()
        groups["malloc: in use"] = Double(heap.uordblks + heap.hblkhd) / 1_048_576
        groups["malloc: free, kept"] = Double(heap.fordblks) / 1_048_576
        return groups.mapValues { ($0 * 10).rounded() / 10 }
    }

    private static func owner(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        switch true {
        case path == "[heap]": return "anonymous"
        case path.hasPrefix("[stack"): return "stacks"
        case path.hasPrefix("["): return "anonymous"
        case name.hasPrefix("switchyard"): return "switchyard (code)"
        case name.hasPrefix("libgtk"), name.hasPrefix("libgdk"), name.hasPrefix("libgraphene"): return "GTK"
        case name.hasPrefix("libglib"), name.hasPrefix("libgobject"), name.hasPrefix("libgio"), name.hasPrefix("libgmodule"): return "GLib"
        case name.hasPrefix("libswift"), name.hasPrefix("libFoundation"), name.hasPrefix("lib_Foundation"),
             name.hasPrefix("libdispatch"), name.hasPrefix("libBlocksRuntime"), name.hasPrefix("libicu"): return "Swift runtime, Foundation, ICU"
        case name.hasPrefix("libsoup"), name.hasPrefix("libnghttp"), name.hasPrefix("libpsl"), name.hasPrefix("libgnutls"),
             name.hasPrefix("libsecret"), name.hasPrefix("libsqlite"): return "libsoup, TLS, libsecret"
        case name.hasPrefix("libcairo"), name.hasPrefix("libpango"), name.hasPrefix("libharfbuzz"), name.hasPrefix("libfreetype"),
             name.hasPrefix("libfontconfig"), name.hasPrefix("libpixman"), name.hasPrefix("libX"), name.hasPrefix("libxcb"),
             name.hasPrefix("libEGL"), name.hasPrefix("libGL"), name.hasPrefix("libepoxy"), name.contains("dri"),
             name.hasPrefix("libLLVM"), name.hasPrefix("libvulkan"): return "graphics, text"
        case name.hasSuffix(".ttf"), name.hasSuffix(".otf"), name.hasSuffix(".cache-8"), name.hasSuffix(".cache-7"),
             path.contains("/fonts/"): return "fonts, caches"
        default: return "other libraries, files"
        }
    }

    static func residentMB(_ field: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
              let kib = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return 0 }
        return kib / 1024
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// CPU time the calling thread has used, in ms.
    static func threadCPUMilliseconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1e6
    }

    /// Seconds since this process started (from /proc: start time in clock ticks since boot).
    static func secondsSinceProcessStart() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]),
              let uptime = (try? String(contentsOfFile: "/proc/uptime", encoding: .utf8))?.split(separator: " ").first,
              let now = Double(uptime) else { return 0 }
        return now - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

/// Bytes received over the wire (headers and body as sent), for the benchmark.
final class ByteCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = 0
    private var lookupInstant: ContinuousClock.Instant?
    /// When the last lookup's answer came off the wire (the `lookup` scenario).
    var lookupAnswered: ContinuousClock.Instant? {
        get { lock.withLock { lookupInstant } }
        set { lock.withLock { lookupInstant = newValue } }
    }
    func add(_ count: Int) { lock.withLock { bytes += count } }
    var total: Int { lock.withLock { bytes } }
}

struct CountingTransport: HTTPTransport {
    let inner: any HTTPTransport
    let counter: ByteCounter
    init(_ inner: any HTTPTransport, counter: ByteCounter) {
        self.inner = inner
        self.counter = counter
    }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let response = try await inner.send(request)
        counter.add(response.wireBytes)
        if request.path.hasSuffix("/lookup") { counter.lookupAnswered = .now }
        return response
    }
}
#endif
