import Foundation

/// qBittorrent's WebUI API (`/api/v2`): cookie login, then an incremental
/// `sync/maindata` per service instance.
///
/// Lockout safety: a login is sent at most once per call and never retried
/// (5 failures ban the IP for an hour); an expired session (403) gets one
/// fresh login, then the call reports unauthorized. Origin and Referer are never sent.
public actor QBittorrentClient {
    public let connection: ServiceConnection
    private let transport: any HTTPTransport
    private let secrets: any SecretStore
    private var cookie: String?
    /// The credential, read from the keyring once per session.
    private var credential: Credential?
    private var mainData = QBittorrentMainData()
    /// Login attempts sent (tests count them).
    public private(set) var loginAttempts = 0

    public init(connection: ServiceConnection, transport: any HTTPTransport, secrets: any SecretStore) {
        self.connection = connection
        self.transport = transport
        self.secrets = secrets
    }

    private var serviceID: UUID { connection.config.id }

    // MARK: Session

    private func storedCredential() async throws(ServiceError) -> Credential {
        let stored: Credential
        if let credential { stored = credential } else {
            stored = try await secrets.requiredCredential(connection.config.credential, shape: .usernamePassword)
            credential = stored
        }
        return stored
    }

    private func login() async throws(ServiceError) {
        credential = nil // a login always uses the keyring's current value
        let stored = try await storedCredential()
        let body = FormEncoding.encode([("username", stored.username ?? ""), ("password", stored.password ?? "")])
        var headers = stored.extraHeaders
        headers["Accept"] = "text/plain"
        var request = HTTPRequest(.post, connection.endpoint, path: "/api/v2/auth/login", headers: headers, body: body,
                                  contentType: "application/x-www-form-urlencoded", requestClass: .probe,
                                  schemePolicy: connection.policy, isIdempotent: false) // a login is never retried
        request.hasGatewayHeaders = !stored.extraHeaders.isEmpty
        loginAttempts += 1
        let response: HTTPResponse
        do { response = try await transport.send(request) } catch { throw ServiceError(error) }
        let text = String(decoding: response.body.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch response.status {
        case 200 where text == "Ok.", 204:
            // Keep whatever cookie it set (SID before 5.2, QBT_SID_<port> after).
            let pairs = response.headers("Set-Cookie").compactMap { $0.split(separator: ";").first.map(String.init) }
            guard !pairs.isEmpty else { throw .unavailable(.badResponse) }
            cookie = pairs.joined(separator: "; ")
            mainData = QBittorrentMainData() // a new session starts its diffs from rid 0
        case 200 where text == "Fails.", 401:
            throw .unauthorized
        case 403:
            throw .serverMessage(status: 403, message: "qBittorrent has banned this address after too many failed sign-ins.")
        default:
            if response.looksLikeHTML { throw .authGateway }
            throw .unavailable(.serverError(status: response.status))
        }
    }

    /// GET with the session; one fresh login on a missing or expired session.
    private func get(_ path: String, query: [URLQueryItem] = [], class requestClass: RequestClass) async throws(ServiceError) -> HTTPResponse {
        if cookie == nil { try await login() }
        for attempt in 0..<2 {
            var headers = ["Cookie": cookie ?? ""]
            let extra = try await storedCredential().extraHeaders
            for (name, value) in extra { headers[name] = value }
            var request = HTTPRequest(connection.endpoint, path: path, query: query, headers: headers,
                                      requestClass: requestClass, schemePolicy: connection.policy)
            request.hasGatewayHeaders = !extra.isEmpty
            let response: HTTPResponse
            do { response = try await transport.send(request) } catch { throw ServiceError(error) }
            if response.status == 403 {
                cookie = nil
                guard attempt == 0 else { throw .unauthorized }
                try await login()
                continue
            }
            if response.looksLikeHTML { throw .authGateway }
            guard (200...299).contains(response.status) else { throw .unavailable(.serverError(status: response.status)) }
            return response
        }
        throw .unauthorized
    }

    // MARK: API

    public func probe() async throws(ServiceError) -> ServiceStatus {
        let version = String(decoding: try await get("/api/v2/app/version", class: .probe).body, as: UTF8.self)
        let api = String(decoding: try await get("/api/v2/app/webapiVersion", class: .probe).body, as: UTF8.self)
        let trimmed = version.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("v"), !api.isEmpty else { throw .wrongServiceKind(expected: .qbittorrent, found: nil) }
        return ServiceStatus(appName: "qBittorrent", version: String(trimmed.dropFirst()),
                             instanceName: "WebAPI \(api.trimmingCharacters(in: .whitespacesAndNewlines))")
    }

    /// Every transfer, refreshed incrementally: the first call (and the first
    /// after a new login) asks for rid 0; later calls send the last rid and merge the diff.
    public func transfers() async throws(ServiceError) -> TransferSnapshot {
        let response = try await get("/api/v2/sync/maindata", query: [URLQueryItem(name: "rid", value: "\(mainData.rid)")],
                                     class: .list)
        var next = mainData
        try next.apply(response.body)
        mainData = next
        return snapshot()
    }

    func snapshot() -> TransferSnapshot {
        let items = mainData.torrents.map { $0.value.domain(hash: $0.key, serviceID: serviceID) }
            .sortedForDisplay()
        let active = items.filter { $0.state == .downloading || $0.state == .seeding && $0.uploadSpeed > 0 }.count
        return TransferSnapshot(items: items, stats: TransferStats(
            downloadSpeed: mainData.serverState.dlInfoSpeed ?? 0, uploadSpeed: mainData.serverState.upInfoSpeed ?? 0,
            freeSpaceBytes: mainData.serverState.freeSpaceOnDisk, count: items.count, activeCount: active))
    }

    /// Forgets the session (credential rotation, service removal).
    public func signOut() {
        cookie = nil
        credential = nil
        mainData = QBittorrentMainData()
    }
}
