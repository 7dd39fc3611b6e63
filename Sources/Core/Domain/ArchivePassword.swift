import Foundation

/// The password of a usenet job's archives, which unpacking it needs. Held only to be sent to the client: never
/// logged, never saved, never part of a message — its descriptions are redacted.
public struct ArchivePassword: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public let text: String

    public init(_ text: String) { self.text = text }

    /// Whether it can be one: not empty, at most 255 characters, no control characters (both clients keep it on a
    /// line of its own), not only spaces.
    public var isValid: Bool {
        !text.trimmingCharacters(in: .whitespaces).isEmpty && text.count <= 255
            && !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    }

    public var description: String { "ArchivePassword(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

extension TransferDetailAction {
    /// The password of `.setArchivePassword`, checked (see `ArchivePassword.isValid`).
    func checkedPassword() throws(ServiceError) -> String {
        guard case .setArchivePassword(let password) = self, password.isValid else { throw .invalidRequest(.badPassword) }
        return password.text
    }

    /// Whether `action` is one only a usenet client has (a torrent client is not said to lack it).
    public var isUsenetOnly: Bool {
        switch self {
        case .setJobPriority, .retry, .setArchivePassword: true
        default: false
        }
    }
}
