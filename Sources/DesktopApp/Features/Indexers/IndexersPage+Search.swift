import Core
import Foundation

/// The Indexers tab's search: the bar's search started, each manager's answers merged as they stream
/// in (newest first), and the words of what every indexer answered.
@MainActor
extension IndexersPage {
    // MARK: Search

    /// The search the bar describes, and the indexers it asks per manager.
    func startSearch() {
        let words = searchEntry.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !words.isEmpty, !lists.isEmpty else {
            message.show(lists.isEmpty ? tr("No indexers to search yet.") : tr("Type what to search for."))
            return
        }
        let type = IndexerSearch.SearchType.allCases[min(typeDropDown.selected, IndexerSearch.SearchType.allCases.count - 1)]
        let categories = Self.categories[min(categoryDropDown.selected, Self.categories.count - 1)].ids
        var search = IndexerSearch(query: words, type: type, categories: categories)
        var among: [UUID: [Indexer]] = [:]
        let picked = indexerDropDown.selected
        if picked > 0, picked - 1 < pickable.count {
            let choice = pickable[picked - 1]
            search.indexerIDs = [choice.indexer]
            among[choice.service] = lists.first { $0.service.id == choice.service }?.list.indexers ?? []
        } else {
            for entry in lists { among[entry.service.id] = entry.list.indexers }
        }
        onSearch?(search, among)
    }

    /// A search began: the results view, empty, with who is being asked.
    func began(_ search: IndexerSearch) {
        searches = [:]
        releases = [:]
        slotKeys = [:]
        mergedCount = 0
        results.update([])
        resumed()
        searchStatus.text = tr("Searching for “%s”…").fill(search.query)
        for line in answerLines { line.visible = false }
    }

    /// More results were asked for: the list stays, the search goes on.
    func resumed() {
        searching = true
        cancelled = false
        failure = nil
        views.visibleChildName = "results"
        spinner.visible = true
        spinner.spinning = true
        cancelButton.visible = true
        moreButton.visible = false
    }

    /// Each manager's last page asked.
    var latestSearches: [(UUID, IndexerSearchState)] {
        var latest: [UUID: IndexerSearchState] = [:]
        for entry in searches.values where (latest[entry.service]?.search.offset ?? -1) < entry.state.search.offset {
            latest[entry.service] = entry.state
        }
        return latest.sorted { $0.key.uuidString < $1.key.uuidString }.map { ($0.key, $0.value) }
    }

    /// One manager's search moved on (an indexer answered).
    func update(_ state: IndexerSearchState, service: ServiceRef) {
        let slot = "\(service.id.uuidString)#\(state.search.offset)"
        // One older than what is shown is dropped.
        if let shown = searches[slot]?.state, shown.answered.count + shown.failed.count + shown.heldBack.count
            > state.answered.count + state.failed.count + state.heldBack.count { return }
        searches[slot] = (service.id, state)
        // Keys are made once per result (a service's prefix and the release's own id); each state's
        // results are merged newest first already: with one search on screen nothing is sorted here.
        let prefix = service.id.uuidString + "/"
        var keys: [String] = []
        keys.reserveCapacity(state.results.count)
        for release in state.results {
            let key = prefix + release.id
            if releases[key] == nil { releases[key] = (service.id, release) }
            keys.append(key)
        }
        slotKeys[slot] = keys
        let merged: [String]
        if searches.count == 1 {
            merged = keys
        } else {
            var seen = Set<String>()
            merged = slotKeys.values.joined().filter { seen.insert($0).inserted }.sorted { a, b in
                guard let x = releases[a]?.release, let y = releases[b]?.release else { return a < b }
                return IndexerSearchState.newer(x, y)
            }
        }
        mergedCount = merged.count
        results.update(merged)
        describe()
        onResultsApplied?(mergedCount, false)
    }

    /// Every manager finished (or the search was cancelled, `cancelled`).
    func finished(cancelled: Bool, failure: String? = nil) {
        self.cancelled = cancelled
        self.failure = failure
        searching = false
        spinner.spinning = false
        spinner.visible = false
        cancelButton.visible = false
        moreButton.visible = !cancelled && latestSearches.contains { !$0.1.fullPages.isEmpty }
        describe()
        onResultsApplied?(mergedCount, true)
    }

