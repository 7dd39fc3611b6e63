import Core
import Foundation

/// The Requests tab's synthetic content: three pending requests (a movie, a series with two seasons, a
/// 4K movie) and one of each other standing.
extension InspectionData {
    static let jellyseerr = ServiceRef(id: id(40), name: "Jellyseerr", kind: .jellyseerr)

    /// The second request manager a `.partial` route lists as failing.
    static let requestsPartialFailure = ServiceFailure(service: ServiceRef(id: id(41), name: "Overseerr (family)", kind: .jellyseerr),
                                                       error: .unavailable(.timedOut))

    static func requests(stale: Bool) -> RequestsContent {
        func request(_ n: Int, _ status: MediaRequest.Status, _ type: MediaRequest.MediaType, _ title: String, _ year: Int,
                     by: String, daysAgo: Double, seasons: [Int] = [], media: MediaRequest.MediaStatus = .pending,
                     is4k: Bool = false, modifiedBy: String? = nil) -> MediaRequest {
            MediaRequest(id: ResourceID(serviceID: jellyseerr.id, itemID: n), status: status, mediaType: type, is4k: is4k,
                         created: now.addingTimeInterval(-daysAgo * 86_400), updated: now.addingTimeInterval(-daysAgo * 43_200),
                         requestedBy: by, requestedByID: n, modifiedBy: modifiedBy, seasons: seasons, tmdbID: 900_000 + n,
                         mediaStatus: media, title: title, year: year)
        }
        let pending = [
            request(21, .pending, .movie, "Return of the Placeholder", 2025, by: "Ada Sample", daysAgo: 3),
            request(22, .pending, .tv, "Placeholder Bay", 2019, by: "Ben Fixture", daysAgo: 1, seasons: [1, 2]),
            request(23, .pending, .movie, "Synthetic Dawn", 2024, by: "Ada Sample", daysAgo: 0.2, is4k: true),
        ]
        let others = [
            request(20, .approved, .movie, "Fixture Street", 2023, by: "Ben Fixture", daysAgo: 2, media: .processing, modifiedBy: "Fixture Owner"),
            request(19, .approved, .tv, "Test Pattern Tales", 2021, by: "Ada Sample", daysAgo: 5, seasons: [3], media: .available,
                    modifiedBy: "Fixture Owner"),
            request(18, .declined, .movie, "The Long Fixture", 2020, by: "Ben Fixture", daysAgo: 8, media: .unknown, modifiedBy: "Fixture Owner"),
            request(17, .failed, .tv, "Sample Harbour", 2022, by: "Ada Sample", daysAgo: 9, seasons: [1], media: .unknown),
        ]
        let list = RequestList(requests: RequestList.ordered(pending: pending, others: others),
                               counts: RequestCounts(total: 7, pending: 3, approved: 2, declined: 1, processing: 1, available: 1))
        return Aggregate(parts: [ServicePart(service: jellyseerr, value: list, refreshedAt: stale ? staleSince : now, isStale: stale)])
    }
}

/// The Requests tab acting on requests, for `--inspection requests.<scene>`.
enum RequestsScene: String, CaseIterable {
    case selected
    case confirmDelete = "confirm-delete"
    case actionFailed = "action-failed"

    var summary: String {
        switch self {
        case .selected: "Requests with two pending ones ticked: Approve Selected and Decline Selected enabled"
        case .confirmDelete: "Deleting a request asks first: what goes and what stays, Cancel the default"
        case .actionFailed: "An approve refused by the service's CSRF protection, said as such; the others not sent"
        }
    }
}

@MainActor
extension RequestsPage {
    /// Puts the page in `scene`; returns the window to capture when it is not the main one.
    func inspect(_ scene: RequestsScene) -> (window: Window?, popover: Widget?) {
        let service = InspectionData.jellyseerr
        func target(_ id: Int, _ title: String) -> RequestTarget { RequestTarget(service: service, id: id, title: title) }
        switch scene {
        case .selected:
            for id in [21, 23] { if let check = rowControls[Self.key(service.id, id)]?.check { check.active = true } }
            rowControls[Self.key(service.id, 23)]?.check?.grabFocus()
            return (nil, nil)
        case .confirmDelete:
            let (title, detail) = RequestWords.deleteQuestion([target(18, "The Long Fixture (2020)")])
            let dialog = ConfirmDialog(over: Window.toplevel(of: page), title: title, detail: detail, confirm: tr("Delete Request"),
                                       onConfirm: {})
            OnScreen.keep(dialog)
            return (dialog.window, nil)
        case .actionFailed:
            message.show(tr("Nothing was changed."), problems: [
                RequestWords.failed(.approve, "Return of the Placeholder (2025)", .refused(.readOnlyAPI)), tr("The others were not sent.")])
            return (nil, nil)
        }
    }
}
