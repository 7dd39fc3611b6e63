import Core
import Foundation

/// The details pane below the list: opened on a transfer, closed, and fed the transfer's speeds by each refresh.
extension DownloadsPage {
    var detailsOpen: Bool { details.widget.visible }

    /// Opens the details of the transfer `key` names (or shows it there, when they are open).
    func openDetails(key: String) {
        guard let item = item(forKey: key) else { return }
        let opening = !detailsOpen
        details.show(item, clientName: names[item.serviceID] ?? "", kind: kinds[item.serviceID])
        details.widget.visible = true
        // Opened for the first time (or dragged nearly shut): the list keeps three fifths.
        if opening, paned.height > 0, paned.position < 120 || paned.position > paned.height - 160 { paned.position = paned.height * 3 / 5 }
        onDetailsWanted?()
    }

    func closeDetails() {
        guard detailsOpen else { return }
        details.widget.visible = false
        view.grabFocus()
        onDetailsWanted?()
    }

    /// The transfer the details show: its speeds in this refresh are a sample for its Speed page.
    func sampleDetails() {
        if detailsOpen, let shown = details.item, let fresh = item(forKey: Self.key(shown)) {
            details.show(fresh, clientName: names[fresh.serviceID] ?? "", kind: kinds[fresh.serviceID]) // its category as read now
            details.sample(fresh, at: Int64(clock.now.timeIntervalSince1970))
        }
    }
}