    static func key(_ service: UUID, _ release: IndexerRelease) -> String { "\(service.uuidString)/\(release.id)" }

    /// Results listed, in order (tests, benchmarks).
    var resultCount: Int { results.keys.count }
    var resultTitles: [String] { results.keys.compactMap { releases[$0]?.release.title } }
    var isSettled: Bool { results.isSettled }
    var statusText: String { searchStatus.text }
    var answersText: String { answerLines.filter(\.visible).map(\.text).joined(separator: "\n") }
    var showsResults: Bool { views.visibleChildName == "results" }

    /// The status line and the line of what each indexer answered.
    func describe() {
        let all = searches.values.map(\.state)
        // Counts are of the first pages: a next page asks the same indexers again.
        let states = all.filter { $0.search.offset == 0 }
        let asked = states.reduce(0) { $0 + $1.asked.count }
        let answered = states.reduce(0) { $0 + $1.answered.count }
        let count = mergedCount
        let truly = !states.isEmpty && states.allSatisfy(\.isTrulyEmpty)
        if let failure {
            searchStatus.text = failure
        } else if cancelled {
            searchStatus.text = tr("Search cancelled: %1$s from %2$d of %3$d indexers.").fill(
                trn("%d result", "%d results", count).fill(count), answered, asked)
        } else if searching {
            searchStatus.text = tr("%1$s so far; %2$d of %3$d indexers answered…").fill(trn("%d result", "%d results", count).fill(count), answered, asked)
        } else if count == 0 {
            searchStatus.text = truly ? tr("No results: every indexer answered and none found anything.")
                : tr("Nothing found, but not every indexer may have searched: see below.")
        } else {
            // Translators: %1$s is "8 results"; then indexers that answered of those asked.
            searchStatus.text = tr("%1$s; %2$d of %3$d indexers answered.").fill(trn("%d result", "%d results", count).fill(count), answered, asked)
        }
        var failedNames: [String] = [], heldBackNames: [String] = [], emptyNames: [String] = [], pendingNames: [String] = []
        var unknown: [String] = []
        for state in all {
            let names = Dictionary(state.asked.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            let failed = state.failed.keys.sorted().compactMap { id in
                names[id].map { tr("%1$s (%2$s)").fill($0, state.failed[id].map(ErrorText.sentence) ?? "") }
            }
            let heldBack = state.heldBack.sorted().compactMap { names[$0] }
            let empty = state.empty.subtracting(state.heldBack).sorted().compactMap { names[$0] }
            failedNames += failed
            heldBackNames += heldBack
            emptyNames += empty
            if let error = state.heldBackUnknown { unknown.append(ErrorText.sentence(error)) }
            if searching { pendingNames += state.pending.map(\.name) }
        }
        let lines = [failedNames.isEmpty ? nil : tr("Failed: %s").fill(failedNames.joined(separator: "; ")),
                     heldBackNames.isEmpty ? nil
                         : tr("Answered nothing and now held back by Prowlarr (most likely failed): %s").fill(heldBackNames.joined(separator: ", ")),
                     emptyNames.isEmpty ? nil : unknown.isEmpty ? tr("Found nothing: %s").fill(emptyNames.joined(separator: ", "))
                         // Translators: %1$s lists indexers; %2$s says why the manager could not be asked about them.
                         : tr("Found nothing: %1$s (whether they failed is not known: the indexer list could not be read: %2$s)")
                             .fill(emptyNames.joined(separator: ", "), unknown.joined(separator: "; ")),
                     pendingNames.isEmpty ? nil : tr("Still searching: %s").fill(pendingNames.joined(separator: ", "))]
        for (label, text) in zip(answerLines, lines) {
            if let text, label.text != text {
                label.text = text
                label.tooltip = text
            }
            if label.visible != (text != nil) { label.visible = text != nil }
        }
    }
}
