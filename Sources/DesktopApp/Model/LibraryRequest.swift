import Core
import Foundation

/// What a page asks of Sonarr or Radarr. Every case names its items; the pages never build a
/// request that means "all".
enum LibraryRequest: Equatable {
    case monitor(Bool, [Resource])
    case monitorSeason(Bool, series: Resource, season: Int)
    case monitorEpisodes(Bool, series: Resource, episodeIDs: [Int])
    /// `on` is the series or movie the command is for (its detail page and row show it).
    case command(LibraryCommand, on: Resource)
    case rssSync(ServiceRef)
    case delete(Resource, deleteFiles: Bool, excludeFromImportLists: Bool)
    case removeFromQueue([QueueItem], QueueRemoval)
    case grab([QueueItem])
    /// Interactive search for an episode, a season or a movie of `on` (`title` names it in the dialog).
    case interactiveSearch(ReleaseSearch, on: Resource, title: String)
}

/// Words for library actions and commands.
enum LibraryWords {
    static func command(_ command: LibraryCommand) -> String {
        switch command {
        case .seriesSearch: "Series search"
        case .seasonSearch(_, let season): season == 0 ? "Specials search" : "Season \(season) search"
        case .episodeSearch(let ids): ids.count == 1 ? "Episode search" : "Search of \(ids.count) episodes"
        case .refreshSeries, .refreshMovies: "Refresh and scan"
        case .moviesSearch(let ids): ids.count == 1 ? "Movie search" : "Search of \(ids.count) movies"
        case .rssSync: "RSS sync"
        }
    }

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

    /// "Series search: running" or the service's final message.
    static func progress(_ command: LibraryCommand, _ result: Result<CommandProgress, ServiceError>) -> String {
        switch result {
        case .success(let progress):
            if !progress.isRunning, let message = progress.message, !message.isEmpty {
                return "\(Self.command(command)) \(status(progress.status)): \(message)"
            }
            return "\(Self.command(command)): \(status(progress.status))"
        case .failure(let error):
            return "\(Self.command(command)) could not be started: \(ErrorText.sentence(error))"
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
