import Foundation

/// Why a service cannot be reached right now (the "unavailable" family).
public enum UnavailableReason: Equatable, Sendable {
    case timedOut
    case connectionRefused
    case nameNotResolved
    case unreachable
    case connectionLost
    case certificateUntrusted
    case tlsFailed
    case plainHTTPBlocked
    case responseTooLarge
    case rateLimited(retryAfter: TimeInterval?)
    /// 503 from a Servarr still starting up, or any 502/503/504.
    case serverUnavailable(status: Int)
    case serverError(status: Int)
    case redirectRefused
    case badResponse
}

/// What was wrong with a request Switchyard would not send.
public enum RequestProblem: Sendable, Equatable {
    /// It named no items, or an id that cannot be one (several services take none as every item).
    case noItems
    /// A link that is neither http(s) nor a magnet link.
    case unsupportedLink
    /// A download this client does not take (an NZB for a torrent client, a torrent for a Usenet one).
    case sourceNotTaken
    /// Items of two lists the client takes one at a time (its queue and its history).
    case mixedLists
    /// The add form is missing a choice the service needs.
    case incomplete
    /// As asked it would act on the whole library, or search every indexer's feed.
    case wholeLibrary
    /// A folder to move data to that is not absolute on the client's machine.
    case folderNotAbsolute
    /// A speed limit below 1 B/s or above what any client takes.
    case limitOutOfRange
    /// A category or label that cannot be one (empty, control characters, a comma in a Transmission label, twice).
    case badGroupName
    /// A transfer name that cannot be one (empty, control characters, a slash, "." or "..").
    case badName
    /// An announce URL that is not an http(s) or udp URL with a host, or one given twice.
    case badTrackerURL
    /// An archive password that cannot be one (empty, control characters, longer than 255 characters).
    case badPassword
    /// Several jobs to move in a queue that moves one job per request (SABnzbd).
    case oneJobAtATime
}

/// Why a client that answered said no.
public enum ClientRefusal: Sendable, Equatable {
    /// It did not add the download (not a valid file, or one it could not read).
    case notAdded
    /// It did not accept the action.
    case rejected
    /// A web UI with no daemon to connect to, or one it could not connect to.
    case noDaemon
    case daemonUnreachable
    /// It has no labels or categories (Transmission before 4.0).
    case noLabels
    /// It said why, in its own words.
    case said(String)
    /// Its API takes reads only from an API key (Jellyseerr/Overseerr's CSRF protection is on).
    case readOnlyAPI
    /// It no longer holds the transfer a details read or action named (removed there, or cleared by its own rules).
    case noSuchTransfer
    /// The transfer no longer has the tracker an action named (changed there since it was read).
    case noSuchTracker
}

/// What was done when not everything was.
public enum PartialOutcome: Sendable, Equatable {
    /// The download was added, but its category could not be set.
    case addedWithoutCategory(String)
    /// Some items failed; the client's first reason.
    case someFailed(failed: Int, of: Int, reason: String)
}

/// Tier two: what a failure means for the user, per service. Each maps to one
/// recovery; `ErrorText` turns it into a sentence.
public enum ServiceError: Error, Equatable, Sendable {
    /// 401/403: the stored credential was refused.
    case unauthorized
    /// No credential in the keyring for this service.
    case missingCredential
    case unavailable(UnavailableReason)
    /// An HTML page or a login redirect where the API should answer (Authelia,
    /// Authentik, a reverse-proxy login): configure the gateway headers or the endpoint.
    case authGateway
    /// The address answers, but as another kind of service.
    case wrongServiceKind(expected: ServiceKind, found: String?)
    case incompatibleVersion(found: String)
    /// The service refused the request and said why (a 4xx other than auth).
    case serverMessage(status: Int, message: String)
    /// The response did not decode; `path` is the JSON path that failed.
    case decoding(path: String, detail: String)
    case cancelled
    /// The keyring could not be used (see `SecretStoreError`).
    case keyring(SecretStoreError)
    /// No address to reach the service at: none entered for the endpoint its
    /// preference allows, or the settings form's address is not valid yet.
    case noEndpoint
    /// The service's kind does not offer what was asked of it (a torrent client asked to force-start
    /// where it cannot, an item kind without artwork).
    case notOffered
    /// The service is not configured, or is switched off: nothing was asked of it.
    case notConfigured
    /// Switchyard would not send the request as asked (it named no items, or would act on all of them):
    /// nothing left the machine.
    case invalidRequest(RequestProblem)
    /// The client answered, and said no (in a 200 answer, as JSON-RPC clients do): why, typed.
    case refused(ClientRefusal)
    /// Part of the request was done, part not: what the service reports.
    case partlyDone(PartialOutcome)

