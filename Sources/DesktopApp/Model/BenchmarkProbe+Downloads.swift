#if SWITCHYARD_BENCHMARK_PROBE
import CGtk
import Core
import Foundation

/// `make bench` scenario `downloads`: first paint, then a minute (or the soak's half hour) of refreshes, CPU and memory.
extension BenchmarkProbe {
    func downloadsApplied(_ count: Int) {
        guard let window, count > 0 else { return }
        if phases["firstApplied"] == nil {
            phases["firstApplied"] = sinceStart()
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            report["firstAppliedMonotonicNs"] = UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
        }
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
                self.phases["painted"] = self.sinceStart()
                self.report["startPhases"] = self.phases
                self.report["startRequests"] = self.counter.requests.map { [$0.path, self.sinceStart($0.sent), self.sinceStart($0.answered)] }
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
            if self.sortedRefreshStalls != nil { return self.sortedRefreshApplied() }
            // Refreshes painted while the first load still grows the list carry no stall: those are the load's.
            if self.firstLoadSettled {
                self.refreshes.append(["bytes": bytes - self.bytesAtLastRefresh, "stallMs": self.takeMaxStall()])
            } else {
                self.refreshes.append(["bytes": bytes - self.bytesAtLastRefresh])
            }
            self.bytesAtLastRefresh = bytes
        }
    }

    /// The first load goes on after its first paint: that frame lays out the first rows, and the list
    /// grows to every transfer over the next frames and idle steps. Its stalls are reported apart from
    /// the refreshes' (as the library's are), from the first paint until the list holds every item.
    func settleFirstLoad() {
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

    func finishDownloads() {
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
}
#endif
