@testable import Core
@testable import DesktopApp
import Foundation

// A library kind Core and the app have never heard of, defined in this folder only: a Servarr on
// `/api/v1` whose library is artists → albums → tracks (shaped like Lidarr's API, API-GUIDE-3 §1),
// with its own commands, add form and live messages. Nothing in Sources/ names it; one line
// (`MusicKind.register()`) adds it to the catalog and the window.

extension ServiceKind {
    static let musicfix = ServiceKind(rawValue: "musicfix")
}

extension LibraryKind.ID {
    static let fixtureArtist: Self = "fixture-artist" // Lidarr (built in) has "artist"
}

extension Feature {
    static let artists = Feature(rawValue: "artists")
}

extension LibraryKind {
    /// Artists, their albums (resources of their own, with ids) and the albums' tracks (no monitoring of their own).
    static let artists = LibraryKind(
        id: .fixtureArtist, feature: .artists,
        item: Level(name: "artist", batchCommands: false),
        groups: Level(name: "album", releaseSearch: true, batchCommands: false),
        children: Level(name: "track", monitorable: false, searchable: false),
        calendar: .group,
        addOptions: [
            AddOption(name: "metadataProfileId", control: .metadataProfile),
            AddOption(name: "monitor", control: .choice(["all", "future", "missing", "none"])),
            AddOption(name: "searchForMissingAlbums", control: .toggle(default: false)),
        ])
}

