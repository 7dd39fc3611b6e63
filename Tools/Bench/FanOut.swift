import Core
import Foundation

/// Fan-out: N Sonarr fixture servers on 127.0.0.1, each holding every answer
/// for `latency` ms, refreshed through the real repository, registry and
/// libsoup. A refresh of eight should cost about what a refresh of one does.
func runFanOutBenchmark(server binary: String, fixtures: String, latency: Int = 300, runs: Int = 7) {
    let servers = (0..<8).map { _ in
        BenchServer(binary, ["--kind", "sonarr", "--fixtures", fixtures, "--api-key", "fixture-bench-key", "--latency-ms", "\(latency)"])
    }
    defer { servers.forEach { $0.stop() } }
    let ports = servers.map(\.port)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let transport = RetryingTransport(try! SoupTransport())
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

        /// Median wall time of `runs` forced refreshes of `feature` with the first `count` servers configured.
        func measure(_ count: Int, _ refresh: @escaping @Sendable (Repository) async -> Bool) async -> Double {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-fanout-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let registry = ServiceRegistry(fileURL: folder.appendingPathComponent("services.json"))
            let secrets = InMemorySecretStore()
            for (index, port) in ports.prefix(count).enumerated() {
                let config = ServiceConfig(kind: .sonarr, displayName: "Sonarr \(index + 1)",
                                           localEndpoint: try! Endpoint.parse("http://127.0.0.1:\(port)"),
                                           allowPlainHTTPOnLocal: true)
                try! await secrets.write(Credential(apiKey: "fixture-bench-key"), for: config.credential, kind: .sonarr)
                try! await registry.upsert(config)
            }
            let repository = Repository(registry: registry, transport: transport, secrets: secrets,
                                        cache: ServiceCache(root: folder.appendingPathComponent("cache")))
            await repository.reload()
            let warm = await refresh(repository) // resolves endpoints, opens connections
            precondition(warm, "warm-up refresh failed")
            var times: [Double] = []
            for _ in 0..<runs {
                let start = ContinuousClock.now
                let ok = await refresh(repository)
                let elapsed = ContinuousClock.now - start
                precondition(ok, "refresh failed")
                times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            }
            return median(times)
        }

        print("fan-out: Sonarr fixture servers each answering after \(latency) ms; median of \(runs) forced refreshes")
        print("refresh                         1 service   8 services   ratio   (target ≤ 1.20×)")
        let series: @Sendable (Repository) async -> Bool = { repository in
            if case .content(let content, _) = await repository.library(.series, force: true) { return content.failures.isEmpty }
            return false
        }
        let overview: @Sendable (Repository) async -> Bool = { repository in
            await repository.overview(force: true).value?.rows.allSatisfy { $0.state == .ok } ?? false
        }
        for (name, refresh) in [("Series (library)", series), ("Overview (probe, health, disk)", overview)] {
            let one = await measure(1, refresh)
            let eight = await measure(8, refresh)
            print("\(name.padding(toLength: 30, withPad: " ", startingAt: 0))  \(String(format: "%7.1f ms", one))  "
                  + "\(String(format: "%8.1f ms", eight))   \(String(format: "%.2f×", eight / one))")
        }
        done.signal()
    }
    done.wait()
}
