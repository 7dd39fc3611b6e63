@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Runs Tools/fixture-server.py on 127.0.0.1 with a self-signed certificate
/// made for this run. Stops when released.
final class FixtureServer: @unchecked Sendable {
    let httpPort: Int
    let httpsPort: Int
    let otherPort: Int
    /// The server's self-signed certificate (usable as a trust anchor).
    let certificate: URL
    /// With `hostileTLS`: listeners named valid, wronghost, expired, untrusted, and the anchors that trust
    /// the first three (Tools/make-test-certs.py).
    private(set) var tlsPorts: [String: Int] = [:]
    private(set) var anchors: URL?
    private let process: Process
    private let input: Pipe
    private let directory: URL

    init(hostileTLS: Bool = false) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        certificate = directory.appendingPathComponent("cert.pem")
        let key = directory.appendingPathComponent("key.pem")
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                             "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key.path, "-out", certificate.path]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else { throw FixtureServerError.certificate }

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

    var http: Endpoint { try! Endpoint.parse("http://127.0.0.1:\(httpPort)") }
    var https: Endpoint { try! Endpoint.parse("https://127.0.0.1:\(httpsPort)") }

    /// How many requests each path has seen.
    func requestCounts(using transport: any HTTPTransport) async throws -> [String: Int] {
        let response = try await transport.send(HTTPRequest(http, path: "/__requests", requestClass: .probe,
                                                            schemePolicy: .init(allowsPlainHTTP: true)))
        return try JSONDecoder().decode([String: Int].self, from: response.body)
    }

    /// Paths that arrived carrying a credential header.
    func credentialedPaths(using transport: any HTTPTransport) async throws -> [String] {
        let response = try await transport.send(HTTPRequest(http, path: "/__credentials", requestClass: .probe,
                                                            schemePolicy: .init(allowsPlainHTTP: true)))
        return try JSONDecoder().decode([String].self, from: response.body)
    }
}

enum FixtureServerError: Error {
    case certificate
}