/// The flavour: names, commands, endpoints and decoders of this Servarr.
enum Musicfix: ServarrKind {
    static let flavour = ServarrFlavour(
        apiBase: "/api/v1", supportedMajors: 1...3, library: .artists,
        itemResource: "artist", itemIDsField: "artistIds", historyFilter: "artistIds", exclusionFlag: "addImportListExclusion",
        queueFields: .init(item: "artistId", group: "albumId", child: nil),
        commands: .init(
            search: { ServarrFlavour.single("ArtistSearch", "artistId", $0) },
            refresh: { ServarrFlavour.single("RefreshArtist", "artistId", $0) },
            searchGroups: { _, albums in albums.count == 1 && albums[0] > 0 ? #"{"name":"AlbumSearch","albumIds":[\#(albums[0])]}"# : nil }),
        children: .init(
            read: { client, artist throws(ServiceError) in
                let query = [URLQueryItem(name: "artistId", value: "\(artist.id.itemID)")]
                let albums = try await client.read("album", query: query)
                let tracks = try await client.read("track", query: query)
                return try MusicDecoding.groups(albums: albums, tracks: tracks, service: client.serviceID, artist: artist.id.itemID)
            },
            decodeChild: { data, service in MusicDecoding.track(data, service: service) },
            monitorGroups: { monitored, _, albums in (.put, "album/monitor", #"{"albumIds":[\#(albums.map(String.init).joined(separator: ","))],"monitored":\#(monitored)}"#) }),
        releaseQuery: { search in
            guard case .group(_, let album) = search, album > 0 else { return nil }
            return [URLQueryItem(name: "albumId", value: String(album))]
        },
        hub: .init(minimumMajor: 1, item: "artist", child: "track", itemTouched: ["trackfile"]),
        decodeItems: { body, service throws(ServiceError) in try MusicDecoding.artists(body, service: service) },
        decodeCalendar: { body, service, _, _ throws(ServiceError) in try MusicDecoding.calendar(body, service: service) },
        calendarQuery: [URLQueryItem(name: "includeArtist", value: "true")],
        decodeLookup: { r throws(ServiceError) in try MusicDecoding.lookup(&r) },
        addBody: { addition in
            guard let mbid = addition.item.foreignID, !mbid.isEmpty, let profile = addition.options["metadataProfileId"] else { return nil }
            return #"{"foreignArtistId":\#(JSONText.quote(mbid)),"artistName":\#(JSONText.quote(addition.item.title)),\#(addition.commonFields),"metadataProfileId":\#(profile),"monitored":\#(addition.options["monitor"] != "none"),"addOptions":{"monitor":\#(addition.json("monitor")),"searchForMissingAlbums":\#(addition.json("searchForMissingAlbums"))}}"#
        })
}

typealias MusicfixClient = ServarrClient<Musicfix>

/// The registration: the catalog learns the service kind, the window its presentation.
@MainActor
enum MusicKind {
    static func register() {
        ServiceCatalog.register(ServiceDescriptor(kind: .musicfix, displayName: "Musicfix", role: .orchestrator, defaultPort: 8686,
                                                  credentialShape: .apiKey, library: .artists, client: MusicfixClient.self))
        LibraryPresentations.register(.artists)
    }

    /// The app's tests share this process: the kind does not outlive the tests that add it.
    static func unregister() { ServiceCatalog.unregister(.musicfix) }
}

/// The wire shapes, read with Foundation: a test kind needs no speed.
enum MusicDecoding {
    private static func objects(_ body: Data) throws(ServiceError) -> [[String: Any]] {
        guard let list = (try? JSONSerialization.jsonObject(with: body)) as? [[String: Any]] else {
            throw .decoding(path: "$", detail: "not a list of objects")
        }
        return list
    }

    private static func date(_ value: Any?) -> Date? {
        (value as? String).flatMap { ISO8601DateFormatter().date(from: $0) }
    }

    static func artists(_ body: Data, service: UUID) throws(ServiceError) -> [Resource] {
        try objects(body).compactMap { artist in
            guard let id = artist["id"] as? Int, let name = artist["artistName"] as? String else { return nil }
            let statistics = artist["statistics"] as? [String: Any] ?? [:]
            let files = statistics["trackFileCount"] as? Int ?? 0
            return Resource(id: ResourceID(serviceID: service, itemID: id), kind: .fixtureArtist, title: name,
                            sortTitle: (artist["sortName"] as? String) ?? name.lowercased(), year: nil,
                            status: .init(artist["status"] as? String), monitored: artist["monitored"] as? Bool ?? false,
                            sizeOnDisk: (statistics["sizeOnDisk"] as? NSNumber)?.int64Value ?? 0, fileCount: files,
                            expectedFileCount: statistics["totalTrackCount"] as? Int ?? 0, hasFile: files > 0,
                            subtitle: artist["disambiguation"] as? String, added: date(artist["added"]),
                            nextDate: date((artist["nextAlbum"] as? [String: Any])?["releaseDate"]), images: [])
        }
    }

    static func groups(albums: Data, tracks: Data, service: UUID, artist: Int) throws(ServiceError) -> [ChildGroup] {
        let albumList = try objects(albums)
        let children = try objects(tracks).compactMap { child($0, service: service, artist: artist) }
        return albumList.compactMap { album -> ChildGroup? in
            guard let id = album["id"] as? Int else { return nil }
            return ChildGroup(key: id, ownID: ResourceID(serviceID: service, itemID: id), title: album["title"] as? String,
                              date: date(album["releaseDate"]), monitored: album["monitored"] as? Bool,
                              children: children.filter { $0.group == id }.sorted { $0.number < $1.number })
        }.sorted { ($0.date ?? .distantPast) < ($1.date ?? .distantPast) }
    }

    private static func child(_ track: [String: Any], service: UUID, artist: Int?) -> Child? {
        guard let id = track["id"] as? Int, let album = track["albumId"] as? Int,
              let owner = (track["artistId"] as? Int) ?? artist else { return nil }
        return Child(id: ResourceID(serviceID: service, itemID: id), item: ResourceID(serviceID: service, itemID: owner), group: album,
                     number: Int(track["trackNumber"] as? String ?? "") ?? 0, title: track["title"] as? String ?? "", date: nil,
                     hasFile: track["hasFile"] as? Bool ?? false, monitored: true)
    }

    /// A track as a live message carries it.
    static func track(_ data: Data, service: UUID) -> Child? {
        ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]).flatMap { child($0, service: service, artist: nil) }
    }

    /// Albums coming out, each with its artist's name.
    static func calendar(_ body: Data, service: UUID) throws(ServiceError) -> [CalendarEntry] {
        try objects(body).compactMap { album in
            guard let artist = album["artistId"] as? Int, let released = date(album["releaseDate"]) else { return nil }
            let statistics = album["statistics"] as? [String: Any] ?? [:]
            return CalendarEntry(resource: ResourceID(serviceID: service, itemID: artist),
                                 title: (album["artist"] as? [String: Any])?["artistName"] as? String ?? "",
                                 due: .group(title: album["title"] as? String ?? ""), date: released,
                                 hasFile: (statistics["trackFileCount"] as? Int ?? 0) > 0, monitored: album["monitored"] as? Bool ?? false)
        }
    }

    static func lookup(_ r: inout JSONReader) throws(ServiceError) -> LookupResult? {
        var name: String?, mbid: String?, overview: String?, disambiguation: String?, id: Int?
        try r.readObject { r, key throws(ServiceError) in
            if key("artistName") { name = try r.lenientString() }
            else if key("foreignArtistId") { mbid = try r.lenientString() }
            else if key("overview") { overview = try r.lenientString() }
            else if key("disambiguation") { disambiguation = try r.lenientString() }
            else if key("id") { id = try r.lenientInt() }
            else { try r.skipValue() }
        }
        guard let name else { return nil }
        return LookupResult(kind: .fixtureArtist, title: name, year: nil, overview: overview, subtitle: disambiguation, images: [],
                            foreignID: mbid, libraryID: id.flatMap { $0 > 0 ? $0 : nil }, groups: [])
    }
}
