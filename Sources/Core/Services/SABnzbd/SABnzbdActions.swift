import Foundation

/// SABnzbd's actions (API-GUIDE §7.6, API-GUIDE-2 §6.2): `value` is always the comma-separated
/// nzo_ids, exactly as SABnzbd reported them — never `all`. The key stays in the POST body.
/// Turtle mode sets an absolute speed limit (a percentage does nothing unless the user set a
/// line speed) and restores the earlier one when switched off.
extension SABnzbdClient: TransferActing, SpeedLimiting {
    public static func availability(of action: TransferAction, for item: TransferItem) -> ActionAvailability {
        switch action {
        case .forceStart: .unsupported
        case .pause, .resume, .queueTop, .queueUp, .queueDown, .queueBottom: item.isHistoryEntry ? .finishedEntry : .available
        case .remove: .available
        case .removeWithData: item.isHistoryEntry ? .keepsFinishedFiles : .available
        }
    }

    public func perform(_ action: TransferAction, on items: [TransferItem]) async throws(ServiceError) {
        if let move = action.queueMove {
            // `switch` moves one job per request (a read of the queue's order first): one job, or nothing sent.
            guard items.count == 1, let item = items.first else { throw .invalidRequest(items.isEmpty ? .noItems : .oneJobAtATime) }
            return try await perform(.moveInQueue(move), on: item)
        }
        let ids = try Self.ids(items).joined(separator: ",")
        let history = items.allSatisfy(\.isHistoryEntry)
        guard history || !items.contains(where: \.isHistoryEntry) else { throw .invalidRequest(.mixedLists) }
        let fields: [(String, String)] = switch action {
        case .pause: [("mode", "queue"), ("name", "pause"), ("value", ids)]
        case .resume: [("mode", "queue"), ("name", "resume"), ("value", ids)]
        case .remove: [("mode", history ? "history" : "queue"), ("name", "delete"), ("value", ids), ("del_files", "0")]
        case .removeWithData: [("mode", "queue"), ("name", "delete"), ("value", ids), ("del_files", "1")]
        case .forceStart, .queueTop, .queueUp, .queueDown, .queueBottom: []
        }
        guard !fields.isEmpty, !(history && action == .removeWithData) else { throw .notOffered }
        try Self.expectStatus(try await call(fields, effect: .write))
    }

    /// On when the absolute limit is Switchyard's turtle limit.
    public func turtleMode() async throws(ServiceError) -> Bool {
        try await speedLimit() == TurtleMode.downloadLimit
    }

    public func setTurtleMode(_ enabled: Bool) async throws(ServiceError) {
        let plan = TurtleMode.plan(enabled, current: enabled ? try await speedLimit() : nil, turtle: TurtleMode.downloadLimit,
                                   kept: savedLimit, unlimited: 0)
        savedLimit = plan.keep
        let limit = plan.set
        let value = limit > 0 ? "\(max(1, limit / 1024))K" : "0"
        try Self.expectStatus(try await call([("mode", "config"), ("name", "speedlimit"), ("value", value)], effect: .write))
    }

    /// `speedlimit_abs` of `mode=queue`, in B/s; 0 when there is none.
    private func speedLimit() async throws(ServiceError) -> Int64 {
        let body = try await call([("mode", "queue"), ("limit", "1")], effect: .read)
        return try JSONReader.read(body) { r throws(ServiceError) -> Int64 in
            var limit: Int64 = 0
            try r.readObject { r, key throws(ServiceError) in
                guard key("queue") else { return try r.skipValue() }
                try r.readObject { r, key throws(ServiceError) in
                    if key("speedlimit_abs") { limit = Int64(try r.lenientString() ?? "") ?? 0 } else { try r.skipValue() }
                }
            }
            return limit
        }
    }

    /// `{"status": true, …}`; anything else is a refusal.
    static func expectStatus(_ body: Data) throws(ServiceError) {
        let status = try JSONReader.read(body) { r throws(ServiceError) -> Bool? in
            var status: Bool?
            guard try r.peek() == .object else { try r.skipValue(); return nil }
            try r.readObject { r, key throws(ServiceError) in
                if key("status") { status = try r.lenientBool() } else { try r.skipValue() }
            }
            return status
        }
        guard status == true else { throw .refused(.rejected) }
    }
}
