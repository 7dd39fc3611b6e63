import Foundation

/// rTorrent's transfer actions (API-GUIDE-3 §4.3, §4.7): each item named by its hash in its own call
/// of one `system.multicall` — never a setter inside `d.multicall2`, which would act on every torrent
/// in the view. Pause is `d.stop`, resume `d.start`; remove is `d.erase`, which keeps the data.
/// Removing with data is not offered: `d.erase` leaves the files, and deleting them needs the file
/// system of the machine rTorrent runs on (or its `execute.*` shell commands, which Switchyard never
/// sends). Force start has no rTorrent equivalent.
extension RTorrentClient: TransferActing, SpeedLimiting {
    public static func availability(of action: TransferAction, for item: TransferItem) -> ActionAvailability {
        switch action {
        case .pause, .resume, .remove: .available
        case .removeWithData: .leavesFiles
        case .forceStart, .queueTop, .queueUp, .queueDown, .queueBottom: .unsupported // no queue of its own
        }
    }

    public func perform(_ action: TransferAction, on items: [TransferItem]) async throws(ServiceError) {
        let hashes = try Self.ids(items)
        guard hashes.allSatisfy({ $0.count == 40 && $0.allSatisfy(\.isHexDigit) }) else { throw .invalidRequest(.noItems) }
        let method = switch action {
        case .pause: "d.stop"
        case .resume: "d.start"
        case .remove: "d.erase"
        case .forceStart, .removeWithData, .queueTop, .queueUp, .queueDown, .queueBottom: ""
        }
        guard !method.isEmpty else { throw .notOffered }
        let calls = hashes.map { XMLRPCValue.structure(["methodName": .string(method), "params": .array([.string($0.uppercased())])]) }
        let answers = try await call("system.multicall", [.array(calls)], effect: .write)
        // Each call answers [value] or an inline fault struct.
        let faults = (answers.array ?? []).compactMap { answer -> String? in
            guard case .structure(let fault) = answer else { return nil }
            return fault["faultString"]?.string ?? "fault \(fault["faultCode"]?.int ?? 0)"
        }
        guard answers.array?.count == hashes.count else { throw .unavailable(.badResponse) }
        if let first = faults.first {
            if faults.count == hashes.count { throw .refused(.said(first)) }
            throw .partlyDone(.someFailed(failed: faults.count, of: hashes.count, reason: first))
        }
    }

    /// On when both global limits are turtle mode's.
    public func turtleMode() async throws(ServiceError) -> Bool {
        try await limits() == Self.turtleLimits
    }

    /// Sets both global throttles (`""` first, as every global setter needs), keeping what they were
    /// to restore when it is switched off; unknown (another session turned it on): unlimited.
    public func setTurtleMode(_ enabled: Bool) async throws(ServiceError) {
        let plan = TurtleMode.plan(enabled, current: enabled ? try await limits() : nil, turtle: Self.turtleLimits,
                                   kept: savedLimits, unlimited: .init(0, 0))
        savedLimits = plan.keep
        let target = plan.set
        let calls: [XMLRPCValue] = [
            .structure(["methodName": .string("throttle.global_down.max_rate.set"), "params": .array([.string(""), .int(target.down)])]),
            .structure(["methodName": .string("throttle.global_up.max_rate.set"), "params": .array([.string(""), .int(target.up)])]),
        ]
        let answers = try await call("system.multicall", [.array(calls)], effect: .write)
        if let fault = answers.array?.first(where: { if case .structure = $0 { true } else { false } }),
           case .structure(let members) = fault {
            throw .refused(.said(members["faultString"]?.string ?? "fault"))
        }
    }

    private static let turtleLimits = TurtleMode.Pair(TurtleMode.downloadLimit, TurtleMode.uploadLimit)

    private func limits() async throws(ServiceError) -> TurtleMode.Pair<Int64> {
        let down = try await call("throttle.global_down.max_rate", [], effect: .read).int
        let up = try await call("throttle.global_up.max_rate", [], effect: .read).int
        guard let down, let up else { throw .unavailable(.badResponse) }
        return .init(down, up)
    }
}
