import Foundation

/// How sizes, speeds, durations and times read in the window (one place, tested).
enum Formatting {
    /// The user's locale for numbers and for dates, from the environment the way POSIX ranks it
    /// (`LC_ALL`, then the category, then `LANG`). Foundation's current locale does not follow the
    /// environment on Linux; "C" and "POSIX" keep it (English digits and names).
    static let numbers = userLocale(category: "LC_NUMERIC")
    static let dates = userLocale(category: "LC_TIME")

    private static let numbersSeparator = numbers.decimalSeparator ?? "."

    static func userLocale(category: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Locale {
        let value = [environment["LC_ALL"], environment[category], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        // "de_DE.UTF-8@euro" → "de_DE"
        let name = String(value.prefix { $0 != "." && $0 != "@" })
        if name.isEmpty || name == "C" || name == "POSIX" { return .autoupdatingCurrent }
        return Locale(identifier: name)
    }

    /// "0 B", "512 B", "1.5 KB", "23 MB", "4.20 GB" — decimal units, as the services show them
    /// (the decimal separator the user's own: "1,5 KB" in German).
    static func bytes(_ value: Int64, locale: Locale = numbers) -> String {
        let value = max(0, value)
        if value < 1000 { return "\(value) B" }
        let units = ["B", "KB", "MB", "GB", "TB", "PB"]
        var unit = 1, divisor: Int64 = 1000
        while value / divisor >= 1000, unit < units.count - 1 {
            divisor *= 1000
            unit += 1
        }
        // Three significant digits, the last one rounded half up from the exact value; in integers (a list binds
        // thousands of these, and a printf of the binary fraction rounded 7,635 B down to 7.63 KB).
        let whole = value / divisor
        let digits = whole < 10 ? 2 : whole < 100 ? 1 : 0
        let places: Int64 = digits == 2 ? 100 : digits == 1 ? 10 : 1
        let step = divisor / places
        let scaled = value / step + (value % step * 2 >= step ? 1 : 0)
        var number = String(scaled / places)
        if digits > 0 {
            let fraction = String(scaled % places)
            let separator = locale == numbers ? numbersSeparator : locale.decimalSeparator ?? "."
            number += separator + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return number + " " + units[unit]
    }

    /// "20,000" / "20 000" / "20.000": a count grouped the way the user's language writes it.
    static func count(_ value: Int, locale: Locale = numbers) -> String {
        value.formatted(.number.locale(locale))
    }

    static func speed(_ bytesPerSecond: Int64) -> String {
        bytesPerSecond <= 0 ? "—" : bytes(bytesPerSecond) + "/s"
    }

    /// "45 s", "12 min", "3 h 5 min", "2 d 4 h"; nil (unknown, infinite) reads "—".
    static func duration(_ seconds: TimeInterval?) -> String {
        guard let seconds, seconds.isFinite, seconds >= 0 else { return "—" }
        let total = Int(seconds.rounded())
        // Translators: short units of a duration (seconds, minutes, hours, days), as in a transfer's ETA column.
        if total < 60 { return trc("duration", "%d s").fill(total) }
        if total < 3600 { return trc("duration", "%d min").fill(total / 60) }
        if total < 86_400 {
            return total % 3600 / 60 == 0 ? trc("duration", "%d h").fill(total / 3600)
                : trc("duration", "%1$d h %2$d min").fill(total / 3600, total % 3600 / 60)
        }
        return total % 86_400 / 3600 == 0 ? trc("duration", "%d d").fill(total / 86_400)
            : trc("duration", "%1$d d %2$d h").fill(total / 86_400, total % 86_400 / 3600)
    }

    static func percent(_ fraction: Double) -> String {
        "\(Int((max(0, min(1, fraction)) * 100).rounded(.down))) %"
    }

    /// "14:02" today, "Mon 14:02" within a week, else "15 Jan 14:02" — always a 24-hour clock, in
    /// the order and with the names of the user's language ("Mo. 14:02", "15. Jan., 14:02").
    static func time(_ date: Date, now: Date, calendar: Calendar = .current, locale: Locale = dates) -> String {
        let template = calendar.isDate(date, inSameDayAs: now) ? "HHmm"
            : abs(date.timeIntervalSince(now)) < 6 * 86_400 ? "EEEHHmm" : "dMMMHHmm"
        return format(date, template, calendar: calendar, locale: locale)
    }

    /// "1 Mar 2021" ("1. März 2021"): a date with its year (an album's release).
    static func date(_ date: Date, calendar: Calendar = .current, locale: Locale = dates) -> String {
        format(date, "yMMMd", calendar: calendar, locale: locale)
    }

    /// "Today", "Tomorrow", else "Thursday 15 January" ("Donnerstag, 15. Januar").
    static func day(_ date: Date, now: Date, calendar: Calendar = .current, locale: Locale = dates) -> String {
        if calendar.isDate(date, inSameDayAs: now) { return tr("Today") }
        if let tomorrow = calendar.date(byAdding: .day, value: 1, to: now), calendar.isDate(date, inSameDayAs: tomorrow) {
            return tr("Tomorrow")
        }
        return format(date, "EEEEdMMMM", calendar: calendar, locale: locale)
    }

    /// `date` in the locale's own order for the fields of `template` (a skeleton: "yMMMd").
    private static func format(_ date: Date, _ template: String, calendar: Calendar, locale: Locale) -> String {
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = locale
        formatter.setLocalizedDateFormatFromTemplate(template)
        return formatter.string(from: date)
    }
}
