import Foundation

/// Transmission's transfer actions (API-GUIDE §4.4, API-GUIDE-2 §6.2). Every call carries
/// `ids`: without it Transmission acts on every torrent.
extension TransmissionClient: TransferActing, SpeedLimiting {
    public static func availability(of action: TransferAction, for item: TransferItem) -> ActionAvailability {
        .available
    }

    public func perform(_ action: TransferAction, on items: [TransferItem]) async throws(ServiceError) {
        let ids = try Self.ids(items).map { JSONText.quote($0.lowercased()) }.joined(separator: ",")
        let (method, extra) = switch action {
        case .pause: ("torrent-stop", "")
        case .resume: ("torrent-start", "")
        case .forceStart: ("torrent-start-now", "")
        case .remove: ("torrent-remove", #","delete-local-data":false"#)
        case .removeWithData: ("torrent-remove", #","delete-local-data":true"#)
        case .queueTop, .queueUp, .queueDown, .queueBottom: ("queue-move-" + (action.queueMove?.rawValue ?? ""), "")
        }
        _ = try await call(method, "{\"ids\":[\(ids)]\(extra)}", effect: .write)
    }

    public func turtleMode() async throws(ServiceError) -> Bool {
        let body = try await call("session-get", #"{"fields":["alt-speed-enabled"]}"#, effect: .read)
        let enabled = try JSONReader.read(body) { r throws(ServiceError) -> Bool? in
            var enabled: Bool?
            try r.readObject { r, key throws(ServiceError) in
                guard key("arguments") else { return try r.skipValue() }
                try r.readObject { r, key throws(ServiceError) in
                    if key("alt-speed-enabled") { enabled = try r.lenientBool() } else { try r.skipValue() }
                }
            }
            return enabled
        }
        guard let enabled else { throw .unavailable(.badResponse) }
        return enabled
    }

    public func setTurtleMode(_ enabled: Bool) async throws(ServiceError) {
        _ = try await call("session-set", #"{"alt-speed-enabled":\#(enabled)}"#, effect: .write)
    }
}
