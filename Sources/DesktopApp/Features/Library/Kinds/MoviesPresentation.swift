import Core
import Foundation

/// Radarr's movies, in words: their three kinds of release, the add form's choices.
extension LibraryPresentation {
    static let movies = LibraryPresentation(
        kind: .movies, title: "Movies", singular: "movie", plural: "movies", indefinite: "a movie",
        icon: "video-x-generic-symbolic", loading: "Loading movies…",
        emptyTitle: "No Movies", emptyDetail: "Movies added in Radarr appear here.",
        addTitle: "Add Movie", addHint: "Movie title, or imdb:tt… / tmdb:ID", serviceName: "Radarr",
        facts: { movie, now in
            [("File", movie.hasFile ? "On disk" : "Missing")] + Radarr.releaseNames.map { name in
                (releaseName(name), movie.dates[name].map { Formatting.day($0, now: now) } ?? "—")
            }
        },
        dateName: releaseName,
        optionLabel: { option in
            switch option {
            case "monitor": "Monitor"
            case "minimumAvailability": "Minimum availability"
            case "searchForMovie": "Start _searching now"
            default: option
            }
        },
        choiceLabel: { option, value in
            switch (option, value) {
            case ("monitor", "movieOnly"): "Movie only"
            case ("monitor", "movieAndCollection"): "Movie and collection"
            case ("monitor", "none"): "None"
            case ("minimumAvailability", "released"): "Released"
            case ("minimumAvailability", "announced"): "Announced"
            case ("minimumAvailability", "inCinemas"): "In cinemas"
            default: value
            }
        },
        choiceHelp: { option, value in
            switch (option, value) {
            case ("monitor", "movieOnly"): "Radarr monitors this movie."
            case ("monitor", "movieAndCollection"): "This movie and the others of its collection."
            case ("monitor", "none"): "Added, not monitored."
            case ("minimumAvailability", "released"): "Radarr grabs it once it is out digitally or on disc."
            case ("minimumAvailability", "announced"): "Radarr grabs it as soon as a release turns up."
            case ("minimumAvailability", "inCinemas"): "Radarr grabs it once it is in cinemas."
            default: nil
            }
        },
        samples: .movies)

    private static func releaseName(_ name: String) -> String {
        switch name {
        case "inCinemas": "In cinemas"
        case "digital": "Digital release"
        case "physical": "Physical release"
        default: name
        }
    }
}
