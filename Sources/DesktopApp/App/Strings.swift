import Core

/// Every human sentence the window shows about tabs and states, in one place.
enum Strings {
    static let appName = "Switchyard"
    static var tagline: String { tr("Your media-automation stack in one window") }

    // A tab's words are its descriptor's (TabCatalog: each tab defines them beside its page).
    static func title(_ tab: AppTab) -> String { TabCatalog.descriptor(tab)?.title() ?? tab.rawValue }
    static func icon(_ tab: AppTab) -> String { TabCatalog.descriptor(tab)?.icon ?? "folder-symbolic" }
    static func loading(_ tab: AppTab) -> String { TabCatalog.descriptor(tab)?.loading() ?? tr("Loading…") }
    static func empty(_ tab: AppTab) -> (title: String, detail: String) { TabCatalog.descriptor(tab)?.empty() ?? (tr("Nothing Here"), "") }

    static var unauthorizedTitle: String { tr("Sign-in Needed") }
    static var unauthorizedDetail: String { tr("The service refused the stored credentials. Update them in Settings.") }
    static var unavailableTitle: String { tr("Service Unavailable") }
    static var unavailableDetail: String { tr("Switchyard could not reach the service.") }
    static var disabledTitle: String { tr("Service Disabled") }
    static var disabledDetail: String { tr("This service is turned off in Settings.") }

    static func recoveryButton(_ recovery: Recovery) -> String {
        switch recovery {
        case .retry: tr("_Retry")
        case .updateCredentials: tr("_Update Credentials…")
        case .configureEndpoint: tr("_Open Settings…")
        case .enableService: tr("_Enable in Settings…")
        }
    }

    static var welcomeTitle: String { tr("Connect Your Services") }
    static var networkFailureTitle: String { tr("Switchyard Could Not Start Its Network Layer") }
    static func networkFailureDetail(_ reason: String) -> String {
        // Translators: %s is a sentence saying what went wrong.
        tr("%s Restart Switchyard; if this keeps happening, start it from a terminal to read its log.").fill(reason)
    }
    static var welcomeDetail: String {
        // Translators: %s lists the kinds of service besides download clients ("Sonarr, Radarr, Lidarr, Prowlarr, Jellyseerr / Overseerr").
        tr("Add your services — %s and your download clients — to see your library, queue, transfers and requests in one window. Keys and passwords stay in your keyring.")
            .fill(serviceNamesBesideClients)
    }
    static var addService: String { tr("_Add Service…") }

    static func staleBar(since time: String) -> String {
        // Translators: %s is a time of day or a day and time ("14:02", "Mon 14:02").
        tr("Showing data from %s. Some services could not be refreshed.").fill(time)
    }

    /// The accessible name of a per-service recovery button: says which service it fixes.
    static func recoveryName(_ recovery: Recovery, service: String) -> String {
        switch recovery {
        // Translators: %s is the name of a service ("Sonarr 4K").
        case .retry: tr("Retry %s").fill(service)
        case .updateCredentials: tr("Update credentials for %s").fill(service)
        case .configureEndpoint: tr("Open settings for %s").fill(service)
        case .enableService: tr("Enable %s in settings").fill(service)
        }
    }

    static func rowState(_ state: ServiceRow.State) -> (icon: String, text: String) {
        switch state {
        case .checking: ("content-loading-symbolic", trc("service state", "Checking…"))
        case .ok: ("emblem-ok-symbolic", trc("service state", "Connected"))
        case .degraded: ("dialog-warning-symbolic", trc("service state", "Degraded"))
        case .unauthorized: ("dialog-password-symbolic", trc("service state", "Sign-in needed"))
        case .unavailable: ("network-offline-symbolic", trc("service state", "Unavailable"))
        case .disabled: ("action-unavailable-symbolic", trc("service state", "Disabled"))
        }
    }

    /// A kind's icon, from what it is: no list of kinds to keep up to date.
    static func kindIcon(_ kind: ServiceKind) -> String {
        if let library = kind.library { return LibraryPresentations.of(library.id).icon }
        if kind.role == .indexerManager { return "system-search-symbolic" }
        return switch kind.downloadProtocol {
        case .torrent: "network-transmit-receive-symbolic"
        case .usenet: "folder-download-symbolic"
        case .unknown: "network-server-symbolic"
        }
    }

