import CGtk
import Core
import Foundation

// The details pane's category or labels: qBittorrent's category and Deluge's label from the client's own list,
// rTorrent's label as any word, Transmission's labels as a list of words. The list is read when the form opens.
extension TransferDetailsPane {
    /// The words of the control for what the client calls its names.
    static func groupWords(_ grouping: TransferGrouping) -> (button: String, tooltip: String) {
        switch grouping {
        case .category: (tr("Category…"), tr("Put the transfer in a category"))
        case .label: (tr("Label…"), tr("Give the transfer a label"))
        case .labels: (tr("Labels…"), tr("Set the transfer's labels"))
        }
    }

    /// Reads the names the transfer's category or labels can take, then asks which.
    func askGroups() {
        guard let item, confirmation == nil, let readGroups else { return confirmation?.window.present() ?? () }
        status.text = tr("Reading…")
        Task { [weak self] in
            let result = await readGroups(item)
            guard let self, self.item?.id == item.id, self.confirmation == nil else { return }
            self.status.text = ""
            switch result {
            case .success(.pluginOff):
                // Translators: %s is a download client's name (Deluge).
                self.onNotice?(tr("%s has no labels: its Label plugin is off").fill(self.clientName),
                               // Translators: %s is a download client's name (Deluge).
                               [tr("Switch the Label plugin on in %s's preferences, then add labels there.").fill(self.clientName)])
            case .success(let choices): self.askGroups(of: item, from: choices)
            case .failure(let error):
                self.onNotice?(tr("Could not read the names “%s” can take").fill(item.name), [ErrorText.sentence(error)])
            }
        }
    }

    /// The form: a list of the client's own names (and None), or a field for any name or names.
    func askGroups(of item: TransferItem, from choices: GroupChoices) {
        let grouping = kind?.transferGrouping ?? .category
        var form: [any WidgetRef] = []
        var focus: Entry?
        let send: () -> TransferDetailAction?
        switch choices {
        case .oneOf(let names):
            let list = StringList()
            list.replaceAll(with: [tr("None")] + names)
            let dropDown = DropDown(list, name: grouping == .category ? tr("Category") : tr("Label"))
            dropDown.selected = (item.category.flatMap { names.firstIndex(of: $0) }).map { $0 + 1 } ?? 0
            form = [dropDown]
            send = { dropDown.selected == 0 ? .setCategory(nil) : .setCategory(names[dropDown.selected - 1]) }
        case .anyName, .anyNames:
            let field = Entry(placeholder: grouping == .labels ? tr("tv, hd") : tr("tv"), activatesDefault: false)
            field.text = grouping == .labels ? item.labels.joined(separator: ", ") : item.category ?? ""
            field.setAccessibleLabel(grouping == .labels ? tr("Labels, separated by commas") : tr("Label"))
            form = [field]
            focus = field
            send = {
                if grouping == .labels {
                    let names = field.text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                    var seen = Set<String>()
                    return .setLabels(names.filter { seen.insert($0).inserted })
                }
                let name = field.text.trimmingCharacters(in: .whitespaces)
                return .setCategory(name.isEmpty ? nil : name)
            }
        case .pluginOff:
            return
        }
        let words: (title: String, detail: String) = switch grouping {
        // Translators: %s is a transfer's name; %2$s (in the detail) a download client's.
        case .category: (tr("Category of “%s”").fill(item.name), tr("One of %s's categories; the orchestrators find their downloads by it.").fill(clientName))
        case .label: (tr("Label of “%s”").fill(item.name), tr("One label in %s; the orchestrators find their downloads by it.").fill(clientName))
        case .labels: (tr("Labels of “%s”").fill(item.name), tr("Words separated by commas; the list replaces the transfer's labels in %s.").fill(clientName))
        }
        // Translators: %s is a download client's name (SABnzbd).
        let also = kind?.categorySetsJobSettings == true ? " " + tr("%s also gives the job the category's priority and post-processing.").fill(clientName) : ""
        confirmation = ConfirmDialog(
            over: widget, title: words.title, detail: words.detail + also, confirm: tr("Set"), form: form, destructive: false,
            answer: { [weak self] _ in if let action = send() { self?.onAction?(action, item) } },
            onEnd: { [weak self] in self?.confirmation = nil })
        _ = focus?.grabFocus() // a field to type in; a list keeps Cancel focused
    }
}
