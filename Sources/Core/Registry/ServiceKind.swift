import Foundation

/// A kind of service Switchyard talks to, by its persisted name. Raw values are
/// stored in services.json and in keyring attributes: they never change. What a
/// kind is — its name, port, credential, client — is data in `ServiceCatalog`;
/// what it can do is asked with `offers(_:)`.
public struct ServiceKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let sonarr = ServiceKind(rawValue: "sonarr")
    public static let radarr = ServiceKind(rawValue: "radarr")
    public static let lidarr = ServiceKind(rawValue: "lidarr")
    public static let prowlarr = ServiceKind(rawValue: "prowlarr")
    public static let qbittorrent = ServiceKind(rawValue: "qbittorrent")
    public static let transmission = ServiceKind(rawValue: "transmission")
    public static let deluge = ServiceKind(rawValue: "deluge")
    public static let sabnzbd = ServiceKind(rawValue: "sabnzbd")
    public static let nzbget = ServiceKind(rawValue: "nzbget")
    public static let rtorrent = ServiceKind(rawValue: "rtorrent")
    public static let jellyseerr = ServiceKind(rawValue: "jellyseerr")

    /// The kind of this name, when this build has a client for it.
    public static func known(_ rawValue: String) -> ServiceKind? {
        let kind = ServiceKind(rawValue: rawValue)
        return kind.descriptor == nil ? nil : kind
    }

    /// Every kind this build has a client for, in the order the UI lists them.
    public static var allCases: [ServiceKind] { ServiceCatalog.kinds }

    /// Orchestrators own the library and the in-progress state of each item;
    /// transfer clients own the full list of transfers; an indexer manager owns the indexers the
    /// orchestrators search.
    public enum Role: String, Sendable {
        case orchestrator
        case transferClient
        case indexerManager
        /// Takes requests for media and hands the approved ones to the orchestrators (Jellyseerr, Overseerr).
        case requestManager
    }

    /// The kind's data; a kind without a client in this build has none.
    public var descriptor: ServiceDescriptor? { ServiceCatalog.descriptor(for: self) }

    public var displayName: String { descriptor?.displayName ?? rawValue }
    public var role: Role { descriptor?.role ?? .transferClient }
    /// The port the service listens on out of the box (a form default, never assumed).
    public var defaultPort: Int { descriptor?.defaultPort ?? 80 }
    /// The path its address usually ends in ("" for most; rTorrent's `/RPC2`).
    public var usualPath: String { descriptor?.usualPath ?? "" }
    /// What the user enters to authenticate (API-GUIDE §1).
    public var credentialShape: CredentialShape { descriptor?.credentialShape ?? .apiKey }
    /// What its library holds, when it offers one.
    public var library: LibraryKind? { descriptor?.library }
    /// What a transfer client moves (torrents join by info-hash, usenet by its own id); `.unknown` for others.
    public var downloadProtocol: DownloadProtocol { descriptor?.downloadProtocol ?? .unknown }

    /// Whether this kind's client offers `capability`.
    public func offers<Provider>(_ capability: Capability<Provider>) -> Bool {
        descriptor.map { capability.isOffered(by: $0.client) } ?? false
    }

    /// What this kind's client can do to `item`: `.unsupported` when it takes no transfer actions at all.
    public func availability(of action: TransferAction, for item: TransferItem) -> ActionAvailability {
        guard let client = descriptor?.client as? any TransferActing.Type else { return .unsupported }
        return client.availability(of: action, for: item)
    }

    /// What this kind's client can do from a transfer's details pane: `.unsupported` when it has no such actions.
    public func availability(of action: TransferDetailAction) -> ActionAvailability {
        guard let client = descriptor?.client as? any TransferTuning.Type else { return .unsupported }
        return client.availability(of: action)
    }

    /// What this kind's client calls the names it groups transfers by; nil when it takes no details actions.
    public var transferGrouping: TransferGrouping? { (descriptor?.client as? any TransferTuning.Type)?.grouping }

    /// Whether this kind's client renames a transfer's files on disk with its name.
    public var renameRenamesFiles: Bool { (descriptor?.client as? any TransferTuning.Type)?.renameRenamesFiles ?? false }

    /// The share limits this kind's client keeps per transfer (`.none` when it keeps none).
    public var shareLimitSupport: ShareLimitSupport { (descriptor?.client as? any TransferTuning.Type)?.shareLimitSupport ?? .none }

    /// SABnzbd's rules: a category change also sets the job's priority and post-processing to the category's, and a
    /// priority change resumes a paused job.
    public var categorySetsJobSettings: Bool { (descriptor?.client as? any TransferTuning.Type)?.categorySetsJobSettings ?? false }
    public var priorityResumesPausedJob: Bool { (descriptor?.client as? any TransferTuning.Type)?.priorityResumesPausedJob ?? false }

    public var description: String { rawValue }

    /// Only kinds this build knows decode: a services.json entry of another kind is refused,
    /// as an unknown enum case was before.
    public init(from decoder: Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        guard ServiceCatalog.descriptor(for: ServiceKind(rawValue: raw)) != nil else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "unknown service kind \(raw)"))
        }
        self.init(rawValue: raw)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// The credential fields a kind asks for. Every kind may also carry extra
/// headers for an auth gateway in front of it (stored as secrets too).
public enum CredentialShape: String, Sendable, Equatable {
    case apiKey
    case usernamePassword
    case passwordOnly

    public var fields: [CredentialField] {
        switch self {
        case .apiKey: [.apiKey]
        case .usernamePassword: [.username, .password]
        case .passwordOnly: [.password]
        }
    }
}
