import CSoup

/// Digests by GLib's `GChecksum` (linked already, through libsoup): a torrent's info-hash is the SHA-1
/// of its bencoded `info` dictionary. Not for anything secret.
enum Checksum {
    /// SHA-1 of `bytes`, 40 lower-case hex digits.
    static func sha1Hex(_ bytes: ArraySlice<UInt8>) -> String {
        let checksum = g_checksum_new(G_CHECKSUM_SHA1)
        defer { g_checksum_free(checksum) }
        bytes.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { g_checksum_update(checksum, base, gssize(buffer.count)) }
        }
        return String(cString: g_checksum_get_string(checksum))
    }
}
