import Foundation

/// Transmission RPC (the legacy dialect of 3.00, still served by 4.x): Basic
/// auth on every call plus the 409 session-id exchange, which is handled on
/// every call because the id changes when the daemon restarts.
///
/// Lockout safety: a 401 is never retried (3.00 locks everyone out after 100
/// failures until restart). Refresh is incremental with `recently-active`.
public actor TransmissionClient: TransfersProviding {
    public nonisolated let connection: ServiceConnection
    private let http: ServiceHTTP
    private var sessionID = ""
    private var torrents: [Int: TransmissionTorrentDTO] = [:]
    private var primed = false
    /// The transfers as the app shows them, updated by what `recently-active` names.
    private var table = TransferTable()
    /// Each torrent's join key (its hash), by Transmission id: `removed` names ids.
    private var tableKeys: [Int: String] = [:]
    /// Requests answered 401 (tests count them).
    public private(set) var refusedRequests = 0

    public init(connection: ServiceConnection, transport: any HTTPTransport, secrets: any SecretStore) {
        self.connection = connection
        http = ServiceHTTP(connection: connection, scheme: .basic, transport: transport, secrets: secrets)
    }

    private var rpcPath: String { "/transmission/rpc" }

    /// One RPC call; sent again once after a 409 with the new session id (a 409 means the
    /// daemon did not act on it, so a write is not repeated). Public for tools (the wire
    /// benchmark); the app uses the typed methods.
    public func call(_ method: String, _ arguments: String, class requestClass: RequestClass = .list,
                     effect: RequestEffect) async throws(ServiceError) -> Data {
        let body = Data(#"{"method":"\#(method)","arguments":\#(arguments)}"#.utf8)
        for _ in 0..<2 {
            let request = ServiceRequest(.post, rpcPath, headers: ["X-Transmission-Session-Id": sessionID], body: body,
                                         contentType: "application/json", class: requestClass, effect: effect)
            let response = try await http.send(request)
            switch response.status {
            case 409:
                guard let id = response.header("X-Transmission-Session-Id") else { throw .unavailable(.badResponse) }
                if sessionID != id { primed = false } // a new daemon session: ids may have changed
                sessionID = id
                continue
            case 401:
                refusedRequests += 1
                await http.signOut()
                throw .unauthorized
            case 403:
                throw .serverMessage(status: 403, message: String(decoding: response.body.prefix(200), as: UTF8.self))
            default:
                let body = try response.jsonBody()
                try Self.checkResult(body)
                return body
            }
        }
        throw .unavailable(.badResponse)
    }

    static func checkResult(_ body: Data) throws(ServiceError) {
        let result = try JSONReader.read(body) { r throws(ServiceError) -> String? in
            var result: String?
            try r.readObject { r, key throws(ServiceError) in
                if key("result") { result = try r.lenientString() } else { try r.skipValue() }
            }
            return result
        }
        guard let result else { throw .wrongServiceKind(expected: .transmission, found: nil) }
        guard result == "success" else { throw .refused(.said(result)) }
    }

    public func probe() async throws(ServiceError) -> ServiceStatus {
        let body = try await call("session-get", #"{"fields":["version","rpc-version"]}"#, class: .probe, effect: .read)
        let version = try JSONReader.read(body) { r throws(ServiceError) -> String? in
            var version: String?
            try r.readObject { r, key throws(ServiceError) in
                if key("arguments") {
                    try r.readObject { r, key throws(ServiceError) in
                        if key("version") { version = try r.lenientString() } else { try r.skipValue() }
                    }
                } else { try r.skipValue() }
            }
            return version
        }
        guard let version else { throw .wrongServiceKind(expected: .transmission, found: nil) }
        return ServiceStatus(appName: "Transmission", version: String(version.split(separator: " ").first ?? ""))
    }

    /// Every transfer: the first call lists all; later calls ask only for
    /// `recently-active` torrents and the ids `removed` since, and merge them.
    public func transfers() async throws(ServiceError) -> TransferSnapshot {
        let incremental = primed
        let (changed, removed) = try await torrentGet(ids: incremental ? #""recently-active""# : nil,
                                                      fields: incremental ? TransmissionTorrentDTO.changingFields
                                                                          : TransmissionTorrentDTO.fields)
        if !incremental { torrents = [:] }
        for id in removed { torrents[id] = nil }
        var unknown: [Int] = []
        var updated: [Int] = []
        for torrent in changed {
            guard let id = torrent.id else { continue }
            if !incremental {
                torrents[id] = torrent
            } else if torrents[id] != nil {
                torrents[id]?.update(from: torrent)
                updated.append(id)
            } else {
                unknown.append(id) // added since: its names and sizes come with one full fetch
            }
        }
        if !unknown.isEmpty {
            let (added, _) = try await torrentGet(ids: "[" + unknown.map(String.init).joined(separator: ",") + "]",
                                                  fields: TransmissionTorrentDTO.fields)
            for torrent in added { if let id = torrent.id { torrents[id] = torrent; updated.append(id) } }
        }
        let serviceID = connection.config.id
        if incremental {
            let removedKeys = Set(removed.compactMap { id in tableKeys.removeValue(forKey: id) })
            var items: [TransferItem] = []
            for id in updated {
                guard let item = torrents[id]?.domain(serviceID: serviceID) else { continue }
                tableKeys[id] = item.joinKey
                items.append(item)
            }
            table.apply(changed: items, removed: removedKeys)
        } else {
            tableKeys = [:]
            let items = torrents.compactMap { id, torrent in
                torrent.domain(serviceID: serviceID).map { item in tableKeys[id] = item.joinKey; return item }
            }
            table.replaceAll(items)
        }
        primed = true
        return snapshot()
    }

    private func torrentGet(ids: String?, fields: [String]) async throws(ServiceError) -> ([TransmissionTorrentDTO], [Int]) {
        let list = fields.map { "\"\($0)\"" }.joined(separator: ",")
        let body = try await call("torrent-get", "{\(ids.map { "\"ids\":\($0)," } ?? "")\"fields\":[\(list)]}", effect: .read)
        return try JSONReader.read(body) { r throws(ServiceError) -> ([TransmissionTorrentDTO], [Int]) in
            var changed: [TransmissionTorrentDTO] = []
            var removed: [Int] = []
            try r.readObject { r, key throws(ServiceError) in
                guard key("arguments") else { return try r.skipValue() }
                try r.readObject { r, key throws(ServiceError) in
                    if key("torrents") { changed = try r.decodeList(TransmissionTorrentDTO.decode) }
                    else if key("removed") {
                        try r.readArray { r, _ throws(ServiceError) in if let id = try r.lenientInt() { removed.append(id) } }
                    } else { try r.skipValue() }
                }
            }
            return (changed, removed)
        }
    }

    func snapshot() -> TransferSnapshot {
        var download: Int64 = 0, upload: Int64 = 0, active = 0
        for item in table.items {
            download = download.addingSaturated(item.downloadSpeed)
            upload = upload.addingSaturated(item.uploadSpeed)
            if item.downloadSpeed > 0 || item.uploadSpeed > 0 { active += 1 }
        }
        return table.snapshot(stats: TransferStats(downloadSpeed: download, uploadSpeed: upload, freeSpaceBytes: nil,
                                                   count: table.count, activeCount: active))
    }

}
