/// A status enum whose cases include `unknown(raw)`: cached as the service's own word,
/// read back through the same mapping the decoders use.
public protocol RawCodable: Codable {
    init(_ raw: String?)
    var rawValue: String { get }
}

extension RawCodable {
    public init(from decoder: Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
