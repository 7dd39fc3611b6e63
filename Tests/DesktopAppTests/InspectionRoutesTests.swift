@testable import DesktopApp
import CGtk
import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Runs the real binary for every route in the route table, under the test
/// session's Xvfb display and AT-SPI bus (`make test`), through Tools/inspect.sh.
final class InspectionRoutesTests: XCTestCase {
    /// What each route must show to assistive technologies, beyond the common checks,
    /// inside the selected tab's panel (GTK 4.8 exposes hidden tabs too).
    private static func expectations(_ route: InspectionRoute) -> [String] {
        // A tab's scene, by its name in that tab's own scene list.
        let scene: String? = if case .tab(_, let scene)? = route.overlay { scene.name } else { nil }
        if let scene, let media = LibraryPresentations.of(route.tab), let library = LibraryScene(rawValue: scene) {
            return Self.library(media, library)
        }
        if let scene, route.tab == .activity, let activity = ActivityScene(rawValue: scene) { return Self.activity(activity) }
        switch route.scene {
        case .welcome:
            return ["[push button] 'Add Service…'", "[label] 'Connect Your Services'"]
        case .networkFailure:
            return ["[label] 'Switchyard Could Not Start Its Network Layer'"]
        case .allTabs:
            return ["[label] 'Checking your services…'", "[filler] 'Checking your services…'"]
        case .detail(let tab):
            if tab == .music {
                // Tracks have no dates of their own: their album's is on its heading.
                return ["[push button] 'Back'", "[label] 'Ada Sample'", "[list] 'Default Values'", "[label] 'Fixture Track 3'",
                        "[list] 'Recent history'", "[push button] 'Monitor every album'", "[push button] 'Search missing albums'",
                        "[label] '11 Dec 2024'", "[label] 'Tracks on disk'"]
            }
            return tab == .series
                ? ["[push button] 'Back'", "[label] 'Placeholder Bay'", "[list] 'Season 1'", "[label] 'Fixture Episode 3'",
                   "[list] 'Queue entries'", "[list] 'Recent history'"]
                : ["[push button] 'Back'", "[label] 'Return of the Placeholder'", "[label] 'Digital release'",
                   "[label] 'Return.of.the.Placeholder.2025.2160p.WEB-DL'"]
        case .tabs(let tab, let variant):
            if case .settings(let scene)? = route.overlay { return settings(scene) }
            if let scene, tab == .downloads, let downloads = DownloadsScene(rawValue: scene) { return Self.downloads(downloads) }
            if let scene, tab == .indexers, let indexers = IndexersScene(rawValue: scene) { return Self.indexers(indexers) }
            if let scene, tab == .requests, let requests = RequestsScene(rawValue: scene) { return Self.requests(requests) }
            if case .doctor(let scene)? = route.overlay {
                let common = ["[frame] 'Stack Doctor'", "[push button] 'Check again'", "[push button] 'Close'"]
                if scene == .incomplete {
                    // Never "no problems found between your services" when a service could not be read.
                    return common + ["[label] 'Read in full: 1 of 3 orchestrators, 5 of 5 download clients. "
                                        + "No problems found in what could be read; the checks that needed the rest were skipped.'",
                                     "[list] 'Findings'", "[label] 'Could not check Sonarr 4K: Nothing is listening at this address and port. Is the service running?'",
                                     "[push button] 'Retry Sonarr 4K'",
                                     "[label] 'Could not read the remote path mappings of Radarr: The service refused the request: NotFound'",
                                     "[push button] 'Retry Radarr'"]
                }
                return common + (scene == .healthy
                    ? ["[label] '3 orchestrators and 5 download clients read. No problems found between your services.'"]
                    : ["[list] 'Findings'", "[label] '3 orchestrators and 5 download clients read. 4 findings.'",
                       "[label] 'Error: Radarr does not import finished downloads: completed download handling is off.'",
                       "[label] 'Warning: Probably: Sonarr 4K sends to the category “tv-4k”, which qBittorrent does not have.'",
                       "[label] 'Notice: No orchestrator sends downloads to Transmission (NAS).'",
                       "[push button] 'Turn On in Radarr…'", "[push button] 'Create “tv-4k” in qBittorrent…'"])
            }
            if route.overlay == .doctorFixConfirm {
                return ["[frame] 'Create the category “tv-4k” in qBittorrent?'", "[label] 'The request that will be sent:'",
                        "[label] 'POST /api/v2/torrents/createCategory\\ncategory=tv-4k&savePath='", "[push button] 'Cancel'",
                        "[push button] 'Create Category'", "[frame] 'Stack Doctor'"]
            }
            if route.overlay == .about { return ["[frame] 'About Switchyard'", "[label] 'Switchyard'", "[page tab] 'Credits'"] }
            if route.overlay == .shortcuts {
                return ["[frame] 'Keyboard Shortcuts'", "[label] 'Go to Calendar'", "[label] 'Refresh'", "[label] 'Search the library, or filter the transfers'"]
            }
            if tab == .overview, scene == "live" {
                return content(tab) + ["[label] 'Sonarr · 4.0.19.2979 · via local · 12 ms · live'",
                                       "[label] 'Sonarr · 4.0.19.2979 · via remote · 86 ms · polling'",
                                       "[label] 'Live updates: the service refused the API key on the live connection. Update it in Settings.'",
                                       "[label] 'Radarr · 5.26.2.10099 · via local · 15 ms · polling'",
                                       "[label] 'Live updates: the live connection dropped; reconnecting.'"]
            }
            if tab == .overview, scene == "speeds" {
                return ["[label] 'Transfer Speeds'", "[image] 'Speeds of qBittorrent'", "[image] 'Speeds of NZBGet'"]
            }
            if tab == .overview, scene == "live-failures" {
                return content(tab) + ["[label] 'Sonarr · 3.0.10.1567 · via local · 9 ms · polling'",
                                       "[label] 'Live updates: version 3.0.10.1567 has no live updates Switchyard can use, so changes are polled.'",
                                       "[label] 'Live updates: no live hub answers at this address. If a reverse proxy is in front of the service, "
                                           + "check that it passes WebSocket upgrades on (the hub is at /signalr/messages under the URL base).'",
                                       "[label] 'Live updates: the live hub redirected elsewhere (HTTP 301), and Switchyard does not follow redirects. "
                                           + "Check the address and URL base in Settings.'",
                                       "[label] 'Live updates: the hub’s answer could not be read. Is something other than the service answering at this address?'"]
            }
            switch variant {
            case .content: return content(tab)
            case .partial: return content(tab, partial: true) + [partialButton(tab)]
            case .partialEmpty:
                // The failure row, then the tab's empty state — never a blank page.
                return tab == .overview ? [partialButton(tab)] : [partialButton(tab), "[label] '\(Strings.empty(tab).title)'"]
            case .loading: return ["[label] '\(Strings.loading(tab))'"]
            case .empty: return ["[label] '\(Strings.empty(tab).title)'"]
            case .stale:
                return content(tab) + ["[label] 'Showing data from 13:22. Some services could not be refreshed.'", "[push button] 'Retry'"]
            case .unavailable: return ["[label] 'Service Unavailable'", "[push button] 'Retry'"]
            case .unauthorized: return ["[label] 'Sign-in Needed'", "[push button] 'Update Credentials…'"]
            case .disabled: return ["[label] 'Service Disabled'", "[push button] 'Enable in Settings…'"]
            }
        }
    }

