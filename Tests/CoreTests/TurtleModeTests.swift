@testable import Core
import XCTest

/// Turtle mode on the clients that have no alternative-speed setting of their own (Deluge, NZBGet, SABnzbd,
/// rTorrent): one rule for what is set and what is kept to restore.
final class TurtleModeTests: XCTestCase {
    func testOnKeepsTheLimitsOffRestoresThem() {
        let turtle: Int64 = TurtleMode.downloadLimit
        let on = TurtleMode.plan(true, current: 5_000_000, turtle: turtle, kept: nil, unlimited: 0)
        XCTAssertEqual(on.set, turtle)
        XCTAssertEqual(on.keep, 5_000_000)
        // On again (the limits are turtle mode's already): the first limits stay kept.
        let again = TurtleMode.plan(true, current: turtle, turtle: turtle, kept: on.keep, unlimited: 0)
        XCTAssertEqual(again.set, turtle)
        XCTAssertEqual(again.keep, 5_000_000)
        let off = TurtleMode.plan(false, current: nil, turtle: turtle, kept: again.keep, unlimited: 0)
        XCTAssertEqual(off.set, 5_000_000)
        XCTAssertNil(off.keep)
        // Off with nothing kept (another session turned it on): unlimited, in the client's own word for it.
        let unknown = TurtleMode.plan(false, current: nil, turtle: TurtleMode.Pair(1024.0, 256.0), kept: nil, unlimited: .init(-1, -1))
        XCTAssertEqual(unknown.set, TurtleMode.Pair(-1.0, -1.0))
    }
}
