import Foundation

/// Which endpoint to use when a service has both.
public enum EndpointPreference: String, Sendable, Codable, CaseIterable {
    /// Try the local endpoint first, fall back to the remote one.
    case automatic
    case local
    case remote
}

/// Everything Switchyard stores about one service instance — nothing secret.
/// Secrets live in the keyring under `credential`.
public struct ServiceConfig: Sendable, Hashable, Identifiable, Codable {
    public var id: UUID
    public var kind: ServiceKind
    public var displayName: String
    public var enabled: Bool
    public var localEndpoint: Endpoint?
    public var remoteEndpoint: Endpoint?
    /// Plain HTTP is allowed on the local endpoint only, and only when this is set.
    public var allowPlainHTTPOnLocal: Bool
    public var preference: EndpointPreference
    public var credential: CredentialReference
    /// Privacy: load artwork only from this service, never from third-party hosts.
    public var artworkFromServerOnly: Bool = false

    public init(id: UUID = UUID(), kind: ServiceKind, displayName: String? = nil, enabled: Bool = true,
                localEndpoint: Endpoint? = nil, remoteEndpoint: Endpoint? = nil,
                allowPlainHTTPOnLocal: Bool = false, preference: EndpointPreference = .automatic,
                credential: CredentialReference = CredentialReference()) {
        self.id = id
        self.kind = kind
        self.displayName = displayName ?? kind.displayName
        self.enabled = enabled
        self.localEndpoint = localEndpoint
        self.remoteEndpoint = remoteEndpoint
        self.allowPlainHTTPOnLocal = allowPlainHTTPOnLocal
        self.preference = preference
        self.credential = credential
    }

    public func policy(for role: EndpointRole) -> SchemePolicy {
        .forEndpoint(role, userAllowsPlainHTTP: allowPlainHTTPOnLocal)
    }

    public func endpoint(for role: EndpointRole) -> Endpoint? {
        role == .local ? localEndpoint : remoteEndpoint
    }

    /// Checks the invariants a stored config must hold.
    public func validate() throws(ServiceConfigError) {
        if displayName.trimmingCharacters(in: .whitespaces).isEmpty { throw .emptyName }
        if localEndpoint == nil && remoteEndpoint == nil { throw .noEndpoint }
        for role in [EndpointRole.local, .remote] {
            guard let endpoint = endpoint(for: role) else { continue }
            do { try policy(for: role).check(endpoint) } catch { throw .endpoint(role, error) }
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, displayName, enabled, localEndpoint, remoteEndpoint, allowPlainHTTPOnLocal, preference
        case credential = "credentialRef"
        case artworkFromServerOnly
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(UUID.self, forKey: .id)
        kind = try c.decode(ServiceKind.self, forKey: .kind)
        displayName = try c.decode(String.self, forKey: .displayName)
        enabled = try c.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        localEndpoint = try c.decodeIfPresent(Endpoint.self, forKey: .localEndpoint)
        remoteEndpoint = try c.decodeIfPresent(Endpoint.self, forKey: .remoteEndpoint)
        allowPlainHTTPOnLocal = try c.decodeIfPresent(Bool.self, forKey: .allowPlainHTTPOnLocal) ?? false
        preference = try c.decodeIfPresent(EndpointPreference.self, forKey: .preference) ?? .automatic
        credential = try c.decode(CredentialReference.self, forKey: .credential)
        artworkFromServerOnly = try c.decodeIfPresent(Bool.self, forKey: .artworkFromServerOnly) ?? false
    }

    /// Optional keys added after schema 1 shipped are written only when set,
    /// so files stay byte-identical for users who never use them.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(kind, forKey: .kind)
        try c.encode(displayName, forKey: .displayName)
        try c.encode(enabled, forKey: .enabled)
        try c.encodeIfPresent(localEndpoint, forKey: .localEndpoint)
        try c.encodeIfPresent(remoteEndpoint, forKey: .remoteEndpoint)
        try c.encode(allowPlainHTTPOnLocal, forKey: .allowPlainHTTPOnLocal)
        try c.encode(preference, forKey: .preference)
        try c.encode(credential, forKey: .credential)
        if artworkFromServerOnly { try c.encode(true, forKey: .artworkFromServerOnly) }
    }
}

public enum ServiceConfigError: Error, Equatable, Sendable {
    case emptyName
    case noEndpoint
    case duplicateIdentifier
    case endpoint(EndpointRole, EndpointError)
}

extension Endpoint {
    enum CodingKeys: String, CodingKey { case scheme, host, port, basePath }

    /// Decoding re-validates: a hand-written services.json gets the same checks as the form.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let scheme = try container.decode(Scheme.self, forKey: .scheme)
        let host = try container.decode(String.self, forKey: .host)
        let port = try container.decodeIfPresent(Int.self, forKey: .port)
        let basePath = try container.decodeIfPresent(String.self, forKey: .basePath) ?? ""
        do {
            self = try Endpoint(scheme: scheme, host: host, port: port, basePath: basePath)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .host, in: container,
                                                   debugDescription: "invalid endpoint: \(error)")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scheme, forKey: .scheme)
        try container.encode(host, forKey: .host)
        try container.encode(port, forKey: .port)
        try container.encode(basePath, forKey: .basePath)
    }
}
