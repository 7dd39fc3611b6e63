import Foundation

/// What a service says about itself when probed.
public struct ServiceStatus: Sendable, Equatable, Codable {
    public var appName: String
    public var version: String
    public var instanceName: String?
    public var startTime: Date?
    public var urlBase: String?

    public init(appName: String, version: String, instanceName: String? = nil, startTime: Date? = nil, urlBase: String? = nil) {
        self.appName = appName
        self.version = version
        self.instanceName = instanceName
        self.startTime = startTime
        self.urlBase = urlBase
    }
}

/// A health check a service reports.
public struct HealthIssue: Sendable, Equatable, Identifiable, Codable {
    public enum Level: String, Sendable, Equatable, Codable { case ok, notice, warning, error, unknown }
    public var id: String
    public var source: String
    public var level: Level
    public var message: String
    public var wikiURL: URL?

    public init(id: String, source: String, level: Level, message: String, wikiURL: URL?) {
        self.id = id
        self.source = source
        self.level = level
        self.message = message
        self.wikiURL = wikiURL
    }
}

/// One storage location and its free space.
public struct DiskSpace: Sendable, Equatable, Codable {
    public var path: String
    public var label: String?
    public var freeBytes: Int64
    public var totalBytes: Int64

    public var usedFraction: Double { totalBytes > 0 ? Double(totalBytes - freeBytes) / Double(totalBytes) : 0 }

    public init(path: String, label: String?, freeBytes: Int64, totalBytes: Int64) {
        self.path = path
        self.label = label
        self.freeBytes = freeBytes
        self.totalBytes = totalBytes
    }
}
