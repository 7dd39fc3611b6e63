import Foundation

/// What NZBGet's details pane can change of a queued job (API-GUIDE-4 §6.1–6.2): its place in the queue and its
/// name, each one `editqueue` in the [Command, Param, [NZBID]] form (the Param always a string). A finished job
/// (its history) takes neither. `true` means the job was found; `false` that it was not.
extension NZBGetClient: TransferTuning {
    public static func availability(of action: TransferDetailAction) -> ActionAvailability {
        switch action {
        case .moveInQueue, .rename: .available
        default: .unsupported
        }
    }

    public static var grouping: TransferGrouping { .category }

    public func groupChoices() async throws(ServiceError) -> GroupChoices { .oneOf([]) }

    public func perform(_ action: TransferDetailAction, on item: TransferItem) async throws(ServiceError) {
        guard let id = Int(try item.usenetJobID()), id > 0 else { throw .invalidRequest(.noItems) }
        guard Self.availability(of: action) == .available, !item.isHistoryEntry else { throw .notOffered }
        let (command, param): (String, String) = switch action {
        // A positive offset is towards the bottom.
        case .moveInQueue(.top): ("GroupMoveTop", "")
        case .moveInQueue(.up): ("GroupMoveOffset", "-1")
        case .moveInQueue(.down): ("GroupMoveOffset", "1")
        case .moveInQueue(.bottom): ("GroupMoveBottom", "")
        case .rename: ("GroupSetName", try action.checkedName())
        default: ("", "")
        }
        guard !command.isEmpty else { throw .notOffered }
        let answer = try await call("editqueue", "[\(JSONText.quote(command)),\(JSONText.quote(param)),[\(id)]]", effect: .write)
        guard try Self.result(answer, { r throws(ServiceError) in try r.lenientBool() }) == true else { throw .refused(.noSuchTransfer) }
    }
}
