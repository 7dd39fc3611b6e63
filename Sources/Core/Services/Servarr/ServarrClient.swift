import Foundation

/// The one Servarr client: every Servarr (Sonarr, Radarr, …) shares the `X-Api-Key` header, system
/// status, queue, health, disk space, history, commands, lookups, adds, release searches and media
/// covers below its API base; what differs — resource and field names, its library's levels, how its
/// items decode, its hub — is its flavour (`Kind.flavour`). A new Servarr is a flavour, not a client.
public actor ServarrClient<Kind: ServarrKind>: LibraryProviding, ChildrenProviding, QueueProviding, CalendarProviding,
    HealthProviding, HistoryProviding, ArtworkProviding, DownloadClientsProviding, LibraryActing, ChildMonitoring, QueueActing,
    LibraryAdding, ReleaseSearching, LiveUpdating {
    public nonisolated let connection: ServiceConnection
    let api: ServarrAPI
    /// Only for artwork from its public source: never credentials to third parties.
    private let transport: any HTTPTransport

    public init(connection: ServiceConnection, transport: any HTTPTransport, secrets: any SecretStore) {
        self.connection = connection
        self.transport = transport
        api = ServarrAPI(connection: connection, transport: transport, secrets: secrets, apiBase: Kind.flavour.apiBase,
                         supportedMajors: Kind.flavour.supportedMajors)
    }

    nonisolated var flavour: ServarrFlavour { Kind.flavour }
    nonisolated var kind: ServiceKind { connection.config.kind }
    public nonisolated var serviceID: UUID { connection.config.id }
    public nonisolated var apiBase: String { Kind.flavour.apiBase }

    // MARK: Requests

    /// GET `path` with the API key; returns the checked JSON body.
    func get(_ path: String, query: [URLQueryItem] = [], class requestClass: RequestClass) async throws(ServiceError) -> Data {
        try await api.get(path, query: query, class: requestClass)
    }

    func send(_ path: String, query: [URLQueryItem] = [], class requestClass: RequestClass,
              authenticated: Bool, sensitivePath: Bool = false) async throws(ServiceError) -> HTTPResponse {
        try await api.send(path, query: query, class: requestClass, authenticated: authenticated, sensitivePath: sensitivePath)
    }

    // MARK: Probe

    /// Checks the address answers as the kind the user chose, with a version we support (`ServarrAPI.probe`).
    public func probe() async throws(ServiceError) -> ServiceStatus { try await api.probe() }

    // MARK: The library

    /// The whole library in one unpaginated request (large-library class).
    public func library() async throws(ServiceError) -> [Resource] {
        try flavour.decodeItems(try await get("\(apiBase)/\(flavour.itemResource)", class: .largeLibrary), serviceID)
    }

    public func libraryItem(_ id: Int) async throws(ServiceError) -> Resource? {
        let body = try await get("\(apiBase)/\(flavour.itemResource)/\(id)", class: .list)
        return try flavour.decodeItems(Data("[".utf8) + body + Data("]".utf8), serviceID).first
    }

    /// The levels below an item, as the flavour reads them (none for a kind without).
    public func children(of item: Resource) async throws(ServiceError) -> [ChildGroup] {
        guard let children = flavour.children else { return [] }
        return try await children.read(ServarrReader(client: self), item)
    }

    /// What comes out in [start, end).
    public func calendar(from start: Date, to end: Date) async throws(ServiceError) -> [CalendarEntry] {
        let query = [URLQueryItem(name: "start", value: ServarrQuery.date(start)), URLQueryItem(name: "end", value: ServarrQuery.date(end)),
                     URLQueryItem(name: "unmonitored", value: "true")] + flavour.calendarQuery
        return try flavour.decodeCalendar(try await get("\(apiBase)/calendar", query: query, class: .list), serviceID, start, end)
    }

    // MARK: Shared lists

    /// The whole queue, unpaged (`queue/details`): never the silent 10-item page.
    public func queue() async throws(ServiceError) -> [QueueItem] {
        let body = try await get("\(apiBase)/queue/details", class: .list)
        let fields = flavour.queueFields
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList { r throws(ServiceError) in try ServarrQueueDTO.decode(&r, fields) } }
        return dtos.compactMap { map($0) }
    }

    /// The download clients the orchestrator is set up with: name, implementation, host, port, URL base.
    public func downloadClients() async throws(ServiceError) -> [DownloadClientInfo] {
        let body = try await get("\(apiBase)/downloadclient", class: .list)
        return try ServarrDecoding.downloadClients(body)
    }

    public func health() async throws(ServiceError) -> [HealthIssue] { try await api.health() }

    public func diskSpace() async throws(ServiceError) -> [DiskSpace] {
        let body = try await get("\(apiBase)/diskspace", class: .list)
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(ServarrDiskSpaceDTO.decode) }
        return dtos.map { DiskSpace(path: $0.path ?? "", label: $0.label, freeBytes: $0.freeSpace ?? 0, totalBytes: $0.totalSpace ?? 0) }
    }

    /// Recent history of one library item (the flavour's filter: seriesIds, movieIds, …).
    public func history(of item: ResourceID) async throws(ServiceError) -> [HistoryEvent] {
        let query = [URLQueryItem(name: "page", value: "1"), URLQueryItem(name: "pageSize", value: "50"),
                     URLQueryItem(name: "sortKey", value: "date"), URLQueryItem(name: "sortDirection", value: "descending"),
                     URLQueryItem(name: flavour.historyFilter, value: "\(item.itemID)")]
        let body = try await get("\(apiBase)/history", query: query, class: .list)
        let page = try JSONReader.read(body) { r throws(ServiceError) in try r.decodePagedRecords(ServarrHistoryDTO.decode) }
        return page.records.map {
            HistoryEvent(id: $0.id ?? 0, date: $0.date, kind: HistoryEvent.Kind($0.eventType),
                         sourceTitle: $0.sourceTitle ?? "", downloadID: $0.downloadId)
        }
    }

    // MARK: Artwork

    /// Fetches a resource image. Prefers the absolute upstream URL unless the
    /// service is set to load artwork only from itself; the service's own copy
    /// goes through the API twin `/api/v3/mediacover/{id}/{file}` (the
    /// `/MediaCover/…` path does not accept the API key). Asset paths are never logged.
    public func artwork(_ image: MediaImage, of resource: ResourceID, thumbnail: Bool) async throws(ServiceError) -> Data {
        if !connection.config.artworkFromServerOnly, let remote = image.remoteURL, remote.scheme == "https" {
            do {
                return try await fetchRemote(remote)
            } catch {
                // The public source is unreachable (offline, blocked): the service's own copy will do.
                if case .cancelled = error { throw error }
                guard image.localPath != nil else { throw error }
            }
        }
        guard let path = Self.apiCoverPath(for: image, itemID: resource.itemID, thumbnail: thumbnail, basePath: apiBase,
                                               segment: flavour.coverSegment) else {
            throw .unavailable(.badResponse)
        }
        let response = try await send(path, class: .asset, authenticated: true, sensitivePath: true)
        guard (200...299).contains(response.status) else {
            if response.status == 401 || response.status == 403 { throw .unauthorized }
            throw .unavailable(.serverError(status: response.status))
        }
        return response.body
    }

    /// `/MediaCover/12/poster.jpg?lastWrite=…` → `/api/v3/mediacover/12/poster-250.jpg`
    /// (thumbnails use the resized file; Servarr falls back to full size when it is missing).
    /// A lookup result not in the library (item 0) has `/MediaCoverProxy/{hash}/{file}` instead: the
    /// service fetches and caches the upstream image for it; that path is kept as it is (checked).
    /// Lidarr names the item's type before its id (`segment`: `/api/v1/mediacover/artist/12/poster-250.jpg`).
    static func apiCoverPath(for image: MediaImage, itemID: Int, thumbnail: Bool, basePath: String, segment: String? = nil) -> String? {
        if let local = image.localPath, let range = local.range(of: "/MediaCoverProxy/") {
            let rest = local[range.upperBound...].split(separator: "?").first.map(String.init) ?? ""
            guard rest.range(of: #"^[A-Za-z0-9_]+/[A-Za-z0-9_.-]+\.(jpg|png|gif)$"#, options: .regularExpression) != nil,
                  !rest.contains("..") else { return nil }
            return "/MediaCoverProxy/\(rest)"
        }
        guard itemID > 0 else { return nil }
        var file = "\(image.kind.rawValue).jpg"
        if let local = image.localPath, let range = local.range(of: "/MediaCover/") {
            let rest = local[range.upperBound...].split(separator: "?").first.map(String.init) ?? ""
            if let name = rest.split(separator: "/").last { file = String(name) }
        } else if image.kind == .clearlogo {
            file = "clearlogo.png"
        }
        if thumbnail, file.hasSuffix(".jpg"), !file.contains("-") {
            let size = image.kind == .poster || image.kind == .headshot ? 250
                : image.kind == .banner ? 70 : image.kind == .fanart || image.kind == .screenshot ? 360 : 0
            if size > 0 { file = file.replacingOccurrences(of: ".jpg", with: "-\(size).jpg") }
        }
        guard file.range(of: #"^[A-Za-z0-9_-]+\.(jpg|png|gif)$"#, options: .regularExpression) != nil else { return nil }
        return "\(basePath)/mediacover/\(segment.map { "\($0)/" } ?? "")\(itemID)/\(file)"
    }

    private func fetchRemote(_ url: URL) async throws(ServiceError) -> Data {
        guard let host = url.host, let endpoint = try? Endpoint(scheme: .https, host: host, port: url.port) else {
            throw .unavailable(.badResponse)
        }
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        var request = HTTPRequest(endpoint, path: url.path.isEmpty ? "/" : url.path, query: query,
                                  requestClass: .asset, schemePolicy: .httpsOnly) // never credentials to third parties
        request.isSensitivePath = true
        let response: HTTPResponse
        do { response = try await transport.send(request) } catch { throw ServiceError(error) }
        guard (200...299).contains(response.status) else { throw .unavailable(.serverError(status: response.status)) }
        return response.body
    }

    // MARK: Mapping

    nonisolated func map(_ dto: ServarrQueueDTO) -> QueueItem? {
        guard let id = dto.id else { return nil } // tolerance: a record without id cannot be tracked; dropped
        let resourceID = dto.item.map { ResourceID(serviceID: serviceID, itemID: $0) }
        var item = QueueItem(
            id: ResourceID(serviceID: serviceID, itemID: id), title: dto.title ?? "",
            status: QueueItem.Status(dto.status),
            trackedStatus: QueueItem.TrackedStatus(rawValue: dto.trackedDownloadStatus ?? "") ?? .unknown,
            trackedState: dto.trackedDownloadState.map { QueueItem.TrackedState($0) }, messages: dto.statusMessages, errorMessage: dto.errorMessage,
            size: dto.size ?? 0, sizeLeft: dto.sizeleft ?? 0,
            timeLeft: dto.timeleft.flatMap(ISODate.timeSpan), // tolerance: "d.hh:mm:ss" and "hh:mm:ss"
            estimatedCompletion: dto.estimatedCompletionTime, added: dto.added,
            downloadProtocol: DownloadProtocol(rawValue: dto.protocol ?? "") ?? .unknown,
            downloadID: dto.downloadId, downloadClient: dto.downloadClient, resource: resourceID,
            childID: dto.child, groupKey: dto.group,
            clientHasPostImportCategory: dto.downloadClientHasPostImportCategory)
        item.outputPath = dto.outputPath
        return item
    }

}
