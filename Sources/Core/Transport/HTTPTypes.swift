import Foundation

public enum HTTPMethod: String, Sendable {
    case get = "GET", head = "HEAD", post = "POST", put = "PUT", delete = "DELETE"

    /// GET, HEAD, PUT and DELETE may be repeated safely; POST may not.
    public var isIdempotent: Bool { self != .post }
}

/// One HTTP exchange as clients describe it. The URL is always built from a
/// normalized endpoint plus a path; credentials go in headers, never the query.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    public var endpoint: Endpoint
    /// Below the endpoint's base path, starting with "/".
    public var path: String
    /// Non-secret query items only.
    public var query: [URLQueryItem]
    public var headers: [String: String]
    public var body: Data?
    public var contentType: String?
    public var requestClass: RequestClass
    public var schemePolicy: SchemePolicy
    /// Whether repeating the request is harmless. Defaults to the method's
    /// answer; JSON-RPC reads sent as POST may set it.
    public var isIdempotent: Bool

    /// A GET request.
    public init(_ endpoint: Endpoint, path: String, query: [URLQueryItem] = [], headers: [String: String] = [:],
                requestClass: RequestClass, schemePolicy: SchemePolicy) {
        self.init(.get, endpoint, path: path, query: query, headers: headers, requestClass: requestClass,
                  schemePolicy: schemePolicy)
    }

    public init(_ method: HTTPMethod, _ endpoint: Endpoint, path: String, query: [URLQueryItem] = [],
                headers: [String: String] = [:], body: Data? = nil, contentType: String? = nil,
                requestClass: RequestClass, schemePolicy: SchemePolicy, isIdempotent: Bool? = nil) {
        self.method = method
        self.endpoint = endpoint
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.contentType = contentType
        self.requestClass = requestClass
        self.schemePolicy = schemePolicy
        self.isIdempotent = isIdempotent ?? method.isIdempotent
    }

    /// Headers whose presence means the request carries a credential.
    static let credentialHeaderNames: Set<String> = [
        "authorization", "x-api-key", "cookie", "x-transmission-session-id", "proxy-authorization",
    ]

    /// True when a header carries a credential (auth gateway headers count too).
    public var carriesCredentials: Bool {
        headers.keys.contains { Self.credentialHeaderNames.contains($0.lowercased()) } || hasGatewayHeaders
    }

    /// Set by clients when they add a user's extra auth-gateway headers.
    public var hasGatewayHeaders = false

    /// Asset paths (image URLs) are never logged, not even redacted.
    public var isSensitivePath = false

    public var url: URL {
        var components = URLComponents(url: endpoint.url(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query }
        return components.url!
    }

    /// The path as it may be logged: no query values, no host.
    public var redactedPath: String {
        isSensitivePath ? "<asset>" : endpoint.basePath + path + (query.isEmpty ? "" : "?…")
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header fields in arrival order; names as sent.
    public var headerFields: [(name: String, value: String)]
    public var body: Data
    /// The URL that answered (after same-origin redirects).
    public var url: URL
    /// Bytes received on the wire for the final response: headers plus the body as sent
    /// (compressed when the server compressed it). 0 when unknown.
    public var wireBytes = 0

    public init(status: Int, headerFields: [(name: String, value: String)] = [], body: Data = Data(), url: URL) {
        self.status = status
        self.headerFields = headerFields
        self.body = body
        self.url = url
    }

    /// The first value of a header, matched case-insensitively.
    public func header(_ name: String) -> String? {
        headerFields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Every value of a header (Set-Cookie comes more than once).
    public func headers(_ name: String) -> [String] {
        headerFields.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    /// Media type without parameters, lower-cased ("application/json").
    public var mediaType: String? {
        header("Content-Type")?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    /// Seconds from a Retry-After header (delta-seconds or an HTTP date).
    public func retryAfter(now: Date = Date()) -> TimeInterval? {
        guard let value = header("Retry-After")?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = TimeInterval(value), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: value).map { max(0, $0.timeIntervalSince(now)) }
    }
}

/// The test seam: everything that talks HTTP goes through this.
public protocol HTTPTransport: Sendable {
    /// Performs one exchange (following only same-origin redirects the policy
    /// allows). Any HTTP status is a response; only transport failures throw.
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}
