import Core
import Foundation

// The details pane's Speed page, fed by the list's refreshes, and the words its pages show.
extension TransferDetailsPane {
    /// The transfer's speeds in a refresh of the list (the one shown; another is ignored), drawn when on screen.
    func sample(_ fresh: TransferItem, at time: Int64) {
        guard fresh.id == item?.id else { return }
        speedHistory.record(down: fresh.downloadSpeed, up: fresh.uploadSpeed, at: time)
        drawSpeed(now: time)
    }

    /// Forgets the samples so far (inspection: a history made up before its clock's now).
    func restartSpeedHistory() { speedHistory = SpeedHistory() }

    /// The Speed page again, when it is on screen (or `force`, for inspection).
    func drawSpeed(now: Int64, force: Bool = false) {
        guard force || showsSpeed else { return }
        speedGraph.show(SpeedGraphLayout(history: speedHistory, range: .hour, now: now, utcOffset: Int64(TimeZone.current.secondsFromGMT(for: clock.now))),
                        summary: SpeedGraph.summary(of: speedHistory, range: .hour, now: now), note: nil)
    }

    static func ofSwarm(_ connected: Int?, _ swarm: Int?) -> String? {
        switch (connected, swarm) {
        case (let connected?, let swarm?): tr("%s connected of %s").fill(Formatting.count(connected), Formatting.count(swarm))
        case (let connected?, nil): tr("%s connected").fill(Formatting.count(connected))
        default: nil
        }
    }

    static func count(_ value: Int?) -> String { value.map { Formatting.count($0) } ?? "—" }

    static func logKindTitle(_ kind: TransferLogLine.Kind) -> String {
        switch kind {
        case .info: tr("Info")
        case .warning: tr("Warning")
        case .error: tr("Error")
        case .detail: tr("Detail")
        }
    }

    static func priorityTitle(_ priority: JobPriority) -> String {
        switch priority {
        case .veryLow: tr("Very Low")
        case .low: tr("Low")
        case .normal: tr("Normal")
        case .high: tr("High")
        case .veryHigh: tr("Very High")
        // Translators: a usenet job's priority that downloads even while the queue is paused.
        case .force: tr("Force")
        }
    }

    static func priorityTitle(_ priority: FilePriority) -> String {
        switch priority {
        case .skip: tr("Skip")
        case .low: tr("Low")
        case .normal: tr("Normal")
        case .high: tr("High")
        }
    }

    static func trackerStatusTitle(_ status: TransferTracker.Status) -> String {
        switch status {
        case .disabled: tr("Disabled")
        case .notContacted: tr("Not contacted yet")
        case .working: tr("Working")
        case .updating: tr("Announcing…")
        case .notWorking: tr("Not working")
        case .error: tr("Tracker error")
        case .unreachable: tr("Unreachable")
        }
    }
}
