/// Tier one: what went wrong on the wire. Mapped once into `ServiceError`.
public enum TransportError: Error, Equatable, Sendable {
    /// The request could not be built (bad URL).
    case invalidRequest(String)
    /// The scheme policy refused a plain-HTTP URL, before sending or after a redirect.
    case insecureSchemeBlocked
    /// A redirect to another origin while the request carried credentials.
    case crossOriginRedirect(toOrigin: String)
    /// A redirect that cannot be followed safely (a POST told to change method, no Location).
    case redirectNotFollowed(status: Int)
    case tooManyRedirects
    /// The request class's deadline passed (or the connection went silent).
    case timedOut
    case cancelled
    case connectionRefused
    case nameNotResolved
    case unreachable
    /// The connection closed or reset before the whole response arrived.
    case connectionLost
    /// The certificate is not trusted (self-signed, expired, wrong host, unknown CA).
    case tlsUntrusted(String)
    /// Another TLS failure (handshake, protocol).
    case tlsFailed(String)
    /// The decoded body passed the class's size cap.
    case bodyTooLarge(limit: Int)
    /// The server answered something that is not HTTP we can read.
    case protocolError(String)
    case other(String)

    /// Failures worth another attempt for an idempotent request.
    public var isTransient: Bool {
        switch self {
        case .timedOut, .connectionRefused, .connectionLost, .unreachable: true
        default: false
        }
    }
}
