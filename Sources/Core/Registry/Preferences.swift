import Foundation

/// The application's own preferences (not about any service), in
/// `$XDG_CONFIG_HOME/switchyard/preferences.json`. Nothing secret. Unknown or missing fields read as
/// their defaults, so an older or hand-written file keeps working.
public struct Preferences: Sendable, Equatable, Codable {
    public static let schemaVersion = 1

    /// Which kinds of desktop notification are sent (all by default).
    public var notifications: [String: Bool]
    /// Closing the window keeps the application running (notifications keep coming); off by default.
    public var keepRunning: Bool

    public init(notifications: [String: Bool] = [:], keepRunning: Bool = false) {
        self.notifications = notifications
        self.keepRunning = keepRunning
    }

    public func notifies(_ kind: NotificationPlanner.Kind) -> Bool { notifications[kind.rawValue] ?? true }

    public mutating func set(_ kind: NotificationPlanner.Kind, _ on: Bool) { notifications[kind.rawValue] = on }

    private enum CodingKeys: String, CodingKey { case schemaVersion, notifications, keepRunning }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        notifications = (try? container.decodeIfPresent([String: Bool].self, forKey: .notifications)) ?? [:]
        keepRunning = (try? container.decodeIfPresent(Bool.self, forKey: .keepRunning)) ?? false
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schemaVersion, forKey: .schemaVersion)
        try container.encode(notifications, forKey: .notifications)
        try container.encode(keepRunning, forKey: .keepRunning)
    }
}

/// Reads and writes the preferences file (atomically).
public actor PreferencesFile {
    public nonisolated let fileURL: URL

    public init(fileURL: URL = PreferencesFile.defaultFileURL()) { self.fileURL = fileURL }

    public static func defaultFileURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        XDGDirectory.path("XDG_CONFIG_HOME", default: ".config", environment: environment).appendingPathComponent("switchyard/preferences.json")
    }

    /// The stored preferences; the defaults when the file is missing or unreadable.
    public func load() -> Preferences {
        guard let data = try? Data(contentsOf: fileURL), let preferences = try? JSONDecoder().decode(Preferences.self, from: data) else {
            return Preferences()
        }
        return preferences
    }

    public func save(_ preferences: Preferences) throws(RegistryError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(preferences) else { throw .writeFailed("encoding failed") }
        try AtomicFile.write(data + Data("\n".utf8), to: fileURL)
    }
}
