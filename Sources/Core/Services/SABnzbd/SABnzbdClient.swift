import Foundation

/// SABnzbd's `/api`. It reads the API key only from request parameters, so the
/// key travels in a form-encoded POST body — never in the URL query, and never
/// the same parameter in both (SABnzbd refuses that).
public actor SABnzbdClient: TransfersProviding {
    public nonisolated let connection: ServiceConnection
    private let http: ServiceHTTP
    private var history: [TransferItem] = []
    private var lastHistoryUpdate: Int?
    /// The absolute limit turtle mode replaced (B/s, 0 none), restored when it is switched off.
    var savedLimit: Int64?

    public init(connection: ServiceConnection, transport: any HTTPTransport, secrets: any SecretStore) {
        self.connection = connection
        http = ServiceHTTP(connection: connection, scheme: .apiKeyFormField("apikey"), transport: transport, secrets: secrets)
    }

    func call(_ fields: [(String, String)], files: [FilePart]? = nil, class requestClass: RequestClass = .list,
              effect: RequestEffect) async throws(ServiceError) -> Data {
        var request = ServiceRequest(.post, "/api", form: fields + [("output", "json")], class: requestClass, effect: effect)
        request.files = files
        let response = try await http.send(request)
        if response.status == 403 {
            let text = String(decoding: response.body.prefix(200), as: UTF8.self)
            if text.contains("API Key") {
                await http.signOut()
                throw .unauthorized
            }
            throw .serverMessage(status: 403, message: text)
        }
        let data = try response.jsonBody()
        if let error = try JSONReader.read(data, { r throws(ServiceError) -> String? in
            var error: String?
            guard try r.peek() == .object else { try r.skipValue(); return nil }
            try r.readObject { r, key throws(ServiceError) in
                if key("error") { error = try r.lenientString() } else { try r.skipValue() }
            }
            return error
        }) {
            throw .refused(.said(error))
        }
        return data
    }

    /// `mode=queue&limit=1`: proves the key works (`mode=version` does not need one).
    public func probe() async throws(ServiceError) -> ServiceStatus {
        let queue = try SABnzbdQueueDTO.decode(try await call([("mode", "queue"), ("limit", "1")], class: .probe, effect: .read))
        guard let version = queue.version else { throw .wrongServiceKind(expected: .sabnzbd, found: nil) }
        return ServiceStatus(appName: "SABnzbd", version: version)
    }

    /// The queue (full each time) and the history, which is re-read only when
    /// the server's `last_history_update` counter moved.
    public func transfers() async throws(ServiceError) -> TransferSnapshot {
        let serviceID = connection.config.id
        let queue = try SABnzbdQueueDTO.decode(try await call([("mode", "queue")], effect: .read))
        var fields = [("mode", "history"), ("limit", "100")]
        if let lastHistoryUpdate { fields.append(("last_history_update", "\(lastHistoryUpdate)")) }
        let answer = try SABnzbdHistoryDTO.decode(try await call(fields, effect: .read))
        if let answer { // nil: {"history": false}, nothing changed
            history = answer.slots.compactMap { $0.domain(serviceID: serviceID) }
            lastHistoryUpdate = answer.lastUpdate
        }
        let items = queue.slots.compactMap { $0.domain(serviceID: serviceID, paused: queue.paused) } + history
        return TransferSnapshot(items: items, stats: TransferStats(
            downloadSpeed: Int64(saturating: (queue.kbPerSecond ?? 0) * 1024), uploadSpeed: 0,
            freeSpaceBytes: queue.freeGiB.map { Int64(saturating: $0 * 1_073_741_824) }, count: items.count,
            activeCount: items.filter { $0.state == .downloading }.count))
    }

}

/// SABnzbd sends most numbers as strings ("2048.00"); this reads either.
extension JSONReader {
    mutating func numberOrNumericString() throws(ServiceError) -> Double? {
        switch try peek() {
        case .number: return try readDouble()
        case .string: return (try readString()).flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        default: try skipValue(); return nil
        }
    }
}

struct SABnzbdQueueDTO {
    var version: String?
    var paused = false
    var kbPerSecond: Double?
    var freeGiB: Double?
    var slots: [SABnzbdSlotDTO] = []

    static func decode(_ data: Data) throws(ServiceError) -> SABnzbdQueueDTO {
        try JSONReader.read(data) { r throws(ServiceError) -> SABnzbdQueueDTO in
            var dto = SABnzbdQueueDTO()
            try r.readObject { r, key throws(ServiceError) in
                guard key("queue") else { return try r.skipValue() }
                try r.readObject { r, key throws(ServiceError) in
                    if key("version") { dto.version = try r.lenientString() }
                    else if key("paused") { dto.paused = try r.lenientBool() ?? false }
                    else if key("kbpersec") { dto.kbPerSecond = try r.numberOrNumericString() }
                    else if key("diskspace1") { dto.freeGiB = try r.numberOrNumericString() }
                    else if key("slots") { dto.slots = try r.decodeList(SABnzbdSlotDTO.decode) }
                    else { try r.skipValue() }
                }
            }
            return dto
        }
    }
}

struct SABnzbdSlotDTO {
    var nzoID: String?
    var filename: String?
    var status: String?
    var category: String?
    var labels: [String] = []
    var mb: Double?
    var mbLeft: Double?
    var percentage: Double?
    var timeLeft: String?
    var added: Double?

