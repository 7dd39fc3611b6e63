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
            await live.keep(await repository.liveTargets())
            // The settings changed: a channel that a refused key ended tries once more (the key may be new).
            for (id, state) in await live.states where state == .polling(.refused) { await live.restart(id) }
        }
    }

    func handle(_ tagged: LiveHub.Tagged) {
        switch tagged.update {
        case .state(let state):
            if state == .live, liveStates[tagged.service] != .live { queueChanges[tagged.service, default: 0] += 1 } // read once live
            if state == .polling(.refused), liveStates[tagged.service] != state {
                // The key was refused on the upgrade: one refusal of the instance's session, shown on the Overview.
                let repository = repository, service = tagged.service
                Task { [weak self] in
                    await repository.liveRefused(serviceID: service)
                    self?.refreshForLive(.overview)
                }
            }
            liveStates[tagged.service] = state
            let states = liveStates
            window?.overviewSlot.show("live") { $0.setLive(states) }
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
            case "queue", "queue/details":
                queueChanges[tagged.service, default: 0] += 1
                refreshForLive(.activity)
            case "series", "movie":
                // The whole resource comes with the message: patched in place, no refetch of the library.
                let page = message.name == "series" ? window?.seriesSlot.built : window?.moviesSlot.built // a page not made yet reads it all when it is
                switch LiveLibraryChange(message, service: tagged.service) {
                case .updated(let resource)?: page?.patch(resource)
                case .deleted(let id)?: page?.remove(id)
                case nil: refreshForLive(message.name == "series" ? .series : .movies)
                }
            case "episode", "episodefile", "moviefile":
                // The episode comes whole: its row on an open detail page takes it in place. The series
                // or movie it belongs to (its counts) is read again alone — not the whole library.
                let page = message.name == "moviefile" ? window?.moviesSlot.built : window?.seriesSlot.built
                guard let change = LiveItemChange(message, service: tagged.service), let item = change.item ?? change.episode?.series else {
                    refreshForLive(message.name == "moviefile" ? .movies : .series) // it names nothing: the library is read again
                    break
                }
                if let episode = change.episode, page?.detailItem?.id == episode.series { page?.detail.patch(episode) }
                rereadForLive(item, kind: message.name == "moviefile" ? .movie : .series)
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

    /// Reads one library item again once the burst it belongs to is over, and puts it in its list.
    func rereadForLive(_ item: ResourceID, kind: Resource.Kind) {
        liveItemDebounce[item]?.cancel()
        liveItemDebounce[item] = Timer(milliseconds: Self.liveDebounceMilliseconds[.series] ?? 2000) { [weak self] in
            guard let self else { return false }
            self.liveItemDebounce[item] = nil
            self.liveItemReads += 1
            let repository = self.repository
            Task { [weak self] in
                guard let fresh = await repository.libraryItem(item), let self else { return }
                (kind == .movie ? self.window?.moviesSlot.built : self.window?.seriesSlot.built)?.patch(fresh)
            }
            return false
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

    /// Which orchestrator queues an Activity refresh may take from the last read: those whose channel is
    /// live and has announced no change since (the transfers are read every time regardless).
    func queueReadPlan(force: Bool) -> QueueReadPlan {
        let changes = queueChanges
        guard !force else { return QueueReadPlan(keep: [], changes: changes) }
        let keep = Set(liveStates.filter { id, state in
            state == .live && changes[id, default: 0] == queueChangesRead[id] ?? -1
        }.keys)
        return QueueReadPlan(keep: keep, changes: changes)
    }

    /// A refresh read the queues it did not keep: what they cover is now known.
    func queuesWereRead(_ plan: QueueReadPlan) {
        for (id, count) in plan.changes where !plan.keep.contains(id) { queueChangesRead[id] = count }
    }
}

/// An Activity refresh's choice of queues to read again (`AppModel.queueReadPlan`).
struct QueueReadPlan: Sendable {
    var keep: Set<UUID> = []
    var changes: [UUID: Int] = [:]
}
