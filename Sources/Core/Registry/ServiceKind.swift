/// The kinds of service Switchyard talks to. Raw values are persisted in
/// services.json and in keyring attributes: they never change. New kinds are
/// added, none is renamed or removed.
public enum ServiceKind: String, Sendable, Codable, CaseIterable, Hashable {
    case sonarr
    case radarr
    case qbittorrent
    case transmission
    case deluge
    case sabnzbd
    case nzbget

    /// Orchestrators own the library and the in-progress state of each item;
    /// transfer clients own the full list of transfers.
    public enum Role: String, Sendable {
        case orchestrator
        case transferClient
    }

    public var role: Role {
        switch self {
        case .sonarr, .radarr: .orchestrator
        case .qbittorrent, .transmission, .deluge, .sabnzbd, .nzbget: .transferClient
        }
    }

    public var displayName: String {
        switch self {
        case .sonarr: "Sonarr"
        case .radarr: "Radarr"
        case .qbittorrent: "qBittorrent"
        case .transmission: "Transmission"
        case .deluge: "Deluge"
        case .sabnzbd: "SABnzbd"
        case .nzbget: "NZBGet"
        }
    }

    /// The port each service listens on out of the box (a form default, never assumed).
    public var defaultPort: Int {
        switch self {
        case .sonarr: 8989
        case .radarr: 7878
        case .qbittorrent: 8080
        case .transmission: 9091
        case .deluge: 8112
        case .sabnzbd: 8080
        case .nzbget: 6789
        }
    }

    /// What the user enters to authenticate (API-GUIDE §1).
    public var credentialShape: CredentialShape {
        switch self {
        case .sonarr, .radarr, .sabnzbd: .apiKey
        case .qbittorrent, .transmission, .nzbget: .usernamePassword
        case .deluge: .passwordOnly
        }
    }

    public var capabilities: ServiceCapabilities {
        switch self {
        case .sonarr: [.library, .episodes, .queue, .calendar, .history, .health, .diskSpace, .monitorToggle, .deleteWithFiles]
        case .radarr: [.library, .queue, .calendar, .history, .health, .diskSpace, .monitorToggle, .deleteWithFiles]
        case .qbittorrent, .deluge: [.transfers, .pauseResume, .deleteWithFiles, .incrementalSync, .torrents]
        case .transmission: [.transfers, .pauseResume, .deleteWithFiles, .torrents]
        case .sabnzbd, .nzbget: [.transfers, .pauseResume, .deleteWithFiles, .usenet]
        }
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

/// What a kind can do, as data: the UI asks the capability, never the kind.
public struct ServiceCapabilities: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let library = Self(rawValue: 1 << 0)
    public static let episodes = Self(rawValue: 1 << 1)
    public static let queue = Self(rawValue: 1 << 2)
    public static let calendar = Self(rawValue: 1 << 3)
    public static let history = Self(rawValue: 1 << 4)
    public static let health = Self(rawValue: 1 << 5)
    public static let diskSpace = Self(rawValue: 1 << 6)
    public static let transfers = Self(rawValue: 1 << 7)
    public static let pauseResume = Self(rawValue: 1 << 8)
    public static let deleteWithFiles = Self(rawValue: 1 << 9)
    public static let monitorToggle = Self(rawValue: 1 << 10)
    public static let incrementalSync = Self(rawValue: 1 << 11)
    public static let torrents = Self(rawValue: 1 << 12)
    public static let usenet = Self(rawValue: 1 << 13)
}
