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
    case add
    case addResults = "add.results"
    case addOptions = "add.options"
    case addError = "add.error"
    case releaseSearch = "release-search"
    case releaseSearchRejections = "release-search.rejections"
    case releaseSearchSearching = "release-search.searching"

    var isDetail: Bool { rawValue.hasPrefix("detail.") }

    func summary(_ media: LibraryMedia) -> String {
        switch self {
        case .selected: "\(media.title) with two \(media.plural) picked: the toolbar enabled for them"
        case .contextMenu: "\(media.title) with the context menu of the picked \(media.plural) open"
        case .commandRunning: "\(media.title) while a search runs on one instance: the toolbar says so"
        case .detailActions: "A \(media.singular) detail page: its actions, and the last search's result in the service's words"
        case .detailCommandRunning: "A \(media.singular) detail page while a search for it runs"
        case .detailConfirmDelete: "Confirming the deletion of a \(media.singular) (files kept unless chosen)"
        case .detailConfirmRemove: "Removing a \(media.singular)'s download from the queue: the choices explained"
        case .add: "Add \(media.kind == .series ? "Series" : "Movie"): the empty search"
        case .addResults: "Add \(media.kind == .series ? "Series" : "Movie"): results of a search, one already in the library"
        case .addOptions: "Add \(media.kind == .series ? "Series" : "Movie"): the choices for a picked result"
        case .addError: "Add \(media.kind == .series ? "Series" : "Movie"): the service refused the add, in its words"
        case .releaseSearch: "Interactive search for \(media.kind == .series ? "a season" : "a movie"): releases as the service judged them"
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
        let picked = Array((media.kind == .series ? InspectionData.series : InspectionData.movies).prefix(3).dropFirst())
        let detailItem = InspectionData.detail(media.kind == .series ? .series : .movies).resource
        let search: LibraryCommand = media.kind == .series ? .seriesSearch(seriesID: detailItem.id.itemID)
            : .moviesSearch(movieIDs: [detailItem.id.itemID])
        let instance = media.kind == .series ? InspectionData.sonarr : InspectionData.radarr
        if !scene.isDetail, ![.add, .addResults, .addOptions, .addError, .releaseSearch, .releaseSearchRejections,
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
            actions.commandChanged(CommandTracker.Key(service: instance.id, command: search),
                                   LibraryWords.progress(search, .success(CommandProgress(id: 7, name: search.name, status: .started, message: nil))),
                                   instance: instance.name)
            return (nil, nil)
        case .detailActions:
            detail.showCommand(search, words: LibraryWords.progress(search, .success(CommandProgress(
                id: 7, name: search.name, status: .completed, message: "Search completed. 2 reports downloaded."))), running: false)
            detail.monitorSwitch.grabFocus()
            return (nil, nil)
        case .detailCommandRunning:
            let season = LibraryCommand.seasonSearch(seriesID: detailItem.id.itemID, season: 2)
            let command = media.kind == .series ? season : search
            detail.showCommand(command, words: LibraryWords.progress(command, .success(CommandProgress(
                id: 8, name: command.name, status: .started, message: nil))), running: true)
            return (nil, nil)
        case .detailConfirmDelete:
            detail.requestDelete()
            return (detail.confirmation?.window, nil)
        case .detailConfirmRemove:
            let entries = InspectionData.detail(.series).queue
            detail.confirmRemoval(entries)
            return (detail.removal?.window, nil)
        case .add, .addResults, .addOptions, .addError:
            let dialog = AddToLibraryDialog(over: Window.toplevel(of: page), media: media, instances: [instance])
            inspectionDialog = dialog
            guard scene != .add else { return (dialog.window, nil) }
            let found = InspectionData.lookup(media.kind)
            dialog.onLookup = { _, _, answer in answer(.success(found)) }
            let choices = InspectionData.addingChoices(media.kind)
            dialog.onChoices = { _, answer in answer(.success(choices)) }
            dialog.searchEntry.text = media.kind == .series ? "fixture" : "placeholder"
            dialog.search(dialog.searchEntry.text)
            if scene != .addResults { dialog.pick(1) }
            if scene == .addError {
                dialog.failed(ErrorText.sentence(.serverMessage(status: 400, message: media.kind == .series
                    ? "This series has already been added" : "This movie has already been added")))
            }
            return (dialog.window, nil)
        case .releaseSearch, .releaseSearchRejections, .releaseSearchSearching:
            let search: ReleaseSearch = media.kind == .series ? .season(seriesID: detailItem.id.itemID, season: 2) : .movie(id: detailItem.id.itemID)
            let dialog = ReleaseSearchDialog(over: Window.toplevel(of: page), search: search,
                                             title: media.kind == .series ? "Season 2 of \(detailItem.title)" : detailItem.title, clock: .inspection)
            releaseDialog = dialog
            dialog.start()
            if scene != .releaseSearchSearching {
                dialog.found(InspectionData.releases(media.kind), at: InspectionData.now.addingTimeInterval(-120))
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
            message.show("Nothing was removed", problems: [
                "\(InspectionData.sonarr.name): \(ErrorText.sentence(.serverMessage(status: 500, message: "Specified method is not supported.")))",
            ])
            return (nil, nil)
        }
    }
}
