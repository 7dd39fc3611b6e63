@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Refresh work yields the cores to the main thread: its threads run at a lower priority, the main
/// thread never does.
final class BackgroundPriorityTests: XCTestCase {
    func testARefreshThreadYieldsAndTheMainThreadNeverDoes() async throws {
        let (before, after): (Int32, Int32) = await Task.detached {
            let before = BackgroundPriority.current
            BackgroundPriority.yieldToInterface()
            return (before, BackgroundPriority.current)
        }.value
        XCTAssertLessThanOrEqual(before, BackgroundPriority.niceness)
        XCTAssertEqual(after, BackgroundPriority.niceness, "the worker thread runs at the lower priority")

        let main = await MainActor.run {
            let before = BackgroundPriority.current
            BackgroundPriority.yieldToInterface()
            return (before, BackgroundPriority.current)
        }
        XCTAssertEqual(main.1, main.0, "the main thread keeps its priority")
    }
}
