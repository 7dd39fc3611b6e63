import CGtk
import Core
import Foundation

/// Live updates (Documentation/LiveUpdates.md): each instance's channel is kept in step with the
/// configuration, and each change it reports — decoded once, by its kind, in Core — refreshes or
/// patches what it concerns: debounced, since a service sends bursts (a queue refresh, a series with
/// all its episodes). Command progress goes to the command tracker, which polls only as a safety
/// net while the instance is live.
@MainActor
final class LiveController: FeatureController {
    private let context: AppContext
    /// How long after a change its refresh waits for more of the burst (libraries: 2 s).
    static let debounceMilliseconds: [Feature: UInt32] = [.activity: 300, .overview: 500]
    /// Refreshes waiting for their debounce, by feature.
    private(set) var debounce: [Feature: Timer] = [:]
    /// How many refreshes live changes caused, by feature (diagnostics and tests).
    private(set) var refreshes: [Feature: Int] = [:]
    private var listening = false
    /// Each instance's live state, and how many changes arrived (tests, diagnostics).
    private(set) var states: [UUID: LiveState] = [:]
    private(set) var changes = 0
    /// Per instance: queue changes its channel announced (or a reconnection, which may have missed
    /// some), and how many of them the last read of its queue covered.
    private var queueChanges: [UUID: Int] = [:]
    private var queueChangesRead: [UUID: Int] = [:]

    init(context: AppContext) { self.context = context }

    func configurationLoaded(_ services: [ServiceConfig]) async {
        noteServices(services)
        start()
    }

    func stop() {
        for timer in debounce.values { timer.cancel() }
        debounce = [:]
        let live = context.live
        Task { await live?.stopAll() }
    }

    /// (Re)starts the channels for the instances configured now; the first call also starts listening.
    func start() {
        guard let live = context.live else { return }
        let repository = context.repository
        if !listening {
            listening = true
            Task { [weak self] in
                for await tagged in live.updates {
                    guard let self else { return }
                    self.handle(tagged)
                }
            }
        }
        Task { [weak self] in
            self?.noteServices(await repository.configuredServices)
            await live.keep(await repository.liveTargets())
            // The settings changed: a channel that a refused key ended tries once more (the key may be new).
            for (id, state) in await live.states where state == .polling(.refused) { await live.restart(id) }
        }
    }

    func handle(_ tagged: LiveHub.Tagged) {
        switch tagged.update {
        case .state(let state): stateChanged(state, of: tagged.service)
        case .resumed:
            // Changes while it was down are not replayed: what it covers is read again.
            for feature in [Feature.activity, .overview] + libraryFeatures(of: tagged.service) { refresh(feature) }
        case .change(let change):
            changes += 1
            context.contentObserver?.liveChange(change, at: .now)
            apply(change, from: tagged.service)
        case .message:
            break // the hub forwards changes, decoded by the instance's kind
        }
    }

    private func stateChanged(_ state: LiveState, of service: UUID) {
        if state == .live, states[service] != .live { queueChanges[service, default: 0] += 1 } // read once live
        if state == .polling(.refused), states[service] != state {
            // The key was refused on the upgrade: one refusal of the instance's session, shown on the Overview.
            let repository = context.repository
            Task { [weak self] in
                await repository.liveRefused(serviceID: service)
                self?.refresh(.overview)
            }
        }
        states[service] = state
        let all = states
        context.window?.overviewSlot.show("live") { $0.setLive(all) }
        if let tracker = context.controller(LibraryController.self)?.tracker {
            let live = Set(states.filter { $0.value == .live }.keys)
            Task { await tracker.setLive(live) }
        }
    }

    private func apply(_ change: LiveChange, from service: UUID) {
        let tab = { (kind: LibraryKind.ID) in self.context.controllers(LibraryTabController.self).first { $0.kind.id == kind } }
        switch change {
        case .queueChanged:
            queueChanges[service, default: 0] += 1
            refresh(.activity)
        case .itemChanged(let item):
            // The whole item came with the change: patched in place, no refetch of the library.
            tab(item.kind)?.patch(item)
        case .itemDeleted(let id):
            for controller in context.controllers(LibraryTabController.self) { controller.remove(id) }
        case .itemTouched(let id):
            for kind in libraryKinds(of: service) { tab(kind.id)?.reread(id) }
        case .childChanged(let child):
            // Its row on an open detail page takes it in place; its item (its counts) is read again alone.
            for kind in libraryKinds(of: service) { tab(kind.id)?.patch(child) }
        case .libraryChanged:
            for feature in libraryFeatures(of: service) { refresh(feature) }
        case .command(let progress):
            if let tracker = context.controller(LibraryController.self)?.tracker { Task { await tracker.pushed(progress, on: service) } }
        case .healthChanged: refresh(.overview)
        case .ignored: break
        }
    }

    /// The library kind of an instance (its live changes concern that tab alone); none for an
    /// instance not in the configuration read last (its channel is being stopped).
    private func libraryKinds(of service: UUID) -> [LibraryKind] {
        context.controllers(LibraryTabController.self).map(\.kind).filter { $0.id == serviceKinds[service] }
    }

    private func libraryFeatures(of service: UUID) -> [Feature] { libraryKinds(of: service).map(\.feature) }

    /// Each configured instance's library kind (read with the configuration).
    private var serviceKinds: [UUID: LibraryKind.ID] = [:]

    func noteServices(_ services: [ServiceConfig]) {
        serviceKinds = Dictionary(services.compactMap { config in config.kind.library.map { (config.id, $0.id) } }, uniquingKeysWith: { $1 })
    }

    /// Refreshes `feature` once the burst it belongs to is over.
    func refresh(_ feature: Feature) {
        debounce[feature]?.cancel()
        let delay = Self.debounceMilliseconds[feature] ?? LibraryTabController.rereadDebounceMilliseconds
        debounce[feature] = Timer(milliseconds: delay) { [weak self] in
            guard let self else { return false }
            self.debounce[feature] = nil
            self.refreshes[feature, default: 0] += 1
            let scheduler = self.context.scheduler
            Task { await scheduler.refreshAgain(feature) } // not joined to a refresh that may predate the change
            return false
        }
    }

    /// Which orchestrator queues an Activity refresh may take from the last read: those whose channel is
    /// live and has announced no change since (the transfers are read every time regardless).
    func queueReadPlan(force: Bool) -> QueueReadPlan {
        let changes = queueChanges
        guard !force else { return QueueReadPlan(keep: [], changes: changes) }
        let keep = Set(states.filter { id, state in
            state == .live && changes[id, default: 0] == queueChangesRead[id] ?? -1
        }.keys)
        return QueueReadPlan(keep: keep, changes: changes)
    }

    /// A refresh read the queues it did not keep: what they cover is now known.
    func queuesWereRead(_ plan: QueueReadPlan) {
        for (id, count) in plan.changes where !plan.keep.contains(id) { queueChangesRead[id] = count }
    }
}

/// An Activity refresh's choice of queues to read again (`LiveController.queueReadPlan`).
struct QueueReadPlan: Sendable {
    var keep: Set<UUID> = []
    var changes: [UUID: Int] = [:]
}
