import Foundation

extension LibraryKind.ID {
    public static let movie: Self = "movie"
}

extension Feature {
    public static let movies = Feature(rawValue: "movies")
}

extension LibraryKind {
    /// Radarr's library: movies, nothing below them; the calendar has each of a movie's releases.
    public static let movies = LibraryKind(
        id: .movie, feature: .movies,
        item: Level(name: "movie", releaseSearch: true),
        calendar: .releases,
        addOptions: [
            AddOption(name: "monitor", control: .choice(MovieMonitor.allCases.map(\.rawValue))),
            AddOption(name: "minimumAvailability", control: .choice(["released", "announced", "inCinemas"])),
            AddOption(name: "searchForMovie", control: .toggle(default: true)),
        ],
        requestedAs: .movie)
}
