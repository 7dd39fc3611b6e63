#if SWITCHYARD_BENCHMARK_PROBE
import CGtk
import Core
import Foundation

/// `make bench` scenarios `live` (a change at the service to the frame without it) and `pause` (a pause to the row that shows it).
extension BenchmarkProbe {
    func liveChange(_ change: LiveChange, at instant: ContinuousClock.Instant) {
        guard scenario == .live, change == .queueChanged, liveArrived == nil, liveCount != nil else { return }
        liveArrived = instant
    }

    func liveActivityApplied(_ count: Int) {
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

    func finishLive() {
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
        let live = model?.controller(LiveController.self)
        report["activityRefreshesFromLive"] = live?.refreshes[.activity] ?? 0
        report["liveMessages"] = live?.changes ?? 0
        report["liveStates"] = live?.states.values.map { "\($0)" } ?? []
        FileManager.default.createFile(atPath: "\(reportPath).idle", contents: Data())
        timers.append(Timer(milliseconds: Self.liveIdleMilliseconds) { [weak self] in
            self?.finish()
            return false
        })
    }

    func askForLiveRound() {
        FileManager.default.createFile(atPath: "\(reportPath).round-\(changeRounds.count + 1)", contents: Data())
    }

    // MARK: Pause

    func pauseListShown(_ count: Int) {
        guard count >= 100, pauseKeys.isEmpty, let page = window?.downloads else { return }
        report["items"] = count
        pauseKeys = Array(page.allKeys.prefix(10))
        MainLoop.later { [weak self] in self?.nextPauseStep() }
    }

    func nextPauseStep() {
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
}
#endif
