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

    /// Sizes are made by hand in integers (a list binds thousands): three significant digits, rounded half up from
    /// the exact value — checked against decimal arithmetic, value for value, with the edges (9.995 KB, 99.95 MB,
    /// 999.5 GB) and the halves printf got wrong from a binary fraction (7,635 B is 7.64 KB).
    func testSizesRoundHalfUpFromTheExactValue() {
        let american = Locale(identifier: "en_US")
        func reference(_ value: Int64) -> String {
            let units = ["B", "KB", "MB", "GB", "TB", "PB"]
            var exact = Decimal(value), unit = 0
            while exact >= 1000, unit < units.count - 1 { exact /= 1000; unit += 1 }
            if unit == 0 { return "\(value) B" }
            let digits = exact < 10 ? 2 : exact < 100 ? 1 : 0
            var rounded = Decimal()
            NSDecimalRound(&rounded, &exact, digits, .plain)
            var text = NSDecimalNumber(decimal: rounded).stringValue
            if digits > 0 {
                if !text.contains(".") { text += "." }
                text += String(repeating: "0", count: digits - text.split(separator: ".", omittingEmptySubsequences: false)[1].count)
            }
            return text + " " + units[unit]
        }
        var values: [Int64] = [0, 1, 999, 1000, 1005, 1015, 1_025, 7_635, 9_995, 9_994, 99_950, 99_949, 999_499, 999_500, 100_500,
                               102_500, 2_500_000, 18_400_000_000, 999_999_999_999_999_999, Int64.max]
        var seed: UInt64 = 42
        for _ in 0..<20_000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            values.append(Int64((seed >> 20) % (UInt64(1) << UInt64(10 + (seed % 40)))))
        }
        for value in values { XCTAssertEqual(Formatting.bytes(value, locale: american), reference(value), "\(value)") }
        XCTAssertEqual(Formatting.bytes(7_635, locale: american), "7.64 KB")
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
