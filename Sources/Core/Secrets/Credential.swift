import Foundation

/// The opaque handle a service config keeps instead of its secrets: the keyring
/// account the secrets are stored under.
public struct CredentialReference: Sendable, Hashable, Codable, CustomStringConvertible {
    public let id: UUID

    public init(_ id: UUID = UUID()) { self.id = id }

    public init(from decoder: Decoder) throws {
        id = try decoder.singleValueContainer().decode(UUID.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }

    public var description: String { id.uuidString.lowercased() }
}

/// One secret field of a credential. Raw values are keyring attribute values: frozen.
public enum CredentialField: String, Sendable, Codable, CaseIterable {
    case apiKey = "api-key"
    case username
    case password
}

/// A credential in memory. Never logged, never encoded to disk outside the
/// keyring: its descriptions are redacted.
public struct Credential: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var apiKey: String?
    public var username: String?
    public var password: String?
    /// Extra request headers for an auth gateway in front of the service (name → value).
    public var extraHeaders: [String: String]

    public init(apiKey: String? = nil, username: String? = nil, password: String? = nil,
                extraHeaders: [String: String] = [:]) {
        self.apiKey = apiKey
        self.username = username
        self.password = password
        self.extraHeaders = extraHeaders
    }

    public subscript(field: CredentialField) -> String? {
        get {
            switch field {
            case .apiKey: apiKey
            case .username: username
            case .password: password
            }
        }
        set {
            switch field {
            case .apiKey: apiKey = newValue
            case .username: username = newValue
            case .password: password = newValue
            }
        }
    }

    public var isEmpty: Bool {
        CredentialField.allCases.allSatisfy { (self[$0] ?? "").isEmpty } && extraHeaders.isEmpty
    }

    /// Fields that are set in `replacement` win; empty fields keep this value
    /// ("leave empty to keep" in the settings form). Headers are replaced as a
    /// whole when the replacement names any.
    public func merging(_ replacement: Credential) -> Credential {
        var merged = self
        for field in CredentialField.allCases {
            if let value = replacement[field], !value.isEmpty { merged[field] = value }
        }
        if !replacement.extraHeaders.isEmpty { merged.extraHeaders = replacement.extraHeaders }
        return merged
    }

    /// Whether every field `shape` asks for is present.
    public func satisfies(_ shape: CredentialShape) -> Bool {
        shape.fields.allSatisfy { !(self[$0] ?? "").isEmpty }
    }

    public var description: String { "Credential(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
