import Foundation

/// A fast pull reader over UTF-8 JSON bytes, for the large service payloads
/// (a 20,000-movie library is tens of MB). It never builds a tree: decoders
/// walk objects key by key, read the fields they map and skip the rest.
/// Errors carry the JSON path of the failure ("$.records[3].size").
///
/// Use it inside `JSONReader.read(data) { reader in … }`; the bytes are only
/// valid for the duration of that call.
public struct JSONReader {
    public enum Kind: Equatable, Sendable { case object, array, string, number, bool, null }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// The path to the value being read: object keys as byte ranges, array indices.
    private var path: [PathStep] = []

    private enum PathStep {
        case key(Range<Int>)
        case index(Int)
    }

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        path.reserveCapacity(16)
    }

    /// Runs `body` with a reader over `data`, then checks only whitespace follows.
    public static func read<T>(_ data: Data, _ body: (inout JSONReader) throws(ServiceError) -> T) throws(ServiceError) -> T {
        let result: Result<T, ServiceError> = data.withUnsafeBytes { raw in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self))
            return Result { () throws(ServiceError) -> T in
                let value = try body(&reader)
                reader.skipWhitespace()
                if reader.position < reader.bytes.count { throw reader.failure("unexpected data after the value") }
                return value
            }
        }
        return try result.get()
    }

    // MARK: Structure

    /// The kind of the next value (after whitespace).
    public mutating func peek() throws(ServiceError) -> Kind {
        skipWhitespace()
        guard position < bytes.count else { throw failure("unexpected end of data") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw failure("unexpected character")
        }
    }

    /// Consumes `null` if it is next; returns whether it did.
    public mutating func consumeNull() throws(ServiceError) -> Bool {
        guard try peek() == .null else { return false }
        try expectLiteral("null")
        return true
    }

    /// Calls `body` once per key of the next object; `body` must consume the
    /// value (read it or `skipValue()`). A `null` instead of an object reads as empty.
    public mutating func readObject(_ body: (inout JSONReader, JSONKey) throws(ServiceError) -> Void) throws(ServiceError) {
        if try consumeNull() { return }
        try expect(UInt8(ascii: "{"), "an object")
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let range = try scanStringRange()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':'")
            path.append(.key(range.content))
            try body(&self, JSONKey(bytes: UnsafeBufferPointer(rebasing: bytes[range.content]), escaped: range.escaped))
            path.removeLast()
            skipWhitespace()
            guard position < bytes.count else { throw failure("unterminated object") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return }
            throw failure("expected ',' or '}'")
        }
    }

    /// Calls `body` once per element of the next array; `body` must consume it.
    /// A `null` instead of an array reads as empty.
    public mutating func readArray(_ body: (inout JSONReader, Int) throws(ServiceError) -> Void) throws(ServiceError) {
        if try consumeNull() { return }
        try expect(UInt8(ascii: "["), "an array")
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return }
        var index = 0
        while true {
            path.append(.index(index))
            try body(&self, index)
            path.removeLast()
            index += 1
            skipWhitespace()
            guard position < bytes.count else { throw failure("unterminated array") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return }
            throw failure("expected ',' or ']'")
        }
    }

    /// Skips the next value whatever it is, checking its syntax.
    public mutating func skipValue() throws(ServiceError) {
        switch try peek() {
        case .object: try readObject { reader, _ throws(ServiceError) in try reader.skipValue() }
        case .array: try readArray { reader, _ throws(ServiceError) in try reader.skipValue() }
        case .string: _ = try scanStringRange()
        case .number: _ = try scanNumberRange()
        case .bool: _ = try readBool()
        case .null: try expectLiteral("null")
        }
    }

    // MARK: Scalars (nil for null; a value of another type is an error)

    public mutating func readString() throws(ServiceError) -> String? {
        if try consumeNull() { return nil }
        guard try peek() == .string else { throw failure("expected a string") }
        let range = try scanStringRange()
        let slice = UnsafeBufferPointer(rebasing: bytes[range.content])
        return range.escaped ? try unescape(slice) : String(decoding: slice, as: UTF8.self)
    }

    public mutating func readBool() throws(ServiceError) -> Bool? {
        switch try peek() {
        case .null: try expectLiteral("null"); return nil
        case .bool:
            if bytes[position] == UInt8(ascii: "t") { try expectLiteral("true"); return true }
            try expectLiteral("false"); return false
        default: throw failure("expected true or false")
        }
    }

    /// An integer; a number with a fraction or exponent is truncated toward zero
    /// (C# decimals and doubles where an integer is expected).
    public mutating func readInt64() throws(ServiceError) -> Int64? {
        if try consumeNull() { return nil }
        guard try peek() == .number else { throw failure("expected a number") }
        let range = try scanNumberRange()
        var value: Int64 = 0
        var index = range.lowerBound
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        while index < range.upperBound, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int64(bytes[index] - UInt8(ascii: "0")))
            if overflow1 || overflow2 { throw failure("number out of range") }
            value = sum
            index += 1
        }
        if index < range.upperBound { // fraction or exponent: fall back to Double
            let double = parseDouble(range)
            guard double.isFinite, abs(double) < 9.2e18 else { throw failure("number out of range") }
            return Int64(double)
        }
        return negative ? -value : value
    }

    public mutating func readInt() throws(ServiceError) -> Int? {
        guard let value = try readInt64() else { return nil }
        guard let small = Int(exactly: value) else { throw failure("number out of range") }
        return small
    }

    public mutating func readDouble() throws(ServiceError) -> Double? {
        if try consumeNull() { return nil }
        guard try peek() == .number else { throw failure("expected a number") }
        return parseDouble(try scanNumberRange())
    }

    /// An ISO 8601 date-time string ("2026-01-15T14:02:00Z", fractions and
    /// offsets allowed), or a date alone ("2026-01-15", as UTC midnight).
    public mutating func readDate() throws(ServiceError) -> Date? {
        if try consumeNull() { return nil }
        guard try peek() == .string else { throw failure("expected a date string") }
        let range = try scanStringRange()
        guard !range.escaped, let date = ISODate.parse(UnsafeBufferPointer(rebasing: bytes[range.content])) else {
            throw failure("expected an ISO 8601 date")
        }
        return date
    }

    // MARK: Lenient forms: a value of the wrong type is skipped and reads as nil

    public mutating func lenientString() throws(ServiceError) -> String? {
        try peek() == .string ? try readString() : skipReturningNil()
    }
    public mutating func lenientInt() throws(ServiceError) -> Int? {
        try peek() == .number ? try readInt() : skipReturningNil()
    }
    public mutating func lenientInt64() throws(ServiceError) -> Int64? {
        try peek() == .number ? try readInt64() : skipReturningNil()
    }
    public mutating func lenientDouble() throws(ServiceError) -> Double? {
        try peek() == .number ? try readDouble() : skipReturningNil()
    }
    public mutating func lenientBool() throws(ServiceError) -> Bool? {
        try peek() == .bool ? try readBool() : skipReturningNil()
    }
    public mutating func lenientDate() throws(ServiceError) -> Date? {
        guard try peek() == .string else { return try skipReturningNil() }
        let start = position
        do { return try readDate() } catch {
            position = start
            try skipValue()
            return nil
        }
    }

    private mutating func skipReturningNil<T>() throws(ServiceError) -> T? {
        try skipValue()
        return nil
    }

    // MARK: Errors

    /// A decoding error at the current path.
    public func failure(_ detail: String) -> ServiceError {
        var text = "$"
        for step in path {
            switch step {
            case .key(let range): text += "." + String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            case .index(let index): text += "[\(index)]"
            }
        }
        return .decoding(path: text, detail: detail)
    }

    // MARK: Scanning

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(ServiceError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { throw failure("expected \(what)") }
        position += 1
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(ServiceError) {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count,
              memcmp(bytes.baseAddress! + position, literal.utf8Start, count) == 0 else {
            throw failure("invalid literal")
        }
        position += count
    }

    /// Scans a string starting at its opening quote; returns the content range
    /// (without quotes) and whether it holds escapes. Control characters are refused.
    private mutating func scanStringRange() throws(ServiceError) -> (content: Range<Int>, escaped: Bool) {
        position += 1 // opening quote
        let start = position
        var escaped = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let range = start..<position
                position += 1
                return (range, escaped)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                position += 2
                continue
            }
            if byte < 0x20 { throw failure("control character in a string") }
            position += 1
        }
        throw failure("unterminated string")
    }

    private mutating func scanNumberRange() throws(ServiceError) -> Range<Int> {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let digitsStart = position
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        guard position > digitsStart else { throw failure("invalid number") }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            let fractionStart = position
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            guard position > fractionStart else { throw failure("invalid number") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            let exponentStart = position
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            guard position > exponentStart else { throw failure("invalid number") }
        }
        return start..<position
    }

    @inline(__always) private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func parseDouble(_ range: Range<Int>) -> Double {
        // Numbers are short; copy into a NUL-terminated stack buffer for strtod.
        let count = min(range.count, 63)
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            for offset in 0..<count { buffer[offset] = CChar(bitPattern: bytes[range.lowerBound + offset]) }
            buffer[count] = 0
            return strtod(buffer.baseAddress!, nil)
        }
    }

    private func unescape(_ slice: UnsafeBufferPointer<UInt8>) throws(ServiceError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(slice.count)
        var index = 0
        while index < slice.count {
            let byte = slice[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 1 < slice.count else { throw failure("bad escape") }
            let code = slice[index + 1]
            index += 2
            switch code {
            case UInt8(ascii: "\""): output.append(0x22)
            case UInt8(ascii: "\\"): output.append(0x5C)
            case UInt8(ascii: "/"): output.append(0x2F)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(slice, at: index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) { // surrogate pair
                    if index + 6 <= slice.count, slice[index] == UInt8(ascii: "\\"), slice[index + 1] == UInt8(ascii: "u"),
                       case let low = try hex4(slice, at: index + 2), (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    scalar = 0xFFFD
                }
                output.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
            default:
                throw failure("bad escape")
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private func hex4(_ slice: UnsafeBufferPointer<UInt8>, at index: Int) throws(ServiceError) -> UInt32 {
        guard index + 4 <= slice.count else { throw failure("bad \\u escape") }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = slice[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("bad \\u escape")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
