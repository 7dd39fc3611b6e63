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
/// - `search`: the Indexers tab; one search across 20 indexers answering 50 results each, 3 rounds: the
///   time from the last indexer's answer coming off the wire to the frame painted with every result in
///   the page, from the first answer to the first results painted, and the longest stall while the
///   results stream in.
/// - `downloads`: the Downloads tab; process start → first frame painted with
///   rows, then 60 s (SWITCHYARD_BENCH_SECONDS: the soak runs 1,800) of refreshes: bytes received
///   per refresh, the stalls per refresh (longest and their distribution), CPU seconds, resident
///   memory sampled each minute (its growth per hour after the first five minutes: leaks) and at
///   the end where it goes (`memory`: /proc/self/smaps by owner, and malloc's own count).
/// - `details`: the details pane on a torrent of 10,000 files (BenchmarkProbe+Details.swift).
/// - `graph`: a speed graph of 30 days of samples every 20 s (the inspection routes' history): the time to lay
///   out each period (hour, day, 30 days) and to draw it, 520 × 140, into an offscreen image (median and
///   slowest of 100 redraws), and the same with the pointer's readout.
@MainActor
final class BenchmarkProbe: ContentObserver {
    enum Scenario: String { case library, downloads, pause, lookup, live, search, graph, details }

    let scenario: Scenario
    let reportPath: String
    let stallProbe: Bool
    let counter = ByteCounter()
    weak var window: MainWindow?
    weak var model: AppModel?
    var lastTick = ContinuousClock.now
    var maxLateness: Duration = .zero
    /// The main thread's CPU time during the longest stall since `takeMaxStall` (ms): near the stall's length when
    /// the main loop was busy, near zero when the thread was waiting for a core (the machine was busy).
    var maxLatenessCPU: Double = 0
    /// The longest stall since the content (of the library scenario) arrived.
    var maxSinceArrival: Duration = .zero
    /// Stalls over a frame, with when they ended (the library report places them around its refresh).
    /// Each stall over 16 ms: when it ended, how long, and how much of it the main thread spent running
    /// (the rest it waited for a core: on these 2-core machines, other processes' and threads' time).
    var longStalls: [(at: ContinuousClock.Instant, ms: Double, cpuMs: Double)] = []
    var lastTickCPU = 0.0
    var report: [String: Any] = [:]
    var refreshes: [[String: Any]] = []
    var bytesAtLastRefresh = 0
    var paintedAt: Double?
    var paintedInstant: ContinuousClock.Instant?
    var cpuAtPaint = 0.0
    /// How long the `downloads` scenario runs after the first paint.
    let seconds = Int(ProcessInfo.processInfo.environment["SWITCHYARD_BENCH_SECONDS"] ?? "") ?? 60
    /// The library tab the `library` scenario fills and scrolls (SWITCHYARD_BENCH_LIBRARY: `movies`, `music`, …).
    let libraryFeature = Feature(rawValue: ProcessInfo.processInfo.environment["SWITCHYARD_BENCH_LIBRARY"] ?? Feature.movies.rawValue)
    var rssSamples: [Double] = []
    private static let tick: Duration = .milliseconds(2)