    private static func downloads(_ scene: DownloadsScene) -> [String] {
        let toolbar = ["[push button] 'Pause' {visible,sensitive", "[push button] 'Resume' {visible,sensitive",
                       "[push button] 'Remove' {visible,sensitive", "[push button] 'Remove and Delete Files' {visible,sensitive"]
        switch scene {
        case .selected: return toolbar + ["{visible,selected,", "[label] 'Test.Pattern.Pack'", "[push button] 'Queue' {visible,sensitive"]
        case .contextMenu:
            return ["[menu item] 'Pause' {visible,sensitive", "[menu item] 'Force Start'", "[menu item] 'Remove…'",
                    "[menu item] 'Remove and Delete Files…'", "[menu item] 'Move Up in Queue' {visible,sensitive"]
        case .queueMenu:
            return ["[push button] 'Queue' {visible,sensitive", "[menu item] 'Move to Top of Queue' {visible,sensitive",
                    "[menu item] 'Move Up in Queue' {visible,sensitive", "[menu item] 'Move Down in Queue' {visible,sensitive",
                    "[menu item] 'Move to Bottom of Queue' {visible,sensitive"]
        case .confirmRemove:
            return ["[frame] 'Remove 2 transfers?'", "[push button] 'Cancel'", "[push button] 'Remove'",
                    "[label] 'The transfers leave the client; their downloaded files stay on disk.'"]
        case .confirmDeleteData:
            return ["[frame] 'Remove 2 transfers and delete their files?'", "[push button] 'Cancel'",
                    "[push button] 'Remove and Delete Files'"]
        case .actionPending: return ["[label] 'Pausing…'"]
        case .actionFailed:
            return ["[label] 'Paused 1 transfer in qBittorrent'", "[label] 'NZBGet: The service took too long to answer.'",
                    "[push button] 'Dismiss message'"]
        case .add:
            return ["[frame] 'Add Download'", "[text] 'Magnet link or address'", "[push button] 'Choose torrent or NZB files…'",
                    "[label] 'Fixture.Linux.ISO.x86_64 (magnet link)'", "[label] 'Example.Dataset.2026.torrent (torrent file)'",
                    "[label] '/srv/downloads/other.torrent — not a magnet link or an http(s) address; nothing else is sent to a client'",
                    "[label] '/srv/downloads/other.torrent'",
                    "[combo box] 'Download client'", "[text] 'Category'", "[check box] 'Start paused' {visible,sensitive,focusable,checked}",
                    "[push button] 'Add' {visible,sensitive", "[push button] 'Close'", "[push button] 'Add download…'"]
        case .addDuplicate:
            return ["[label] 'Added “Example.Dataset.2026.torrent” to qBittorrent'", "[label] 'Already in qBittorrent: “Fixture.Linux.ISO.x86_64”'",
                    "[push button] 'Add' {visible,focusable}"]
        case .filtered:
            return ["[entry] 'Filter transfers by name, category or client'", "[label] '3 of 11 transfers'",
                    "[label] 'Placeholder.Bay.S02E02.1080p.WEB-DL'", "[label] 'Placeholder.Archive.2025'", "{visible,selected,"]
        case .seedbox:
            // d.erase leaves the files: deleting them is not offered, in the toolbar or the menu.
            return ["[push button] 'Remove and Delete Files' {visible,focusable}", "[menu item] 'Remove and Delete Files…' {visible,focusable}",
                    "[menu item] 'Remove…' {visible,sensitive", "[menu item] 'Force Start' {visible,focusable}",
                    "[label] 'Fixture.Seedbox.Album.2025.FLAC'", "[label] 'rTorrent'"]
        case .details:
            return ["[panel] 'Transfer details'", "[page tab] 'General' {visible,selected", "[label] 'Seeds: 4 connected of 61'",
                    "[label] 'Save path: /srv/downloads/tv'", "[push button] 'Close details'"]
        case .detailsMove:
            return ["[frame] 'Move “Placeholder.Bay.S02E02.1080p.WEB-DL”?'", "[text] 'Folder on qBittorrent's machine' {visible,sensitive,focusable",
                    "[push button] 'Cancel' {visible,sensitive", "[push button] 'Move' {visible,focusable}"]
        case .detailsLimits:
            return ["[frame] 'Speed limits of “Placeholder.Bay.S02E02.1080p.WEB-DL”'", "[check box] 'Limit download to' {visible,sensitive,focusable,checked}",
                    "[spin button] 'Download limit in kilobytes a second' {visible,sensitive", "[check box] 'Limit upload to' {visible,sensitive,focusable}",
                    "[spin button] 'Upload limit in kilobytes a second' {visible,focusable}", "[push button] 'Set Limits' {visible,sensitive"]
        case .detailsCategory:
            return ["[frame] 'Category of “Placeholder.Bay.S02E02.1080p.WEB-DL”'", "[combo box] 'Category' {visible,sensitive",
                    "[label] 'fixture-tv'", "[push button] 'Set' {visible,sensitive"]
        case .detailsLabels:
            return ["[frame] 'Labels of “Placeholder.Bay.S02E02.1080p.WEB-DL”'", "[text] 'Labels, separated by commas' {visible,sensitive,focusable",
                    "[label] 'Words separated by commas; the list replaces the transfer's labels in Transmission (NAS).'"]
        case .detailsFiles:
            return ["[page tab] 'Files' {visible,selected", "[label] 'Folder Placeholder.Bay.S02E02.1080p.WEB-DL, open'", "[label] 'Mixed'",
                    "[label] 'Folder Subs, open'", "[label] 'English.srt'", "[progress bar] 'Progress of sample.mkv'", "[label] 'Skip'",
                    "[push button] 'Priority of the files picked' {visible,sensitive,focusable}", "[push button] 'Verify data…' {visible,sensitive",
                    "[push button] 'Reannounce' {visible,sensitive"]
        case .detailsPeers:
            return ["[page tab] 'Peers' {visible,selected", "[label] '[2001:db8::7]:40000'", "[label] 'Deluge 2.0.3'", "[label] 'XA'"]
        case .detailsTrackers:
            return ["[page tab] 'Trackers' {visible,selected", "[label] 'udp://backup-tracker.fixture.invalid:1337/announce'",
                    "[label] 'Not working'", "[label] 'Connection refused'", "[push button] 'Add trackers…' {visible,sensitive",
                    "[push button] 'Edit tracker…' {visible,sensitive", "[push button] 'Remove trackers…' {visible,sensitive"]
        case .detailsMore:
            return ["[menu item] 'Move to Top of Queue' {visible,sensitive", "[menu item] 'Move to Bottom of Queue' {visible,sensitive",
                    "[menu item] 'Download in Order' {visible,sensitive,focusable,checked}", "[menu item] 'First and Last Pieces First' {visible,sensitive,focusable}",
                    "[menu item] 'Rename…' {visible,sensitive", "[menu item] 'Share Limits…' {visible,sensitive"]
        case .detailsShareLimits:
            return ["[frame] 'Share limits of “Placeholder.Bay.S02E02.1080p.WEB-DL”'", "[combo box] 'Ratio limit' {visible,sensitive",
                    "[spin button] 'Ratio at which it stops seeding' {visible,sensitive,focusable", "[combo box] 'Seeding time limit' {visible,sensitive",
                    "[label] 'As in qBittorrent's settings'", "[spin button] 'Minutes of seeding after which it stops' {visible,focusable}",
                    "[push button] 'Set Limits' {visible,sensitive"]
        case .detailsPriority:
            return ["[frame] 'Priority of “Test.Pattern.Pack”'", "[combo box] 'Priority' {visible,sensitive", "[label] 'High'",
                    "[label] 'Where the job stands in SABnzbd's queue: higher ones download first; Force downloads even while the queue is paused. This job is paused: SABnzbd resumes it when its priority changes.'",
                    "[push button] 'Set' {visible,sensitive"]
        case .detailsPassword:
            return ["[frame] 'Archive password of “Test.Pattern.Pack”'", "[password text] 'Archive password' {visible,sensitive,focusable",
                    "[label] 'NZBGet tries this password when it unpacks the job. Switchyard sends it once and keeps it nowhere.'",
                    "[push button] 'Set Password' {visible,focusable}"]
        case .detailsRename:
            return ["[frame] 'Rename “Placeholder.Bay.S02E02.1080p.WEB-DL”'", "[text] 'New name' {visible,sensitive,focusable",
                    "[label] 'Transmission (NAS) renames the transfer's file or folder on disk too. An orchestrator waiting for it may no longer find it.'",
                    "[push button] 'Rename' {visible,focusable}"]
        case .detailsRenameFile:
            return ["[frame] 'Rename “English.srt”'", "[text] 'New file name' {visible,sensitive,focusable",
                    "[label] 'qBittorrent renames the file on disk, in its folder. An orchestrator waiting for this transfer may no longer find it.'",
                    "[push button] 'Rename' {visible,focusable}"]
        case .detailsAddTrackers:
            return ["[frame] 'Add trackers to “Placeholder.Bay.S02E02.1080p.WEB-DL”'", "[text] 'Tracker addresses, one per line'",
                    "[label] 'Not a tracker address: tracker3.fixture.invalid'", "[push button] 'Add' {visible,focusable}"]
        case .detailsLog:
            return ["[page tab] 'Log' {visible,selected", "[label] 'Download of test.pattern.pack.part02.rar failed: 3 articles missing'",
                    "[label] 'Warning'", "[label] 'Error'"]
        case .detailsSpeed:
            return ["[page tab] 'Speed' {visible,selected", "[image] 'Speeds of this transfer'"]
        case .speed, .speedMonth:
            return ["[push button] 'Speed history'", "[label] 'Speed history'", "[combo box] 'Period shown'",
                    "[image] 'Speeds of qBittorrent'", "[image] 'Speeds of NZBGet'"]
        case .speedEmpty:
            return ["[image] 'Speeds of qBittorrent'", "[image] 'Speeds of NZBGet'"]
        case .speedDown:
            return ["[image] 'Speeds of NZBGet'", "[label] 'Not read now: Nothing is listening at this address and port. Is the service running?'"]
        case .turtle:
            return ["[push button] 'Speed limits: on in qBittorrent'", "[menu item] 'qBittorrent' {visible,sensitive,focusable,checked}",
                    "[menu item] 'NZBGet'", "[menu item] 'All Clients'"]
        }
    }

