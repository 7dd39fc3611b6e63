import Foundation

/// Lidarr (v1 and v2, `/api/v1`; API-GUIDE-3 §1): artists, their albums (monitored through
/// `album/monitor`, never a whole-album PUT, which would write its releases back) and tracks; one artist
/// per ArtistSearch, albums by id in AlbumSearch; covers under `mediacover/artist/`; a live hub.
public enum Lidarr: ServarrKind {
    public static let flavour = ServarrFlavour(
        apiBase: "/api/v1", supportedMajors: 1...Int.max, library: .music,
        itemResource: "artist", itemIDsField: "artistIds", historyFilter: "artistIds", exclusionFlag: "addImportListExclusion",
        // One queue record per album (API-GUIDE-3 §1.6).
        queueFields: .init(item: "artistId", group: "albumId", child: nil),
        commands: .init(
            search: { ServarrFlavour.single("ArtistSearch", "artistId", $0) },
            refresh: { ServarrFlavour.command("RefreshArtist", "artistIds", $0) },
            searchGroups: { _, albums in ServarrFlavour.command("AlbumSearch", "albumIds", albums) }),
        children: .init(
            read: { client, artist throws(ServiceError) in
                // Both by artist: `album` with no parameter would be the whole library, `track` with none a 400.
                let query = [URLQueryItem(name: "artistId", value: "\(artist.id.itemID)")]
                let albums = try await client.read("album", query: query)
                let tracks = try await client.read("track", query: query)
                return try groups(albums: albums, tracks: tracks, serviceID: client.serviceID, artist: artist.id.itemID)
            },
            decodeChild: { data, service in (try? decodeTracks(Data("[".utf8) + data + Data("]".utf8), serviceID: service))?.first },
            monitorGroups: { monitored, _, albums in
                (.put, "album/monitor", #"{"albumIds":[\#(albums.map(String.init).joined(separator: ","))],"monitored":\#(monitored)}"#)
            }),
        releaseQuery: { search in
            guard case .group(_, let album) = search, album > 0 else { return nil }
            return [URLQueryItem(name: "albumId", value: String(album))]
        },
        // An album message (its monitored flag, its statistics) names its artist: the artist is read again.
        hub: .init(minimumMajor: 1, item: "artist", child: "track", itemTouched: ["trackfile", "album"]),
        decodeItems: { body, service throws(ServiceError) in try decodeArtists(body, serviceID: service) },
        decodeCalendar: { body, service, _, _ throws(ServiceError) in try decodeCalendar(body, serviceID: service) },
        calendarQuery: [URLQueryItem(name: "includeArtist", value: "true")],
        decodeLookup: { r throws(ServiceError) in try lookup(&r) },
        coverSegment: "artist",
        addBody: { addition in
            guard let mbid = addition.item.foreignID, !mbid.isEmpty, let profile = addition.options["metadataProfileId"].flatMap({ Int($0) }),
                  profile > 0 else { return nil }
            // `monitored` is sent (missing means false); `none` leaves the artist unmonitored, as Lidarr does it.
            let monitor = addition.options["monitor"] ?? ""
            return #"{"foreignArtistId":\#(JSONText.quote(mbid)),"artistName":\#(JSONText.quote(addition.item.title)),\#(addition.profileFields),"metadataProfileId":\#(profile),"monitored":\#(monitor != "none"),"monitorNewItems":"all","addOptions":{"monitor":\#(addition.json("monitor")),"searchForMissingAlbums":\#(addition.json("searchForMissingAlbums"))}}"#
        })

    public static func decodeArtists(_ body: Data, serviceID: UUID) throws(ServiceError) -> [Resource] {
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(LidarrArtistDTO.decode) }
        var resources: [Resource] = []
        resources.reserveCapacity(dtos.count)
        for dto in dtos {
            guard let id = dto.id else { continue } // tolerance: an item without id cannot be shown or joined
            let name = dto.artistName ?? ""
            let statistics = dto.statistics
            resources.append(Resource(
                id: ResourceID(serviceID: serviceID, itemID: id), kind: .artist, title: name,
                sortTitle: dto.sortName ?? name.lowercased(), year: nil, status: .init(dto.status), monitored: dto.monitored ?? false,
                sizeOnDisk: statistics.sizeOnDisk, fileCount: statistics.trackFileCount, expectedFileCount: statistics.trackCount,
                hasFile: statistics.trackFileCount > 0, subtitle: dto.disambiguation.flatMap { $0.isEmpty ? nil : $0 } ?? dto.artistType,
                added: dto.added, nextDate: dto.nextAlbumDate, images: dto.images.map(\.domain)))
        }
        return resources
    }

