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
