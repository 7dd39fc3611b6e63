import Core
import Foundation

/// Sonarr's series, in words: seasons ("Specials" for season 0), episodes, the add form's choices.
extension LibraryPresentation {
    static let series = LibraryPresentation(
        kind: .series, title: "Series", singular: "series", plural: "series", indefinite: "a series",
        childSingular: "episode", childPlural: "episodes", icon: "video-display-symbolic", loading: "Loading series…",
        emptyTitle: "No Series", emptyDetail: "Series added in Sonarr appear here.",
        addTitle: "Add Series", addHint: "Series title, or tvdb:ID", serviceName: "Sonarr",
        groupName: { season in season.number == 0 ? "Specials" : "Season \(season.number ?? season.key)" },
        childNumber: { String(format: "%02d", $0.number) },
        childTitle: { episode, series in "S\(String(format: "%02d", episode.group))E\(String(format: "%02d", episode.number)) of \(series.title)" },
        facts: { series, now in
            var lines = [("Episodes on disk", "\(series.fileCount) of \(series.expectedFileCount)")]
            if let network = series.subtitle { lines.append(("Network", network)) }
            lines.append(("Next airing", series.nextDate.map { Formatting.time($0, now: now) } ?? "—"))
            return lines
        },
        dueChild: { season, episode, title in
            [String(format: "S%02dE%02d", season, episode), title].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
        },
        commandName: { command in
            switch command {
            case .search: "Series search"
            case .refresh: "Refresh and scan"
            case .searchGroup(_, let season): season == 0 ? "Specials search" : "Season \(season) search"
            case .searchChildren(_, let ids): ids.count == 1 ? "Episode search" : "Search of \(ids.count) episodes"
            case .rssSync: "RSS sync"
            }
        },
        optionLabel: { option in
            switch option {
            case "monitor": "Monitor"
            case "seriesType": "Series type"
            case "seasonFolder": "_Season folders"
            case "searchForMissingEpisodes": "Start _searching now"
            default: option
            }
        },
        choiceLabel: { option, value in
            switch (option, value) {
            case ("monitor", "all"): "All episodes"
            case ("monitor", "future"): "Future episodes"
            case ("monitor", "missing"): "Missing episodes"
            case ("monitor", "existing"): "Existing episodes"
            case ("monitor", "recent"): "Recent episodes"
            case ("monitor", "pilot"): "Pilot episode"
            case ("monitor", "firstSeason"): "First season"
            case ("monitor", "lastSeason"): "Last season"
            case ("monitor", "none"): "None"
            case ("seriesType", "standard"): "Standard"
            case ("seriesType", "daily"): "Daily"
            case ("seriesType", "anime"): "Anime"
            default: value
            }
        },
        choiceHelp: { option, value in
            guard option == "monitor" else { return nil }
            return switch value {
            case "all": "Every episode, except specials."
            case "future": "Episodes that have not aired yet."
            case "missing": "Episodes without files, and future ones."
            case "existing": "Episodes that have files or have aired."
            case "recent": "Episodes aired in the last 90 days, and future ones."
            case "pilot": "Only the first episode."
            case "firstSeason": "Every episode of the first season."
            case "lastSeason": "Every episode of the latest season."
            case "none": "No episodes; the series itself is not monitored either."
            default: nil
            }
        },
        samples: .series)
}
