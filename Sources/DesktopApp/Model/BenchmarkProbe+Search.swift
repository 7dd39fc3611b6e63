#if SWITCHYARD_BENCHMARK_PROBE
import CGtk
import Core
import Foundation

/// `make bench` scenario `search`: the Indexers tab searching 20 indexers (1,000 results), 3 rounds.
@MainActor
extension BenchmarkProbe {
    static let searchRoundCount = 3

    /// Shows the Indexers tab and searches once its indexers are listed and the window has settled.
    func searchWhenListed() {
        timers.append(Timer(milliseconds: 50) { [weak self] in
            guard let self, let window = self.window else { return false }
            guard !window.isShowingWelcome, window.window.isMapped else { return true }
            window.select(.indexers)
            guard !window.indexers.lists.isEmpty else { return true }
            window.indexers.onResultsApplied = { [weak self] count, finished in self?.searchApplied(count, finished: finished) }
            self.timers.append(Timer(milliseconds: 1000) { [weak self] in
                self?.startSearchRound()
                return false
            })
            return false
        })
    }

    func startSearchRound() {
        guard let page = window?.indexers else { return finish() }
        _ = counter.takeSearchAnswers()
        _ = takeMaxStall()
        searchFirstPainted = nil
        page.searchEntry.text = "fixture"
        page.startSearch()
    }

    func searchApplied(_ count: Int, finished: Bool) {
        guard let page = window?.indexers else { return }
        if searchFirstPainted == nil, count > 0 {
            searchFirstPainted = .now
            afterNextPaint(page.page.widget) { [weak self] in
                guard let self, let first = self.counter.searchAnswers.first else { return }
                self.searchFirstShown.append(Self.milliseconds(.now - first))
            }
        }
        guard finished else { return }
        afterNextPaint(page.page.widget) { [weak self] in
            guard let self else { return }
            let answers = self.counter.takeSearchAnswers()
            guard let last = answers.max() else {
                self.report["searchFailure"] = "results shown without a recorded answer"
                return self.finish()
            }
            self.report["searchResults"] = count
            self.report["searchAnswers"] = answers.count
            self.searchShown.append(Self.milliseconds(.now - last))
            self.searchStalls.append(self.takeMaxStall())
            // Every row in the model (the list grows a few rows a frame while on screen): when it has.
            self.timers.append(Timer(milliseconds: 5) { [weak self] in
                guard let self, let page = self.window?.indexers else { return false }
                guard page.isSettled else { return true }
                self.afterNextPaint(page.page.widget) { [weak self] in
                    guard let self else { return }
                    self.searchSettled.append(Self.milliseconds(.now - last))
                    guard self.searchShown.count < Self.searchRoundCount else { return self.finishSearch() }
                    self.timers.append(Timer(milliseconds: 500) { [weak self] in
                        self?.startSearchRound()
                        return false
                    })
                }
                return false
            })
        }
    }

    func finishSearch() {
        let shown = searchShown.sorted()
        report["searchShownMs"] = searchShown
        report["searchShownMsMedian"] = shown[shown.count / 2]
        report["searchShownMsMax"] = shown.last ?? 0
        report["searchFirstShownMs"] = searchFirstShown
        report["searchAllRowsMs"] = searchSettled
        report["searchStreamStallMs"] = searchStalls
        report["searchStreamStallMaxMs"] = searchStalls.max() ?? 0
        // Each stall over a frame: how long, and how much of it the main thread ran (the rest it waited for a core).
        report["searchLongStalls"] = longStalls.map { [($0.ms * 10).rounded() / 10, ($0.cpuMs * 10).rounded() / 10] }
        finish()
    }
}
#endif
