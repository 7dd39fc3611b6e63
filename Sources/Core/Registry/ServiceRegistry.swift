import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why the registry started empty or cannot save. The user's file is never
/// silently overwritten: a corrupt file is kept aside, a newer one left alone.
public enum RegistryIssue: Sendable, Equatable {
    /// The file did not parse; it was renamed to `keptAs` and the app started empty.
    case corruptFileKept(keptAs: URL, reason: String)
    /// The file was written by a newer Switchyard; it is left as is and saving is refused.
    case newerSchema(found: Int)
    /// The file could not be read at all (permissions, I/O).
    case unreadable(reason: String)
}

public enum RegistryError: Error, Equatable, Sendable {
    case invalid(ServiceConfigError)
    case readOnly(RegistryIssue)
    case writeFailed(String)
    case notFound(UUID)
}

/// Non-secret service configuration, persisted to
/// `$XDG_CONFIG_HOME/switchyard/services.json` (see Documentation/Configuration.md).
public actor ServiceRegistry {
    public static let schemaVersion = 1

    public nonisolated let fileURL: URL
    private let clock: Clock
    public private(set) var services: [ServiceConfig] = []
    public private(set) var issue: RegistryIssue?

    public init(fileURL: URL, clock: Clock = .system) {
        self.fileURL = fileURL
        self.clock = clock
    }

    /// `$XDG_CONFIG_HOME/switchyard/services.json`, falling back to `~/.config`.
    public static func defaultFileURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base = XDGDirectory.path("XDG_CONFIG_HOME", default: ".config", environment: environment)
        return base.appendingPathComponent("switchyard/services.json")
    }

    /// Reads the file. A missing file is an empty registry; a corrupt one is kept aside.
    @discardableResult
    public func load() -> [ServiceConfig] {
        issue = nil
        services = []
        AtomicFile.removeStaleTemporaries(of: fileURL)
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return services
        } catch {
            issue = .unreadable(reason: error.localizedDescription)
            return services
        }
        do {
            let file = try JSONDecoder().decode(RegistryFile.self, from: data)
            if file.schemaVersion > Self.schemaVersion {
                issue = .newerSchema(found: file.schemaVersion)
                return services
            }
            for service in file.services { try service.validate() }
            guard Set(file.services.map(\.id)).count == file.services.count else {
                throw ServiceConfigError.duplicateIdentifier
            }
            services = file.services
        } catch {
            keepAside(reason: Self.describe(error))
        }
        return services
    }

    public func service(_ id: UUID) -> ServiceConfig? { services.first { $0.id == id } }

    /// Adds or replaces a service (matched by id) and saves.
    public func upsert(_ service: ServiceConfig) throws(RegistryError) {
        do { try service.validate() } catch { throw .invalid(error) }
        var updated = services
        if let index = updated.firstIndex(where: { $0.id == service.id }) {
            updated[index] = service
        } else {
            updated.append(service)
        }
        try save(updated)
    }

    /// Removes a service's config entry and saves. Secrets, sessions and caches
    /// are the credential lifecycle's job (`CredentialLifecycle.removeService`).
    public func remove(_ id: UUID) throws(RegistryError) {
        guard services.contains(where: { $0.id == id }) else { throw .notFound(id) }
        try save(services.filter { $0.id != id })
    }

    /// Replaces every service at once, in one atomic save (import, tests).
    public func replaceAll(_ updated: [ServiceConfig]) throws(RegistryError) {
        for service in updated {
            do { try service.validate() } catch { throw .invalid(error) }
        }
        guard Set(updated.map(\.id)).count == updated.count else { throw .invalid(.duplicateIdentifier) }
        try save(updated)
    }

    private func save(_ updated: [ServiceConfig]) throws(RegistryError) {
        if case .newerSchema = issue, let issue { throw .readOnly(issue) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(RegistryFile(schemaVersion: Self.schemaVersion, services: updated))
        } catch {
            throw .writeFailed("encoding failed")
        }
        try AtomicFile.write(data + Data("\n".utf8), to: fileURL)
        services = updated
        if case .corruptFileKept = issue {} else { issue = nil }
    }

    private func keepAside(reason: String) {
        let stamp = Self.stampFormatter.string(from: clock.now)
        var kept = fileURL.appendingPathExtension("corrupt-\(stamp)")
        var counter = 1
        while FileManager.default.fileExists(atPath: kept.path) {
            counter += 1
            kept = fileURL.appendingPathExtension("corrupt-\(stamp)-\(counter)")
        }
        if rename(fileURL.path, kept.path) == 0 {
            issue = .corruptFileKept(keptAs: kept, reason: reason)
        } else {
            issue = .unreadable(reason: "could not keep the corrupt file aside: \(String(cString: strerror(errno)))")
        }
    }

    private static let stampFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter
    }()

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return "not valid JSON or a bad value at \(path(context.codingPath)): \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, let context):
            return "missing “\(key.stringValue)” at \(path(context.codingPath))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong type at \(path(context.codingPath))"
        case let error as ServiceConfigError:
            return "invalid service: \(error)"
        default:
            return "unreadable: \(error)"
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.isEmpty ? "top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}

/// The on-disk shape of services.json.
struct RegistryFile: Codable {
    var schemaVersion: Int
    var services: [ServiceConfig]
}
