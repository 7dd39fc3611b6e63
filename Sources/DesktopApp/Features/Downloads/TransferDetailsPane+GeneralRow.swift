import Core

extension TransferDetailsPane {
    /// The rows of the General page, in order (left column first).
    enum GeneralRow: CaseIterable {
        /// What a usenet job has of them.
        static let usenet: [GeneralRow] = [.savePath, .category, .added, .completed, .size, .done, .queuePosition, .priority]
        /// What a torrent has of them (a usenet job's priority is not a torrent's).
        static let torrent: [GeneralRow] = allCases.filter { $0 != .priority }

        case savePath, category, added, completed, size, done, downloaded, uploaded, ratio, seedingTime, seeds, peers, pieces,
             queuePosition, downloadLimit, uploadLimit, nextAnnounce, isPrivate, comment, hash, priority

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
            case .nextAnnounce: tr("Next announce")
            case .isPrivate: tr("Private")
            case .comment: tr("Comment")
            case .hash: tr("Info hash")
            case .priority: tr("Priority")
            }
        }
    }
}
