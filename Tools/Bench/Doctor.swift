import Core
import Foundation

/// The stack doctor's cost: one pass (`Repository.doctor()`: settings, queue, health, probe of each
/// orchestrator; probe, settings and transfer list of each client) over three orchestrators (Sonarr,
/// Radarr, Lidarr fixture servers) and five clients (the real qBittorrent, Transmission, Deluge and
/// NZBGet of `peers.py start`, and a SABnzbd fixture server), all on 127.0.0.1. The first pass signs in
/// and resolves every endpoint (cold); then the median of `runs` passes. Target: ≤ 2 s a pass.
func runDoctorBenchmark(peers: URL, server binary: String, fixtures: String, runs: Int = 7) {
    struct Peers: Decodable, Sendable {
        struct Daemon: Decodable, Sendable { let port: Int; let username: String; let password: String }
        let qbittorrent: Daemon
        let transmission: Daemon
        let deluge: Daemon
        let nzbget: Daemon
    }
    let daemons = try! JSONDecoder().decode(Peers.self, from: Data(contentsOf: peers))
    let servers = ["sonarr", "radarr", "lidarr", "sabnzbd"].map {
        BenchServer(binary, ["--kind", $0, "--fixtures", fixtures, "--api-key", "fixture-bench-key"])
    }
    defer { servers.forEach { $0.stop() } }
    let ports = servers.map(\.port)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-doctor-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let registry = ServiceRegistry(fileURL: folder.appendingPathComponent("services.json"))
        let secrets = InMemorySecretStore()
        func add(_ kind: ServiceKind, _ port: Int, _ credential: Credential) async {
            let config = ServiceConfig(kind: kind, localEndpoint: try! Endpoint.parse("http://127.0.0.1:\(port)"), allowPlainHTTPOnLocal: true)
            try! await secrets.write(credential, for: config.credential, kind: kind)
            try! await registry.upsert(config)
        }
        for (kind, port) in zip([ServiceKind.sonarr, .radarr, .lidarr, .sabnzbd], ports) {
            await add(kind, port, Credential(apiKey: "fixture-bench-key"))
        }
        for (kind, daemon) in [(ServiceKind.qbittorrent, daemons.qbittorrent), (.transmission, daemons.transmission), (.deluge, daemons.deluge),
                               (.nzbget, daemons.nzbget)] {
            await add(kind, daemon.port, Credential(username: daemon.username, password: daemon.password))
        }
        let repository = Repository(registry: registry, transport: RetryingTransport(try! SoupTransport()), secrets: secrets, cache: nil)
        await repository.reload()
        func pass() async -> (Double, StackEvidence, [DoctorFinding]) {
            let start = ContinuousClock.now
            let (evidence, findings) = await repository.doctor()
            let elapsed = (ContinuousClock.now - start).components
            return (Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18, evidence, findings)
        }
        let (cold, evidence, findings) = await pass()
        let read = evidence.orchestrators.filter { $0.settings != nil }.count + evidence.clients.filter(\.reachable).count
        precondition(read == 8, "every service read: \(evidence.orchestrators.map { ($0.service.name, $0.failure) }) \(evidence.clients.map { ($0.service.name, $0.failure) })")
        var times: [Double] = []
        for _ in 0..<runs { times.append(await pass().0) }
        let median = times.sorted()[times.count / 2]
        print(String(format: "doctor: 3 orchestrators + 5 clients, %d findings; cold pass %.0f ms, median of %d passes %.0f ms, slowest %.0f ms (target <= 2000 ms)",
                     findings.count, cold * 1000, runs, median * 1000, (times.max() ?? 0) * 1000))
        if let results = ProcessInfo.processInfo.environment["SWITCHYARD_BENCH_RESULTS"] {
            let report: [String: Any] = ["coldSeconds": cold, "medianSeconds": median, "maxSeconds": times.max() ?? 0, "services": 8]
            try? JSONSerialization.data(withJSONObject: report).write(to: URL(fileURLWithPath: results).appendingPathComponent("doctor.json"))
        }
        done.signal()
    }
    done.wait()
}
