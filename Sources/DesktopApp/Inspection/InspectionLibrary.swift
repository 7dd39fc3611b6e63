import Core
import Foundation

/// The Series and Movies pages acting on the library, for `--inspection <tab>.<scene>`.
enum LibraryScene: String, CaseIterable {
    case selected
    case contextMenu = "context-menu"
    case commandRunning = "command-running"
    case detailActions = "detail.actions"
    case detailCommandRunning = "detail.command-running"
    case detailConfirmDelete = "detail.confirm-delete"
    case detailConfirmRemove = "detail.confirm-remove"
    case detailPartial = "detail.partial"
    case detailFailed = "detail.failed"
    case add
    case addResults = "add.results"
    case addOptions = "add.options"
    case addError = "add.error"
    case addRequest = "add.request"
    case releaseSearch = "release-search"
    case releaseSearchRejections = "release-search.rejections"
    case releaseSearchSearching = "release-search.searching"

    var isDetail: Bool { rawValue.hasPrefix("detail.") }

    func summary(_ media: LibraryPresentation) -> String {
        switch self {
        case .selected: "\(media.title) with two \(media.kind.item.name)s picked: the toolbar enabled for them"
        case .contextMenu: "\(media.title) with the context menu of the picked \(media.kind.item.name)s open"
        case .commandRunning: "\(media.title) while a search runs on one instance: the toolbar says so"
        case .detailActions: "A \(media.kind.item.name) detail page: its actions, and the last search's result in the service's words"
        case .detailCommandRunning: "A \(media.kind.item.name) detail page while a search for it runs"
        case .detailConfirmDelete: "Confirming the deletion of a \(media.kind.item.name) (files kept unless chosen)"
        case .detailConfirmRemove: "Removing a \(media.kind.item.name)'s download from the queue: the choices explained"
        case .detailPartial: "A \(media.kind.item.name) detail page whose history answered 404: everything else shows, the history section says why, with its Retry"
        case .detailFailed: "A \(media.kind.item.name) detail page whose every read answered 404: what happened, in words, and Retry for this item"
        case .add: "\(media.addTitle): the empty search"
        case .addResults: "\(media.addTitle): results of a search, one already in the library"
        case .addOptions: "\(media.addTitle): the choices for a picked result"
        case .addError: "\(media.addTitle): the service refused the add, in its words"
        case .addRequest: "\(media.addTitle): a picked result with Request beside Add — who the request is made as, that it is approved at once"
        case .releaseSearch: "Interactive search for \(media.kind.groups?.releaseSearch == true ? "a \(media.kind.groups!.name)" : "a \(media.kind.item.name)"): releases as the service judged them"
        case .releaseSearchRejections: "Interactive search showing only rejected releases, each with the service's reasons"
        case .releaseSearchSearching: "Interactive search while the indexers are asked: progress and Cancel"
        }
    }
}

/// The Activity page acting on the queue, for `--inspection activity.<scene>`.
enum ActivityScene: String, CaseIterable {
    case selected
    case contextMenu = "context-menu"
    case confirmRemove = "confirm-remove"
    case actionPending = "action-pending"
    case actionFailed = "action-failed"

    var summary: String {
        switch self {
        case .selected: "Activity with a delayed release and a download picked: Grab Now and Remove enabled"
        case .contextMenu: "Activity with the context menu of the picked downloads open"
        case .confirmRemove: "Removing a torrent from the queue: the client, blocklist and category choices explained"
        case .actionPending: "Activity while a removal is on its way: the rows say Removing…"
        case .actionFailed: "Activity after Sonarr refused a removal (change category on a client without one), in its words"
        }
    }
}

