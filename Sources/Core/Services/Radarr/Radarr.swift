import Foundation

/// Radarr (v3 to v6, all `/api/v3`): movies, nothing below them; one command names several movies;
/// the calendar lists each of a movie's releases in the window; a live hub in every version.
public enum Radarr: ServarrKind {
    public static let flavour = ServarrFlavour(
        apiBase: "/api/v3", supportedMajors: 3...Int.max, library: .movies,
        itemResource: "movie", itemIDsField: "movieIds", historyFilter: "movieIds", exclusionFlag: "addImportExclusion",
        queueFields: .init(item: "movieId", group: nil, child: nil),
        commands: .init(
            search: { ServarrFlavour.command("MoviesSearch", "movieIds", $0) },
            refresh: { ServarrFlavour.command("RefreshMovie", "movieIds", $0) }),
        releaseQuery: { search in
            guard case .item(let movie) = search, movie > 0 else { return nil }
            return [URLQueryItem(name: "movieId", value: String(movie))]
        },
        hub: .init(minimumMajor: 3, item: "movie", itemTouched: ["moviefile"]),
        decodeItems: { body, service throws(ServiceError) in try decodeMovies(body, serviceID: service) },
        decodeCalendar: { body, service, start, end throws(ServiceError) in try decodeCalendar(body, serviceID: service, from: start, to: end) },
        decodeLookup: { r throws(ServiceError) in try ServarrDecoding.lookup(&r, kind: .movie, foreignKey: "tmdbId", subtitleKey: "studio") },
        addBody: { addition in
            guard let tmdb = addition.item.foreignID.flatMap({ Int($0) }), tmdb > 0 else { return nil }
            // Radarr's `none` does not clear `monitored`: send it as the UI does.
            return #"{"tmdbId":\#(tmdb),\#(addition.commonFields),"monitored":\#(addition.options["monitor"] != "none"),"minimumAvailability":\#(addition.json("minimumAvailability")),"addOptions":{"monitor":\#(addition.json("monitor")),"searchForMovie":\#(addition.json("searchForMovie"))}}"#
        })

    /// A movie's dates by the names the app words: in cinemas, digital, physical.
    public static let releaseNames = ["inCinemas", "digital", "physical"]

    public static func decodeMovies(_ body: Data, serviceID: UUID) throws(ServiceError) -> [Resource] {
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(RadarrMovieDTO.decode) }
        var resources: [Resource] = []
        resources.reserveCapacity(dtos.count)
        for dto in dtos {
            guard let id = dto.id else { continue } // tolerance: an item without id cannot be shown or joined
            resources.append(resource(dto, id: id, serviceID: serviceID))
        }
        return resources
    }

    static func resource(_ dto: RadarrMovieDTO, id: Int, serviceID: UUID) -> Resource {
        let title = dto.title ?? ""
        let hasFile = dto.hasFile ?? false
        var dates: [String: Date] = [:]
        for (name, date) in zip(releaseNames, [dto.inCinemas, dto.digitalRelease, dto.physicalRelease]) { dates[name] = date }
        return Resource(
            id: ResourceID(serviceID: serviceID, itemID: id), kind: .movie, title: title,
            sortTitle: dto.sortTitle ?? title.lowercased(), year: dto.year.flatMap { $0 > 0 ? $0 : nil },
            status: .init(dto.status), monitored: dto.monitored ?? false, sizeOnDisk: dto.sizeOnDisk ?? 0,
            fileCount: hasFile ? 1 : 0, expectedFileCount: 1, hasFile: hasFile, subtitle: dto.studio,
            added: dto.added, dates: dates, images: dto.images.map(\.domain))
    }

    /// Movies releasing in [start, end) — in cinemas, digitally or physically: one entry per release.
    static func decodeCalendar(_ body: Data, serviceID: UUID, from start: Date, to end: Date) throws(ServiceError) -> [CalendarEntry] {
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(RadarrMovieDTO.decode) }
        var entries: [CalendarEntry] = []
        for dto in dtos {
            guard let id = dto.id else { continue }
            for (name, date) in zip(releaseNames, [dto.inCinemas, dto.digitalRelease, dto.physicalRelease]) {
                guard let date, date >= start, date < end else { continue }
                entries.append(CalendarEntry(resource: ResourceID(serviceID: serviceID, itemID: id), title: dto.title ?? "",
                                             due: .release(name), date: date, hasFile: dto.hasFile ?? false,
                                             monitored: dto.monitored ?? false))
            }
        }
        return entries.sorted { $0.date < $1.date }
    }
}

/// Radarr's client: the Servarr client with Radarr's flavour.
public typealias RadarrClient = ServarrClient<Radarr>
