// switchyard-fixture-server: a libsoup SoupServer on 127.0.0.1 that answers like
// Sonarr, Radarr (`/api/v3`), Lidarr or Prowlarr (`/api/v1`) from the synthetic fixtures, for integration tests.
//
//   switchyard-fixture-server --kind sonarr|radarr|lidarr --fixtures DIR --api-key KEY
//                             [--url-base /sonarr] [--library FILE] [--queue FILE] [--albums FILE] [--port N]
//                             [--latency-ms N] [--no-hub] [--indexers N --results-per-indexer K]
//
// --queue serves FILE as the queue (e.g. one naming the info-hashes the real peers hold); --albums
// serves FILE as Lidarr's albums (of every artist; `album?artistId=` filters it);
// --latency-ms holds every answer that long (a service at a distance; the fan-out benchmark).
// --no-hub: no SignalR hub at /signalr/messages (404, as Sonarr v3): clients poll.
// Prints "READY port=N" once listening. Requires X-Api-Key on /api/* (401 with
// an empty body otherwise, as Servarr does); /ping is anonymous; requests that
// miss the URL base get a 307 to it. Faults are set per path through the
// control endpoint (no key needed, loopback only):
//   GET /__fault?path=/api/v3/queue/details&mode=delay|401|404|500|503|drop|skyhook|html|truncated|slow (Prowlarr: 20 s)|none
// (404 and 500 answer with a Servarr-shaped message, drop closes the connection without an answer; SABnzbd's
// faults are set on `mode:<its mode>`, e.g. path=mode:get_config).
// With --kind sabnzbd it answers SABnzbd's /api instead: parameters from the form body (a JSON
// body is not read), the key only as `apikey`, 403 "API Key Required/Incorrect" as SABnzbd
// does, the same parameter in query and body refused, and `last_history_update` honoured.
// GET /__health_add?source=S&type=warning|error&message=M adds a health check to the answers.
// GET /__queue_change?id=N&state=failedPending|importBlocked[&message=M] moves a queue record on.
// GET /__query_keys lists parameter names that ever arrived in a URL query.
// Writes (ServarrState.swift) change the served state: monitoring (editor, episode/monitor,
// seasonpass), commands (each poll of command/{id} moves one state on; mode=fail on
// /api/v3/command fails the next one), queue removal (flags checked, blocklist filled),
// grab, delete; episodes a write changed are announced on the hub (`episode` updated). Malformed bodies get 400 with the reason, unknown ids 404. GET /__state
// reports deletions, removals, grabs, commands, and commands that named no item.
import CSoup
import Foundation

struct Options {
    var kind = "sonarr"
    var fixtures = "Fixtures"
    var apiKey = ""
    var urlBase = ""
    var library: String?
    var queue: String?
    var albums: String?
    /// Prowlarr: synthetic indexers and results per indexer instead of the fixtures (benchmarks).
    var indexers: Int?
    var resultsPerIndexer: Int?
    var port: UInt32 = 0
    /// A folder whose files are served before the kind's own (`--overlay DIR`).
    var overlay: String?
    var latencyMilliseconds: UInt32 = 0
    /// `--no-hub`: no SignalR hub (as Sonarr v3): clients poll.
    var hub = true

    init(_ arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let flag = iterator.next() {
            if flag == "--no-hub" {
                hub = false
                continue
            }
            let value = iterator.next() ?? ""
            switch flag {
            case "--kind": kind = value
            case "--fixtures": fixtures = value
            case "--api-key": apiKey = value
            case "--url-base": urlBase = value.hasSuffix("/") ? String(value.dropLast()) : value
            case "--library": library = value
            case "--queue": queue = value
            case "--albums": albums = value
            case "--indexers": indexers = Int(value)
            case "--results-per-indexer": resultsPerIndexer = Int(value)
            case "--latency-ms": latencyMilliseconds = UInt32(value) ?? 0
            case "--port": port = UInt32(value) ?? 0
            case "--overlay": overlay = value
            default:
                FileHandle.standardError.write(Data("unknown option \(flag)\n".utf8))
                exit(2)
            }
        }
    }
}

