import Foundation

/// Deluge 2 Web JSON-RPC (`{base}json`): `auth.login` with the password, the
/// `_session_id` cookie kept in memory, then the web UI's daemon connection.
/// Success of the connection is `web.connect` returning a method list.
/// `Content-Type` must be exactly `application/json`.
public actor DelugeClient: TransfersProviding {
    public nonisolated let connection: ServiceConnection
    private let http: ServiceHTTP
    private var requestID = 0
    /// The max speeds turtle mode replaced, to restore when it is switched off (KiB/s, -1 unlimited).
    var savedSpeeds: TurtleMode.Pair<Double>?
    /// Login attempts sent (tests count them).
    public private(set) var loginAttempts = 0

    /// The torrent fields the UI shows.
    static let keys = ["name", "state", "progress", "total_wanted", "total_done", "download_payload_rate",
                       "upload_payload_rate", "eta", "time_added", "completed_time", "message", "label"]

    public init(connection: ServiceConnection, transport: any HTTPTransport, secrets: any SecretStore) {
        self.connection = connection
        http = ServiceHTTP(connection: connection, scheme: .sessionCookie, transport: transport, secrets: secrets)
    }

    /// One JSON-RPC call; returns the raw `result` bytes' owner (the whole body) after checking `error`.
    private func rpc(_ method: String, _ params: String, class requestClass: RequestClass = .list,
                     effect: RequestEffect) async throws(ServiceError) -> Data {
        try await rpcResponse(method, params, class: requestClass, effect: effect).jsonBody()
    }

    private func rpcResponse(_ method: String, _ params: String, class requestClass: RequestClass,
                             effect: RequestEffect) async throws(ServiceError) -> HTTPResponse {
        requestID += 1
        return try await http.send(ServiceRequest(
            .post, "/json", body: Data(#"{"method":"\#(method)","params":\#(params),"id":\#(requestID)}"#.utf8),
            contentType: "application/json", class: requestClass, effect: effect))
    }

    /// Reads `result` with `body` (which must consume the value).
    private static func result<T>(_ data: Data, _ body: (inout JSONReader) throws(ServiceError) -> T) throws(ServiceError) -> T {
        try JSONRPCEnvelope.result(data, missing: .decoding(path: "$.result", detail: "missing key"), body)
    }

    /// Logs in (once per call, never retried) and makes sure the web UI is connected to its daemon.
    private func signIn() async throws(ServiceError) {
        await http.signOut() // a sign-in always uses the keyring's current value
        let password = try await http.storedCredential().password ?? ""
        loginAttempts += 1
        let answer = try await rpcResponse("auth.login", "[\(Self.quote(password))]", class: .probe, effect: .write)
        await http.keepCookie(from: answer)
        let login = try answer.jsonBody()
        guard try Self.result(login, { r throws(ServiceError) in try r.lenientBool() ?? false }) else { throw .unauthorized }
        let connected = try Self.result(try await rpc("web.connected", "[]", class: .probe, effect: .read)) { r throws(ServiceError) in
            try r.lenientBool() ?? false
        }
        if connected { return }
        let hosts = try Self.result(try await rpc("web.get_hosts", "[]", class: .probe, effect: .read)) { r throws(ServiceError) -> [String] in
            var ids: [String] = []
            try r.readArray { r, _ throws(ServiceError) in
                var first: String?
                try r.readArray { r, index throws(ServiceError) in
                    if index == 0 { first = try r.lenientString() } else { try r.skipValue() }
                }
                if let first { ids.append(first) }
            }
            return ids
        }
        guard let host = hosts.first else { throw .refused(.noDaemon) }
        // Connecting the web UI to its daemon changes the web UI's state: sent once.
        let methods = try Self.result(try await rpc("web.connect", "[\(Self.quote(host))]", class: .probe, effect: .write)) {
            r throws(ServiceError) -> Int in
            var count = 0
            if try r.peek() == .array { try r.readArray { r, _ throws(ServiceError) in try r.skipValue(); count += 1 } } else { try r.skipValue() }
            return count
        }
        guard methods > 0 else {
            throw .refused(.daemonUnreachable)
        }
    }

    /// A call that needs a session: signs in when there is none, and once more if the session expired (error 1).
    func authorized(_ method: String, _ params: String, class requestClass: RequestClass = .list,
                    effect: RequestEffect) async throws(ServiceError) -> Data {
        try await ServiceHTTP.withSession(http, signIn: { () throws(ServiceError) in try await signIn() }) {
            () throws(ServiceError) -> SessionAttempt<Data> in
            let body = try await rpc(method, params, class: requestClass, effect: effect)
            guard let error = try JSONRPCEnvelope.error(body) else { return .done(body) }
            if error.code == 1 { return .expired }
            throw .refused(.said(error.message))
        }
    }

    public func probe() async throws(ServiceError) -> ServiceStatus {
        // auth.check_session answers without a session: it tells a Deluge web UI from anything else.
        let check = try await rpc("auth.check_session", "[]", class: .probe, effect: .read)
        guard (try? Self.result(check, { r throws(ServiceError) in try r.readBool() })) != nil else {
            throw .wrongServiceKind(expected: .deluge, found: nil)
        }
        let body = try await authorized("daemon.get_version", "[]", class: .probe, effect: .read)
        let version = try Self.result(body) { r throws(ServiceError) in try r.lenientString() ?? "" }
        return ServiceStatus(appName: "Deluge", version: version)
    }

    /// Every transfer (a full list each time: Deluge has no cheap diff over the web API).
    public func transfers() async throws(ServiceError) -> TransferSnapshot {
        let keys = Self.keys.map(Self.quote).joined(separator: ",")
        let body = try await authorized("web.update_ui", "[[\(keys)],{}]", effect: .read)
        let serviceID = connection.config.id
        let (items, stats) = try Self.result(body) { r throws(ServiceError) -> ([TransferItem], (Int64, Int64, Int64?)) in
            var items: [TransferItem] = []
            var stats: (Int64, Int64, Int64?) = (0, 0, nil)
            try r.readObject { r, key throws(ServiceError) in
                if key("torrents") {
                    try r.readObject { r, key throws(ServiceError) in
                        let hash = key.string.lowercased()
                        items.append(try DelugeTorrentDTO.decode(&r).domain(hash: hash, serviceID: serviceID))
                    }
                } else if key("stats") {
                    try r.readObject { r, key throws(ServiceError) in
                        if key("download_rate") { stats.0 = Int64(saturating: try r.lenientDouble() ?? 0) }
                        else if key("upload_rate") { stats.1 = Int64(saturating: try r.lenientDouble() ?? 0) }
                        else if key("free_space") { stats.2 = try r.lenientInt64() }
                        else { try r.skipValue() }
                    }
                } else { try r.skipValue() }
            }
            return (items, stats)
        }
        let sorted = items.sortedForDisplay()
        return TransferSnapshot(items: sorted, stats: TransferStats(
            downloadSpeed: stats.0, uploadSpeed: stats.1, freeSpaceBytes: stats.2, count: sorted.count,
            activeCount: sorted.filter { $0.downloadSpeed > 0 || $0.uploadSpeed > 0 }.count))
    }

    static func quote(_ text: String) -> String { JSONText.quote(text) }
}

/// A torrent of `web.update_ui` / `core.get_torrents_status`.
struct DelugeTorrentDTO {
    var name: String?
    var state: String?
    var progress: Double?
    var totalWanted: Int64?
    var totalDone: Int64?
    var downloadRate: Double?
    var uploadRate: Double?
    var eta: Double?
    var timeAdded: Double?
    var completedTime: Double?
    var message: String?
    var label: String?

    static func decode(_ r: inout JSONReader) throws(ServiceError) -> DelugeTorrentDTO {
        var dto = DelugeTorrentDTO()
        try r.readObject { r, key throws(ServiceError) in
            if key("name") { dto.name = try r.lenientString() }
            else if key("state") { dto.state = try r.lenientString() }
            else if key("progress") { dto.progress = try r.lenientDouble() }
            else if key("total_wanted") { dto.totalWanted = try r.lenientInt64() }
            else if key("total_done") { dto.totalDone = try r.lenientInt64() }
            else if key("download_payload_rate") { dto.downloadRate = try r.lenientDouble() }
            else if key("upload_payload_rate") { dto.uploadRate = try r.lenientDouble() }
            else if key("eta") { dto.eta = try r.lenientDouble() }
            else if key("time_added") { dto.timeAdded = try r.lenientDouble() }
            else if key("completed_time") { dto.completedTime = try r.lenientDouble() }
            else if key("message") { dto.message = try r.lenientString() }
            else if key("label") { dto.label = try r.lenientString() }
            else { try r.skipValue() }
        }
        return dto
    }

    func domain(hash: String, serviceID: UUID) -> TransferItem {
        let raw = state ?? "Unknown"
        let wanted = totalWanted ?? 0
        return TransferItem(
            serviceID: serviceID, joinKey: hash, name: name ?? hash, state: Self.state(raw), rawState: raw,
            progress: (progress ?? 0) / 100, // Deluge reports 0…100
            sizeBytes: wanted, remainingBytes: max(0, wanted.subtractingSaturated(totalDone ?? 0)),
            downloadSpeed: Int64(saturating: downloadRate ?? 0), uploadSpeed: Int64(saturating: uploadRate ?? 0),
            eta: eta.flatMap { $0 > 0 ? $0 : nil }, // 0 = unknown, -1 = more than a year
            category: label.flatMap { $0.isEmpty ? nil : $0 }, labels: label.map { [$0] }?.filter { !$0.isEmpty } ?? [],
            added: Date(epochSeconds: timeAdded), completed: Date(epochSeconds: completedTime),
            errorMessage: raw == "Error" ? message : nil)
    }

    static func state(_ raw: String) -> TransferItem.State {
        switch raw {
        case "Downloading": .downloading
        case "Seeding": .seeding
        case "Paused": .paused
        case "Queued": .queued
        case "Checking", "Allocating", "Moving": .checking
        case "Error": .error
        default: .queued
        }
    }
}
