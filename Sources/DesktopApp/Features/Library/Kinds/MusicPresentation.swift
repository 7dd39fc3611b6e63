import Core
import Foundation

/// Lidarr's artists, in words: albums by title, tracks by number, the add form's choices
/// (metadata profile, which albums to monitor).
extension LibraryPresentation {
    static let music = LibraryPresentation(
        kind: .music, title: tr("Music"),
        words: LibraryWords(
            count: { trn("%d artist", "%d artists", $0).fill($0) },
            // Translators: %1$d artists shown of %2$d.
            shown: { trn("%1$d of %2$d artist", "%1$d of %2$d artists", $1).fill($0, $1) },
            monitoring: { trn("Monitoring %d artist", "Monitoring %d artists", $0).fill($0) },
            stoppedMonitoring: { trn("Stopped monitoring %d artist", "Stopped monitoring %d artists", $0).fill($0) },
            searchOf: { trn("Search of %d artist", "Search of %d artists", $0).fill($0) },
            search: tr("Artist search"), searchGroup: tr("Album search"),
            add: tr("Add an artist…"), addTooltip: tr("Add an artist (Ctrl+N)"), searchToAdd: tr("Search for an artist to add"),
            searchList: tr("Search artists"), sortBy: tr("Sort artists by"), show: tr("Show artists"),
            // Translators: %s is an action ("Monitor", "Search", "Refresh and Scan").
            onSelection: { tr("%s selected artists").fill($0) },
            selectFirst: { tr("%s (select artists first)").fill($0) },
            allMonitored: { tr("%s: every selected artist is monitored already").fill($0) },
            noneMonitored: { tr("%s: no selected artist is monitored").fill($0) },
            searchThis: tr("Search for every monitored album"), deleteThis: tr("Delete this artist…"),
            deleteDetail: tr("Lidarr stops managing this artist. Its files stay on disk unless you choose otherwise."),
            deleteFilesDetail: tr("Every file of this artist in its folder is deleted from disk."),
            summary: tr("Music library, queue and calendar"),
            children: ChildWords(
                count: { trn("%d track", "%d tracks", $0).fill($0) },
                // Translators: %1$d tracks on disk of %2$d.
                onDisk: { trn("%1$d of %2$d track", "%1$d of %2$d tracks", $1).fill($0, $1) },
                search: tr("Album search"),
                searchOf: { trn("Search of %d album", "Search of %d albums", $0).fill($0) },
                // Translators: %s is an album's title.
                monitorGroup: { tr("Monitor the album %s").fill($0) },
                // Translators: %1$s is a track's number ("03"), %2$s its album's title.
                monitor: { tr("Monitor track %1$s of %2$s").fill($0, $1) },
                searchOne: { tr("Search track %1$s of %2$s").fill($0, $1) },
                interactiveOne: { tr("Interactive search for track %1$s of %2$s…").fill($0, $1) },
                searchThisOne: tr("Search this album"), interactiveThisOne: tr("Interactive search for this album…"),
                notChanged: tr("The album could not be changed"),
                numbered: { tr("Track %s").fill(String($0)) }),
            monitorEveryGroup: tr("Monitor every album"), searchMissingGroups: tr("Search missing albums"),
            // Translators: %d monitored albums with tracks missing.
            searchMissingGroupsTooltip: { trn("Search %d monitored album with missing tracks (one command)",
                                              "Search %d monitored albums with missing tracks (one command)", $0).fill($0) },
            noMissingGroups: tr("Every monitored album has its tracks"), everyGroupMonitored: tr("Every album is monitored")),
        icon: "audio-x-generic-symbolic", loading: tr("Loading artists…"),
        emptyTitle: tr("No Artists"), emptyDetail: tr("Artists added in Lidarr appear here."),
        addTitle: tr("Add Artist"), addHint: tr("Artist name, or lidarr:MusicBrainz ID"),
        // Translators: an album without a title, by its id.
        groupName: { album in album.title.flatMap { $0.isEmpty ? nil : $0 } ?? tr("Album %s").fill(String(album.key)) },
        childNumber: { String(format: "%02d", $0.number) },
        // Translators: a track named in a dialog: %1$s its title, %2$s the artist.
        childTitle: { track, artist in tr("“%1$s” by %2$s").fill(track.title, artist.title) },
        facts: { artist, now in
            // Translators: %1$d tracks on disk of %2$d wanted.
            var lines = [(tr("Tracks on disk"), tr("%1$d of %2$d").fill(artist.fileCount, artist.expectedFileCount))]
            if let kind = artist.subtitle { lines.append((tr("About"), kind)) }
            lines.append((tr("Next album"), artist.nextDate.map { Formatting.day($0, now: now) } ?? "—"))
            return lines
        },
        commandName: { command in
            switch command {
            case .search: tr("Artist search")
            case .refresh: tr("Refresh and scan")
            case .searchGroups(_, let albums): albums.count == 1 ? tr("Album search") : trn("Search of %d album", "Search of %d albums", albums.count).fill(albums.count)
            case .searchChildren(_, let ids): trn("Search of %d album", "Search of %d albums", ids.count).fill(ids.count)
            case .rssSync: tr("RSS sync")
            }
        },
        optionLabel: { option in
            switch option {
            case "metadataProfileId": tr("Metadata profile")
            case "monitor": tr("Monitor")
            case "searchForMissingAlbums": tr("Start _searching for missing albums")
            default: option
            }
        },
        choiceLabel: { option, value in
            switch (option, value) {
            case ("monitor", "all"): tr("All albums")
            case ("monitor", "future"): tr("Future albums")
            case ("monitor", "missing"): tr("Missing albums")
            case ("monitor", "existing"): tr("Existing albums")
            case ("monitor", "latest"): tr("Latest album")
            case ("monitor", "first"): tr("First album")
            case ("monitor", "none"): tr("None")
            default: value
            }
        },
        choiceHelp: { option, value in
            guard option == "monitor" else { return nil }
            return switch value {
            case "all": tr("Every album, except those the metadata profile leaves out.")
            case "future": tr("Albums that have not come out yet.")
            case "missing": tr("Albums without files, and future ones.")
            case "existing": tr("Albums that have files.")
            case "latest": tr("The newest album, and future ones.")
            case "first": tr("Only the first album.")
            case "none": tr("No albums; the artist itself is not monitored either.")
            default: nil
            }
        },
        samples: .music)
}
