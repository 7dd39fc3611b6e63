import Foundation

/// What a request does to the service, declared by every request: a read may be
/// repeated (and its connection reused); a write is sent once and never retried,
/// whichever client sends it and whatever HTTP method it uses.
public enum RequestEffect: Sendable, Equatable {
    case read
    case write
}

/// How a kind proves who it is on each request.
public enum AuthScheme: Sendable, Equatable {
    /// The API key in this header (Servarr's `X-Api-Key`).
    case apiKeyHeader(String)
    /// The API key as this form field of the POST body (SABnzbd reads it only there).
    case apiKeyFormField(String)
    /// `Authorization: Basic` with the user name and password (Transmission, NZBGet).
    case basic
    /// The cookie a sign-in set, kept in memory (qBittorrent, Deluge); the client signs in.
    case sessionCookie
}

/// One request as a client describes it to its `ServiceHTTP`.
public struct ServiceRequest: Sendable {
    public var method: HTTPMethod
    public var path: String
    public var query: [URLQueryItem]
    public var headers: [String: String]
    public var body: Data?
    /// Form fields of a form-encoded POST body; the helper adds a form-field API key.
    public var form: [(String, String)]?
    /// Files: the body is `multipart/form-data` with `form`'s fields (and a form-field API key) beside them.
    public var files: [FilePart]?
    public var contentType: String?
    public var requestClass: RequestClass
    public var effect: RequestEffect
    /// Sent without any credential (a Servarr `/ping`, a sign-in that carries its own).
    public var anonymous = false
    public var isSensitivePath = false

    public init(_ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:],
                body: Data? = nil, form: [(String, String)]? = nil, contentType: String? = nil,
                class requestClass: RequestClass, effect: RequestEffect) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.form = form
        self.contentType = contentType ?? (form != nil ? "application/x-www-form-urlencoded" : nil)
        self.requestClass = requestClass
        self.effect = effect
    }
}

/// The HTTP and auth plumbing every client shares, one per client: the
/// credential loaded from the keyring in the kind's declared shape (and kept
/// for the session), the user's gateway headers on every request (marking it as
/// carrying credentials), the kind's auth scheme, the session cookie a sign-in
/// set, transport errors mapped to `ServiceError`, and idempotency from the
/// request's declared effect. Protocol details (Transmission's 409 exchange,
/// JSON-RPC envelopes) stay in the clients.
public actor ServiceHTTP {
    public nonisolated let connection: ServiceConnection
    public nonisolated let scheme: AuthScheme
    private let transport: any HTTPTransport
    private let secrets: any SecretStore
    private var credential: Credential?
    /// The session cookie of a sign-in (`sessionCookie` scheme only).
    public private(set) var cookie: String?

    public init(connection: ServiceConnection, scheme: AuthScheme, transport: any HTTPTransport, secrets: any SecretStore) {
        self.connection = connection
        self.scheme = scheme
        self.transport = transport
        self.secrets = secrets
    }

    /// The stored credential, read once per session; it must fill the kind's credential shape.
    public func storedCredential() async throws(ServiceError) -> Credential {
        if let credential { return credential }
        let shape = connection.config.kind.credentialShape
        let stored: Credential?
        do { stored = try await secrets.read(connection.config.credential) } catch { throw .keyring(error) }
        guard let stored, stored.satisfies(shape) else { throw .missingCredential }
        credential = stored
        return stored
    }

    /// Forgets the credential and the session: the next request reads the keyring again
    /// (after a refusal, a credential change or a sign-out).
    public func signOut() {
        credential = nil
        cookie = nil
    }

    /// Keeps the cookie pairs a sign-in answer set; false when it set none.
    @discardableResult
    public func keepCookie(from response: HTTPResponse) -> Bool {
        let pairs = response.headers("Set-Cookie").compactMap { $0.split(separator: ";").first.map(String.init) }
        guard !pairs.isEmpty else { return false }
        cookie = pairs.joined(separator: "; ")
        return true
    }

    public func dropCookie() { cookie = nil }

    /// Sends one request with the kind's credentials; any HTTP status is an answer.
    public func send(_ request: ServiceRequest) async throws(ServiceError) -> HTTPResponse {
        var headers = request.headers
        var body = request.body
        var contentType = request.contentType
        var gateway = false
        if !request.anonymous {
            let stored = try await storedCredential()
            for (name, value) in stored.extraHeaders { headers[name] = value }
            gateway = !stored.extraHeaders.isEmpty
            switch scheme {
            case .apiKeyHeader(let name):
                headers[name] = stored.apiKey
            case .apiKeyFormField(let name):
                if let files = request.files {
                    let encoded = MultipartEncoding.encode((request.form ?? []) + [(name, stored.apiKey ?? "")], files: files)
                    body = encoded.body
                    contentType = encoded.contentType
                } else {
                    body = FormEncoding.encode((request.form ?? []) + [(name, stored.apiKey ?? "")])
                }
            case .basic:
                let pair = "\(stored.username ?? ""):\(stored.password ?? "")"
                headers["Authorization"] = "Basic " + Data(pair.utf8).base64EncodedString()
            case .sessionCookie:
                if let cookie { headers["Cookie"] = cookie }
            }
        }
        if body == nil, let files = request.files {
            let encoded = MultipartEncoding.encode(request.form ?? [], files: files)
            body = encoded.body
            contentType = encoded.contentType
        }
        if body == nil, let form = request.form { body = FormEncoding.encode(form) }
        var http = HTTPRequest(request.method, connection.endpoint, path: request.path, query: request.query,
                               headers: headers, body: body, contentType: contentType,
                               requestClass: request.requestClass, schemePolicy: connection.policy,
                               isIdempotent: request.effect == .read)
        http.hasGatewayHeaders = gateway
        http.isSensitivePath = request.isSensitivePath
        do {
            return try await transport.send(http)
        } catch {
            throw ServiceError(error)
        }
    }

    /// Runs `attempt` in a signed-in session: signs in first when there is no
    /// session, and once more when the attempt finds it expired; a second expiry
    /// is a refusal. A sign-in itself is never retried (lockout safety). Runs on
    /// the calling client's actor.
    public static func withSession<T: Sendable>(
        _ http: ServiceHTTP, isolation: isolated (any Actor)? = #isolation,
        signIn: () async throws(ServiceError) -> Void,
        _ attempt: () async throws(ServiceError) -> SessionAttempt<T>
    ) async throws(ServiceError) -> T {
        if await http.cookie == nil { try await signIn() }
        for round in 0..<2 {
            switch try await attempt() {
            case .done(let value): return value
            case .expired:
                await http.dropCookie()
                guard round == 0 else { throw .unauthorized }
                try await signIn()
            }
        }
        throw .unauthorized
    }
}

/// What one request in a session found.
public enum SessionAttempt<T: Sendable>: Sendable {
    case done(T)
    /// The service no longer knows the session: sign in again.
    case expired
}
