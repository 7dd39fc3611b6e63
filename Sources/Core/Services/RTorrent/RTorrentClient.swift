import Foundation

/// rTorrent over XML-RPC at an HTTP endpoint: the web server's SCGI mount (`/RPC2` unless the
/// address names another path) with basic auth — rTorrent itself has none (API-GUIDE-3 §4). Faults
/// come back as HTTP 200 with a fault body; a 401 is the web server refusing the credential, never
/// retried. There is no sync API: each refresh is one `d.multicall2` over the `main` view.
public actor RTorrentClient: TransfersProviding {
    public nonisolated let connection: ServiceConnection
    private let http: ServiceHTTP
    /// The global limits turtle mode replaced (B/s, 0 unlimited), restored when it is switched off.
    var savedLimits: TurtleMode.Pair<Int64>?
    /// Requests answered 401 (tests count them).
    public private(set) var refusedRequests = 0

    /// Every column, in `d.multicall2` order (`RTorrentRow` reads them by position).
    public static let fields = ["d.hash=", "d.name=", "d.size_bytes=", "d.left_bytes=", "d.down.rate=", "d.up.rate=", "d.state=",
                         "d.is_active=", "d.complete=", "d.hashing=", "d.custom1=", "d.message=", "d.load_date=", "d.timestamp.finished="]
    /// The columns that move, read every refresh (`RTorrentRow.Moving`).
    static let volatileFields = ["d.hash=", "d.left_bytes=", "d.down.rate=", "d.up.rate=", "d.state=", "d.is_active=", "d.complete=",
                                 "d.hashing=", "d.custom1=", "d.message=", "d.timestamp.finished="]
    /// What does not move, per hash, from the last full read.
    private var known: [String: RTorrentRow.Still] = [:]

    public init(connection: ServiceConnection, transport: any HTTPTransport, secrets: any SecretStore) {
        self.connection = connection
        http = ServiceHTTP(connection: connection, scheme: .basic, transport: transport, secrets: secrets)
    }

    /// The XML-RPC path: the address's own path when it names one (`…/RPC2`, a ruTorrent mount), else `/RPC2`.
    private nonisolated var rpcPath: String { connection.endpoint.basePath.isEmpty ? "/RPC2" : "" }

    /// One call: its value, or the fault it carries as a refusal in rTorrent's words.
    public func call(_ method: String, _ params: [XMLRPCValue], class requestClass: RequestClass = .list,
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

    /// Every transfer. rTorrent has no diff to ask for, so a refresh is one `d.multicall2` over `main` of
    /// the fields that move (hash, bytes left, rates, state, label, message); what does not move (name,
    /// size, load and finish dates) is read once per torrent — by a second `d.multicall2` of every field
    /// only when the list holds a hash not seen before or a name rTorrent is still resolving (a
    /// magnet's `<HASH>.meta`). `make bench` measured it at 2,000 torrents (Documentation/Services.md).
    public func transfers() async throws(ServiceError) -> TransferSnapshot {
        let volatile = try await call("d.multicall2", [.string(""), .string("main")] + Self.volatileFields.map { .string($0) }, effect: .read)
        guard let rows = volatile.array else { throw .decoding(path: "d.multicall2", detail: "not a list") }
        let moving = rows.compactMap(RTorrentRow.Moving.init)
        if moving.contains(where: { known[$0.hash] == nil || known[$0.hash]?.resolving == true }) {
            let full = try await call("d.multicall2", [.string(""), .string("main")] + Self.fields.map { .string($0) }, effect: .read)
            guard let list = full.array else { throw .decoding(path: "d.multicall2", detail: "not a list") }
            known = Dictionary(list.compactMap(RTorrentRow.init).map { ($0.hash, $0.still) }, uniquingKeysWith: { a, _ in a })
        } else {
            let present = Set(moving.map(\.hash))
            known = known.filter { present.contains($0.key) }
        }
        let serviceID = connection.config.id
        let items = moving.compactMap { row in known[row.hash].map { RTorrentRow(row, $0).item(serviceID: serviceID) } }.sortedForDisplay()
        return TransferSnapshot(items: items, stats: TransferStats(
            downloadSpeed: items.reduce(0) { $0 + $1.downloadSpeed }, uploadSpeed: items.reduce(0) { $0 + $1.uploadSpeed },
            freeSpaceBytes: nil, count: items.count, activeCount: items.filter { $0.downloadSpeed > 0 || $0.uploadSpeed > 0 }.count))
    }
}

/// One torrent: what moves (`Moving`, read every refresh) and what does not (`Still`, read once).
struct RTorrentRow {
    struct Moving {
        var hash: String
        var left: Int64
        var down: Int64
        var up: Int64
        var started: Bool
        var active: Bool
        var complete: Bool
        var hashing: Bool
        var label: String
        var message: String
        var finished: Int64

        /// A row of `volatileFields`, or of `fields` (`offset` skips the name and size there).
        init?(_ value: XMLRPCValue) { self.init(value, full: false) }

        init?(_ value: XMLRPCValue, full: Bool) {
            let width = full ? RTorrentClient.fields.count : RTorrentClient.volatileFields.count
            guard let cells = value.array, cells.count >= width, let hash = cells[0].string,
                  hash.count == 40, hash.allSatisfy(\.isHexDigit) else { return nil } // tolerance: a row without a hash cannot be acted on
            let c = full ? Array(cells[0...0] + cells[3...11] + cells[13...13]) : Array(cells.prefix(width))
            self.hash = hash.lowercased()
            left = max(0, c[1].int ?? 0)
            down = max(0, c[2].int ?? 0)
            up = max(0, c[3].int ?? 0)
            started = c[4].int == 1
            active = c[5].int == 1
            complete = c[6].int == 1
            hashing = (c[7].int ?? 0) != 0
            // ruTorrent writes labels URL-encoded (API-GUIDE-3 §4.7): read them as the user typed them.
            let raw = c[8].string ?? ""
            label = raw.removingPercentEncoding ?? raw
            message = c[9].string ?? ""
            finished = c[10].int ?? 0
        }
    }

    struct Still {
        var name: String
        var size: Int64
        var loaded: Int64
        /// A magnet whose metadata has not come yet: its name and size will change.
        var resolving: Bool
    }

    var moving: Moving
    var still: Still
    var hash: String { moving.hash }

    init(_ moving: Moving, _ still: Still) {
        self.moving = moving
        self.still = still
    }

    /// A row of every field (`RTorrentClient.fields`).
    init?(_ value: XMLRPCValue) {
        guard let moving = Moving(value, full: true), let cells = value.array else { return nil }
        let name = cells[1].string ?? moving.hash
        self.init(moving, Still(name: name, size: max(0, cells[2].int ?? 0), loaded: cells[12].int ?? 0,
                                resolving: name.lowercased() == moving.hash + ".meta"))
    }

    /// started/active as rTorrent reports them (§4.3): stopped 0/0, paused 1/0, running 1/1. Stopped
    /// or paused is paused whether or not it is complete, as the other clients say it: Space and
    /// Resume start it again.
    var state: TransferItem.State {
        if moving.hashing { return .checking }
        if !moving.started || !moving.active { return .paused }
        if moving.complete { return .seeding }
        return moving.down > 0 ? .downloading : .stalled
    }

    var rawState: String {
        if moving.hashing { return "hashing" }
        if !moving.started { return "stopped" }
        if !moving.active { return "paused" }
        return moving.complete ? "seeding" : "downloading"
    }

    func item(serviceID: UUID) -> TransferItem {
        let size = still.size, left = moving.left, down = moving.down, label = moving.label, message = moving.message
        return TransferItem(serviceID: serviceID, joinKey: hash, name: still.name, state: state, rawState: rawState,
                            progress: size > 0 ? Double(size - min(left, size)) / Double(size) : (moving.complete ? 1 : 0),
                            sizeBytes: size, remainingBytes: left, downloadSpeed: down, uploadSpeed: moving.up,
                            eta: down > 0 && left > 0 ? TimeInterval(left / down) : nil,
                            category: label.isEmpty ? nil : label, labels: label.isEmpty ? [] : [label],
                            added: still.loaded > 0 ? Date(timeIntervalSince1970: TimeInterval(still.loaded)) : nil,
                            completed: moving.finished > 0 ? Date(timeIntervalSince1970: TimeInterval(moving.finished)) : nil,
                            // Tracker words ("Tracker: [Couldn't connect…]") are not an error of the transfer.
                            errorMessage: message.isEmpty || message.hasPrefix("Tracker:") ? nil : message)
    }
}
