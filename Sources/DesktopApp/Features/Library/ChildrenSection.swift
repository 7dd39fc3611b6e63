import CGtk
import Core
import Foundation

/// The levels below a library item on its detail page: one heading per group (a season, an album)
/// with what its level offers — a monitored switch, a search, an interactive search — and a list of
/// its children (episodes, tracks), each with its check, number, title, date, file state, search and
/// interactive search as its level offers them. Words come from the kind's presentation.
@MainActor
final class ChildrenSection {
    /// What the detail page appends, in order.
    private(set) var widgets: [any WidgetRef] = []
    /// The buttons of the commands it offers (the page dims them while their command runs).
    private(set) var commandButtons: [LibraryCommand: Button] = [:]
    private var groupSwitches: [Int: Switch] = [:]
    /// The buttons over every group at once, where the kind has them (tests).
    private(set) var monitorEveryGroup: Button?
    private(set) var searchMissingGroups: Button?
    private var checks: [Int: CheckButton] = [:]
    /// Each child row's changing parts, for a live message to update in place.
    private var rows: [Int: (name: Label, date: Label, file: Label)] = [:]
    /// Set while a live message updates rows: a check set by it is not the user's toggle.
    private var patching = false

    /// `current`: the child as the page has it now; `isBusy`: a write is on its way; `request`: sends one.
    init(presentation: LibraryPresentation, item: Resource, groups: [ChildGroup], now: Date,
         current: @escaping (Int) -> Child?, isBusy: @escaping () -> Bool, request: @escaping (LibraryRequest) -> Void) {
        let kind = presentation.kind
        if kind.groups?.batchCommands == true, groups.count > 1 { widgets.append(everyGroup(presentation, item: item, groups: groups, now: now, request: request)) }
        for group in groups {
            let groupName = presentation.groupName(group)
            let header = Box.horizontal(spacing: 8)
            let heading = Label.heading(groupName)
            heading.hexpand = true
            header.append(heading)
            if let date = group.date { header.append(Label.line(Formatting.date(date), classes: ["dim-label"], ellipsize: false)) }
            if kind.groups?.monitorable == true {
                let groupSwitch = Switch()
                groupSwitch.valign = GTK_ALIGN_CENTER
                groupSwitch.active = group.monitored ?? group.children.contains(where: \.monitored)
                groupSwitch.setAccessibleLabel(tr("Monitor %s").fill(groupName))
                groupSwitch.tooltip = presentation.words.children?.monitorGroup(groupName) ?? tr("Monitor %s").fill(groupName)
                groupSwitch.onToggled { on in
                    guard !isBusy() else { return }
                    request(.monitorGroups(on, item: item, groups: [group.key], name: groupName))
                }
                groupSwitches[group.key] = groupSwitch
                header.append(groupSwitch)
            }
            if kind.groups?.searchable == true {
                let command = LibraryCommand.searchGroups(item: item.id.itemID, groups: [group.key])
                let search = Button(icon: "system-search-symbolic", name: tr("Search %s").fill(groupName), tooltip: tr("Search %s").fill(groupName))
                search.addClasses(["flat"])
                search.onClicked { request(.command(command, on: item)) }
                commandButtons[command] = search
                header.append(search)
            }
            if kind.groups?.releaseSearch == true {
                let pick = Button(icon: "view-list-symbolic", name: tr("Interactive search of %s…").fill(groupName),
                                  tooltip: tr("Interactive search of %s…").fill(groupName))
                pick.addClasses(["flat"])
                pick.onClicked {
                    request(.interactiveSearch(.group(item: item.id.itemID, group: group.key), on: item, title: tr("%s of %s").fill(groupName, item.title)))
                }
                header.append(pick)
            }
            widgets.append(header)
            let list = ListBox(name: groupName)
            for child in group.children {
                list.append(row(child, groupName: groupName, item: item, presentation: presentation, now: now,
                                current: current, isBusy: isBusy, request: request))
            }
            widgets.append(list)
        }
    }

    /// Over every group at once (Lidarr's albums): monitor the unmonitored ones in one request, search
    /// the monitored ones out already with children missing in one command. Each names its groups;
    /// with none to name the button is off and says why.
    private func everyGroup(_ presentation: LibraryPresentation, item: Resource, groups: [ChildGroup], now: Date,
                            request: @escaping (LibraryRequest) -> Void) -> Box {
        let words = presentation.words, kind = presentation.kind
        let bar = Box.horizontal(spacing: 8)
        if kind.groups?.monitorable == true, let title = words.monitorEveryGroup {
            let unmonitored = groups.filter { $0.monitored == false }
            let monitor = Button(mnemonic: title, name: Mnemonic.plain(title))
            monitor.sensitive = !unmonitored.isEmpty
            monitor.tooltip = unmonitored.isEmpty ? (words.everyGroupMonitored ?? title) : title
            let name = unmonitored.map(presentation.groupName).joined(separator: ", ")
            monitor.onClicked { request(.monitorGroups(true, item: item, groups: unmonitored.map(\.key), name: name)) }
            bar.append(monitor)
            monitorEveryGroup = monitor
        }
        if kind.groups?.searchable == true, let title = words.searchMissingGroups {
            let missing = groups.filter { $0.monitored != false && ($0.date ?? .distantPast) <= now && $0.children.contains { !$0.hasFile } }
            let command = LibraryCommand.searchGroups(item: item.id.itemID, groups: missing.map(\.key))
            let search = Button(mnemonic: title, name: Mnemonic.plain(title))
            search.sensitive = !missing.isEmpty
            search.tooltip = missing.isEmpty ? (words.noMissingGroups ?? title) : (words.searchMissingGroupsTooltip?(missing.count) ?? title)
            search.onClicked { request(.command(command, on: item)) }
            if !missing.isEmpty { commandButtons[command] = search }
            bar.append(search)
            searchMissingGroups = search
        }
        return bar
    }

