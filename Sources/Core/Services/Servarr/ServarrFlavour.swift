import Foundation

/// One Servarr application (Sonarr, Radarr, Lidarr, …) as data: its API, its library kind, the
/// names of its resources, fields and commands, how its items, children and calendar decode, and
/// its live hub. `ServarrClient<Kind>` is the one client; a flavour is a type naming its value.
public protocol ServarrKind: Sendable {
    static var flavour: ServarrFlavour { get }
}

public struct ServarrFlavour: Sendable {
    /// Below the endpoint's base path: "/api/v3", "/api/v1".
    public var apiBase: String
    /// The major versions of the application this API is known to serve.
    public var supportedMajors: ClosedRange<Int>
    public var library: LibraryKind
    /// The item resource ("series", "movie", "artist"), its editor's id list field ("seriesIds"), its
    /// history filter ("seriesIds"), and the query flag that adds an import-list exclusion on delete.
    public var itemResource: String
    public var itemIDsField: String
    public var historyFilter: String
    public var exclusionFlag: String
    /// Where a queue record names its item, group and child ("seriesId", "seasonNumber", "episodeId").
    public var queueFields: QueueFields
    public var commands: Commands
    /// How the levels below the item are read and monitored.
    public var children: Children?
    /// The interactive-search query for a target of this kind; nil when it would name nothing.
    public var releaseQuery: @Sendable (ReleaseSearch) -> [URLQueryItem]?
    /// The live hub, for the versions that have one.
    public var hub: Hub?
    /// The library's items from a list answer (`[ItemResource]`) of instance `serviceID`.
    public var decodeItems: @Sendable (Data, UUID) throws(ServiceError) -> [Resource]
    /// Calendar entries in [start, end) from the calendar answer.
    public var decodeCalendar: @Sendable (Data, UUID, Date, Date) throws(ServiceError) -> [CalendarEntry]
    /// Extra query items for the calendar (Sonarr: includeSeries).
    public var calendarQuery: [URLQueryItem]
    /// A lookup result from one element of the lookup answer.
    public var decodeLookup: @Sendable (inout JSONReader) throws(ServiceError) -> LookupResult?
    /// The segment before the item id in the cover API path (Lidarr's `mediacover/artist/{id}/…`); nil
    /// for `mediacover/{id}/…`.
    public var coverSegment: String?
    /// The add body for `addition`; nil when it cannot be built (nothing is sent then).
    public var addBody: @Sendable (LibraryAddition) -> String?

    public struct QueueFields: Sendable {
        public var item: StaticString
        public var group: StaticString?
        public var child: StaticString?
        public init(item: StaticString, group: StaticString?, child: StaticString?) {
            self.item = item
            self.group = group
            self.child = child
        }
    }

    /// The wire form of each semantic command (its JSON body); nil when it would name no item, or
    /// several where the flavour's command takes one.
    public struct Commands: Sendable {
        public var search: @Sendable ([Int]) -> String?
        public var refresh: @Sendable ([Int]) -> String?
        /// Search groups of an item (a season; albums name themselves by their own ids); nil for a list the
        /// command cannot take (several seasons).
        public var searchGroups: (@Sendable (_ item: Int, _ groups: [Int]) -> String?)?
        /// Search children by id (episodes).
        public var searchChildren: (@Sendable ([Int]) -> String?)?
        public init(search: @escaping @Sendable ([Int]) -> String?, refresh: @escaping @Sendable ([Int]) -> String?,
                    searchGroups: (@Sendable (Int, [Int]) -> String?)? = nil, searchChildren: (@Sendable ([Int]) -> String?)? = nil) {
            self.search = search
            self.refresh = refresh
            self.searchGroups = searchGroups
            self.searchChildren = searchChildren
        }
    }

