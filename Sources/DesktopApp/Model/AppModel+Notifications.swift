import CGtk
import Core
import Foundation

/// Desktop notifications (Documentation/Notifications.md): every Activity and Overview state the
/// window receives goes through the planner; what it calls for is sent. Activity and Overview also
/// refresh gently (every minute) while their tab is not on screen, so polled instances are noticed
/// too — live ones push their changes anyway.
extension AppModel {
    static let notificationRefreshMilliseconds: UInt32 = 60_000

    func notify(activity state: FeatureState<ActivityContent>) {
        guard let content = state.value else { return }
        for notice in notifications.activity(content) where preferences.notifies(notice.kind) {
            DesktopNotifications.send(notice, offeringQuit: runsWithoutWindow)
        }
    }

    func notify(overview state: FeatureState<OverviewContent>) {
        guard let content = state.value else { return }
        let notices = notifications.health(content) + notifications.services(content.rows, now: Date())
        for notice in notices where preferences.notifies(notice.kind) { DesktopNotifications.send(notice, offeringQuit: runsWithoutWindow) }
    }

    /// Kept running with its window closed: a notification is then the way to quit too.
    private var runsWithoutWindow: Bool { preferences.keepRunning && !(window?.toplevel.visible ?? false) }

    func startNotificationRefreshes() {
        notificationTimer?.cancel()
        notificationTimer = Timer(milliseconds: Self.notificationRefreshMilliseconds) { [weak self] in
            guard let self else { return false }
            let scheduler = self.scheduler
            Task {
                for feature in [Feature.activity, .overview] where await !scheduler.isRefreshing(feature) {
                    await scheduler.refresh(feature)
                }
            }
            return true
        }
    }
}
