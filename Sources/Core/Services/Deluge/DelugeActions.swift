import Foundation

/// Deluge's transfer actions through the web UI's JSON-RPC (API-GUIDE §5.5, API-GUIDE-2 §6.2).
/// Ids are lower-case dictionary keys; `pause_torrents(None)` or `([])` would act on every
/// torrent, so a list is always sent and never empty. Deluge has no force start and no
/// alternative speed limit: turtle mode saves its max speeds, sets Switchyard's turtle limits,
/// and restores the saved speeds when switched off.
extension DelugeClient: TransferActing, SpeedLimiting {
    public static func availability(of action: TransferAction, for item: TransferItem) -> ActionAvailability {
        if action == .forceStart { return .unsupported }
        // Its queue holds only torrents still to download.
        return action.queueMove != nil && item.progress >= 1 ? .notQueued : .available
    }

    public func perform(_ action: TransferAction, on items: [TransferItem]) async throws(ServiceError) {
        let ids = "[" + (try Self.ids(items)).map { Self.quote($0.lowercased()) }.joined(separator: ",") + "]"
        switch action {
        case .pause: _ = try await authorized("core.pause_torrents", "[\(ids)]", effect: .write)
        case .resume: _ = try await authorized("core.resume_torrents", "[\(ids)]", effect: .write)
        case .forceStart: throw .notOffered
        case .queueTop, .queueUp, .queueDown, .queueBottom:
            _ = try await authorized("core.queue_" + (action.queueMove?.rawValue ?? ""), "[\(ids)]", effect: .write)
        case .remove, .removeWithData:
            let body = try await authorized("core.remove_torrents", "[\(ids),\(action == .removeWithData)]", effect: .write)
            // A list of [id, error] for the torrents it could not remove.
            let failures = try JSONRPCEnvelope.result(body, missing: .unavailable(.badResponse)) { r throws(ServiceError) -> [String] in
                var messages: [String] = []
                guard try r.peek() == .array else { try r.skipValue(); return [] }
                try r.readArray { r, _ throws(ServiceError) in
                    var fields: [String] = []
                    try r.readArray { r, _ throws(ServiceError) in fields.append(try r.lenientString() ?? "") }
                    messages.append(fields.dropFirst().joined(separator: " "))
                }
                return messages
            }
            if let first = failures.first { throw .partlyDone(.someFailed(failed: failures.count, of: items.count, reason: first)) }
        }
    }

    /// On when both max speeds are Switchyard's turtle limits.
    public func turtleMode() async throws(ServiceError) -> Bool {
        let limits = try await maxSpeeds()
        return limits == Self.turtleLimits
    }

    public func setTurtleMode(_ enabled: Bool) async throws(ServiceError) {
        // -1: unlimited, Deluge's word for it.
        let plan = TurtleMode.plan(enabled, current: enabled ? try await maxSpeeds() : nil, turtle: Self.turtleLimits,
                                   kept: savedSpeeds, unlimited: .init(-1, -1))
        savedSpeeds = plan.keep
        let target = plan.set
        _ = try await authorized("core.set_config", #"[{"max_download_speed":\#(target.down),"max_upload_speed":\#(target.up)}]"#,
                                 effect: .write)
    }

    /// Turtle limits in KiB/s, Deluge's unit.
    static var turtleLimits: TurtleMode.Pair<Double> {
        .init(Double(TurtleMode.downloadLimit) / 1024, Double(TurtleMode.uploadLimit) / 1024)
    }

    private func maxSpeeds() async throws(ServiceError) -> TurtleMode.Pair<Double> {
        let body = try await authorized("core.get_config_values", #"[["max_download_speed","max_upload_speed"]]"#, effect: .read)
        let speeds = try JSONRPCEnvelope.result(body, missing: .unavailable(.badResponse)) { r throws(ServiceError) -> (Double?, Double?) in
            var down: Double?, up: Double?
            try r.readObject { r, key throws(ServiceError) in
                if key("max_download_speed") { down = try r.lenientDouble() }
                else if key("max_upload_speed") { up = try r.lenientDouble() }
                else { try r.skipValue() }
            }
            return (down, up)
        }
        guard let down = speeds.0, let up = speeds.1 else { throw .unavailable(.badResponse) }
        return .init(down, up)
    }
}
