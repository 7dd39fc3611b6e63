import Foundation

extension LibraryKind.ID {
    public static let series: Self = "series"
}

extension Feature {
    public static let series = Feature(rawValue: "series")
}

extension LibraryKind {
    /// Sonarr's library: series, their seasons (inside the series resource) and episodes.
    public static let series = LibraryKind(
        id: .series, feature: .series,
        item: Level(name: "series", batchCommands: false),
        // SeasonSearch takes one season (the season pass monitors several in one request).
        groups: Level(name: "season", embedded: true, releaseSearch: true, batchCommands: false),
        children: Level(name: "episode", releaseSearch: true),
        calendar: .child,
        addOptions: [
            AddOption(name: "monitor", control: .choice(SeriesMonitor.allCases.map(\.rawValue))),
            AddOption(name: "seriesType", control: .choice(["standard", "daily", "anime"])),
            AddOption(name: "seasonFolder", control: .toggle(default: true)),
            AddOption(name: "searchForMissingEpisodes", control: .toggle(default: true)),
        ],
        requestedAs: .tv)
}
