import CGtk
import Core
import Foundation

/// Desktop notifications (Documentation/Notifications.md): every Activity and Overview state the
/// window receives goes through the planner; what it calls for is sent. Activity, Overview and Requests also
/// refresh gently (every minute, `SWITCHYARD_BACKGROUND_REFRESH_MS` in tests) while their tab is not
/// on screen, so polled instances are noticed too — live ones push their changes anyway.
@MainActor
final class NotificationsController: FeatureController {
    private let context: AppContext
    /// What deserves a desktop notification.
    var planner = NotificationPlanner()
    private var timer: Timer?

    static let refreshMilliseconds: UInt32 =
        ProcessInfo.processInfo.environment["SWITCHYARD_BACKGROUND_REFRESH_MS"].flatMap { UInt32($0) }.map { max($0, 500) } ?? 60_000

    init(context: AppContext) { self.context = context }

    func bind(_ window: MainWindow) {
        context.controller(LibraryController.self)?.onRemovingDownloads = { [weak self] ids in self?.planner.removedByUser(ids) }
        timer?.cancel()
        let scheduler = context.scheduler
        timer = Timer(milliseconds: Self.refreshMilliseconds) {
            Task {
                for feature in [Feature.activity, .overview, .requests] where await !scheduler.isRefreshing(feature) {
                    await scheduler.refresh(feature)
                }
            }
            return true
        }
    }

    func stop() {
        timer?.cancel()
        timer = nil
    }

    func notify(activity state: FeatureState<ActivityContent>) {
        guard let content = state.value else { return }
        for notice in planner.activity(content) where context.preferences.notifies(notice.kind) {
            DesktopNotifications.send(notice, offeringQuit: runsWithoutWindow)
        }
    }

    func notify(overview state: FeatureState<OverviewContent>) {
        guard let content = state.value else { return }
        let notices = planner.health(content) + planner.services(content.rows, now: Date())
        for notice in notices where context.preferences.notifies(notice.kind) {
            DesktopNotifications.send(notice, offeringQuit: runsWithoutWindow)
        }
    }

    func notify(requests state: FeatureState<RequestsContent>) {
        guard let content = state.value else { return }
        for notice in planner.requests(content) where context.preferences.notifies(notice.kind) {
            DesktopNotifications.send(notice, offeringQuit: runsWithoutWindow)
        }
    }

    /// Kept running with its window closed: a notification is then the way to quit too.
    private var runsWithoutWindow: Bool { context.preferences.keepRunning && !(context.window?.toplevel.visible ?? false) }
}
