import Core
import SwitchyardTestSupport
import XCTest

final class EndpointNormalizationTests: XCTestCase {
    private enum Expect {
        case ok(String)          // the normalized description: origin + base path
        case error(EndpointError)
    }

    /// Input → normalized endpoint or the reason it is refused (default scheme https).
    private let table: [(String, Expect)] = [
        ("sonarr.fixture.invalid", .ok("https://sonarr.fixture.invalid:443")),
        ("  sonarr.fixture.invalid:8989  ", .ok("https://sonarr.fixture.invalid:8989")),
        ("\tHTTPS://Sonarr.Fixture.INVALID/\n", .ok("https://sonarr.fixture.invalid:443")),
        ("http://192.168.1.10:8989", .ok("http://192.168.1.10:8989")),
        ("http://192.168.1.10:8989/", .ok("http://192.168.1.10:8989")),
        ("https://media.fixture.invalid/sonarr/", .ok("https://media.fixture.invalid:443/sonarr")),
        ("https://media.fixture.invalid//sonarr///", .ok("https://media.fixture.invalid:443/sonarr")),
        ("https://media.fixture.invalid/apps/radarr", .ok("https://media.fixture.invalid:443/apps/radarr")),
        ("http://localhost", .ok("http://localhost:80")),
        ("https://[::1]:9091/transmission", .ok("https://[::1]:9091/transmission")),
        ("https://[FE80::1]", .ok("https://[fe80::1]:443")),
        ("[2001:db8::5]:8080", .ok("https://[2001:db8::5]:8080")),
        ("https://host.fixture.invalid:65535", .ok("https://host.fixture.invalid:65535")),
        ("", .error(.empty)),
        ("   ", .error(.empty)),
        ("https://user:pass@sonarr.fixture.invalid", .error(.credentialsInURL)),
        ("admin@sonarr.fixture.invalid", .error(.credentialsInURL)),
        ("https://sonarr.fixture.invalid/#/settings", .error(.fragment)),
        ("https://sonarr.fixture.invalid/?apikey=fake", .error(.query)),
        ("ftp://files.fixture.invalid", .error(.unsupportedScheme("ftp"))),
        ("ws://sonarr.fixture.invalid", .error(.unsupportedScheme("ws"))),
        ("mailto:someone", .error(.unsupportedScheme("mailto"))),
        ("http:/sonarr.fixture.invalid", .error(.malformed)),
        ("https://sonarr fixture.invalid", .error(.malformed)),
        ("https://", .error(.missingHost)),
        ("https://:8989", .error(.missingHost)),
        ("https://sonarr.fixture.invalid:0", .error(.badPort)),
        ("https://sonarr.fixture.invalid:65536", .error(.badPort)),
        ("https://sonarr.fixture.invalid:", .error(.badPort)),
        ("https://sonarr.fixture.invalid:80a", .error(.badPort)),
        ("https://::1/", .error(.malformed)),
        ("https://[not-an-ip]", .error(.malformed)),
        ("https://999.1.1.1", .error(.malformed)),
        ("https://-bad-.fixture.invalid", .error(.malformed)),
        ("https://bad..fixture.invalid", .error(.malformed)),
        ("https://sonarr.fixture.invalid/../etc", .error(.malformed)),
        ("https://sonärr.fixture.invalid", .error(.malformed)),
    ]

    func testNormalizationTable() {
        XCTAssertGreaterThanOrEqual(table.count, 25)
        for (input, expected) in table {
            let result = Result { () throws(EndpointError) in try Endpoint.parse(input) }
            switch (result, expected) {
            case (.success(let endpoint), .ok(let description)):
                XCTAssertEqual(endpoint.description, description, "input: \(input.debugDescription)")
            case (.failure(let error), .error(let reason)):
                XCTAssertEqual(error, reason, "input: \(input.debugDescription)")
            case (.success(let endpoint), .error(let reason)):
                XCTFail("\(input.debugDescription) accepted as \(endpoint), expected \(reason)")
            case (.failure(let error), .ok(let description)):
                XCTFail("\(input.debugDescription) refused (\(error)), expected \(description)")
            }
        }
    }

    func testDefaultSchemeAppliesOnlyWithoutOne() throws {
        XCTAssertEqual(try Endpoint.parse("10.0.0.2:7878", defaultScheme: .http).description, "http://10.0.0.2:7878")
        XCTAssertEqual(try Endpoint.parse("https://10.0.0.2:7878", defaultScheme: .http).scheme, .https)
    }

    func testURLBuildingKeepsTheBasePath() throws {
        let endpoint = try Endpoint.parse("https://media.fixture.invalid:8443/sonarr/")
        XCTAssertEqual(endpoint.url("/api/v3/system/status").absoluteString,
                       "https://media.fixture.invalid:8443/sonarr/api/v3/system/status")
        XCTAssertEqual(endpoint.origin, "https://media.fixture.invalid:8443")
    }

    func testSchemePolicyAllowsPlainHTTPOnlyOnAnAllowedLocalEndpoint() throws {
        let plain = try Endpoint.parse("http://192.168.1.10:8989")
        XCTAssertNoThrow(try SchemePolicy.forEndpoint(.local, userAllowsPlainHTTP: true).check(plain))
        XCTAssertThrowsError(try SchemePolicy.forEndpoint(.local, userAllowsPlainHTTP: false).check(plain))
        XCTAssertThrowsError(try SchemePolicy.forEndpoint(.remote, userAllowsPlainHTTP: true).check(plain))
        let secure = try Endpoint.parse("https://sonarr.fixture.invalid")
        XCTAssertNoThrow(try SchemePolicy.forEndpoint(.remote, userAllowsPlainHTTP: false).check(secure))
        XCTAssertFalse(SchemePolicy(allowsPlainHTTP: true).permits(scheme: "ftp"))
    }
}
