@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

final class JSONReaderTests: XCTestCase {
    private func read<T>(_ text: String, _ body: (inout JSONReader) throws(ServiceError) -> T) throws(ServiceError) -> T {
        try JSONReader.read(Data(text.utf8), body)
    }

    func testStringsWithEscapesAndUnicode() throws {
        let value = try read(#"["plain", "q\"uote\\ \/ \n\t", "caf\u00e9 \ud83c\udfac", "ünïcödé", "\ud800 lone"]"#) { r throws(ServiceError) in
            try r.decodeList { r throws(ServiceError) in try r.readString() }
        }
        XCTAssertEqual(value, ["plain", "q\"uote\\ / \n\t", "café 🎬", "ünïcödé", "\u{FFFD} lone"])
    }

    func testNumbers() throws {
        let ints = try read("[0, -12, 9007199254740993, 1.9, -2.5e2, 3E1]") { r throws(ServiceError) in
            try r.decodeList { r throws(ServiceError) in try r.readInt64() }
        }
        XCTAssertEqual(ints, [0, -12, 9_007_199_254_740_993, 1, -250, 30])
        let doubles = try read("[0.5, -1e-3, 12]") { r throws(ServiceError) in
            try r.decodeList { r throws(ServiceError) in try r.readDouble() }
        }
        XCTAssertEqual(doubles, [0.5, -0.001, 12])
    }

    func testSkipsNestedValuesAndReadsTheFieldsAsked() throws {
        let text = #"{"skip": {"a": [1, {"b": [true, false, null]}, "x"]}, "keep": "yes", "also": [[], {}]}"#
        let kept = try read(text) { r throws(ServiceError) -> String? in
            var kept: String?
            try r.readObject { r, key throws(ServiceError) in
                if key("keep") { kept = try r.readString() } else { try r.skipValue() }
            }
            return kept
        }
        XCTAssertEqual(kept, "yes")
    }

    func testErrorsNameTheJSONPath() {
        let text = #"{"records": [{"size": 1}, {"size": "big"}]}"#
        XCTAssertThrowsError(try read(text) { r throws(ServiceError) in
            try r.readObject { r, _ throws(ServiceError) in
                _ = try r.decodeList { r throws(ServiceError) -> Double? in
                    var size: Double?
                    try r.readObject { r, key throws(ServiceError) in
                        if key("size") { size = try r.readDouble() } else { try r.skipValue() }
                    }
                    return size
                }
            }
        }) { error in
            XCTAssertEqual(error as? ServiceError, .decoding(path: "$.records[1].size", detail: "expected a number"))
        }
    }

    func testMalformedInputIsRejected() {
        for text in ["", "[1,]", "{\"a\" 1}", "[1 2]", "\"open", "[tru]", "{\"a\":1}}", "[01x]", "nul", "[\"a\u{01}\"]", "-", "1."] {
            XCTAssertThrowsError(try read(text) { r throws(ServiceError) in try r.skipValue() }, "accepted \(text.debugDescription)")
        }
    }

    func testDatesAndTimeSpans() throws {
        let dates = try read(#"["2026-01-15T14:02:00Z", "2026-01-15T14:02:00.5Z", "2026-01-15T16:02:00+02:00", "2026-01-15", "2026-01-15T14:02:00"]"#) { r throws(ServiceError) in
            try r.decodeList { r throws(ServiceError) in try r.readDate() }
        }
        let expected = Date(timeIntervalSince1970: 1_768_485_720)
        XCTAssertEqual(dates, [expected, expected.addingTimeInterval(0.5), expected,
                               Date(timeIntervalSince1970: 1_768_435_200), expected])
        XCTAssertEqual(ISODate.timeSpan("00:01:30"), 90)
        XCTAssertEqual(ISODate.timeSpan("2.03:00:00"), 2 * 86_400 + 3 * 3600)
        XCTAssertEqual(ISODate.timeSpan("00:00:01.5"), 1.5)
        XCTAssertNil(ISODate.timeSpan("soon"))
        XCTAssertNil(ISODate.timeSpan("1:99:00"))
    }
}
