import Foundation

/// rTorrent over XML-RPC at an HTTP endpoint: the web server's SCGI mount (`/RPC2` unless the
/// address names another path) with basic auth — rTorrent itself has none (API-GUIDE-3 §4). Faults
/// come back as HTTP 200 with a fault body; a 401 is the web server refusing the credential, never
/// retried. There is no sync API: each refresh is one `d.multicall2` over the `main` view.
public actor RTorrentClient: TransfersProviding {
    public nonisolated let connection: ServiceConnection
    private let http: ServiceHTTP
    /// The global limits turtle mode replaced (B/s, 0 unlimited), restored when it is switched off.
    var savedLimits: (down: Int64, up: Int64)?
    /// Requests answered 401 (tests count them).
    public private(set) var refusedRequests = 0

    /// The columns of one refresh, in `d.multicall2` order (`RTorrentRow` reads them by position).
    static let fields = ["d.hash=", "d.name=", "d.size_bytes=", "d.left_bytes=", "d.down.rate=", "d.up.rate=", "d.state=",
                         "d.is_active=", "d.complete=", "d.hashing=", "d.custom1=", "d.message=", "d.load_date=", "d.timestamp.finished="]

    public init(connection: ServiceConnection, transport: any HTTPTransport, secrets: any SecretStore) {
        self.connection = connection
        http = ServiceHTTP(connection: connection, scheme: .basic, transport: transport, secrets: secrets)
    }

    /// The XML-RPC path: the address's own path when it names one (`…/RPC2`, a ruTorrent mount), else `/RPC2`.
    private nonisolated var rpcPath: String { connection.endpoint.basePath.isEmpty ? "/RPC2" : "" }

    /// One call: its value, or the fault it carries as a refusal in rTorrent's words.
    func call(_ method: String, _ params: [XMLRPCValue], class requestClass: RequestClass = .list,
              effect: RequestEffect) async throws(ServiceError) -> XMLRPCValue {
        let response = try await http.send(ServiceRequest(.post, rpcPath, headers: ["Accept": "text/xml"], body: XMLRPC.call(method, params),
                                                          contentType: "text/xml", class: requestClass, effect: effect))
        switch response.status {
        case 401:
            refusedRequests += 1
            await http.signOut()
            throw .unauthorized
        case 200...299:
            break
        default:
            throw .unavailable(.serverError(status: response.status))
        }
        // XML-RPC is XML too: only a page declared as HTML is a sign-in page in the way.
        if ["text/html", "application/xhtml+xml"].contains(response.mediaType ?? "") { throw .authGateway }
        switch try XMLRPC.read(response.body) {
        case .value(let value): return value
        case .fault(let code, let message):
            if code == -506 { throw .incompatibleVersion(found: "rTorrent without \(method)") }
            throw .refused(.said(message))
        }
    }

    public func probe() async throws(ServiceError) -> ServiceStatus {
        let version: XMLRPCValue
        do {
            version = try await call("system.client_version", [], class: .probe, effect: .read)
        } catch .decoding {
            throw .wrongServiceKind(expected: .rtorrent, found: nil)
        }
        guard let text = version.string, !text.isEmpty else { throw .wrongServiceKind(expected: .rtorrent, found: nil) }
        return ServiceStatus(appName: "rTorrent", version: text)
    }

    /// Every transfer: one `d.multicall2("", "main", …)` (there is no diff to ask for).
    public func transfers() async throws(ServiceError) -> TransferSnapshot {
        let rows = try await call("d.multicall2", [.string(""), .string("main")] + Self.fields.map { .string($0) }, effect: .read)
        guard let list = rows.array else { throw .decoding(path: "d.multicall2", detail: "not a list") }
        let serviceID = connection.config.id
        let items = list.compactMap { RTorrentRow($0)?.item(serviceID: serviceID) }.sortedForDisplay()
        return TransferSnapshot(items: items, stats: TransferStats(
            downloadSpeed: items.reduce(0) { $0 + $1.downloadSpeed }, uploadSpeed: items.reduce(0) { $0 + $1.uploadSpeed },
            freeSpaceBytes: nil, count: items.count, activeCount: items.filter { $0.downloadSpeed > 0 || $0.uploadSpeed > 0 }.count))
    }
}

/// One row of the refresh's `d.multicall2`, by `RTorrentClient.fields` position.
struct RTorrentRow {
    var hash: String
    var name: String
    var size: Int64
    var left: Int64
    var down: Int64
    var up: Int64
    var started: Bool
    var active: Bool
    var complete: Bool
    var hashing: Bool
    var label: String
    var message: String
    var loaded: Int64
    var finished: Int64

    init?(_ value: XMLRPCValue) {
        guard let cells = value.array, cells.count >= RTorrentClient.fields.count, let hash = cells[0].string,
              hash.count == 40, hash.allSatisfy(\.isHexDigit) else { return nil } // tolerance: a row without a hash cannot be acted on
        self.hash = hash.lowercased()
        name = cells[1].string ?? hash
        size = max(0, cells[2].int ?? 0)
        left = max(0, cells[3].int ?? 0)
        down = max(0, cells[4].int ?? 0)
        up = max(0, cells[5].int ?? 0)
        started = cells[6].int == 1
        active = cells[7].int == 1
        complete = cells[8].int == 1
        hashing = (cells[9].int ?? 0) != 0
        // ruTorrent writes labels URL-encoded (API-GUIDE-3 §4.7): read them as the user typed them.
        let raw = cells[10].string ?? ""
        label = raw.removingPercentEncoding ?? raw
        message = cells[11].string ?? ""
        loaded = cells[12].int ?? 0
        finished = cells[13].int ?? 0
    }

    /// started/active as rTorrent reports them (§4.3): stopped 0/0, paused 1/0, running 1/1.
    var state: TransferItem.State {
        if hashing { return .checking }
        if !started || !active { return complete ? .completed : .paused }
        if complete { return .seeding }
        return down > 0 ? .downloading : .stalled
    }

    var rawState: String {
        if hashing { return "hashing" }
        if !started { return "stopped" }
        if !active { return "paused" }
        return complete ? "seeding" : "downloading"
    }

    func item(serviceID: UUID) -> TransferItem {
        TransferItem(serviceID: serviceID, joinKey: hash, name: name, state: state, rawState: rawState,
                     progress: size > 0 ? Double(size - min(left, size)) / Double(size) : (complete ? 1 : 0),
                     sizeBytes: size, remainingBytes: left, downloadSpeed: down, uploadSpeed: up,
                     eta: down > 0 && left > 0 ? TimeInterval(left / down) : nil,
                     category: label.isEmpty ? nil : label, labels: label.isEmpty ? [] : [label],
                     added: loaded > 0 ? Date(timeIntervalSince1970: TimeInterval(loaded)) : nil,
                     completed: finished > 0 ? Date(timeIntervalSince1970: TimeInterval(finished)) : nil,
                     // Tracker words ("Tracker: [Couldn't connect…]") are not an error of the transfer.
                     errorMessage: message.isEmpty || message.hasPrefix("Tracker:") ? nil : message)
    }
}
