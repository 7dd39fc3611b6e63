import Foundation

/// Something to hand a transfer client (API-GUIDE-2 §6.1). Links are only ever `magnet:` or
/// `http(s)://`: qBittorrent's `urls` and Transmission's `filename` also read **paths on the
/// daemon's own disk**, so user text that is neither never reaches those fields. Files travel
/// as their bytes.
public enum DownloadSource: Sendable, Equatable {
    case magnet(String)
    case url(URL)
    case torrentFile(name: String, data: Data)
    case nzbFile(name: String, data: Data)

    public enum Family: Sendable, Equatable { case torrent, usenet }

    public enum Refusal: Error, Sendable, Equatable {
        /// Not a magnet link or an http(s) address (a path, `file:`, anything else).
        case notALink
        /// A `.torrent` that does not parse (no info dictionary).
        case notATorrent
        /// An `.nzb` that is not an NZB document.
        case notAnNZB
    }

    /// What the user typed or pasted, when it is a link Switchyard will hand on.
    public static func link(_ text: String) -> Result<DownloadSource, Refusal> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let magnet = magnetLink(trimmed), !magnet.contains(where: { $0.isNewline }) {
            return .success(.magnet(magnet))
        }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty, !trimmed.contains(where: { $0.isNewline || $0 == " " }) else {
            return .failure(.notALink)
        }
        return .success(.url(url))
    }

    /// `text` as a `magnet:?` link, or nil. GIO can hand a desktop's handler the link as a URI with an
    /// empty authority (`magnet:///?xt=…` or `magnet://?xt=…`: GLib made a file of it and back); that
    /// is the same link, and only the prefix is rewritten.
    static func magnetLink(_ text: String) -> String? {
        let lowered = text.lowercased()
        for prefix in ["magnet:?", "magnet:///?", "magnet://?"] where lowered.hasPrefix(prefix) {
            return "magnet:?" + text.dropFirst(prefix.count)
        }
        return nil
    }

    /// A file's bytes, by its content (not only its name).
    public static func file(name: String, data: Data) -> Result<DownloadSource, Refusal> {
        if TorrentMetainfo.infoHash(data) != nil { return .success(.torrentFile(name: name, data: data)) }
        let head = String(decoding: data.prefix(4096), as: UTF8.self).lowercased()
        if head.contains("<nzb") { return .success(.nzbFile(name: name, data: data)) }
        return .failure(name.lowercased().hasSuffix(".nzb") ? .notAnNZB : .notATorrent)
    }

    /// Torrent or usenet; an http(s) link could be either (the caller says by the client it picks).
    public var family: Family? {
        switch self {
        case .magnet, .torrentFile: .torrent
        case .nzbFile: .usenet
        case .url: nil
        }
    }

    /// The torrent's info-hash (lower-case hex) when it can be known before adding.
    public var infoHash: String? {
        switch self {
        case .magnet(let link): TorrentMetainfo.infoHash(magnet: link)
        case .torrentFile(_, let data): TorrentMetainfo.infoHash(data)
        case .url, .nzbFile: nil
        }
    }

    /// A name to show: the magnet's `dn`, the file's name, the URL's last path component.
    public var displayName: String {
        switch self {
        case .magnet(let link):
            // `dn` is form-encoded in the wild: "+" is a space.
            let name = URLComponents(string: link)?.queryItems?.first { $0.name == "dn" }?.value?.replacingOccurrences(of: "+", with: " ")
            return name ?? infoHash ?? link // no name, no hash: the link itself (words are the app's)
        case .url(let url): return url.lastPathComponent.isEmpty ? (url.host ?? url.absoluteString) : url.lastPathComponent
        case .torrentFile(let name, _), .nzbFile(let name, _): return name
        }
    }
}

/// How the client should hold what is added.
public struct AddOptions: Sendable, Equatable {
    /// qBittorrent category, Deluge label, Transmission label (4.0+), NZBGet/SABnzbd category; nil: none.
    public var category: String?
    public var paused: Bool

    public init(category: String? = nil, paused: Bool = false) {
        self.category = category.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        self.paused = paused
    }
}

/// What a client did with an add.
public enum AddOutcome: Sendable, Equatable {
    /// Added; the client's id for it when it says (a hash, an NZBID, an nzo id).
    case added(id: String?)
    /// The client holds it already (Transmission says "success" for these; it is still a duplicate).
    case duplicate(id: String?)
}

/// Transfer clients that take new downloads.
public protocol TransferAdding: ServiceClient {
    /// Which kinds of download the client takes.
    static var addable: DownloadSource.Family { get }
    func add(_ source: DownloadSource, options: AddOptions) async throws(ServiceError) -> AddOutcome
}

