import Core
import Foundation
import SwitchyardTestSupport
import XCTest

final class FeatureStateTests: XCTestCase {
    private let date = Date(timeIntervalSince1970: 1_768_485_720)

    func testValueIsShownForContentAndStaleOnly() {
        XCTAssertEqual(FeatureState.content([1, 2], refreshedAt: date).value, [1, 2])
        XCTAssertEqual(FeatureState.stale([3], refreshedAt: date, recovery: .retry).value, [3])
        for state in [FeatureState<[Int]>.loading, .empty, .unavailable(.retry), .unauthorized, .disabled] {
            XCTAssertNil(state.value, "\(state) must not carry a value")
            XCTAssertNil(state.refreshedAt, "\(state) must not carry a refresh time")
        }
    }

    func testRefreshTimeTravelsWithTheValue() {
        XCTAssertEqual(FeatureState.stale(0, refreshedAt: date, recovery: .retry).refreshedAt, date)
        XCTAssertEqual(FeatureState.content(0, refreshedAt: date).refreshedAt, date)
    }

    func testEveryFailureStateOffersItsRecovery() {
        XCTAssertEqual(FeatureState<Int>.unauthorized.recovery, .updateCredentials)
        XCTAssertEqual(FeatureState<Int>.disabled.recovery, .enableService)
        XCTAssertEqual(FeatureState<Int>.unavailable(.configureEndpoint).recovery, .configureEndpoint)
        XCTAssertEqual(FeatureState.stale(1, refreshedAt: date, recovery: .retry).recovery, .retry)
        XCTAssertNil(FeatureState<Int>.loading.recovery)
        XCTAssertNil(FeatureState.content(1, refreshedAt: date).recovery)
        XCTAssertNil(FeatureState<Int>.empty.recovery)
    }
}
