import Foundation

/// A download client as an orchestrator has it configured (`GET /api/v3/downloadclient`):
/// its name (what queue records say in `downloadClient`), its implementation and where it
/// talks to it. Secrets in those settings are never read.
public struct DownloadClientInfo: Sendable, Equatable, Codable {
    public var name: String
    /// Servarr's class name: `QBittorrent`, `Transmission`, `Deluge`, `Sabnzbd`, `Nzbget`, …
    public var implementation: String
    public var host: String?
    public var port: Int?
    public var urlBase: String?
    /// Whether the orchestrator uses it (`enable`); nil when not said.
    public var enabled: Bool?
    /// The category (label) the orchestrator sends its downloads to: `tvCategory`, `movieCategory` or `musicCategory`.
    public var category: String?

    public init(name: String, implementation: String, host: String?, port: Int?, urlBase: String?, enabled: Bool? = nil,
                category: String? = nil) {
        self.name = name
        self.implementation = implementation
        self.host = host
        self.port = port
        self.urlBase = urlBase
        self.enabled = enabled
        self.category = category
    }

    /// The Switchyard kind of this implementation, when it is one Switchyard talks to.
    public var kind: ServiceKind? {
        switch implementation.lowercased() {
        case "qbittorrent": .qbittorrent
        case "transmission": .transmission
        case "deluge": .deluge
        case "sabnzbd": .sabnzbd
        case "nzbget": .nzbget
        case "rtorrent": .rtorrent
        default: nil
        }
    }

    /// The configured service this is: same kind, and the orchestrator's host and port are one of the
    /// service's addresses (loopback names count as one). With no address match, the only service
    /// of that kind when there is exactly one; else none (the join falls back to the first client).
    public func service(among configs: [ServiceConfig]) -> UUID? { match(among: configs)?.id }

    /// The configured service this is, and whether by its address (certain) or as the only one of its kind
    /// (probable: a container name against a LAN address cannot be told apart).
    public func match(among configs: [ServiceConfig]) -> (id: UUID, byAddress: Bool)? {
        guard let kind else { return nil }
        let candidates = configs.filter { $0.kind == kind }
        func same(_ a: String, _ b: String) -> Bool {
            let loopback: Set<String> = ["localhost", "127.0.0.1", "::1"]
            return a.lowercased() == b.lowercased() || (loopback.contains(a.lowercased()) && loopback.contains(b.lowercased()))
        }
        if let host, let port {
            let matches = candidates.filter { config in
                [config.localEndpoint, config.remoteEndpoint].compactMap { $0 }.contains { same($0.host, host) && $0.port == port }
            }
            if matches.count == 1 { return (matches[0].id, true) }
            if matches.count > 1, let base = urlBase.map({ "/" + $0.trimmingCharacters(in: CharacterSet(charactersIn: "/")) }) {
                let byBase = matches.filter { config in
                    [config.localEndpoint, config.remoteEndpoint].compactMap { $0 }.contains { $0.basePath == base || ($0.basePath.isEmpty && base == "/") }
                }
                if byBase.count == 1 { return (byBase[0].id, true) }
            }
            if !matches.isEmpty { return nil }
        }
        return candidates.count == 1 ? (candidates[0].id, false) : nil
    }
}

/// Which configured transfer service each orchestrator's download client is: orchestrator → client name → service.
public typealias DownloadClientRoutes = [UUID: [String: UUID]]

/// An orchestrator's download clients.
public protocol DownloadClientsProviding: ServiceClient {
    func downloadClients() async throws(ServiceError) -> [DownloadClientInfo]
}
