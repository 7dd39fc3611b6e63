import Core

/// A notification's title and body, worded from what the planner (Core) says it is about.
enum NoticeWords {
    static func title(_ notice: NotificationPlanner.Notice) -> String {
        switch notice.about {
        case .downloads(let total, _, _):
            switch notice.kind {
            case .failed: total == 1 ? tr("Download failed") : trn("%d download failed", "%d downloads failed", total).fill(total)
            case .needsAttention: total == 1 ? tr("Import needs you") : trn("%d import needs you", "%d imports need you", total).fill(total)
            default: total == 1 ? tr("Download finished") : trn("%d download finished", "%d downloads finished", total).fill(total)
            }
        case .health(let total, let issues):
            if total == 1, let issue = issues.first {
                // Translators: %s is a service's name; the notice is about its new health error or warning.
                issue.level == .error ? tr("%s: error").fill(issue.service) : tr("%s: warning").fill(issue.service)
            } else {
                trn("%d new health issue", "%d new health issues", total).fill(total)
            }
        // Translators: %s is a service's name.
        case .unreachable(let service): tr("%s is unreachable").fill(service)
        case .back(let service): tr("%s is back").fill(service)
        case .requests(let total, _):
            total == 1 ? tr("New request") : trn("%d new request", "%d new requests", total).fill(total)
        }
    }

    static func body(_ notice: NotificationPlanner.Notice) -> String {
        switch notice.about {
        case .downloads(let total, let names, let detail):
            var lines = names + [detail].compactMap { $0 }
            if total > names.count {
                // Translators: after the first three names of a notification's list.
                lines.append(trn("…and %d more", "…and %d more", total - names.count).fill(total - names.count))
            }
            return lines.joined(separator: "\n")
        case .health(let total, let issues):
            if total == 1, let issue = issues.first { return issue.message }
            return issues.map { CommandWords.said($0.service, $0.message) }.joined(separator: "\n")
        case .unreachable: return tr("Switchyard has not reached it for 5 minutes; it keeps trying.")
        case .back: return tr("It answers again.")
        case .requests(let total, let first):
            // "Fixture Movie (2025) — Ada Sample", one line per request.
            var lines = first.map { tr("%1$s — %2$s").fill(RequestWords.title($0), $0.requestedBy) }
            if total > first.count { lines.append(trn("…and %d more", "…and %d more", total - first.count).fill(total - first.count)) }
            return lines.joined(separator: "\n")
        }
    }
}