    static func transferState(_ state: TransferItem.State) -> String {
        switch state {
        case .downloading: trc("transfer state", "Downloading")
        case .seeding: trc("transfer state", "Seeding")
        case .paused: trc("transfer state", "Paused")
        case .queued: trc("transfer state", "Queued")
        case .checking: trc("transfer state", "Checking")
        case .stalled: trc("transfer state", "Stalled")
        case .completed: trc("transfer state", "Completed")
        case .error: trc("transfer state", "Error")
        }
    }

    /// The orchestrator's tracked state, in words.
    static func trackedState(_ state: QueueItem.TrackedState?, status: QueueItem.Status) -> String {
        switch state {
        case .downloading?: trc("queue state", "Downloading")
        case .importBlocked?: trc("queue state", "Import blocked")
        case .importPending?: trc("queue state", "Import pending")
        case .importing?: trc("queue state", "Importing")
        case .imported?: trc("queue state", "Imported")
        case .failedPending?: trc("queue state", "Failed, pending")
        case .failed?: trc("queue state", "Failed")
        case .ignored?: trc("queue state", "Ignored")
        default:
            switch status {
            case .queued: trc("queue state", "Queued")
            case .paused: trc("queue state", "Paused")
            case .delay: trc("queue state", "Delayed")
            case .completed: trc("queue state", "Completed")
            case .failed: trc("queue state", "Failed")
            case .warning: trc("queue state", "Warning")
            case .downloadClientUnavailable: trc("queue state", "Download client unavailable")
            default: trc("queue state", "Downloading")
            }
        }
    }

    static func resourceStatus(_ status: Resource.Status) -> String {
        switch status {
        case .continuing: trc("library item status", "Continuing")
        case .ended: trc("library item status", "Ended")
        case .upcoming: trc("library item status", "Upcoming")
        case .announced: trc("library item status", "Announced")
        case .inCinemas: trc("library item status", "In cinemas")
        case .released: trc("library item status", "Released")
        // Translators: to be announced.
        case .tba: trc("library item status", "TBA")
        case .deleted: trc("library item status", "Deleted")
        case .unknown(let raw): raw.isEmpty ? trc("library item status", "Unknown") : raw
        }
    }

    /// The tooltip of a monitor toggle (a library row's eye, an episode's check): what it is, what a click does.
    static func monitorTooltip(monitored: Bool) -> String {
        monitored ? tr("Monitored — click to stop monitoring") : tr("Not monitored — click to monitor")
    }
}

// MARK: Transfer actions

extension Strings {
    /// The action as a button or menu item names it (an ellipsis when it asks first).
    static func actionTitle(_ action: TransferAction) -> String {
        switch action {
        case .pause: tr("Pause")
        case .resume: tr("Resume")
        case .forceStart: tr("Force Start")
        case .remove: tr("Remove…")
        case .removeWithData: tr("Remove and Delete Files…")
        case .queueTop: tr("Move to Top of Queue")
        case .queueUp: tr("Move Up in Queue")
        case .queueDown: tr("Move Down in Queue")
        case .queueBottom: tr("Move to Bottom of Queue")
        }
    }

    static func actionIcon(_ action: TransferAction) -> String {
        switch action {
        case .pause: "media-playback-pause-symbolic"
        case .resume: "media-playback-start-symbolic"
        case .forceStart: "media-seek-forward-symbolic"
        case .remove: "list-remove-symbolic"
        case .removeWithData: "user-trash-symbolic"
        case .queueTop: "go-top-symbolic"
        case .queueUp: "go-up-symbolic"
        case .queueDown: "go-down-symbolic"
        case .queueBottom: "go-bottom-symbolic"
        }
    }

