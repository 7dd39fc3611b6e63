import Core
import Foundation

/// How the window shows one library kind: its tab, nouns and icon, the words for its levels, the
/// facts of its items, its add form's labels. One value per kind (`LibraryPresentations`): the
/// library page, detail page, add dialog, calendar and settings read it and never ask which kind they show.
struct LibraryPresentation: Sendable {
    let kind: LibraryKind
    var feature: Feature { kind.feature }
    /// The tab's title ("Series", "Movies").
    var title: String
    /// The sentences the kind is named in (LibraryWords).
    var words: LibraryWords
    var icon: String
    /// The list while it loads, and when it is empty.
    var loading: String
    var emptyTitle: String
    var emptyDetail: String
    /// The add dialog's title and its search field's hint.
    var addTitle: String
    var addHint: String
    /// A group's name ("Season 2", "Specials"; an album's title).
    var groupName: @Sendable (ChildGroup) -> String = { $0.title ?? "\($0.number ?? $0.key)" }
    /// A child's short label in its row ("03").
    var childNumber: @Sendable (Child) -> String = { String(format: "%02d", $0.number) }
    /// A child named for a dialog ("S01E02 of Title").
    // Translators: %1$s is a child (a track, an episode), %2$s the item it belongs to.
    var childTitle: @Sendable (Child, Resource) -> String = { child, item in tr("%1$s of %2$s").fill(child.title, item.title) }
    /// The item's facts beyond year, status, monitored and size: label and value, in order.
    var facts: @Sendable (Resource, Date) -> [(String, String)] = { _, _ in [] }
    /// What the item's own dates are called ("inCinemas" → "In cinemas"), for the calendar.
    var dateName: @Sendable (String) -> String = { $0 }
    /// A child due in the calendar, by its group and number, with its title ("S01E02 · Title").
    var dueChild: (@Sendable (_ group: Int, _ number: Int, _ title: String?) -> String)?
    /// A command's name in messages ("Series search", "Season 2 search", "Search of 3 movies").
    var commandName: (@Sendable (LibraryCommand) -> String)?
    /// The add form: each option's label, its choices' labels, and a sentence per choice.
    var optionLabel: @Sendable (String) -> String = { $0 }
    var choiceLabel: @Sendable (_ option: String, _ value: String) -> String = { $1 }
    var choiceHelp: @Sendable (_ option: String, _ value: String) -> String? = { _, _ in nil }
    /// Synthetic content for the inspection routes; a kind without it has no library routes.
    var samples: LibrarySamples?

    /// What a calendar entry stands for, in words.
    func due(_ due: CalendarEntry.Due) -> String {
        switch due {
        case .child(let group, let number, let title):
            if let dueChild { return dueChild(group, number, title) }
            let numbered = words.children?.numbered(number) ?? String(number)
            return [numbered, title].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
        case .release(let name): return dateName(name)
        case .group(let title): return title
        }
    }

    /// A command's name in messages: the kind's own words, else made from its nouns.
    func name(of command: LibraryCommand) -> String {
        if let commandName { return commandName(command) }
        return switch command {
        case .search(let ids): ids.count == 1 ? words.search : words.searchOf(ids.count)
        case .refresh: tr("Refresh and scan")
        case .searchGroups: words.searchGroup
        case .searchChildren(_, let ids): ids.count == 1 ? (words.children?.search ?? words.search)
            : (words.children?.searchOf(ids.count) ?? words.searchOf(ids.count))
        case .rssSync: tr("RSS sync")
        }
    }

    /// The row's line under the title: year, status, what is on disk, the subtitle.
    func rowFacts(_ item: Resource) -> String {
        var facts: [String] = []
        if let year = item.year { facts.append(String(year)) }
        facts.append(Strings.resourceStatus(item.status))
        if kind.children != nil {
            facts.append(words.children?.onDisk(item.fileCount, item.expectedFileCount) ?? "\(item.fileCount)/\(item.expectedFileCount)")
            if let subtitle = item.subtitle, !subtitle.isEmpty { facts.append(subtitle) }
        } else {
            facts.append(item.hasFile ? tr("On disk") : tr("Missing"))
        }
        return facts.joined(separator: " · ")
    }
}

/// The presentations this build knows, and those a test adds: one per library kind.
enum LibraryPresentations {
    private static let table = Table()

    static func register(_ presentation: LibraryPresentation) { table.set(presentation) }

    /// The presentation of `kind`; a kind nobody presented gets plain words from its data.
    static func of(_ kind: LibraryKind.ID) -> LibraryPresentation {
        if let found = table.get(kind) { return found }
        return .plain(LibraryKind.kind(kind) ?? LibraryKind(id: kind, feature: Feature(rawValue: kind.rawValue),
                                                            item: .init(name: kind.rawValue), calendar: .releases))
    }

    /// Every library kind's presentation, in the kinds' order.
    static var all: [LibraryPresentation] { LibraryKind.all.map { of($0.id) } }

    /// The presentation of a library tab; nil for the other tabs.
    static func of(_ feature: Feature) -> LibraryPresentation? { feature.library.map { of($0.id) } }

    private final class Table: @unchecked Sendable {
        private let lock = NSLock()
        private var byKind: [LibraryKind.ID: LibraryPresentation] = [LibraryKind.ID.series: .series, LibraryKind.ID.movie: .movies,
                                                                    LibraryKind.ID.artist: .music]
        func get(_ kind: LibraryKind.ID) -> LibraryPresentation? { lock.withLock { byKind[kind] } }
        func set(_ presentation: LibraryPresentation) { lock.withLock { byKind[presentation.kind.id] = presentation } }
    }
}

extension LibraryPresentation {
    /// Words made from a kind's own names, for a kind without a presentation of its own.
    static func plain(_ kind: LibraryKind) -> LibraryPresentation {
        let name = kind.item.name
        return LibraryPresentation(kind: kind, title: name.capitalized,
                                   words: .plain(singular: name, plural: name + "s", group: kind.groups?.name,
                                                 child: kind.children.map { ($0.name, $0.name + "s") }),
                                   icon: "folder-symbolic", loading: tr("Loading…"), emptyTitle: tr("Nothing Here"),
                                   emptyDetail: tr("Items added in the service appear here."), addTitle: tr("Add"), addHint: tr("Title"))
    }
}
