/// Text on its way to the screen (a label, a title, a tooltip, an accessible name, a notification) without
/// the Unicode bidi controls that reorder what follows them: embeddings and overrides (U+202A–U+202E) and
/// isolates (U+2066–U+2069). A release title or file name from a service holding U+202E would otherwise
/// show reversed after it — the trick that disguises file names. Every text setter in this folder goes
/// through here; the data itself stays as the service sent it (an action names the item by its id).
enum ShownText {
    static func clean(_ text: String) -> String {
        // Each control is E2 80 AA…AE or E2 81 A6…A9 in UTF-8: look at the bytes before building anything.
        guard text.utf8.contains(0xE2), text.unicodeScalars.contains(where: isBidiControl) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.filter { !isBidiControl($0) })
        return String(scalars)
    }

    static func clean(_ text: String?) -> String? { text.map { clean($0) } }

    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}

/// Text with a mnemonic marker (`"_Cancel"`, `"Change its c_ategory"`; `"__"` is a literal underscore).
enum Mnemonic {
    /// The words as read: the marker gone, a doubled underscore one underscore.
    static func plain(_ text: String) -> String {
        var result = ""
        var pending = false
        for character in text {
            if character == "_", !pending { pending = true; continue }
            pending = false
            result.append(character)
        }
        return result
    }

    /// `text` (a service's name, a title) placed in a mnemonic label, its own underscores kept as written.
    static func escaped(_ text: String) -> String { text.replacingOccurrences(of: "_", with: "__") }
}
