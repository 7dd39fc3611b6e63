import CGtk
import Core
import Foundation

/// Interactive search for an episode, a season or a movie: what the indexers offer, as Sonarr or
/// Radarr judged it — title, indexer, size, age, seeders and peers, quality, languages, custom-format
/// score, and why a release is rejected, in the service's words — sortable and filterable, with Grab
/// for each. Indexers can take minutes: progress and Cancel. A search older than 30 minutes is no
/// longer held by the service: Grab then asks to search again instead of failing.
@MainActor
final class ReleaseSearchDialog {
    enum Sort: Int, CaseIterable {
        case best, size, age, seeders
        var title: String {
            switch self {
            case .best: tr("Best first")
            case .size: tr("Largest first")
            case .age: tr("Newest first")
            case .seeders: tr("Most seeders first")
            }
        }
    }

    enum Show: Int, CaseIterable {
        case all, approved, rejected
        var title: String {
            switch self {
            case .all: tr("All releases")
            case .approved: tr("Approved only")
            case .rejected: tr("Rejected only")
            }
        }
    }

    let window: Window
    let search: ReleaseSearch
    private let clock: Clock
    private let spinner = Spinner(name: tr("Searching indexers"), size: 16)
    private let status = Label.wrapping("", maxWidth: 70)
    private let cancelButton: Button
    private let againButton: Button
    let sortDropDown: DropDown
    let showDropDown: DropDown
    private let list: ListBox
    private(set) var releases: [Release] = []
    private(set) var searchedAt: Date?
    private(set) var searching = false
    private var grabbing: String?

    /// Starts the search; the dialog shows what comes back through `found` or `failed`.
    var onSearch: ((ReleaseSearch) -> Void)?
    /// Stops the search under way.
    var onCancel: (() -> Void)?
    /// Grabs one release.
    var onGrab: ((Release) -> Void)?

    init(over parent: (any WidgetRef)?, search: ReleaseSearch, title: String, clock: Clock) {
        self.search = search
        self.clock = clock
        window = Window()
        window.title = tr("Interactive Search — %s").fill(title)
        window.makeModal(over: parent)
        window.setDefaultSize(width: 860, height: 620)

        let column = Box.vertical(spacing: 10)
        column.margins(16)
        column.append(Label.line(tr("Interactive Search — %s").fill(title), classes: ["title-3"]))
        let bar = Box.horizontal(spacing: 8)
        status.hexpand = true
        cancelButton = Button(mnemonic: tr("_Cancel Search"), name: tr("Cancel search"))
        againButton = Button(mnemonic: tr("Search _Again"), name: tr("Search again"))
        bar.append(spinner, status, cancelButton, againButton)
        sortDropDown = DropDown(Sort.allCases.map(\.title), name: tr("Sort releases"))
        showDropDown = DropDown(Show.allCases.map(\.title), name: tr("Show releases"))
        let filters = Box.horizontal(spacing: 8)
        filters.append(sortDropDown, showDropDown)
        list = ListBox(name: tr("Releases"))
        let scrolled = ScrolledWindow(list)
        scrolled.vexpand = true
        let close = Button(mnemonic: tr("_Close"), name: tr("Close"))
        close.halign = GTK_ALIGN_END
        column.append(bar, filters, scrolled, close)
        window.setChild(column)

        cancelButton.onClicked { [weak self] in self?.cancel() }
        againButton.onClicked { [weak self] in self?.start() }
        close.onClicked { [weak self] in self?.window.destroy() }
        sortDropDown.onSelected { [weak self] in self?.refill() }
        showDropDown.onSelected { [weak self] in self?.refill() }
        window.onDestroy { [weak self] in if self?.searching == true { self?.onCancel?() } }
        Shortcuts.add(to: window, triggers: ["Escape"]) { [weak self] in self?.window.destroy() }
        window.present()
    }

    /// Searches (again).
    func start() {
        searching = true
        spinner.visible = true
        spinner.spinning = true
        cancelButton.visible = true
        againButton.visible = false
        status.text = tr("Searching the indexers… This can take up to three minutes.")
        onSearch?(search)
    }

    private func cancel() {
        onCancel?()
        finish(tr("Search cancelled."))
    }

    private func finish(_ words: String) {
        searching = false
        spinner.spinning = false
        spinner.visible = false
        cancelButton.visible = false
        againButton.visible = true
        status.text = words
    }

