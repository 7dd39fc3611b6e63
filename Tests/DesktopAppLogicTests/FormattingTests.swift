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

    func testTheLocaleComesFromTheEnvironmentAsPOSIXRanksIt() {
        XCTAssertEqual(Formatting.userLocale(category: "LC_TIME", environment: ["LANG": "de_DE.UTF-8"]).identifier, "de_DE")
        XCTAssertEqual(Formatting.userLocale(category: "LC_TIME", environment: ["LANG": "en_GB.UTF-8", "LC_TIME": "fr_FR.UTF-8@euro"]).identifier, "fr_FR")
        XCTAssertEqual(Formatting.userLocale(category: "LC_TIME", environment: ["LC_ALL": "nl_NL.UTF-8", "LC_TIME": "fr_FR.UTF-8"]).identifier, "nl_NL")
        XCTAssertEqual(Formatting.userLocale(category: "LC_NUMERIC", environment: ["LANG": "C.UTF-8"]), Locale.autoupdatingCurrent)
        XCTAssertEqual(Formatting.userLocale(category: "LC_NUMERIC", environment: [:]), Locale.autoupdatingCurrent)
    }

    func testSizesDaysAndTimesInTheUsersLanguageWithA24HourClock() throws {
        let german = Locale(identifier: "de_DE"), american = Locale(identifier: "en_US")
        XCTAssertEqual(Formatting.bytes(18_400_000_000, locale: german), "18,4 GB")
        XCTAssertEqual(Formatting.bytes(18_400_000_000, locale: american), "18.4 GB")
        XCTAssertEqual(Formatting.bytes(512, locale: german), "512 B")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let now = try XCTUnwrap(calendar.date(from: DateComponents(year: 2026, month: 11, day: 20, hour: 9)))
        let sunday = try XCTUnwrap(calendar.date(from: DateComponents(year: 2026, month: 11, day: 22, hour: 14, minute: 2)))
        let later = try XCTUnwrap(calendar.date(from: DateComponents(year: 2026, month: 12, day: 15, hour: 14, minute: 2)))
        XCTAssertEqual(Formatting.day(sunday, now: now, calendar: calendar, locale: german), "Sonntag, 22. November")
        XCTAssertEqual(Formatting.time(sunday, now: now, calendar: calendar, locale: german), "So. 14:02")
        XCTAssertTrue(Formatting.time(later, now: now, calendar: calendar, locale: german).hasPrefix("15. Dez"))
        let english = Formatting.time(sunday, now: now, calendar: calendar, locale: american)
        XCTAssertTrue(english.contains("14:02") && !english.contains("PM"), "a 24-hour clock in English too: \(english)")
        XCTAssertEqual(Formatting.time(now, now: now, calendar: calendar, locale: american), "09:00")
    }
}