    private func row(_ child: Child, groupName: String, item: Resource, presentation: LibraryPresentation, now: Date,
                     current: @escaping (Int) -> Child?, isBusy: @escaping () -> Bool, request: @escaping (LibraryRequest) -> Void) -> Box {
        let level = presentation.kind.children
        let words = presentation.words.children
        let number = presentation.childNumber(child)
        let row = Box.horizontal(spacing: 12)
        row.margins(8, start: 12)
        if level?.monitorable == true {
            let check = CheckButton(mnemonic: "")
            check.active = child.monitored
            check.setAccessibleLabel(words?.monitor(String(child.number), groupName) ?? Strings.monitorTooltip(monitored: child.monitored))
            // Made when shown (its state may have changed since): one pointer query per hover, not per child.
            check.tooltip { Strings.monitorTooltip(monitored: check.active) }
            check.onToggled { [weak self] in
                guard let self, !isBusy(), !self.patching else { return }
                guard check.active != (current(child.id.itemID)?.monitored ?? child.monitored) else { return }
                request(.monitorChildren(check.active, item: item, ids: [child.id.itemID]))
            }
            checks[child.id.itemID] = check
            row.append(check)
        }
        let numberLabel = Label.line(number, classes: ["dim-label", "numeric"], ellipsize: false)
        let name = Label.line(Self.title(child))
        name.hexpand = true
        let date = Label.line(Self.date(child, now: now), classes: ["dim-label"], ellipsize: false)
        let file = Label.line(Self.fileWords(child), ellipsize: false)
        file.sizeRequest(width: 110, height: -1)
        rows[child.id.itemID] = (name, date, file)
        row.append(numberLabel, name)
        if level?.dated != false { row.append(date) } // tracks: their album has the date
        row.append(file)
        if level?.searchable == true {
            let command = LibraryCommand.searchChildren(item: item.id.itemID, ids: [child.id.itemID])
            let search = Button(icon: "system-search-symbolic", name: words?.searchOne(String(child.number), groupName) ?? tr("Search"),
                                tooltip: words?.searchThisOne ?? tr("Search"))
            search.addClasses(["flat"])
            search.onClicked { request(.command(command, on: item)) }
            commandButtons[command] = search
            row.append(search)
        }
        if level?.releaseSearch == true {
            let pick = Button(icon: "view-list-symbolic", name: words?.interactiveOne(String(child.number), groupName) ?? tr("Interactive search…"),
                              tooltip: words?.interactiveThisOne ?? tr("Interactive search…"))
            pick.addClasses(["flat"])
            let title = presentation.childTitle(child, item)
            pick.onClicked { request(.interactiveSearch(.child(child.id.itemID), on: item, title: title)) }
            row.append(pick)
        }
        return row
    }

    /// A child as the service now has it: its row's check and words, in place. False when it has no row.
    func patch(_ child: Child, now: Date) -> Bool {
        guard let row = rows[child.id.itemID] else { return false }
        patching = true
        checks[child.id.itemID]?.active = child.monitored
        patching = false
        row.name.text = Self.title(child)
        row.date.text = Self.date(child, now: now)
        row.file.text = Self.fileWords(child)
        return true
    }

    /// A group's monitored switch, by the group's key (tests and inspection).
    func groupSwitch(_ key: Int) -> Switch? { groupSwitches[key] }

    /// A child row as shown: its check (none where the level is not monitored on its own: tracks),
    /// whether it is checked, and its file words (tests).
    func row(_ id: Int) -> (check: Widget?, monitored: Bool, file: String)? {
        guard let row = rows[id] else { return nil }
        return (checks[id]?.widget, checks[id]?.active ?? false, row.file.text)
    }

    func setSensitive(_ on: Bool) {
        for control in groupSwitches.values { control.sensitive = on }
        for control in checks.values { control.sensitive = on }
    }

    private static func title(_ child: Child) -> String { child.title.isEmpty ? "TBA" : child.title }

    private static func date(_ child: Child, now: Date) -> String { child.date.map { Formatting.day($0, now: now) } ?? "—" }

    private static func fileWords(_ child: Child) -> String {
        child.hasFile ? tr("On disk") : (child.monitored ? tr("Missing") : tr("Not monitored"))
    }
}