/// Reading `.torrent` files and magnet links, enough to know a torrent's info-hash.
public enum TorrentMetainfo {
    /// SHA-1 of the bencoded `info` dictionary, lower-case hex; nil when the data is not a torrent.
    public static func infoHash(_ data: Data) -> String? {
        let bytes = [UInt8](data)
        guard bytes.first == UInt8(ascii: "d") else { return nil }
        var index = 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "e") {
            guard let (key, afterKey) = string(bytes, index), let end = skip(bytes, afterKey) else { return nil }
            if key == Array("info".utf8) {
                guard bytes[afterKey] == UInt8(ascii: "d") else { return nil }
                return Checksum.sha1Hex(bytes[afterKey..<end])
            }
            index = end
        }
        return nil
    }

    /// `xt=urn:btih:` as 40 hex digits or 32 base32 letters, lower-case hex.
    public static func infoHash(magnet: String) -> String? {
        guard let items = URLComponents(string: magnet)?.queryItems else { return nil }
        for item in items where item.name == "xt" {
            guard let value = item.value, value.lowercased().hasPrefix("urn:btih:") else { continue }
            let hash = String(value.dropFirst("urn:btih:".count))
            if hash.count == 40, hash.allSatisfy(\.isHexDigit) { return hash.lowercased() }
            if hash.count == 32, let bytes = base32(hash.uppercased()) { return bytes.map { String(format: "%02x", $0) }.joined() }
        }
        return nil
    }

    private static func base32(_ text: String) -> [UInt8]? {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        var bits = 0, value = 0
        var out: [UInt8] = []
        for character in text {
            guard let index = alphabet.firstIndex(of: character) else { return nil }
            value = (value << 5) | index
            bits += 5
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((value >> bits) & 0xFF))
            }
        }
        return out.count == 20 ? out : nil
    }

    /// A bencoded byte string at `index`: its bytes and the index after it.
    private static func string(_ bytes: [UInt8], _ index: Int) -> ([UInt8], Int)? {
        var length = 0, cursor = index
        while cursor < bytes.count, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39 {
            length = length * 10 + Int(bytes[cursor] - 0x30)
            guard length < 1 << 26 else { return nil }
            cursor += 1
        }
        guard cursor > index, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":"), cursor + 1 + length <= bytes.count else { return nil }
        return (Array(bytes[(cursor + 1)..<(cursor + 1 + length)]), cursor + 1 + length)
    }

    /// The index after the bencoded value at `index` (iterative: no recursion on hostile nesting).
    private static func skip(_ bytes: [UInt8], _ index: Int) -> Int? {
        var cursor = index, depth = 0
        repeat {
            guard cursor < bytes.count else { return nil }
            switch bytes[cursor] {
            case UInt8(ascii: "d"), UInt8(ascii: "l"):
                depth += 1
                cursor += 1
            case UInt8(ascii: "e"):
                guard depth > 0 else { return nil }
                depth -= 1
                cursor += 1
            case UInt8(ascii: "i"):
                guard let end = bytes[cursor...].firstIndex(of: UInt8(ascii: "e")) else { return nil }
                cursor = end + 1
            default:
                guard let (_, next) = string(bytes, cursor) else { return nil }
                cursor = next
            }
        } while depth > 0
        return cursor
    }
}

/// What the user gave the Add Download dialog — pasted or dropped text, chosen or dropped files —
/// turned into sources, each with the words it was given as and why it was refused.
public enum AddCandidates {
    public struct Candidate: Sendable, Equatable {
        public var label: String
        public var source: Result<DownloadSource, DownloadSource.Refusal>

        public init(label: String, source: Result<DownloadSource, DownloadSource.Refusal>) {
            self.label = label
            self.source = source
        }
    }

    /// Largest file read (a .torrent or .nzb is far smaller; qBittorrent caps requests at 64 MiB).
    public static let maximumFileSize = 16 * 1024 * 1024

    /// One candidate per non-empty line; `file://` lines (a file manager's drop as text) are read as files.
    public static func fromText(_ text: String) -> [Candidate] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
            .flatMap { line -> [Candidate] in
                if line.lowercased().hasPrefix("file://"), let url = URL(string: line), url.isFileURL { return fromFiles([url]) }
                return [Candidate(label: line, source: DownloadSource.link(line))]
            }
    }

    /// Files on this machine, read by content.
    public static func fromFiles(_ urls: [URL]) -> [Candidate] {
        urls.map { url in
            let name = url.lastPathComponent
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                  (attributes[.size] as? Int ?? .max) <= maximumFileSize,
                  let data = FileManager.default.contents(atPath: url.path) else {
                return Candidate(label: name, source: .failure(name.lowercased().hasSuffix(".nzb") ? .notAnNZB : .notATorrent))
            }
            return Candidate(label: name, source: DownloadSource.file(name: name, data: data))
        }
    }
}
