import Core
import Foundation

/// The Activity tab: every orchestrator's queue joined with the transfer clients. Queues a live
/// channel vouches for are not read again (`LiveController.queueReadPlan`); each state goes to the
/// notifications too.
@MainActor
final class ActivityController: FeatureController {
    private let context: AppContext

    init(context: AppContext) { self.context = context }

    func bind(_ window: MainWindow) {
        let repository = context.repository, target = context.windowRef()
        Task {
            await context.scheduler.register(.activity) { [weak self] force in
                let show = target.presenter(.activity) { [weak self] window, state in
                    window.activitySlot.show { $0.render(state) }
                    self?.context.controller(NotificationsController.self)?.notify(activity: state)
                }
                // Queues a live channel vouches for are not asked again (a forced refresh asks for all).
                let plan = await MainActor.run { self?.context.controller(LiveController.self)?.queueReadPlan(force: force) } ?? QueueReadPlan()
                show(await repository.activity(force: force, keepingQueues: plan.keep, progress: show))
                await MainActor.run { self?.context.controller(LiveController.self)?.queuesWereRead(plan) }
            }
        }
    }

    func configurationLoaded(_ services: [ServiceConfig]) async {
        let activity = await context.repository.cachedActivity()
        context.window?.activitySlot.show { $0.render(activity) }
    }
}
