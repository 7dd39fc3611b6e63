import Core

/// Every human sentence the window shows about tabs and states, in one place.
enum Strings {
    static let appName = "Switchyard"
    static let tagline = "Your media-automation stack in one window"

    static func title(_ tab: AppTab) -> String {
        if let library = LibraryPresentations.of(tab) { return library.title }
        return switch tab {
        case .overview: "Overview"
        case .activity: "Activity"
        case .downloads: "Downloads"
        case .calendar: "Calendar"
        default: tab.rawValue
        }
    }

    static func icon(_ tab: AppTab) -> String {
        if let library = LibraryPresentations.of(tab) { return library.icon }
        return switch tab {
        case .overview: "network-server-symbolic"
        case .activity: "emblem-synchronizing-symbolic"
        case .downloads: "folder-download-symbolic"
        case .calendar: "x-office-calendar-symbolic"
        default: "folder-symbolic"
        }
    }

    static func loading(_ tab: AppTab) -> String {
        if let library = LibraryPresentations.of(tab) { return library.loading }
        return switch tab {
        case .overview: "Checking your services…"
        case .activity: "Loading the queues…"
        case .downloads: "Loading transfers…"
        case .calendar: "Loading the calendar…"
        default: "Loading…"
        }
    }

    static func empty(_ tab: AppTab) -> (title: String, detail: String) {
        if let library = LibraryPresentations.of(tab) { return (library.emptyTitle, library.emptyDetail) }
        return switch tab {
        case .overview: ("No Services Enabled", "Enable a service in Settings to see its status here.")
        case .activity: ("Nothing in the Queue", "Items your orchestrators are grabbing or importing appear here.")
        case .downloads: ("No Transfers", "Your download clients have no transfers.")
        case .calendar: ("Nothing Upcoming", "What is due in the next days appears here.")
        default: ("Nothing Here", "")
        }
    }

    static let unauthorizedTitle = "Sign-in Needed"
    static let unauthorizedDetail = "The service refused the stored credentials. Update them in Settings."
    static let unavailableTitle = "Service Unavailable"
    static let unavailableDetail = "Switchyard could not reach the service."
    static let disabledTitle = "Service Disabled"
    static let disabledDetail = "This service is turned off in Settings."

    static func recoveryButton(_ recovery: Recovery) -> String {
        switch recovery {
        case .retry: "_Retry"
        case .updateCredentials: "_Update Credentials…"
        case .configureEndpoint: "_Open Settings…"
        case .enableService: "_Enable in Settings…"
        }
    }

    static let welcomeTitle = "Connect Your Services"
    static let networkFailureTitle = "Switchyard Could Not Start Its Network Layer"
    static func networkFailureDetail(_ reason: String) -> String {
        "\(reason) Restart Switchyard; if this keeps happening, start it from a terminal to read its log."
    }
    static let welcomeDetail = "Add Sonarr, Radarr and your download clients to see your library, queue and transfers in one window. Keys and passwords stay in your keyring."
    static let addService = "_Add Service…"

    static func staleBar(since time: String) -> String {
        "Showing data from \(time). Some services could not be refreshed."
    }

    /// The accessible name of a per-service recovery button: says which service it fixes.
    static func recoveryName(_ recovery: Recovery, service: String) -> String {
        switch recovery {
        case .retry: "Retry \(service)"
        case .updateCredentials: "Update credentials for \(service)"
        case .configureEndpoint: "Open settings for \(service)"
        case .enableService: "Enable \(service) in settings"
        }
    }

    static func rowState(_ state: ServiceRow.State) -> (icon: String, text: String) {
        switch state {
        case .checking: ("content-loading-symbolic", "Checking…")
        case .ok: ("emblem-ok-symbolic", "Connected")
        case .degraded: ("dialog-warning-symbolic", "Degraded")
        case .unauthorized: ("dialog-password-symbolic", "Sign-in needed")
        case .unavailable: ("network-offline-symbolic", "Unavailable")
        case .disabled: ("action-unavailable-symbolic", "Disabled")
        }
    }

