import Foundation

/// An item of the level between a library item and its children: a season of a series, an album of
/// an artist. Embedded groups (seasons) have no id of their own; their `key` is what the service
/// names them by (the season number).
public struct ChildGroup: Sendable, Equatable, Codable, Identifiable {
    /// What the service names the group by: a season's number, an album's id.
    public var key: Int
    /// The group's own id, when it has one (an album).
    public var ownID: ResourceID?
    /// Its number, when groups are numbered (seasons; 0 is the specials).
    public var number: Int?
    /// Its title, when groups have one (albums).
    public var title: String?
    /// When it came or comes out (an album's release), if known.
    public var date: Date?
    /// Whether the service monitors it; nil when unknown.
    public var monitored: Bool?
    /// Its children, in order.
    public var children: [Child]

    public var id: Int { key }

    public init(key: Int, ownID: ResourceID? = nil, number: Int? = nil, title: String? = nil, date: Date? = nil,
                monitored: Bool? = nil, children: [Child]) {
        self.key = key
        self.ownID = ownID
        self.number = number
        self.title = title
        self.date = date
        self.monitored = monitored
        self.children = children
    }
}

/// The lowest level of a library: an episode, a track.
public struct Child: Sendable, Equatable, Identifiable, Codable {
    public var id: ResourceID
    /// The library item it belongs to (its series, its artist).
    public var item: ResourceID
    /// Its group's key (the season number, the album id).
    public var group: Int
    public var number: Int
    public var title: String
    /// When it aired or comes out, as an instant, if known.
    public var date: Date?
    /// The service's local date ("yyyy-MM-dd"), when it gives one.
    public var localDate: String?
    public var hasFile: Bool
    public var monitored: Bool

    public init(id: ResourceID, item: ResourceID, group: Int, number: Int, title: String, date: Date?, localDate: String? = nil,
                hasFile: Bool, monitored: Bool) {
        self.id = id
        self.item = item
        self.group = group
        self.number = number
        self.title = title
        self.date = date
        self.localDate = localDate
        self.hasFile = hasFile
        self.monitored = monitored
    }
}

extension Array where Element == Child {
    /// Children grouped by their group key, groups in the order `inOrder` says (ascending keys by
    /// default), each group's children by number; `describe` gives each group its number, title and
    /// monitored state.
    public func grouped(inOrder: (Int, Int) -> Bool = { $0 < $1 }, _ describe: (Int) -> ChildGroup) -> [ChildGroup] {
        Dictionary(grouping: self, by: \.group).sorted { inOrder($0.key, $1.key) }.map { key, children in
            var group = describe(key)
            group.children = children.sorted { $0.number < $1.number }
            return group
        }
    }
}
