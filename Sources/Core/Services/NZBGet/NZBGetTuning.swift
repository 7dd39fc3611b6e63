import Foundation

/// What NZBGet's details pane can change of a queued job (API-GUIDE-4 §6.1–6.2): its place in the queue, its name,
/// its priority, its category and its archive password; and a failed job of its history can be downloaded again. Each
/// is one `editqueue` in the [Command, Param, [NZBID]] form (the Param always a string). `true` means the job was
/// found; `false` that it was not.
extension NZBGetClient: TransferTuning {
    public static func availability(of action: TransferDetailAction) -> ActionAvailability {
        switch action {
        case .moveInQueue, .rename, .setJobPriority, .setCategory, .retry, .setArchivePassword: .available
        default: .unsupported
        }
    }

    public static var grouping: TransferGrouping { .category }

    /// The categories of its settings (`Category1.Name`…).
    public func groupChoices() async throws(ServiceError) -> GroupChoices {
        .oneOf(sorting: (try await clientSettings().categories ?? [:]).keys)
    }

    /// NZBGet's numbers (its web UI's): -100 very low, -50 low, 0 normal, 50 high, 100 very high, 900 force.
    static func priorityValue(_ priority: JobPriority) -> Int {
        switch priority {
        case .veryLow: -100
        case .low: -50
        case .normal: 0
        case .high: 50
        case .veryHigh: 100
        case .force: 900
        }
    }

    /// A job's `MaxPriority` in those words; a number between two steps reads as the lower one.
    static func jobPriority(_ value: Int?) -> JobPriority? {
        guard let value else { return nil }
        if value >= 900 { return .force }
        if value >= 100 { return .veryHigh }
        if value >= 50 { return .high }
        if value >= 0 { return .normal }
        return value >= -50 ? .low : .veryLow
    }

    public func perform(_ action: TransferDetailAction, on item: TransferItem) async throws(ServiceError) {
        guard let id = Int(try item.usenetJobID()), id > 0 else { throw .invalidRequest(.noItems) }
        guard Self.availability(of: action) == .available, action.fits(item) else { throw .notOffered }
        let (command, param): (String, String) = switch action {
        // A positive offset is towards the bottom.
        case .moveInQueue(.top): ("GroupMoveTop", "")
        case .moveInQueue(.up): ("GroupMoveOffset", "-1")
        case .moveInQueue(.down): ("GroupMoveOffset", "1")
        case .moveInQueue(.bottom): ("GroupMoveBottom", "")
        case .rename: ("GroupSetName", try action.checkedName())
        case .setJobPriority(let priority): ("GroupSetPriority", String(Self.priorityValue(priority)))
        // Only the category (GroupApplyCategory would also apply its post-processing); NZBGet stores any name, so it
        // is checked as a name first. "" takes the category away.
        case .setCategory: ("GroupSetCategory", try action.checkedCategory() ?? "")
        // The whole job again, back at the top of the queue (HistoryRetryFailed only fetches failed articles, and
        // answers true doing nothing for a deleted job).
        case .retry: ("HistoryRedownload", "")
        // The Unpack step's own parameter; everything after the first "=" is the value.
        case .setArchivePassword: ("GroupSetParameter", "*Unpack:Password=" + (try action.checkedPassword()))
        default: ("", "")
        }
        guard !command.isEmpty else { throw .notOffered }
        let answer = try await call("editqueue", "[\(JSONText.quote(command)),\(JSONText.quote(param)),[\(id)]]", effect: .write)
        guard try Self.result(answer, { r throws(ServiceError) in try r.lenientBool() }) == true else { throw .refused(.noSuchTransfer) }
    }
}
