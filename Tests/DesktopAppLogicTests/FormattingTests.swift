@testable import DesktopApp
import Foundation
import XCTest

/// Counts read the way the user's language writes them ("20000 movies" was printed raw).
final class FormattingTests: XCTestCase {
    func testCountsAreGroupedByLocale() {
        XCTAssertEqual(Formatting.count(20000, locale: Locale(identifier: "en_US")), "20,000")
        XCTAssertEqual(Formatting.count(20000, locale: Locale(identifier: "de_DE")), "20.000")
        let french = Formatting.count(20000, locale: Locale(identifier: "fr_FR"))
        XCTAssertEqual(french.unicodeScalars.filter { CharacterSet.decimalDigits.contains($0) }.count, 5)
        XCTAssertFalse(french.contains(","), "French groups with a space: \(french)")
        XCTAssertEqual(Formatting.count(7, locale: Locale(identifier: "en_US")), "7")
    }
}
