@testable import Core
import Foundation
import XCTest

/// Magnet links as the desktop hands them over (the rest of what Add Download takes is in TransferAddTests).
final class DownloadSourceTests: XCTestCase {
    private let hash = "a9993e364706816aba3e25717850c26c9cd0d89d"

    /// GIO can hand the desktop's handler a magnet link with an empty authority (GLib made a file of the URI and
    /// back): the same link, only the prefix differs. Nothing after the prefix changes.
    func testAMagnetLinkRewrittenByGIOIsTheSameLink() throws {
        for given in ["magnet:?xt=urn:btih:\(hash)&dn=Fixture+Name", "magnet:///?xt=urn:btih:\(hash)&dn=Fixture+Name",
                      "magnet://?xt=urn:btih:\(hash)&dn=Fixture+Name", " MAGNET:///?xt=urn:btih:\(hash)&dn=Fixture+Name\n"] {
            let source = try DownloadSource.link(given).get()
            XCTAssertEqual(source, .magnet("magnet:?xt=urn:btih:\(hash)&dn=Fixture+Name"), given)
            XCTAssertEqual(source.infoHash, hash, given)
            XCTAssertEqual(source.displayName, "Fixture Name", given)
        }
        XCTAssertEqual(AddCandidates.fromText("magnet:///?xt=urn:btih:\(hash)").map(\.source), [.success(.magnet("magnet:?xt=urn:btih:\(hash)"))])
    }

    /// Only those two empty-authority forms: a magnet with a host, or without its `?`, is not a link Switchyard hands on.
    func testOtherMagnetShapesAreStillRefused() {
        for given in ["magnet:xt=urn:btih:\(hash)", "magnet://fixture.invalid/?xt=urn:btih:\(hash)", "magnet:////?xt=urn:btih:\(hash)",
                      "magnet:///?xt=urn:btih:\(hash)\n/etc/passwd"] {
            XCTAssertEqual(DownloadSource.link(given), .failure(.notALink), given)
        }
    }
}