    /// A kind's icon, from what it is: no list of kinds to keep up to date.
    static func kindIcon(_ kind: ServiceKind) -> String {
        if let library = kind.library { return LibraryPresentations.of(library.id).icon }
        return switch kind.downloadProtocol {
        case .torrent: "network-transmit-receive-symbolic"
        case .usenet: "folder-download-symbolic"
        case .unknown: "network-server-symbolic"
        }
    }

    static func transferState(_ state: TransferItem.State) -> String {
        switch state {
        case .downloading: "Downloading"
        case .seeding: "Seeding"
        case .paused: "Paused"
        case .queued: "Queued"
        case .checking: "Checking"
        case .stalled: "Stalled"
        case .completed: "Completed"
        case .error: "Error"
        }
    }

    /// The orchestrator's tracked state, in words.
    static func trackedState(_ state: QueueItem.TrackedState?, status: QueueItem.Status) -> String {
        switch state {
        case .downloading?: "Downloading"
        case .importBlocked?: "Import blocked"
        case .importPending?: "Import pending"
        case .importing?: "Importing"
        case .imported?: "Imported"
        case .failedPending?: "Failed, pending"
        case .failed?: "Failed"
        case .ignored?: "Ignored"
        default:
            switch status {
            case .queued: "Queued"
            case .paused: "Paused"
            case .delay: "Delayed"
            case .completed: "Completed"
            case .failed: "Failed"
            case .warning: "Warning"
            case .downloadClientUnavailable: "Download client unavailable"
            default: "Downloading"
            }
        }
    }

    static func resourceStatus(_ status: Resource.Status) -> String {
        switch status {
        case .continuing: "Continuing"
        case .ended: "Ended"
        case .upcoming: "Upcoming"
        case .announced: "Announced"
        case .inCinemas: "In cinemas"
        case .released: "Released"
        case .tba: "TBA"
        case .deleted: "Deleted"
        case .unknown(let raw): raw.isEmpty ? "Unknown" : raw
        }
    }

    /// The tooltip of a monitor toggle (a library row's eye, an episode's check): what it is, what a click does.
    static func monitorTooltip(monitored: Bool) -> String {
        monitored ? "Monitored — click to stop monitoring" : "Not monitored — click to monitor"
    }
}

// MARK: Transfer actions

extension Strings {
    /// The action as a button or menu item names it (an ellipsis when it asks first).
    static func actionTitle(_ action: TransferAction) -> String {
        switch action {
        case .pause: "Pause"
        case .resume: "Resume"
        case .forceStart: "Force Start"
        case .remove: "Remove…"
        case .removeWithData: "Remove and Delete Files…"
        }
    }

    static func actionIcon(_ action: TransferAction) -> String {
        switch action {
        case .pause: "media-playback-pause-symbolic"
        case .resume: "media-playback-start-symbolic"
        case .forceStart: "media-seek-forward-symbolic"
        case .remove: "list-remove-symbolic"
        case .removeWithData: "user-trash-symbolic"
        }
    }

    /// A row's state while its action is on the way.
    static func pending(_ action: TransferAction) -> String {
        switch action {
        case .pause: "Pausing…"
        case .resume: "Resuming…"
        case .forceStart: "Starting…"
        case .remove, .removeWithData: "Removing…"
        }
    }

    static func transfers(_ count: Int) -> String { "\(Formatting.count(count)) \(count == 1 ? "transfer" : "transfers")" }

    /// "12 of 2,000 transfers": what a filter leaves on screen.
    static func transfersShown(_ shown: Int, of total: Int) -> String {
        "\(Formatting.count(shown)) of \(Formatting.count(total)) \(total == 1 ? "transfer" : "transfers")"
    }

    /// "Paused 3 transfers in qBittorrent and 1 in Transmission".
    static func actionDone(_ action: TransferAction, _ parts: [(name: String, count: Int)]) -> String {
        let verb = switch action {
        case .pause: "Paused"
        case .resume: "Resumed"
        case .forceStart: "Force-started"
        case .remove: "Removed"
        case .removeWithData: "Removed and deleted the files of"
        }
        let places = parts.enumerated().map { index, part in
            index == 0 ? "\(transfers(part.count)) in \(part.name)" : "\(Formatting.count(part.count)) in \(part.name)"
        }
        let joined = places.count <= 1 ? places.joined()
            : places.dropLast().joined(separator: ", ") + " and " + places[places.count - 1]
        return "\(verb) \(joined)"
    }

