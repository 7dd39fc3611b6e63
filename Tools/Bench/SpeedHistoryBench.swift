import Core
import Foundation

/// The speed history's costs (issue 50): one sample (a client's speeds each refresh), the file after 30 simulated
/// days of a refresh every 2 s, reading that file back, and the points a 30-day graph draws. Results to
/// SWITCHYARD_BENCH_RESULTS/speed-history.json.
func runSpeedHistoryBenchmark() {
    let clock = ContinuousClock()
    var history = SpeedHistory()
    let start: Int64 = 1_780_000_000, interval: Int64 = 2, days: Int64 = 30
    let samples = Int(days * 86_400 / interval)
    var generator = SystemRandomNumberGenerator()
    let speeds = (0..<4096).map { _ in (Int64.random(in: 0...50_000_000, using: &generator), Int64.random(in: 0...5_000_000, using: &generator)) }
    let recording = clock.measure {
        for index in 0..<samples {
            let (down, up) = speeds[index & 4095]
            history.record(down: down, up: up, at: start + Int64(index) * interval)
        }
    }
    let perSample = Double(recording.components.attoseconds) / 1e15 / Double(samples) + Double(recording.components.seconds) * 1000 / Double(samples)
    let now = start + Int64(samples) * interval
    var data = Data()
    let encoding = clock.measure { data = history.encoded() }
    var decoded: SpeedHistory?
    let decoding = clock.measure { decoded = try? SpeedHistory(decoding: data) }
    precondition(decoded == history, "the history reads back as written")
    var points: [SpeedHistory.Point] = []
    let query = clock.measure {
        for _ in 0..<100 { points = history.points(last: days * 86_400, now: now) }
    }
    func ms(_ duration: Duration) -> Double { Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15 }
    print(String(format: "speed history: %d samples (30 days, one per 2 s): %.5f ms per sample (target <= 0.05 ms); file %.0f KB (target <= 5 MB); "
                 + "encode %.2f ms, decode %.2f ms; the 30-day graph's %d points in %.3f ms",
                 samples, perSample, Double(data.count) / 1024, ms(encoding), ms(decoding), points.count, ms(query) / 100))
    if let results = ProcessInfo.processInfo.environment["SWITCHYARD_BENCH_RESULTS"] {
        let report: [String: Any] = ["samples": samples, "msPerSample": perSample, "fileBytes": data.count, "encodeMs": ms(encoding),
                                     "decodeMs": ms(decoding), "graphPoints": points.count, "graphPointsMs": ms(query) / 100]
        try? JSONSerialization.data(withJSONObject: report).write(to: URL(fileURLWithPath: results).appendingPathComponent("speed-history.json"))
    }
}
