import Foundation

/// A JSON value with its kind kept (a `true` is not a `1`), for checking request bodies.
indirect enum JSONValue: Decodable {
    case null, bool(Bool), int(Int), double(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null }
        else if let value = try? single.decode(Bool.self) { self = .bool(value) }
        else if let value = try? single.decode(Int.self) { self = .int(value) }
        else if let value = try? single.decode(Double.self) { self = .double(value) }
        else if let value = try? single.decode(String.self) { self = .string(value) }
        else if let value = try? single.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try single.decode([String: JSONValue].self)) }
    }

    var ints: [Int]? {
        guard case .array(let items) = self else { return nil }
        let values = items.compactMap { item -> Int? in if case .int(let v) = item { v } else { nil } }
        return values.count == items.count ? values : nil
    }

    var int: Int? { if case .int(let v) = self { v } else { nil } }
    var bool: Bool? { if case .bool(let v) = self { v } else { nil } }
    var string: String? { if case .string(let v) = self { v } else { nil } }
    var object: [String: JSONValue]? { if case .object(let v) = self { v } else { nil } }
    var array: [JSONValue]? { if case .array(let v) = self { v } else { nil } }
}

/// A request-body field's type, as the endpoint's request schema in the services' OpenAPI specs has it
/// (SeriesEditorResource, MovieEditorResource, EpisodesMonitoredResource, SeasonPassResource,
/// QueueBulkResource) and, for commands, as each command class has it (API-GUIDE-2 §2).
indirect enum FieldType {
    case int, bool, string, ints, object([String: FieldType]), objects([String: FieldType])

    var words: String {
        switch self {
        case .int: "an integer"
        case .bool: "true or false"
        case .string: "a string"
        case .ints: "an array of integers"
        case .object: "an object"
        case .objects: "an array of objects"
        }
    }
}

/// Why a body was refused: a body that does not bind (ASP.NET's problem-details object) or one that
/// binds but fails validation (FluentValidation's array), as API-GUIDE-2 §1.5 describes both.
enum Refusal: Error {
    case binding([String: String])
    case validation(property: String, message: String)
    case notFound
    case serverError(String)

    var answer: (Int32, Data) {
        func json(_ value: Any) -> Data { (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data() }
        switch self {
        case .binding(let errors):
            return (400, json(["type": "https://tools.ietf.org/html/rfc9110#section-15.5.1",
                               "title": "One or more validation errors occurred.", "status": 400,
                               "errors": errors.mapValues { [$0] }, "traceId": "fixture"]))
        case .validation(let property, let message):
            return (400, json([["propertyName": property, "errorMessage": message, "severity": "error"]]))
        case .notFound:
            return (404, json(["message": "NotFound"]))
        case .serverError(let message):
            return (500, json(["message": message]))
        }
    }
}

/// The Sonarr or Radarr the fixture server pretends to be, with state: writes change it and the
/// following reads show it. Stricter than the services in one way, on purpose: a field the
/// endpoint's schema does not have is refused (the services would ignore it — and a misspelt id
/// field ignored is a command on the whole library).
final class ServarrState {
    let kind: String
    let names: FixtureKind
    private let fixtures: (String) -> Data?
    private var libraryBytes: Data?
    private var libraryItems: [[String: Any]]?
    private var episodeItems: [[String: Any]]
    private(set) var queue: [[String: Any]]
    private var blocklist: [[String: Any]] = []
    private var commands: [[String: Any]] = []
    /// Polls each command has had: queued → started → completed, one step per poll (no clock involved).
    private var polls: [Int: Int] = [:]
    private var deleted: [[String: Any]] = []
    private var removals: [[String: Any]] = []
    private var grabbed: [Int] = []
    private var wholeLibraryCommands = 0
    /// Lidarr's `album/monitor` calls, as received.
    private var albumMonitorRequests: [[String: Any]] = []
    /// Set by `/__fault?path=/api/v3/command&mode=fail`: the next command fails with this message.
    var failNextCommand = false
    /// Lookup results (series-lookup.json / movie-lookup.json); an added one gets its library id.
    private lazy var lookups: [[String: Any]] = (fixtures(names.lookupFile))
        .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [[String: Any]] } ?? []
    private var additions: [[String: Any]] = []
    /// Releases a search returned, by `indexerId_guid`, with when (the services keep them 30 minutes).
    private var releaseCache: [String: Date] = [:]
    private var grabbedReleases: [String] = []

