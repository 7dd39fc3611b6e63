import Core
import Foundation

/// Starts `switchyard-fixture-server` (built next to the test runner): a Sonarr or Radarr twin on
/// 127.0.0.1 serving the synthetic fixtures, with control paths for faults, pushes and counts.
public final class ServarrFixtureServer: @unchecked Sendable {
    public static let key = "fixture-servarr-key"
    public let port: Int
    private let server: ServerProcess

    public init(kind: String, urlBase: String = "", key: String = ServarrFixtureServer.key, extra: [String] = []) throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
            .deletingLastPathComponent().appendingPathComponent("switchyard-fixture-server")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw TestSessionRequired(description: "switchyard-fixture-server is not built: run `swift build --build-tests` (make check does)")
        }
        // The server exits when its stdin closes, with this object.
        server = try ServerProcess(binary, ["--kind", kind, "--fixtures", fixturesDirectory.path, "--api-key", key,
                                            "--url-base", urlBase] + extra)
        guard let port = server.port else { throw TestServerError.didNotStart("no port in \(server.ports)") }
        self.port = port
    }

    /// A repository whose one service is this server (its key in memory, real libsoup), and the service's id.
    public func repository(_ kind: ServiceKind, directory: URL) async throws -> (Repository, UUID) {
        let registry = ServiceRegistry(fileURL: directory.appendingPathComponent("services.json"))
        let secrets = InMemorySecretStore()
        let config = ServiceConfig(kind: kind, localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"), allowPlainHTTPOnLocal: true)
        try await secrets.write(Credential(apiKey: ServarrFixtureServer.key), for: config.credential, kind: kind)
        try await registry.upsert(config)
        let repository = Repository(registry: registry, transport: RetryingTransport(try SoupTransport()), secrets: secrets, cache: nil)
        await repository.reload()
        return (repository, config.id)
    }

    public func requestCounts(via transport: any HTTPTransport) async throws -> [String: Int] {
        let endpoint = try Endpoint.parse("http://127.0.0.1:\(port)")
        let response = try await transport.send(HTTPRequest(endpoint, path: "/__requests", requestClass: .probe,
                                                            schemePolicy: SchemePolicy(allowsPlainHTTP: true)))
        return try JSONDecoder().decode([String: Int].self, from: response.body)
    }

    public func setFault(_ mode: String, on path: String, via transport: any HTTPTransport) async throws {
        let endpoint = try Endpoint.parse("http://127.0.0.1:\(port)")
        _ = try await transport.send(HTTPRequest(endpoint, path: "/__fault",
                                                 query: [URLQueryItem(name: "path", value: path), URLQueryItem(name: "mode", value: mode)],
                                                 requestClass: .probe, schemePolicy: SchemePolicy(allowsPlainHTTP: true)))
    }
}
