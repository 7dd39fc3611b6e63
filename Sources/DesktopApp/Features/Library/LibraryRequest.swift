import Core
import Foundation

/// What a page asks of an orchestrator. Every case names its items; the pages never build a
/// request that means "all".
enum LibraryRequest: Equatable {
    case monitor(Bool, [Resource])
    /// One group of an item (a season: its episodes follow).
    case monitorGroup(Bool, item: Resource, group: Int)
    case monitorChildren(Bool, item: Resource, ids: [Int])
    /// `on` is the item the command is for (its detail page and row show it).
    case command(LibraryCommand, on: Resource)
    case rssSync(ServiceRef)
    case delete(Resource, deleteFiles: Bool, excludeFromImportLists: Bool)
    case removeFromQueue([QueueItem], QueueRemoval)
    case grab([QueueItem])
    /// Interactive search for a child, a group or the item `on` (`title` names it in the dialog).
    case interactiveSearch(ReleaseSearch, on: Resource, title: String)
}

/// Words for library actions and commands.
enum LibraryWords {

    static func status(_ status: CommandProgress.Status) -> String {
        switch status {
        case .queued: "queued"
        case .started: "running"
        case .completed: "completed"
        case .failed: "failed"
        case .aborted: "aborted"
        case .cancelled: "cancelled"
        case .orphaned: "stopped when the service restarted"
        case .unknown: "in an unknown state"
        }
    }

    /// "Series search: running" or the service's final message (`name`: the command's name).
    static func progress(_ name: String, _ result: Result<CommandProgress, ServiceError>) -> String {
        switch result {
        case .success(let progress):
            if !progress.isRunning, let message = progress.message, !message.isEmpty {
                return "\(name) \(status(progress.status)): \(message)"
            }
            return "\(name): \(status(progress.status))"
        case .failure(let error):
            return "\(name) could not be started: \(ErrorText.sentence(error))"
        }
    }

    static func removal(_ removal: QueueRemoval, count: Int) -> String {
        let noun = count == 1 ? "download" : "\(count) downloads"
        var words: String
        switch removal.disposition {
        case .removeFromClient: words = "Removed \(noun) and deleted \(count == 1 ? "its" : "their") files in the client"
        case .changeCategory: words = "Moved \(noun) to the post-import category"
        case .ignore: words = "Stopped tracking \(noun); the client keeps \(count == 1 ? "it" : "them")"
        }
        switch removal.blocklist {
        case .no: break
        case .blocklistAndSearch: words += "; blocklisted, searching for another"
        case .blocklistOnly: words += "; blocklisted"
        }
        return words
    }
}