    private static func library(_ media: LibraryPresentation, _ scene: LibraryScene) -> [String] {
        if media.kind.id == .artist, let music = music(scene) { return music }
        let series = media.kind.id == .series
        let search = series ? "Series search" : "Movie search"
        switch scene {
        case .selected:
            return ["[push button] '\(media.words.onSelection("Stop Monitoring"))' {visible,sensitive", "[push button] '\(media.words.onSelection("Search"))' {visible,sensitive",
                    "[push button] '\(media.words.onSelection("Monitor"))' {visible,focusable}", "{visible,selected,", "[push button] 'RSS sync'"]
        case .contextMenu:
            return ["[menu item] 'Stop Monitoring' {visible,sensitive", "[menu item] 'Search' {visible,sensitive",
                    "[menu item] 'Refresh and Scan' {visible,sensitive", "[menu item] 'Open Details'"]
        case .commandRunning:
            return ["[label] '\(series ? "Sonarr" : "Radarr"): \(search): running'", "[filler] 'Commands running'"]
        case .detailActions:
            return ["[check box] 'Monitored' {visible,sensitive,focusable,checked}", "[push button] 'Refresh and scan'",
                    "[push button] '\(media.words.deleteThis)'",
                    "[label] '\(search) completed: Search completed. 2 reports downloaded.'"]
                + (series ? ["[push button] 'Search for every monitored episode'", "[check box] 'Monitor Season 1'",
                             "[push button] 'Search episode 3 of Season 1'", "[check box] 'Monitor episode 3 of Season 1'"]
                          : ["[push button] 'Search for this movie'"])
        case .detailCommandRunning:
            return series ? ["[label] 'Season 2 search: running'", "[push button] 'Search Season 2' {visible,focusable}"]
                          : ["[label] 'Movie search: running'", "[push button] 'Search for this movie' {visible,focusable}"]
        case .detailConfirmDelete:
            return ["[frame] 'Delete “\(series ? "Placeholder Bay" : "Return of the Placeholder")”?'", "[push button] 'Cancel' {visible,sensitive,focusable",
                    "[push button] 'Delete'", "[check box] 'Also delete its files' {visible,sensitive,focusable}",
                    "[check box] 'Prevent re-adding by import lists' {visible,sensitive,focusable}"]
        case .add:
            return ["[frame] 'Add \(series ? "Series" : "Movie")'", "[label] 'Type at least two characters.'", "[push button] 'Close'",
                    "[push button] 'Add' {visible,focusable}", "[push button] '\(media.words.add)'"]
        case .addResults:
            return ["[list] 'Search results'", "[label] 'In the library'", "[label] '4 found.'",
                    "[label] '\(series ? "Placeholder Heights (2025)" : "Placeholder Rising (2026)")'"]
        case .addOptions:
            return ["[combo box] 'Root folder'", "[combo box] 'Quality profile'", "[combo box] 'Monitor'",
                    "[check box] 'Start searching now' {visible,sensitive,focusable,checked}", "[check box] 'Tag 4k'",
                    "[push button] 'Add' {visible,sensitive,focusable}", "[push button] 'Back to the results'",
                    "[label] '\(series ? "Every episode, except specials." : "Radarr monitors this movie.")'"]
                + (series ? ["[combo box] 'Series type'", "[check box] 'Season folders' {visible,sensitive,focusable,checked}"] : [])
        case .addError:
            return ["[label] 'The service refused the request: This \(series ? "series" : "movie") has already been added'"]
        case .addRequest:
            // Before anything is sent: who the request is made as, and that it is approved at once.
            return ["[label] 'Or Request It'", "[push button] 'Request in Jellyseerr' {visible,sensitive,focusable}",
                    "[label] 'It is made as Fixture Owner, the user of the API key, so Jellyseerr approves it at once and sends it on for download — it does not wait for anyone's approval.'",
                    "[push button] 'Add' {visible,sensitive,focusable}"]
                + (series ? ["[check box] 'Request season 1' {visible,sensitive,focusable,checked}",
                             "[check box] 'Request season 2' {visible,sensitive,focusable,checked}"] : [])
        case .releaseSearch:
            return ["[frame] 'Interactive Search — \(series ? "Season 2 of Placeholder Bay" : "Return of the Placeholder")'",
                    "[list] 'Releases'", "[label] '5 releases, 2 approved. Searched at 14:00.'", "[combo box] 'Sort releases'",
                    "[combo box] 'Show releases'", "[push button] 'Search again'", "[label] 'Rejected: Not an upgrade for existing episode file(s)'",
                    "[label] 'Not matched to this item: it cannot be grabbed from here.'", "[push button] 'Close'"]
        case .releaseSearchRejections:
            return ["[label] 'Rejected: Release in queue already meets cutoff: WEBDL-1080p'",
                    "[label] 'Rejected: Fixture Indexer has a minimum of 10 seeders; this release has 2'"]
        case .releaseSearchSearching:
            return ["[label] 'Searching the indexers… This can take up to three minutes.'", "[push button] 'Cancel search'",
                    "[filler] 'Searching indexers'"]
        case .detailConfirmRemove:
            return ["[frame] 'Remove from the Queue?'", "[push button] 'Cancel' {visible,sensitive,focusable", "[push button] 'Remove'",
                    "[check box] 'Keep it in the client' {visible,sensitive,focusable,checked}",
                    "[check box] 'Do not blocklist' {visible,sensitive,focusable,checked}",
                    "[check box] 'Blocklist only' {visible,sensitive,focusable}"]
        case .detailPartial:
            // The rest shows; the history says why it is missing, with its own Retry.
            return ["[push button] 'Back'", "[label] 'Recent History'",
                    "[label] 'Its history could not be read: The service refused the request: NotFound'",
                    "[push button] 'Retry reading its history'"]
        case .detailFailed:
            return ["[push button] 'Back'", "[label] 'The Details Could Not Be Loaded'",
                    "[label] 'The service refused the request: NotFound'", "[push button] 'Retry reading the details'"]
        }
    }