    /// An artist's albums (newest last) with their tracks in order.
    static func groups(albums: Data, tracks: Data, serviceID: UUID, artist: Int) throws(ServiceError) -> [ChildGroup] {
        let albumList = try JSONReader.read(albums) { r throws(ServiceError) in try r.decodeList(LidarrAlbumDTO.decode) }
        let byAlbum = Dictionary(grouping: try decodeTracks(tracks, serviceID: serviceID, artist: artist), by: \.group)
        return albumList.compactMap { album -> ChildGroup? in
            guard let id = album.id else { return nil }
            return ChildGroup(key: id, ownID: ResourceID(serviceID: serviceID, itemID: id), title: album.title, date: album.releaseDate,
                              monitored: album.monitored, children: (byAlbum[id] ?? []).sorted { $0.number < $1.number })
        }.sorted { ($0.date ?? .distantFuture, $0.key) < ($1.date ?? .distantFuture, $1.key) }
    }

    /// Tracks as children of their artist, grouped by album id; wanted when they have no file (their album decides).
    public static func decodeTracks(_ body: Data, serviceID: UUID, artist: Int? = nil) throws(ServiceError) -> [Child] {
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(LidarrTrackDTO.decode) }
        return dtos.compactMap { dto in
            guard let id = dto.id, let album = dto.albumId, let owner = dto.artistId ?? artist else { return nil }
            return Child(id: ResourceID(serviceID: serviceID, itemID: id), item: ResourceID(serviceID: serviceID, itemID: owner),
                         group: album, number: dto.order, title: dto.title ?? "", date: nil, hasFile: dto.hasFile ?? false, monitored: true)
        }
    }

    /// Albums coming out in the window, each with its artist's name.
    static func decodeCalendar(_ body: Data, serviceID: UUID) throws(ServiceError) -> [CalendarEntry] {
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(LidarrAlbumDTO.decode) }
        return dtos.compactMap { dto in
            guard let artist = dto.artistId, let released = dto.releaseDate else { return nil }
            return CalendarEntry(resource: ResourceID(serviceID: serviceID, itemID: artist), title: dto.artistName ?? "",
                                 due: .group(title: dto.title ?? ""), date: released,
                                 hasFile: dto.statistics.trackFileCount > 0, monitored: dto.monitored ?? false)
        }
    }

    /// One artist lookup result: its MusicBrainz id, and its library id when it is in the library.
    static func lookup(_ r: inout JSONReader) throws(ServiceError) -> LookupResult? {
        var name: String?, mbid: String?, overview: String?, disambiguation: String?, type: String?, id: Int?
        var images: [MediaImage] = []
        try r.readObject { r, key throws(ServiceError) in
            if key("artistName") { name = try r.lenientString() }
            else if key("foreignArtistId") { mbid = try r.lenientString() }
            else if key("overview") { overview = try r.lenientString() }
            else if key("disambiguation") { disambiguation = try r.lenientString() }
            else if key("artistType") { type = try r.lenientString() }
            else if key("id") { id = try r.lenientInt() }
            else if key("images") { images = try ServarrDecoding.images(&r) }
            else { try r.skipValue() }
        }
        guard let name, !name.isEmpty else { return nil } // tolerance: a result without a name cannot be offered
        return LookupResult(kind: .artist, title: name, year: nil, overview: overview,
                            subtitle: disambiguation.flatMap { $0.isEmpty ? nil : $0 } ?? type, images: images,
                            foreignID: mbid.flatMap { $0.isEmpty ? nil : $0 }, libraryID: id.flatMap { $0 > 0 ? $0 : nil })
    }
}

/// Lidarr's client: the Servarr client with Lidarr's flavour.
public typealias LidarrClient = ServarrClient<Lidarr>
