import CGtk
import Core
import Foundation

// The Files page: the transfer's files as a tree (FileTree in Core), folders open until closed with Enter or a double
// click, each folder with its files' size, progress and priority ("Mixed" when they differ). Picking a folder picks
// every file in it for the Priority menu. A refresh with the same paths keeps the tree and what is open.
extension TransferDetailsPane {
    func addFileColumns() {
        files.column(tr("Name"), width: 240, expand: true) { [weak self] cell, key in
            guard let row = self?.fileRows[key] else { return cell.text("") }
            let open = !(self?.closedFolders.contains(key) ?? false)
            // A folder's arrow says whether it is open; files line up with the folders' names beside them.
            cell.text(row.isFolder ? (open ? "▾ " : "▸ ") + row.name : row.name)
            // Translators: %s is a folder's name in a transfer's files.
            cell.accessibleName(row.isFolder ? (open ? tr("Folder %s, open") : tr("Folder %s, closed")).fill(row.name) : row.name)
            cell.indent(Int32(row.depth * 18 + (row.isFolder ? 0 : 16)))
        }
        files.column(tr("Size"), width: files.width([Formatting.bytes(88_800_000_000)]), numeric: true) { [weak self] cell, key in
            cell.text(self?.fileRows[key].map { Formatting.bytes($0.sizeBytes) } ?? "")
        }
        files.column(tr("Progress"), width: 120, progress: true) { [weak self] cell, key in
            guard let row = self?.fileRows[key] else { return }
            cell.progress(row.progress, name: tr("Progress of %s").fill(row.name))
        }
        files.column(tr("Priority"), width: files.width(FilePriority.allCases.map(Self.priorityTitle) + [tr("Mixed")])) { [weak self] cell, key in
            guard let self, let row = self.fileRows[key] else { return cell.text("") }
            if let priority = row.priority { return cell.text(Self.priorityTitle(priority)) }
            cell.text(self.fileTree?.isMixed(key) == true ? tr("Mixed") : "—")
        }
        files.view.onActivate { [weak self] position in self?.toggleFolder(at: position) }
    }

    /// What the client answered for the files: the tree again only when the paths changed. The tree, its rows and
    /// their index are made off the main loop (10,000 files: tens of milliseconds); the rows are shown when they come,
    /// unless the pane moved on (another transfer, or a folder opened or closed meanwhile: then made again here).
    func showFiles(_ answer: [TransferFile]) {
        filesGeneration += 1
        let generation = filesGeneration, previous = fileTree, closed = closedFolders
        guard answer.count > Self.filesMadeHere else { // a few files: at once
            fileTree = previous?.updating(answer) ?? FileTree(answer)
            showFileRows()
            onFilesShown?(files.list.keys.count)
            return
        }
        filesBeingMade += 1
        Task { [weak self] in
            let made = await Task.detached(priority: .userInitiated) { () -> (FileTree, [FileTree.Row], [String: FileTree.Row]) in
                let tree = previous?.updating(answer) ?? FileTree(answer)
                let rows = tree.rows(collapsed: closed)
                return (tree, rows, Dictionary(rows.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first }))
            }.value
            self?.filesBeingMade -= 1
            guard let self, self.filesGeneration == generation else { return }
            self.fileTree = made.0
            self.apply(rows: made.1, index: made.2, toggled: nil)
            self.onFilesShown?(self.files.list.keys.count)
        }
    }

    /// Up to this many files the tree is made on the main loop (well under a millisecond).
    static let filesMadeHere = 500

    func showFileRows(alsoBinding toggled: String? = nil) {
        guard let fileTree else { return }
        let rows = fileTree.rows(collapsed: closedFolders)
        apply(rows: rows, index: Dictionary(rows.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first }), toggled: toggled)
    }

    private func apply(rows: [FileTree.Row], index: [String: FileTree.Row], toggled: String?) {
        let before = fileRows
        fileRows = index
        // Only the rows whose values changed are bound again (rows showing another key are, by the list).
        files.show(rows.map(\.key), changed: { $0 == toggled || before[$0] != index[$0] })
    }

    /// Opens or closes the folder at `position` (a file's row does nothing).
    func toggleFolder(at position: Int) {
        let keys = files.list.keys
        guard position >= 0, position < keys.count, fileRows[keys[position]]?.isFolder == true else { return }
        setFolder(keys[position], open: closedFolders.contains(keys[position]))
    }

    func setFolder(_ key: String, open: Bool) {
        filesGeneration += 1 // a read being made ready off the main loop was for the old set of open folders
        if open { closedFolders.remove(key) } else { closedFolders.insert(key) }
        showFileRows(alsoBinding: key) // its arrow
    }
}
