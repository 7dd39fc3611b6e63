import CGtk
import Core
import Foundation

/// Live updates (Documentation/LiveUpdates.md): each Sonarr and Radarr instance's channel is kept in
/// step with the configuration, and its messages refresh what they name — debounced, since a
/// service sends bursts (a queue refresh, a series with all its episodes); `command` messages go to
/// the command tracker, which polls only as a safety net while the instance is live.
extension AppModel {
    /// How long after a message its refresh waits for more of the burst.
    static let liveDebounceMilliseconds: [Feature: UInt32] = [.activity: 300, .overview: 500, .series: 2000, .movies: 2000]

    /// (Re)starts the channels for the instances configured now; the first call also starts listening.
    func startLive() {
        guard let live else { return }
        let repository = repository
        if !liveListening {
            liveListening = true
            Task { [weak self] in
                for await tagged in live.updates {
                    guard let self else { return }
                    self.handle(tagged)
                }
            }
        }
        Task {
            await live.keep(await repository.liveConnections())
            // The settings changed: a channel that a refused key ended tries once more (the key may be new).
            for (id, state) in await live.states where state == .polling(.refused) { await live.restart(id) }
        }
    }

    private func handle(_ tagged: LiveHub.Tagged) {
        switch tagged.update {
        case .state(let state):
            liveStates[tagged.service] = state
            window?.overview.setLive(liveStates)
            if let tracker = library?.tracker {
                let live = Set(liveStates.filter { $0.value == .live }.keys)
                Task { await tracker.setLive(live) }
            }
        case .resumed:
            // Messages while it was down are not replayed: what it covers is read again.
            for feature in [Feature.activity, .overview, .series, .movies] { refreshForLive(feature) }
        case .message(let message):
            liveMessages += 1
            contentObserver?.liveMessage(message.name, at: .now)
            switch message.name {
            case "queue", "queue/details": refreshForLive(.activity)
            case "series", "movie":
                // The whole resource comes with the message: patched in place, no refetch of the library.
                let page = message.name == "series" ? window?.series : window?.movies
                switch LiveLibraryChange(message, service: tagged.service) {
                case .updated(let resource)?: page?.patch(resource)
                case .deleted(let id)?: page?.remove(id)
                case nil: refreshForLive(message.name == "series" ? .series : .movies)
                }
            case "episode", "episodefile": refreshForLive(.series) // a series' counts change: read it again
            case "moviefile": refreshForLive(.movies)
            case "health", "version": refreshForLive(.overview)
            case "command":
                // Progress of the commands followed (the actions phase) without waiting for a poll.
                if let progress = CommandProgress(liveMessage: message), let tracker = library?.tracker {
                    Task { await tracker.pushed(progress, on: tagged.service) }
                }
            default: break // queue/status, wanted/*, tag, …
            }
        }
    }

    /// Refreshes `feature` once the burst it belongs to is over.
    func refreshForLive(_ feature: Feature) {
        liveDebounce[feature]?.cancel()
        liveDebounce[feature] = Timer(milliseconds: Self.liveDebounceMilliseconds[feature] ?? 500) { [weak self] in
            guard let self else { return false }
            self.liveDebounce[feature] = nil
            self.countLiveRefresh(feature)
            let scheduler = self.scheduler
            Task { await scheduler.refreshAgain(feature) } // not joined to a refresh that may predate the change
            return false
        }
    }
}
