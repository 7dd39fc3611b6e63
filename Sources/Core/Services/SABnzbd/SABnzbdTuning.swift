import Foundation

/// What SABnzbd's details pane can change of a queued job (API-GUIDE-4 §5.2): its place in the queue (`mode=switch`,
/// naming the job and the job whose place it takes), its name (`mode=queue&name=rename`), its priority
/// (`name=priority`), its category (`mode=change_cat`) and its archive password (a rename keeping its name); a failed
/// job of its history can be downloaded again (`mode=retry`). Each names the one job; none is retried by Switchyard.
extension SABnzbdClient: TransferTuning {
    public static func availability(of action: TransferDetailAction) -> ActionAvailability {
        switch action {
        case .moveInQueue, .rename, .setCategory, .retry, .setArchivePassword: .available
        case .setJobPriority(let priority): priorityValue(priority) == nil ? .unsupported : .available
        default: .unsupported
        }
    }

    public static var grouping: TransferGrouping { .category }

    /// `change_cat` also sets the job's priority, post-processing and script to the new category's.
    public static var categorySetsJobSettings: Bool { true }
    /// Any priority but "paused" resumes a paused job.
    public static var priorityResumesPausedJob: Bool { true }

    /// Its categories (`*`, its default, is "none").
    public func groupChoices() async throws(ServiceError) -> GroupChoices {
        .oneOf(sorting: (try await clientSettings().categories ?? [:]).keys)
    }

    /// SABnzbd's numbers: -1 low, 0 normal, 1 high, 2 force (it has no very low or very high).
    static func priorityValue(_ priority: JobPriority) -> String? {
        switch priority {
        case .low: "-1"
        case .normal: "0"
        case .high: "1"
        case .force: "2"
        case .veryLow, .veryHigh: nil
        }
    }

    /// A queue slot's `priority` as SABnzbd 4 writes it ("Force", "High", "Normal", "Low"; older ones a number).
    static func jobPriority(_ raw: String?) -> JobPriority? {
        switch raw?.lowercased() {
        case "force", "2": .force
        case "high", "1": .high
        case "normal", "0": .normal
        case "low", "-1": .low
        default: nil // "Paused", "Repair", "Default"…: no priority of ours
        }
    }

    public func perform(_ action: TransferDetailAction, on item: TransferItem) async throws(ServiceError) {
        let id = try item.usenetJobID()
        guard Self.availability(of: action) == .available, action.fits(item) else { throw .notOffered }
        switch action {
        case .retry:
            // The entry leaves the history and the job goes back to the queue; `item does not exist` is its false.
            try Self.expectStatus(try await call([("mode", "retry"), ("value", id)], effect: .write))
        case .moveInQueue(let move):
            // Read the queue's order now, then one switch: to the top by index 0, otherwise onto the place of the job
            // above, below, or last (its priority may change to its new neighbours', SABnzbd's rule).
            let order = try SABnzbdQueueDTO.decode(try await call([("mode", "queue")], effect: .read)).slots.compactMap(\.nzoID)
            guard let index = order.firstIndex(of: id) else { throw .refused(.noSuchTransfer) }
            let target: String? = switch move {
            case .top: index == 0 ? nil : "0"
            case .up: index == 0 ? nil : order[index - 1]
            case .down: index + 1 < order.count ? order[index + 1] : nil
            case .bottom: index + 1 < order.count ? order[order.count - 1] : nil
            }
            guard let target else { return } // already there: nothing to send
            let answer = try await call([("mode", "switch"), ("value", id), ("value2", target)], effect: .write)
            guard try Self.switchedPosition(answer) >= 0 else { throw .refused(.noSuchTransfer) }
        case .rename:
            // Without a password argument SABnzbd reads a "name{{password}}" ending as one: such a name is refused.
            let name = try action.checkedName()
            guard !name.contains("{{") else { throw .invalidRequest(.badName) }
            try Self.expectStatus(try await call([("mode", "queue"), ("name", "rename"), ("value", id), ("value2", name)], effect: .write))
        case .setJobPriority(let priority):
            // `{"position":N}`: the job's new place, -1 when SABnzbd does not hold it.
            guard let value = Self.priorityValue(priority) else { throw .notOffered }
            let answer = try await call([("mode", "queue"), ("name", "priority"), ("value", id), ("value2", value)], effect: .write)
            guard try Self.position(answer) >= 0 else { throw .refused(.noSuchTransfer) }
        case .setArchivePassword:
            // Set with a rename that keeps the name the queue reports now (`value2` is required; with `value3` a
            // "{{…}}" in the name is not read as a password).
            let password = try action.checkedPassword()
            let slots = try SABnzbdQueueDTO.decode(try await call([("mode", "queue"), ("nzo_ids", id)], effect: .read)).slots
            guard let name = slots.first(where: { $0.nzoID == id })?.filename, !name.isEmpty else { throw .refused(.noSuchTransfer) }
            try Self.expectStatus(try await call([("mode", "queue"), ("name", "rename"), ("value", id), ("value2", name), ("value3", password)],
                                                 effect: .write))
        case .setCategory:
            // `*` is its default category ("none"); a name it does not have is its false.
            let name = try action.checkedCategory() ?? "*"
            try Self.expectStatus(try await call([("mode", "change_cat"), ("value", id), ("value2", name)], effect: .write))
        default:
            throw .notOffered // not reached: unavailable above
        }
    }

    /// `{"position":N}` of `name=priority`: -1 when the job is unknown.
    static func position(_ body: Data) throws(ServiceError) -> Int {
        try JSONReader.read(body) { r throws(ServiceError) -> Int in
            var position = -1
            guard try r.peek() == .object else { try r.skipValue(); return -1 }
            try r.readObject { r, key throws(ServiceError) in
                if key("position") { position = try r.lenientInt() ?? -1 } else { try r.skipValue() }
            }
            return position
        }
    }

    /// `{"result":{"position":p,…}}` of `mode=switch`: -1 when either job is unknown.
    static func switchedPosition(_ body: Data) throws(ServiceError) -> Int {
        try JSONReader.read(body) { r throws(ServiceError) -> Int in
            var position = -1
            try r.readObject { r, key throws(ServiceError) in
                guard key("result"), try r.peek() == .object else { return try r.skipValue() }
                try r.readObject { r, key throws(ServiceError) in
                    if key("position") { position = try r.lenientInt() ?? -1 } else { try r.skipValue() }
                }
            }
            return position
        }
    }
}