@MainActor
extension LibraryPage {
    /// Puts the page in `scene`: the window to capture when it is not the main one, and a popover to draw.
    func inspect(_ scene: LibraryScene) -> (window: Window?, popover: Widget?) {
        let media = presentation, feature = presentation.feature, kind = presentation.kind.id
        guard let samples = InspectionData.samples(feature) else { return (nil, nil) }
        let picked = Array(samples.items.prefix(3).dropFirst())
        let detailItem = samples.detail.resource
        let search = LibraryCommand.search(items: [detailItem.id.itemID])
        let instance = samples.instance
        func progress(_ command: LibraryCommand, _ status: CommandProgress.Status, _ message: String? = nil) -> String {
            CommandWords.progress(media.name(of: command), .success(CommandProgress(id: 7, name: "", status: status, message: message)))
        }
        if !scene.isDetail, ![.add, .addResults, .addOptions, .addError, .addRequest, .releaseSearch, .releaseSearchRejections,
                              .releaseSearchSearching].contains(scene) {
            select(keys: Set(picked.map { key($0.id) }))
            listView.grabFocus()
        }
        switch scene {
        case .selected:
            return (nil, nil)
        case .contextMenu:
            actions.openMenuAtFocus()
            return (nil, actions.openPopover)
        case .commandRunning:
            actions.commandChanged(CommandTracker.Key(service: instance.id, command: search), progress(search, .started), instance: instance.name)
            return (nil, nil)
        case .detailActions:
            detail.showCommand(search, words: progress(search, .completed, "Search completed. 2 reports downloaded."), running: false)
            detail.monitorSwitch.grabFocus()
            return (nil, nil)
        case .detailPartial:
            var partial = samples.detail
            partial.history = nil
            partial.unread[.history] = .serverMessage(status: 404, message: "NotFound")
            detail.render(.detail(partial), title: detailItem.title)
            return (nil, nil)
        case .detailFailed:
            detail.render(.failed(.serverMessage(status: 404, message: "NotFound")), title: detailItem.title)
            return (nil, nil)
        case .detailCommandRunning:
            let group = samples.detail.groups?.last.map { LibraryCommand.searchGroups(item: detailItem.id.itemID, groups: [$0.key]) }
            let command = group ?? search
            detail.showCommand(command, words: progress(command, .started), running: true)
            return (nil, nil)
        case .detailConfirmDelete:
            detail.requestDelete()
            return (detail.confirmation?.window, nil)
        case .detailConfirmRemove:
            let entries = samples.detail.queue ?? []
            detail.confirmRemoval(entries)
            return (detail.removal?.window, nil)
        case .add, .addResults, .addOptions, .addError, .addRequest:
            let dialog = AddToLibraryDialog(over: Window.toplevel(of: page), presentation: media, instances: [instance])
            inspectionDialog = dialog
            if scene == .addRequest, let asked = media.kind.requestedAs {
                let panel = RequestPanel(manager: InspectionData.jellyseerr, requestedAs: asked)
                panel.requester = "Fixture Owner"
                dialog.attachRequest(button: panel.button, section: panel.section)
                dialog.onPicked = { item in panel.show(item) } // kept by the dialog while it is shown
            }
            guard scene != .add else { return (dialog.window, nil) }
            let found = samples.lookup
            dialog.onLookup = { _, _, answer in answer(.success(found)) }
            let choices = samples.addingChoices
            dialog.onChoices = { _, answer in answer(.success(choices)) }
            dialog.searchEntry.text = "placeholder"
            dialog.search(dialog.searchEntry.text)
            if scene != .addResults { dialog.pick(1) }
            if scene == .addError {
                dialog.failed(ErrorText.sentence(.serverMessage(status: 400, message: "This \(media.kind.item.name) has already been added")))
            }
            return (dialog.window, nil)
        case .releaseSearch, .releaseSearchRejections, .releaseSearchSearching:
            let group = samples.detail.groups?.last
            let search: ReleaseSearch = group.map { .group(item: detailItem.id.itemID, group: $0.key) } ?? .item(detailItem.id.itemID)
            let title = group.map { tr("%s of %s").fill(media.groupName($0), detailItem.title) } ?? detailItem.title // as ChildrenSection names it
            let dialog = ReleaseSearchDialog(over: Window.toplevel(of: page), search: search, title: title, clock: .inspection)
            releaseDialog = dialog
            dialog.start()
            if scene != .releaseSearchSearching {
                dialog.found(samples.releases, at: InspectionData.now.addingTimeInterval(-120))
                if scene == .releaseSearchRejections { dialog.showDropDown.selected = ReleaseSearchDialog.Show.rejected.rawValue }
            }
            return (dialog.window, nil)
        }
    }
}

@MainActor
extension ActivityPage {
    func inspect(_ scene: ActivityScene) -> (window: Window?, popover: Widget?) {
        let items = allItems
        let delayed = items.first { $0.queue.isPending }
        let torrent = items.first { $0.queue.downloadProtocol == .torrent }
        select(keys: Set([delayed, torrent].compactMap { $0 }.map { Self.key($0.id) }))
        view.grabFocus()
        switch scene {
        case .selected:
            return (nil, nil)
        case .contextMenu:
            actions.openMenuAtFocus()
            return (nil, actions.openPopover)
        case .confirmRemove:
            if let torrent { select(keys: [Self.key(torrent.id)]) }
            actions.requestRemoval()
            actions.removal?.choose(.ignore, .blocklistAndSearch)
            return (actions.removal?.window, nil)
        case .actionPending:
            if let torrent { select(keys: [Self.key(torrent.id)]) }
            actions.requestRemoval()
            actions.removal?.answer(confirmed: true) // no model behind the page: it stays pending
            return (nil, nil)
        case .actionFailed:
            // The words the controller uses for this answer (LibraryController.queueAnswered).
            message.show(tr("Nothing was removed"), problems: [
                CommandWords.said(InspectionData.sonarr.name, ErrorText.sentence(.serverMessage(status: 500, message: "Specified method is not supported."))),
            ])
            return (nil, nil)
        }
    }
}