    /// A row's state while its action is on the way.
    static func pending(_ action: TransferAction) -> String {
        switch action {
        case .pause: tr("Pausing…")
        case .resume: tr("Resuming…")
        case .forceStart: tr("Starting…")
        case .remove, .removeWithData: tr("Removing…")
        case .queueTop, .queueUp, .queueDown, .queueBottom: tr("Moving in queue…")
        }
    }

    static func transfers(_ count: Int) -> String { trn("%d transfer", "%d transfers", count).fill(count) }

    /// "12 of 2,000 transfers": what a filter leaves on screen.
    static func transfersShown(_ shown: Int, of total: Int) -> String {
        // Translators: %1$d transfers shown of %2$d in all; the plural follows the total.
        trn("%1$d of %2$d transfer", "%1$d of %2$d transfers", total).fill(shown, total)
    }

    /// "Paused 3 transfers in qBittorrent", or with several clients "Paused 4 transfers: 3 in
    /// qBittorrent and 1 in Transmission".
    static func actionDone(_ action: TransferAction, _ parts: [(name: String, count: Int)]) -> String {
        if parts.count == 1, let part = parts.first {
            return actionDone(action, count: part.count).fill(part.count, part.name)
        }
        let total = parts.reduce(0) { $0 + $1.count }
        // Translators: one client's share of an action: "3 in qBittorrent".
        let places = parts.map { trn("%d in %s", "%d in %s", $0.count).fill($0.count, $0.name) }
        return actionDoneInSeveral(action, count: total).fill(total, list(places))
    }

    // Translators: %d is a number of transfers, %s the client's name.
    private static func actionDone(_ action: TransferAction, count: Int) -> String {
        switch action {
        case .pause: trn("Paused %d transfer in %s", "Paused %d transfers in %s", count)
        case .resume: trn("Resumed %d transfer in %s", "Resumed %d transfers in %s", count)
        case .forceStart: trn("Force-started %d transfer in %s", "Force-started %d transfers in %s", count)
        case .remove: trn("Removed %d transfer in %s", "Removed %d transfers in %s", count)
        case .removeWithData: trn("Removed %d transfer and its files in %s", "Removed %d transfers and their files in %s", count)
        case .queueTop: trn("Moved %d transfer to the top of the queue in %s", "Moved %d transfers to the top of the queue in %s", count)
        case .queueUp: trn("Moved %d transfer up in the queue in %s", "Moved %d transfers up in the queue in %s", count)
        case .queueDown: trn("Moved %d transfer down in the queue in %s", "Moved %d transfers down in the queue in %s", count)
        case .queueBottom: trn("Moved %d transfer to the bottom of the queue in %s", "Moved %d transfers to the bottom of the queue in %s", count)
        }
    }

    // Translators: %d is a number of transfers, %s the list of clients with their shares ("3 in qBittorrent and 1 in Transmission").
    private static func actionDoneInSeveral(_ action: TransferAction, count: Int) -> String {
        switch action {
        case .pause: trn("Paused %d transfer: %s", "Paused %d transfers: %s", count)
        case .resume: trn("Resumed %d transfer: %s", "Resumed %d transfers: %s", count)
        case .forceStart: trn("Force-started %d transfer: %s", "Force-started %d transfers: %s", count)
        case .remove: trn("Removed %d transfer: %s", "Removed %d transfers: %s", count)
        case .removeWithData: trn("Removed %d transfer and its files: %s", "Removed %d transfers and their files: %s", count)
        case .queueTop: trn("Moved %d transfer to the top of its queue: %s", "Moved %d transfers to the top of their queues: %s", count)
        case .queueUp: trn("Moved %d transfer up in its queue: %s", "Moved %d transfers up in their queues: %s", count)
        case .queueDown: trn("Moved %d transfer down in its queue: %s", "Moved %d transfers down in their queues: %s", count)
        case .queueBottom: trn("Moved %d transfer to the bottom of its queue: %s", "Moved %d transfers to the bottom of their queues: %s", count)
        }
    }

    /// "a, b or c" the way the user's language lists alternatives.
    static func alternatives(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        // Translators: the last two of a list of alternatives ("Sonarr, Radarr or Lidarr").
        return trc("list", "%1$s or %2$s").fill(items.dropLast().joined(separator: trc("list separator", ", ")), last)
    }

