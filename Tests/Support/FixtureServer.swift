import Core
import Foundation

/// Runs Tools/fixture-server.py on 127.0.0.1 with a self-signed certificate made once per test
/// run (an RSA key per server cost ~0.1-0.5 s each). Stops when released.
public final class FixtureServer: @unchecked Sendable {
    public let httpPort: Int
    public let httpsPort: Int
    public let otherPort: Int
    /// The server's self-signed certificate (usable as a trust anchor).
    public let certificate: URL
    /// With `hostileTLS`: listeners named valid, wronghost, expired, untrusted, and the anchors that trust
    /// the first three (Tools/make-test-certs.py).
    public private(set) var tlsPorts: [String: Int] = [:]
    public private(set) var anchors: URL?
    private let process: Process
    private let input: Pipe
    private let directory: URL

    /// The run's certificate and key for 127.0.0.1, made the first time a server needs them.
    private static let keyPair: Result<(certificate: URL, key: URL), FixtureServerError> = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-fixture-tls-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let certificate = folder.appendingPathComponent("cert.pem"), key = folder.appendingPathComponent("key.pem")
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                             "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key.path, "-out", certificate.path]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        guard (try? openssl.run()) != nil else { return .failure(.certificate) }
        openssl.waitUntilExit()
        return openssl.terminationStatus == 0 ? .success((certificate, key)) : .failure(.certificate)
    }()

    public init(hostileTLS: Bool = false) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let pair = try Self.keyPair.get()
        certificate = pair.certificate
        let key = pair.key

        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let script = fixturesDirectory.deletingLastPathComponent().appendingPathComponent("Tools/fixture-server.py")
        process.arguments = [script.path, "--cert", certificate.path, "--key", key.path]
        if hostileTLS {
            let certs = directory.appendingPathComponent("certs")
            let maker = Process()
            maker.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            maker.arguments = [fixturesDirectory.deletingLastPathComponent().appendingPathComponent("Tools/make-test-certs.py").path,
                               certs.path]
            try maker.run()
            maker.waitUntilExit()
            guard maker.terminationStatus == 0 else { throw FixtureServerError.certificate }
            for name in ["valid", "wronghost", "expired", "untrusted"] {
                process.arguments! += ["--extra-tls", "\(name):\(certs.path)/\(name).pem:\(certs.path)/\(name).key"]
            }
            anchors = certs.appendingPathComponent("anchors.pem")
        }
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()

        let ports = try readyPorts(output)
        guard let http = ports["http"], let https = ports["https"], let other = ports["other"] else {
            throw TestServerError.didNotStart("missing ports in \(ports)")
        }
        httpPort = http
        httpsPort = https
        otherPort = other
        tlsPorts = ports.filter { ["valid", "wronghost", "expired", "untrusted"].contains($0.key) }
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    public var http: Endpoint { try! Endpoint.parse("http://127.0.0.1:\(httpPort)") }
    public var https: Endpoint { try! Endpoint.parse("https://127.0.0.1:\(httpsPort)") }

    /// How many requests each path has seen.
    public func requestCounts(using transport: any HTTPTransport) async throws -> [String: Int] {
        let response = try await transport.send(HTTPRequest(http, path: "/__requests", requestClass: .probe,
                                                            schemePolicy: .init(allowsPlainHTTP: true)))
        return try JSONDecoder().decode([String: Int].self, from: response.body)
    }

    /// Paths that arrived carrying a credential header.
    public func credentialedPaths(using transport: any HTTPTransport) async throws -> [String] {
        let response = try await transport.send(HTTPRequest(http, path: "/__credentials", requestClass: .probe,
                                                            schemePolicy: .init(allowsPlainHTTP: true)))
        return try JSONDecoder().decode([String].self, from: response.body)
    }
}

public enum FixtureServerError: Error {
    case certificate
}
