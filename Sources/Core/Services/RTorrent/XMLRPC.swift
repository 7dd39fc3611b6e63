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
        var reader = Reader(Array(data))
        return try reader.response()
    }

    struct Reader {
        let bytes: [UInt8]
        var index = 0
        static let maximumDepth = 64

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func failure(_ detail: String) -> ServiceError { .decoding(path: "xmlrpc@\(index)", detail: detail) }

        mutating func response() throws(ServiceError) -> Answer {
            try open("methodResponse")
            let name = try openAny()
            let answer: Answer
            if name == "params" {
                try open("param")
                try open("value")
                answer = .value(try value(depth: 0))
                try close("param")
                try close("params")
            } else if name == "fault" {
                try open("value")
                let detail = try value(depth: 0)
                try close("fault")
                guard case .structure(let members) = detail else { throw failure("a fault without its struct") }
                answer = .fault(code: members["faultCode"]?.int ?? 0, message: members["faultString"]?.string ?? "")
            } else {
                throw failure("neither params nor fault")
            }
            try close("methodResponse")
            return answer
        }

        /// A value whose `<value>` was just opened, up to and including its `</value>`.
        mutating func value(depth: Int) throws(ServiceError) -> XMLRPCValue {
            guard depth < Self.maximumDepth else { throw failure("nested too deep") }
            let leading = try text()
            guard let tag = try peekTag() else { throw failure("unterminated value") }
            if tag.closing {
                // No type element: a string.
                try close("value")
                return .string(leading)
            }
            guard leading.allSatisfy(\.isWhitespace) else { throw failure("text before a typed value") }
            let name = try openAny(allowEmpty: true)
            let result: XMLRPCValue
            switch name {
            case "nil/": result = .none
            case "string/": result = .string("")
            case "i4", "int", "i8":
                let raw = try text().trimmingCharacters(in: .whitespaces)
                guard let number = Int64(raw) else { throw failure("not an integer: \(raw.prefix(20))") }
                result = .int(number)
                try close(name)
            case "boolean":
                let raw = try text().trimmingCharacters(in: .whitespaces)
                guard raw == "0" || raw == "1" else { throw failure("not a boolean") }
                result = .bool(raw == "1")
                try close(name)
            case "double":
                guard let number = Double(try text().trimmingCharacters(in: .whitespaces)), number.isFinite else { throw failure("not a double") }
                result = .double(number)
                try close(name)
            case "string", "dateTime.iso8601":
                result = .string(try text())
                try close(name)
            case "base64":
                guard let data = Data(base64Encoded: try text().filter { !$0.isWhitespace }) else { throw failure("not base64") }
                result = .base64(data)
                try close(name)
            case "array":
                try open("data", allowEmpty: true)
                var items: [XMLRPCValue] = []
                if !lastWasEmpty {
                    while let next = try peekTag(), !next.closing {
                        try open("value")
                        items.append(try value(depth: depth + 1))
                    }
                    try close("data")
                }
                try close("array")
                result = .array(items)
            case "struct":
                var members: [String: XMLRPCValue] = [:]
                while let next = try peekTag(), !next.closing {
                    try open("member")
                    try open("name")
                    let key = try text()
                    try close("name")
                    try open("value")
                    members[key] = try value(depth: depth + 1)
                    try close("member")
                }
                try close("struct")
                result = .structure(members)
            default:
                throw failure("unknown type \(name.prefix(20))")
            }
            _ = try text()
            try close("value")
            return result
        }

        // MARK: Lexing

        var lastWasEmpty = false

        mutating func skipMarkup() throws(ServiceError) {
            while true {
                skipSpace()
                if starts("<?") { try skip(past: "?>") }
                else if starts("<!--") { try skip(past: "-->") }
                else if starts("<!") { throw failure("a DOCTYPE or CDATA") }
                else { return }
            }
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
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

        /// The next tag without consuming it (after markup and whitespace): its name, and whether it closes.
        mutating func peekTag() throws(ServiceError) -> (name: String, closing: Bool)? {
            try skipMarkup()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
            let saved = index
            defer { index = saved }
            index += 1
            let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
            if closing { index += 1 }
            return (try name(), closing)
        }

        mutating func name() throws(ServiceError) -> String {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: " "),
                  !(bytes[index] == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ">")) {
                index += 1
            }
            guard index > start, index - start <= 64 else { throw failure("a tag name") }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// Opens any element: its name, `name/` when it was empty (`<nil/>`).
        mutating func openAny(allowEmpty: Bool = false) throws(ServiceError) -> String {
            try skipMarkup()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "/") else {
                throw failure("an element")
            }
            index += 1
            let tag = try name()
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 } // no attributes in XML-RPC
            if allowEmpty, starts("/>") { index += 2; lastWasEmpty = true; return tag + "/" }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw failure("an element's end") }
            index += 1
            lastWasEmpty = false
            return tag
        }

        mutating func open(_ expected: String, allowEmpty: Bool = false) throws(ServiceError) {
            let tag = try openAny(allowEmpty: allowEmpty)
            guard tag == expected || (allowEmpty && tag == expected + "/") else { throw failure("<\(expected)> expected") }
        }

        mutating func close(_ expected: String) throws(ServiceError) {
            try skipMarkup()
            guard starts("</") else { throw failure("</\(expected)> expected") }
            index += 2
            guard try name() == expected else { throw failure("</\(expected)> expected") }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw failure("an element's end") }
            index += 1
        }

        /// Character data up to the next `<`, entities decoded.
        mutating func text() throws(ServiceError) -> String {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
            guard index < bytes.count else { throw failure("unterminated text") }
            let raw = bytes[start..<index]
            guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
            return try Self.decodeEntities(String(decoding: raw, as: UTF8.self), failure: failure("an entity"))
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
