import CGtk
import Foundation

/// The app's message catalogue (gettext through GLib). Every sentence the window shows goes
/// through `tr`, `trn` or `trc`; `make po` finds them by those names (xgettext in C mode), which
/// is why they take `StaticString`: a translatable string is one plain literal — no interpolation,
/// no `+` — with `%s`/`%d` (or `%1$s` to reorder) for what is filled in (`String.fill`).
enum Translation {
    static let domain = "switchyard"

    /// Binds the catalogue before GTK starts: after `g_dgettext`'s first call it no longer
    /// changes its mind about translating (GLib's documentation of g_dgettext).
    static func start(localeDirectory: URL?) {
        setlocale(LC_ALL, "")
        if let localeDirectory { bindtextdomain(domain, localeDirectory.path) }
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }
}

/// A message in the user's language.
func tr(_ message: StaticString) -> String {
    message.withUTF8Buffer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { text in
            String(cString: g_dgettext(Translation.domain, text.baseAddress))
        }
    }
}

/// A message with a count: the language's plural form for `count` ("1 transfer", "2 transfers").
func trn(_ singular: StaticString, _ plural: StaticString, _ count: Int) -> String {
    singular.withUTF8Buffer { one in
        plural.withUTF8Buffer { many in
            one.withMemoryRebound(to: CChar.self) { one in
                many.withMemoryRebound(to: CChar.self) { many in
                    String(cString: g_dngettext(Translation.domain, one.baseAddress, many.baseAddress, gulong(clamping: max(0, count))))
                }
            }
        }
    }
}

/// A message whose English is ambiguous, told apart by a context ("transfer state" "Checking").
func trc(_ context: StaticString, _ message: StaticString) -> String {
    context.withUTF8Buffer { context in
        message.withUTF8Buffer { message in
            context.withMemoryRebound(to: CChar.self) { context in
                message.withMemoryRebound(to: CChar.self) { message in
                    String(cString: g_dpgettext2(Translation.domain, context.baseAddress, message.baseAddress))
                }
            }
        }
    }
}

extension String {
    /// Fills a translated message's placeholders: `%s` and `%d` in order, `%1$s`/`%2$d` by
    /// position, `%%` as a percent sign. A number given for `%d` is grouped the way the user's
    /// language writes it ("2,000", "2.000").
    func fill(_ values: any CustomStringConvertible...) -> String {
        var result = ""
        var next = 0
        var index = startIndex
        while index < endIndex {
            let character = self[index]
            index = self.index(after: index)
            guard character == "%", index < endIndex else {
                result.append(character)
                continue
            }
            if self[index] == "%" {
                result.append("%")
                index = self.index(after: index)
                continue
            }
            var digits = ""
            var scan = index
            while scan < endIndex, let digit = self[scan].wholeNumberValue, self[scan].isASCII {
                digits.append(Character(String(digit)))
                scan = self.index(after: scan)
            }
            var position: Int?
            if !digits.isEmpty, scan < endIndex, self[scan] == "$" {
                position = Int(digits).map { $0 - 1 }
                scan = self.index(after: scan)
            } else {
                scan = index
            }
            guard scan < endIndex, self[scan] == "s" || self[scan] == "d" else {
                result.append(character)
                continue
            }
            let slot = position ?? next
            if position == nil { next += 1 }
            if values.indices.contains(slot) {
                let value = values[slot]
                if self[scan] == "d", let number = value as? Int {
                    result += Formatting.count(number)
                } else {
                    result += value.description
                }
            }
            index = self.index(after: scan)
        }
        return result
    }
}
