import Foundation

/// Jellyseerr and Overseerr (one API, `/api/v1`; API-GUIDE-3 §3). The API key travels in `X-Api-Key`
/// only and acts as the owner (user 1). A refused key is **403**, not 401. The spec is enforced on every
/// call (an unknown query parameter or enum value is a 400), so only declared parameters are sent, with
/// their values fully percent-encoded. Requests carry no title: each movie's or series' page is read
/// once (by TMDB id) and kept.
public actor JellyseerrClient: RequestsProviding {
    public nonisolated let connection: ServiceConnection
    private let http: ServiceHTTP
    /// Titles, years and posters by "movie/603" / "tv/1396".
    private var pages: [String: (title: String?, year: Int?, poster: String?)] = [:]
    /// Title pages the service does not have (404), with its answer: not asked again, still said on each row.
    private var missingPages: [String: ServiceError] = [:]

    public init(connection: ServiceConnection, transport: any HTTPTransport, secrets: any SecretStore) {
        self.connection = connection
        http = ServiceHTTP(connection: connection, scheme: .apiKeyHeader("X-Api-Key"), transport: transport, secrets: secrets)
    }

    /// A keyed GET's checked body.
    func get(_ path: String, query: [URLQueryItem] = [], class requestClass: RequestClass = .list,
             anonymous: Bool = false) async throws(ServiceError) -> Data {
        var request = ServiceRequest(.get, "/api/v1" + path, query: query, headers: ["Accept": "application/json"], class: requestClass, effect: .read)
        request.anonymous = anonymous
        return try await checked(try await http.send(request))
    }

    /// A write, sent once: its checked body. CSRF protection refuses keyed writes (403 with its token
    /// words): said as such, never retried.
    func write(_ method: HTTPMethod, _ path: String) async throws(ServiceError) -> Data {
        try await send(method, path).body
    }

    /// A write with an optional JSON body, sent once: its status (a 2xx) and checked body.
    func send(_ method: HTTPMethod, _ path: String, body: Data? = nil) async throws(ServiceError) -> (status: Int, body: Data) {
        let request = ServiceRequest(method, "/api/v1" + path, headers: ["Accept": "application/json"], body: body,
                                     contentType: body == nil ? nil : "application/json", class: .list, effect: .write)
        let response = try await http.send(request)
        return (response.status, try await checked(response))
    }

    private func checked(_ response: HTTPResponse) async throws(ServiceError) -> Data {
        if response.status == 403 || response.status == 401 {
            let text = String(decoding: response.body.prefix(300), as: UTF8.self).lowercased()
            if text.contains("csrf") { throw .refused(.readOnlyAPI) }
            await http.signOut() // the keyring is read again next time (the user may have updated it)
            throw .unauthorized
        }
        if response.status == 404 {
            throw .serverMessage(status: 404, message: Self.message(response.body) ?? "Not found.")
        }
        return try response.jsonBody()
    }

    /// `{"message": …}` or `{"error": …}`, the two shapes the service answers errors in.
    static func message(_ body: Data) -> String? {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return nil }
        return (object["message"] as? String) ?? (object["error"] as? String)
    }

    /// `/status` (anonymous: the version), `/auth/me` (the key), `/settings/public` (`mediaServerType`
    /// exists on Jellyseerr only: it tells the two apart).
    public func probe() async throws(ServiceError) -> ServiceStatus {
        let status = try await get("/status", class: .probe, anonymous: true)
        let version = try JSONReader.read(status) { r throws(ServiceError) -> String? in
            var version: String?
            guard try r.peek() == .object else { try r.skipValue(); return nil }
            try r.readObject { r, key throws(ServiceError) in
                if key("version") { version = try r.lenientString() } else { try r.skipValue() }
            }
            return version
        }
        guard let version else { throw .wrongServiceKind(expected: .jellyseerr, found: nil) }
        _ = try await get("/auth/me", class: .probe)
        let settings = try await get("/settings/public", class: .probe, anonymous: true)
        let jellyseerr = try JSONReader.read(settings) { r throws(ServiceError) -> Bool in
            var found = false
            guard try r.peek() == .object else { try r.skipValue(); return false }
            try r.readObject { r, key throws(ServiceError) in
                if key("mediaServerType") { found = true }
                try r.skipValue()
            }
            return found
        }
        return ServiceStatus(appName: jellyseerr ? "Jellyseerr" : "Overseerr", version: version)
    }

    /// One page, most recently changed first (`sort=modified`), with each title read once.
    public func requests(_ filter: RequestFilter, take: Int, skip: Int) async throws(ServiceError) -> RequestPage {
        let query = [URLQueryItem(name: "take", value: String(max(1, min(take, 100)))), URLQueryItem(name: "skip", value: String(max(0, skip))),
                     URLQueryItem(name: "filter", value: filter.rawValue), URLQueryItem(name: "sort", value: "modified")]
        let serviceID = connection.config.id
        var page = try JSONReader.read(try await get("/request", query: query)) { r throws(ServiceError) in
            try JellyseerrDecoding.page(&r, serviceID: serviceID)
        }
        for index in page.requests.indices {
            guard let tmdb = page.requests[index].tmdbID else { continue }
            let key = "\(page.requests[index].mediaType.rawValue)/\(tmdb)"
            if let missing = missingPages[key] {
                page.requests[index].titleFailure = missing
            } else if pages[key] == nil {
                // A page that cannot be read leaves the title unknown and says why; the request still lists. A page
                // the service has not (404) is remembered as such; any other failure is read again next time.
                do throws(ServiceError) {
                    pages[key] = try JSONReader.read(try await get("/" + key), JellyseerrDecoding.titlePage)
                } catch {
                    if case .cancelled = error { throw error }
                    page.requests[index].titleFailure = error
                    if case .serverMessage(404, _) = error { missingPages[key] = error }
                }
            }
            if let known = pages[key] {
                page.requests[index].title = known.title
                page.requests[index].year = known.year
                page.requests[index].posterPath = known.poster
            }
        }
        return page
    }

    public func requestCounts() async throws(ServiceError) -> RequestCounts {
        try JSONReader.read(try await get("/request/count"), JellyseerrDecoding.counts)
    }
}

/// Approve, decline, delete: one request, one call, never retried (API-GUIDE-3 §3.5). The service's
/// answer is read back: the request as it now is, or nothing after a delete (204).
extension JellyseerrClient: RequestActing {
    public func perform(_ action: RequestAction, on id: Int) async throws(ServiceError) -> MediaRequest? {
        guard id > 0 else { throw .invalidRequest(.noItems) }
        let serviceID = connection.config.id
        switch action {
        case .approve, .decline:
            let body = try await write(.post, "/request/\(id)/\(action.rawValue)")
            return try JSONReader.read(body) { r throws(ServiceError) in try JellyseerrDecoding.request(&r, serviceID: serviceID) }
        case .delete:
            _ = try await write(.delete, "/request/\(id)")
            return nil
        }
    }
}
