#if SWITCHYARD_BENCHMARK_PROBE
import Core
import Foundation

/// `make bench` scenario `graph`: what a speed graph's redraw costs (issue 50's target: ≤ 4 ms for 30 days).
extension BenchmarkProbe {
    func measureGraphs() {
        timers.append(Timer(milliseconds: 50) { [weak self] in
            guard let self, let window = self.window else { return false }
            guard window.window.isMapped else { return true }
            let now = Int64(Date().timeIntervalSince1970)
            let history = InspectionData.speedHistory(seed: 1, now: now)
            let graph = SpeedGraph(name: "benchmark")
            func ms(_ duration: Duration) -> Double { Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15 }
            var results: [String: Any] = [:]
            for range in SpeedGraphLayout.Range.allCases {
                var layouts: [Double] = [], draws: [Double] = [], hovered: [Double] = []
                var layout: SpeedGraphLayout?
                for _ in 0..<30 {
                    let started = ContinuousClock.now
                    layout = SpeedGraphLayout(history: history, range: range, now: now)
                    layouts.append(ms(.now - started))
                }
                graph.show(layout!, summary: SpeedGraph.summary(of: history, range: range, now: now), note: nil)
                for index in 0..<100 {
                    if index == 50 { graph.pointAt(fraction: 0.6) }
                    let started = ContinuousClock.now
                    graph.drawOffscreen(width: 520, height: 140)
                    if index < 50 { draws.append(ms(.now - started)) } else { hovered.append(ms(.now - started)) }
                }
                graph.pointAt(fraction: -1)
                func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
                results["\(range)"] = ["points": layout!.points.count, "layoutMs": median(layouts), "drawMsMedian": median(draws),
                                       "drawMsMax": draws.max() ?? 0, "drawWithReadoutMsMedian": median(hovered)]
            }
            self.report["graph"] = results
            self.finish()
            return false
        })
    }
}
#endif
