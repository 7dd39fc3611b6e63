import Core
import Foundation

/// The service families whose answers Switchyard decodes, as fuzz targets.
public enum DecoderFamily: String, CaseIterable, Sendable {
    case servarr, qbittorrent, transmission, deluge, nzbget, sabnzbd, rtorrent, jellyseerr

    /// The fixture folders that seed each family's corpus.
    public var fixtureFolders: [String] {
        switch self {
        case .servarr: ["sonarr", "radarr", "lidarr", "prowlarr"]
        case .qbittorrent: ["qbittorrent"]
        case .transmission: ["transmission"]
        case .deluge: ["deluge"]
        case .nzbget: ["nzbget"]
        case .sabnzbd: ["sabnzbd"]
        case .rtorrent: ["rtorrent"]
        case .jellyseerr: ["jellyseerr"]
        }
    }
}

/// Drives the real clients of one family with one arbitrary answer: every
/// request the client makes is answered with `body` (HTTP 200, JSON), except
/// the sign-in steps, which succeed so the content decoders are reached. Used
/// by the libFuzzer targets (`make fuzz`) and by the regression tests that
/// replay what they found. Failures are expected and ignored; crashes,
/// hangs and runaway memory are what this looks for.
public enum DecoderFuzzing {
    /// Returns how many of the client calls accepted the body (for replay tests).
    @discardableResult
    public static func exercise(_ family: DecoderFamily, _ body: Data) async -> Int {
        var accepted = 0
        func count<T>(_ value: T?) { if value != nil { accepted += 1 } }
        let transport = AnswerEverything(body: body, family: family)
        let secrets = InMemorySecretStore()
        let kind: ServiceKind = switch family {
        case .servarr: .sonarr
        case .qbittorrent: .qbittorrent
        case .transmission: .transmission
        case .deluge: .deluge
        case .nzbget: .nzbget
        case .sabnzbd: .sabnzbd
        case .rtorrent: .rtorrent
        case .jellyseerr: .jellyseerr
        }
        let config = ServiceConfig(kind: kind, remoteEndpoint: try? Endpoint.parse("https://fuzz.fixture.invalid"))
        try? await secrets.write(Credential(apiKey: "fixture-key", username: "fixture", password: "fixture"),
                                 for: config.credential, kind: kind)
        guard let connection = try? ServiceConnection(config: config, role: .remote) else { return 0 }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        switch family {
        case .servarr:
            if ServarrDecoding.isPing(body) { accepted += 1 }
            let sonarr = SonarrClient(connection: connection, transport: transport, secrets: secrets)
            count(try? await sonarr.probe())
            count(try? await sonarr.library())
            let series = Resource(id: ResourceID(serviceID: config.id, itemID: 1), kind: .series, title: "fixture", sortTitle: "fixture", year: nil,
                                  status: .unknown(""), monitored: true, sizeOnDisk: 0, fileCount: 0, expectedFileCount: 0, hasFile: false,
                                  subtitle: nil, added: nil, images: [], monitoredGroups: [1])
            count(try? await sonarr.children(of: series))
            count(try? await sonarr.calendar(from: now, to: now.addingTimeInterval(86_400)))
            count(try? await sonarr.queue())
            count(try? await sonarr.health())
            count(try? await sonarr.diskSpace())
            count(try? await sonarr.history(of: ResourceID(serviceID: config.id, itemID: 1)))
            var radarrConfig = config
            radarrConfig.kind = .radarr
            guard let radarrConnection = try? ServiceConnection(config: radarrConfig, role: .remote) else { return accepted }
            let radarr = RadarrClient(connection: radarrConnection, transport: transport, secrets: secrets)
            count(try? await radarr.library())
            count(try? await radarr.calendar(from: now, to: now.addingTimeInterval(86_400)))
            count(try? await radarr.history(of: ResourceID(serviceID: config.id, itemID: 1)))
            var lidarrConfig = config
            lidarrConfig.kind = .lidarr
            guard let lidarrConnection = try? ServiceConnection(config: lidarrConfig, role: .remote) else { return accepted }
            let lidarr = LidarrClient(connection: lidarrConnection, transport: transport, secrets: secrets)
            count(try? await lidarr.library())
            let artist = Resource(id: ResourceID(serviceID: config.id, itemID: 1), kind: .artist, title: "fixture", sortTitle: "fixture", year: nil,
                                  status: .unknown(""), monitored: true, sizeOnDisk: 0, fileCount: 0, expectedFileCount: 0, hasFile: false,
                                  subtitle: nil, added: nil, images: [])
            count(try? await lidarr.children(of: artist)) // albums and tracks both answered with the body
            count(try? await lidarr.calendar(from: now, to: now.addingTimeInterval(86_400)))
            count(try? await lidarr.queue())
            count(try? await lidarr.lookup("fixture"))
            var prowlarrConfig = config
            prowlarrConfig.kind = .prowlarr
            guard let prowlarrConnection = try? ServiceConnection(config: prowlarrConfig, role: .remote) else { return accepted }
            let prowlarr = ProwlarrClient(connection: prowlarrConnection, transport: transport, secrets: secrets)
            count(try? await prowlarr.indexers()) // indexers, status, statistics and applications all answered with the body
            count(try? await prowlarr.testAll())
            count(try? await prowlarr.test(indexer: 1))
            count(try? await prowlarr.search(IndexerSearch(query: "fixture")))
        case .qbittorrent:
            let client = QBittorrentClient(connection: connection, transport: transport, secrets: secrets)
            count(try? await client.probe())
            count(try? await client.transfers()) // full
            count(try? await client.transfers()) // the same body again, as a diff
            accepted += await inspect(client, config: config)
            accepted += await tune(client, config: config, job: false)
            accepted += await actions(client, config: config)
        case .transmission:
            let client = TransmissionClient(connection: connection, transport: transport, secrets: secrets)
            count(try? await client.probe())
            count(try? await client.transfers()) // full
            count(try? await client.transfers()) // incremental
            accepted += await inspect(client, config: config)
            accepted += await tune(client, config: config, job: false)
            accepted += await actions(client, config: config)
        case .deluge:
            let client = DelugeClient(connection: connection, transport: transport, secrets: secrets)
            count(try? await client.probe())
            count(try? await client.transfers())
            accepted += await inspect(client, config: config)
            accepted += await tune(client, config: config, job: false)
            accepted += await actions(client, config: config)
        case .nzbget:
            let client = NZBGetClient(connection: connection, transport: transport, secrets: secrets)
            count(try? await client.probe())
            // transfers() asks three methods in turn: the body answers each one while the others answer empty.
            for method in ["\"status\"", "\"listgroups\"", "\"history\""] {
                let scripted = AnswerEverything(body: body, family: family, fuzzed: method)
                count(try? await NZBGetClient(connection: connection, transport: scripted, secrets: secrets).transfers())
            }
            accepted += await actions(NZBGetClient(connection: connection, transport: transport, secrets: secrets), config: config)
            accepted += await inspectJobs(NZBGetClient(connection: connection, transport: transport, secrets: secrets), config: config)
            accepted += await tune(NZBGetClient(connection: connection, transport: transport, secrets: secrets), config: config, job: true)
        case .sabnzbd:
            let client = SABnzbdClient(connection: connection, transport: transport, secrets: secrets)
            count(try? await client.probe())
            for mode in ["mode=queue", "mode=history"] {
                let scripted = SABnzbdClient(connection: connection, transport: AnswerEverything(body: body, family: family, fuzzed: mode),
                                             secrets: secrets)
                count(try? await scripted.transfers())
                count(try? await scripted.transfers()) // the history marker path
            }
            accepted += await actions(client, config: config)
            accepted += await inspectJobs(client, config: config)
            accepted += await tune(client, config: config, job: true)
        case .rtorrent:
            let client = RTorrentClient(connection: connection, transport: transport, secrets: secrets)
            count(try? await client.probe())
            count(try? await client.transfers())
            if case .value? = try? XMLRPC.read(body) { accepted += 1 }
            accepted += await inspect(client, config: config)
            accepted += await tune(client, config: config, job: false)
            accepted += await actions(client, config: config)
        case .jellyseerr:
            let client = JellyseerrClient(connection: connection, transport: transport, secrets: secrets)
            count(try? await client.probe())
            count(try? await client.requests(.all, take: 20, skip: 0)) // the list, and each title page answered with the same body
            count(try? await client.requestCounts())
            for action in RequestAction.allCases { count(try? await client.perform(action, on: 11)) }
        }
        return accepted
    }

