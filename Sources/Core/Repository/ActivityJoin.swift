import Foundation

/// One download as the Activity tab shows it: the orchestrator's record (it
/// owns the in-progress state: queued, importing, import blocked…) joined with
/// the transfer client's live item (it owns progress and speed), when found.
public struct ActivityItem: Sendable, Equatable, Identifiable {
    public struct ID: Sendable, Hashable {
        public var orchestrator: UUID
        /// The download id, or the queue record id when the orchestrator has none.
        public var download: String

        public init(orchestrator: UUID, download: String) {
            self.orchestrator = orchestrator
            self.download = download
        }

        /// The download a queue record belongs to (Sonarr sends one record per episode of it).
        public init(record: QueueItem) {
            self.init(orchestrator: record.id.serviceID,
                      download: record.downloadID.flatMap { $0.isEmpty ? nil : $0 } ?? "queue-\(record.id.itemID)")
        }
    }

    public var id: ID
    public var title: String
    /// The series or movie this download is for.
    public var resource: ResourceID?
    /// Sonarr sends one queue record per episode of a download; they are grouped here.
    public var childIDs: [Int]
    /// The orchestrator's state for the download (from its first record).
    public var queue: QueueItem
    /// The transfer client's item holding the download, if one of the configured clients has it.
    public var transfer: TransferItem?

    /// Live progress from the transfer client when joined, else the orchestrator's own figure.
    public var progress: Double { transfer?.progress ?? queue.progress }
}

/// Joins orchestrator queues to transfer-client lists by stable ids only
/// (API-GUIDE §8), never by display names:
/// - torrents: the queue's `downloadId` (upper-case from Sonarr/Radarr) to the info-hash, case-insensitively;
/// - SABnzbd: `nzo_id`, exactly (case-sensitive);
/// - NZBGet: the `drone` parameter Sonarr/Radarr attach (the transfer's join key), else the NZBID.
///
/// When two clients hold the same download, the one the orchestrator names for the record (its
/// `downloadClient`, matched to a configured service through `routes`) holds it; only when that
/// is unknown does the first client in configuration order.
public enum ActivityJoin {
    public struct Holder: Sendable {
        public var serviceID: UUID
        public var kind: ServiceKind
        public var items: [TransferItem]
        public init(serviceID: UUID, kind: ServiceKind, items: [TransferItem]) {
            self.serviceID = serviceID
            self.kind = kind
            self.items = items
        }
    }

    /// Each list tagged with its client's kind (the service is the items' own).
    public static func join(queues: [QueueItem], transfers: [(kind: ServiceKind, items: [TransferItem])]) -> [ActivityItem] {
        join(queues: queues, transfers: transfers.map { Holder(serviceID: $0.items.first?.serviceID ?? UUID(), kind: $0.kind, items: $0.items) })
    }

    public static func join(queues: [QueueItem], transfers: [Holder], routes: DownloadClientRoutes = [:]) -> [ActivityItem] {
        var torrents: [String: TransferItem] = [:]
        var usenet: [String: TransferItem] = [:]
        var byService: [UUID: [String: TransferItem]] = [:]
        for holder in transfers {
            var own: [String: TransferItem] = [:]
            for item in holder.items {
                if holder.kind.downloadProtocol == .torrent {
                    let key = item.joinKey.lowercased()
                    torrents[key] = torrents[key] ?? item
                    own[key] = item
                } else {
                    usenet[item.joinKey] = usenet[item.joinKey] ?? item
                    own[item.joinKey] = item
                }
            }
            byService[holder.serviceID] = own
        }

        var order: [ActivityItem.ID] = []
        var grouped: [ActivityItem.ID: ActivityItem] = [:]
        for record in queues {
            let id = ActivityItem.ID(record: record)
            if var existing = grouped[id] {
                if let episode = record.childID, !existing.childIDs.contains(episode) { existing.childIDs.append(episode) }
                grouped[id] = existing
                continue
            }
            let transfer = record.downloadID.flatMap { downloadID -> TransferItem? in
                if let client = record.downloadClient, let service = routes[record.id.serviceID]?[client],
                   let own = byService[service], let item = own[downloadID] ?? own[downloadID.lowercased()] {
                    return item // the client the orchestrator names
                }
                return usenet[downloadID] ?? torrents[downloadID.lowercased()]
            }
            order.append(id)
            grouped[id] = ActivityItem(id: id, title: record.title, resource: record.resource,
                                       childIDs: record.childID.map { [$0] } ?? [], queue: record, transfer: transfer)
        }
        return order.compactMap { grouped[$0] }
    }
}
