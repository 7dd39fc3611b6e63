// switchyard-bench: one measurement per process, so peak memory is this run's own.
// Usage: switchyard-bench movies|series FILE
//        switchyard-bench wire PEERS_JSON    (from Tests/Peers/peers.py bulk: bytes per refresh on the wire)
//        switchyard-bench qbt-merge DIR      (full.json, diff-NNN.json…, full-after.json from qbt-maindata.py)
//        switchyard-bench doctor PEERS_JSON FIXTURE-SERVER FIXTURES   (one stack doctor pass over 3 orchestrators + 5 clients)
//        switchyard-bench speed-history   (a client's speed history: a sample's cost, 30 days on disk, reading it back)
// Prints: items=N seconds=S baseline_kib=B peak_kib=P payload_bytes=L
import Core
import Foundation

func residentKiB(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "0") ?? 0
    }
    return 0
}

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "wire" {
    runWireBenchmark(peers: URL(fileURLWithPath: arguments[2]))
    exit(0)
}
if arguments.count == 4, arguments[1] == "fanout" {
    runFanOutBenchmark(server: arguments[2], fixtures: arguments[3])
    exit(0)
}
if arguments.count == 5, arguments[1] == "doctor" {
    runDoctorBenchmark(peers: URL(fileURLWithPath: arguments[2]), server: arguments[3], fixtures: arguments[4])
    exit(0)
}
if arguments.count == 3, arguments[1] == "xmlrpc" {
    // One rTorrent refresh answer (d.multicall2 rows) read 20 times: median seconds per read.
    let payload = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
    var times: [Double] = []
    var rows = 0
    for _ in 0..<20 {
        let start = ContinuousClock.now
        if case .value(let value)? = try? XMLRPC.read(payload) { rows = value.array?.count ?? 0 }
        let elapsed = (ContinuousClock.now - start).components
        times.append(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
    }
    print("rows=\(rows) bytes=\(payload.count) median_seconds=\(times.sorted()[times.count / 2])")
    exit(0)
}
if arguments.count == 2, arguments[1] == "speed-history" {
    runSpeedHistoryBenchmark()
    exit(0)
}
if arguments.count == 3, arguments[1] == "qbt-merge" {
    runMergeBenchmark(directory: URL(fileURLWithPath: arguments[2]))
    exit(0)
}
guard arguments.count == 3, ["movies", "series"].contains(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: switchyard-bench movies|series FILE | qbt-merge DIR | wire PEERS.json | fanout FIXTURE-SERVER FIXTURES\n".utf8))
    exit(2)
}
let baseline = residentKiB("VmRSS")
let payload = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
let service = UUID()
let start = ContinuousClock.now
let items: Int
do {
    items = arguments[1] == "movies"
        ? try Radarr.decodeMovies(payload, serviceID: service).count
        : try Sonarr.decodeSeries(payload, serviceID: service).count
} catch {
    FileHandle.standardError.write(Data("decode failed: \(error)\n".utf8))
    exit(1)
}
let elapsed = ContinuousClock.now - start
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print("items=\(items) seconds=\(seconds) baseline_kib=\(baseline) peak_kib=\(residentKiB("VmHWM")) payload_bytes=\(payload.count)")

/// Decode + merge of a qBittorrent full update, then of each diff; checks the
/// merged state equals the full snapshot taken after the last diff.
func runMergeBenchmark(directory: URL) {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.filter { $0.hasPrefix("diff-") }.sorted() ?? []
    let full = try! Data(contentsOf: directory.appendingPathComponent("full.json"))
    let diffs = files.map { try! Data(contentsOf: directory.appendingPathComponent($0)) }
    var data = QBittorrentMainData()
    let fullStart = ContinuousClock.now
    try! data.apply(full)
    let fullSeconds = (ContinuousClock.now - fullStart).components
    var mergeTimes: [Double] = []
    for diff in diffs {
        let start = ContinuousClock.now
        try! data.apply(diff)
        let elapsed = (ContinuousClock.now - start).components
        mergeTimes.append(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
    }
    var reference = QBittorrentMainData()
    try! reference.apply(try! Data(contentsOf: directory.appendingPathComponent("full-after.json")))
    let sorted = mergeTimes.sorted()
    let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    let meanDiff = diffs.isEmpty ? 0 : diffs.map(\.count).reduce(0, +) / diffs.count
    print("torrents=\(data.torrentCount) full_bytes=\(full.count) full_seconds=\(Double(fullSeconds.seconds) + Double(fullSeconds.attoseconds) / 1e18) "
          + "diffs=\(diffs.count) mean_diff_bytes=\(meanDiff) median_merge_seconds=\(median) "
          + "matches_full_fetch=\(data.torrentCount == reference.torrentCount && data.sameTorrents(as: reference))")
}

/// Sums the bytes received on the wire by every response passing through.
final class CountingTransport: HTTPTransport, @unchecked Sendable {
    private let base: any HTTPTransport
    private let lock = NSLock()
    private var bytes = 0
    init(_ base: any HTTPTransport) { self.base = base }
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let response = try await base.send(request)
        lock.withLock { bytes += response.wireBytes }
        return response
    }
    func take() -> Int { lock.withLock { defer { bytes = 0 }; return bytes } }
}

struct BulkPeers: Decodable {
    struct Daemon: Decodable { let port: Int; let username: String; let password: String }
    let count: Int
    let hashes: [String]
    let qbittorrent: Daemon
    let transmission: Daemon
    let rtorrent: Daemon?
}

/// Against real daemons holding N paused torrents: bytes received for a full
/// refresh, for one with nothing changed, and for one after 5 % changed state.
func runWireBenchmark(peers path: URL) {
    let peers = try! JSONDecoder().decode(BulkPeers.self, from: Data(contentsOf: path))
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let soup = try! SoupTransport()
        let counting = CountingTransport(soup)
        let secrets = InMemorySecretStore()
        let changed = Array(peers.hashes.prefix(peers.count / 20)) // 5 %
        func connection(_ kind: ServiceKind, _ daemon: BulkPeers.Daemon) async -> ServiceConnection {
            let config = ServiceConfig(kind: kind, localEndpoint: try! Endpoint.parse("http://127.0.0.1:\(daemon.port)"),
                                       allowPlainHTTPOnLocal: true)
            try! await secrets.write(Credential(username: daemon.username, password: daemon.password), for: config.credential, kind: kind)
            return try! ServiceConnection(config: config, role: .local)
        }
        let policy = SchemePolicy(allowsPlainHTTP: true)
        print("client        torrents  full refresh  nothing changed  5 % changed  (bytes received, headers included, gzip)")

        // qBittorrent: sync/maindata diffs.
        let qbt = QBittorrentClient(connection: await connection(.qbittorrent, peers.qbittorrent), transport: counting, secrets: secrets)
        _ = try! await qbt.probe()
        _ = counting.take()
        let qFull = try! await qbt.transfers()
        let qFullBytes = counting.take()
        try! await Task.sleep(for: .seconds(2))
        _ = try! await qbt.transfers()
        let qIdleBytes = counting.take()
        let endpoint = try! Endpoint.parse("http://127.0.0.1:\(peers.qbittorrent.port)")
        let login = try! await soup.send(HTTPRequest(.post, endpoint, path: "/api/v2/auth/login",
            body: FormEncoding.encode([("username", peers.qbittorrent.username), ("password", peers.qbittorrent.password)]),
            contentType: "application/x-www-form-urlencoded", requestClass: .probe, schemePolicy: policy))
        let cookie = login.headers("Set-Cookie").compactMap { $0.split(separator: ";").first }.joined(separator: "; ")
        _ = try! await soup.send(HTTPRequest(.post, endpoint, path: "/api/v2/torrents/resume", headers: ["Cookie": cookie],
            body: FormEncoding.encode([("hashes", changed.joined(separator: "|"))]), contentType: "application/x-www-form-urlencoded",
            requestClass: .mutation, schemePolicy: policy))
        try! await Task.sleep(for: .seconds(3))
        let qChanged = try! await qbt.transfers()
        let qChangedBytes = counting.take()
        print("qBittorrent   \(qFull.items.count.description.padding(toLength: 8, withPad: " ", startingAt: 0))  "
              + "\(qFullBytes.description.padding(toLength: 12, withPad: " ", startingAt: 0))  "
              + "\(qIdleBytes.description.padding(toLength: 15, withPad: " ", startingAt: 0))  \(qChangedBytes)"
              + "   (\(qChanged.items.filter { $0.state != .paused }.count) now not paused)")

        // Transmission: recently-active covers the last 60 s, so "nothing changed" waits out the seeding.
        let tr = TransmissionClient(connection: await connection(.transmission, peers.transmission), transport: counting, secrets: secrets)
        _ = try! await tr.probe()
        _ = counting.take()
        let tFull = try! await tr.transfers()
        let tFullBytes = counting.take()
        print("  (waiting 61 s: Transmission counts a torrent as recently active for 60 s after any change)")
        try! await Task.sleep(for: .seconds(61))
        _ = try! await tr.transfers()
        let tIdleBytes = counting.take()
        let ids = changed.map { "\"\($0)\"" }.joined(separator: ",")
        _ = try! await tr.call("torrent-start", "{\"ids\":[\(ids)]}", class: .mutation, effect: .write)
        _ = counting.take()
        try! await Task.sleep(for: .seconds(3))
        let tChanged = try! await tr.transfers()
        let tChangedBytes = counting.take()
        print("Transmission  \(tFull.items.count.description.padding(toLength: 8, withPad: " ", startingAt: 0))  "
              + "\(tFullBytes.description.padding(toLength: 12, withPad: " ", startingAt: 0))  "
              + "\(tIdleBytes.description.padding(toLength: 15, withPad: " ", startingAt: 0))  \(tChangedBytes)"
              + "   (\(tChanged.items.filter { $0.state != .paused }.count) now not paused)")
        let checking = tChanged.items.filter { $0.state == .checking }.count
        if checking > 0 { // peers.py bulk waits for verification; this would mean it did not
            print("  note: \(checking) Transmission torrents were still verifying, so they counted as recently active")
        }
        if let daemon = peers.rtorrent {
            await rtorrentWire(daemon: daemon, connection: await connection(.rtorrent, daemon), changed: changed, counting: counting,
                               secrets: secrets)
        }
        print("budget: nothing changed <= 1024 bytes, 5 % changed <= 5120 bytes")
        done.signal()
    }
    done.wait()
}
