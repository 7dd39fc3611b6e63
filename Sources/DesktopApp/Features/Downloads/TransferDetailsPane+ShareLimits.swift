import CGtk
import Core
import Foundation

// The details pane's share limits form (More ▸ Share Limits…): when the transfer stops seeding, in the parts its
// client keeps per transfer. Each part starts from what the client reports; Cancel is the default.
extension TransferDetailsPane {
    /// One row of the form: which limit, its choice (the client's setting, none, its own) and its own value.
    @MainActor private struct ShareRow {
        let dropDown: DropDown
        let spin: SpinButton
        let choices: [Choice]

        enum Choice { case clientDefault, unlimited, own }

        var choice: Choice { choices[max(0, min(choices.count - 1, dropDown.selected))] }
    }

    func askShareLimits() {
        guard let item, confirmation == nil else { return confirmation?.window.present() ?? () }
        let support = kind?.shareLimitSupport ?? .none
        let now = generalRead?.shareLimits ?? ShareLimits()
        let choices: [ShareRow.Choice] = support.clientDefault ? [.clientDefault, .unlimited, .own] : [.unlimited, .own]
        let names = StringList()
        // Translators: %s is a download client's name; the choices of each share limit.
        names.replaceAll(with: choices.map { choice in
            switch choice {
            case .clientDefault: tr("As in %s's settings").fill(clientName)
            case .unlimited: tr("No limit")
            case .own: tr("Stop at")
            }
        })
        let grid = Grid(rowSpacing: 8, columnSpacing: 12)
        var rows: [ShareRow] = []
        func add(_ label: String, choice choiceName: String, name: String, unit: String, spin: SpinButton, current: ShareRow.Choice, value: Double?) {
            let row = Int32(rows.count)
            let caption = Label.line(label)
            caption.xalign = 0
            let dropDown = DropDown(names, name: choiceName)
            dropDown.selected = choices.firstIndex(of: current) ?? choices.count - 1
            spin.setAccessibleLabel(name)
            if let value { spin.value = value }
            let entry = ShareRow(dropDown: dropDown, spin: spin, choices: choices)
            spin.sensitive = entry.choice == .own
            dropDown.onSelected { spin.sensitive = entry.choice == .own }
            grid.attach(caption, column: 0, row: row)
            grid.attach(dropDown, column: 1, row: row)
            grid.attach(spin, column: 2, row: row)
            if !unit.isEmpty { grid.attach(Label.line(unit, classes: ["dim-label"]), column: 3, row: row) }
            rows.append(entry)
        }
        func choice<Value>(_ limit: ShareLimit<Value>?) -> ShareRow.Choice {
            switch limit {
            case .clientDefault?: support.clientDefault ? .clientDefault : .unlimited
            case .unlimited?: .unlimited
            case .value?: .own
            case nil: support.clientDefault ? .clientDefault : .unlimited
            }
        }
        var parts: [String] = []
        if support.ratio {
            var ratio: Double?
            if case .value(let value)? = now.ratio { ratio = value }
            add(tr("Ratio"), choice: tr("Ratio limit"), name: tr("Ratio at which it stops seeding"), unit: "",
                spin: SpinButton(min: ShareLimits.minRatio, max: ShareLimits.maxRatio, step: 0.1, digits: 2),
                current: choice(now.ratio), value: ratio ?? 2)
            parts.append("ratio")
        }
        // Translators: the unit of the seeding time fields.
        let minutes = tr("minutes")
        if support.seedingTime {
            var value: Int?
            if case .value(let own)? = now.seedingMinutes { value = own }
            add(tr("Seeding time"), choice: tr("Seeding time limit"), name: tr("Minutes of seeding after which it stops"), unit: minutes,
                spin: SpinButton(min: 1, max: Double(ShareLimits.maxMinutes), step: 60), current: choice(now.seedingMinutes), value: Double(value ?? 1440))
            parts.append("seeding")
        }
        if support.idleTime {
            var value: Int?
            if case .value(let own)? = now.idleMinutes { value = own }
            add(tr("Idle time"), choice: tr("Idle time limit"), name: tr("Minutes without anyone downloading after which it stops"), unit: minutes,
                spin: SpinButton(min: 1, max: Double(ShareLimits.maxMinutes), step: 10), current: choice(now.idleMinutes), value: Double(value ?? 30))
            parts.append("idle")
        }
        guard !rows.isEmpty else { return }
        let send: () -> TransferDetailAction = {
            var limits = ShareLimits()
            for (part, row) in zip(parts, rows) {
                switch (part, row.choice) {
                case ("ratio", .clientDefault): limits.ratio = .clientDefault
                case ("ratio", .unlimited): limits.ratio = .unlimited
                case ("ratio", .own): limits.ratio = .value((row.spin.value * 100).rounded() / 100)
                case (_, .clientDefault): part == "seeding" ? (limits.seedingMinutes = .clientDefault) : (limits.idleMinutes = .clientDefault)
                case (_, .unlimited): part == "seeding" ? (limits.seedingMinutes = .unlimited) : (limits.idleMinutes = .unlimited)
                case (_, .own):
                    let value = ShareLimit<Int>.value(Int(row.spin.value.rounded()))
                    part == "seeding" ? (limits.seedingMinutes = value) : (limits.idleMinutes = value)
                }
            }
            return .setShareLimits(limits)
        }
        confirmation = ConfirmDialog(
            over: widget, title: tr("Share limits of “%s”").fill(item.name),
            // Translators: %s is a download client's name.
            detail: support.idleTime
                ? tr("When this transfer stops seeding. Idle time counts the minutes in which nobody downloads from it; %s stops it at whichever limit comes first.").fill(clientName)
                : tr("When this transfer stops seeding; %s stops it at whichever limit comes first.").fill(clientName),
            confirm: tr("Set Limits"), form: [grid], destructive: false,
            answer: { [weak self] _ in self?.onAction?(send(), item) },
            onEnd: { [weak self] in self?.confirmation = nil })
    }
}
