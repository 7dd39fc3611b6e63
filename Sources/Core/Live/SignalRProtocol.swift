import Foundation

/// The ASP.NET Core SignalR JSON hub protocol as Sonarr v4 and Radarr v5/v6 speak it on
/// `{urlBase}/signalr/messages` (API-GUIDE-2 §5): records end with the record separator 0x1E; the
/// client opens with a handshake and the server answers `{}` or `{"error":…}`; then invocations
/// (type 1), pings (type 6) and a close (type 7).
public enum SignalRProtocol {
    static let separator: Character = "\u{1E}"

    /// The client's first record.
    public static let handshake = #"{"protocol":"json","version":1}"# + "\u{1E}"
    /// A keep-alive record.
    public static let ping = #"{"type":6}"# + "\u{1E}"

    public enum Frame: Equatable, Sendable {
        /// The handshake answer: nil when accepted, else the server's reason.
        case handshake(error: String?)
        /// `receiveMessage` with one Servarr message.
        case message(ServarrLiveMessage)
        case ping
        case close(error: String?, allowReconnect: Bool)
        /// Another invocation target, a completion, an unknown type: nothing to do.
        case ignored
        /// Before the handshake's answer: a record that is not a JSON object (not a SignalR hub talking).
        case unreadable
    }

    /// Splits received text into complete records; an incomplete tail stays in `buffer`.
    public static func records(appending text: String, to buffer: inout String) -> [String] {
        buffer += text
        guard let last = buffer.lastIndex(of: separator) else { return [] }
        let complete = buffer[..<last]
        buffer = String(buffer[buffer.index(after: last)...])
        return complete.split(separator: separator, omittingEmptySubsequences: true).map(String.init)
    }

    /// Decodes one record. `handshakeDone` tells the handshake answer (an object with no `type`)
    /// from later records. Malformed records after the handshake are `ignored`, never fatal; one in
    /// place of the handshake's answer is `unreadable`.
    public static func decode(_ record: String, handshakeDone: Bool) -> Frame {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(record.utf8))) as? [String: Any] else {
            return handshakeDone ? .ignored : .unreadable
        }
        guard handshakeDone else { return .handshake(error: object["error"] as? String) }
        switch object["type"] as? Int {
        case 1:
            guard object["target"] as? String == "receiveMessage",
                  let argument = (object["arguments"] as? [Any])?.first as? [String: Any],
                  let message = ServarrLiveMessage(argument) else { return .ignored }
            return .message(message)
        case 6:
            return .ping
        case 7:
            return .close(error: object["error"] as? String, allowReconnect: object["allowReconnect"] as? Bool ?? false)
        default:
            return .ignored
        }
    }
}

/// One push from a Servarr: `{"name": resource, "body": {"action": …, "resource": {…}}}`.
public struct ServarrLiveMessage: Equatable, Sendable {
    public enum Action: String, Sendable { case created, updated, deleted, sync }

    /// The resource route: `queue`, `queue/details`, `queue/status`, `series`, `movie`, `episode`,
    /// `command`, `health`, `version`, …
    public var name: String
    /// Nil for `version` (its body has no action) and unknown actions.
    public var action: Action?
    /// The resource's id, when the body carries one (`deleted` carries only the id).
    public var resourceID: Int?
    /// The body as received (JSON), for the handlers that read the resource itself.
    public var body: Data

    public init(name: String, action: Action?, resourceID: Int?, body: Data) {
        self.name = name
        self.action = action
        self.resourceID = resourceID
        self.body = body
    }

    init?(_ argument: [String: Any]) {
        guard let name = argument["name"] as? String, !name.isEmpty else { return nil }
        let body = argument["body"] as? [String: Any] ?? [:]
        self.name = name
        action = (body["action"] as? String).flatMap(Action.init(rawValue:))
        resourceID = (body["resource"] as? [String: Any])?["id"] as? Int
        self.body = (try? JSONSerialization.data(withJSONObject: body)) ?? Data("{}".utf8)
    }

    /// The version a `version` message announces.
    public var version: String? {
        guard name == "version" else { return nil }
        return ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any])?["version"] as? String
    }
}