    /// The Music tab's scenes that differ from the others' in more than their nouns.
    private static func music(_ scene: LibraryScene) -> [String]? {
        switch scene {
        case .commandRunning: ["[label] 'Lidarr: Artist search: running'", "[filler] 'Commands running'"]
        case .detailActions:
            ["[check box] 'Monitored' {visible,sensitive,focusable,checked}", "[push button] 'Refresh and scan'",
             "[push button] 'Delete this artist…'", "[label] 'Artist search completed: Search completed. 2 reports downloaded.'",
             "[push button] 'Search for every monitored album'", "[check box] 'Monitor Null and Void'",
             "[push button] 'Search Null and Void'", "[push button] 'Monitor every album' {visible,sensitive",
             "[push button] 'Search missing albums' {visible,sensitive"]
        case .detailCommandRunning: ["[label] 'Album search: running'", "[push button] 'Search Edge Cases' {visible,focusable}"]
        case .detailConfirmDelete:
            ["[frame] 'Delete “Ada Sample”?'", "[push button] 'Cancel' {visible,sensitive,focusable", "[push button] 'Delete'",
             "[check box] 'Also delete its files' {visible,sensitive,focusable}"]
        case .add:
            ["[frame] 'Add Artist'", "[label] 'Type at least two characters.'", "[push button] 'Close'", "[push button] 'Add an artist…'"]
        case .addResults: ["[list] 'Search results'", "[label] 'In the library'", "[label] '4 found.'", "[label] 'Placeholder Trio'"]
        case .addOptions:
            ["[combo box] 'Root folder'", "[combo box] 'Quality profile'", "[combo box] 'Metadata profile'", "[combo box] 'Monitor'",
             "[check box] 'Start searching for missing albums' {visible,sensitive,focusable}", "[check box] 'Tag 4k'",
             "[push button] 'Add' {visible,sensitive,focusable}", "[label] 'Every album, except those the metadata profile leaves out.'"]
        case .addError: ["[label] 'The service refused the request: This artist has already been added'"]
        case .releaseSearch:
            ["[frame] 'Interactive Search — Edge Cases of Ada Sample'", "[list] 'Releases'", "[label] '5 releases, 2 approved. Searched at 14:00.'"]
        default: nil
        }
    }

    private static func requests(_ scene: RequestsScene) -> [String] {
        switch scene {
        case .selected:
            return ["[check box] 'Select Return of the Placeholder (2025)' {visible,sensitive,focusable,checked}",
                    "[check box] 'Select Placeholder Bay (2019)' {visible,sensitive,focusable}",
                    "[check box] 'Select Synthetic Dawn (2024)' {visible,sensitive,focusable,checked}",
                    "[push button] 'Approve selected requests' {visible,sensitive,focusable}",
                    "[push button] 'Decline selected requests' {visible,sensitive,focusable}"]
        case .confirmDelete:
            return ["[frame] 'Delete the request for “The Long Fixture (2020)”?'", "[push button] 'Cancel' {visible,sensitive,focusable",
                    "[push button] 'Delete Request'",
                    "[label] 'The request is removed from Jellyseerr. The movie or series itself, and anything already downloaded, stay as they are.'"]
        case .actionFailed:
            return ["[label] 'Nothing was changed.'", "[push button] 'Dismiss message'", "[label] 'The others were not sent.'",
                    "[label] '“Return of the Placeholder (2025)” was not approved: \(ErrorText.sentence(.refused(.readOnlyAPI)))'"]
        }
    }

