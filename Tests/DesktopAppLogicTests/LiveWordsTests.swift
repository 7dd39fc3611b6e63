import Core
@testable import DesktopApp
import XCTest

/// What the Overview and `switchyard --status` say about each instance's live channel: a word for the
/// facts line and, while it polls, which failure it was — each one its own sentence, the ones the
/// user can act on saying what to do.
final class LiveWordsTests: XCTestCase {
    func testEveryPollingReasonSaysWhatHappened() {
        XCTAssertNil(Strings.live(nil), "a service without a live channel says nothing")
        XCTAssertEqual(Strings.live(.live)?.word, "live")
        XCTAssertNil(Strings.live(.live)?.reason)
        let reasons: [LivePollingReason] = [.refused, .unreachable, .answered(status: 503), .hubNotFound, .redirected(status: 301),
                                            .versionTooOld(version: "3.0.10.1567"), .unreadable, .handshakeFailed, .dropped]
        let sentences = reasons.map { Strings.live(.polling($0))?.reason ?? "" }
        XCTAssertEqual(Set(sentences).count, reasons.count, "each reason reads differently")
        XCTAssertTrue(sentences.allSatisfy { $0.hasPrefix("Live updates: ") && ($0.hasSuffix(".") || $0.hasSuffix("?")) }, "\(sentences)")
        XCTAssertEqual(Strings.live(.polling(.hubNotFound))?.word, "polling")
        XCTAssertTrue(sentences[3].contains("reverse proxy") && sentences[3].contains("WebSocket"), "404: the proxy, not the version")
        XCTAssertFalse(sentences[3].contains("version"))
        XCTAssertTrue(sentences[4].contains("redirected") && sentences[4].contains("301") && sentences[4].contains("does not follow"))
        XCTAssertTrue(sentences[5].contains("3.0.10.1567"), "too old: the version it reported")
        XCTAssertTrue(sentences[6].contains("could not be read"))
        XCTAssertTrue(sentences[0].contains("Settings"), "a refused key: where to fix it")
        XCTAssertEqual(Set(reasons.map(StatusReport.reasonName)).count, reasons.count, "each has its own name in --status --json")
    }
}
