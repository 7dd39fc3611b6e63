import Core
@testable import DesktopApp
import Foundation
import XCTest

/// Core hands over errors and values; the app's ErrorText puts them in words.
final class ErrorTextTests: XCTestCase {
    func testEveryKeyringErrorReadsDifferently() {
        let errors: [SecretStoreError] = [.noSessionBus, .noSecretService, .noCollection, .locked, .dismissed, .failed("x"),
                                          .unreadable(field: "extra-headers")]
        let sentences = Set(errors.map(ErrorText.sentence))
        XCTAssertEqual(sentences.count, errors.count, "each keyring failure reads differently")
    }

    func testEveryServiceErrorHasASentence() {
        let errors: [ServiceError] = [.unauthorized, .missingCredential, .authGateway, .noEndpoint, .notOffered, .cancelled,
                                      .wrongServiceKind(expected: .sonarr, found: "Radarr"), .incompatibleVersion(found: "2.0"),
                                      .serverMessage(status: 400, message: "fixture"), .decoding(path: "$[0]", detail: "x"),
                                      .keyring(.locked), .unavailable(.connectionRefused), .unavailable(.redirectRefused),
                                      .notConfigured, .invalidRequest(.noItems), .invalidRequest(.unsupportedLink),
                                      .invalidRequest(.sourceNotTaken), .invalidRequest(.mixedLists), .invalidRequest(.incomplete),
                                      .invalidRequest(.wholeLibrary), .refused(.notAdded), .refused(.rejected), .refused(.noDaemon),
                                      .refused(.daemonUnreachable), .refused(.noLabels), .refused(.said("fixture refusal")), .refused(.noSuchTransfer),
                                      .partlyDone(.addedWithoutCategory("fixture")), .partlyDone(.someFailed(failed: 1, of: 2, reason: "fixture"))]
        let sentences = errors.map(ErrorText.sentence)
        XCTAssertFalse(sentences.contains { $0.isEmpty })
        XCTAssertEqual(Set(sentences).count, errors.count)
        XCTAssertEqual(ErrorText.sentence(.wrongServiceKind(expected: .sonarr, found: "Radarr")),
                       "This address answers as Radarr, not Sonarr.")
    }

    /// Four things that once all read "This service does not offer that." now each say what happened;
    /// a client's refusal in a 200 answer is not passed off as the service's message.
    func testRefusalsAndProblemsSayWhatHappened() {
        XCTAssertNotEqual(ErrorText.sentence(.invalidRequest(.noItems)), ErrorText.sentence(.notOffered))
        XCTAssertEqual(ErrorText.sentence(.notConfigured).contains("not set up"), true)
        XCTAssertEqual(ErrorText.sentence(.refused(.said("Torrent already in session"))),
                       "The service refused the request: Torrent already in session")
        XCTAssertTrue(ErrorText.sentence(.partlyDone(.addedWithoutCategory("tv"))).hasPrefix("Added, but"))
        XCTAssertEqual(ServiceError.notConfigured.recovery, .configureEndpoint)
        XCTAssertEqual(ServiceError.refused(.notAdded).recovery, .retry)
    }

    /// The corrected messages: a service without an address no longer reads as a refused redirect.
    func testNoEndpointIsNotARedirect() {
        XCTAssertEqual(ErrorText.sentence(.noEndpoint),
                       "No address is set for this service. Enter its local or remote address in Settings.")
        XCTAssertNotEqual(ErrorText.sentence(.noEndpoint), ErrorText.sentence(.unavailable(.redirectRefused)))
        XCTAssertEqual(ErrorText.sentence(.keyring(.unreadable(field: "extra-headers"))),
                       "The gateway headers stored in the keyring for this service cannot be read. Enter them again in Settings.")
    }

    func testFormProblemsInWords() {
        var draft = ServiceDraft(adding: .sonarr)
        XCTAssertEqual(ErrorText.sentences(draft.problems()), ["Enter a local or a remote address."])
        draft.displayName = " "
        draft.remoteAddress = "http://sonarr.fixture.invalid"
        draft.headersText = "Host: other.fixture.invalid"
        XCTAssertEqual(ErrorText.sentences(draft.problems(requireCredential: true)), [
            "Give the service a name.",
            "Plain HTTP is never used for the remote address. Use https://.",
            "Line 1: Switchyard sets “Host” itself.",
            "Enter the API key.",
        ])
        let cases: [(EndpointError, EndpointRole, String)] = [
            (.plainHTTPNotAllowed, .local, "Plain HTTP needs “Allow plain HTTP on the local network” below."),
            (.credentialsInURL, .remote, "Do not put a user name or password in the address; use the fields below."),
            (.unsupportedScheme("ftp"), .remote, "“ftp://” is not supported. Use https:// or http://."),
            (.badPort, .remote, "The port must be a number from 1 to 65535."),
        ]
        for (error, role, sentence) in cases { XCTAssertEqual(ErrorText.sentence(error, role: role), sentence) }
    }

    func testSaveFailuresAndReports() throws {
        XCTAssertTrue(SaveFailure.rotationRefused(.unauthorized).sentence.contains("The stored credentials are unchanged."))
        XCTAssertTrue(SaveFailure.keyring(.noSecretService).sentence.hasPrefix("Nothing was saved. No keyring service is available."))
        XCTAssertEqual(SaveFailure.cacheNotRemoved(path: "/fixture/cache", reason: "Permission denied").sentence,
                       "The service was removed, but its cached content could not be deleted (Permission denied). "
                       + "You can delete /fixture/cache yourself.")
        let report = ConnectionReport(appName: "Sonarr", version: "4.0.19.2979", role: .remote,
                                      endpoint: try Endpoint.parse("https://sonarr.fixture.invalid"), latencyMilliseconds: 42)
        XCTAssertEqual(report.sentence, "Connected to Sonarr 4.0.19.2979 at the remote address (sonarr.fixture.invalid:443) in 42 ms.")
    }

    /// A 5xx is the service failing at its end, with its message; only a 4xx is a refusal of the request.
    func testAServerErrorIsAFailureNotARefusal() {
        XCTAssertEqual(ErrorText.sentence(.serverMessage(status: 500, message: "Indexer fixture failed: timeout")),
                       "The service failed while answering: Indexer fixture failed: timeout")
        XCTAssertEqual(ErrorText.sentence(.serverMessage(status: 503, message: "Metadata is down")),
                       "The service failed while answering: Metadata is down")
        XCTAssertEqual(ErrorText.sentence(.serverMessage(status: 400, message: "Unknown command")),
                       "The service refused the request: Unknown command")
    }

    /// Identifiers are written as they are, never grouped like a quantity ("TMDB 9404", not "TMDB 9,404").
    func testAnIdentifierIsNotGroupedLikeACount() {
        let request = MediaRequest(id: ResourceID(serviceID: UUID(), itemID: 1), status: .pending, mediaType: .movie,
                                   requestedBy: "Fixture Owner", tmdbID: 9404)
        XCTAssertEqual(RequestWords.title(request), "TMDB 9404")
        var dated = request
        dated.year = 2021
        XCTAssertEqual(RequestWords.title(dated), "TMDB 9404 (2021)")
    }
}