    private static func indexers(_ scene: IndexersScene) -> [String] {
        switch scene {
        case .results:
            return ["[list] 'Search results'", "[label] '8 results; 3 of 4 indexers answered.'", "[push button] 'Back to indexers'",
                    "[label] 'Fixture.Show.S02E03.qx.RTL.1080p'",
                    "[label] 'Failed: Fixture Torrents Private (The service took too long to answer.)'",
                    "[label] 'Answered nothing and now held back by Prowlarr (most likely failed): Fixture Flaky Tracker'"]
        case .streaming:
            return ["[label] '8 results so far; 2 of 4 indexers answered…'", "[push button] 'Cancel search'",
                    "[label] 'Still searching: Fixture Flaky Tracker, Fixture Torrents Private'"]
        case .nothing:
            return ["[label] 'Nothing found, but not every indexer may have searched: see below.'",
                    "[label] 'Found nothing: Fixture Usenet One, Fixture Torrents Public, Fixture Torrents Private'"]
        case .grab:
            return ["[frame] 'Grab “Fixture Show S02E05 1080p WEB”'", "[check box] 'Straight to qBittorrent' {visible,sensitive,focusable,checked}",
                    "[label] 'The client will store a download link that contains Prowlarr's API key. Anyone who can see that client's transfers can read the key.'",
                    "[push button] 'Send with Prowlarr's key in the link'", "[push button] 'Cancel'"]
        case .tested:
            return ["[label] 'Test failed: Unable to connect to indexer, check the log for more details'", "[label] 'Test passed'"]
        }
    }

    private static func activity(_ scene: ActivityScene) -> [String] {
        switch scene {
        case .selected:
            return ["[push button] 'Grab now' {visible,sensitive", "[push button] 'Remove from queue…' {visible,sensitive", "[label] '2 selected'",
                    "[label] 'Held back by a delay profile: not sent to a download client yet'", "{visible,selected,"]
        case .contextMenu: return ["[menu item] 'Grab Now' {visible,sensitive", "[menu item] 'Remove from Queue…' {visible,sensitive"]
        case .confirmRemove:
            return ["[frame] 'Remove from the Queue?'", "[push button] 'Cancel' {visible,sensitive,focusable",
                    "[check box] 'Change its category instead' {visible,sensitive,focusable}",
                    "[check box] 'Remove it from the client and delete its files' {visible,sensitive,focusable}",
                    "[check box] 'Blocklist and search for another' {visible,sensitive,focusable,checked}"]
        case .actionPending: return ["[label] 'Sonarr · Removing…'"]
        case .actionFailed:
            return ["[label] 'Nothing was removed'", "[label] 'Sonarr: The service failed while answering: Specified method is not supported.'",
                    "[push button] 'Dismiss message'"]
        }
    }

    private static func content(_ tab: AppTab, partial: Bool = false) -> [String] {
        switch tab {
        case .overview:
            return ["[list] 'Services'", "[label] 'Sonarr 4K'", "[label] 'Degraded'", "[push button] 'Retry Sonarr 4K'",
                    "[progress bar] 'Space used on Media, Sonarr' {visible,sensitive} <value 0.76625 of 1>"]
                + (partial ? ["[label] 'Sign-in needed'", "[label] 'Unavailable'"] : ["[label] 'Connected'"])
        case .series:
            return ["[list] 'Series'", "[label] 'Placeholder Bay'", "'Search series'", "[combo box] 'Sort series by'"]
                + (partial ? [] : ["[label] 'Sonarr 4K'"])
        case .movies:
            return ["[list] 'Movies'", "[label] 'Return of the Placeholder'", "'Search movies'"]
        case .activity:
            return ["[list] 'Activity'", "[label] 'Found matching movie via grab history, but release was matched to movie by ID. Manual Import required.\\nFixture sample file could not be imported: not a valid video file.'"]
                + (partial ? [] : ["[progress bar] 'Progress of Placeholder.Bay.S02E02.1080p.WEB-DL' {visible,sensitive} <value 0.64 of 1>",
                                   "[label] 'In NZBGet · Completed'"])
        case .downloads:
            return ["[tree table] 'Transfers'", "[progress bar] 'Progress of Fixture.Street.S06.1080p.WEB-DL' {visible,sensitive} <value 0.31 of 1>",
                    "[label] 'Total download speed 20.1 MB/s, upload speed 320 KB/s'", "[combo box] 'Show transfers'"]
        case .music:
            return ["[list] 'Music'", "[label] 'Ada Sample'", "'Search artists'", "[combo box] 'Sort artists by'", "[label] 'Continuing · 9 of 14 tracks · Person'"]
        case .calendar:
            return ["[list] 'Tomorrow'", "[label] 'Synthetic Dawn'", "[label] 'Not monitored'", "[label] 'Live at the Test Bench · Lidarr'"]
        case .indexers:
            return ["[list] 'Indexers'", "[entry] 'Search every indexer'", "[combo box] 'Category'", "[push button] 'Test all indexers'",
                    "[check box] 'Enable Fixture Usenet One' {visible,sensitive,focusable,checked}",
                    "[check box] 'Enable Fixture Usenet Backup' {visible,sensitive,focusable}",
                    "[label] '4 of 5 indexers enabled · 1 failing · synced to Radarr, Sonarr'",
                    "[label] 'Last 24 h: 40 queries · 0 grabs · 31 failures · 2,900 ms on average'"]
        case .requests:
            // Pending first, each with its own check box and buttons naming it; the others after them.
            return ["[list] 'Pending requests'", "[list] 'Other requests'", "[combo box] 'Show requests'",
                    "[check box] 'Select Return of the Placeholder (2025)' {visible,sensitive,focusable}",
                    "[push button] 'Approve Placeholder Bay (2019)'", "[push button] 'Decline Synthetic Dawn (2024)'",
                    "[label] 'Series · Seasons 1, 2'", "[label] 'Movie · 4K'", "[label] 'Declined by Fixture Owner'",
                    "[push button] 'Delete the request for Sample Harbour (2022)'",
                    "[label] '3 pending · 2 approved · 1 processing · 1 available · 1 declined'"]
        default:
            return ["no expectations for the tab \(tab.rawValue)"] // fails: a new tab needs its own
        }
    }

