import Core
import Foundation

/// The Requests tab: every request manager's requests (refreshed each minute while shown), and
/// approving, declining or deleting them — one call per request, naming its id, never retried, then read
/// back and said as the service reports it. Deleting asks first.
@MainActor
final class RequestsController: FeatureController {
    private let context: AppContext
    /// The confirmation on screen (tests, inspection).
    private(set) var confirm: ConfirmDialog?
    /// Actions under way (a second click on the same request waits for the first to be read back).
    private var busy: Set<String> = []

    init(context: AppContext) { self.context = context }

    func bind(_ window: MainWindow) {
        window.requestsSlot.whenBuilt { [weak self] page in
            page.onAct = { [weak self] action, targets in self?.ask(action, targets) }
        }
        let repository = context.repository, target = context.windowRef()
        Task {
            await context.scheduler.register(.requests) { [weak self] force in
                let show = target.presenter(.requests) { [weak self] window, state in
                    window.requestsSlot.show { $0.render(state) }
                    self?.context.controller(NotificationsController.self)?.notify(requests: state)
                }
                show(await repository.requests(force: force, progress: show))
            }
        }
    }

    func configurationLoaded(_ services: [ServiceConfig]) async {
        let requests = await context.repository.cachedRequests()
        context.window?.requestsSlot.show { $0.render(requests) }
    }

    private var page: RequestsPage? { context.window?.requests }

    /// Delete asks first (Cancel is the default); approve and decline go at once.
    func ask(_ action: RequestAction, _ targets: [RequestTarget]) {
        guard action == .delete else { return act(action, targets) }
        guard let page else { return }
        let (title, detail) = RequestWords.deleteQuestion(targets)
        confirm = ConfirmDialog(over: Window.toplevel(of: page.page), title: title, detail: detail, confirm: tr("Delete Request"),
                                onConfirm: { [weak self] in self?.act(.delete, targets) },
                                onEnd: { [weak self] in self?.confirm = nil })
    }

    /// Sends `action` for each target (grouped by service, one call per id), then reads the list back.
    func act(_ action: RequestAction, _ targets: [RequestTarget]) {
        let fresh = targets.filter { !busy.contains(RequestsPage.key($0.service.id, $0.id)) }
        guard !fresh.isEmpty else { return }
        for target in fresh { busy.insert(RequestsPage.key(target.service.id, target.id)) }
        page?.untick(fresh)
        let repository = context.repository
        Task { [weak self] in
            var done: [RequestTarget] = [], problems: [String] = []
            var byService: [UUID: [RequestTarget]] = [:]
            for target in fresh { byService[target.service.id, default: []].append(target) }
            for (service, group) in byService.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
                do throws(ServiceError) {
                    let outcomes = try await repository.act(action, on: group.map(\.id), service: service)
                    for (target, outcome) in zip(group, outcomes.map(\.outcome)) {
                        switch outcome {
                        case .success: done.append(target)
                        case .failure(let error): problems.append(RequestWords.failed(action, target.title, error))
                        }
                    }
                    // Not sent after refused credentials or a read-only API (said once, above).
                    if outcomes.count < group.count { problems.append(tr("The others were not sent.")) }
                } catch {
                    problems += group.map { RequestWords.failed(action, $0.title, error) }
                }
            }
            // Read back: the list shows what the service reports now, whatever happened.
            let state = await repository.requests(force: true)
            guard let self else { return }
            for target in fresh { self.busy.remove(RequestsPage.key(target.service.id, target.id)) }
            guard let page = self.page else { return }
            page.render(state)
            problems += Self.disagreements(action, done, state.value)
            let words = done.count == 1 ? RequestWords.done(action, done[0].title) : done.isEmpty ? "" : RequestWords.doneCount(action, done.count)
            if problems.isEmpty { page.message.show(words) } else {
                page.message.show(words.isEmpty ? tr("Nothing was changed.") : words, problems: problems)
            }
        }
    }

    /// Requests the service still reports otherwise after it answered the action.
    static func disagreements(_ action: RequestAction, _ done: [RequestTarget], _ content: RequestsContent?) -> [String] {
        guard let content else { return [] }
        return done.compactMap { target in
            let now = content.part(for: target.service.id)?.value.requests.first { $0.id.itemID == target.id }
            let agrees = switch action {
            case .approve: now.map { $0.status != .pending && $0.status != .declined } ?? true
            case .decline: now.map { $0.status == .declined } ?? true
            case .delete: now == nil
            }
            return agrees ? nil : tr("%1$s still reports “%2$s” as it was.").fill(target.service.name, target.title)
        }
    }
}
