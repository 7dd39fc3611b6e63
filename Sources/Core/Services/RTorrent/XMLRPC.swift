import Foundation

/// An XML-RPC value (rTorrent's wire format, API-GUIDE-3 §4.2).
public indirect enum XMLRPCValue: Sendable, Equatable {
    case int(Int64)
    case bool(Bool)
    case string(String)
    case double(Double)
    case base64(Data)
    case array([XMLRPCValue])
    case structure([String: XMLRPCValue])
    case none

    public var string: String? { if case .string(let text) = self { text } else { nil } }
    public var int: Int64? {
        switch self {
        case .int(let value): value
        case .bool(let value): value ? 1 : 0
        case .double(let value): Int64(exactly: value.rounded())
        case .string(let text): Int64(text)
        default: nil
        }
    }
    public var array: [XMLRPCValue]? { if case .array(let items) = self { items } else { nil } }
}

/// Writes XML-RPC calls and reads their answers. The reader is a small pull parser over the bytes
/// for exactly what XML-RPC sends — a prolog, elements, text with the five entities and character
/// references — with a depth limit; anything else is a `.decoding` error, never a crash.
public enum XMLRPC {
    // MARK: Writing

    public static func call(_ method: String, _ params: [XMLRPCValue]) -> Data {
        var out = "<?xml version=\"1.0\"?><methodCall><methodName>\(escape(method))</methodName><params>"
        for param in params { out += "<param>"; write(param, to: &out); out += "</param>" }
        out += "</params></methodCall>"
        return Data(out.utf8)
    }

    static func write(_ value: XMLRPCValue, to out: inout String) {
        out += "<value>"
        switch value {
        case .int(let number): out += Int32(exactly: number) != nil ? "<i4>\(number)</i4>" : "<i8>\(number)</i8>"
        case .bool(let flag): out += "<boolean>\(flag ? 1 : 0)</boolean>"
        case .string(let text): out += "<string>\(escape(text))</string>"
        case .double(let number): out += "<double>\(number)</double>"
        case .base64(let data): out += "<base64>\(data.base64EncodedString())</base64>"
        case .array(let items):
            out += "<array><data>"
            for item in items { write(item, to: &out) }
            out += "</data></array>"
        case .structure(let members):
            out += "<struct>"
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                out += "<member><name>\(escape(name))</name>"
                write(member, to: &out)
                out += "</member>"
            }
            out += "</struct>"
        case .none: out += "<nil/>"
        }
        out += "</value>"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    // MARK: Reading

    /// The answer of a call: its one value, or the fault it carries (`faultCode`, `faultString`).
    public enum Answer: Sendable, Equatable {
        case value(XMLRPCValue)
        case fault(code: Int64, message: String)
    }

