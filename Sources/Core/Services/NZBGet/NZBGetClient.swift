import Foundation

/// NZBGet JSON-RPC (`/jsonrpc`): Basic auth in the header — never the
/// `/user:pass/jsonrpc` path form. A 401 is never retried.
public actor NZBGetClient: TransfersProviding {
    public nonisolated let connection: ServiceConnection
    private let http: ServiceHTTP
    /// Requests answered 401 (tests count them).
    public private(set) var refusedRequests = 0
    /// The rate turtle mode replaced (B/s, 0 unlimited), restored when it is switched off.
    var savedRate: Int64?

    public init(connection: ServiceConnection, transport: any HTTPTransport, secrets: any SecretStore) {
        self.connection = connection
        http = ServiceHTTP(connection: connection, scheme: .basic, transport: transport, secrets: secrets)
    }

    func call(_ method: String, _ params: String = "[]", class requestClass: RequestClass = .list,
              effect: RequestEffect) async throws(ServiceError) -> Data {
        let response = try await http.send(ServiceRequest(
            .post, "/jsonrpc", body: Data(#"{"method":"\#(method)","params":\#(params),"id":1}"#.utf8),
            contentType: "application/json", class: requestClass, effect: effect))
        if response.status == 401 {
            refusedRequests += 1
            await http.signOut()
            throw .unauthorized
        }
        let body = try response.jsonBody()
        if let error = try JSONRPCEnvelope.error(body) {
            throw .refused(.said(error.message))
        }
        return body
    }

    /// Reads `result` with `body`.
    static func result<T>(_ data: Data, _ body: (inout JSONReader) throws(ServiceError) -> T) throws(ServiceError) -> T {
        try JSONRPCEnvelope.result(data, missing: .wrongServiceKind(expected: .nzbget, found: nil), body)
    }

    public func probe() async throws(ServiceError) -> ServiceStatus {
        let version = try Self.result(try await call("version", class: .probe, effect: .read)) { r throws(ServiceError) in
            try r.lenientString() ?? ""
        }
        guard !version.isEmpty else { throw .wrongServiceKind(expected: .nzbget, found: nil) }
        return ServiceStatus(appName: "NZBGet", version: version)
    }

    /// The queue and the history, as one list (NZBGet has no diff).
    public func transfers() async throws(ServiceError) -> TransferSnapshot {
        let status = try Self.result(try await call("status", effect: .read)) { r throws(ServiceError) in try NZBGetStatusDTO.decode(&r) }
        let groups = try Self.result(try await call("listgroups", "[0]", effect: .read)) { r throws(ServiceError) in
            try r.decodeList(NZBGetItemDTO.decode)
        }
        let history = try Self.result(try await call("history", "[false]", effect: .read)) { r throws(ServiceError) in
            try r.decodeList(NZBGetItemDTO.decode)
        }
        let serviceID = connection.config.id
        var items = groups.map { $0.queued(serviceID: serviceID, paused: status.downloadPaused, rate: status.downloadRate) }
        items += history.compactMap { $0.finished(serviceID: serviceID) }
        return TransferSnapshot(items: items, stats: TransferStats(
            downloadSpeed: status.downloadRate, uploadSpeed: 0, freeSpaceBytes: status.freeDiskSpace, count: items.count,
            activeCount: items.filter { $0.state == .downloading }.count))
    }

}

/// 64-bit sizes arrive as two unsigned 32-bit halves.
func nzbgetSize(lo: Int64?, hi: Int64?) -> Int64 {
    (Int64(UInt32(truncatingIfNeeded: hi ?? 0)) << 32) | Int64(UInt32(truncatingIfNeeded: lo ?? 0))
}

struct NZBGetStatusDTO {
    var downloadRate: Int64 = 0
    var downloadPaused = false
    var freeDiskSpace: Int64?
    /// The speed limit in B/s (0: unlimited).
    var downloadLimit: Int64?

    static func decode(_ r: inout JSONReader) throws(ServiceError) -> NZBGetStatusDTO {
        var dto = NZBGetStatusDTO()
        var freeLo: Int64?, freeHi: Int64?
        try r.readObject { r, key throws(ServiceError) in
            if key("DownloadRate") { dto.downloadRate = try r.lenientInt64() ?? 0 }
            else if key("DownloadPaused") { dto.downloadPaused = try r.lenientBool() ?? false }
            else if key("DownloadLimit") { dto.downloadLimit = try r.lenientInt64() }
            else if key("FreeDiskSpaceLo") { freeLo = try r.lenientInt64() }
            else if key("FreeDiskSpaceHi") { freeHi = try r.lenientInt64() }
            else { try r.skipValue() }
        }
        if freeLo != nil || freeHi != nil { dto.freeDiskSpace = nzbgetSize(lo: freeLo, hi: freeHi) }
        return dto
    }
}

/// An entry of `listgroups` or `history`.
struct NZBGetItemDTO {
    var id: Int?
    var name: String?
    var category: String?
    var status: String?
    var fileSizeLo: Int64?
    var fileSizeHi: Int64?
    var remainingSizeLo: Int64?
    var remainingSizeHi: Int64?
    var historyTime: Int64?
    var drone: String?

    static func decode(_ r: inout JSONReader) throws(ServiceError) -> NZBGetItemDTO {
        var dto = NZBGetItemDTO()
        try r.readObject { r, key throws(ServiceError) in
            if key("NZBID") { dto.id = try r.lenientInt() }
            else if key("ID") {
                let legacy = try r.lenientInt() // deprecated alias of NZBID
                if dto.id == nil { dto.id = legacy }
            }
            else if key("NZBName") || key("Name") { dto.name = try r.lenientString() }
            else if key("Category") { dto.category = try r.lenientString() }
            else if key("Status") { dto.status = try r.lenientString() }
            else if key("FileSizeLo") { dto.fileSizeLo = try r.lenientInt64() }
            else if key("FileSizeHi") { dto.fileSizeHi = try r.lenientInt64() }
            else if key("RemainingSizeLo") { dto.remainingSizeLo = try r.lenientInt64() }
            else if key("RemainingSizeHi") { dto.remainingSizeHi = try r.lenientInt64() }
            else if key("HistoryTime") { dto.historyTime = try r.lenientInt64() }
            else if key("Parameters") {
                try r.readArray { r, _ throws(ServiceError) in
                    var name: String?, value: String?
                    try r.readObject { r, key throws(ServiceError) in
                        if key("Name") { name = try r.lenientString() }
                        else if key("Value") { value = try r.lenientString() }
                        else { try r.skipValue() }
                    }
                    if name == "drone" { dto.drone = value }
                }
            } else { try r.skipValue() }
        }
        return dto
    }

    /// Sonarr/Radarr's download id for NZBGet: the `drone` parameter, else the NZBID.
    var joinKey: String? { drone ?? id.map(String.init) }

    func queued(serviceID: UUID, paused globallyPaused: Bool, rate: Int64) -> TransferItem {
        let size = nzbgetSize(lo: fileSizeLo, hi: fileSizeHi)
        let remaining = nzbgetSize(lo: remainingSizeLo, hi: remainingSizeHi)
        let raw = status ?? "QUEUED"
        var state = Self.queueState(raw)
        if globallyPaused, state == .downloading || state == .queued { state = .paused }
        return TransferItem(
            serviceID: serviceID, joinKey: joinKey ?? "", name: name ?? "", state: state, rawState: raw,
            progress: size > 0 ? (Double(size) - Double(remaining)) / Double(size) : 0, sizeBytes: size, remainingBytes: remaining,
            downloadSpeed: state == .downloading ? rate : 0,
            eta: state == .downloading && rate > 0 ? TimeInterval(remaining / rate) : nil, // derived, as Sonarr does
            category: category.flatMap { $0.isEmpty ? nil : $0 }, actionID: id.map(String.init))
    }

    /// History entries: SUCCESS/WARNING → completed, FAILURE → error; DELETED ones are gone, not transfers.
    func finished(serviceID: UUID) -> TransferItem? {
        let raw = status ?? ""
        let kind = raw.split(separator: "/").first.map(String.init) ?? raw
        guard kind != "DELETED", let joinKey else { return nil }
        let size = nzbgetSize(lo: fileSizeLo, hi: fileSizeHi)
        return TransferItem(
            serviceID: serviceID, joinKey: joinKey, name: name ?? "", state: kind == "FAILURE" ? .error : .completed,
            rawState: raw, progress: kind == "FAILURE" ? 0 : 1, sizeBytes: size, remainingBytes: 0,
            category: category.flatMap { $0.isEmpty ? nil : $0 },
            completed: Date(epochSeconds: historyTime),
            errorMessage: kind == "FAILURE" || kind == "WARNING" ? raw : nil,
            actionID: id.map(String.init), inHistory: true)
    }

    static func queueState(_ raw: String) -> TransferItem.State {
        switch raw {
        case "QUEUED", "QS_QUEUED", "PP_QUEUED": .queued
        case "PAUSED": .paused
        case "DOWNLOADING", "FETCHING": .downloading
        case "PP_FINISHED": .completed
        default: .checking // LOADING_PARS, VERIFYING_*, REPAIRING, RENAMING, UNPACKING, MOVING, EXECUTING_SCRIPT, QS_EXECUTING
        }
    }
}
