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
    /// One item and several ("series"/"series", "movie"/"movies"), and with its article ("a series").
    var singular: String
    var plural: String
    var indefinite: String
    /// The children's noun, one and several ("episode"/"episodes"), for counts.
    var childSingular: String = ""
    var childPlural: String = ""
    var icon: String
    /// The list while it loads, and when it is empty.
    var loading: String
    var emptyTitle: String
    var emptyDetail: String
    /// The add dialog's title and its search field's hint.
    var addTitle: String
    var addHint: String
    /// The service that owns items of this kind, in sentences ("Sonarr stops managing this series").
    var serviceName: String
    /// A group's name ("Season 2", "Specials"; an album's title).
    var groupName: @Sendable (ChildGroup) -> String = { $0.title ?? "\($0.number ?? $0.key)" }
    /// A child's short label in its row ("03").
    var childNumber: @Sendable (Child) -> String = { String(format: "%02d", $0.number) }
    /// A child named for a dialog ("S01E02 of Title").
    var childTitle: @Sendable (Child, Resource) -> String = { child, item in "\(child.title) of \(item.title)" }
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

    func noun(_ count: Int) -> String { count == 1 ? singular : plural }

    /// What a calendar entry stands for, in words.
    func due(_ due: CalendarEntry.Due) -> String {
        switch due {
        case .child(let group, let number, let title):
            if let dueChild { return dueChild(group, number, title) }
            return ["\(childSingular.capitalized) \(number)", title].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
        case .release(let name): return dateName(name)
        case .group(let title): return title
        }
    }

    /// A command's name in messages: the kind's own words, else made from its nouns.
    func name(of command: LibraryCommand) -> String {
        if let commandName { return commandName(command) }
        return switch command {
        case .search(let ids): ids.count == 1 ? "\(singular.capitalized) search" : "Search of \(ids.count) \(plural)"
        case .refresh: "Refresh and scan"
        case .searchGroup: "\((kind.groups?.name ?? "group").capitalized) search"
        case .searchChildren(_, let ids): ids.count == 1 ? "\(childSingular.capitalized) search" : "Search of \(ids.count) \(childPlural)"
        case .rssSync: "RSS sync"
        }
    }

    /// The row's line under the title: year, status, what is on disk, the subtitle.
    func rowFacts(_ item: Resource) -> String {
        var facts: [String] = []
        if let year = item.year { facts.append(String(year)) }
        facts.append(Strings.resourceStatus(item.status))
        if kind.children != nil {
            facts.append("\(item.fileCount) of \(item.expectedFileCount) \(item.expectedFileCount == 1 ? childSingular : childPlural)")
            if let subtitle = item.subtitle, !subtitle.isEmpty { facts.append(subtitle) }
        } else {
            facts.append(item.hasFile ? "On disk" : "Missing")
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
        private var byKind: [LibraryKind.ID: LibraryPresentation] = [LibraryKind.ID.series: .series, LibraryKind.ID.movie: .movies]
        func get(_ kind: LibraryKind.ID) -> LibraryPresentation? { lock.withLock { byKind[kind] } }
        func set(_ presentation: LibraryPresentation) { lock.withLock { byKind[presentation.kind.id] = presentation } }
    }
}

extension LibraryPresentation {
    /// Words made from a kind's own names, for a kind without a presentation of its own.
    static func plain(_ kind: LibraryKind) -> LibraryPresentation {
        let name = kind.item.name
        return LibraryPresentation(kind: kind, title: name.capitalized, singular: name, plural: name + "s", indefinite: "a " + name,
                                   childSingular: kind.children?.name ?? "", childPlural: (kind.children?.name ?? "") + "s",
                                   icon: "folder-symbolic", loading: "Loading…", emptyTitle: "Nothing Here",
                                   emptyDetail: "Items added in the service appear here.", addTitle: "Add", addHint: "Title",
                                   serviceName: "The service")
    }
}
