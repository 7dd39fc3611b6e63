import CSoup
import Foundation

/// Structured logging through GLib (domain "switchyard"). Debug lines appear
/// with `G_MESSAGES_DEBUG=switchyard`. Nothing logged may contain a secret, a
/// query value, a header or a body: callers log redacted paths only.
public enum Log {
    public static let domain = "switchyard"

    public enum Level: Sendable {
        case debug, info, warning

        var glib: GLogLevelFlags {
            switch self {
            case .debug: G_LOG_LEVEL_DEBUG
            case .info: G_LOG_LEVEL_INFO
            case .warning: G_LOG_LEVEL_WARNING
            }
        }

        var priority: String {
            switch self {
            case .debug: "7"
            case .info: "6"
            case .warning: "4"
            }
        }
    }

    private static let observers = LogObservers()

    /// Every line also goes to observers (tests scan them for secrets).
    public static func addObserver(_ observer: @escaping @Sendable (Level, String) -> Void) -> LogObservation {
        observers.add(observer)
    }

    public static func debug(_ message: String) { write(.debug, message) }
    public static func info(_ message: String) { write(.info, message) }
    public static func warning(_ message: String) { write(.warning, message) }

    /// The one funnel for failures Switchyard survives but must not hide: what it
    /// was doing and the real error (its own words: errno text, GError message,
    /// the decoding path — never a secret, which no error type here carries).
    public static func failure(_ doing: String, _ error: any Error) {
        write(.warning, "\(doing): \(describe(error))")
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError {
            return "\(error.code.rawValue) (\(underlying.domain) \(underlying.code): \(underlying.localizedDescription))"
        }
        return String(describing: error)
    }

    private static func write(_ level: Level, _ message: String) {
        observers.notify(level, message)
        domain.withCString { domainPointer in
            message.withCString { messagePointer in
                level.priority.withCString { priorityPointer in
                    // Keys are static strings: their pointers stay valid for the whole call.
                    var fields = [
                        GLogField(key: Self.key("GLIB_DOMAIN"), value: UnsafeRawPointer(domainPointer), length: -1),
                        GLogField(key: Self.key("MESSAGE"), value: UnsafeRawPointer(messagePointer), length: -1),
                        GLogField(key: Self.key("PRIORITY"), value: UnsafeRawPointer(priorityPointer), length: -1),
                    ]
                    g_log_structured_array(level.glib, &fields, gsize(fields.count))
                }
            }
        }
    }

    private static func key(_ name: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    /// One line per HTTP exchange: method, redacted path, status or failure, duration.
    static func request(_ request: HTTPRequest, outcome: String, duration: Duration) {
        let milliseconds = Int((duration.seconds * 1000).rounded())
        debug("\(request.method.rawValue) \(request.redactedPath) → \(outcome) in \(milliseconds) ms")
    }
}

/// Handle for a log observer; it stays registered until `cancel()` or deinit.
public final class LogObservation: Sendable {
    private let cancelAction: @Sendable () -> Void
    init(cancel: @escaping @Sendable () -> Void) { cancelAction = cancel }
    public func cancel() { cancelAction() }
    deinit { cancelAction() }
}

private final class LogObservers: @unchecked Sendable {
    private let lock = NSLock()
    private var observers: [UUID: @Sendable (Log.Level, String) -> Void] = [:]

    func add(_ observer: @escaping @Sendable (Log.Level, String) -> Void) -> LogObservation {
        let id = UUID()
        lock.withLock { observers[id] = observer }
        return LogObservation { [weak self] in self?.lock.withLock { _ = self?.observers.removeValue(forKey: id) } }
    }

    func notify(_ level: Log.Level, _ message: String) {
        let current = lock.withLock { Array(observers.values) }
        for observer in current { observer(level, message) }
    }
}