final class FixtureServer: @unchecked Sendable {
    let options: Options
    var faults: [String: String] = [:]
    var requestCounts: [String: Int] = [:]
    var queryKeys: Set<String> = []
    /// Health checks added by `/__health_add` (served after health.json's).
    var addedHealth: [[String: Any]] = []
    /// SABnzbd `addurl` calls, as received (`GET /__sabnzbd_added`).
    var sabnzbdAdded: [[String: String]] = []
    /// Set while handling a request whose answer a fault already holds back.
    var deferred = false

    /// The library, episodes and queue, changed by writes.
    lazy var servarr = ServarrState(
        kind: options.kind,
        library: options.library.flatMap { FileManager.default.contents(atPath: $0) }
            ?? fixture(FixtureKind(name: options.kind).libraryFile),
        episodes: options.kind == "sonarr" ? fixture("episode-series-1.json") : nil,
        queue: fixture("queue-details.json"), fixtures: { [weak self] in self?.fixture($0) })

    lazy var jellyseerr = JellyseerrState(fixtures: { [weak self] in self?.fixture($0) }, apiKey: options.apiKey)

    lazy var doctor = DoctorState(fixture: fixture("config-downloadclient.json"))

    lazy var prowlarr = ProwlarrState(fixtures: { [weak self] in self?.fixture($0) }, syntheticIndexers: options.indexers,
                                      perIndexer: options.resultsPerIndexer, apiKey: options.apiKey)

    init(options: Options) { self.options = options }

    var folder: String { "\(options.fixtures)/\(options.kind)" }

    func fixture(_ name: String) -> Data? {
        if name == "queue-details.json", let queue = options.queue { return FileManager.default.contents(atPath: queue) }
        if name == "album-artist-1.json", let albums = options.albums { return FileManager.default.contents(atPath: albums) }
        // A test's own files for this run (a stack doctor case), before the kind's.
        if let overlay = options.overlay, let data = FileManager.default.contents(atPath: "\(overlay)/\(name)") { return data }
        return FileManager.default.contents(atPath: "\(folder)/\(name)")
    }