    private static func settings(_ scene: SettingsScene) -> [String] {
        let list = ["[label] 'Settings'", "[list] 'Services'", "[push button] 'Edit Sonarr 4K'", "[push button] 'Remove Radarr'",
                    "[push button] 'Add Service…'", "[push button] 'Add Service'", "'Enable Transmission (NAS)'"]
        let edit = ["[label] 'Edit Sonarr'", "[text] 'Name'", "[text] 'Local address'", "[text] 'Remote address'",
                    "[check box] 'Allow plain HTTP on the local network'", "[combo box] 'Connect via'",
                    "[password text] 'API key'", "[text] 'Gateway headers'", "[push button] 'Test Connection'",
                    "[push button] 'Remove Sonarr'", "[push button] 'Save'", "[push button] 'Cancel'"]
        switch scene {
        case .notifications:
            return ["[list] 'Notifications'", "[check box] 'Notify about finished downloads' {visible,sensitive,focusable,checked}",
                    "[check box] 'Notify about failed downloads' {visible,sensitive,focusable,checked}",
                    "[check box] 'Notify about imports that need you' {visible,sensitive,focusable,checked}",
                    "[check box] 'Notify about health warnings' {visible,sensitive,focusable}", "[label] 'Health warnings'",
                    "[check box] 'Notify about unreachable services' {visible,sensitive,focusable,checked}",
                    "[check box] 'Keep running with the window closed' {visible,sensitive,focusable}"]
        case .list: return list + ["[label] 'Connected'", "[label] 'Degraded'", "[label] 'Disabled'"]
        case .keyringUnavailable:
            return list + ["[label] 'Keyring unavailable'",
                           "[label] 'The keyring is not available. \(ErrorText.sentence(SecretStoreError.noSecretService))"]
        case .kinds:
            // Each kind described by its role: Prowlarr and Jellyseerr are not download clients.
            return ["[label] 'Add Service'", "[push button] 'Back'", "[label] 'Indexer manager · API key'", "[label] 'Request manager · API key'",
                    "[label] 'Torrent client · user name and password'", "[label] 'Usenet client · API key'"]
                + ServiceKind.allCases.map { "[push button] '\($0.displayName)'" }
        case .add(let kind):
            let fields: [String] = kind.credentialShape.fields.map {
                switch $0 {
                case .apiKey: "[password text] 'API key'"
                case .username: "[text] 'User name'"
                case .password: "[password text] 'Password'"
                }
            }
            return ["[label] 'Add \(kind.displayName)'", "[text] 'Name'", "[text] 'Local address'", "[text] 'Remote address'",
                    "[push button] 'Test Connection'", "[push button] 'Save'"] + fields
        case .edit: return edit
        case .testSuccess:
            return edit + ["[label] 'Connected to Sonarr 4.0.19.2979 at the local address (192.168.1.20:8989) in 12 ms.'"]
        case .testFailed(let failure):
            return edit + ["[label] '\(ServiceForm.testFailure(failure.error, shape: .apiKey))'"]
        case .invalidEndpoint:
            return ["[label] 'Remove the “#…” part from the address.'",
                    "[label] 'Plain HTTP is never used for the remote address. Use https://.'", "[label] 'Enter the API key.'"]
        case .removeConfirm:
            return ["[label] 'Remove “Sonarr”?'", "[push button] 'Remove Sonarr'", "[push button] 'Cancel'", "[push button] 'Back'"]
        }
    }

    private static func partialButton(_ tab: AppTab) -> String {
        switch tab {
        case .overview: "[push button] 'Update credentials for qBittorrent'"
        case .series, .calendar: "[push button] 'Update credentials for Sonarr 4K'"
        case .movies: "[push button] 'Update credentials for Radarr 4K'"
        case .music: "[push button] 'Update credentials for Lidarr (vinyl)'"
        case .activity: "[push button] 'Retry NZBGet'"
        case .downloads: "[push button] 'Retry Transmission (NAS)'"
        case .indexers: "[push button] 'Retry Prowlarr (remote)'"
        case .requests: "[push button] 'Retry Overseerr (family)'"
        default: "no partial-state button for the tab \(tab.rawValue)"
        }
    }

    /// The lines of the selected tab's panel (its stack page), or the whole tree for non-tab scenes.
    private static func panel(_ tree: String, route: InspectionRoute) -> String {
        switch route.scene {
        case .welcome, .networkFailure, .allTabs: tree
        case .tabs, .detail:
            if case .settings? = route.overlay { subtree(tree, "[frame] 'Settings'") }
            else if route.overlay == nil { panel(tree, title: Strings.title(route.tab)) }
            else { tree }
        }
    }

    private static func panel(_ tree: String, title: String) -> String {
        subtree(tree, "[panel] '\(title)'")
    }

