import CGtk
import Core
import Foundation

// A usenet job's priority (More ▸ Priority…): one of the priorities its client has, starting from the one it reports.
// SABnzbd resumes a paused job when its priority changes: the form says so for a paused job before anything is sent.
extension TransferDetailsPane {
    /// The priorities the client shown takes, highest last.
    var jobPriorities: [JobPriority] {
        JobPriority.allCases.filter { kind?.availability(of: .setJobPriority($0)) == .available }
    }

    func askPriority() {
        guard let item, confirmation == nil else { return confirmation?.window.present() ?? () }
        let choices = jobPriorities
        guard !choices.isEmpty else { return }
        let names = StringList()
        names.replaceAll(with: choices.map(Self.priorityTitle))
        let dropDown = DropDown(names, name: tr("Priority"))
        dropDown.selected = choices.firstIndex(of: generalRead?.jobPriority ?? .normal) ?? choices.firstIndex(of: .normal) ?? 0
        // Translators: %s is a download client's name.
        var detail = tr("Where the job stands in %s's queue: higher ones download first; Force downloads even while the queue is paused.").fill(clientName)
        if item.state == .paused, kind?.priorityResumesPausedJob == true {
            // Translators: %s is a download client's name (SABnzbd).
            detail += " " + tr("This job is paused: %s resumes it when its priority changes.").fill(clientName)
        }
        confirmation = ConfirmDialog(
            over: widget, title: tr("Priority of “%s”").fill(item.name), detail: detail,
            confirm: tr("Set"), form: [dropDown], destructive: false,
            answer: { [weak self] _ in
                let picked = choices[max(0, min(choices.count - 1, dropDown.selected))]
                self?.onAction?(.setJobPriority(picked), item)
            },
            onEnd: { [weak self] in self?.confirmation = nil })
    }
}