    /// Status, content type and body for an authenticated API path.
    func answer(path: String, query: [String: String]) -> (Int32, String, Data) {
        let json = "application/json"
        if path.hasPrefix("/api/v3/queue"), let overlay = options.overlay,
           let data = FileManager.default.contents(atPath: "\(overlay)/queue-details.json") {
            servarr.replaceQueue(data)
        }
        switch path {
        case "/api/v3/system/status": return (200, json, fixture("system-status.json")!)
        case "/api/v3/\(servarr.names.item)":
            return (200, json, servarr.library)
        case "/api/v3/album" where servarr.names.isLidarr:
            // Lidarr answers every album in the library without a parameter (API-GUIDE-3 §1.2): refused here.
            guard let albums = servarr.albums(query) else {
                return (400, json, Data(#"{"message":"fixture: album without artistId or albumIds lists the whole library"}"#.utf8))
            }
            return (200, json, albums)
        case "/api/v3/track" where servarr.names.isLidarr:
            guard let tracks = servarr.tracks(query) else {
                return (400, json, Data(#"{"message":"One of artistId, albumId, albumReleaseId or trackIds must be provided"}"#.utf8))
            }
            return (200, json, tracks)
        case "/api/v3/metadataprofile" where servarr.names.isLidarr: return (200, json, fixture("metadataprofile.json")!)
        case "/api/v3/episode" where options.kind == "sonarr":
            guard let series = query["seriesId"] else {
                return (400, json, Data(#"{"message":"seriesId or episodeIds must be provided"}"#.utf8))
            }
            return (200, json, servarr.episodes(series: Int(series) ?? 0))
        case "/api/v3/calendar":
            guard query["start"] != nil, query["end"] != nil else { return (200, json, Data("[]".utf8)) }
            return (200, json, fixture("calendar.json")!)
        case "/api/v3/queue/details": return (200, json, servarr.queueData)
        case "/api/v3/blocklist": return (200, json, servarr.blocklistPage(query))
        case "/api/v3/queue": return (200, json, pagedQueue(query))
        case "/api/v3/health":
            guard !addedHealth.isEmpty else { return (200, json, fixture("health.json")!) }
            let listed = (try? JSONSerialization.jsonObject(with: fixture("health.json")!)) as? [[String: Any]] ?? []
            return (200, json, (try? JSONSerialization.data(withJSONObject: listed + addedHealth)) ?? Data())
        case "/api/v3/diskspace": return (200, json, fixture("diskspace.json")!)
        case "/api/v3/history": return (200, json, fixture("history.json")!)
        case "/api/v3/downloadclient": return (200, json, fixture("downloadclient.json")!)
        case "/api/v3/\(servarr.names.item)/lookup":
            let (status, body) = servarr.lookup(query)
            return (status, json, body)
        case "/api/v3/rootfolder": return (200, json, fixture("rootfolder.json")!)
        // What the stack doctor reads (Documentation/Doctor.md).
        case "/api/v3/config/downloadclient": return (200, json, doctor.configData)
        case "/api/v3/config/mediamanagement": return (200, json, fixture("config-mediamanagement.json")!)
        case "/api/v3/remotepathmapping": return (200, json, fixture("remotepathmapping.json")!)
        case "/api/v3/release":
            let (status, body) = servarr.releases(query)
            return (status, json, body)
        case "/api/v3/qualityprofile": return (200, json, fixture("qualityprofile.json")!)
        case "/api/v3/tag": return (200, json, fixture("tag.json")!)
        default:
            let itemPath = "/api/v3/\(servarr.names.item)/"
            if path.hasPrefix(itemPath), let id = Int(path.dropFirst(itemPath.count)) {
                guard let item = servarr.item(id) else { return (404, json, Data(#"{"message":"NotFound"}"#.utf8)) }
                return (200, json, item)
            }
            if path.hasPrefix("/api/v3/command/"), let id = Int(path.dropFirst("/api/v3/command/".count)) {
                let (status, body) = servarr.commandStatus(id)
                return (status, json, body)
            }
            if path.hasPrefix("/api/v3/mediacover/"), path.range(of: #"^/api/v3/mediacover/(artist/|album/)?\d+/[A-Za-z0-9_-]+\.(jpg|png)$"#,
                                                                   options: .regularExpression) != nil,
               path.contains("/mediacover/artist/") == servarr.names.isLidarr {
                return (200, "image/png", Self.image(for: path))
            }
            return (404, json, Data(#"{"message":"NotFound"}"#.utf8))
        }
    }

    /// The paged queue with Servarr's defaults: page 1, pageSize 10.
    func pagedQueue(_ query: [String: String]) -> Data {
        let all = servarr.queue
        let page = max(1, Int(query["page"] ?? "") ?? 1), size = max(1, Int(query["pageSize"] ?? "") ?? 10)
        let slice = Array(all.dropFirst((page - 1) * size).prefix(size))
        let object: [String: Any] = ["page": page, "pageSize": size, "sortKey": "timeleft", "sortDirection": "ascending",
                                     "totalRecords": all.count, "records": slice]
        return (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }

    /// A real, decodable poster-shaped PNG (100×150) in a colour derived from the path, naming the
    /// file it stands for in a tEXt chunk ("fixture" → the path). Uncompressed: no zlib needed.
    static func image(for path: String) -> Data {
        let width = 100, height = 150
        var hash: UInt32 = 2166136261
        for byte in path.utf8 { hash = (hash ^ UInt32(byte)) &* 16777619 }
        let base = [UInt8(60 + hash % 140), UInt8(60 + (hash >> 8) % 140), UInt8(60 + (hash >> 16) % 140)]
        var raw = [UInt8]()
        raw.reserveCapacity(height * (1 + width * 3))
        for y in 0..<height {
            raw.append(0) // filter: none
            let band = y > height * 2 / 3 && y < height * 2 / 3 + 12
            for _ in 0..<width { raw.append(contentsOf: band ? base.map { $0 / 2 } : base) }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        while offset < raw.count {
            let count = min(65_535, raw.count - offset)
            let final: UInt8 = offset + count == raw.count ? 1 : 0
            zlib += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[offset..<(offset + count)]
            offset += count
        }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        zlib += bigEndian((b << 16) | a)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0])
        png += chunk("tEXt", Array("fixture".utf8) + [0] + Array(path.utf8))
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return Data(png)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return bigEndian(UInt32(data.count)) + body + bigEndian(~crc)
    }
}

let options = Options(CommandLine.arguments)
let state = FixtureServer(options: options)
let server = sy_soup_server_new()!

/// The faults every kind takes, answered here when `fault` is one: a 404 or a 500 with a message in the
/// service's shape, or a connection dropped with no answer at all. False when `fault` is none of them.
func answeredFault(_ message: OpaquePointer?, _ fault: String?) -> Bool {
    switch fault {
    case "404"?: respond(message, 404, "application/json", Data(#"{"message":"NotFound"}"#.utf8))
    case "500"?: respond(message, 500, "application/json", Data(#"{"message":"Fixture failed: an internal error"}"#.utf8))
    case "drop"?:
        // Taken from the server and closed: the client sees the connection end before any answer.
        if let stream = soup_server_message_steal_connection(message) {
            g_io_stream_close(stream, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(stream))
        }
    default: return false
    }
    return true
}

func respond(_ message: OpaquePointer?, _ status: Int32, _ type: String, _ body: Data) {
    soup_server_message_set_status(message, guint(status), nil)
    body.withUnsafeBytes { raw in
        soup_server_message_set_response(message, type, SOUP_MEMORY_COPY,
                                         raw.baseAddress?.assumingMemoryBound(to: CChar.self), gsize(raw.count))
    }
}

func queryDictionary(_ table: OpaquePointer?) -> [String: String] {
    guard let table else { return [:] }
    final class Box { var values: [String: String] = [:] }
    let box = Box()
    g_hash_table_foreach(table, { key, value, data in
        let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
        box.values[String(cString: key!.assumingMemoryBound(to: CChar.self))] =
            String(cString: value!.assumingMemoryBound(to: CChar.self))
    }, Unmanaged.passUnretained(box).toOpaque())
    return box.values
}

/// Answers, then — with --latency-ms — holds the answer back that long.
let handler: SoupServerCallback = { server, message, pathPointer, query, data in
    state.deferred = false
    serve(server, message, pathPointer, query, data)
    let path = String(cString: pathPointer!)
    guard options.latencyMilliseconds > 0, !path.hasPrefix("/__"), !state.deferred else { return }
    soup_server_message_pause(message)
    g_object_ref(UnsafeMutableRawPointer(message))
    g_timeout_add_full(G_PRIORITY_DEFAULT, options.latencyMilliseconds, { message in
        soup_server_message_unpause(OpaquePointer(message))
        g_object_unref(message)
        return 0
    }, UnsafeMutableRawPointer(message), nil)
}

let serve: SoupServerCallback = { _, message, pathPointer, query, _ in
    let fullPath = String(cString: pathPointer!)
    let parameters = queryDictionary(query)
    state.requestCounts[fullPath, default: 0] += 1

    if fullPath == "/__fault" {
        var faultPath = parameters["path"] ?? ""
        if options.kind == "lidarr", faultPath.hasPrefix("/api/v1/") { faultPath = "/api/v3/" + faultPath.dropFirst("/api/v1/".count) }
        state.faults[faultPath] = parameters["mode"] == "none" ? nil : parameters["mode"]
        return respond(message, 200, "application/json", Data(#"{"ok":true}"#.utf8))
    }
    if fullPath == "/__requests" {
        let body = (try? JSONSerialization.data(withJSONObject: state.requestCounts)) ?? Data()
        return respond(message, 200, "application/json", body)
    }

    if fullPath == "/__hub_log" { return respond(message, 200, "application/json", hub.report) }
    if fullPath == "/__push" {
        let reached = hub.push(name: parameters["name"] ?? "queue", action: parameters["action"] ?? "sync", id: parameters["id"].flatMap { Int($0) })
        return respond(message, 200, "application/json", Data(#"{"reached":\#(reached)}"#.utf8))
    }
    if fullPath == "/__advance_commands" {
        let changed = state.servarr.advanceCommands()
        for record in changed { _ = hub.push(name: "command", action: "updated", id: nil, resource: record) }
        return respond(message, 200, "application/json", Data(#"{"advanced":\#(changed.count)}"#.utf8))
    }
    if fullPath == "/__health_add" {
        state.addedHealth.append(["id": 100 + state.addedHealth.count, "source": parameters["source"] ?? "FixtureCheck",
                                  "type": parameters["type"] ?? "warning", "message": parameters["message"] ?? "Fixture health issue",
                                  "wikiUrl": "https://wiki.fixture.invalid/health#fixture"])
        return respond(message, 200, "application/json", Data(#"{"ok":true}"#.utf8))
    }
    if fullPath == "/__queue_change" {
        let changed = state.servarr.changeQueueRecord(Int(parameters["id"] ?? "") ?? -1, state: parameters["state"] ?? "",
                                                      message: parameters["message"])
        return respond(message, changed ? 200 : 404, "application/json", Data(#"{"changed":\#(changed)}"#.utf8))
    }
    if fullPath == "/__hub_drop" { return respond(message, 200, "application/json", Data(#"{"dropped":\#(hub.dropAll())}"#.utf8)) }
    if fullPath == "/__hub_silent" {
        hub.silent = parameters["on"] == "1"
        return respond(message, 200, "application/json", Data(#"{"ok":true}"#.utf8))
    }
    if fullPath == "/__hub_fault" {
        guard let fault = FixtureHub.Fault(rawValue: parameters["fault"] ?? "") else {
            return respond(message, 400, "application/json", Data(#"{"error":"fault is none, missing, redirect or garbage"}"#.utf8))
        }
        hub.fault = fault
        return respond(message, 200, "application/json", Data(#"{"ok":true}"#.utf8))
    }
    if fullPath == "/__sabnzbd_added" {
        return respond(message, 200, "application/json", (try? JSONSerialization.data(withJSONObject: state.sabnzbdAdded)) ?? Data())
    }
    if fullPath == "/__expire_releases" {
        state.servarr.expireReleases()
        return respond(message, 200, "application/json", Data(#"{"ok":true}"#.utf8))
    }
    if fullPath == "/__doctor" { return respond(message, 200, "application/json", state.doctor.report) }
    if fullPath == "/__state" {
        let report = options.kind == "prowlarr" ? state.prowlarr.report : options.kind == "jellyseerr" ? state.jellyseerr.report : state.servarr.report
        return respond(message, 200, "application/json", report)
    }
    if fullPath == "/__query_keys" {
        let body = (try? JSONSerialization.data(withJSONObject: state.queryKeys.sorted())) ?? Data()
        return respond(message, 200, "application/json", body)
    }
    if options.kind == "sabnzbd" { return sabnzbd(message, path: fullPath, query: parameters) }
    if options.kind == "jellyseerr" { return jellyseerr(message, path: fullPath) }

    // URL base: a path without it is redirected, as Servarr's UrlBaseMiddleware does.
    let base = options.urlBase
    guard base.isEmpty || fullPath == base || fullPath.hasPrefix(base + "/") else {
        soup_message_headers_replace(soup_server_message_get_response_headers(message), "Location", base + fullPath)
        return respond(message, 307, "text/plain", Data())
    }
    var path = String(fullPath.dropFirst(base.count))
    if options.kind == "prowlarr" { return prowlarr(message, path: path) }
    // Lidarr's API is `/api/v1`; inside, every kind is served by the same routes (`/api/v3/…`).
    let kindNames = FixtureKind(name: options.kind)
    if path.hasPrefix("/api/"), !path.hasPrefix(kindNames.apiBase + "/") { return respond(message, 404, "text/plain", Data()) }
    if kindNames.isLidarr, path.hasPrefix("/api/v1/") { path = "/api/v3/" + path.dropFirst("/api/v1/".count) }

    if path == "/ping" { return respond(message, 200, "application/json", state.fixture("ping.json")!) }
    if path.hasPrefix("/MediaCover/") { // UI-authenticated only: an API key does not open it
        soup_message_headers_replace(soup_server_message_get_response_headers(message), "Location", base + "/login?returnUrl=" + path)
        return respond(message, 302, "text/plain", Data())
    }
    guard path.hasPrefix("/api/") || path.hasPrefix("/MediaCoverProxy/") else { return respond(message, 404, "text/plain", Data()) }

    let headers = soup_server_message_get_request_headers(message)
    let key = soup_message_headers_get_one(headers, "X-Api-Key").map { String(cString: $0) }
    if answeredFault(message, state.faults[path]) { return }
    switch state.faults[path] {
    case "401"?: return respond(message, 401, "text/plain", Data())
    case "html"?: return respond(message, 200, "text/html", Data("<!DOCTYPE html><html><body>Fixture sign-in</body></html>".utf8))
    default: break
    }
    guard !options.apiKey.isEmpty, key == options.apiKey else { return respond(message, 401, "text/plain", Data()) }
    // The covers of lookup results not in the library: the service fetches and caches them (API-GUIDE §2.6).
    if path.hasPrefix("/MediaCoverProxy/") {
        guard path.range(of: #"^/MediaCoverProxy/\w+/[A-Za-z0-9_-]+\.(jpg|png)$"#, options: .regularExpression) != nil else {
            return respond(message, 404, "text/plain", Data())
        }
        return respond(message, 200, "image/png", FixtureServer.image(for: path))
    }

    if path == "/api/v3/command", state.faults[path] == "fail" {
        state.servarr.failNextCommand = true
        state.faults[path] = nil
    }
    let method = soup_server_message_get_method(message).map { String(cString: $0) } ?? "GET"
    if method == "PUT", path.hasPrefix("/api/v3/config/downloadclient/"), state.faults[path] == nil {
        let (status, body) = state.doctor.putConfig(requestBody(message))
        return respond(message, status, "application/json", body)
    }
    if method != "GET", state.faults[path] == nil {
        let (status, body) = state.servarr.write(method, path, query: parameters, body: requestBody(message))
            ?? (405, Data(#"{"message":"Method not allowed"}"#.utf8))
        for episode in state.servarr.takeChangedEpisodes() { _ = hub.push(name: "episode", action: "updated", id: nil, resource: episode) }
        for album in state.servarr.takeChangedAlbums() { _ = hub.push(name: "album", action: "updated", id: nil, resource: album) }
        return respond(message, status, "application/json", body)
    }
    switch state.faults[path] {
    case "503"?:
        return respond(message, 503, "application/json",
                       Data(#"{"errorMessage":"Fixture is starting up, please try again later"}"#.utf8))
    case "indexer-failed"?: // the service could not fetch the release from the indexer (API-GUIDE-2 §3.2)
        return respond(message, 409, "application/json", Data(#"{"message":"Getting release from indexer failed"}"#.utf8))
    case "skyhook"?: // the metadata service is down: a lookup or an add says so (API-GUIDE-2 §1.1)
        let term = parameters["term"] ?? ""
        return respond(message, 503, "application/json", Data(
            #"{"message":"Search for '\#(term)' failed. Unable to communicate with SkyHook. (fixture: metadata service down)"}"#.utf8))
    case "truncated"?:
        let (status, type, body) = state.answer(path: path, query: parameters)
        return respond(message, status, type, body.prefix(body.count / 2))
    case "delay"?:
        let (status, type, body) = state.answer(path: path, query: parameters)
        state.deferred = true
        soup_server_message_pause(message)
        let pending = Unmanaged.passRetained(PendingReply(message: message, status: status, type: type, body: body)).toOpaque()
        g_timeout_add_full(G_PRIORITY_DEFAULT, 3000, { data in
            let reply = Unmanaged<PendingReply>.fromOpaque(data!).takeRetainedValue()
            respond(reply.message, reply.status, reply.type, reply.body)
            soup_server_message_unpause(reply.message)
            return 0
        }, pending, nil)
    default:
        let (status, type, body) = state.answer(path: path, query: parameters)
        respond(message, status, type, body)
    }
}

/// Prowlarr (`Prowlarr.swift`): the ping, the key, the faults set for a path, then its answers.
func prowlarr(_ message: OpaquePointer?, path: String) {
    if path == "/ping" { return respond(message, 200, "application/json", state.fixture("ping.json")!) }
    guard path.hasPrefix("/api/v1/") else { return respond(message, 404, "text/plain", Data()) }
    let key = soup_message_headers_get_one(soup_server_message_get_request_headers(message), "X-Api-Key").map { String(cString: $0) }
    switch state.faults[path] {
    case "401"?: return respond(message, 401, "text/plain", Data())
    case "html"?: return respond(message, 200, "text/html", Data("<!DOCTYPE html><html><body>Fixture sign-in</body></html>".utf8))
    case "503"?: return respond(message, 503, "application/json", Data(#"{"message":"Fixture is starting up"}"#.utf8))
    default: break
    }
    guard !options.apiKey.isEmpty, key == options.apiKey else { return respond(message, 401, "text/plain", Data()) }
    if answeredFault(message, state.faults[path]) { return }
    // Repeated keys (`indexerIds`, `categories`) are kept in order: the query as it came.
    var query: [String: [String]] = [:]
    if let uri = soup_server_message_get_uri(message), let raw = g_uri_get_query(uri) {
        for item in URLComponents(string: "/?" + String(cString: raw))?.queryItems ?? [] { query[item.name, default: []].append(item.value ?? "") }
    }
    let method = soup_server_message_get_method(message).map { String(cString: $0) } ?? "GET"
    let (status, body) = state.prowlarr.answer(method, path, query: query, body: requestBody(message), fixture: state.fixture)
    switch state.faults[path] {
    case "truncated"?: respond(message, status, "application/json", body.prefix(body.count / 2))
    case "slow"?: // an indexer taking its time: the answer comes after 20 s (cancel tests)
        soup_server_message_pause(message)
        let pending = Unmanaged.passRetained(PendingReply(message: message, status: status, type: "application/json", body: body)).toOpaque()
        g_timeout_add_full(G_PRIORITY_DEFAULT, 20_000, { data in
            let reply = Unmanaged<PendingReply>.fromOpaque(data!).takeRetainedValue()
            respond(reply.message, reply.status, reply.type, reply.body)
            soup_server_message_unpause(reply.message)
            return 0
        }, pending, nil)
    default: respond(message, status, "application/json", body)
    }
}

/// The request body, if one came.
func requestBody(_ message: OpaquePointer?) -> Data? {
    guard let body = soup_server_message_get_request_body(message), let data = body.pointee.data, body.pointee.length > 0 else { return nil }
    return Data(bytes: data, count: Int(body.pointee.length))
}

/// SABnzbd's /api as the API guide describes it (verified against 4.5.5 there).
func sabnzbd(_ message: OpaquePointer?, path: String, query: [String: String]) {
    guard path == options.urlBase + "/api" || path == "/api" else { return respond(message, 404, "text/plain", Data()) }
    state.queryKeys.formUnion(query.keys)
    var form: [String: String] = [:]
    let headers = soup_server_message_get_request_headers(message)
    let type = soup_message_headers_get_content_type(headers, nil).map { String(cString: $0) } ?? ""
    if type == "application/x-www-form-urlencoded", let body = soup_server_message_get_request_body(message),
       let data = body.pointee.data, body.pointee.length > 0 {
        let text = String(decoding: UnsafeRawBufferPointer(start: data, count: Int(body.pointee.length)), as: UTF8.self)
        form = queryDictionary(soup_form_decode(text))
    }
    for key in form.keys where query[key] != nil { // the same parameter twice
        return key == "apikey" ? respond(message, 403, "text/html", Data("API Key Incorrect".utf8))
            : respond(message, 500, "text/html", Data("Internal error".utf8))
    }
    let parameters = query.merging(form) { $1 }
    let mode = parameters["mode"] ?? ""
    if mode == "version" { return respond(message, 200, "application/json", state.fixture("version.json")!) }
    guard let key = parameters["apikey"], !key.isEmpty else {
        return respond(message, 403, "text/html", Data("API Key Required".utf8))
    }
    guard key == options.apiKey else { return respond(message, 403, "text/html", Data("API Key Incorrect".utf8)) }
    if answeredFault(message, state.faults["mode:" + mode]) { return }
    switch mode {
    case "addurl":
        // SABnzbd fetches only http(s) links (urlgrabber.py); anything else is refused.
        let name = parameters["name"] ?? ""
        guard name.hasPrefix("http://") || name.hasPrefix("https://") else {
            return respond(message, 200, "application/json", Data(#"{"status": false, "error": "expecting http(s) url"}"#.utf8))
        }
        state.sabnzbdAdded.append(["name": name, "cat": parameters["cat"] ?? "", "priority": parameters["priority"] ?? ""])
        respond(message, 200, "application/json", Data(#"{"status": true, "nzo_ids": ["SABnzbd_nzo_fixtureadd\#(state.sabnzbdAdded.count)"]}"#.utf8))
    case "queue": respond(message, 200, "application/json", state.fixture("queue.json")!)
    case "get_config": respond(message, 200, "application/json", state.doctor.sabConfig(parameters))
    case "set_config": respond(message, 200, "application/json", state.doctor.sabSet(parameters))
    case "history":
        if parameters["last_history_update"] == "7" { return respond(message, 200, "application/json", Data(#"{"history": false}"#.utf8)) }
        respond(message, 200, "application/json", state.fixture("history.json")!)
    default: respond(message, 200, "application/json", Data(#"{"status": false, "error": "not implemented"}"#.utf8))
    }
}

final class PendingReply {
    let message: OpaquePointer?
    let status: Int32
    let type: String
    let body: Data
    init(message: OpaquePointer?, status: Int32, type: String, body: Data) {
        self.message = message
        self.status = status
        self.type = type
        self.body = body
        g_object_ref(UnsafeMutableRawPointer(message))
    }
    deinit { g_object_unref(UnsafeMutableRawPointer(message)) }
}

soup_server_add_handler(server, nil, handler, nil, nil)
// Sonarr v4 / Radarr v5+ push changes over SignalR (Tools/FixtureServer/Hub.swift).
let hub = FixtureHub(apiKey: options.apiKey, version: state.fixture("system-status.json")
    .flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }?["version"] as? String ?? "0")
if options.hub, ["sonarr", "radarr", "lidarr"].contains(options.kind) { hub.install(on: server, path: options.urlBase + "/signalr/messages") }
var error: UnsafeMutablePointer<GError>?
let address = g_inet_socket_address_new_from_string("127.0.0.1", options.port)
guard soup_server_listen(server, address, SoupServerListenOptions(0), &error) != 0 else {
    FileHandle.standardError.write(Data("cannot listen: \(String(cString: error!.pointee.message))\n".utf8))
    exit(1)
}
let uris = soup_server_get_uris(server)
let port = g_uri_get_port(OpaquePointer(uris!.pointee.data))
FileHandle.standardOutput.write(Data("READY port=\(port)\n".utf8))
// Ends when its parent closes our stdin, or on SIGTERM/SIGINT (the test harness may have blocked
// signals it passes on, so stdin is the reliable way).
let loop = g_main_loop_new(nil, 0)
g_unix_fd_add_full(G_PRIORITY_DEFAULT, 0, GIOCondition(rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue), { fd, _, loop in
    var byte: UInt8 = 0
    if read(fd, &byte, 1) <= 0 { g_main_loop_quit(OpaquePointer(loop)) }
    return 1
}, UnsafeMutableRawPointer(loop), nil)
for signal in [SIGTERM, SIGINT] {
    g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, { loop in
        g_main_loop_quit(OpaquePointer(loop))
        return 0
    }, UnsafeMutableRawPointer(loop), nil)
}
g_main_loop_run(loop)
