#if SWITCHYARD_BENCHMARK_PROBE
import Core
import Foundation

/// `make bench`, Downloads at 10,000 transfers (SWITCHYARD_BENCH_FILTER set): after the refreshes are
/// measured, a term is typed into the filter field a key at a time, then deleted a key at a time. For
/// each keystroke: the longest main-loop stall from the key until the list it filters is painted
/// (the field's own short delay included, as a user waits it).
extension BenchmarkProbe {
    static let filterTerm = Array("torrent.123")

    func typeIntoFilter() {
        guard let page = window?.downloads else { return finish() }
        window?.select(.downloads)
        var steps = (1...Self.filterTerm.count).map { String(Self.filterTerm.prefix($0)) }
        steps += steps.reversed().dropFirst() + [""]
        var narrowing: [Double] = [], widening: [Double] = [], shown: [Int] = [], cpu: [Double] = []
        // Each keystroke from typed to painted on CLOCK_MONOTONIC (ns): `perf record -k CLOCK_MONOTONIC` samples in
        // the worst one's span are its profile.
        var spans: [[UInt64]] = []
        func monotonic() -> UInt64 {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
        }
        func next(_ index: Int) {
            guard index < steps.count else {
                report["filterKeystrokes"] = steps.count
                report["filterStallMaxMs"] = (narrowing + widening).max() ?? 0
                report["filterStallNarrowingMs"] = narrowing
                report["filterStallWideningMs"] = widening
                report["filterRowsShown"] = shown
                report["filterStallCPUMs"] = cpu
                report["filterSpansMonotonicNs"] = spans
                return sortByHeaders()
            }
            _ = takeMaxStall()
            let typed = monotonic()
            page.setSearchText(steps[index])
            // The field filters after its short delay (search-changed): wait for that, then for the frame it paints.
            timers.append(Timer(milliseconds: 5) { [weak self] in
                guard let self, page.search.text == steps[index] else { return true }
                self.afterNextPaint(page.view.widget) { [weak self] in
                    guard let self else { return }
                    cpu.append(self.maxLatenessCPU)
                    spans.append([typed, monotonic()])
                    let stall = self.takeMaxStall()
                    if index < Self.filterTerm.count { narrowing.append(stall) } else { widening.append(stall) }
                    shown.append(page.list.keys.count)
                    next(index + 1)
                }
                return false
            })
        }
        // The probe's own reading of the memory map (just before) is a stall of its own: let it pass, then focus
        // the field (its cost counts in the first keystroke) and type.
        timers.append(Timer(milliseconds: 500) {
            page.focusSearch()
            next(0)
            return false
        })
    }

    /// Headers clicked, one after another: Down (descending), Size, Name; the stall from each click to the
    /// list painted in its order. Then the list stays sorted by download speed — a column the churn moves — for
    /// ten refreshes, each one's stall measured.
    func sortByHeaders() {
        guard let page = window?.downloads else { return finish() }
        let clicks: [(column: Int, ascending: Bool)] = [(4, false), (3, true), (0, true), (4, false)]
        var stalls: [Double] = []
        func click(_ index: Int) {
            guard index < clicks.count else {
                report["sortClickStallMs"] = stalls
                report["sortClickStallMaxMs"] = stalls.max() ?? 0
                sortedRefreshStalls = []
                return
            }
            _ = takeMaxStall()
            page.view.sort(byColumn: clicks[index].column, ascending: clicks[index].ascending)
            afterNextPaint(page.view.widget) { [weak self] in
                guard let self else { return }
                stalls.append(self.takeMaxStall())
                click(index + 1)
            }
        }
        click(0)
    }

    func sortedRefreshApplied() {
        sortedRefreshStalls?.append(takeMaxStall())
        guard let stalls = sortedRefreshStalls, stalls.count >= 10 else { return }
        report["sortedRefreshStallMs"] = stalls
        report["sortedRefreshStallMaxMs"] = stalls.max() ?? 0
        sortedRefreshStalls = nil
        finish()
    }
}
#endif