    /// The one recovery the UI offers for this error.
    public var recovery: Recovery {
        switch self {
        case .unauthorized, .missingCredential: .updateCredentials
        case .authGateway, .wrongServiceKind, .noEndpoint, .notConfigured: .configureEndpoint
        case .unavailable(let reason):
            switch reason {
            case .nameNotResolved, .certificateUntrusted, .plainHTTPBlocked, .redirectRefused: .configureEndpoint
            default: .retry
            }
        case .incompatibleVersion, .serverMessage, .decoding, .cancelled, .keyring, .notOffered, .invalidRequest, .refused, .partlyDone: .retry
        }
    }

    /// Tier-one → tier-two, in one place.
    public init(_ transport: TransportError) {
        switch transport {
        case .invalidRequest: self = .unavailable(.badResponse)
        case .insecureSchemeBlocked: self = .unavailable(.plainHTTPBlocked)
        case .crossOriginRedirect: self = .authGateway
        case .redirectNotFollowed, .tooManyRedirects: self = .unavailable(.redirectRefused)
        case .timedOut: self = .unavailable(.timedOut)
        case .cancelled: self = .cancelled
        case .connectionRefused: self = .unavailable(.connectionRefused)
        case .nameNotResolved: self = .unavailable(.nameNotResolved)
        case .unreachable: self = .unavailable(.unreachable)
        case .connectionLost: self = .unavailable(.connectionLost)
        case .tlsUntrusted: self = .unavailable(.certificateUntrusted)
        case .tlsFailed: self = .unavailable(.tlsFailed)
        case .bodyTooLarge: self = .unavailable(.responseTooLarge)
        case .protocolError, .other: self = .unavailable(.badResponse)
        }
    }
}

extension HTTPResponse {
    /// Checks a response that should carry JSON: maps auth failures, gateways,
    /// server errors and error messages. Returns the body when it is usable.
    public func jsonBody() throws(ServiceError) -> Data {
        switch status {
        case 200...299:
            if looksLikeHTML { throw .authGateway }
            return body
        case 401, 403:
            throw .unauthorized
        case 429:
            throw .unavailable(.rateLimited(retryAfter: retryAfter()))
        case 502, 503, 504:
            throw .unavailable(.serverUnavailable(status: status))
        case 300...399:
            throw .authGateway
        case 500...599:
            throw .unavailable(.serverError(status: status))
        default:
            if looksLikeHTML { throw .authGateway }
            throw .serverMessage(status: status, message: serverMessage ?? "HTTP \(status)")
        }
    }

    /// An HTML document where an API answer was expected.
    var looksLikeHTML: Bool {
        if mediaType == "text/html" || mediaType == "application/xhtml+xml" { return true }
        let start = body.prefix(64).drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        return start.first == UInt8(ascii: "<")
    }

    /// The service's own error text, if it sent one ({"message": …} as Servarr does).
    /// Servarr's validation answers too (API-GUIDE-2 §1.5): an array of failures, each with an
    /// `errorMessage`, or a problem-details object whose `errors` lists messages per field.
    var serverMessage: String? {
        let value = try? JSONSerialization.jsonObject(with: body)
        if let failures = value as? [[String: Any]] {
            let lines = failures.compactMap { $0["errorMessage"] as? String }.filter { !$0.isEmpty }
            return lines.isEmpty ? nil : String(lines.joined(separator: " ").prefix(300))
        }
        guard let object = value as? [String: Any] else { return nil }
        for key in ["message", "error", "errorMessage"] {
            if let text = object[key] as? String, !text.isEmpty { return String(text.prefix(300)) }
        }
        if let errors = object["errors"] as? [String: Any] {
            let lines = errors.keys.sorted().flatMap { (errors[$0] as? [String]) ?? [] }
            if !lines.isEmpty { return String(lines.joined(separator: " ").prefix(300)) }
        }
        return (object["title"] as? String).map { String($0.prefix(300)) }
    }
}

/// Decodes JSON, reporting the path of the first failure.
public enum JSONDecoding {
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data,
                                            decoder: JSONDecoder = JSONDecoder()) throws(ServiceError) -> T {
        do {
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            throw .decoding(path: path(of: error), detail: detail(of: error))
        } catch {
            throw .decoding(path: "$", detail: "unreadable")
        }
    }

    static func path(of error: DecodingError) -> String {
        let keys: [CodingKey]
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            keys = context.codingPath
        case .keyNotFound(let key, let context):
            keys = context.codingPath + [key]
        @unknown default:
            keys = []
        }
        return "$" + keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }

    static func detail(of error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, _): "expected \(type)"
        case .valueNotFound(let type, _): "missing \(type) value"
        case .keyNotFound: "missing key"
        case .dataCorrupted: "not valid JSON"
        @unknown default: "unreadable"
        }
    }
}