    private static func subtree(_ tree: String, _ head: String) -> String {
        let lines = tree.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(head) }) else {
            return ""
        }
        let depth = lines[start].prefix { $0 == " " }.count
        var end = start + 1
        while end < lines.count, lines[end].prefix(while: { $0 == " " }).count > depth { end += 1 }
        return lines[start..<end].joined(separator: "\n")
    }

    /// Each catalogue message written with a mnemonic marker, as the words around the marker (`"_Through "`, `"Check _Again"`):
    /// a name holding one of them was read with its marker.
    private static func mnemonicWords() throws -> [String] {
        let catalogue = try String(contentsOf: projectDirectory.appendingPathComponent("po/switchyard.pot"), encoding: .utf8)
        let marker = try NSRegularExpression(pattern: #"_[A-Za-z]"#)
        let placeholder = try NSRegularExpression(pattern: #"%(\d+\$)?[sd]"#)
        var words: Set<String> = []
        for line in catalogue.split(separator: "\n") where line.hasPrefix("msgid \"") {
            let message = String(line.dropFirst(7).dropLast())
            let whole = NSRange(message.startIndex..., in: message)
            let parts = placeholder.stringByReplacingMatches(in: message, range: whole, withTemplate: "\u{1}").split(separator: "\u{1}")
            for part in parts where marker.firstMatch(in: String(part), range: NSRange(part.startIndex..., in: part)) != nil {
                words.insert(String(part))
            }
        }
        XCTAssertGreaterThan(words.count, 40, "the catalogue's mnemonics were found")
        return words.sorted()
    }

    func testEveryRouteRendersCleanlyAndIsAccessible() throws {
        let harness = try Harness()
        let routes = InspectionRoute.allCases
        let captures = try harness.inspectAll(routes.map(\.rawValue))
        let mnemonicWords = try Self.mnemonicWords()
        for (route, capture) in zip(routes, captures) {
            XCTAssertEqual(capture.status, 0, "\(route): inspect.sh failed")

            let warnings = capture.stderr.split(separator: "\n").filter {
                $0.contains("-WARNING") || $0.contains("-CRITICAL") || $0.contains("-ERROR")
            }
            XCTAssertEqual(warnings, [], "\(route) logged GTK warnings")

            XCTAssertTrue(capture.png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(route): no PNG written")
            XCTAssertGreaterThan(capture.png.count, 4096, "\(route): PNG suspiciously small")

            let tree = capture.tree
            let panel = Self.panel(tree, route: route)
            XCTAssertFalse(panel.isEmpty, "\(route): the selected tab's panel is not in the tree")
            for expected in Self.expectations(route) {
                XCTAssertTrue(panel.contains(expected), "\(route): a11y tree lacks \(expected)")
            }
            let silentBars = tree.split(separator: "\n").filter {
                $0.contains("[progress bar]") && ($0.contains("<no value>") || $0.contains("[progress bar] ''"))
            }
            XCTAssertEqual(silentBars, [], "\(route): progress bars without a name or a value")
            // Our window's buttons all have names; GTK's own Shortcuts window has two unnamed ones (GTK 4.8).
            let ours = route.overlay == .shortcuts ? Self.subtree(tree, "[frame] 'Switchyard'") : tree
            let unnamed = ours.split(separator: "\n").filter { $0.contains("[push button] ''") || $0.contains("[push button] 'Gtk") }
            XCTAssertEqual(unnamed, [], "\(route): push buttons without an accessible name")
            XCTAssertTrue(tree.contains("[push button] 'Refresh'"))
            XCTAssertTrue(tree.contains("[push button] 'Main Menu'"))
            // Names are read aloud: never a mnemonic's marker ("_Through …"), never a bidi control that reorders them.
            let marked = mnemonicWords.filter { tree.contains($0) }
            XCTAssertEqual(marked, [], "\(route): accessible names carry a mnemonic marker")
            let reordering = tree.split(separator: "\n").filter { $0.unicodeScalars.contains(where: ShownText.isBidiControl) }
            XCTAssertEqual(reordering, [], "\(route): bidi controls reach the screen")

            switch route.scene {
            case .welcome, .networkFailure:
                XCTAssertFalse(tree.contains("[page tab]"), "\(route) must not offer empty tabs")
                if route.scene == .networkFailure {
                    XCTAssertFalse(tree.contains("Connect Your Services"), "a network failure is not the welcome page")
                }
            case .tabs, .allTabs, .detail:
                let selected = route.tab
                XCTAssertTrue(tree.contains("[page tab list]"), "\(route): no tab list")
                for tab in AppTab.allCases {
                    let state = tab == selected ? "{visible,selected," : "{visible,sensitive"
                    XCTAssertTrue(tree.contains("[page tab] '\(Strings.title(tab))' \(state)"),
                                  "\(route): tab \(tab) missing or wrongly selected")
                }
            }
        }
    }

    /// Real X key events: Alt+N switches to the N-th tab on screen, Ctrl+? opens the shortcuts and Escape closes them, Ctrl+Q quits.
    func testKeyboardShortcutsSwitchTabsAndQuit() throws {
        let harness = try Harness()
        try requireTestSession()
        let result = try harness.run(["overview",
                                      "alt+3", "[page tab] 'Movies' {visible,selected",
                                      "alt+7", "[page tab] 'Calendar' {visible,selected",
                                      "alt+1", "[page tab] 'Overview' {visible,selected",
                                      "ctrl+question", "[frame] 'Keyboard Shortcuts'",
                                      "Escape", "!'Keyboard Shortcuts'",
                                      "ctrl+q", "exited"],
                                     executable: URL(fileURLWithPath: "/usr/bin/python3"),
                                     prefix: [harness.root.appendingPathComponent("Tools/keyboard-check.py").path])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").map(String.init), [
            "after alt+3: ok", "after alt+7: ok", "after alt+1: ok", "after ctrl+question: ok", "after Escape: ok", "after ctrl+q: ok",
        ])
    }

    /// From a library's search field, Down and Enter never switch the first row's monitoring: the row's
    /// switch is no keyboard stop (it was: arrowing into the list and pressing Enter sent a write). Alt+1
    /// and Alt+2 come after Enter, so the row is read once Enter has surely been handled.
    func testDownAndEnterFromTheSearchFieldNeverSwitchMonitoring() throws {
        let harness = try Harness()
        try requireTestSession()
        let result = try harness.run(["series",
                                      "ctrl+f", "[page tab] 'Series' {visible,selected",
                                      "b", "[label] '2 of 7 series'", // "b": Mock Harbour (Invalid Broadcasting) and Placeholder Bay
                                      "Down", "[page tab] 'Series' {visible,selected",
                                      "Return", "[page tab] 'Series' {visible,selected",
                                      "alt+1", "[page tab] 'Overview' {visible,selected",
                                      "alt+2", "[push button] 'Not monitored: monitor Mock Harbour'",
                                      "ctrl+q", "exited"],
                                     executable: URL(fileURLWithPath: "/usr/bin/python3"),
                                     prefix: [harness.root.appendingPathComponent("Tools/keyboard-check.py").path])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").map(String.init),
                       ["after ctrl+f: ok", "after b: ok", "after Down: ok", "after Return: ok", "after alt+1: ok", "after alt+2: ok",
                        "after ctrl+q: ok"])
    }

    /// Start-up makes only the page of the tab on screen: Downloads' content is nowhere in the tree
    /// (GTK 4.8 shows screen readers hidden stack pages too) until its tab is first shown.
    func testOnlyTheTabOnScreenHasItsPageMade() throws {
        let harness = try Harness()
        try requireTestSession()
        let result = try harness.run(["overview",
                                      "alt+1", "!'Total download speed",
                                      "alt+6", "'Total download speed",
                                      "alt+1", "[page tab] 'Overview' {visible,selected",
                                      "ctrl+q", "exited"],
                                     executable: URL(fileURLWithPath: "/usr/bin/python3"),
                                     prefix: [harness.root.appendingPathComponent("Tools/keyboard-check.py").path])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").map(String.init),
                       ["after alt+1: ok", "after alt+6: ok", "after alt+1: ok", "after ctrl+q: ok"])
    }

    /// Spinners draw the app's own PNGs: the theme's spinner is an SVG only, and the first spinner on
    /// screen (every tab's loading state) made GTK load librsvg and libxml2 (~6.5 MB resident). The
    /// dynamic loader's log (LD_DEBUG=files) names every library the process opens; these two routes'
    /// first frame has a spinning spinner (without the app's images, both load librsvg).
    func testASpinnerOnScreenLoadsNoSVGRenderer() throws {
        let harness = try Harness()
        try requireTestSession()
        // What makes the check mean something: here the theme's spinner is an SVG, which GTK would draw
        // through librsvg.
        MainActor.assumeIsolated {
            gtk_init()
            let theme = gtk_icon_theme_get_for_display(gdk_display_get_default())!
            let icon = gtk_icon_theme_lookup_icon(theme, "process-working-symbolic", nil, 16, 1, GTK_TEXT_DIR_NONE, GtkIconLookupFlags(0))!
            defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
            let file = gtk_icon_paintable_get_file(icon)
            var path = "(none)"
            if let file, let raw = g_file_get_path(file) {
                path = String(cString: raw)
                g_free(raw)
            }
            if let file { g_object_unref(UnsafeMutableRawPointer(file)) }
            XCTAssertTrue(path.hasSuffix(".svg"), "the theme's spinner: \(path)")
        }
        for route in ["loading", "downloads.loading"] {
            let process = Process()
            process.executableURL = harness.binary
            process.arguments = ["--inspection", route, "--quit-after-first-frame"]
            var environment = ProcessInfo.processInfo.environment
            environment["LD_DEBUG"] = "files"
            process.environment = environment
            let (_, stderr) = try runCapturingOutput(process)
            let log = String(decoding: stderr, as: UTF8.self)
            XCTAssertEqual(process.terminationStatus, 0, route)
            XCTAssertTrue(log.contains("libgtk-4.so"), "\(route): the loader's log names the libraries")
            XCTAssertFalse(log.contains("libpixbufloader-svg") || log.contains("librsvg"), "\(route) loaded an SVG renderer")
        }
    }

    func testBadCommandLinesFailClearly() throws {
        let harness = try Harness()
        let unknown = try harness.run(["--inspection", "no-such-route"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("Unknown inspection route “no-such-route”"))
        for route in InspectionRoute.allCases {
            XCTAssertTrue(unknown.stderr.contains(route.rawValue), "error does not list \(route)")
        }
        let scale = try harness.run(["--inspection", "overview", "--text-scale", "huge"])
        XCTAssertEqual(scale.status, 2)
        XCTAssertTrue(scale.stderr.contains("--text-scale needs a number"))
        let option = try harness.run(["--no-such-option"])
        XCTAssertNotEqual(option.status, 0)
        XCTAssertTrue(option.stderr.contains("unknown option --no-such-option. Run “switchyard --help” to see the options."))
        let list = try harness.run(["--list-inspection-routes"])
        XCTAssertEqual(list.status, 0)
        XCTAssertEqual(list.stdout.split(separator: "\n").map(String.init), InspectionRoute.allCases.map(\.rawValue))
    }
}