    /// What the service found.
    func found(_ releases: [Release], at date: Date) {
        self.releases = releases
        searchedAt = date
        let approved = releases.filter(\.approved).count
        finish(releases.isEmpty ? tr("The indexers found nothing.") :
            // Translators: %1$d releases found, %2$d of them approved, %3$s the time of the search ("14:02").
            trn("%1$d release, %2$d approved. Searched at %3$s.", "%1$d releases, %2$d approved. Searched at %3$s.", releases.count)
                .fill(releases.count, approved, Formatting.time(date, now: date)))
        refill()
    }

    func failed(_ message: String) {
        finish(message)
    }

    /// The releases shown, in order (sort and filter applied).
    var shown: [Release] {
        let show = Show(rawValue: showDropDown.selected) ?? .all
        let filtered = releases.filter { show == .all || (show == .approved) == $0.approved }
        switch Sort(rawValue: sortDropDown.selected) ?? .best {
        case .best:
            return filtered.sorted { ($0.approved ? 1 : 0, $0.customFormatScore, $0.seeders ?? 0) > ($1.approved ? 1 : 0, $1.customFormatScore, $1.seeders ?? 0) }
        case .size: return filtered.sorted { $0.size > $1.size }
        case .age: return filtered.sorted { ($0.ageHours ?? .infinity) < ($1.ageHours ?? .infinity) }
        case .seeders: return filtered.sorted { ($0.seeders ?? -1) > ($1.seeders ?? -1) }
        }
    }

    private func refill() {
        list.removeAll()
        for release in shown {
            let row = Box.vertical(spacing: 3)
            row.margins(8, start: 12, end: 12)
            let head = Box.horizontal(spacing: 8)
            let title = Label.line(release.title, classes: ["heading"])
            title.hexpand = true
            let grab = Button()
            grab.setChild(Label(grabbing == release.id ? tr("Grabbing…") : tr("Grab")))
            grab.setAccessibleLabel(tr("Grab %s").fill(release.title))
            grab.sensitive = grabbing == nil && release.downloadAllowed
            if release.approved { grab.addClasses(["suggested-action"]) }
            grab.onClicked { [weak self] in self?.requestGrab(release) }
            head.append(title, grab)
            row.append(head)
            row.append(Label.line(Self.facts(release), classes: ["dim-label"]))
            if !release.approved {
                for reason in release.rejections {
                    row.append(Label.wrapping((release.temporarilyRejected ? tr("For now: %s") : tr("Rejected: %s")).fill(reason), classes: ["caption"], maxWidth: 100))
                }
                if !release.downloadAllowed { row.append(Label.wrapping(tr("Not matched to this item: it cannot be grabbed from here."), classes: ["caption"], maxWidth: 100)) }
            }
            list.append(row)
        }
    }

    static func facts(_ release: Release) -> String {
        var words = [release.indexer, Formatting.bytes(release.size)]
        if let hours = release.ageHours { words.append(hours < 48 ? trn("%d hour old", "%d hours old", Int(hours)).fill(Int(hours)) : trn("%d day old", "%d days old", Int(hours / 24)).fill(Int(hours / 24))) }
        if release.downloadProtocol == .torrent { words.append(tr("%1$d seeders, %2$d peers").fill(release.seeders ?? 0, release.leechers ?? 0)) }
        else if release.downloadProtocol == .usenet { words.append(tr("Usenet")) }
        if let quality = release.quality { words.append(quality) }
        if !release.languages.isEmpty { words.append(release.languages.joined(separator: ", ")) }
        if release.customFormatScore != 0 { words.append(tr("score %s").fill((release.customFormatScore > 0 ? "+" : "") + String(release.customFormatScore))) }
        return words.joined(separator: " · ")
    }

    /// Grab, as its button does: only while the service still holds this search.
    func requestGrab(_ release: Release) {
        guard grabbing == nil else { return }
        guard let searchedAt, ReleaseCache.isFresh(searched: searchedAt, now: clock.now) else {
            status.text = tr("This search is over 30 minutes old: the service no longer holds its results. Search again to grab.")
            return
        }
        grabbing = release.id
        refill()
        onGrab?(release)
    }

    /// The service answered a grab.
    func grabbed(_ release: Release, error: String?) {
        grabbing = nil
        status.text = error.map { tr("“%s” was not grabbed: %s").fill(release.title, $0) }
            ?? tr("Grabbed “%s”: the service sends it to its download client.").fill(release.title)
        refill()
    }

    var statusText: String { status.text }
}
