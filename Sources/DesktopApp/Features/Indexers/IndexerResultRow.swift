import CGtk
import Core
import Foundation

/// One search result: title, then indexer, age, size, seeders or grabs, protocol and category, with a
/// button that offers the grab (the row's activation does the same).
@MainActor
final class IndexerResultRow {
    let widget: Box
    private let title: Label
    private let facts: Label
    private let action: Button
    var onAction: (() -> Void)?

    init() {
        widget = Box.horizontal(spacing: 12)
        widget.margins(8, start: 16, end: 16)
        let text = Box.vertical(spacing: 3)
        text.hexpand = true
        title = Label.line("", classes: ["heading"])
        facts = Label.line("", classes: ["dim-label", "caption"])
        text.append(title, facts)
        action = Button(mnemonic: tr("Grab…"), name: tr("Grab"))
        action.valign = GTK_ALIGN_CENTER
        action.focusable = false // the row takes Enter; the button is for the pointer
        action.onClicked { [weak self] in self?.onAction?() }
        widget.append(text, action)
    }

    func show(_ release: IndexerRelease, now: Date) {
        title.text = release.title
        facts.text = Self.facts(release, now: now)
        action.setAccessibleLabel(tr("Grab %s").fill(release.title))
    }

    static func facts(_ release: IndexerRelease, now: Date) -> String {
        var words = [release.indexer]
        if let published = release.published {
            let hours = max(0, now.timeIntervalSince(published) / 3600)
            words.append(hours < 48 ? trn("%d hour old", "%d hours old", Int(hours)).fill(Int(hours))
                : trn("%d day old", "%d days old", Int(hours / 24)).fill(Int(hours / 24)))
        }
        words.append(Formatting.bytes(release.size))
        if release.downloadProtocol == .torrent {
            words.append(tr("%1$d seeders, %2$d peers").fill(release.seeders ?? 0, release.leechers ?? 0))
        } else if let grabs = release.grabs {
            words.append(trn("%d grab", "%d grabs", grabs).fill(grabs))
        }
        words.append(IndexersPage.protocolName(release.downloadProtocol))
        if let category = release.categories.first { words.append(category) }
        return words.joined(separator: " · ")
    }
}
