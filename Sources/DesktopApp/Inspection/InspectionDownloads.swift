import Core
import Foundation

/// The Downloads page acting on transfers, for `--inspection downloads.<scene>`.
enum DownloadsScene: String, CaseIterable {
    case selected
    case contextMenu = "context-menu"
    case confirmRemove = "confirm-remove"
    case confirmDeleteData = "confirm-delete-data"
    case actionPending = "action-pending"
    case actionFailed = "action-failed"
    case turtle

    var summary: String {
        switch self {
        case .selected: "Downloads with two transfers of two clients selected: the toolbar enabled for them"
        case .contextMenu: "Downloads with the context menu of the selection open"
        case .confirmRemove: "Confirming the removal of the selected transfers (files kept)"
        case .confirmDeleteData: "Confirming the removal of the selected transfers and their files"
        case .actionPending: "Downloads while a Pause is on its way: the rows say Pausing…"
        case .actionFailed: "Downloads after a Pause one client refused and one did not apply"
        case .turtle: "Downloads with turtle mode on in one client, the speed-limits menu open"
        }
    }
}

@MainActor
extension DownloadsPage {
    /// Puts the page in `scene`. Returns the window to capture when it is not the main one (a
    /// confirmation) and the popover to draw over the capture (a menu).
    func inspect(_ scene: DownloadsScene) -> (window: Window?, popover: Widget?) {
        let qbit = InspectionData.transfers.first { $0.serviceID == InspectionData.qbittorrent.id && $0.state == .downloading }
        let usenet = InspectionData.transfers.first { $0.serviceID == InspectionData.nzbget.id && $0.state == .queued }
        let picked = [qbit, usenet].compactMap { $0 }
        select(keys: Set(picked.map(Self.key)))
        view.grabFocus()
        switch scene {
        case .selected:
            return (nil, nil)
        case .contextMenu:
            // A right click on the first selected row.
            if let first = picked.first.map(Self.key), let cell = columns.first?.factory.bound[first] {
                actions.openMenu(forKey: first, from: cell.widget, x: 120, y: 12)
            } else {
                actions.openMenuAtFocus()
            }
            return (nil, actions.openPopover)
        case .confirmRemove, .confirmDeleteData:
            actions.request(scene == .confirmRemove ? .remove : .removeWithData)
            return (actions.confirmation?.window, nil)
        case .actionPending:
            actions.request(.pause) // no model behind the page: it stays pending
            return (nil, nil)
        case .actionFailed:
            actions.request(.pause)
            let report = ActionReport(action: .pause, parts: [
                ActionReport.Part(service: InspectionData.qbittorrent, itemIDs: picked.filter { $0.serviceID == InspectionData.qbittorrent.id }.map(\.clientID),
                                  error: nil),
                ActionReport.Part(service: InspectionData.nzbget, itemIDs: picked.filter { $0.serviceID == InspectionData.nzbget.id }.map(\.clientID),
                                  error: .unavailable(.timedOut)),
            ])
            // Read back: qBittorrent still reports its transfer downloading.
            actions.finished(report, readBack: .content(InspectionData.downloads(stale: false), refreshedAt: InspectionData.now))
            return (nil, nil)
        case .turtle:
            let clients = [InspectionData.qbittorrent, InspectionData.nzbget]
            actions.showTurtle([InspectionData.qbittorrent.id: .success(true), InspectionData.nzbget.id: .success(false)], clients: clients)
            actions.limitsButton.popup()
            return (nil, actions.limitsButton.popover)
        }
    }
}
