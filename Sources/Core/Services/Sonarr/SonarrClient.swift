import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Sonarr (v3 and v4, both `/api/v3`): series library, episodes, calendar,
/// plus the shared Servarr endpoints.
public actor SonarrClient: LibraryProviding, QueueProviding, CalendarProviding, HealthProviding, HistoryProviding,
    ArtworkProviding, EpisodesProviding, DownloadClientsProviding, LibraryActing, QueueActing,
    EpisodeMonitoring, LibraryAdding, ReleaseSearching {
    /// Sonarr v3 and later answer below `/api/v3`.
    public static let api = ServarrAPI(basePath: "/api/v3", supportedMajors: 3...Int.max, queueResource: { $0.seriesId })

    public nonisolated let servarr: ServarrClient
    private let serviceID: UUID

    public init(connection: ServiceConnection, transport: any HTTPTransport, secrets: any SecretStore) {
        servarr = ServarrClient(connection: connection, transport: transport, secrets: secrets, api: Self.api)
        serviceID = connection.config.id
    }

    public func probe() async throws(ServiceError) -> ServiceStatus { try await servarr.probe() }

    public func downloadClients() async throws(ServiceError) -> [DownloadClientInfo] { try await servarr.downloadClients() }

    public func setMonitored(_ monitored: Bool, items: [ResourceID]) async throws(ServiceError) {
        try await servarr.setMonitored(monitored, ids: items.map(\.itemID), resource: "series", idsField: "seriesIds")
    }

    public func start(_ command: LibraryCommand) async throws(ServiceError) -> CommandProgress { try await servarr.start(command) }

    public func progress(ofCommand id: Int) async throws(ServiceError) -> CommandProgress {
        try await servarr.progress(ofCommand: id)
    }

    public func delete(_ item: ResourceID, deleteFiles: Bool, excludeFromImportLists exclude: Bool) async throws(ServiceError) {
        try await servarr.delete(item.itemID, resource: "series", deleteFiles: deleteFiles, exclusionFlag: "addImportListExclusion", exclude: exclude)
    }

    public func removeFromQueue(_ ids: [Int], _ removal: QueueRemoval, bulk: Bool) async throws(ServiceError) {
        try await servarr.removeFromQueue(ids, removal, bulk: bulk)
    }

    public func grab(queueRecord id: Int) async throws(ServiceError) { try await servarr.grab(queueRecord: id) }

    /// `PUT episode/monitor {"episodeIds":[…],"monitored":…}`; nothing for no ids.
    public func setEpisodesMonitored(_ monitored: Bool, episodeIDs: [Int]) async throws(ServiceError) {
        guard !episodeIDs.isEmpty, episodeIDs.allSatisfy({ $0 > 0 }) else { throw .notOffered }
        let list = episodeIDs.map(String.init).joined(separator: ",")
        _ = try await servarr.write(.put, "\(Self.api.basePath)/episode/monitor", body: #"{"episodeIds":[\#(list)],"monitored":\#(monitored)}"#)
    }

    public func lookup(_ term: String) async throws(ServiceError) -> [LookupResult] {
        try await servarr.lookup(term, resource: "series", kind: .series)
    }

    public func rootFolders() async throws(ServiceError) -> [RootFolder] { try await servarr.rootFolders() }
    public func releases(_ search: ReleaseSearch) async throws(ServiceError) -> [Release] { try await servarr.releases(search) }
    public func grab(_ release: Release) async throws(ServiceError) { try await servarr.grab(release) }
    public func qualityProfiles() async throws(ServiceError) -> [NamedID] { try await servarr.named("qualityprofile", nameKey: "name") }
    public func tags() async throws(ServiceError) -> [NamedID] { try await servarr.named("tag", nameKey: "label") }

    public func add(_ addition: LibraryAddition) async throws(ServiceError) -> Resource {
        guard let added = try Self.decodeSeries(try await servarr.add(addition, resource: "series"), serviceID: serviceID).first else {
            throw .unavailable(.badResponse)
        }
        return added
    }

    /// One season of one series, through the season pass: never the whole series resource.
    public func setSeasonMonitored(_ monitored: Bool, series: ResourceID, season: Int) async throws(ServiceError) {
        guard series.itemID > 0, season >= 0 else { throw .notOffered }
        let body = #"{"series":[{"id":\#(series.itemID),"seasons":[{"seasonNumber":\#(season),"monitored":\#(monitored)}]}]}"#
        _ = try await servarr.write(.post, "\(Self.api.basePath)/seasonpass", body: body)
    }

    /// The whole library in one unpaginated request (large-library class).
    public func library() async throws(ServiceError) -> [Resource] {
        let body = try await servarr.get("\(Self.api.basePath)/series", class: .largeLibrary)
        return try Self.decodeSeries(body, serviceID: serviceID)
    }

    public func libraryItem(_ id: Int) async throws(ServiceError) -> Resource? {
        let body = try await servarr.get("\(Self.api.basePath)/series/\(id)", class: .list)
        return try Self.decodeSeries(Data("[".utf8) + body + Data("]".utf8), serviceID: serviceID).first
    }

    /// Episode resources (a list as `episode` answers it) as episodes of instance `serviceID`.
    public static func decodeEpisodes(_ body: Data, serviceID: UUID, series: Int? = nil) throws(ServiceError) -> [Episode] {
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(SonarrEpisodeDTO.decode) }
        return dtos.compactMap { dto in
            guard let id = dto.id, let seriesID = dto.seriesId ?? series else { return nil }
            return Episode(id: ResourceID(serviceID: serviceID, itemID: id), series: ResourceID(serviceID: serviceID, itemID: seriesID),
                           seasonNumber: dto.seasonNumber ?? 0, episodeNumber: dto.episodeNumber ?? 0,
                           title: dto.title ?? "", airDate: dto.airDate, airDateUTC: dto.airDateUtc,
                           hasFile: dto.hasFile ?? false, monitored: dto.monitored ?? false)
        }
    }

    public static func decodeSeries(_ body: Data, serviceID: UUID) throws(ServiceError) -> [Resource] {
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(SonarrSeriesDTO.decode) }
        var resources: [Resource] = []
        resources.reserveCapacity(dtos.count)
        for dto in dtos {
            guard let id = dto.id else { continue } // tolerance: an item without id cannot be shown or joined
            let title = dto.title ?? ""
            resources.append(Resource(
                id: ResourceID(serviceID: serviceID, itemID: id), kind: .series, title: title,
                sortTitle: dto.sortTitle ?? title.lowercased(), year: dto.year.flatMap { $0 > 0 ? $0 : nil },
                status: .init(dto.status), monitored: dto.monitored ?? false, sizeOnDisk: dto.statistics.sizeOnDisk,
                fileCount: dto.statistics.episodeFileCount, expectedFileCount: dto.statistics.episodeCount,
                hasFile: dto.statistics.episodeFileCount > 0, network: dto.network, added: dto.added,
                nextAiring: dto.nextAiring, releaseDates: .init(), images: dto.images.map(\.domain),
                monitoredSeasons: dto.monitoredSeasons))
        }
        return resources
    }

    public func episodes(of series: ResourceID) async throws(ServiceError) -> [Episode] {
        let body = try await servarr.get("\(Self.api.basePath)/episode", query: [URLQueryItem(name: "seriesId", value: "\(series.itemID)")],
                                         class: .list)
        return try Self.decodeEpisodes(body, serviceID: serviceID, series: series.itemID)
    }

    /// Episodes airing in [start, end), with their series titles.
    public func calendar(from start: Date, to end: Date) async throws(ServiceError) -> [CalendarEntry] {
        let query = [URLQueryItem(name: "start", value: ServarrQuery.date(start)),
                     URLQueryItem(name: "end", value: ServarrQuery.date(end)),
                     URLQueryItem(name: "unmonitored", value: "true"),
                     URLQueryItem(name: "includeSeries", value: "true")]
        let body = try await servarr.get("\(Self.api.basePath)/calendar", query: query, class: .list)
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(SonarrEpisodeDTO.decode) }
        return dtos.compactMap { dto in
            guard let seriesID = dto.seriesId, let date = dto.airDateUtc else { return nil }
            let code = String(format: "S%02dE%02d", dto.seasonNumber ?? 0, dto.episodeNumber ?? 0)
            return CalendarEntry(resource: ResourceID(serviceID: serviceID, itemID: seriesID),
                                 title: dto.seriesTitle ?? dto.title ?? "",
                                 subtitle: [code, dto.title].compactMap { $0 }.joined(separator: " · "),
                                 date: date, hasFile: dto.hasFile ?? false, monitored: dto.monitored ?? false)
        }
    }

    public func queue() async throws(ServiceError) -> [QueueItem] { try await servarr.queue() }
    public func health() async throws(ServiceError) -> [HealthIssue] { try await servarr.health() }
    public func diskSpace() async throws(ServiceError) -> [DiskSpace] { try await servarr.diskSpace() }

    public func artwork(_ image: MediaImage, of resource: ResourceID, thumbnail: Bool) async throws(ServiceError) -> Data {
        try await servarr.artwork(image, of: resource, thumbnail: thumbnail)
    }

    public func history(of series: ResourceID) async throws(ServiceError) -> [HistoryEvent] {
        try await servarr.history(idParameter: "seriesIds", itemID: series.itemID, limit: 50)
    }
}

enum ServarrQuery {
    /// Calendar bounds in the services' own format (UTC, no fraction).
    static func date(_ date: Date) -> String {
        // By hand (gmtime_r): a formatter per request cost an ICU set-up each time.
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
