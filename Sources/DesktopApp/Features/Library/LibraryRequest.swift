import Core
import Foundation

/// What a page asks of an orchestrator. Every case names its items; the pages never build a
/// request that means "all".
enum LibraryRequest: Equatable {
    case monitor(Bool, [Resource])
    /// Groups of an item in one request (a season: its episodes follow; albums); `name` says which, for messages.
    case monitorGroups(Bool, item: Resource, groups: [Int], name: String)
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
enum CommandWords {
    /// A command's state, after its name ("Series search: running").
    static func status(_ status: CommandProgress.Status) -> String {
        switch status {
        case .queued: trc("command state", "queued")
        case .started: trc("command state", "running")
        case .completed: trc("command state", "completed")
        case .failed: trc("command state", "failed")
        case .aborted: trc("command state", "aborted")
        case .cancelled: trc("command state", "cancelled")
        case .orphaned: trc("command state", "stopped when the service restarted")
        case .unknown: trc("command state", "in an unknown state")
        }
    }

    /// "Series search: running" or the service's final message (`name`: the command's name).
    static func progress(_ name: String, _ result: Result<CommandProgress, ServiceError>) -> String {
        switch result {
        case .success(let progress):
            if !progress.isRunning, let message = progress.message, !message.isEmpty {
                // Translators: %1$s is a command ("Series search"), %2$s its state ("completed"), %3$s the service's message.
                return tr("%1$s %2$s: %3$s").fill(name, status(progress.status), message)
            }
            // Translators: %1$s is a command ("Series search"), %2$s its state ("running").
            return tr("%1$s: %2$s").fill(name, status(progress.status))
        case .failure(let error):
            // Translators: %1$s is a command ("Series search"), %2$s why it could not start.
            return tr("%1$s could not be started: %2$s").fill(name, ErrorText.sentence(error))
        }
    }

    /// "Removed 2 downloads and deleted their files in the client; blocklisted".
    static func removal(_ removal: QueueRemoval, count: Int) -> String {
        let words = switch removal.disposition {
        case .removeFromClient:
            trn("Removed %d download and deleted its files in the client", "Removed %d downloads and deleted their files in the client", count)
        case .changeCategory:
            trn("Moved %d download to the post-import category", "Moved %d downloads to the post-import category", count)
        case .ignore:
            trn("Stopped tracking %d download; the client keeps it", "Stopped tracking %d downloads; the client keeps them", count)
        }
        let sentence = words.fill(count)
        return switch removal.blocklist {
        case .no: sentence
        // Translators: %s is what was done with the downloads ("Removed 2 downloads …").
        case .blocklistAndSearch: tr("%s; blocklisted, searching for another").fill(sentence)
        case .blocklistOnly: tr("%s; blocklisted").fill(sentence)
        }
    }

    /// What a service said about one of its items or answers: "Sonarr 4K: The service took too long to answer."
    static func said(_ service: String, _ sentence: String) -> String {
        // Translators: %1$s is a service's name, %2$s what it said or what happened with it.
        tr("%1$s: %2$s").fill(service, sentence)
    }
}