    public static func read(_ data: Data) throws(ServiceError) -> Answer {
        let result: Result<Answer, ServiceError> = data.withUnsafeBytes { raw in
            var reader = Reader(raw.bindMemory(to: UInt8.self))
            do throws(ServiceError) { return .success(try reader.response()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Reads over the answer's bytes in place (no copy, no reference counting per byte); tag names are
    /// compared as bytes and numbers parsed from them — only string values become Strings.
    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        static let maximumDepth = 64

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        func failure(_ detail: String) -> ServiceError { .decoding(path: "xmlrpc@\(index)", detail: detail) }

        /// The element names XML-RPC uses, as tags.
        enum Tag: Equatable {
            case methodResponse, params, param, fault, value, i4, int, i8, boolean, string, double, base64, dateTime, array, data, structure
            case member, name, `nil`, other

            init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
                func is_(_ literal: StaticString) -> Bool {
                    guard range.count == literal.utf8CodeUnitCount else { return false }
                    return literal.withUTF8Buffer { buffer in
                        for offset in 0..<range.count where bytes[range.lowerBound + offset] != buffer[offset] { return false }
                        return true
                    }
                }
                // The common ones first: a refresh is mostly value, i8, string, array and data.
                if is_("value") { self = .value } else if is_("i8") { self = .i8 } else if is_("string") { self = .string }
                else if is_("array") { self = .array } else if is_("data") { self = .data } else if is_("i4") { self = .i4 }
                else if is_("int") { self = .int } else if is_("struct") { self = .structure } else if is_("member") { self = .member }
                else if is_("name") { self = .name } else if is_("boolean") { self = .boolean } else if is_("double") { self = .double }
                else if is_("base64") { self = .base64 } else if is_("dateTime.iso8601") { self = .dateTime } else if is_("nil") { self = .nil }
                else if is_("params") { self = .params } else if is_("param") { self = .param } else if is_("fault") { self = .fault }
                else if is_("methodResponse") { self = .methodResponse } else { self = .other }
            }
        }

        mutating func response() throws(ServiceError) -> Answer {
            try open(.methodResponse)
            let (tag, _) = try openAny()
            let answer: Answer
            if tag == .params {
                try open(.param)
                try open(.value)
                answer = .value(try value(depth: 0))
                try close(.param)
                try close(.params)
            } else if tag == .fault {
                try open(.value)
                let detail = try value(depth: 0)
                try close(.fault)
                guard case .structure(let members) = detail else { throw failure("a fault without its struct") }
                answer = .fault(code: members["faultCode"]?.int ?? 0, message: members["faultString"]?.string ?? "")
            } else {
                throw failure("neither params nor fault")
            }
            try close(.methodResponse)
            return answer
        }

        /// A value whose `<value>` was just opened, up to and including its `</value>`.
        mutating func value(depth: Int) throws(ServiceError) -> XMLRPCValue {
            guard depth < Self.maximumDepth else { throw failure("nested too deep") }
            let leading = try textRange()
            guard let next = try peekTag() else { throw failure("unterminated value") }
            if next.closing {
                // No type element: a string.
                try close(.value)
                return .string(try string(leading))
            }
            guard bytes[leading].allSatisfy(Self.isSpace) else { throw failure("text before a typed value") }
            let (tag, empty) = try openAny()
            let result: XMLRPCValue
            if empty {
                switch tag {
                case .nil: result = .none
                case .string: result = .string("")
                case .array: result = .array([])
                case .structure: result = .structure([:])
                default: throw failure("an empty element where a value belongs")
                }
            } else {
                switch tag {
                case .i4, .int, .i8:
                    result = .int(try integer(try textRange()))
                case .boolean:
                    let number = try integer(try textRange())
                    guard number == 0 || number == 1 else { throw failure("not a boolean") }
                    result = .bool(number == 1)
                case .double:
                    guard let number = Double(try string(try textRange()).trimmingCharacters(in: .whitespaces)), number.isFinite else {
                        throw failure("not a double")
                    }
                    result = .double(number)
                case .string, .dateTime:
                    result = .string(try string(try textRange()))
                case .base64:
                    guard let data = Data(base64Encoded: try string(try textRange()).filter { !$0.isWhitespace }) else { throw failure("not base64") }
                    result = .base64(data)
                case .array:
                    let (inner, emptyData) = try openAny()
                    guard inner == .data else { throw failure("<data> expected") }
                    var items: [XMLRPCValue] = []
                    if !emptyData {
                        while let next = try peekTag(), !next.closing {
                            try open(.value)
                            items.append(try value(depth: depth + 1))
                        }
                        try close(.data)
                    }
                    result = .array(items)
                case .structure:
                    var members: [String: XMLRPCValue] = [:]
                    while let next = try peekTag(), !next.closing {
                        try open(.member)
                        try open(.name)
                        let key = try string(try textRange())
                        try close(.name)
                        try open(.value)
                        members[key] = try value(depth: depth + 1)
                        try close(.member)
                    }
                    result = .structure(members)
                default:
                    throw failure("unknown type")
                }
                try close(tag)
            }
            _ = try textRange()
            try close(.value)
            return result
        }

        // MARK: Lexing

        @inline(__always) static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

        mutating func skipMarkup() throws(ServiceError) {
            while true {
                while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<") else { return }
                let next = bytes[index + 1]
                if next == UInt8(ascii: "?") { try skip(past: "?>") }
                else if next == UInt8(ascii: "!") {
                    guard starts("<!--") else { throw failure("a DOCTYPE or CDATA") }
                    try skip(past: "-->")
                } else { return }
            }
        }

        func starts(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return literal.withUTF8Buffer { buffer in
                for offset in 0..<count where bytes[index + offset] != buffer[offset] { return false }
                return true
            }
        }

        mutating func skip(past literal: StaticString) throws(ServiceError) {
            while index < bytes.count {
                if starts(literal) { index += literal.utf8CodeUnitCount; return }
                index += 1
            }
            throw failure("unterminated markup")
        }

        /// The next tag without consuming it (after markup and whitespace): whether it closes.
        mutating func peekTag() throws(ServiceError) -> (tag: Tag, closing: Bool)? {
            try skipMarkup()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
            let saved = index
            defer { index = saved }
            index += 1
            let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
            if closing { index += 1 }
            return (Tag(bytes, try nameRange()), closing)
        }

        mutating func nameRange() throws(ServiceError) -> Range<Int> {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ">") || byte == UInt8(ascii: " ") || Self.isSpace(byte) { break }
                if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") { break }
                index += 1
            }
            guard index > start, index - start <= 64 else { throw failure("a tag name") }
            return start..<index
        }

        /// Opens any element: its tag, and whether it was empty (`<nil/>`).
        mutating func openAny() throws(ServiceError) -> (Tag, empty: Bool) {
            try skipMarkup()
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<"), bytes[index + 1] != UInt8(ascii: "/") else {
                throw failure("an element")
            }
            index += 1
            let tag = Tag(bytes, try nameRange())
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 } // no attributes in XML-RPC
            if starts("/>") { index += 2; return (tag, true) }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw failure("an element's end") }
            index += 1
            return (tag, false)
        }

        mutating func open(_ expected: Tag) throws(ServiceError) {
            let (tag, empty) = try openAny()
            guard tag == expected, !empty else { throw failure("\(expected) expected") }
        }

        mutating func close(_ expected: Tag) throws(ServiceError) {
            try skipMarkup()
            guard starts("</") else { throw failure("</\(expected)> expected") }
            index += 2
            guard Tag(bytes, try nameRange()) == expected else { throw failure("</\(expected)> expected") }
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw failure("an element's end") }
            index += 1
        }

        /// The character data up to the next `<`.
        mutating func textRange() throws(ServiceError) -> Range<Int> {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
            guard index < bytes.count else { throw failure("unterminated text") }
            return start..<index
        }

        /// Character data as a String, entities decoded.
        func string(_ range: Range<Int>) throws(ServiceError) -> String {
            let slice = UnsafeBufferPointer(rebasing: bytes[range])
            let text = String(decoding: slice, as: UTF8.self)
            guard slice.contains(UInt8(ascii: "&")) else { return text }
            return try Self.decodeEntities(text, failure: failure("an entity"))
        }

        /// A decimal integer, spaces around it allowed.
        func integer(_ range: Range<Int>) throws(ServiceError) -> Int64 {
            var lower = range.lowerBound, upper = range.upperBound
            while lower < upper, Self.isSpace(bytes[lower]) { lower += 1 }
            while upper > lower, Self.isSpace(bytes[upper - 1]) { upper -= 1 }
            var negative = false
            if lower < upper, bytes[lower] == UInt8(ascii: "-") || bytes[lower] == UInt8(ascii: "+") {
                negative = bytes[lower] == UInt8(ascii: "-")
                lower += 1
            }
            guard lower < upper, upper - lower <= 19 else { throw failure("not an integer") }
            var value: Int64 = 0
            for position in lower..<upper {
                let digit = bytes[position] &- UInt8(ascii: "0")
                guard digit < 10 else { throw failure("not an integer") }
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(Int64(digit))
                guard !overflow, !overflow2 else { throw failure("an integer out of range") }
                value = sum
            }
            return negative ? -value : value
        }

        static func decodeEntities(_ text: String, failure: ServiceError) throws(ServiceError) -> String {
            var out = ""
            var rest = Substring(text)
            while let amp = rest.firstIndex(of: "&") {
                out += rest[..<amp]
                guard let semicolon = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semicolon) <= 10 else { throw failure }
                let entity = rest[rest.index(after: amp)..<semicolon]
                switch entity {
                case "amp": out += "&"
                case "lt": out += "<"
                case "gt": out += ">"
                case "quot": out += "\""
                case "apos": out += "'"
                default:
                    let number = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16)
                        : entity.hasPrefix("#") ? UInt32(entity.dropFirst(), radix: 10) : nil
                    guard let number, let scalar = Unicode.Scalar(number) else { throw failure }
                    out.unicodeScalars.append(scalar)
                }
                rest = rest[rest.index(after: semicolon)...]
            }
            return out + rest
        }
    }
}