    init(kind: String, library: Data?, episodes: Data?, queue: Data?, fixtures: @escaping (String) -> Data?) {
        self.kind = kind
        names = FixtureKind(name: kind)
        self.fixtures = fixtures
        libraryBytes = library
        episodeItems = episodes.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [[String: Any]] } ?? []
        self.queue = queue.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [[String: Any]] } ?? []
    }

    private var idsField: String { names.idsField }
    private var itemField: String { names.itemField }

    /// Lidarr's albums (album-artist-1.json), changed by `album/monitor`; and its tracks.
    private lazy var albumItems: [[String: Any]] = (fixtures("album-artist-1.json"))
        .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [[String: Any]] } ?? []
    private lazy var trackItems: [[String: Any]] = (fixtures("track-artist-1.json"))
        .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [[String: Any]] } ?? []

    /// `album?artistId=N` or `album?albumIds=…`; nil when neither names anything (Lidarr would answer every album).
    func albums(_ query: [String: String]) -> Data? {
        if let artist = query["artistId"].flatMap({ Int($0) }) { return Self.json(albumItems.filter { $0["artistId"] as? Int == artist }) }
        if let album = query["albumIds"].flatMap({ Int($0) }) { return Self.json(albumItems.filter { $0["id"] as? Int == album }) }
        return nil
    }

    /// `track?artistId=N` or `track?albumId=N`; nil when neither is there (Lidarr answers 400).
    func tracks(_ query: [String: String]) -> Data? {
        if let artist = query["artistId"].flatMap({ Int($0) }) { return Self.json(trackItems.filter { $0["artistId"] as? Int == artist }) }
        if let album = query["albumId"].flatMap({ Int($0) }) { return Self.json(trackItems.filter { $0["albumId"] as? Int == album }) }
        return nil
    }

    /// Albums a write changed, for the hub to announce (`album` updated, as Lidarr does); taken once.
    private var changedAlbums: [[String: Any]] = []
    func takeChangedAlbums() -> [[String: Any]] {
        defer { changedAlbums = [] }
        return changedAlbums
    }

    /// The library as parsed objects (parsed on the first write: a 20,000-item library is served as bytes until then).
    private var items: [[String: Any]] {
        get {
            if libraryItems == nil {
                libraryItems = libraryBytes.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [[String: Any]] } ?? []
            }
            return libraryItems!
        }
        set {
            libraryItems = newValue
            libraryBytes = nil
        }
    }

    var library: Data {
        if let libraryBytes { return libraryBytes }
        let bytes = Self.json(items)
        libraryBytes = bytes
        return bytes
    }

    func episodes(series: Int) -> Data { Self.json(episodeItems.filter { $0["seriesId"] as? Int == series }) }
    var queueData: Data { Self.json(queue) }

    /// The queue as a test rewrote it (a stack doctor case's `--overlay` file), replacing the one served.
    func replaceQueue(_ data: Data) {
        queue = (try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? queue
    }

    /// Episodes a write changed, for the hub to announce (as Sonarr's episode controller does); taken once.
    private var changedEpisodes: [[String: Any]] = []
    func takeChangedEpisodes() -> [[String: Any]] {
        defer { changedEpisodes = [] }
        return changedEpisodes
    }

    /// One library item (`series/{id}`, `movie/{id}`), or nil.
    func item(_ id: Int) -> Data? {
        items.first { $0["id"] as? Int == id }.flatMap { try? JSONSerialization.data(withJSONObject: $0) }
    }

    /// `/__queue_change?id=N&state=S[&message=M]`: a queue record moves on as the service would move
    /// it — `failedPending` (the client failed it: status failed, the message as its error) or
    /// `importBlocked` (a warning with the message); the hub's queue sync is pushed by the caller.
    func changeQueueRecord(_ id: Int, state: String, message: String?) -> Bool {
        guard let index = queue.firstIndex(where: { $0["id"] as? Int == id }) else { return false }
        queue[index]["trackedDownloadState"] = state
        switch state {
        case "failedPending", "failed":
            queue[index]["status"] = "failed"
            queue[index]["trackedDownloadStatus"] = "error"
            if let message { queue[index]["errorMessage"] = message }
        case "importBlocked":
            queue[index]["status"] = "completed"
            queue[index]["trackedDownloadStatus"] = "warning"
            if let message { queue[index]["statusMessages"] = [["title": queue[index]["title"] ?? "", "messages": [message]]] }
        default:
            break
        }
        return true
    }

    static func json(_ value: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data("[]".utf8)
    }

    // MARK: Writes

    /// Answers a write, or nil when `method path` is not one. Every write is checked first.
    func write(_ method: String, _ path: String, query: [String: String], body: Data?) -> (Int32, Data)? {
        let route = method + " " + path.replacingOccurrences(of: #"/\d+$"#, with: "/{id}", options: .regularExpression)
        let id = Int(path.split(separator: "/").last ?? "")
        do {
            switch route {
            case "PUT /api/v3/\(names.item)/editor":
                return try editor(try checked(body, Self.editorSchema(idsField), "EditorResource"))
            case "PUT /api/v3/episode/monitor" where kind == "sonarr":
                return try episodeMonitor(try checked(body, ["episodeIds": .ints, "monitored": .bool], "EpisodesMonitoredResource"))
            case "POST /api/v3/seasonpass" where kind == "sonarr":
                return try seasonPass(try checked(body, Self.seasonPassSchema, "SeasonPassResource"))
            case "PUT /api/v3/album/monitor" where names.isLidarr:
                return try albumMonitor(try checked(body, ["albumIds": .ints, "monitored": .bool], "AlbumsMonitoredResource"))
            case "POST /api/v3/command":
                return try command(body)
            case "DELETE /api/v3/queue/bulk":
                let fields = try checked(body, ["ids": .ints], "QueueBulkResource")
                return try removeFromQueue(fields["ids"]?.ints ?? [], query: query, bulk: true)
            case "DELETE /api/v3/queue/{id}":
                guard body == nil || body!.isEmpty else { throw Refusal.binding(["$": "this endpoint takes no body"]) }
                return try removeFromQueue([id ?? 0], query: query, bulk: false)
            case "POST /api/v3/queue/grab/{id}":
                return try grab(id ?? 0)
            case "DELETE /api/v3/\(names.item)/{id}":
                return try delete(id ?? 0, query: query)
            case "POST /api/v3/release":
                return try grabRelease(try checked(body, ["guid": .string, "indexerId": .int, "downloadClientId": .int], "ReleaseResource"))
            case "POST /api/v3/\(names.item)":
                return try add(try checked(body, Self.addSchema(kind), names.noun + "Resource"))
            default:
                return nil
            }
        } catch let refusal as Refusal {
            return refusal.answer
        } catch {
            return Refusal.serverError("\(error)").answer
        }
    }

    static func editorSchema(_ idsField: String) -> [String: FieldType] {
        var fields: [String: FieldType] = [idsField: .ints, "monitored": .bool, "qualityProfileId": .int, "rootFolderPath": .string,
                                           "tags": .ints, "applyTags": .string, "moveFiles": .bool, "deleteFiles": .bool]
        if idsField == "seriesIds" {
            fields.merge(["monitorNewItems": .string, "seriesType": .string, "seasonFolder": .bool, "addImportListExclusion": .bool]) { $1 }
        } else if idsField == "artistIds" {
            fields.merge(["monitorNewItems": .string, "metadataProfileId": .int]) { $1 }
        } else {
            fields.merge(["minimumAvailability": .string, "addImportExclusion": .bool]) { $1 }
        }
        return fields
    }

    static let seasonPassSchema: [String: FieldType] = [
        "series": .objects(["id": .int, "monitored": .bool,
                            "seasons": .objects(["seasonNumber": .int, "monitored": .bool])]),
        "monitoringOptions": .object(["ignoreEpisodesWithFiles": .bool, "ignoreEpisodesWithoutFiles": .bool, "monitor": .string]),
    ]

    /// The body as JSON, every field one `schema` has, of its type.
    func checked(_ body: Data?, _ schema: [String: FieldType], _ name: String) throws -> [String: JSONValue] {
        guard let body, !body.isEmpty else { throw Refusal.binding(["$": "A non-empty request body is required."]) }
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: body), let object = value.object else {
            throw Refusal.binding(["$": "The JSON value could not be converted to \(name)."])
        }
        var errors: [String: String] = [:]
        check(object, schema, "$", name, &errors)
        guard errors.isEmpty else { throw Refusal.binding(errors) }
        return object
    }

    private func check(_ object: [String: JSONValue], _ schema: [String: FieldType], _ at: String, _ name: String,
                       _ errors: inout [String: String]) {
        for (key, value) in object {
            guard let type = schema[key] else {
                errors["\(at).\(key)"] = "\(key) is not a field of \(name)."
                continue
            }
            if case .null = value { continue }
            let ok: Bool
            switch type {
            case .int: ok = value.int != nil
            case .bool: ok = value.bool != nil
            case .string: ok = value.string != nil
            case .ints: ok = value.ints != nil
            case .object(let inner):
                ok = value.object != nil
                if let fields = value.object { check(fields, inner, "\(at).\(key)", name, &errors) }
            case .objects(let inner):
                let list = value.array?.compactMap(\.object)
                ok = list != nil && list!.count == value.array!.count
                for (index, fields) in (list ?? []).enumerated() { check(fields, inner, "\(at).\(key)[\(index)]", name, &errors) }
            }
            if !ok { errors["\(at).\(key)"] = "The JSON value could not be converted to \(type.words)." }
        }
    }

    private func accepted(_ value: Any) -> (Int32, Data) { (202, Self.json(value)) }

    private func editor(_ fields: [String: JSONValue]) throws -> (Int32, Data) {
        let ids = fields[idsField]?.ints ?? []
        guard !ids.isEmpty else {
            throw Refusal.validation(property: idsField.prefix(1).uppercased() + idsField.dropFirst(),
                                     message: "'\(names.noun) Ids' must not be empty.")
        }
        var all = items
        var changed: [[String: Any]] = []
        for index in all.indices where ids.contains(all[index]["id"] as? Int ?? -1) {
            if let monitored = fields["monitored"]?.bool { all[index]["monitored"] = monitored }
            changed.append(all[index])
        }
        items = all
        return accepted(changed)
    }

    private func episodeMonitor(_ fields: [String: JSONValue]) throws -> (Int32, Data) {
        let ids = fields["episodeIds"]?.ints ?? []
        guard !ids.isEmpty else { throw Refusal.validation(property: "EpisodeIds", message: "'Episode Ids' must not be empty.") }
        guard let monitored = fields["monitored"]?.bool else {
            throw Refusal.validation(property: "Monitored", message: "'Monitored' must be set.")
        }
        for index in episodeItems.indices where ids.contains(episodeItems[index]["id"] as? Int ?? -1) {
            episodeItems[index]["monitored"] = monitored
            changedEpisodes.append(episodeItems[index])
        }
        return accepted(episodeItems.filter { ids.contains($0["id"] as? Int ?? -1) })
    }

    /// Lidarr's album editor: the albums' flags (never their releases), announced on the hub.
    private func albumMonitor(_ fields: [String: JSONValue]) throws -> (Int32, Data) {
        let ids = fields["albumIds"]?.ints ?? []
        guard !ids.isEmpty else { throw Refusal.validation(property: "AlbumIds", message: "'Album Ids' must not be empty.") }
        guard let monitored = fields["monitored"]?.bool else {
            throw Refusal.validation(property: "Monitored", message: "'Monitored' must be set.")
        }
        for index in albumItems.indices where ids.contains(albumItems[index]["id"] as? Int ?? -1) {
            albumItems[index]["monitored"] = monitored
            changedAlbums.append(albumItems[index])
        }
        albumMonitorRequests.append(["albumIds": ids, "monitored": monitored])
        return accepted(albumItems.filter { ids.contains($0["id"] as? Int ?? -1) })
    }

    /// Season monitoring: the season's flag, and its episodes follow it (no monitoring options sent).
    private func seasonPass(_ fields: [String: JSONValue]) throws -> (Int32, Data) {
        let entries = fields["series"]?.array?.compactMap(\.object) ?? []
        guard !entries.isEmpty else { throw Refusal.validation(property: "Series", message: "'Series' must not be empty.") }
        var all = items
        for entry in entries {
            guard let id = entry["id"]?.int, let index = all.firstIndex(where: { $0["id"] as? Int == id }) else { throw Refusal.notFound }
            if let monitored = entry["monitored"]?.bool { all[index]["monitored"] = monitored }
            var seasons = all[index]["seasons"] as? [[String: Any]] ?? []
            for season in entry["seasons"]?.array?.compactMap(\.object) ?? [] {
                guard let number = season["seasonNumber"]?.int, let monitored = season["monitored"]?.bool,
                      let at = seasons.firstIndex(where: { $0["seasonNumber"] as? Int == number }) else { continue }
                seasons[at]["monitored"] = monitored
                for e in episodeItems.indices where episodeItems[e]["seriesId"] as? Int == id && episodeItems[e]["seasonNumber"] as? Int == number {
                    episodeItems[e]["monitored"] = monitored
                }
            }
            all[index]["seasons"] = seasons
        }
        items = all
        return (202, Data("{}".utf8))
    }

    /// The fields each command class takes besides `name` (API-GUIDE-2 §2); nil for a name the service does not have.
    static func commandSchema(_ name: String) -> [String: FieldType]? {
        switch name.lowercased() {
        case "seriessearch", "missingepisodesearch": ["seriesId": .int]
        case "seasonsearch": ["seriesId": .int, "seasonNumber": .int]
        case "episodesearch": ["episodeIds": .ints]
        case "refreshseries": ["seriesId": .int, "seriesIds": .ints]
        case "moviessearch", "refreshmovie": ["movieIds": .ints]
        case "artistsearch", "missingalbumsearch", "cutoffunmetalbumsearch": ["artistId": .int]
        case "albumsearch": ["albumIds": .ints]
        case "refreshartist": ["artistId": .int, "artistIds": .ints]
        case "rsssync": [:]
        default: nil
        }
    }

    private func command(_ body: Data?) throws -> (Int32, Data) {
        guard let body, let value = try? JSONDecoder().decode(JSONValue.self, from: body), let object = value.object else {
            throw Refusal.binding(["$": "The JSON value could not be converted to CommandResource."])
        }
        guard let name = object["name"]?.string, !name.isEmpty else {
            throw Refusal.validation(property: "Name", message: "'Name' must not be empty.")
        }
        guard var schema = Self.commandSchema(name) else { throw Refusal.serverError("Sequence contains no matching element") }
        schema["name"] = .string
        var errors: [String: String] = [:]
        check(object, schema, "$", name + "Command", &errors)
        guard errors.isEmpty else { throw Refusal.binding(errors) }

        // What it would act on; none named means the whole library (counted: tests require zero).
        let named = [object["seriesId"]?.int, object["artistId"]?.int].compactMap { $0 } + (object["seriesIds"]?.ints ?? [])
            + (object["movieIds"]?.ints ?? []) + (object["episodeIds"]?.ints ?? []) + (object["artistIds"]?.ints ?? [])
            + (object["albumIds"]?.ints ?? [])
        // CutoffUnmetAlbumSearch ignores its artist and searches the whole library (API-GUIDE-3 §1.5).
        if named.isEmpty && name.lowercased() != "rsssync" || name.lowercased() == "cutoffunmetalbumsearch" { wholeLibraryCommands += 1 }

        let canonical = String(decoding: Self.json(object.mapValues(\.plain)), as: UTF8.self)
        if let running = commands.first(where: { $0["_body"] as? String == canonical && ["queued", "started"].contains($0["status"] as? String) }) {
            return (201, Self.json(Self.visible(running))) // the running one, not a duplicate
        }
        var missing: String?
        let ids = (object["seriesId"] ?? object["artistId"])?.int.map { [$0] } ?? (object["seriesIds"] ?? object["movieIds"] ?? object["artistIds"])?.ints ?? []
        for id in ids where !items.contains(where: { $0["id"] as? Int == id }) {
            missing = "\(names.noun) with ID \(id) does not exist"
        }
        for id in object["albumIds"]?.ints ?? [] where !albumItems.contains(where: { $0["id"] as? Int == id }) {
            missing = "Album with ID \(id) does not exist"
        }
        let id = commands.count + 1
        var record: [String: Any] = ["id": id, "name": name, "commandName": name, "status": "queued", "result": "unknown",
                                     "priority": "normal", "trigger": "manual", "queued": "2026-01-15T10:00:00Z",
                                     "stateChangeTime": "2026-01-15T10:00:00Z", "body": object.mapValues(\.plain), "_body": canonical]
        if let missing { record["_fails"] = missing }
        if failNextCommand {
            record["_fails"] = "Fixture search failed: all indexers are unavailable due to failures"
            failNextCommand = false
        }
        commands.append(record)
        return (201, Self.json(Self.visible(record)))
    }

    /// A command as the service reports it; each poll moves it one state on.
    func commandStatus(_ id: Int) -> (Int32, Data) {
        guard let index = commands.firstIndex(where: { $0["id"] as? Int == id }) else { return Refusal.notFound.answer }
        polls[id, default: 0] += 1
        return (200, Self.json(Self.visible(advance(index))))
    }

    /// Every running command one state further, as the service's own scheduler would move them
    /// (`GET /__advance_commands`, for live updates: each changed record is pushed). The changed records.
    func advanceCommands() -> [[String: Any]] {
        commands.indices.compactMap { index in
            let before = commands[index]["status"] as? String
            guard before == "queued" || before == "started" else { return nil }
            return Self.visible(advance(index))
        }
    }

    private func advance(_ index: Int) -> [String: Any] {
        var record = commands[index]
        switch record["status"] as? String {
        case "queued":
            record["status"] = "started"
            record["started"] = "2026-01-15T10:00:01Z"
        case "started":
            record["ended"] = "2026-01-15T10:00:02Z"
            if let failure = record["_fails"] as? String {
                record.merge(["status": "failed", "result": "unsuccessful", "message": failure, "exception": failure]) { $1 }
            } else {
                let words = (record["name"] as? String ?? "").lowercased().contains("refresh") ? "Refresh completed" : "Search completed. 0 reports downloaded."
                record.merge(["status": "completed", "result": "successful", "message": words]) { $1 }
            }
        default: break
        }
        commands[index] = record
        return record
    }

    static func visible(_ record: [String: Any]) -> [String: Any] { record.filter { !$0.key.hasPrefix("_") } }

    private func flags(_ query: [String: String]) throws -> [String: Bool] {
        let known = ["removeFromClient", "blocklist", "skipRedownload", "changeCategory"]
        var errors: [String: String] = [:]
        var values: [String: Bool] = ["removeFromClient": true, "blocklist": false, "skipRedownload": false, "changeCategory": false]
        for (key, value) in query {
            guard known.contains(key) else { errors[key] = "\(key) is not a parameter of this endpoint."; continue }
            guard let flag = Bool(value) else { errors[key] = "The value '\(value)' is not valid."; continue }
            values[key] = flag
        }
        guard errors.isEmpty else { throw Refusal.binding(errors) }
        return values
    }

    /// Bulk: every id is resolved first; one unknown id refuses the whole call, nothing removed (API-GUIDE-2 §4.2).
    private func removeFromQueue(_ ids: [Int], query: [String: String], bulk: Bool) throws -> (Int32, Data) {
        let flags = try flags(query)
        guard !ids.isEmpty, ids.allSatisfy({ $0 > 0 }) else { throw Refusal.validation(property: "Id", message: "'Id' must be greater than '0'.") }
        let records = ids.map { id in queue.first { $0["id"] as? Int == id } }
        guard records.allSatisfy({ $0 != nil }) else { throw Refusal.notFound }
        for record in records.compactMap({ $0 }) {
            let pending = ["delay", "downloadClientUnavailable", "fallback"].contains(record["status"] as? String)
            if flags["changeCategory"]! && !flags["removeFromClient"]! && !pending && record["downloadClientHasPostImportCategory"] as? Bool != true {
                throw Refusal.serverError("Specified method is not supported.")
            }
        }
        for record in records.compactMap({ $0 }) {
            let id = record["id"] as? Int ?? 0
            // The whole download leaves (Sonarr has one record per episode of it).
            let download = record["downloadId"] as? String
            queue.removeAll { $0["id"] as? Int == id || (download != nil && $0["downloadId"] as? String == download) }
            var removal: [String: Any] = ["id": id, "bulk": bulk]
            for (key, value) in flags { removal[key] = value }
            removals.append(removal)
            if flags["blocklist"]! {
                var entry: [String: Any] = ["id": blocklist.count + 1, "sourceTitle": record["title"] ?? "", "date": "2026-01-15T10:00:00Z",
                                            "protocol": record["protocol"] ?? "unknown", "indexer": record["indexer"] ?? "",
                                            "message": "Manually marked as failed", "languages": [], "customFormats": [],
                                            "quality": ["quality": ["id": 3, "name": "WEBDL-1080p"]]]
                entry[itemField] = record[itemField]
                if let episode = record["episodeId"] { entry["episodeIds"] = [episode] }
                blocklist.append(entry)
            }
        }
        return (200, Data("{}".utf8))
    }

    private func grab(_ id: Int) throws -> (Int32, Data) {
        guard let index = queue.firstIndex(where: { $0["id"] as? Int == id }),
              ["delay", "downloadClientUnavailable", "fallback"].contains(queue[index]["status"] as? String) else { throw Refusal.notFound }
        queue[index]["status"] = "queued"
        grabbed.append(id)
        return (200, Data("{}".utf8))
    }

    private func delete(_ id: Int, query: [String: String]) throws -> (Int32, Data) {
        let exclusion = names.exclusion
        var errors: [String: String] = [:]
        var values: [String: Bool] = ["deleteFiles": false, exclusion: false]
        for (key, value) in query {
            guard values[key] != nil else { errors[key] = "\(key) is not a parameter of this endpoint."; continue }
            guard let flag = Bool(value) else { errors[key] = "The value '\(value)' is not valid."; continue }
            values[key] = flag
        }
        guard errors.isEmpty else { throw Refusal.binding(errors) }
        guard items.contains(where: { $0["id"] as? Int == id }) else { throw Refusal.notFound }
        items = items.filter { $0["id"] as? Int != id }
        queue.removeAll { $0[itemField] as? Int == id }
        deleted.append(["id": id, "deleteFiles": values["deleteFiles"]!, "importListExclusion": values[exclusion]!])
        return (200, Data("{}".utf8))
    }

    // MARK: Interactive search

    /// `GET release` for an item; without one the service would fetch every indexer's RSS feed — refused here.
    func releases(_ query: [String: String]) -> (Int32, Data) {
        let named = kind == "sonarr" ? (query["episodeId"] != nil || (query["seriesId"] != nil && query["seasonNumber"] != nil))
            : names.isLidarr ? query["albumId"] != nil : query["movieId"] != nil
        guard named else {
            return (400, Self.json(["message": "fixture: a release search without an item fetches every indexer's whole RSS feed"]))
        }
        let found = (fixtures("release.json").flatMap { try? JSONSerialization.jsonObject(with: $0) as? [[String: Any]] }) ?? []
        for item in found { releaseCache["\(item["indexerId"] as? Int ?? 0)_\(item["guid"] as? String ?? "")"] = Date() }
        return (200, Self.json(found))
    }

    /// `/__expire_releases`: as if the search were 31 minutes old.
    func expireReleases() { releaseCache = releaseCache.mapValues { $0.addingTimeInterval(-31 * 60) } }

    private func grabRelease(_ fields: [String: JSONValue]) throws -> (Int32, Data) {
        guard let guid = fields["guid"]?.string, let indexer = fields["indexerId"]?.int else {
            throw Refusal.validation(property: "Guid", message: "'Guid' must not be empty.")
        }
        let key = "\(indexer)_\(guid)"
        guard let searched = releaseCache[key], Date().timeIntervalSince(searched) < 30 * 60 else {
            return (404, Self.json(["message": "Couldn't find requested release in cache, try searching again"]))
        }
        grabbedReleases.append(key)
        return (200, Self.json(fields.mapValues(\.plain)))
    }

    // MARK: Search and add

    /// The add body's fields, as SeriesResource / MovieResource have them (the ones an add uses).
    static func addSchema(_ kind: String) -> [String: FieldType] {
        var fields: [String: FieldType] = ["title": .string, "qualityProfileId": .int, "rootFolderPath": .string, "path": .string,
                                           "monitored": .bool, "tags": .ints, "year": .int]
        if kind == "lidarr" {
            fields = ["artistName": .string, "foreignArtistId": .string, "qualityProfileId": .int, "metadataProfileId": .int,
                      "rootFolderPath": .string, "path": .string, "monitored": .bool, "monitorNewItems": .string, "tags": .ints,
                      "addOptions": .object(["monitor": .string, "searchForMissingAlbums": .bool])]
        } else if kind == "sonarr" {
            fields.merge(["tvdbId": .int, "seasonFolder": .bool, "seriesType": .string, "monitorNewItems": .string, "languageProfileId": .int,
                          "seasons": .objects(["seasonNumber": .int, "monitored": .bool]),
                          "addOptions": .object(["monitor": .string, "searchForMissingEpisodes": .bool, "searchForCutoffUnmetEpisodes": .bool,
                                                 "ignoreEpisodesWithFiles": .bool, "ignoreEpisodesWithoutFiles": .bool])]) { $1 }
        } else {
            fields.merge(["tmdbId": .int, "minimumAvailability": .string,
                          "addOptions": .object(["monitor": .string, "searchForMovie": .bool, "ignoreEpisodesWithFiles": .bool,
                                                 "ignoreEpisodesWithoutFiles": .bool, "addMethod": .string])]) { $1 }
        }
        return fields
    }

    /// `series/lookup` or `movie/lookup`: by title words, or `tvdb:N` / `tmdb:N`; no term is a 503 (as SkyHook's caller answers).
    func lookup(_ query: [String: String]) -> (Int32, Data) {
        let term = (query["term"] ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard !term.isEmpty else {
            return (503, Self.json(["message": "Search for '' failed. Invalid response received from SkyHook."]))
        }
        let key = names.foreignKey
        let found = lookups.filter { item in
            for prefix in ["tvdb:", "tvdbid:", "tmdb:", "tmdbid:", "lidarr:", "lidarrid:", "mbid:"] where term.hasPrefix(prefix) {
                let foreign = item[key].map { "\($0)" } ?? "-1"
                return foreign.lowercased() == term.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
            }
            return (item[names.titleField] as? String ?? "").lowercased().contains(term)
        }
        return (200, Self.json(found))
    }

    private func add(_ fields: [String: JSONValue]) throws -> (Int32, Data) {
        let key = names.foreignKey, property = names.foreignProperty
        let external: String
        if names.isLidarr {
            // Lidarr: a MusicBrainz id and an existing metadata profile (API-GUIDE-3 §1.4).
            guard let mbid = fields[key]?.string, !mbid.isEmpty else {
                throw Refusal.validation(property: "ForeignArtistId", message: "'Foreign Artist Id' must not be empty.")
            }
            let metadata = (fixtures("metadataprofile.json").flatMap { try? JSONSerialization.jsonObject(with: $0) as? [[String: Any]] } ?? [])
                .compactMap { $0["id"] as? Int }
            guard let profile = fields["metadataProfileId"]?.int, metadata.contains(profile) else {
                throw Refusal.validation(property: "MetadataProfileId", message: "Metadata Profile does not exist")
            }
            external = mbid.lowercased()
        } else {
            guard let number = fields[key]?.int, number > 0 else {
                throw Refusal.validation(property: property, message: "'\(property == "TvdbId" ? "Tvdb Id" : "Tmdb Id")' must be greater than '0'.")
            }
            external = String(number)
        }
        func foreign(_ item: [String: Any]) -> String { item[key].map { "\($0)".lowercased() } ?? "" }
        guard let title = fields[names.titleField]?.string, !title.isEmpty else {
            throw Refusal.validation(property: names.isLidarr ? "ArtistName" : "Title", message: "'\(names.isLidarr ? "Artist Name" : "Title")' must not be empty.")
        }
        let profiles = (fixtures("qualityprofile.json").flatMap { try? JSONSerialization.jsonObject(with: $0) as? [[String: Any]] } ?? [])
            .compactMap { $0["id"] as? Int }
        guard let profile = fields["qualityProfileId"]?.int, profiles.contains(profile) else {
            throw Refusal.validation(property: "QualityProfileId", message: "Quality Profile does not exist")
        }
        let folders = (fixtures("rootfolder.json").flatMap { try? JSONSerialization.jsonObject(with: $0) as? [[String: Any]] } ?? [])
            .compactMap { $0["path"] as? String }
        let root = fields["rootFolderPath"]?.string ?? ""
        guard folders.contains(root) else {
            throw Refusal.validation(property: "RootFolderPath", message: "Root folder '\(root)' does not exist")
        }
        guard !items.contains(where: { foreign($0) == external }) else {
            throw Refusal.validation(property: property, message: "This \(names.item) has already been added")
        }
        guard let index = lookups.firstIndex(where: { foreign($0) == external }) else {
            throw Refusal.validation(property: property, message: "A\(names.isLidarr ? "n" : "") \(names.item) with this ID was not found. Path: fixture")
        }
        // As the service does: what the body says about monitoring and the folder, the rest from its metadata.
        var stored = lookups[index]
        let id = (items.compactMap { $0["id"] as? Int }.max() ?? 0) + 1
        stored["id"] = id
        stored["qualityProfileId"] = profile
        stored["rootFolderPath"] = root
        stored["path"] = root + "/" + title
        stored["monitored"] = fields["monitored"]?.bool ?? (kind == "radarr") // Sonarr, Lidarr: an omitted monitored is false
        stored["tags"] = fields["tags"]?.ints ?? []
        stored["added"] = "2026-01-15T10:00:00Z"
        if names.isLidarr {
            stored["metadataProfileId"] = fields["metadataProfileId"]?.int ?? 0
            stored["monitorNewItems"] = fields["monitorNewItems"]?.string ?? "all"
            stored["statistics"] = ["albumCount": 0, "trackFileCount": 0, "trackCount": 0, "totalTrackCount": 0, "sizeOnDisk": 0,
                                    "percentOfTracks": 0.0] as [String: Any]
        } else if kind == "sonarr" {
            stored["seasonFolder"] = fields["seasonFolder"]?.bool ?? false
            stored["seriesType"] = fields["seriesType"]?.string ?? "standard"
            stored["statistics"] = ["seasonCount": (stored["seasons"] as? [Any])?.count ?? 0, "episodeFileCount": 0, "episodeCount": 0,
                                    "totalEpisodeCount": 0, "sizeOnDisk": 0, "releaseGroups": [], "percentOfEpisodes": 0.0] as [String: Any]
        } else {
            stored["minimumAvailability"] = fields["minimumAvailability"]?.string ?? "released"
            stored["hasFile"] = false
            stored["statistics"] = ["movieFileCount": 0, "sizeOnDisk": 0, "releaseGroups": []] as [String: Any]
        }
        items = items + [stored]
        lookups[index]["id"] = id
        var record = fields.mapValues(\.plain)
        record["_id"] = id
        additions.append(record)
        return (201, Self.json(stored))
    }

    // MARK: Reads of state

    func blocklistPage(_ query: [String: String]) -> Data {
        let page = max(1, Int(query["page"] ?? "") ?? 1), size = max(1, Int(query["pageSize"] ?? "") ?? 10)
        let slice = Array(blocklist.dropFirst((page - 1) * size).prefix(size))
        return Self.json(["page": page, "pageSize": size, "sortKey": "date", "sortDirection": "descending",
                          "totalRecords": blocklist.count, "records": slice] as [String: Any])
    }

    /// What the tests read back (`GET /__state`): what was deleted, removed, grabbed, and commands that named nothing.
    var report: Data {
        Self.json(["deleted": deleted, "removals": removals, "grabbed": grabbed, "wholeLibraryCommands": wholeLibraryCommands,
                   "additions": additions, "grabbedReleases": grabbedReleases, "albumMonitorRequests": albumMonitorRequests,
                   "commands": commands.map(Self.visible),
                   "commandPolls": Dictionary(uniqueKeysWithValues: polls.map { (String($0.key), $0.value) })] as [String: Any])
    }
}

extension JSONValue {
    /// As JSONSerialization would hold it.
    var plain: Any {
        switch self {
        case .null: NSNull()
        case .bool(let v): v
        case .int(let v): v
        case .double(let v): v
        case .string(let v): v
        case .array(let v): v.map(\.plain)
        case .object(let v): v.mapValues(\.plain)
        }
    }
}
