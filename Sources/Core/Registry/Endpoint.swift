import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a service answers: scheme, host, port and an optional base path
/// (`/sonarr` behind a reverse proxy). Always normalized; build one with
/// `Endpoint.parse` or `init(validating:)`.
public struct Endpoint: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Scheme: String, Sendable, Codable { case http, https }

    public let scheme: Scheme
    /// Lower-cased host name or IP literal; IPv6 without brackets.
    public let host: String
    public let port: Int
    /// Empty, or starting with "/" and without a trailing "/".
    public let basePath: String

    public init(scheme: Scheme, host: String, port: Int? = nil, basePath: String = "") throws(EndpointError) {
        let input = Self.compose(scheme: scheme, host: host, port: port, basePath: basePath)
        self = try Self.parse(input, defaultScheme: scheme)
    }

    private init(checked scheme: Scheme, host: String, port: Int, basePath: String) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.basePath = basePath
    }

    /// The host as it appears in a URL (IPv6 literals bracketed).
    public var urlHost: String { host.contains(":") ? "[\(host)]" : host }

    /// scheme://host:port — what two URLs must share to be the same origin.
    public var origin: String { "\(scheme.rawValue)://\(urlHost):\(port)" }

    public var description: String { origin + basePath }

    /// As a person would type it: the port only when it is not the scheme's default.
    /// Parses back to the same endpoint.
    public var displayString: String {
        let defaultPort = scheme == .https ? 443 : 80
        return "\(scheme.rawValue)://\(urlHost)\(port == defaultPort ? "" : ":\(port)")\(basePath)"
    }

    /// The URL of `path` (starting with "/") below the base path. Query items are
    /// added by the transport, never here.
    public func url(_ path: String) -> URL {
        URL(string: origin + basePath + (path.hasPrefix("/") ? path : "/" + path))!
    }

    /// Normalizes user input: trims it, adds `defaultScheme` when none is given,
    /// lower-cases scheme and host, fills the default port, and strips trailing
    /// slashes. Rejects what must never be stored: user-info credentials,
    /// fragments, queries, other schemes, malformed hosts, ports and paths.
    public static func parse(_ input: String, defaultScheme: Scheme = .https) throws(EndpointError) -> Endpoint {
        let text = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw .empty }
        guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
        else { throw .malformed }

        // Scheme
        let scheme: Scheme
        var rest: Substring
        if let separator = text.range(of: "://") {
            let name = text[..<separator.lowerBound].lowercased()
            guard Self.isSchemeName(name) else { throw .malformed }
            guard let known = Scheme(rawValue: name) else { throw .unsupportedScheme(name) }
            scheme = known
            rest = text[separator.upperBound...]
        } else if let colon = text.firstIndex(of: ":"), Self.isSchemeName(text[..<colon].lowercased()),
                  !(text[text.index(after: colon)...].first?.isNumber ?? true) {
            // "ftp:x", "mailto:x", "http:/x": a scheme without "//"
            let name = text[..<colon].lowercased()
            throw Scheme(rawValue: name) == nil ? .unsupportedScheme(name) : .malformed
        } else {
            scheme = defaultScheme
            rest = text[...]
        }

        // Fragments and queries are never part of an endpoint.
        if rest.contains("#") { throw .fragment }
        if rest.contains("?") { throw .query }

        // Authority and path
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash]
        let rawPath = rest[slash...]
        if authority.contains("@") { throw .credentialsInURL }

        var host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw .malformed }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .malformed }
                portText = after.dropFirst()
            }
            guard Self.isIPv6(String(host)) else { throw .malformed }
        } else {
            let colons = authority.filter { $0 == ":" }.count
            if colons > 1 { throw .malformed } // an IPv6 literal needs brackets
            if let colon = authority.firstIndex(of: ":") {
                host = authority[..<colon]
                portText = authority[authority.index(after: colon)...]
            } else {
                host = authority
            }
            guard !host.isEmpty else { throw .missingHost }
            guard Self.isHostName(host.lowercased()) else { throw .malformed }
        }

        let port: Int
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCII), portText.allSatisfy(\.isNumber),
                  let number = Int(portText), (1...65535).contains(number) else { throw .badPort }
            port = number
        } else {
            port = scheme == .https ? 443 : 80
        }

        return Endpoint(checked: scheme, host: host.lowercased(), port: port, basePath: try Self.normalizePath(rawPath))
    }

    private static func normalizePath(_ raw: Substring) throws(EndpointError) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~%!$&'()*+,;=:@")
        let segments = raw.split(separator: "/", omittingEmptySubsequences: true)
        for segment in segments {
            guard segment != ".", segment != "..", segment.allSatisfy({ allowed.contains($0) }) else { throw .malformed }
        }
        return segments.isEmpty ? "" : "/" + segments.joined(separator: "/")
    }

    private static func isSchemeName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    private static func isIPv6(_ text: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }

    private static func isHostName(_ host: String) -> Bool {
        guard host.count <= 253, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") })
        else { return false }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.allSatisfy({ !$0.isEmpty && $0.count <= 63 && !$0.hasPrefix("-") && !$0.hasSuffix("-") })
        else { return false }
        if labels.allSatisfy({ $0.allSatisfy(\.isNumber) }) { // looks like IPv4: must be one
            var address = in_addr()
            return inet_pton(AF_INET, host, &address) == 1
        }
        return true
    }

    private static func compose(scheme: Scheme, host: String, port: Int?, basePath: String) -> String {
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let portPart = port.map { ":\($0)" } ?? ""
        let path = basePath.isEmpty || basePath.hasPrefix("/") ? basePath : "/" + basePath
        return "\(scheme.rawValue)://\(bracketed)\(portPart)\(path)"
    }
}

/// Why an endpoint was refused. Shown inline in the settings form.
public enum EndpointError: Error, Equatable, Sendable {
    case empty
    case malformed
    case missingHost
    case badPort
    case credentialsInURL
    case fragment
    case query
    case unsupportedScheme(String)
    /// Plain HTTP where the policy asks for HTTPS (remote endpoints, or a local
    /// one the user has not allowed).
    case plainHTTPNotAllowed
}

/// Which of a service's two endpoints an address belongs to. Plain HTTP is
/// allowed only on the local endpoint, and only when the user said so.
public enum EndpointRole: String, Sendable, Codable {
    case local
    case remote
}

/// The scheme policy for one endpoint, enforced before storing, before
/// requesting, and after every redirect.
public struct SchemePolicy: Sendable, Hashable {
    public var allowsPlainHTTP: Bool

    public init(allowsPlainHTTP: Bool) { self.allowsPlainHTTP = allowsPlainHTTP }

    public static let httpsOnly = SchemePolicy(allowsPlainHTTP: false)

    public static func forEndpoint(_ role: EndpointRole, userAllowsPlainHTTP: Bool) -> SchemePolicy {
        SchemePolicy(allowsPlainHTTP: role == .local && userAllowsPlainHTTP)
    }

    public func permits(scheme: String?) -> Bool {
        switch scheme?.lowercased() {
        case "https": true
        case "http": allowsPlainHTTP
        default: false
        }
    }

    public func check(_ endpoint: Endpoint) throws(EndpointError) {
        guard permits(scheme: endpoint.scheme.rawValue) else { throw .plainHTTPNotAllowed }
    }
}
