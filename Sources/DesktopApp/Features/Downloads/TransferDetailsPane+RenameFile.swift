import CGtk
import Core
import Foundation

// The Files page's Rename File…: exactly one file picked (not a folder), a form starting from its name, one request
// naming the transfer and the file, the page read back after. The client renames the file on disk, in its folder.
extension TransferDetailsPane {
    /// The file picked on the Files page, when exactly one row is picked and it is a file.
    var pickedFile: TransferFile? {
        let keys = files.selectedKeys
        guard keys.count == 1, let key = keys.first, !key.hasPrefix(FileTree.folderPrefix), let index = Int(key) else { return nil }
        return fileTree?.files.first { $0.index == index }
    }

    func askRenameFile() {
        guard item != nil, let file = pickedFile, confirmation == nil else { return confirmation?.window.present() ?? () }
        let name = String(file.path.split(separator: "/").last ?? "")
        askOneField(title: tr("Rename “%s”").fill(name),
                    // Translators: %s is a download client's name.
                    detail: tr("%s renames the file on disk, in its folder. An orchestrator waiting for this transfer may no longer find it.").fill(clientName),
                    label: tr("New file name"), current: name, confirm: tr("Rename"), accepts: TransferDetailAction.isTransferName) {
            .renameFile(index: file.index, path: file.path, name: $0)
        }
    }

    /// Shown on the Files page; on for one file picked where the client renames files, saying why not otherwise.
    func updateRenameFileControl() {
        renameFileButton.visible = visiblePart == .files
        let probe = TransferDetailAction.renameFile(index: 0, path: "a", name: "b")
        let availability = item.map(probe.fits) == false ? .finishedEntry : kind?.availability(of: probe) ?? .unsupported
        let one = pickedFile != nil
        renameFileButton.sensitive = availability == .available && one && item != nil
        renameFileButton.tooltip = availability != .available ? Strings.detailUnavailable(availability, client: clientName)
            : one ? tr("Rename the file picked, on disk") : tr("Rename a file (pick one file first)")
    }
}