    /// The levels below the item: how they are read and monitored.
    public struct Children: Sendable {
        /// Reads an item's groups and children (every request it needs).
        public var read: @Sendable (_ client: ServarrRequests, _ item: Resource) async throws(ServiceError) -> [ChildGroup]
        /// A child as a live message's resource carries it (an episode), for the item's detail page.
        public var decodeChild: @Sendable (Data, UUID) -> Child?
        /// Monitors groups of one item in one request (the season pass; the album editor): method, path and body.
        public var monitorGroups: (@Sendable (_ monitored: Bool, _ item: Int, _ groups: [Int]) -> (HTTPMethod, String, String))?
        /// Monitors children by id (the episode editor).
        public var monitorChildren: (@Sendable (_ monitored: Bool, _ ids: [Int]) -> (HTTPMethod, String, String))?
        public init(read: @escaping @Sendable (ServarrRequests, Resource) async throws(ServiceError) -> [ChildGroup],
                    decodeChild: @escaping @Sendable (Data, UUID) -> Child?,
                    monitorGroups: (@Sendable (Bool, Int, [Int]) -> (HTTPMethod, String, String))? = nil,
                    monitorChildren: (@Sendable (Bool, [Int]) -> (HTTPMethod, String, String))? = nil) {
            self.read = read
            self.decodeChild = decodeChild
            self.monitorGroups = monitorGroups
            self.monitorChildren = monitorChildren
        }
    }

    /// The live hub: from which major version it is there, and the message names of this flavour.
    public struct Hub: Sendable {
        public var minimumMajor: Int
        /// The item resource's message name ("series"), the child's ("episode"), and those that name an
        /// item whose files changed ("episodefile", "moviefile").
        public var item: String
        public var child: String?
        public var itemTouched: [String]
        public init(minimumMajor: Int, item: String, child: String? = nil, itemTouched: [String] = []) {
            self.minimumMajor = minimumMajor
            self.item = item
            self.child = child
            self.itemTouched = itemTouched
        }
    }

    public init(apiBase: String, supportedMajors: ClosedRange<Int>, library: LibraryKind, itemResource: String, itemIDsField: String,
                historyFilter: String, exclusionFlag: String, queueFields: QueueFields, commands: Commands, children: Children? = nil,
                releaseQuery: @escaping @Sendable (ReleaseSearch) -> [URLQueryItem]?, hub: Hub?,
                decodeItems: @escaping @Sendable (Data, UUID) throws(ServiceError) -> [Resource],
                decodeCalendar: @escaping @Sendable (Data, UUID, Date, Date) throws(ServiceError) -> [CalendarEntry],
                calendarQuery: [URLQueryItem] = [],
                decodeLookup: @escaping @Sendable (inout JSONReader) throws(ServiceError) -> LookupResult?,
                coverSegment: String? = nil,
                addBody: @escaping @Sendable (LibraryAddition) -> String?) {
        self.apiBase = apiBase
        self.supportedMajors = supportedMajors
        self.library = library
        self.itemResource = itemResource
        self.itemIDsField = itemIDsField
        self.historyFilter = historyFilter
        self.exclusionFlag = exclusionFlag
        self.queueFields = queueFields
        self.commands = commands
        self.children = children
        self.releaseQuery = releaseQuery
        self.hub = hub
        self.decodeItems = decodeItems
        self.decodeCalendar = decodeCalendar
        self.calendarQuery = calendarQuery
        self.decodeLookup = decodeLookup
        self.coverSegment = coverSegment
        self.addBody = addBody
    }
}

/// What a flavour's children reader may ask of its client: authenticated reads below the API base.
public protocol ServarrRequests: Sendable {
    func read(_ path: String, query: [URLQueryItem]) async throws(ServiceError) -> Data
    var serviceID: UUID { get }
    var apiBase: String { get }
}

extension ServarrFlavour {
    /// `{"name":…,"<field>":[ids]}` for a command that takes a list; nil for an empty or invalid list.
    public static func command(_ name: String, _ field: String, _ ids: [Int]) -> String? {
        guard !ids.isEmpty, ids.allSatisfy({ $0 > 0 }) else { return nil }
        return #"{"name":"\#(name)","\#(field)":[\#(ids.map(String.init).joined(separator: ","))]}"#
    }

    /// `{"name":…,"<field>":id}` for a command that takes one item; nil unless `ids` is one valid id.
    public static func single(_ name: String, _ field: String, _ ids: [Int]) -> String? {
        guard ids.count == 1, let id = ids.first, id > 0 else { return nil }
        return #"{"name":"\#(name)","\#(field)":\#(id)}"#
    }
}
