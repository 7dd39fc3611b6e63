import Foundation

public enum DownloadProtocol: String, Sendable, Equatable, Codable { case torrent, usenet, unknown }

/// An item an orchestrator (Sonarr/Radarr) is downloading or importing.
/// The orchestrator owns this state; live progress comes from the transfer
/// client through `downloadID` (a torrent info-hash or a usenet id).
public struct QueueItem: Sendable, Equatable, Identifiable, Codable {
    public enum Status: Sendable, Equatable, RawCodable {
        case queued, paused, downloading, completed, failed, warning, delay, downloadClientUnavailable, fallback
        case unknown(String)

        public init(_ raw: String?) {
            switch raw {
            case "queued": self = .queued
            case "paused": self = .paused
            case "downloading": self = .downloading
            case "completed": self = .completed
            case "failed": self = .failed
            case "warning": self = .warning
            case "delay": self = .delay
            case "downloadClientUnavailable": self = .downloadClientUnavailable
            case "fallback": self = .fallback
            default: self = .unknown(raw ?? "")
            }
        }

        public var rawValue: String {
            switch self {
            case .unknown(let raw): raw
            default: "\(self)"
            }
        }
    }

    public enum TrackedStatus: String, Sendable, Equatable, Codable { case ok, warning, error, unknown }

    /// Where the orchestrator's handling of a finished download stands (Servarr's `trackedDownloadState`).
    public enum TrackedState: Sendable, Equatable, RawCodable {
        case downloading, importBlocked, importPending, importing, imported, failedPending, failed, ignored
        case unknown(String)

        public init(_ raw: String?) {
            switch raw {
            case "downloading": self = .downloading
            case "importBlocked": self = .importBlocked
            case "importPending": self = .importPending
            case "importing": self = .importing
            case "imported": self = .imported
            case "failedPending": self = .failedPending
            case "failed": self = .failed
            case "ignored": self = .ignored
            default: self = .unknown(raw ?? "")
            }
        }

        public var rawValue: String {
            switch self {
            case .unknown(let raw): raw
            default: "\(self)"
            }
        }
    }

    public var id: ResourceID
    public var title: String
    public var status: Status
    public var trackedStatus: TrackedStatus
    /// Nil when the service sent none.
    public var trackedState: TrackedState?
    public var messages: [String]
    public var errorMessage: String?
    public var size: Double
    public var sizeLeft: Double
    public var timeLeft: TimeInterval?
    public var estimatedCompletion: Date?
    public var added: Date?
    public var downloadProtocol: DownloadProtocol
    /// The join key to the transfer client's item. Never shown as a label.
    public var downloadID: String?
    /// The client's name as configured in the orchestrator.
    public var downloadClient: String?
    /// The library item this download belongs to (its series, its movie).
    public var resource: ResourceID?
    /// The child of this record (Sonarr has one record per episode), and its group's key (the season).
    public var childID: Int?
    public var groupKey: Int?
    /// The client can move it to a post-import category instead of removing it (torrent clients that
    /// have one; `downloadClientHasPostImportCategory`). Nil when the service did not say.
    public var clientHasPostImportCategory: Bool?
    /// Where the client says the download is (`outputPath`), as the orchestrator sees it after its remote
    /// path mappings. Nil when the service did not say.
    public var outputPath: String?

    /// Held back by the orchestrator (a delay profile, its client unavailable): "Grab now" applies.
    public var isPending: Bool { status == .delay || status == .downloadClientUnavailable || status == .fallback }

    public var progress: Double { size > 0 ? max(0, min(1, (size - sizeLeft) / size)) : 0 }

    public init(id: ResourceID, title: String, status: Status, trackedStatus: TrackedStatus, trackedState: TrackedState?, messages: [String], errorMessage: String?, size: Double, sizeLeft: Double, timeLeft: TimeInterval?, estimatedCompletion: Date?, added: Date?, downloadProtocol: DownloadProtocol, downloadID: String?, downloadClient: String?, resource: ResourceID?, childID: Int? = nil, groupKey: Int? = nil, clientHasPostImportCategory: Bool? = nil) {
        self.id = id
        self.title = title
        self.status = status
        self.trackedStatus = trackedStatus
        self.trackedState = trackedState
        self.messages = messages
        self.errorMessage = errorMessage
        self.size = size
        self.sizeLeft = sizeLeft
        self.timeLeft = timeLeft
        self.estimatedCompletion = estimatedCompletion
        self.added = added
        self.downloadProtocol = downloadProtocol
        self.downloadID = downloadID
        self.downloadClient = downloadClient
        self.resource = resource
        self.childID = childID
        self.groupKey = groupKey
        self.clientHasPostImportCategory = clientHasPostImportCategory
    }
}