    /// The replies to writes: every transfer action on a queue item and a finished one, and turtle mode.
    /// The details pane's reads: every part at once, then each alone (qBittorrent's peers twice: a diff on the baseline).
    private static func inspect(_ client: some TransferInspecting, config: ServiceConfig) async -> Int {
        var accepted = 0
        let item = TransferItem(serviceID: config.id, joinKey: "0123456789abcdef0123456789abcdef01234567", name: "fixture",
                                state: .downloading, rawState: "downloading", progress: 0.5, sizeBytes: 1, remainingBytes: 1)
        if (try? await client.inspect(item, parts: Set(TransferDetailPart.allCases))) != nil { accepted += 1 }
        for part in TransferDetailPart.allCases + [.peers] {
            if (try? await client.inspect(item, parts: [part])) != nil { accepted += 1 }
        }
        return accepted
    }

    /// The details pane's actions whose answers are read (SABnzbd's switch, NZBGet's editqueue) or that read first
    /// (qBittorrent's piece order, Transmission's and Deluge's trackers, SABnzbd's queue order).
    private static func tune(_ client: some TransferTuning, config: ServiceConfig, job: Bool) async -> Int {
        var accepted = 0
        let item = job ? TransferItem(serviceID: config.id, joinKey: "7", name: "fixture", state: .downloading, rawState: "", progress: 0.5,
                                      sizeBytes: 1, remainingBytes: 1, actionID: "7")
            : TransferItem(serviceID: config.id, joinKey: "0123456789abcdef0123456789abcdef01234567", name: "fixture",
                           state: .downloading, rawState: "downloading", progress: 0.5, sizeBytes: 1, remainingBytes: 1)
        let url = "http://tracker.fixture.invalid/announce"
        let actions: [TransferDetailAction] = QueueMove.allCases.map { .moveInQueue($0) } + [
            .setSequential(true), .setFirstLastPiecesFirst(false), .rename("fixture"), .addTrackers([url]),
            .replaceTracker(url, with: url + "?2"), .removeTrackers([url]), .setShareLimits(ShareLimits(ratio: .value(1.5))),
            .setJobPriority(.high), .setCategory("fixture")]
        for action in actions where type(of: client).availability(of: action) == .available {
            if (try? await client.perform(action, on: item)) != nil { accepted += 1 }
        }
        return accepted
    }

