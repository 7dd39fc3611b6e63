import Foundation

/// qBittorrent's transfer actions (API-GUIDE §3.5, API-GUIDE-2 §6.2, §7): form POSTs naming the
/// hashes joined by `|`, never `hashes=all`. WebAPI 2.11.0 (qBittorrent 5.0) renamed pause/resume
/// to stop/start with no alias, so the verb follows the version the client reports.
extension QBittorrentClient: TransferActing, SpeedLimiting {
    public static func availability(of action: TransferAction, for item: TransferItem) -> ActionAvailability {
        // Its queue holds only torrents still to download.
        action.queueMove != nil && item.progress >= 1 ? .notQueued : .available
    }

    public func perform(_ action: TransferAction, on items: [TransferItem]) async throws(ServiceError) {
        let hashes = try Self.ids(items).map { $0.lowercased() }.joined(separator: "|")
        let renamed = try await usesStopStart()
        let (path, fields): (String, [(String, String)]) = switch action {
        case .pause: (renamed ? "torrents/stop" : "torrents/pause", [("hashes", hashes)])
        case .resume: (renamed ? "torrents/start" : "torrents/resume", [("hashes", hashes)])
        case .forceStart: ("torrents/setForceStart", [("hashes", hashes), ("value", "true")])
        case .remove: ("torrents/delete", [("hashes", hashes), ("deleteFiles", "false")])
        case .removeWithData: ("torrents/delete", [("hashes", hashes), ("deleteFiles", "true")])
        // With queueing off in qBittorrent these are its 409 "Torrent queueing must be enabled", said in its words.
        case .queueTop: ("torrents/topPrio", [("hashes", hashes)])
        case .queueUp: ("torrents/increasePrio", [("hashes", hashes)])
        case .queueDown: ("torrents/decreasePrio", [("hashes", hashes)])
        case .queueBottom: ("torrents/bottomPrio", [("hashes", hashes)])
        }
        _ = try await post("/api/v2/" + path, fields)
    }

    public func turtleMode() async throws(ServiceError) -> Bool {
        let text = String(decoding: try await get("/api/v2/transfer/speedLimitsMode", class: .list).body, as: UTF8.self)
        switch text.trimmingCharacters(in: .whitespacesAndNewlines) {
        case "1": return true
        case "0": return false
        default: throw .unavailable(.badResponse)
        }
    }

    /// `setSpeedLimitsMode` (idempotent), not `toggleSpeedLimitsMode`.
    public func setTurtleMode(_ enabled: Bool) async throws(ServiceError) {
        _ = try await post("/api/v2/transfer/setSpeedLimitsMode", [("mode", enabled ? "1" : "0")])
    }

    /// Whether this qBittorrent speaks stop/start (WebAPI ≥ 2.11.0), read once per session.
    func usesStopStart() async throws(ServiceError) -> Bool {
        if let webAPIVersion { return Self.isStopStart(webAPIVersion) }
        let text = String(decoding: try await get("/api/v2/app/webapiVersion", class: .probe).body, as: UTF8.self)
        let version = text.trimmingCharacters(in: .whitespacesAndNewlines)
        webAPIVersion = version
        return Self.isStopStart(version)
    }

    /// Tests: a session that believes it talks to this WebAPI version.
    func assumeWebAPIVersion(_ version: String) { webAPIVersion = version }

    static func isStopStart(_ version: String) -> Bool { isAtLeast(version, [2, 11, 0]) }

    /// Whether a WebAPI version ("2.8.19") is at least `minimum`.
    static func isAtLeast(_ version: String, _ minimum: [Int]) -> Bool {
        !version.split(separator: ".").map { Int($0) ?? 0 }.lexicographicallyPrecedes(minimum)
    }
}
