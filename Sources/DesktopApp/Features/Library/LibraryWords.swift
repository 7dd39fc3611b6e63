import Foundation

/// The sentences a library kind is named in, whole: each kind writes its own ("Delete this
/// series…", "Delete this movie…"), because a noun pasted into a shared sentence cannot be
/// translated (German: "diese Serie", "diesen Film"). Counts are closures over `trn`.
struct LibraryWords: Sendable {
    /// "3 movies".
    var count: @Sendable (Int) -> String
    /// "2 of 20 movies" (a filtered list's count).
    var shown: @Sendable (_ shown: Int, _ total: Int) -> String
    /// "Monitoring 3 movies", "Stopped monitoring 3 movies".
    var monitoring: @Sendable (Int) -> String
    var stoppedMonitoring: @Sendable (Int) -> String
    /// "Search of 3 movies" (a command's name).
    var searchOf: @Sendable (Int) -> String
    /// "Movie search", and a group's ("Album search"; kinds with groups).
    var search: String
    var searchGroup: String = ""
    /// "Add a movie…", its tooltip, and the add dialog's search field.
    var add: String
    var addTooltip: String
    var searchToAdd: String
    /// The list's toolbar: its search field, sort and filter drop-downs.
    var searchList: String
    var sortBy: String
    var show: String
    /// The bulk buttons' names ("Monitor selected movies": `%s` is the action).
    var onSelection: @Sendable (String) -> String
    /// Their tooltips without a selection, or when the selection does not need them.
    var selectFirst: @Sendable (String) -> String
    var allMonitored: @Sendable (String) -> String
    var noneMonitored: @Sendable (String) -> String
    /// The detail page's buttons and its delete question.
    var searchThis: String
    var deleteThis: String
    var deleteDetail: String
    var deleteFilesDetail: String
    /// What an orchestrator of this kind brings, in Settings' kind chooser.
    var summary: String
    /// The children's sentences, for kinds with children (episodes, tracks).
    var children: ChildWords?
    /// The detail page's buttons over every group at once, for kinds whose group commands take several
    /// (Lidarr's albums): "Monitor every album", "Search missing albums", their tooltips when there is
    /// nothing to do, and the search's tooltip with how many it names.
    var monitorEveryGroup: String?
    var searchMissingGroups: String?
    var searchMissingGroupsTooltip: (@Sendable (Int) -> String)?
    var noMissingGroups: String?
    var everyGroupMonitored: String?
}

/// How a kind's children are named: `%s` placeholders are a child's number and its group's name.
struct ChildWords: Sendable {
    /// "4 episodes" (an Activity row that covers several), "3 of 4 episodes" (files on disk).
    var count: @Sendable (Int) -> String
    var onDisk: @Sendable (_ onDisk: Int, _ expected: Int) -> String
    /// "Episode search", "Search of 3 episodes".
    var search: String
    var searchOf: @Sendable (Int) -> String
    /// "Monitor Season 2 (its episodes follow)".
    var monitorGroup: @Sendable (_ group: String) -> String
    /// A child's row: "Monitor episode 03 of Season 2", its search buttons.
    var monitor: @Sendable (_ number: String, _ group: String) -> String
    var searchOne: @Sendable (_ number: String, _ group: String) -> String
    var interactiveOne: @Sendable (_ number: String, _ group: String) -> String
    var searchThisOne: String
    var interactiveThisOne: String
    /// "The episode could not be changed".
    var notChanged: String
    /// "Episode 3 · Title" in the calendar, when the kind does not say otherwise (`%s`: the number).
    var numbered: @Sendable (Int) -> String
}

extension LibraryWords {
    /// Words made from a kind's names, for a kind without its own: English only (no kind ships
    /// without a presentation; tests add kinds this way).
    static func plain(singular: String, plural: String, group: String?, child: (singular: String, plural: String)?) -> LibraryWords {
        let article = "aeiou".contains(singular.first ?? "x") ? "an" : "a"
        let many: @Sendable (Int) -> String = { count in "\(Formatting.count(count)) \(count == 1 ? singular : plural)" }
        return LibraryWords(
            count: many, shown: { "\(Formatting.count($0)) of \(many($1))" },
            monitoring: { "Monitoring \(many($0))" }, stoppedMonitoring: { "Stopped monitoring \(many($0))" },
            searchOf: { "Search of \(many($0))" }, search: "\(singular.capitalized) search",
            searchGroup: "\((group ?? "group").capitalized) search",
            add: "Add \(article) \(singular)…", addTooltip: "Add \(article) \(singular) (Ctrl+N)",
            searchToAdd: "Search for \(article) \(singular) to add",
            searchList: "Search \(plural)", sortBy: "Sort \(plural) by", show: "Show \(plural)",
            onSelection: { "\($0) selected \(plural)" }, selectFirst: { "\($0) (select \(plural) first)" },
            allMonitored: { "\($0): every selected \(singular) is monitored already" },
            noneMonitored: { "\($0): no selected \(singular) is monitored" },
            searchThis: child.map { "Search for every monitored \($0.singular)" } ?? "Search for this \(singular)",
            deleteThis: "Delete this \(singular)…",
            deleteDetail: "The service stops managing this \(singular). Its files stay on disk unless you choose otherwise.",
            deleteFilesDetail: "Every file of this \(singular) in its folder is deleted from disk.",
            summary: "\(singular.capitalized) library, queue and calendar",
            children: child.map { child in
                let children: @Sendable (Int) -> String = { count in "\(Formatting.count(count)) \(count == 1 ? child.singular : child.plural)" }
                return ChildWords(
                    count: children, onDisk: { "\(Formatting.count($0)) of \(children($1))" },
                    search: "\(child.singular.capitalized) search", searchOf: { "Search of \(children($0))" },
                    monitorGroup: { "Monitor \($0) (its \(child.plural) follow)" },
                    monitor: { "Monitor \(child.singular) \($0) of \($1)" }, searchOne: { "Search \(child.singular) \($0) of \($1)" },
                    interactiveOne: { "Interactive search for \(child.singular) \($0) of \($1)…" },
                    searchThisOne: "Search this \(child.singular)", interactiveThisOne: "Interactive search for this \(child.singular)…",
                    notChanged: "The \(child.singular) could not be changed",
                    numbered: { "\(child.singular.capitalized) \($0)" })
            })
    }
}
