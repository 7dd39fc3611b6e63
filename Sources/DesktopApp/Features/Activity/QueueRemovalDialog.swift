import Core

/// Removing downloads from an orchestrator's queue: what happens in the download client, and whether
/// the release is blocklisted — the choices the services offer (API-GUIDE-2 §4.2), each explained in a
/// sentence. A `ConfirmDialog` with two choices; safe defaults: the client keeps the download and its
/// files, nothing is blocklisted. "Change category" is offered only when every picked download's client
/// has a post-import category (elsewhere the service fails with an error). Cancel has the focus.
@MainActor
final class QueueRemovalDialog {
    private let dialog: ConfirmDialog
    private let dispositions: [QueueRemoval.Disposition]
    private let blocklists: [QueueRemoval.Blocklist] = [.no, .blocklistAndSearch, .blocklistOnly]
    var window: Window { dialog.window }

    init(over parent: (any WidgetRef)?, titles: [String], offerChangeCategory: Bool,
         onConfirm: @escaping @MainActor (QueueRemoval) -> Void, onEnd: @escaping @MainActor () -> Void = {}) {
        let title = titles.count == 1 ? tr("Remove from the Queue?") : trn("Remove %d Download from the Queue?", "Remove %d Downloads from the Queue?", titles.count).fill(titles.count)
        let quoted = titles.prefix(3).map { tr("“%s”").fill($0) }
        // Translators: %1$s lists three names, %2$d is how many more there are.
        let names = titles.count > 3 ? trn("%1$s and %2$d more", "%1$s and %2$d more", titles.count - 3)
            .fill(quoted.joined(separator: trc("list separator", ", ")), titles.count - 3) : Strings.list(quoted)
        var inClient: [(QueueRemoval.Disposition, String, String)] = [
            (.ignore, tr("_Keep it in the client"), tr("Only the queue forgets it: the client keeps the download and its files.")),
            (.removeFromClient, tr("_Remove it from the client and delete its files"),
             tr("The client deletes the download and the files it has downloaded.")),
        ]
        if offerChangeCategory {
            inClient.insert((.changeCategory, tr("Change its c_ategory instead"),
                             tr("The client keeps the download and moves it to its post-import category.")), at: 1)
        }
        let blocklistChoices = [
            (tr("_Do not blocklist"), tr("The release can be grabbed again.")),
            (tr("Blocklist and _search for another"), tr("The release is never grabbed again, and a search for a replacement starts.")),
            (tr("_Blocklist only"), tr("The release is never grabbed again; no new search starts.")),
        ]
        let dispositions = inClient.map(\.0)
        let blocklists = blocklists
        self.dispositions = dispositions
        dialog = ConfirmDialog(
            over: parent, title: title, detail: names,
            confirm: titles.count == 1 ? tr("Remove") : trn("Remove %d", "Remove %d", titles.count).fill(titles.count),
            confirmName: titles.count == 1 ? tr("Remove") : trn("Remove %d download", "Remove %d downloads", titles.count).fill(titles.count),
            choices: [.init(heading: tr("In the download client"), options: inClient.map { ($0.1, $0.2) }),
                      .init(heading: tr("Blocklist"), options: blocklistChoices)],
            answer: { answer in
                onConfirm(QueueRemoval(disposition: dispositions[answer.picks[0]], blocklist: blocklists[answer.picks[1]]))
            },
            onEnd: onEnd)
    }

    /// What the dialog would send now.
    var removal: QueueRemoval {
        QueueRemoval(disposition: dispositions[dialog.choices[0].firstIndex { $0.active } ?? 0],
                     blocklist: blocklists[dialog.choices[1].firstIndex { $0.active } ?? 0])
    }

    /// Picks choices as the user would (tests, inspection).
    func choose(_ disposition: QueueRemoval.Disposition, _ blocklist: QueueRemoval.Blocklist) {
        if let index = dispositions.firstIndex(of: disposition) { dialog.choices[0][index].active = true }
        if let index = blocklists.firstIndex(of: blocklist) { dialog.choices[1][index].active = true }
    }

    func answer(confirmed: Bool) { dialog.answer(confirmed: confirmed) }
}
