import Core
import Foundation

/// Sonarr's series, in words: seasons ("Specials" for season 0), episodes, the add form's choices.
extension LibraryPresentation {
    static let series = LibraryPresentation(
        kind: .series, title: tr("Series"),
        words: LibraryWords(
            count: { trn("%d series", "%d series", $0).fill($0) },
            // Translators: %1$d series shown of %2$d.
            shown: { trn("%1$d of %2$d series", "%1$d of %2$d series", $1).fill($0, $1) },
            monitoring: { trn("Monitoring %d series", "Monitoring %d series", $0).fill($0) },
            stoppedMonitoring: { trn("Stopped monitoring %d series", "Stopped monitoring %d series", $0).fill($0) },
            searchOf: { trn("Search of %d series", "Search of %d series", $0).fill($0) },
            search: tr("Series search"),
            add: tr("Add a series…"), addTooltip: tr("Add a series (Ctrl+N)"), searchToAdd: tr("Search for a series to add"),
            searchList: tr("Search series"), sortBy: tr("Sort series by"), show: tr("Show series"),
            // Translators: %s is an action ("Monitor", "Search", "Refresh and Scan").
            onSelection: { tr("%s selected series").fill($0) },
            selectFirst: { tr("%s (select series first)").fill($0) },
            allMonitored: { tr("%s: every selected series is monitored already").fill($0) },
            noneMonitored: { tr("%s: no selected series is monitored").fill($0) },
            searchThis: tr("Search for every monitored episode"), deleteThis: tr("Delete this series…"),
            deleteDetail: tr("Sonarr stops managing this series. Its files stay on disk unless you choose otherwise."),
            deleteFilesDetail: tr("Every file of this series in its folder is deleted from disk."),
            summary: tr("Series library, queue and calendar"),
            children: ChildWords(
                count: { trn("%d episode", "%d episodes", $0).fill($0) },
                // Translators: %1$d episodes on disk of %2$d.
                onDisk: { trn("%1$d of %2$d episode", "%1$d of %2$d episodes", $1).fill($0, $1) },
                search: tr("Episode search"),
                searchOf: { trn("Search of %d episode", "Search of %d episodes", $0).fill($0) },
                // Translators: %s is a season ("Season 2", "Specials").
                monitorGroup: { tr("Monitor %s (its episodes follow)").fill($0) },
                // Translators: %1$s is an episode's number ("03"), %2$s its season ("Season 2").
                monitor: { tr("Monitor episode %1$s of %2$s").fill($0, $1) },
                searchOne: { tr("Search episode %1$s of %2$s").fill($0, $1) },
                interactiveOne: { tr("Interactive search for episode %1$s of %2$s…").fill($0, $1) },
                searchThisOne: tr("Search this episode"), interactiveThisOne: tr("Interactive search for this episode…"),
                notChanged: tr("The episode could not be changed"),
                numbered: { tr("Episode %s").fill(String($0)) })),
        icon: "video-display-symbolic", loading: tr("Loading series…"),
        emptyTitle: tr("No Series"), emptyDetail: tr("Series added in Sonarr appear here."),
        addTitle: tr("Add Series"), addHint: tr("Series title, or tvdb:ID"),
        // Translators: %s is a season's number.
        groupName: { season in season.number == 0 ? tr("Specials") : tr("Season %s").fill(String(season.number ?? season.key)) },
        childNumber: { String(format: "%02d", $0.number) },
        // Translators: an episode named in a dialog: S, season, E, episode ("S01E02"), then the series' title.
        childTitle: { episode, series in tr("S%1$sE%2$s of %3$s").fill(String(format: "%02d", episode.group), String(format: "%02d", episode.number), series.title) },
        facts: { series, now in
            // Translators: %1$d episodes on disk of %2$d expected.
            var lines = [(tr("Episodes on disk"), tr("%1$d of %2$d").fill(series.fileCount, series.expectedFileCount))]
            if let network = series.subtitle { lines.append((tr("Network"), network)) }
            lines.append((tr("Next airing"), series.nextDate.map { Formatting.time($0, now: now) } ?? "—"))
            return lines
        },
        dueChild: { season, episode, title in
            [String(format: tr("S%02dE%02d"), season, episode), title].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
        },
        commandName: { command in
            switch command {
            case .search: tr("Series search")
            case .refresh: tr("Refresh and scan")
            // Translators: %s is a season's number.
            case .searchGroups(_, let seasons): seasons == [0] ? tr("Specials search") : tr("Season %s search").fill(seasons.map(String.init).joined(separator: ", "))
            case .searchChildren(_, let ids): ids.count == 1 ? tr("Episode search") : trn("Search of %d episode", "Search of %d episodes", ids.count).fill(ids.count)
            case .rssSync: tr("RSS sync")
            }
        },
        optionLabel: { option in
            switch option {
            case "monitor": tr("Monitor")
            case "seriesType": tr("Series type")
            case "seasonFolder": tr("_Season folders")
            case "searchForMissingEpisodes": tr("Start _searching now")
            default: option
            }
        },
        choiceLabel: { option, value in
            switch (option, value) {
            case ("monitor", "all"): tr("All episodes")
            case ("monitor", "future"): tr("Future episodes")
            case ("monitor", "missing"): tr("Missing episodes")
            case ("monitor", "existing"): tr("Existing episodes")
            case ("monitor", "recent"): tr("Recent episodes")
            case ("monitor", "pilot"): tr("Pilot episode")
            case ("monitor", "firstSeason"): tr("First season")
            case ("monitor", "lastSeason"): tr("Last season")
            case ("monitor", "none"): tr("None")
            case ("seriesType", "standard"): tr("Standard")
            case ("seriesType", "daily"): tr("Daily")
            case ("seriesType", "anime"): tr("Anime")
            default: value
            }
        },
        choiceHelp: { option, value in
            guard option == "monitor" else { return nil }
            return switch value {
            case "all": tr("Every episode, except specials.")
            case "future": tr("Episodes that have not aired yet.")
            case "missing": tr("Episodes without files, and future ones.")
            case "existing": tr("Episodes that have files or have aired.")
            case "recent": tr("Episodes aired in the last 90 days, and future ones.")
            case "pilot": tr("Only the first episode.")
            case "firstSeason": tr("Every episode of the first season.")
            case "lastSeason": tr("Every episode of the latest season.")
            case "none": tr("No episodes; the series itself is not monitored either.")
            default: nil
            }
        },
        samples: .series)
}