    /// The names of every kind this build knows in one of `roles`, in the catalog's order ("Sonarr", "Radarr", "Lidarr"):
    /// sentences that name the services a user can add are made from the catalog, so a new kind is never left out.
    static func kindNames(_ roles: Set<ServiceKind.Role>) -> [String] {
        ServiceKind.allCases.filter { roles.contains($0.role) }.map(\.displayName)
    }

    /// Every kind but the transfer clients, listed: "Sonarr, Radarr, Lidarr, Prowlarr, Jellyseerr / Overseerr".
    static var serviceNamesBesideClients: String {
        kindNames([.orchestrator, .indexerManager, .requestManager]).joined(separator: trc("list separator", ", "))
    }

    /// `--help`'s summary line.
    static var commandLineSummary: String {
        // Translators: %s lists every kind of service Switchyard talks to.
        tr("Manage your media-automation stack in one window: %s.").fill(
            kindNames([.orchestrator, .indexerManager, .requestManager, .transferClient]).joined(separator: trc("list separator", ", ")))
    }

    /// "a, b and c" the way the user's language lists things.
    static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        // Translators: the separator between the items of a list, except the last two.
        let separator = trc("list separator", ", ")
        // Translators: the last two items of a list ("3 in qBittorrent and 1 in Transmission").
        return trc("list", "%1$s and %2$s").fill(items.dropLast().joined(separator: separator), last)
    }

    /// Why an action cannot be taken on a transfer of `client`.
    static func unavailable(_ action: TransferAction, _ availability: ActionAvailability, client: String) -> String {
        switch availability {
        case .available: ""
        case .unsupported: cannot(action).fill(client)
        case .finishedEntry: tr("Finished usenet downloads can only be removed")
        // Translators: %s is a download client's name.
        case .keepsFinishedFiles: tr("%s does not delete the files of finished downloads").fill(client)
        // Translators: %s is a download client's name (rTorrent).
        case .leavesFiles: tr("%s cannot delete a transfer's files: remove it, then delete the files on the machine it runs on").fill(client)
        case .needsProgramOnServer, .groupLimitsOnly, .notQueued: detailUnavailable(availability, client: client)
        }
    }

    /// Picked items an action was not sent for, and why: "2 finished downloads in NZBGet left out: …".
    static func leftOut(_ action: TransferAction, _ availability: ActionAvailability, count: Int, client: String) -> String {
        switch availability {
        case .available: ""
        case .unsupported:
            // Translators: %1$d transfers in the client %2$s; the second %2$s is the same client.
            trn("%1$d transfer in %2$s left out: %2$s cannot do that.", "%1$d transfers in %2$s left out: %2$s cannot do that.", count)
                .fill(count, client)
        case .finishedEntry:
            trn("%d finished download in %s left out: finished usenet downloads can only be removed.",
                "%d finished downloads in %s left out: finished usenet downloads can only be removed.", count).fill(count, client)
        case .keepsFinishedFiles:
            trn("%1$d finished download in %2$s left out: %2$s does not delete the files of finished downloads.",
                "%1$d finished downloads in %2$s left out: %2$s does not delete the files of finished downloads.", count).fill(count, client)
        case .leavesFiles:
            trn("%1$d transfer in %2$s left out: %2$s cannot delete its files (remove it, then delete them where it runs).",
                "%1$d transfers in %2$s left out: %2$s cannot delete their files (remove them, then delete them where it runs).", count)
                .fill(count, client)
        case .needsProgramOnServer, .groupLimitsOnly: "" // details pane actions: one transfer, never left out of a list
        case .notQueued:
            // Translators: %1$d finished transfers in the client %2$s; the second %2$s is the same client.
            trn("%1$d finished transfer in %2$s left out: %2$s queues only transfers still to download.",
                "%1$d finished transfers in %2$s left out: %2$s queues only transfers still to download.", count).fill(count, client)
        }
    }

    /// Why an action of the details pane cannot be taken on a transfer of `client`.
    static func detailUnavailable(_ availability: ActionAvailability, client: String) -> String {
        switch availability {
        case .available: ""
        // Translators: %s is a download client's name (rTorrent).
        case .needsProgramOnServer: tr("%s can move data only by running a program on its own machine, which Switchyard does not do").fill(client)
        // Translators: %s is a download client's name (rTorrent).
        case .groupLimitsOnly: tr("%s sets limits for named groups of transfers, not for one transfer").fill(client)
        // Translators: %s is a download client's name.
        case .finishedEntry: tr("%s takes no changes to a finished download").fill(client)
        // Translators: %s is a download client's name (qBittorrent, Deluge).
        case .notQueued: tr("%s queues only transfers still to download").fill(client)
        case .unsupported, .keepsFinishedFiles, .leavesFiles: tr("%s cannot do this through its API").fill(client)
        }
    }

    // Translators: %s is a download client's name.
    private static func cannot(_ action: TransferAction) -> String {
        switch action {
        case .pause: tr("%s cannot pause transfers")
        case .resume: tr("%s cannot resume transfers")
        case .forceStart: tr("%s cannot force-start transfers")
        case .remove: tr("%s cannot remove transfers")
        case .removeWithData: tr("%s cannot delete downloaded files")
        case .queueTop, .queueUp, .queueDown, .queueBottom: tr("%s has no queue to move transfers in")
        }
    }

    /// The question before a destructive action, and its button.
    static func confirmRemoval(_ action: TransferAction, count: Int) -> (title: String, detail: String, button: String) {
        action == .removeWithData
            ? (trn("Remove %d transfer and delete its files?", "Remove %d transfers and delete their files?", count).fill(count),
               trn("The downloaded files are deleted from disk. This cannot be undone.",
                   "The downloaded files are deleted from disk. This cannot be undone.", count),
               tr("Remove and Delete Files"))
            : (trn("Remove %d transfer?", "Remove %d transfers?", count).fill(count),
               trn("The transfer leaves the client; its downloaded files stay on disk.",
                   "The transfers leave the client; their downloaded files stay on disk.", count),
               tr("Remove"))
    }
}