    /// A usenet job's details: every part of a queued job (its NZBID or nzo_id 7) and of a finished one.
    private static func inspectJobs(_ client: some TransferInspecting, config: ServiceConfig) async -> Int {
        var accepted = 0
        for history in [false, true] {
            let item = TransferItem(serviceID: config.id, joinKey: "7", name: "fixture", state: history ? .completed : .downloading,
                                    rawState: "", progress: 0.5, sizeBytes: 1, remainingBytes: 1, actionID: "7", inHistory: history)
            if (try? await client.inspect(item, parts: Set(TransferDetailPart.allCases))) != nil { accepted += 1 }
        }
        return accepted
    }

    private static func actions(_ client: some TransferActing & SpeedLimiting, config: ServiceConfig) async -> Int {
        var accepted = 0
        let items = [TransferItem(serviceID: config.id, joinKey: "0123456789abcdef0123456789abcdef01234567", name: "fixture",
                                  state: .paused, rawState: "paused", progress: 0.5, sizeBytes: 1, remainingBytes: 1, actionID: "3"),
                     TransferItem(serviceID: config.id, joinKey: "fixture-drone", name: "fixture", state: .completed,
                                  rawState: "SUCCESS", progress: 1, sizeBytes: 1, remainingBytes: 0, actionID: "7", inHistory: true)]
        for action in TransferAction.allCases {
            for item in items where type(of: client).availability(of: action, for: item) == .available {
                if (try? await client.perform(action, on: [item])) != nil { accepted += 1 }
            }
        }
        if (try? await client.turtleMode()) != nil { accepted += 1 }
        if (try? await client.setTurtleMode(true)) != nil { accepted += 1 }
        if (try? await client.setTurtleMode(false)) != nil { accepted += 1 }
        return accepted
    }

    /// Runs `exercise` to completion from synchronous code (the libFuzzer callback).
    public static func exerciseBlocking(_ family: DecoderFamily, _ body: Data) {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await exercise(family, body)
            done.signal()
        }
        done.wait()
    }
}

/// Answers every request with the same body (or, with `fuzzed` set, only the
/// requests naming that method; the others get an empty answer); sign-in steps succeed.
private struct AnswerEverything: HTTPTransport {
    let body: Data
    let family: DecoderFamily
    var fuzzed: String? = nil

    private static let emptyAnswers: [DecoderFamily: [(marker: String, body: String)]] = [
        .nzbget: [("\"status\"", #"{"result": {}}"#), ("\"listgroups\"", #"{"result": []}"#),
                  ("\"history\"", #"{"result": []}"#), ("\"version\"", #"{"result": "21.0"}"#)],
        .sabnzbd: [("mode=queue", #"{"queue": {"slots": []}}"#), ("mode=history", #"{"history": {"slots": []}}"#)],
    ]

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let url = request.url
        let json: [(name: String, value: String)] = [("Content-Type", family == .rtorrent ? "text/xml" : "application/json")]
        if request.path.hasSuffix("/auth/login") {
            return HTTPResponse(status: 200, headerFields: [("Content-Type", "text/plain"), ("Set-Cookie", "SID=fixture; path=/")],
                                body: Data("Ok.".utf8), url: url)
        }
        if family == .deluge, let sent = request.body,
           ["\"auth.login\"", "\"web.connected\""].contains(where: String(decoding: sent, as: UTF8.self).contains) {
            return HTTPResponse(status: 200, headerFields: json + [("Set-Cookie", "_session_id=fixture; path=/")],
                                body: Data(#"{"result": true, "error": null, "id": 1}"#.utf8), url: url)
        }
        if let fuzzed, let answers = Self.emptyAnswers[family] {
            let text = request.path + (request.body.map { String(decoding: $0, as: UTF8.self) } ?? "")
            if !text.contains(fuzzed), let empty = answers.first(where: { text.contains($0.marker) }) {
                return HTTPResponse(status: 200, headerFields: json, body: Data(empty.body.utf8), url: url)
            }
        }
        return HTTPResponse(status: 200, headerFields: json, body: body, url: url)
    }
}
