import CGtk
import Core
import Foundation

/// The Add Series / Add Movie dialog's other way: asking the request manager (Jellyseerr, Overseerr)
/// for the picked title instead of adding it to Sonarr or Radarr directly. Before anything is sent it
/// says what the service will do with it — a request made with the API key is the key's user's and is
/// approved at once — and, for a series, which seasons go. One click, one request, never retried;
/// the service's answer is shown as it gave it.
@MainActor
final class RequestPanel {
    let button: Button
    let section: Box
    private let note: Label
    private let seasonsRow: Box
    private let outcome: Label
    private var seasonChecks: [(season: Int, check: CheckButton)] = []
    private let manager: ServiceRef
    private let requestedAs: MediaRequest.MediaType
    private var chosen: LookupResult?

    /// Who the service will attribute the request to (read from it; nil until known).
    var requester: String? { didSet { updateNote() } }
    /// Request was clicked: what to ask for.
    var onRequest: ((MediaAsk, _ title: String) -> Void)?

    init(manager: ServiceRef, requestedAs: MediaRequest.MediaType) {
        self.manager = manager
        self.requestedAs = requestedAs
        button = Button(mnemonic: tr("_Request"), name: tr("Request in %s").fill(manager.name))
        button.sensitive = false
        section = Box.vertical(spacing: 6)
        section.margin(top: 8)
        note = Label.wrapping("", classes: ["dim-label"], maxWidth: 70)
        seasonsRow = Box.horizontal(spacing: 8)
        outcome = Label.wrapping("", maxWidth: 70)
        outcome.visible = false
        section.append(Label.heading(tr("Or Request It")), note, seasonsRow)
        section.append(outcome)
        section.visible = false
        button.onClicked { [weak self] in self?.send() }
        updateNote()
    }

    /// The result picked (nil: none): its seasons for a series, and whether it can be requested.
    func show(_ item: LookupResult?) {
        chosen = item
        section.visible = item != nil
        outcome.visible = false
        seasonsRow.removeAll()
        seasonChecks = []
        if requestedAs.hasSeasons, let item {
            seasonsRow.append(Label.line(tr("Seasons"), ellipsize: false))
            for season in item.groups.sorted() {
                let check = CheckButton(mnemonic: season == 0 ? tr("Specials") : String(season))
                check.active = season > 0 // specials only when asked for
                check.setAccessibleLabel(season == 0 ? tr("Request the specials") : tr("Request season %d").fill(season))
                check.onToggled { [weak self] in self?.updateButton() }
                seasonsRow.append(check)
                seasonChecks.append((season, check))
            }
        }
        seasonsRow.visible = !seasonChecks.isEmpty
        updateNote()
        updateButton()
    }

    private var seasons: [Int]? {
        guard requestedAs.hasSeasons, !seasonChecks.isEmpty else { return nil } // none listed: every season not yet asked
        return seasonChecks.filter { $0.check.active }.map(\.season)
    }

    private func updateButton() {
        button.sensitive = chosen?.tmdbID != nil && seasons?.isEmpty != true
    }

    private func updateNote() {
        guard let chosen else { return }
        guard chosen.tmdbID != nil else {
            note.text = tr("%s names titles by their TMDB id, and the library service gave none for this one: it cannot be requested from here.")
                .fill(manager.name)
            return
        }
        let who = requester.map { tr("It is made as %s, the user of the API key,").fill($0) } ?? tr("It is made as the user of the API key,")
        // Translators: the second half follows "It is made as NAME, the user of the API key,"; %s is the request manager.
        note.text = who + " " + tr("so %s approves it at once and sends it on for download — it does not wait for anyone's approval.")
            .fill(manager.name)
    }

    private func send() {
        guard let chosen, let tmdb = chosen.tmdbID else { return }
        button.sensitive = false
        outcome.visible = false
        let title = chosen.year.map { "\(chosen.title) (\($0))" } ?? chosen.title
        onRequest?(MediaAsk(mediaType: requestedAs, tmdbID: tmdb, seasons: seasons), title)
    }

    /// The service made the request: what it says of it now.
    func made(_ request: MediaRequest, title: String) {
        outcome.text = tr("Requested “%1$s” in %2$s: %3$s.").fill(title, manager.name, RequestWords.status(request).lowercasedFirst)
        outcome.visible = true
        updateButton()
    }

    /// The service refused (or could not be reached): its words; Request can be clicked again.
    func failed(_ message: String) {
        outcome.text = tr("Not requested: %s").fill(message)
        outcome.visible = true
        updateButton()
    }

    /// What the section says before anything is sent (tests).
    var noteText: String { note.text }

    /// The outcome line as shown (tests).
    var outcomeText: String? { outcome.visible ? outcome.text : nil }
}

private extension String {
    /// "Approved by Ada" → "approved by Ada", to follow a colon.
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