// MARK: Live updates

extension Strings {
    /// The words for an instance's live state: a word for the facts line ("live", "polling") and,
    /// while it polls, a sentence saying why. nil for services without a live channel.
    static func live(_ state: LiveState?) -> (word: String, reason: String?)? {
        switch state {
        case nil: nil
        case .live?: (trc("live state", "live"), nil)
        case .connecting?: (trc("live state", "connecting live…"), nil)
        case .polling(let reason)?: (trc("live state", "polling"), livePolling(reason))
        }
    }

    /// Why an instance's changes are polled instead of arriving live, and what to do about it.
    static func livePolling(_ reason: LivePollingReason) -> String {
        switch reason {
        case .refused:
            tr("Live updates: the service refused the API key on the live connection. Update it in Settings.")
        case .hubNotFound:
            tr("Live updates: no live hub answers at this address. If a reverse proxy is in front of the service, check that it passes WebSocket upgrades on (the hub is at /signalr/messages under the URL base).")
        case .redirected(let status):
            // Translators: %d is an HTTP status code (301, 302, …).
            tr("Live updates: the live hub redirected elsewhere (HTTP %d), and Switchyard does not follow redirects. Check the address and URL base in Settings.")
                .fill(String(status))
        case .versionTooOld(let version):
            // Translators: %s is a version number ("3.0.10").
            tr("Live updates: version %s has no live updates Switchyard can use, so changes are polled.").fill(version)
        case .unreadable:
            tr("Live updates: the hub’s answer could not be read. Is something other than the service answering at this address?")
        case .handshakeFailed:
            tr("Live updates: the hub did not complete its handshake; trying again.")
        case .answered(let status):
            // Translators: %d is an HTTP status code.
            tr("Live updates: the hub answered HTTP %d instead of connecting; trying again.").fill(String(status))
        case .unreachable:
            tr("Live updates: the live connection could not be made; trying again.")
        case .dropped:
            tr("Live updates: the live connection dropped; reconnecting.")
        }
    }
}
