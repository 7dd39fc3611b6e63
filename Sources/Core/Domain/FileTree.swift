import Foundation

/// A transfer's files as folders and files, for a list: each row at its depth, a folder's contents after it while it
/// is expanded. Folders come from the files' paths (`/`-separated); a folder's size, what is done of it and its
/// priority (one shared by all its files, or none when they differ) are its files'. Built once per list of paths;
/// `updating` takes new sizes, progress and priorities for the same paths without building again.
public struct FileTree: Sendable {
    public struct Row: Sendable, Equatable {
        /// A file's key is its client index ("12"); a folder's is "d:" and its path.
        public let key: String
        public let name: String
        public let depth: Int
        public let isFolder: Bool
        public let sizeBytes: Int64
        public let doneBytes: Int64
        /// A file's; a folder's when every file in it has the same one; nil otherwise (or none known).
        public let priority: FilePriority?
        public var progress: Double { sizeBytes > 0 ? Double(doneBytes) / Double(sizeBytes) : 1 }
    }

    private struct Folder: Sendable {
        let name: String
        let depth: Int
        /// Children in name order: a folder's path, or a file's position in `files`.
        var children: [Child] = []
        /// Positions in `files` of every file inside it.
        var first = 0, count = 0
        var sizeBytes: Int64 = 0
        var doneBytes: Int64 = 0
        var priority: FilePriority?
        var mixed = false
    }

    private enum Child: Sendable { case folder(String), file(Int) }

    /// The files in the tree's order (by path, numbers in names read as numbers).
    public private(set) var files: [TransferFile]
    /// Each file's row key and name, by its place in `files` (made once: a refresh lists the same paths).
    private var fileKeys: [String] = []
    private var fileNames: [String] = []
    private var folders: [String: Folder] = [:]
    private var top: [Child] = []
    /// The client's file indexes with their paths, in the order given: the same list of paths needs no new tree.
    public let signature: [String]

    public static let folderPrefix = "d:"

    public init(_ given: [TransferFile]) {
        signature = given.map { "\($0.index)\u{0}\($0.path)" }
        // Component by component, so that a folder's files stay together ("a/z" before "a b/y" whatever the collation).
        let split = given.map { $0.path.split(separator: "/", omittingEmptySubsequences: true) }
        let order = given.indices.sorted { a, b in
            for (x, y) in zip(split[a], split[b]) where x != y {
                return String(x).localizedStandardCompare(String(y)) == .orderedAscending
            }
            return split[a].count != split[b].count ? split[a].count < split[b].count : given[a].index < given[b].index
        }
        files = order.map { given[$0] }
        fileKeys = files.map { String($0.index) }
        fileNames = order.map { split[$0].last.map(String.init) ?? given[$0].path }
        for (position, parts) in order.map({ split[$0] }).enumerated() {
            var parent: String?
            var path = ""
            for (depth, part) in parts.dropLast().enumerated() {
                path = path.isEmpty ? String(part) : path + "/" + part
                if folders[path] == nil {
                    folders[path] = Folder(name: String(part), depth: depth, first: position)
                    add(.folder(path), to: parent)
                }
                folders[path]?.count += 1
                parent = path
            }
            add(.file(position), to: parent)
        }
        total()
    }

    private mutating func add(_ child: Child, to parent: String?) {
        if let parent { folders[parent]?.children.append(child) } else { top.append(child) }
    }

    /// Sums each folder's files (in component order a folder's files are consecutive: `first`, `count`).
    private mutating func total() {
        for path in folders.keys {
            var folder = folders[path]!
            var size: Int64 = 0, done: Int64 = 0
            var priority: FilePriority?, mixed = false
            for position in folder.first..<(folder.first + folder.count) {
                let file = files[position]
                size = size.addingReportingOverflow(file.sizeBytes).overflow ? .max : size + file.sizeBytes
                done = done.addingReportingOverflow(file.doneBytes).overflow ? .max : done + file.doneBytes
                if position == folder.first { priority = file.priority } else if priority != file.priority { mixed = true }
            }
            folder.sizeBytes = size
            folder.doneBytes = done
            folder.priority = mixed ? nil : priority
            folder.mixed = mixed
            folders[path] = folder
        }
    }

    /// The same paths with new sizes, progress and priorities (a refresh); nil when the paths changed.
    public func updating(_ given: [TransferFile]) -> FileTree? {
        guard given.count == signature.count, zip(given, signature).allSatisfy({ "\($0.index)\u{0}\($0.path)" == $1 }) else { return nil }
        var tree = self
        let byIndex = Dictionary(given.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        tree.files = files.map { byIndex[$0.index] ?? $0 }
        tree.total()
        return tree
    }

    /// The rows shown with the folders in `collapsed` (by key) closed.
    public func rows(collapsed: Set<String>) -> [Row] {
        var rows: [Row] = []
        rows.reserveCapacity(files.count + folders.count)
        func visit(_ children: [Child], depth: Int) {
            for child in children {
                switch child {
                case .file(let position):
                    let file = files[position]
                    rows.append(Row(key: fileKeys[position], name: fileNames[position], depth: depth, isFolder: false,
                                    sizeBytes: file.sizeBytes, doneBytes: file.doneBytes, priority: file.priority))
                case .folder(let path):
                    guard let folder = folders[path] else { continue }
                    let key = Self.folderPrefix + path
                    rows.append(Row(key: key, name: folder.name, depth: depth, isFolder: true, sizeBytes: folder.sizeBytes,
                                    doneBytes: folder.doneBytes, priority: folder.priority))
                    if !collapsed.contains(key) { visit(folder.children, depth: depth + 1) }
                }
            }
        }
        visit(top, depth: 0)
        return rows
    }

    /// The client's indexes of the files a key stands for: the file itself, or every file inside a folder.
    public func fileIndexes(_ key: String) -> [Int] {
        guard key.hasPrefix(Self.folderPrefix) else { return Int(key).map { [$0] } ?? [] }
        guard let folder = folders[String(key.dropFirst(Self.folderPrefix.count))] else { return [] }
        return files[folder.first..<(folder.first + folder.count)].map(\.index)
    }

    /// Whether the folder's files have different priorities.
    public func isMixed(_ key: String) -> Bool {
        key.hasPrefix(Self.folderPrefix) && folders[String(key.dropFirst(Self.folderPrefix.count))]?.mixed == true
    }

    public var folderCount: Int { folders.count }
}
