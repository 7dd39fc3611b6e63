@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

final class ConnectionResolverTests: XCTestCase {
    private func config(_ preference: EndpointPreference, local: Bool = true, remote: Bool = true) throws -> ServiceConfig {
        ServiceConfig(kind: .sonarr, localEndpoint: local ? try Endpoint.parse("http://192.168.1.10:8989") : nil,
                      remoteEndpoint: remote ? try Endpoint.parse("https://sonarr.fixture.invalid") : nil,
                      allowPlainHTTPOnLocal: true, preference: preference)
    }

    private func probe(answering roles: Set<EndpointRole>, log: LineCollector,
                       failure: ServiceError = .unavailable(.connectionRefused))
        -> ConnectionResolver.Probe<ServiceStatus> {
        { connection throws(ServiceError) in
            log.append(connection.role.rawValue)
            guard roles.contains(connection.role) else { throw failure }
            return ServiceStatus(appName: "Sonarr", version: "4.0.0")
        }
    }

    func testAutomaticPrefersLocalAndFallsBackToRemote() async throws {
        let log = LineCollector()
        let local = try await ConnectionResolver.resolve(try config(.automatic), probe: probe(answering: [.local, .remote], log: log))
        XCTAssertEqual(local.connection.role, .local)
        XCTAssertEqual(log.values, ["local"], "the remote endpoint is not tried when local answers")

        let fallbackLog = LineCollector()
        let remote = try await ConnectionResolver.resolve(try config(.automatic), probe: probe(answering: [.remote], log: fallbackLog))
        XCTAssertEqual(remote.connection.role, .remote)
        XCTAssertEqual(fallbackLog.values, ["local", "remote"])
    }

    func testAnExplicitPreferenceUsesOnlyThatEndpoint() async throws {
        let log = LineCollector()
        let remoteOnly = try config(.remote)
        do {
            _ = try await ConnectionResolver.resolve(remoteOnly, probe: probe(answering: [.local], log: log))
            XCTFail("the local endpoint was used although the user chose remote")
        } catch {
            XCTAssertEqual(error, .unavailable(.connectionRefused))
        }
        XCTAssertEqual(log.values, ["remote"])
        XCTAssertEqual(ConnectionResolver.candidates(try config(.automatic, local: false)), [.remote])
    }

    /// "Local only" without a local address: nothing is sent, and the error says there is no address.
    func testNoAddressForThePreferenceIsNoEndpoint() async throws {
        let log = LineCollector()
        let localOnly = try config(.local, local: false)
        do {
            _ = try await ConnectionResolver.resolve(localOnly, probe: probe(answering: [.remote], log: log))
            XCTFail("resolved without an endpoint")
        } catch {
            XCTAssertEqual(error, .noEndpoint)
            XCTAssertEqual(error.recovery, .configureEndpoint)
        }
        XCTAssertEqual(log.values, [], "nothing was probed")
    }

    func testUnauthorizedIsReportedOverUnreachable() async throws {
        let log = LineCollector()
        let probe: ConnectionResolver.Probe<ServiceStatus> = { connection throws(ServiceError) in
            log.append(connection.role.rawValue)
            throw connection.role == .local ? .unauthorized : .unavailable(.timedOut)
        }
        let automatic = try config(.automatic)
        do {
            _ = try await ConnectionResolver.resolve(automatic, probe: probe)
            XCTFail("resolved without an answer")
        } catch {
            XCTAssertEqual(error, .unauthorized, "the credential problem is the one to act on")
        }
    }
}