    var refreshStarted: ContinuousClock.Instant?
    static let lookupTerm = Array("fixture series")
    static let lookupRoundCount = 5
    weak var lookupDialog: AddToLibraryDialog?
    var lookupShown: [Double] = []
    var typingStalls: [Double] = []
    var resultStalls: [Double] = []
    var lookupOpening = false
    var searchFirstPainted: ContinuousClock.Instant?
    var searchFirstShown: [Double] = []
    var searchShown: [Double] = []
    var searchSettled: [Double] = []
    var searchStalls: [Double] = []
    var liveCount: Int?
    var liveArrived: ContinuousClock.Instant?
    var liveRounds: [Double] = []
    var changeRounds: [Double] = []
    static let liveRoundCount = 20
    /// After the rounds: how long the app stays open, idle on Activity, while the bench script counts
    /// the bytes between it and the service.
    static let liveIdleMilliseconds: UInt32 = 65_000
    /// Pause latency: a paused transfer is resumed, then paused as a user would (selected, Pause),
    /// timed from the request to the row showing the state the client reports — 10 rounds.
    var pauseRounds: [Double] = []
    var pauseStarted: ContinuousClock.Instant?
    var pauseKeys: [String] = []
    var pauseStep: (key: String, action: TransferAction)?
    var firstLoadSettled = false
    /// After the filter: the refreshes' stalls while the list is sorted by a column that moves (download speed).
    var sortedRefreshStalls: [Double]?
    var detailsRefreshStalls: [Double] = [] // the details scenario: each later read of the Files page, its stall
    /// The stall probe's 2 ms timer (a CPU measurement stops it: it costs CPU of its own).
    var stallProbeTimer: Timer?
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
        bornSeconds = Self.secondsSinceProcessStart()
    }

    /// Start-up phases: when the probe was made (the model is made just after), seconds since the process started
    /// (one reading of /proc, 10 ms coarse; the instants after it are exact).
    let born = ContinuousClock.now
    let bornSeconds: Double
    var phases: [String: Double] = [:]
    func sinceStart(_ instant: ContinuousClock.Instant = .now) -> Double {
        let offset = instant - born
        let seconds = bornSeconds + Double(offset.components.seconds) + Double(offset.components.attoseconds) / 1e18
        return (seconds * 1000).rounded() / 1000
    }

    /// The transport the app uses, counted.
    func wrap(_ transport: any HTTPTransport) -> any HTTPTransport { CountingTransport(transport, counter: counter) }

    func attach(_ window: MainWindow, model: AppModel?) {
        self.window = window
        self.model = model
        phases["probeMade"] = sinceStart(born)
        phases["windowBuilt"] = sinceStart()
        afterNextPaint(window.window) { [weak self] in
            guard let self else { return }
            self.phases["windowFirstFrame"] = self.sinceStart()
        }
        if stallProbe { startStallProbe() }
        switch scenario {
        case .library:
            window.library(libraryFeature)?.onApplied = { [weak self] count in self?.libraryApplied(count) }
            selectWhenShown()
        case .downloads:
            window.downloads.onApplied = { [weak self] count in self?.downloadsApplied(count) }
            selectWhenShown()
        case .pause:
            window.downloads.onApplied = { [weak self] count in self?.pauseListShown(count) }
            selectWhenShown()
        case .details:
            window.downloads.onApplied = { [weak self] count in self?.detailsListShown(count) }
            selectWhenShown()
        case .lookup:
            openLookupWhenShown()
        case .search:
            searchWhenListed()
        case .graph:
            measureGraphs()
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

    var arrived: ContinuousClock.Instant?

    /// The repository handed over content at `instant` (recorded off the main thread, before the hop).
    func contentArrived(_ feature: Feature, at instant: ContinuousClock.Instant) {
        guard feature == (scenario == .library ? libraryFeature : .downloads), arrived == nil else { return }
        arrived = instant
    }

    func selectWhenShown() {
        timers.append(Timer(milliseconds: 50) { [weak self] in
            guard let self, let window = self.window else { return false }
            guard !window.isShowingWelcome, window.window.isMapped else { return true }
            window.select(self.scenario == .library ? self.libraryFeature : .downloads)
            return false
        })
    }

    // MARK: Stalls

    func startStallProbe() {
        lastTick = .now
        lastTickCPU = Self.threadCPUMilliseconds()
        stallProbeTimer = Timer(milliseconds: 2, priority: G_PRIORITY_HIGH) { [weak self] in
            guard let self else { return false }
            let now = ContinuousClock.now
            let cpu = Self.threadCPUMilliseconds()
            defer { self.lastTickCPU = cpu }
            let late = now - self.lastTick - Self.tick
            if late > self.maxLateness {
                self.maxLateness = late
                self.maxLatenessCPU = cpu - self.lastTickCPU
            }
            if self.arrived != nil, late > self.maxSinceArrival { self.maxSinceArrival = late }
            if late > .milliseconds(16), self.longStalls.count < 200 {
                self.longStalls.append((at: now, ms: Self.milliseconds(late), cpuMs: cpu - self.lastTickCPU))
            }
            self.lastTick = now
            return true
        }
    }

    func takeMaxStall() -> Double {
        defer { maxLateness = .zero }
        return Self.milliseconds(maxLateness)
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

    static func owner(of path: String) -> String {
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
    let lock = NSLock()
    var bytes = 0
    var lookupInstant: ContinuousClock.Instant?
    /// When the last lookup's answer came off the wire (the `lookup` scenario).
    var lookupAnswered: ContinuousClock.Instant? {
        get { lock.withLock { lookupInstant } }
        set { lock.withLock { lookupInstant = newValue } }
    }
    /// When each answer of a search across indexers came off the wire (the `search` scenario).
    var searchAnswers: [ContinuousClock.Instant] = []
    func searchAnswered() { lock.withLock { searchAnswers.append(.now) } }
    func takeSearchAnswers() -> [ContinuousClock.Instant] { lock.withLock { defer { searchAnswers = [] }; return searchAnswers } }
    func add(_ count: Int) { lock.withLock { bytes += count } }
    /// The first requests: path, when sent, when answered (the start-up phases).
    var firstRequests: [(path: String, sent: ContinuousClock.Instant, answered: ContinuousClock.Instant)] = []
    func sent(_ path: String, at sent: ContinuousClock.Instant) {
        lock.withLock {
            if firstRequests.count < 12 { firstRequests.append((path, sent, .now)) }
            perPath[path, default: 0] += 1
        }
    }
    /// Every request answered, by path.
    private var perPath: [String: Int] = [:]
    /// How many requests went to paths ending in `suffix`.
    func count(_ suffix: String) -> Int { lock.withLock { perPath.filter { $0.key.hasSuffix(suffix) }.reduce(0) { $0 + $1.value } } }
    var requests: [(path: String, sent: ContinuousClock.Instant, answered: ContinuousClock.Instant)] { lock.withLock { firstRequests } }
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
        let sent = ContinuousClock.now
        let response = try await inner.send(request)
        counter.sent(request.path, at: sent)
        counter.add(response.wireBytes)
        if request.path.hasSuffix("/lookup") { counter.lookupAnswered = .now }
        if request.method == .get, request.path.hasSuffix("/api/v1/search") { counter.searchAnswered() }
        return response
    }
}
#endif
