import Foundation

/// Which Servarr API a kind speaks: data of the kind, so a Servarr on another
/// API version (Lidarr's `/api/v1`) is one value, not an edit here.
public struct ServarrAPI: Sendable {
    /// Below the endpoint's base path: "/api/v3".
    public var basePath: String
    /// The major versions of the application this API is known to serve.
    public var supportedMajors: ClosedRange<Int>
    /// The library item a queue record belongs to (its series, its movie).
    var queueResource: @Sendable (ServarrQueueDTO) -> Int?

    init(basePath: String, supportedMajors: ClosedRange<Int>, queueResource: @escaping @Sendable (ServarrQueueDTO) -> Int?) {
        self.basePath = basePath
        self.supportedMajors = supportedMajors
        self.queueResource = queueResource
    }
}

/// The part of every Servarr that is the same: the `X-Api-Key` header, system
/// status, queue, health, disk space, history and media covers, below the
/// kind's API base path. `SonarrClient` and `RadarrClient` add their media endpoints.
public actor ServarrClient {
    public nonisolated let connection: ServiceConnection
    public nonisolated let api: ServarrAPI
    let http: ServiceHTTP
    /// Only for artwork from its public source: never credentials to third parties.
    private let transport: any HTTPTransport

    public init(connection: ServiceConnection, transport: any HTTPTransport, secrets: any SecretStore, api: ServarrAPI) {
        self.connection = connection
        self.api = api
        self.transport = transport
        http = ServiceHTTP(connection: connection, scheme: .apiKeyHeader("X-Api-Key"), transport: transport, secrets: secrets)
    }

    nonisolated var kind: ServiceKind { connection.config.kind }
    nonisolated var serviceID: UUID { connection.config.id }

    // MARK: Requests

    /// GET `path` with the API key; returns the checked JSON body.
    func get(_ path: String, query: [URLQueryItem] = [], class requestClass: RequestClass) async throws(ServiceError) -> Data {
        let response = try await send(path, query: query, class: requestClass, authenticated: true)
        do {
            return try response.jsonBody()
        } catch .unauthorized {
            await http.signOut() // re-read from the keyring next time (the user may have updated it)
            throw .unauthorized
        }
    }

    func send(_ path: String, query: [URLQueryItem] = [], class requestClass: RequestClass,
              authenticated: Bool, sensitivePath: Bool = false) async throws(ServiceError) -> HTTPResponse {
        var request = ServiceRequest(.get, path, query: query, headers: ["Accept": "application/json"],
                                     class: requestClass, effect: .read)
        request.anonymous = !authenticated
        request.isSensitivePath = sensitivePath
        return try await http.send(request)
    }

    // MARK: Probe

    /// Checks the address answers as the kind the user chose, with a version we support.
    /// On a local endpoint the unauthenticated `/ping` must answer like a Servarr
    /// before the API key is sent there.
    public func probe() async throws(ServiceError) -> ServiceStatus {
        if connection.role == .local {
            let ping = try await send("/ping", class: .probe, authenticated: false)
            // Refusals, rate limits, server errors and sign-in redirects mean what they mean
            // anywhere (found by the hostile-server matrix: a 401 or 429 here read as "wrong kind").
            if ping.status != 200, ping.status != 404 { _ = try ping.jsonBody() }
            guard ping.status == 200, !ping.looksLikeHTML, Self.isServarrPing(ping.body) else {
                if ping.looksLikeHTML { throw .authGateway }
                throw .wrongServiceKind(expected: kind, found: nil)
            }
        }
        let body = try await get("\(api.basePath)/system/status", class: .probe)
        let dto = try JSONReader.read(body) { r throws(ServiceError) in try ServarrStatusDTO.decode(&r) }
        guard let appName = dto.appName else { throw .wrongServiceKind(expected: kind, found: nil) }
        guard appName.caseInsensitiveCompare(kind.displayName) == .orderedSame else {
            throw .wrongServiceKind(expected: kind, found: appName)
        }
        let version = dto.version ?? "0"
        guard let major = Int(version.split(separator: ".").first ?? ""), api.supportedMajors.contains(major) else {
            throw .incompatibleVersion(found: version)
        }
        return ServiceStatus(appName: appName, version: version, instanceName: dto.instanceName,
                             startTime: dto.startTime, urlBase: dto.urlBase)
    }

    /// Whether an anonymous `/ping` answer reads like a Servarr (public for the fuzz drivers).
    public static func isServarrPing(_ body: Data) -> Bool {
        (try? JSONReader.read(body) { r throws(ServiceError) -> Bool in
            var ok = false
            try r.readObject { r, key throws(ServiceError) in
                if key("status") { ok = try r.lenientString() == "OK" } else { try r.skipValue() }
            }
            return ok
        }) ?? false
    }

    // MARK: Shared lists

    /// The whole queue, unpaged (`queue/details`): never the silent 10-item page.
    public func queue() async throws(ServiceError) -> [QueueItem] {
        let body = try await get("\(api.basePath)/queue/details", class: .list)
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(ServarrQueueDTO.decode) }
        return dtos.compactMap { map($0) }
    }

    /// The download clients the orchestrator is set up with: name, implementation, host, port, URL base.
    public func downloadClients() async throws(ServiceError) -> [DownloadClientInfo] {
        let body = try await get("\(api.basePath)/downloadclient", class: .list)
        return try Self.decodeDownloadClients(body)
    }

    public static func decodeDownloadClients(_ body: Data) throws(ServiceError) -> [DownloadClientInfo] {
        try JSONReader.read(body) { r throws(ServiceError) in
            try r.decodeList { r throws(ServiceError) -> DownloadClientInfo? in
                var name: String?, implementation: String?, host: String?, port: Int?, urlBase: String?
                try r.readObject { r, key throws(ServiceError) in
                    if key("name") { name = try r.lenientString() }
                    else if key("implementation") { implementation = try r.lenientString() }
                    else if key("fields") {
                        // Only the address fields; secret fields (passwords, keys) are skipped unread.
                        try r.readArray { r, _ throws(ServiceError) in
                            var field: String?, text: String?, number: Int?
                            try r.readObject { r, key throws(ServiceError) in
                                if key("name") { field = try r.lenientString() }
                                else if key("value") {
                                    switch try r.peek() {
                                    case .number: number = try r.lenientInt()
                                    case .string: text = try r.lenientString()
                                    default: try r.skipValue()
                                    }
                                } else { try r.skipValue() }
                            }
                            switch field {
                            case "host": host = text
                            case "port": port = number ?? text.flatMap { Int($0) }
                            case "urlBase": urlBase = text
                            default: break
                            }
                        }
                    } else { try r.skipValue() }
                }
                guard let name, let implementation else { return nil }
                return DownloadClientInfo(name: name, implementation: implementation, host: host, port: port, urlBase: urlBase)
            }.compactMap { $0 }
        }
    }

    public func health() async throws(ServiceError) -> [HealthIssue] {
        let body = try await get("\(api.basePath)/health", class: .list)
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(ServarrHealthDTO.decode) }
        return dtos.enumerated().map { index, dto in
            HealthIssue(id: "\(serviceID.uuidString)-\(dto.id ?? index)", source: dto.source ?? "",
                        level: HealthIssue.Level(rawValue: dto.type ?? "") ?? .unknown,
                        message: dto.message ?? "", wikiURL: dto.wikiUrl.flatMap(URL.init(string:)))
        }
    }

    public func diskSpace() async throws(ServiceError) -> [DiskSpace] {
        let body = try await get("\(api.basePath)/diskspace", class: .list)
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(ServarrDiskSpaceDTO.decode) }
        return dtos.map { DiskSpace(path: $0.path ?? "", label: $0.label, freeBytes: $0.freeSpace ?? 0, totalBytes: $0.totalSpace ?? 0) }
    }

    /// Recent history of one series or movie (`idParameter` is seriesIds or movieIds).
    func history(idParameter: String, itemID: Int, limit: Int) async throws(ServiceError) -> [HistoryEvent] {
        let query = [URLQueryItem(name: "page", value: "1"), URLQueryItem(name: "pageSize", value: "\(limit)"),
                     URLQueryItem(name: "sortKey", value: "date"), URLQueryItem(name: "sortDirection", value: "descending"),
                     URLQueryItem(name: idParameter, value: "\(itemID)")]
        let body = try await get("\(api.basePath)/history", query: query, class: .list)
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
        guard let path = Self.apiCoverPath(for: image, itemID: resource.itemID, thumbnail: thumbnail, basePath: api.basePath) else {
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
    static func apiCoverPath(for image: MediaImage, itemID: Int, thumbnail: Bool, basePath: String) -> String? {
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
        return "\(basePath)/mediacover/\(itemID)/\(file)"
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
        let resourceID = api.queueResource(dto).map { ResourceID(serviceID: serviceID, itemID: $0) }
        return QueueItem(
            id: ResourceID(serviceID: serviceID, itemID: id), title: dto.title ?? "",
            status: QueueItem.Status(dto.status),
            trackedStatus: QueueItem.TrackedStatus(rawValue: dto.trackedDownloadStatus ?? "") ?? .unknown,
            trackedState: dto.trackedDownloadState.map { QueueItem.TrackedState($0) }, messages: dto.statusMessages, errorMessage: dto.errorMessage,
            size: dto.size ?? 0, sizeLeft: dto.sizeleft ?? 0,
            timeLeft: dto.timeleft.flatMap(ISODate.timeSpan), // tolerance: "d.hh:mm:ss" and "hh:mm:ss"
            estimatedCompletion: dto.estimatedCompletionTime, added: dto.added,
            downloadProtocol: DownloadProtocol(rawValue: dto.protocol ?? "") ?? .unknown,
            downloadID: dto.downloadId, downloadClient: dto.downloadClient, resource: resourceID,
            episodeID: dto.episodeId, seasonNumber: dto.seasonNumber,
            clientHasPostImportCategory: dto.downloadClientHasPostImportCategory)
    }

}
