import Foundation

/// What SABnzbd's details pane can change of a queued job (API-GUIDE-4 §5.2): its place in the queue (`mode=switch`,
/// naming the job and the job whose place it takes) and its name (`mode=queue&name=rename`). A finished job takes
/// neither. Each names the one job; none is retried.
extension SABnzbdClient: TransferTuning {
    public static func availability(of action: TransferDetailAction) -> ActionAvailability {
        switch action {
        case .moveInQueue, .rename: .available
        default: .unsupported
        }
    }

    public static var grouping: TransferGrouping { .category }

    public func groupChoices() async throws(ServiceError) -> GroupChoices { .oneOf([]) }

    public func perform(_ action: TransferDetailAction, on item: TransferItem) async throws(ServiceError) {
        let id = try item.usenetJobID()
        guard Self.availability(of: action) == .available else { throw .notOffered }
        guard !item.isHistoryEntry else { throw .notOffered }
        switch action {
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
        default:
            throw .notOffered // not reached: unavailable above
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
