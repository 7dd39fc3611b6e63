import Foundation

/// What one kind of library holds, as data: its items and the levels below them (series → seasons
/// → episodes; movies; artists → albums → tracks), what can be done at each level, how its add form
/// and calendar entries are shaped, and the tab it is shown on. An orchestrator's kind names its
/// library kind (`ServiceDescriptor.library`); nothing else in Core or the app asks which kind an
/// item is — a new hierarchy is a new value, not an edit.
public struct LibraryKind: Sendable, Hashable {
    /// A library kind's persisted name: items carry it (and the cache stores it), so it is chosen once.
    public struct ID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { rawValue = value }
        public var description: String { rawValue }

        public init(from decoder: Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }

    /// One level of the hierarchy: what can be done to its items.
    public struct Level: Sendable, Hashable {
        /// The level's name in this kind ("season", "episode", "album"): what the app's words are keyed by.
        public var name: String
        /// Its items come inside the item above (Sonarr's seasons) instead of being read by parent id.
        public var embedded: Bool
        /// Monitored on or off through the service's own endpoint for this level.
        public var monitorable: Bool
        /// A search command can name items of this level.
        public var searchable: Bool
        /// An interactive release search can be made for one item of this level.
        public var releaseSearch: Bool
        /// One command can name several items of this level (Radarr's MoviesSearch); otherwise one per item
        /// (Sonarr's SeriesSearch takes one series).
        public var batchCommands: Bool
        /// Its items have dates of their own (episodes air; tracks come with their album).
        public var dated: Bool

        public init(name: String, embedded: Bool = false, monitorable: Bool = true, searchable: Bool = true, releaseSearch: Bool = false,
                    batchCommands: Bool = true, dated: Bool = true) {
            self.name = name
            self.embedded = embedded
            self.monitorable = monitorable
            self.searchable = searchable
            self.releaseSearch = releaseSearch
            self.batchCommands = batchCommands
            self.dated = dated
        }
    }

    /// What a calendar entry of this kind stands for.
    public enum CalendarShape: Sendable, Hashable {
        /// A child comes out (an episode airs): entries name it by group and number.
        case child
        /// The item itself comes out, once per kind of release (in cinemas, digital, physical).
        case releases
        /// A group comes out (an album is released).
        case group
    }

    public var id: ID
    /// Its tab (raw value stable: routes, actions and saved state use it).
    public var feature: Feature
    /// The items the list shows (a series, a movie, an artist).
    public var item: Level
    /// The level between the item and its children (seasons, albums), if there is one.
    public var groups: Level?
    /// The lowest level (episodes, tracks), if there is one.
    public var children: Level?
    public var calendar: CalendarShape
    /// The add form's choices, beyond the root folder and quality profile every kind has.
    public var addOptions: [AddOption]
    /// What a request manager (Jellyseerr, Overseerr) calls its items, when it takes requests for them.
    public var requestedAs: MediaRequest.MediaType?

    public init(id: ID, feature: Feature, item: Level, groups: Level? = nil, children: Level? = nil,
                calendar: CalendarShape, addOptions: [AddOption] = [], requestedAs: MediaRequest.MediaType? = nil) {
        self.requestedAs = requestedAs
        self.id = id
        self.feature = feature
        self.item = item
        self.groups = groups
        self.children = children
        self.calendar = calendar
        self.addOptions = addOptions
    }

    /// The library kinds this build knows, in tab order: those of the registered service kinds.
    public static var all: [LibraryKind] {
        var seen = Set<ID>()
        return ServiceCatalog.kinds.compactMap { ServiceCatalog.descriptor(for: $0)?.library }.filter { seen.insert($0.id).inserted }
    }

    public static func kind(_ id: ID) -> LibraryKind? { all.first { $0.id == id } }
}

/// One choice the add form offers for a kind, beyond root folder and quality profile: the services'
/// defaults are never relied on, so every option is sent with the value the form shows.
public struct AddOption: Sendable, Hashable {
    public enum Control: Sendable, Hashable {
        /// One of these values (the first is the default).
        case choice([String])
        /// On or off.
        case toggle(default: Bool)
        /// One of the service's metadata profiles (Lidarr).
        case metadataProfile
    }

    /// The option's stable name: the flavour reads it when it builds the body, the app words it.
    public var name: String
    public var control: Control

    public init(name: String, control: Control) {
        self.name = name
        self.control = control
    }
}
