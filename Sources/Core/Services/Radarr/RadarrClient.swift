import Foundation

/// Radarr (v3 to v6, all `/api/v3`): movie library and calendar, plus the
/// shared Servarr endpoints.
public actor RadarrClient: LibraryProviding, QueueProviding, CalendarProviding, HealthProviding, HistoryProviding,
    ArtworkProviding, DownloadClientsProviding, LibraryActing, QueueActing, LibraryAdding, ReleaseSearching {
    /// Radarr v3 and later answer below `/api/v3`.
    public static let api = ServarrAPI(basePath: "/api/v3", supportedMajors: 3...Int.max, queueResource: { $0.movieId })

    public nonisolated let servarr: ServarrClient
    private let serviceID: UUID

    public init(connection: ServiceConnection, transport: any HTTPTransport, secrets: any SecretStore) {
        servarr = ServarrClient(connection: connection, transport: transport, secrets: secrets, api: Self.api)
        serviceID = connection.config.id
    }

    public func probe() async throws(ServiceError) -> ServiceStatus { try await servarr.probe() }

    public func downloadClients() async throws(ServiceError) -> [DownloadClientInfo] { try await servarr.downloadClients() }

    public func setMonitored(_ monitored: Bool, items: [ResourceID]) async throws(ServiceError) {
        try await servarr.setMonitored(monitored, ids: items.map(\.itemID), resource: "movie", idsField: "movieIds")
    }

    public func start(_ command: LibraryCommand) async throws(ServiceError) -> CommandProgress { try await servarr.start(command) }

    public func progress(ofCommand id: Int) async throws(ServiceError) -> CommandProgress {
        try await servarr.progress(ofCommand: id)
    }

    public func delete(_ item: ResourceID, deleteFiles: Bool, excludeFromImportLists exclude: Bool) async throws(ServiceError) {
        try await servarr.delete(item.itemID, resource: "movie", deleteFiles: deleteFiles, exclusionFlag: "addImportExclusion", exclude: exclude)
    }

    public func removeFromQueue(_ ids: [Int], _ removal: QueueRemoval, bulk: Bool) async throws(ServiceError) {
        try await servarr.removeFromQueue(ids, removal, bulk: bulk)
    }

    public func grab(queueRecord id: Int) async throws(ServiceError) { try await servarr.grab(queueRecord: id) }

    public func lookup(_ term: String) async throws(ServiceError) -> [LookupResult] {
        try await servarr.lookup(term, resource: "movie", kind: .movie)
    }

    public func rootFolders() async throws(ServiceError) -> [RootFolder] { try await servarr.rootFolders() }
    public func releases(_ search: ReleaseSearch) async throws(ServiceError) -> [Release] { try await servarr.releases(search) }
    public func grab(_ release: Release) async throws(ServiceError) { try await servarr.grab(release) }
    public func qualityProfiles() async throws(ServiceError) -> [NamedID] { try await servarr.named("qualityprofile", nameKey: "name") }
    public func tags() async throws(ServiceError) -> [NamedID] { try await servarr.named("tag", nameKey: "label") }

    public func add(_ addition: LibraryAddition) async throws(ServiceError) -> Resource {
        guard let added = try Self.decodeMovies(try await servarr.add(addition, resource: "movie"), serviceID: serviceID).first else {
            throw .unavailable(.badResponse)
        }
        return added
    }

    /// The whole library in one unpaginated request (large-library class).
    public func library() async throws(ServiceError) -> [Resource] {
        let body = try await servarr.get("\(Self.api.basePath)/movie", class: .largeLibrary)
        return try Self.decodeMovies(body, serviceID: serviceID)
    }

    public func libraryItem(_ id: Int) async throws(ServiceError) -> Resource? {
        let body = try await servarr.get("\(Self.api.basePath)/movie/\(id)", class: .list)
        return try Self.decodeMovies(Data("[".utf8) + body + Data("]".utf8), serviceID: serviceID).first
    }

    public static func decodeMovies(_ body: Data, serviceID: UUID) throws(ServiceError) -> [Resource] {
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(RadarrMovieDTO.decode) }
        var resources: [Resource] = []
        resources.reserveCapacity(dtos.count)
        for dto in dtos {
            guard let id = dto.id else { continue } // tolerance: an item without id cannot be shown or joined
            resources.append(Self.resource(dto, id: id, serviceID: serviceID))
        }
        return resources
    }

    static func resource(_ dto: RadarrMovieDTO, id: Int, serviceID: UUID) -> Resource {
        let title = dto.title ?? ""
        let hasFile = dto.hasFile ?? false
        return Resource(
            id: ResourceID(serviceID: serviceID, itemID: id), kind: .movie, title: title,
            sortTitle: dto.sortTitle ?? title.lowercased(), year: dto.year.flatMap { $0 > 0 ? $0 : nil },
            status: .init(dto.status), monitored: dto.monitored ?? false, sizeOnDisk: dto.sizeOnDisk ?? 0,
            fileCount: hasFile ? 1 : 0, expectedFileCount: 1, hasFile: hasFile, network: dto.studio,
            added: dto.added, nextAiring: nil,
            releaseDates: .init(inCinemas: dto.inCinemas, digital: dto.digitalRelease, physical: dto.physicalRelease),
            images: dto.images.map(\.domain))
    }

    /// Movies releasing in [start, end) — in cinemas, digitally or physically.
    public func calendar(from start: Date, to end: Date) async throws(ServiceError) -> [CalendarEntry] {
        let query = [URLQueryItem(name: "start", value: ServarrQuery.date(start)),
                     URLQueryItem(name: "end", value: ServarrQuery.date(end)),
                     URLQueryItem(name: "unmonitored", value: "true")]
        let body = try await servarr.get("\(Self.api.basePath)/calendar", query: query, class: .list)
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(RadarrMovieDTO.decode) }
        var entries: [CalendarEntry] = []
        for dto in dtos {
            guard let id = dto.id else { continue }
            let releases: [(String, Date?)] = [("In cinemas", dto.inCinemas), ("Digital release", dto.digitalRelease),
                                               ("Physical release", dto.physicalRelease)]
            for (label, date) in releases {
                guard let date, date >= start, date < end else { continue }
                entries.append(CalendarEntry(resource: ResourceID(serviceID: serviceID, itemID: id), title: dto.title ?? "",
                                             subtitle: label, date: date, hasFile: dto.hasFile ?? false,
                                             monitored: dto.monitored ?? false))
            }
        }
        return entries.sorted { $0.date < $1.date }
    }

    public func queue() async throws(ServiceError) -> [QueueItem] { try await servarr.queue() }
    public func health() async throws(ServiceError) -> [HealthIssue] { try await servarr.health() }
    public func diskSpace() async throws(ServiceError) -> [DiskSpace] { try await servarr.diskSpace() }

    public func artwork(_ image: MediaImage, of resource: ResourceID, thumbnail: Bool) async throws(ServiceError) -> Data {
        try await servarr.artwork(image, of: resource, thumbnail: thumbnail)
    }

    public func history(of movie: ResourceID) async throws(ServiceError) -> [HistoryEvent] {
        try await servarr.history(idParameter: "movieIds", itemID: movie.itemID, limit: 50)
    }
}
