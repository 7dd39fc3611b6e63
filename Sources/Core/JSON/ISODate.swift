import Foundation

/// Parses the ISO 8601 forms services send, without a formatter (formatters
/// are slow and locale-bound): "yyyy-MM-dd", "yyyy-MM-ddTHH:mm:ss", optional
/// fraction, then "Z", "±hh:mm" or nothing (taken as UTC).
enum ISODate {
    static func parse(_ text: String) -> Date? {
        var copy = text
        return copy.withUTF8 { parse($0) }
    }

    static func parse(_ b: UnsafeBufferPointer<UInt8>) -> Date? {
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= b.count else { return nil }
            var value = 0
            for _ in 0..<count {
                let byte = b[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
                index += 1
            }
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < b.count, b[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(45), let month = digits(2), expect(45), let day = digits(2),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        if index == b.count { return Date(timeIntervalSince1970: seconds) }
        guard expect(UInt8(ascii: "T")) || expect(UInt8(ascii: " ")),
              let hour = digits(2), expect(58), let minute = digits(2), hour < 24, minute < 60 else { return nil }
        var second = 0
        if expect(58) {
            guard let value = digits(2), value < 61 else { return nil }
            second = value
        }
        seconds += Double(hour * 3600 + minute * 60 + second)
        if expect(46) { // fraction
            var scale = 0.1
            let start = index
            while index < b.count, b[index] >= 48, b[index] <= 57 {
                seconds += Double(b[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        if index == b.count || expect(UInt8(ascii: "Z")) {
            return index == b.count ? Date(timeIntervalSince1970: seconds) : nil
        }
        let sign: Double
        if expect(43) { sign = 1 } else if expect(45) { sign = -1 } else { return nil }
        guard let offsetHours = digits(2) else { return nil }
        _ = expect(58)
        let offsetMinutes = digits(2) ?? 0
        guard index == b.count else { return nil }
        seconds -= sign * Double(offsetHours * 3600 + offsetMinutes * 60)
        return Date(timeIntervalSince1970: seconds)
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// .NET TimeSpan text: "hh:mm:ss", "d.hh:mm:ss", with an optional fraction.
    static func timeSpan(_ text: String) -> TimeInterval? {
        var days = 0.0
        var rest = Substring(text)
        let negative = rest.hasPrefix("-")
        if negative { rest = rest.dropFirst() }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var hoursPart = parts[0]
        if let dot = hoursPart.firstIndex(of: ".") {
            guard let value = Double(hoursPart[..<dot]) else { return nil }
            days = value
            hoursPart = hoursPart[hoursPart.index(after: dot)...]
        }
        guard let hours = Double(hoursPart), let minutes = Double(parts[1]), let seconds = Double(parts[2]),
              hours >= 0, minutes >= 0, minutes < 60, seconds >= 0, seconds < 60 else { return nil }
        let total = days * 86_400 + hours * 3600 + minutes * 60 + seconds
        return negative ? -total : total
    }
}
