import Core
import Foundation

/// What a request's row and the messages about it say.
enum RequestWords {
    /// "Fixture Movie (2025)"; a title the service could not give says which TMDB id it is.
    static func title(_ request: MediaRequest) -> String {
        let name = request.title ?? (request.tmdbID.map { tr("TMDB %s").fill(String($0)) } ?? tr("Unknown title"))
        // Translators: a title and its year, "Fixture Movie (2025)".
        return request.year.map { tr("%1$s (%2$s)").fill(name, String($0)) } ?? name
    }

    /// "Movie · 4K", "Series · Seasons 1, 2".
    static func what(_ request: MediaRequest) -> String {
        var words = [request.mediaType.hasSeasons ? tr("Series") : tr("Movie")]
        let seasons = request.seasons.sorted()
        if request.mediaType.hasSeasons, !seasons.isEmpty {
            let numbers = seasons.map(String.init).joined(separator: ", ")
            words.append(seasons.count == 1 ? tr("Season %s").fill(numbers) : tr("Seasons %s").fill(numbers))
        }
        if request.is4k { words.append(tr("4K")) }
        return words.joined(separator: " · ")
    }

    /// "Requested by Ada Sample · Today".
    static func who(_ request: MediaRequest, now: Date) -> String {
        let by = tr("Requested by %s").fill(request.requestedBy.isEmpty ? tr("someone") : request.requestedBy)
        guard let created = request.created else { return by }
        return by + " · " + Formatting.day(created, now: now)
    }

    /// Where it stands: the request, then (approved) its media.
    static func status(_ request: MediaRequest) -> String {
        let by = request.modifiedBy.flatMap { $0.isEmpty ? nil : $0 }
        switch RequestShelf(request) {
        case .pending: return tr("Waiting for approval")
        case .approved: return by.map { tr("Approved by %s").fill($0) } ?? tr("Approved")
        case .processing: return tr("Approved · being downloaded")
        case .available: return request.mediaStatus == .partiallyAvailable ? tr("Partly available") : tr("Available")
        case .declined: return by.map { tr("Declined by %s").fill($0) } ?? tr("Declined")
        case .failed: return tr("Failed: the service could not send it to Sonarr or Radarr")
        case .other: return tr("Status not known to Switchyard")
        }
    }

    static func done(_ action: RequestAction, _ title: String) -> String {
        switch action {
        case .approve: tr("Approved “%s”.").fill(title)
        case .decline: tr("Declined “%s”.").fill(title)
        case .delete: tr("Deleted the request for “%s”.").fill(title)
        }
    }

    static func doneCount(_ action: RequestAction, _ count: Int) -> String {
        switch action {
        case .approve: trn("Approved %d request.", "Approved %d requests.", count).fill(count)
        case .decline: trn("Declined %d request.", "Declined %d requests.", count).fill(count)
        case .delete: trn("Deleted %d request.", "Deleted %d requests.", count).fill(count)
        }
    }

    /// Asked before a delete: what goes (the request) and what stays (the title, its files).
    static func deleteQuestion(_ targets: [RequestTarget]) -> (title: String, detail: String) {
        let title = targets.count == 1 ? tr("Delete the request for “%s”?").fill(targets[0].title)
            : trn("Delete %d request?", "Delete %d requests?", targets.count).fill(targets.count)
        let detail = tr("The request is removed from %s. The movie or series itself, and anything already downloaded, stay as they are.")
            .fill(Set(targets.map(\.service.name)).sorted().joined(separator: ", "))
        return (title, detail)
    }

    static func failed(_ action: RequestAction, _ title: String, _ error: ServiceError) -> String {
        let reason = ErrorText.sentence(error)
        return switch action {
        case .approve: tr("“%1$s” was not approved: %2$s").fill(title, reason)
        case .decline: tr("“%1$s” was not declined: %2$s").fill(title, reason)
        case .delete: tr("The request for “%1$s” was not deleted: %2$s").fill(title, reason)
        }
    }
}
