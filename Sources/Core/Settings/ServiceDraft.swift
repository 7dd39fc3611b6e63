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

    /// What is wrong with the form, field by field, as sentences shown beside the fields.
    public struct Problems: Sendable, Equatable {
        public var name: String?
        public var localAddress: String?
        public var remoteAddress: String?
        /// Neither address given.
        public var addresses: String?
        public var headers: String?
        /// A new service needs every field of its kind's credential.
        public var credential: String?

        public init() {}
        public var isEmpty: Bool { all.isEmpty }
        public var all: [String] { [name, localAddress, remoteAddress, addresses, headers, credential].compactMap { $0 } }
    }

    /// Checks every field. `requireCredential` asks for the whole credential
    /// (saving a new service); a test or an edit may leave fields empty to use the stored ones.
    public func problems(requireCredential: Bool = false) -> Problems {
        var problems = Problems()
        if displayName.trimmingCharacters(in: .whitespaces).isEmpty { problems.name = "Give the service a name." }
        if case .failure(let error) = endpoint(.local) { problems.localAddress = Self.sentence(error, role: .local) }
        if case .failure(let error) = endpoint(.remote) { problems.remoteAddress = Self.sentence(error, role: .remote) }
        if isBlank(localAddress) && isBlank(remoteAddress) {
            problems.addresses = "Enter a local or a remote address."
        } else if preference == .local && isBlank(localAddress) {
            problems.addresses = "“Local only” needs a local address."
        } else if preference == .remote && isBlank(remoteAddress) {
            problems.addresses = "“Remote only” needs a remote address."
        }
        if case .failure(let problem) = Self.parseHeaders(headersText) { problems.headers = problem.message }
        if requireCredential, !candidate.satisfies(kind.credentialShape) {
            problems.credential = Self.credentialPrompt(kind.credentialShape)
        }
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

    /// The inline sentence for an address the form refuses.
    public static func sentence(_ error: EndpointError, role: EndpointRole) -> String {
        switch error {
        case .empty: "Enter an address."
        case .malformed: "This is not a valid address. Use a form like https://host:port/path."
        case .missingHost: "The address needs a host name or IP address."
        case .badPort: "The port must be a number from 1 to 65535."
        case .credentialsInURL: "Do not put a user name or password in the address; use the fields below."
        case .fragment: "Remove the “#…” part from the address."
        case .query: "Remove the “?…” part from the address."
        case .unsupportedScheme(let scheme): "“\(scheme)://” is not supported. Use https:// or http://."
        case .plainHTTPNotAllowed:
            role == .remote
                ? "Plain HTTP is never used for the remote address. Use https://."
                : "Plain HTTP needs “Allow plain HTTP on the local network” below."
        }
    }

    static func credentialPrompt(_ shape: CredentialShape) -> String {
        switch shape {
        case .apiKey: "Enter the API key."
        case .usernamePassword: "Enter the user name and password."
        case .passwordOnly: "Enter the password."
        }
    }

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
                return .failure(HeaderProblem("Line \(index + 1): write headers as “Name: value”."))
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.allSatisfy({ token.contains($0) }) else {
                return .failure(HeaderProblem("Line \(index + 1): “\(name)” is not a valid header name."))
            }
            guard !reserved.contains(name.lowercased()) else {
                return .failure(HeaderProblem("Line \(index + 1): Switchyard sets “\(name)” itself."))
            }
            guard !value.isEmpty, !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                return .failure(HeaderProblem("Line \(index + 1): the header needs a value."))
            }
            headers[name] = value
        }
        return .success(headers)
    }

    public struct HeaderProblem: Error, Equatable, Sendable {
        public var message: String
        init(_ message: String) { self.message = message }
    }
}
