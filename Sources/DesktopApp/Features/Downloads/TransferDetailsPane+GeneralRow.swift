import Core
import Foundation

extension TransferDetailsPane {
    /// The rows of the General page, in order (left column first).
    enum GeneralRow: CaseIterable {
        /// What a usenet job has of them.
        static let usenet: [GeneralRow] = [.savePath, .category, .added, .completed, .size, .done, .queuePosition, .priority]
        /// What a torrent has of them (a usenet job's priority is not a torrent's).
        static let torrent: [GeneralRow] = allCases.filter { $0 != .priority }

        case savePath, category, added, completed, size, done, downloaded, uploaded, ratio, seedingTime, seeds, peers, pieces,
             queuePosition, downloadLimit, uploadLimit, shareLimits, nextAnnounce, isPrivate, comment, hash, priority

        var title: String {
            switch self {
            case .savePath: tr("Save path")
            case .category: tr("Category")
            case .added: tr("Added")
            case .completed: tr("Completed")
            case .size: tr("Size")
            case .done: tr("Done")
            case .downloaded: tr("Downloaded")
            case .uploaded: tr("Uploaded")
            case .ratio: tr("Ratio")
            case .seedingTime: tr("Seeding time")
            case .seeds: tr("Seeds")
            case .peers: tr("Peers")
            case .pieces: tr("Pieces")
            case .queuePosition: tr("Queue position")
            case .downloadLimit: tr("Download limit")
            case .uploadLimit: tr("Upload limit")
            case .shareLimits: tr("Share limits")
            case .nextAnnounce: tr("Next announce")
            case .isPrivate: tr("Private")
            case .comment: tr("Comment")
            case .hash: tr("Info hash")
            case .priority: tr("Priority")
            }
        }
    }

    /// The share limits as the General page says them: "ratio 1.50, 1 h 30 min of seeding" (`client` for the parts
    /// that follow its settings).
    static func shareLimitsText(_ limits: ShareLimits, client: String) -> String {
        var parts: [String] = []
        switch limits.ratio {
        case .value(let ratio)?: parts.append(tr("ratio %s").fill(String(format: "%.2f", ratio)))
        case .unlimited?: parts.append(tr("no ratio limit"))
        // Translators: %s is a download client's name.
        case .clientDefault?: parts.append(tr("ratio as in %s's settings").fill(client))
        case nil: break
        }
        switch limits.seedingMinutes {
        // Translators: %s is a duration ("1 h 30 min").
        case .value(let minutes)?: parts.append(tr("%s of seeding").fill(Formatting.duration(TimeInterval(minutes) * 60)))
        case .unlimited?: parts.append(tr("no seeding time limit"))
        case .clientDefault?: parts.append(tr("seeding time as in %s's settings").fill(client))
        case nil: break
        }
        switch limits.idleMinutes {
        // Translators: %s is a duration ("30 min") in which nobody downloads from the transfer.
        case .value(let minutes)?: parts.append(tr("%s idle").fill(Formatting.duration(TimeInterval(minutes) * 60)))
        case .unlimited?: parts.append(tr("no idle limit"))
        case .clientDefault?: parts.append(tr("idle time as in %s's settings").fill(client))
        case nil: break
        }
        return parts.joined(separator: ", ")
    }
}
