import CGtk
import Core
import Foundation

/// Desktop notifications through GNotification: GLib hands them to the desktop's service (GNOME
/// Shell's, or any freedesktop notification server). A click runs an application action: the
/// download's row in Activity, a transfer's in Downloads, or the tab a summary or a health notice
/// is about.
@MainActor
enum DesktopNotifications {
    /// Notices sent (diagnostics, tests).
    private(set) static var sent = 0
    private static var serial = 0

    /// `offeringQuit`: the app runs with its window closed — the notification also has a Quit button.
    static func send(_ notice: NotificationPlanner.Notice, offeringQuit: Bool = false) {
        guard let application = g_application_get_default(), let notification = g_notification_new(ShownText.clean(NoticeWords.title(notice))) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(notification)) }
        g_notification_set_body(notification, ShownText.clean(NoticeWords.body(notice)))
        switch notice.target {
        case let .download(id):
            // A floating variant: the notification takes it.
            g_notification_set_default_action_and_target_value(notification, "app.show-download", g_variant_new_string(ActivityPage.key(id)))
        case let .transfer(id):
            g_notification_set_default_action_and_target_value(notification, "app.show-transfer",
                                                               g_variant_new_string(DownloadsPage.key(id)))
        case let .request(id):
            g_notification_set_default_action_and_target_value(notification, "app.show-request",
                                                               g_variant_new_string(RequestsPage.key(id.serviceID, id.itemID)))
        case .requests: g_notification_set_default_action(notification, "app.show-requests")
        case .activity: g_notification_set_default_action(notification, "app.show-activity")
        case .downloads: g_notification_set_default_action(notification, "app.show-downloads")
        case .overview: g_notification_set_default_action(notification, "app.show-overview")
        }
        if offeringQuit { g_notification_add_button(notification, tr("Quit Switchyard"), "app.quit") }
        serial += 1
        sent += 1
        g_application_send_notification(application, "\(notice.kind.rawValue)-\(serial)", notification)
    }
}
