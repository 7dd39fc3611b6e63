import Foundation

/// What the settings form holds while the user edits one service: text as
/// typed, checked as typed. Secret fields start empty and are never filled
/// from the keyring; empty means "keep the stored value".
public struct ServiceDraft: Sendable, Equatable {
    /// The service being edited, or nil while adding one.
    public private(set) var original: ServiceConfig?
    public var kind: ServiceKind
    public var displayName: String
    public var localAddress: String
    public var remoteAddress: String
    public var allowPlainHTTPOnLocal: Bool
    public var preference: EndpointPreference
    public var enabled: Bool
    /// Typed secrets (API key, username, password): empty fields keep the stored ones.
    public var secrets: Credential
    /// Gateway headers, one "Name: value" per line; empty keeps the stored ones.
    public var headersText: String

    public init(adding kind: ServiceKind) {
        original = nil
        self.kind = kind
        displayName = kind.displayName
        localAddress = ""
        remoteAddress = ""
        allowPlainHTTPOnLocal = false
        preference = .automatic
        enabled = true
        secrets = Credential()
        headersText = ""
    }

    public init(editing config: ServiceConfig) {
        original = config
        kind = config.kind
        displayName = config.displayName
        localAddress = config.localEndpoint?.displayString ?? ""
        remoteAddress = config.remoteEndpoint?.displayString ?? ""
        allowPlainHTTPOnLocal = config.allowPlainHTTPOnLocal
        preference = config.preference
        enabled = config.enabled
        secrets = Credential()
        headersText = ""
    }

    public var isNew: Bool { original == nil }

    /// Whether the user typed any secret (a credential field or headers).
    public var changesSecrets: Bool { !secrets.isEmpty || !headersText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }

    /// What is wrong with the form, field by field (the app puts each in words beside its field).
    public struct Problems: Sendable, Equatable {
        /// Which address the preference needs and the form lacks.
        public enum Addresses: Sendable, Equatable { case neither, localForLocalOnly, remoteForRemoteOnly }

        public var nameMissing = false
        public var localAddress: EndpointError?
        public var remoteAddress: EndpointError?
        public var addresses: Addresses?
        public var headers: HeaderProblem?
        /// A new service needs every field of its kind's credential: the shape still to fill.
        public var credential: CredentialShape?

        public init() {}
        public var isEmpty: Bool {
            !nameMissing && localAddress == nil && remoteAddress == nil && addresses == nil && headers == nil && credential == nil
        }
    }

    /// Checks every field. `requireCredential` asks for the whole credential
    /// (saving a new service); a test or an edit may leave fields empty to use the stored ones.
    public func problems(requireCredential: Bool = false) -> Problems {
        var problems = Problems()
        problems.nameMissing = displayName.trimmingCharacters(in: .whitespaces).isEmpty
        if case .failure(let error) = endpoint(.local) { problems.localAddress = error }
        if case .failure(let error) = endpoint(.remote) { problems.remoteAddress = error }
        if isBlank(localAddress) && isBlank(remoteAddress) {
            problems.addresses = .neither
        } else if preference == .local && isBlank(localAddress) {
            problems.addresses = .localForLocalOnly
        } else if preference == .remote && isBlank(remoteAddress) {
            problems.addresses = .remoteForRemoteOnly
        }
        if case .failure(let problem) = Self.parseHeaders(headersText) { problems.headers = problem }
        if requireCredential, !candidate.satisfies(kind.credentialShape) { problems.credential = kind.credentialShape }
        return problems
    }

    /// The typed credential (fields and headers); empty parts keep stored values.
    public var candidate: Credential {
        var credential = Credential()
        for field in kind.credentialShape.fields {
            if let value = secrets[field], !value.isEmpty { credential[field] = value }
        }
        if case .success(let headers) = Self.parseHeaders(headersText) { credential.extraHeaders = headers }
        return credential
    }

    /// The configuration the form describes, or nil while it has problems.
    public func config() -> ServiceConfig? {
        guard problems().isEmpty else { return nil }
        var config = original ?? ServiceConfig(kind: kind)
        config.kind = kind
        config.displayName = displayName.trimmingCharacters(in: .whitespaces)
        config.localEndpoint = try? endpoint(.local).get()
        config.remoteEndpoint = try? endpoint(.remote).get()
        config.allowPlainHTTPOnLocal = allowPlainHTTPOnLocal
        config.preference = preference
        config.enabled = enabled
        return config
    }

    /// The endpoint typed for `role`: nil when the field is empty. Without a
    /// scheme, the local address means http:// once plain HTTP is allowed there.
    public func endpoint(_ role: EndpointRole) -> Result<Endpoint?, EndpointError> {
        let text = role == .local ? localAddress : remoteAddress
        guard !isBlank(text) else { return .success(nil) }
        let defaultScheme: Endpoint.Scheme = role == .local && allowPlainHTTPOnLocal ? .http : .https
        do {
            let endpoint = try Endpoint.parse(text, defaultScheme: defaultScheme)
            try SchemePolicy.forEndpoint(role, userAllowsPlainHTTP: allowPlainHTTPOnLocal).check(endpoint)
            return .success(endpoint)
        } catch {
            return .failure(error)
        }
    }

    private func isBlank(_ text: String) -> Bool { text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }

    /// Parses "Name: value" lines. Names are HTTP tokens; headers the transport
    /// owns (Host, Content-Length, …) are refused.
    public static func parseHeaders(_ text: String) -> Result<[String: String], HeaderProblem> {
        var headers: [String: String] = [:]
        let reserved: Set<String> = ["host", "content-length", "content-type", "transfer-encoding", "connection",
                                     "accept-encoding", "cookie", "x-api-key", "x-transmission-session-id"]
        let token = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(HeaderProblem(line: index + 1, kind: .notNameValue))
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.allSatisfy({ token.contains($0) }) else {
                return .failure(HeaderProblem(line: index + 1, kind: .invalidName(name)))
            }
            guard !reserved.contains(name.lowercased()) else {
                return .failure(HeaderProblem(line: index + 1, kind: .reserved(name)))
            }
            guard !value.isEmpty, !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                return .failure(HeaderProblem(line: index + 1, kind: .missingValue))
            }
            headers[name] = value
        }
        return .success(headers)
    }

    /// A header line the form refuses (1-based line number).
    public struct HeaderProblem: Error, Equatable, Sendable {
        public enum Kind: Sendable, Equatable {
            case notNameValue
            case invalidName(String)
            /// A header the transport owns (Host, Content-Length, the API key…).
            case reserved(String)
            case missingValue
        }

        public var line: Int
        public var kind: Kind
    }
}
