import Foundation

/// What every Servarr-built application (Sonarr, Radarr, Lidarr, Prowlarr) answers the same way
/// below its API base: the `X-Api-Key` header, `/ping` and `system/status` as a probe, JSON reads and
/// writes whose refusals sign out, and health checks. Clients hold one; their own resources are theirs.
struct ServarrAPI: Sendable {
    let http: ServiceHTTP
    let apiBase: String
    let supportedMajors: ClosedRange<Int>

    init(connection: ServiceConnection, transport: any HTTPTransport, secrets: any SecretStore, apiBase: String,
         supportedMajors: ClosedRange<Int>) {
        http = ServiceHTTP(connection: connection, scheme: .apiKeyHeader("X-Api-Key"), transport: transport, secrets: secrets)
        self.apiBase = apiBase
        self.supportedMajors = supportedMajors
    }

    var connection: ServiceConnection { http.connection }
    var kind: ServiceKind { connection.config.kind }
    var serviceID: UUID { connection.config.id }

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

    /// JSON `body` to `path` with the API key, sent once; the checked answer.
    func write(_ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], body: String?,
               class requestClass: RequestClass = .list) async throws(ServiceError) -> Data {
        let request = ServiceRequest(method, path, query: query, headers: ["Accept": "application/json"], body: body.map { Data($0.utf8) },
                                     contentType: body == nil ? nil : "application/json", class: requestClass, effect: .write)
        return try await checked(try await http.send(request))
    }

    /// The answer's JSON body. A refused key signs out (the keyring is read again next time). A 500 that
    /// says why — an unknown command, a client without a post-import category — becomes those words: they
    /// are worth more than the status; with `keeping503`, a 503 that says why too (a metadata outage).
    func checked(_ response: HTTPResponse, keeping503: Bool = false) async throws(ServiceError) -> Data {
        do {
            return try response.jsonBody()
        } catch .unauthorized {
            await http.signOut()
            throw .unauthorized
        } catch .unavailable(let reason) {
            switch reason {
            case .serverError(let status):
                if let message = response.serverMessage { throw .serverMessage(status: status, message: message) }
            case .serverUnavailable(let status) where keeping503:
                if let message = response.serverMessage { throw .serverMessage(status: status, message: message) }
            default: break
            }
            throw .unavailable(reason)
        }
    }

    /// Checks the address answers as the kind the user chose, with a version we support.
    /// On a local endpoint the unauthenticated `/ping` must answer like a Servarr
    /// before the API key is sent there.
    func probe() async throws(ServiceError) -> ServiceStatus {
        if connection.role == .local {
            let ping = try await send("/ping", class: .probe, authenticated: false)
            // Refusals, rate limits, server errors and sign-in redirects mean what they mean
            // anywhere (found by the hostile-server matrix: a 401 or 429 here read as "wrong kind").
            if ping.status != 200, ping.status != 404 { _ = try ping.jsonBody() }
            guard ping.status == 200, !ping.looksLikeHTML, ServarrDecoding.isPing(ping.body) else {
                if ping.looksLikeHTML { throw .authGateway }
                throw .wrongServiceKind(expected: kind, found: nil)
            }
        }
        let body = try await get("\(apiBase)/system/status", class: .probe)
        let dto = try JSONReader.read(body) { r throws(ServiceError) in try ServarrStatusDTO.decode(&r) }
        guard let appName = dto.appName else { throw .wrongServiceKind(expected: kind, found: nil) }
        guard appName.caseInsensitiveCompare(kind.displayName) == .orderedSame else {
            throw .wrongServiceKind(expected: kind, found: appName)
        }
        let version = dto.version ?? "0"
        guard let major = Int(version.split(separator: ".").first ?? ""), supportedMajors.contains(major) else {
            throw .incompatibleVersion(found: version)
        }
        return ServiceStatus(appName: appName, version: version, instanceName: dto.instanceName,
                             startTime: dto.startTime, urlBase: dto.urlBase)
    }

    /// The application's own health checks.
    func health() async throws(ServiceError) -> [HealthIssue] {
        let body = try await get("\(apiBase)/health", class: .list)
        let dtos = try JSONReader.read(body) { r throws(ServiceError) in try r.decodeList(ServarrHealthDTO.decode) }
        return dtos.enumerated().map { index, dto in
            HealthIssue(id: "\(serviceID.uuidString)-\(dto.id ?? index)", source: dto.source ?? "",
                        level: HealthIssue.Level(rawValue: dto.type ?? "") ?? .unknown,
                        message: dto.message ?? "", wikiURL: dto.wikiUrl.flatMap(URL.init(string:)))
        }
    }
}
