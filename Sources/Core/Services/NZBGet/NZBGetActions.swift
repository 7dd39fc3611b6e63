import Foundation

/// NZBGet's actions (API-GUIDE §6.5, API-GUIDE-2 §6.2, API-GUIDE-4 §6.1): `editqueue` with a command, its
/// argument (a string) and the NZBIDs it applies to — always named. Queue entries pause, resume, move in
/// the queue and are removed keeping their files (`GroupParkDelete`) or with them (`GroupFinalDelete`);
/// history entries can only be removed from the history.
extension NZBGetClient: TransferActing, SpeedLimiting {
    public static func availability(of action: TransferAction, for item: TransferItem) -> ActionAvailability {
        switch action {
        case .forceStart: .unsupported
        case .pause, .resume, .queueTop, .queueUp, .queueDown, .queueBottom: item.isHistoryEntry ? .finishedEntry : .available
        case .remove: .available
        case .removeWithData: item.isHistoryEntry ? .keepsFinishedFiles : .available
        }
    }

    public func perform(_ action: TransferAction, on items: [TransferItem]) async throws(ServiceError) {
        let ids = try Self.ids(items).map { id throws(ServiceError) -> Int in
            guard let number = Int(id), number > 0 else { throw .invalidRequest(.noItems) }
            return number
        }
        let history = items.allSatisfy(\.isHistoryEntry)
        guard history || !items.contains(where: \.isHistoryEntry) else { throw .invalidRequest(.mixedLists) }
        // The three-argument form, Param always a string (API-GUIDE-4 §6.1). A positive offset is towards the bottom;
        // the jobs move together, in their order.
        let (command, param) = switch action {
        case .pause: ("GroupPause", "")
        case .resume: ("GroupResume", "")
        case .remove: (history ? "HistoryDelete" : "GroupParkDelete", "")
        case .removeWithData: ("GroupFinalDelete", "")
        case .queueTop: ("GroupMoveTop", "")
        case .queueUp: ("GroupMoveOffset", "-1")
        case .queueDown: ("GroupMoveOffset", "1")
        case .queueBottom: ("GroupMoveBottom", "")
        case .forceStart: ("", "")
        }
        guard !command.isEmpty, !(history && action.queueMove != nil) else { throw .notOffered }
        let params = "[\(JSONText.quote(command)),\(JSONText.quote(param)),[" + ids.map(String.init).joined(separator: ",") + "]]"
        try expectTrue(try await call("editqueue", params, effect: .write), doing: command)
    }

    /// On when the download rate is Switchyard's turtle limit.
    public func turtleMode() async throws(ServiceError) -> Bool {
        try await downloadLimit() == TurtleMode.downloadLimit
    }

    public func setTurtleMode(_ enabled: Bool) async throws(ServiceError) {
        let plan = TurtleMode.plan(enabled, current: enabled ? try await downloadLimit() : nil, turtle: TurtleMode.downloadLimit,
                                   kept: savedRate, unlimited: 0)
        savedRate = plan.keep
        try expectTrue(try await call("rate", "[\(plan.set / 1024)]", effect: .write), doing: "rate")
    }

    private func downloadLimit() async throws(ServiceError) -> Int64 {
        try Self.result(try await call("status", effect: .read)) { r throws(ServiceError) in try NZBGetStatusDTO.decode(&r) }
            .downloadLimit ?? 0
    }

    private func expectTrue(_ body: Data, doing command: String) throws(ServiceError) {
        let accepted = try Self.result(body) { r throws(ServiceError) in try r.lenientBool() }
        guard accepted == true else { throw .refused(.rejected) }
    }
}
