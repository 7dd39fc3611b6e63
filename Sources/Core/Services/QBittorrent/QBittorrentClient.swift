import Foundation

/// qBittorrent's WebUI API (`/api/v2`): cookie login, then an incremental
/// `sync/maindata` per service instance.
///
/// Lockout safety: a login is sent at most once per call and never retried
/// (5 failures ban the IP for an hour); an expired session (403) gets one
/// fresh login, then the call reports unauthorized. Origin and Referer are never sent.
public actor QBittorrentClient: TransfersProviding {
    public nonisolated let connection: ServiceConnection
    private let http: ServiceHTTP
    var mainData = QBittorrentMainData()
    /// The transfers as the app shows them, updated by what each diff names.
    private var table = TransferTable()
    /// The peers of the torrent whose details are open (their diff baseline is the session's: a new session answers
    /// whatever rid it is sent with a full list, `full_update`).
    var peerSync = QBittorrentPeerSync(hash: "")
    /// The WebAPI version this session's qBittorrent reports (it decides pause/resume vs stop/start).
    var webAPIVersion: String?
    /// Login attempts sent (tests count them).
    public private(set) var loginAttempts = 0

    public init(connection: ServiceConnection, transport: any HTTPTransport, secrets: any SecretStore) {
        self.connection = connection
        http = ServiceHTTP(connection: connection, scheme: .sessionCookie, transport: transport, secrets: secrets)
    }

    private var serviceID: UUID { connection.config.id }

    // MARK: Session

    private func login() async throws(ServiceError) {
        await http.signOut() // a login always uses the keyring's current value
        let stored = try await http.storedCredential()
        let request = ServiceRequest(.post, "/api/v2/auth/login", headers: ["Accept": "text/plain"],
                                     form: [("username", stored.username ?? ""), ("password", stored.password ?? "")],
                                     class: .probe, effect: .write) // a login is never retried
        loginAttempts += 1
        let response = try await http.send(request)
        let text = String(decoding: response.body.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch response.status {
        case 200 where text == "Ok.", 204:
            // Keep whatever cookie it set (SID before 5.2, QBT_SID_<port> after).
            guard await http.keepCookie(from: response) else { throw .unavailable(.badResponse) }
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

    /// GET with the session; one fresh login on a missing or expired session (403).
    func get(_ path: String, query: [URLQueryItem] = [], class requestClass: RequestClass) async throws(ServiceError) -> HTTPResponse {
        let http = http
        return try await ServiceHTTP.withSession(http, signIn: { () throws(ServiceError) in try await login() }) {
            () throws(ServiceError) -> SessionAttempt<HTTPResponse> in
            let response = try await http.send(ServiceRequest(.get, path, query: query, class: requestClass, effect: .read))
            if response.status == 403 { return .expired }
            if response.looksLikeHTML { throw .authGateway }
            guard (200...299).contains(response.status) else { throw .unavailable(.serverError(status: response.status)) }
            return .done(response)
        }
    }

    /// A write: a form POST with the session, sent once. A 403 means the session expired before the
    /// daemon looked at the request (nothing was done): one fresh login, then the one real send.
    func post(_ path: String, _ fields: [(String, String)], files: [FilePart]? = nil) async throws(ServiceError) -> HTTPResponse {
        let http = http
        return try await ServiceHTTP.withSession(http, signIn: { () throws(ServiceError) in try await login() }) {
            () throws(ServiceError) -> SessionAttempt<HTTPResponse> in
            var request = ServiceRequest(.post, path, headers: ["Accept": "text/plain"], form: fields, class: .list, effect: .write)
            request.files = files
            let response = try await http.send(request)
            switch response.status {
            case 409 where path.hasSuffix("/torrents/add"): return .done(response) // 5.2+: nothing added (duplicates)
            case 415: throw .serverMessage(status: 415, message: "qBittorrent says this is not a valid torrent file.")
            case 200...299: return .done(response)
            case 403: return .expired
            case 404: throw .incompatibleVersion(found: "WebAPI \(webAPIVersion ?? "unknown")") // an action this version does not have
            default:
                if response.looksLikeHTML { throw .authGateway }
                let text = String(decoding: response.body.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                throw text.isEmpty ? .unavailable(.serverError(status: response.status)) : .serverMessage(status: response.status, message: text)
            }
        }
    }

    // MARK: API

    public func probe() async throws(ServiceError) -> ServiceStatus {
        let version = String(decoding: try await get("/api/v2/app/version", class: .probe).body, as: UTF8.self)
        let api = String(decoding: try await get("/api/v2/app/webapiVersion", class: .probe).body, as: UTF8.self)
        webAPIVersion = api.trimmingCharacters(in: .whitespacesAndNewlines)
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
        try mainData.apply(response.body) // unchanged when the answer does not parse
        if let changes = mainData.lastChanges {
            table.apply(changed: changes.changed.compactMap { hash in
                mainData.torrents[hash].map { $0.domain(hash: hash, serviceID: serviceID) }
            }, removed: changes.removed)
        } else {
            table.replaceAll(mainData.torrents.map { $0.value.domain(hash: $0.key, serviceID: serviceID) })
        }
        return snapshot()
    }

    func snapshot() -> TransferSnapshot {
        var active = 0
        for item in table.items where item.state == .downloading || item.state == .seeding && item.uploadSpeed > 0 { active += 1 }
        return table.snapshot(stats: TransferStats(
            downloadSpeed: mainData.serverState.dlInfoSpeed ?? 0, uploadSpeed: mainData.serverState.upInfoSpeed ?? 0,
            freeSpaceBytes: mainData.serverState.freeSpaceOnDisk, count: table.count, activeCount: active))
    }

}