    static func decode(_ r: inout JSONReader) throws(ServiceError) -> SABnzbdSlotDTO {
        var dto = SABnzbdSlotDTO()
        try r.readObject { r, key throws(ServiceError) in
            if key("nzo_id") { dto.nzoID = try r.lenientString() }
            else if key("filename") { dto.filename = try r.lenientString() }
            else if key("status") { dto.status = try r.lenientString() }
            else if key("cat") { dto.category = try r.lenientString() }
            else if key("labels") { try r.readArray { r, _ throws(ServiceError) in if let l = try r.lenientString() { dto.labels.append(l) } } }
            else if key("mb") { dto.mb = try r.numberOrNumericString() }
            else if key("mbleft") { dto.mbLeft = try r.numberOrNumericString() }
            else if key("percentage") { dto.percentage = try r.numberOrNumericString() }
            else if key("timeleft") { dto.timeLeft = try r.lenientString() }
            else if key("time_added") { dto.added = try r.numberOrNumericString() }
            else { try r.skipValue() }
        }
        return dto
    }

    static let mebibyte = 1_048_576.0

    func domain(serviceID: UUID, paused: Bool) -> TransferItem? {
        guard let nzoID else { return nil }
        let raw = status ?? "Queued"
        var state: TransferItem.State
        switch raw {
        case "Downloading", "Fetching", "Grabbing": state = .downloading
        case "Paused": state = .paused
        case "Queued", "Propagating": state = .queued
        case "Checking": state = .checking
        default: state = .queued
        }
        if paused, state == .downloading || state == .queued { state = .paused }
        let size = Int64(saturating: (mb ?? 0) * Self.mebibyte), left = Int64(saturating: (mbLeft ?? 0) * Self.mebibyte)
        let eta = timeLeft.flatMap(Self.clock)
        return TransferItem(
            serviceID: serviceID, joinKey: nzoID, name: filename ?? nzoID, state: state, rawState: raw,
            progress: (percentage ?? 0) / 100, sizeBytes: size, remainingBytes: left,
            eta: state == .downloading && (eta ?? 0) > 0 ? eta : nil, // "0:00:00" when not downloading
            category: category.flatMap { $0.isEmpty || $0 == "*" ? nil : $0 }, labels: labels,
            added: Date(epochSeconds: added))
    }

    /// "[D:]H:MM:SS" → seconds.
    static func clock(_ text: String) -> TimeInterval? {
        let parts = text.split(separator: ":").map { Int($0) }
        guard parts.count == 3 || parts.count == 4, parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        let values = parts.map { $0! }
        let (days, rest) = values.count == 4 ? (values[0], Array(values.dropFirst())) : (0, values)
        // In Double: absurd hour counts cannot overflow.
        return Double(days) * 86_400 + Double(rest[0]) * 3600 + Double(rest[1]) * 60 + Double(rest[2])
    }
}

struct SABnzbdHistoryDTO {
    var lastUpdate: Int?
    var slots: [SABnzbdHistorySlotDTO] = []

    /// nil for `{"history": false}` (nothing changed since `last_history_update`).
    static func decode(_ data: Data) throws(ServiceError) -> SABnzbdHistoryDTO? {
        try JSONReader.read(data) { r throws(ServiceError) -> SABnzbdHistoryDTO? in
            var dto: SABnzbdHistoryDTO?
            try r.readObject { r, key throws(ServiceError) in
                guard key("history") else { return try r.skipValue() }
                guard try r.peek() == .object else { try r.skipValue(); return }
                var history = SABnzbdHistoryDTO()
                try r.readObject { r, key throws(ServiceError) in
                    if key("last_history_update") { history.lastUpdate = try r.numberOrNumericString().map { Int(Int64(saturating: $0)) } }
                    else if key("slots") { history.slots = try r.decodeList(SABnzbdHistorySlotDTO.decode) }
                    else { try r.skipValue() }
                }
                dto = history
            }
            return dto
        }
    }
}

struct SABnzbdHistorySlotDTO {
    var nzoID: String?
    var name: String?
    var status: String?
    var category: String?
    var bytes: Int64?
    var completed: Int64?
    var failMessage: String?

    static func decode(_ r: inout JSONReader) throws(ServiceError) -> SABnzbdHistorySlotDTO {
        var dto = SABnzbdHistorySlotDTO()
        try r.readObject { r, key throws(ServiceError) in
            if key("nzo_id") { dto.nzoID = try r.lenientString() }
            else if key("name") { dto.name = try r.lenientString() }
            else if key("status") { dto.status = try r.lenientString() }
            else if key("category") { dto.category = try r.lenientString() }
            else if key("bytes") { dto.bytes = try r.numberOrNumericString().map { Int64(saturating: $0) } }
            else if key("completed") { dto.completed = try r.numberOrNumericString().map { Int64(saturating: $0) } }
            else if key("fail_message") { dto.failMessage = try r.lenientString() }
            else { try r.skipValue() }
        }
        return dto
    }

    func domain(serviceID: UUID) -> TransferItem? {
        guard let nzoID else { return nil }
        let raw = status ?? ""
        let state: TransferItem.State = raw == "Completed" ? .completed : raw == "Failed" ? .error : .checking
        return TransferItem(
            serviceID: serviceID, joinKey: nzoID, name: name ?? nzoID, state: state, rawState: raw,
            progress: state == .completed ? 1 : 0, sizeBytes: bytes ?? 0, remainingBytes: 0,
            category: category.flatMap { $0.isEmpty || $0 == "*" ? nil : $0 },
            completed: Date(epochSeconds: completed),
            errorMessage: failMessage.flatMap { $0.isEmpty ? nil : $0 }, inHistory: true)
    }
}