/// Locates the built binary and the project's tools, and runs them.
struct Harness {
    let root: URL
    let binary: URL

    struct Capture {
        var status: Int32
        var stderr: String
        var tree: String
        var png: [UInt8]
    }

    init() throws {
        root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        if let path = ProcessInfo.processInfo.environment["SWITCHYARD_BINARY"] {
            binary = URL(fileURLWithPath: path)
        } else {
            let runner = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
            binary = runner.deletingLastPathComponent().appendingPathComponent(AppInfo.executable)
        }
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw TestSessionRequired(description: "no built \(AppInfo.executable) at \(binary.path): run `make test`")
        }
    }

    func run(_ arguments: [String], executable: URL? = nil, prefix: [String] = [],
             environment extra: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = prefix + arguments
        var environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
        environment["SWITCHYARD_BINARY"] = binary.path
        process.environment = environment
        let (stdout, stderr) = try runCapturingOutput(process)
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    /// Every route, `width` at a time (one app process each, the picture and the tree from the same run; each launch
    /// waits for its first frame and for the reader, so four keep two cores busy);
    /// the captures in the order of `routes`. `environment` is added to the app's (a locale, say);
    /// `out` is where the captures go (build/inspection by default).
    func inspectAll(_ routes: [String], width: Int = 4, environment: [String: String] = [:], out: URL? = nil) throws -> [Capture] {
        try requireTestSession()
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var captures: [Int: Capture] = [:]
            var failure: (any Error)?
            var cursor = 0
        }
        let results = Results()
        // Threads of our own, not concurrentPerform: GCD runs only as many of those at once as there are
        // cores (two on CI), however wide it is asked to be, and each launch spends much of its time waiting.
        // Each thread shows its apps on an X display of its own: apps on one display meet each other's grabs
        // (one app's open menu kept another's from coming on screen) and focus.
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<width {
            Thread {
                defer { finished.signal() }
                let display: XDisplay
                do { display = try XDisplay() } catch {
                    results.lock.withLock { results.failure = error }
                    return
                }
                defer { display.stop() }
                let environment = environment.merging(["DISPLAY": display.name]) { _, new in new }
                while true {
                    let index: Int? = results.lock.withLock {
                        defer { results.cursor += 1 }
                        return results.cursor < routes.count ? results.cursor : nil
                    }
                    guard let index else { return }
                    do {
                        let capture = try inspect(routes[index], environment: environment, out: out)
                        results.lock.withLock { results.captures[index] = capture }
                    } catch {
                        results.lock.withLock { results.failure = error }
                    }
                }
            }.start()
        }
        for _ in 0..<width { finished.wait() }
        if let failure = results.failure { throw failure }
        return routes.indices.map { results.captures[$0]! }
    }

    /// A private Xvfb display (the test session's own is shared by every app it starts).
    struct XDisplay {
        let process = Process()
        let name: String

        init() throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
            process.arguments = ["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Xvfb writes its display number once it accepts clients.
            var number = Data()
            while !number.contains(0x0A) {
                let byte = output.fileHandleForReading.readData(ofLength: 1)
                guard !byte.isEmpty else { throw HarnessError.noDisplay }
                number.append(byte)
            }
            name = ":" + String(decoding: number, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }
    }

    enum HarnessError: Error { case noDisplay }

    func inspect(_ route: String, environment: [String: String] = [:], out: URL? = nil) throws -> Capture {
        try requireTestSession()
        var environment = environment
        if let out { environment["SWITCHYARD_INSPECTION_OUT"] = out.path }
        let result = try run([route], executable: root.appendingPathComponent("Tools/inspect.sh"), environment: environment)
        let out = out ?? root.appendingPathComponent("build/inspection")
        let stderr = (try? String(contentsOf: out.appendingPathComponent("\(route).stderr.txt"), encoding: .utf8)) ?? ""
        let tree = (try? String(contentsOf: out.appendingPathComponent("\(route).a11y.txt"), encoding: .utf8)) ?? ""
        let png = (try? Data(contentsOf: out.appendingPathComponent("\(route).png"))).map { [UInt8]($0) } ?? []
        return Capture(status: result.status, stderr: stderr, tree: tree, png: png)
    }
}
