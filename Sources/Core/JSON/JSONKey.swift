import Foundation

/// An object key as raw bytes, compared without allocating. Valid only
/// inside the `readObject` callback that received it.
public struct JSONKey {
    let bytes: UnsafeBufferPointer<UInt8>
    let escaped: Bool

    init(bytes: UnsafeBufferPointer<UInt8>, escaped: Bool) {
        self.bytes = bytes
        self.escaped = escaped
    }

    /// Whether the key is exactly `name` (keys with escapes never match: Servarr keys have none).
    @inline(__always)
    public func callAsFunction(_ name: StaticString) -> Bool {
        name.utf8CodeUnitCount == bytes.count && !escaped
            && memcmp(bytes.baseAddress!, name.utf8Start, bytes.count) == 0
    }

    public var string: String { String(decoding: bytes, as: UTF8.self) }
}
