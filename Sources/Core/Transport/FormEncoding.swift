import Foundation

/// `application/x-www-form-urlencoded` bodies: everything but unreserved
/// characters is percent-encoded, so a password with `&`, `=` or `+` survives.
public enum FormEncoding {
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    public static func encode(_ fields: [(String, String)]) -> Data {
        Data(fields.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&").utf8)
    }

    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}

/// A file part of a `multipart/form-data` body.
public struct FilePart: Sendable, Equatable {
    public var field: String
    public var filename: String
    public var contentType: String
    public var data: Data

    public init(field: String, filename: String, contentType: String, data: Data) {
        self.field = field
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }
}

/// `multipart/form-data` (RFC 7578): text fields, then files.
public enum MultipartEncoding {
    /// A boundary that does not occur in any part.
    public static func boundary(for parts: [Data]) -> String {
        var boundary = "switchyard-\(UUID().uuidString)"
        while parts.contains(where: { $0.range(of: Data(boundary.utf8)) != nil }) { boundary = "switchyard-\(UUID().uuidString)" }
        return boundary
    }

    public static func encode(_ fields: [(String, String)], files: [FilePart]) -> (body: Data, contentType: String) {
        let boundary = boundary(for: files.map(\.data) + fields.map { Data($0.1.utf8) })
        var body = Data()
        func line(_ text: String) { body.append(Data((text + "\r\n").utf8)) }
        for (name, value) in fields {
            line("--\(boundary)")
            line("Content-Disposition: form-data; name=\"\(quoted(name))\"")
            line("")
            line(value)
        }
        for file in files {
            line("--\(boundary)")
            line("Content-Disposition: form-data; name=\"\(quoted(file.field))\"; filename=\"\(quoted(file.filename))\"")
            line("Content-Type: \(file.contentType)")
            line("")
            body.append(file.data)
            line("")
        }
        line("--\(boundary)--")
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    /// Quotes and line breaks cannot end a header value early.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }
}
