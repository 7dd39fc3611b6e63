import Foundation

// What a details-pane action carries, checked before any request is made: a refused value sends nothing.
extension TransferDetailAction {
    /// The file indexes of a priority change, checked: never empty (Transmission reads an empty list as every file),
    /// never negative, each once.
    /// The folder of a move, checked: absolute on the client's machine (`/…`, or a Windows drive `C:\…` or share
    /// `\\server\…`), no control characters, not empty. A relative path would land wherever the client runs from.
    func checkedFolder() throws(ServiceError) -> String {
        guard case .moveData(let folder) = self else { throw .invalidRequest(.noItems) }
        guard TransferDetailAction.isAbsoluteFolder(folder) else { throw .invalidRequest(.folderNotAbsolute) }
        return folder
    }

    /// Whether `folder` is a place a move can name (see `checkedFolder`).
    public static func isAbsoluteFolder(_ folder: String) -> Bool {
        guard !folder.isEmpty, folder.count <= 4096, folder == folder.trimmingCharacters(in: .whitespaces),
              !folder.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return false }
        let scalars = Array(folder.unicodeScalars)
        if scalars[0] == "/" { return true }
        if folder.hasPrefix("\\\\"), scalars.count > 2 { return true }
        let letter = scalars[0].value | 0x20 // lower case, for ASCII letters
        return scalars.count >= 3 && (0x61...0x7A).contains(letter) && scalars[1] == ":" && (scalars[2] == "\\" || scalars[2] == "/")
    }

    /// The category of `.setCategory`, checked: none, or a name of at most 255 characters with no control characters
    /// and not only spaces.
    func checkedCategory() throws(ServiceError) -> String? {
        guard case .setCategory(let name) = self else { throw .invalidRequest(.noItems) }
        guard let name else { return nil }
        guard TransferDetailAction.isGroupName(name) else { throw .invalidRequest(.badGroupName) }
        return name
    }

    /// The labels of `.setLabels`, checked: each a name as above with no comma (Transmission refuses one), each once;
    /// an empty list takes them all away.
    func checkedLabels() throws(ServiceError) -> [String] {
        guard case .setLabels(let names) = self else { throw .invalidRequest(.noItems) }
        guard names.count <= 100, Set(names).count == names.count,
              names.allSatisfy({ TransferDetailAction.isGroupName($0) && !$0.contains(",") }) else { throw .invalidRequest(.badGroupName) }
        return names
    }

    /// Whether `name` can be a category or label.
    public static func isGroupName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 255 && name == name.trimmingCharacters(in: .whitespaces)
            && !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    }

    /// The limits of a speed change, checked: each none or between `minSpeedLimit` and `maxSpeedLimit`.
    func checkedLimits() throws(ServiceError) -> (down: Int64?, up: Int64?) {
        guard case .setSpeedLimits(let down, let up) = self else { throw .invalidRequest(.noItems) }
        for limit in [down, up] {
            if let limit, limit < TransferDetailAction.minSpeedLimit || limit > TransferDetailAction.maxSpeedLimit { throw .invalidRequest(.limitOutOfRange) }
        }
        return (down, up)
    }

    func checkedFiles() throws(ServiceError) -> [Int] {
        guard case .setFilePriority(_, let files) = self else { return [] }
        let unique = Array(Set(files)).sorted()
        guard !unique.isEmpty, unique.allSatisfy({ $0 >= 0 }) else { throw .invalidRequest(.noItems) }
        return unique
    }

    /// The name of a rename, checked: not empty, at most 255 characters, no control characters or slashes, not "." or
    /// ".." (Transmission renames a file or folder with it).
    func checkedName() throws(ServiceError) -> String {
        guard case .rename(let name) = self, TransferDetailAction.isTransferName(name) else { throw .invalidRequest(.badName) }
        return name
    }

    /// A file rename, checked: an index the client can have, a path, and a new last component that can be a name and
    /// differs from the one it has. Returns the path it has and the one it gets (the same folders).
    func checkedFileRename() throws(ServiceError) -> (index: Int, path: String, newPath: String) {
        guard case .renameFile(let index, let path, let name) = self, index >= 0, !path.isEmpty,
              TransferDetailAction.isTransferName(name) else { throw .invalidRequest(.badName) }
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let last = parts.last, !last.isEmpty, last != name else { throw .invalidRequest(.badName) }
        parts[parts.count - 1] = name
        return (index, path, parts.joined(separator: "/"))
    }

    /// Whether `name` can be a transfer's name (see `checkedName`).
    public static func isTransferName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 255 && name != "." && name != ".." && name == name.trimmingCharacters(in: .whitespaces)
            && !name.contains("/") && !name.contains("\\")
            && !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    }

    /// The announce URLs of a tracker change, checked: at least one, each an http(s) or udp URL with a host, no
    /// spaces or control characters, each once.
    func checkedTrackers() throws(ServiceError) -> [String] {
        let urls: [String] = switch self {
        case .addTrackers(let urls), .removeTrackers(let urls): urls
        case .replaceTracker(let old, let new): old == new ? [] : [old, new]
        default: []
        }
        guard !urls.isEmpty, urls.count <= 100, Set(urls).count == urls.count,
              urls.allSatisfy(TransferDetailAction.isTrackerURL) else { throw .invalidRequest(.badTrackerURL) }
        return urls
    }

    /// Whether `url` can be a tracker's announce URL.
    public static func isTrackerURL(_ url: String) -> Bool {
        guard url.utf8.count <= 2048, !url.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }),
              let parsed = URLComponents(string: url), let scheme = parsed.scheme?.lowercased(),
              ["http", "https", "udp"].contains(scheme), let host = parsed.host, !host.isEmpty else { return false }
        return true
    }

    /// Splits what the user typed into announce URLs: one per line (or separated by spaces), blank lines dropped.
    public static func trackerURLs(in text: String) -> [String] {
        text.split(whereSeparator: { $0.isNewline || $0 == " " || $0 == "\t" }).map(String.init)
    }
}