    /// Why an action cannot be taken on a transfer of `client`.
    static func unavailable(_ action: TransferAction, _ availability: ActionAvailability, client: String) -> String {
        switch availability {
        case .available: ""
        case .unsupported: "\(client) cannot \(actionVerb(action))"
        case .finishedEntry: "Finished usenet downloads can only be removed"
        case .keepsFinishedFiles: "\(client) does not delete the files of finished downloads"
        }
    }

    /// Picked items an action was not sent for, and why: "2 finished downloads in NZBGet left out: …".
    static func leftOut(_ action: TransferAction, _ availability: ActionAvailability, count: Int, client: String) -> String {
        switch availability {
        case .available: ""
        case .unsupported: "\(transfers(count)) in \(client) left out: \(client) cannot \(actionVerb(action))."
        case .finishedEntry:
            "\(Formatting.count(count)) finished \(count == 1 ? "download" : "downloads") in \(client) left out: "
                + "finished usenet downloads can only be removed."
        case .keepsFinishedFiles:
            "\(Formatting.count(count)) finished \(count == 1 ? "download" : "downloads") in \(client) left out: "
                + "\(client) does not delete the files of finished downloads."
        }
    }

    private static func actionVerb(_ action: TransferAction) -> String {
        switch action {
        case .pause: "pause transfers"
        case .resume: "resume transfers"
        case .forceStart: "force-start transfers"
        case .remove: "remove transfers"
        case .removeWithData: "delete downloaded files"
        }
    }

    /// The question before a destructive action, and its button.
    static func confirmRemoval(_ action: TransferAction, count: Int) -> (title: String, detail: String, button: String) {
        let what = count == 1 ? "1 transfer" : "\(Formatting.count(count)) transfers"
        return action == .removeWithData
            ? ("Remove \(what) and delete their files?", "The downloaded files are deleted from disk. This cannot be undone.",
               "Remove and Delete Files")
            : ("Remove \(what)?", "The transfers leave the client; their downloaded files stay on disk.", "Remove")
    }
}

// MARK: Live updates

extension Strings {
    /// The words for an instance's live state: a word for the facts line ("live", "polling") and,
    /// while it polls, a sentence saying why. nil for services without a live channel.
    static func live(_ state: LiveState?) -> (word: String, reason: String?)? {
        switch state {
        case nil: nil
        case .live?: ("live", nil)
        case .connecting?: ("connecting live…", nil)
        case .polling(let reason)?: ("polling", livePolling(reason))
        }
    }

    /// Why an instance's changes are polled instead of arriving live, and what to do about it.
    static func livePolling(_ reason: LivePollingReason) -> String {
        switch reason {
        case .refused:
            "Live updates: the service refused the API key on the live connection. Update it in Settings."
        case .hubNotFound:
            "Live updates: no live hub answers at this address. If a reverse proxy is in front of the service, "
                + "check that it passes WebSocket upgrades on (the hub is at /signalr/messages under the URL base)."
        case .redirected(let status):
            "Live updates: the live hub redirected elsewhere (HTTP \(status)), and Switchyard does not follow redirects. "
                + "Check the address and URL base in Settings."
        case .versionTooOld(let version):
            "Live updates: version \(version) has no live updates Switchyard can use, so changes are polled."
        case .unreadable:
            "Live updates: the hub’s answer could not be read. Is something other than the service answering at this address?"
        case .handshakeFailed:
            "Live updates: the hub did not complete its handshake; trying again."
        case .answered(let status):
            "Live updates: the hub answered HTTP \(status) instead of connecting; trying again."
        case .unreachable:
            "Live updates: the live connection could not be made; trying again."
        case .dropped:
            "Live updates: the live connection dropped; reconnecting."
        }
    }
}
