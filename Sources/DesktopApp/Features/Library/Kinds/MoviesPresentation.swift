import Core
import Foundation

/// Radarr's movies, in words: their three kinds of release, the add form's choices.
extension LibraryPresentation {
    static let movies = LibraryPresentation(
        kind: .movies, title: tr("Movies"),
        words: LibraryWords(
            count: { trn("%d movie", "%d movies", $0).fill($0) },
            // Translators: %1$d movies shown of %2$d.
            shown: { trn("%1$d of %2$d movie", "%1$d of %2$d movies", $1).fill($0, $1) },
            monitoring: { trn("Monitoring %d movie", "Monitoring %d movies", $0).fill($0) },
            stoppedMonitoring: { trn("Stopped monitoring %d movie", "Stopped monitoring %d movies", $0).fill($0) },
            searchOf: { trn("Search of %d movie", "Search of %d movies", $0).fill($0) },
            search: tr("Movie search"),
            add: tr("Add a movie…"), addTooltip: tr("Add a movie (Ctrl+N)"), searchToAdd: tr("Search for a movie to add"),
            searchList: tr("Search movies"), sortBy: tr("Sort movies by"), show: tr("Show movies"),
            // Translators: %s is an action ("Monitor", "Search", "Refresh and Scan").
            onSelection: { tr("%s selected movies").fill($0) },
            selectFirst: { tr("%s (select movies first)").fill($0) },
            allMonitored: { tr("%s: every selected movie is monitored already").fill($0) },
            noneMonitored: { tr("%s: no selected movie is monitored").fill($0) },
            searchThis: tr("Search for this movie"), deleteThis: tr("Delete this movie…"),
            deleteDetail: tr("Radarr stops managing this movie. Its files stay on disk unless you choose otherwise."),
            deleteFilesDetail: tr("Every file of this movie in its folder is deleted from disk."),
            summary: tr("Movie library, queue and calendar")),
        icon: "video-x-generic-symbolic", loading: tr("Loading movies…"),
        emptyTitle: tr("No Movies"), emptyDetail: tr("Movies added in Radarr appear here."),
        addTitle: tr("Add Movie"), addHint: tr("Movie title, or imdb:tt… / tmdb:ID"),
        facts: { movie, now in
            [(tr("File"), movie.hasFile ? tr("On disk") : tr("Missing"))] + Radarr.releaseNames.map { name in
                (releaseName(name), movie.dates[name].map { Formatting.day($0, now: now) } ?? "—")
            }
        },
        dateName: releaseName,
        optionLabel: { option in
            switch option {
            case "monitor": tr("Monitor")
            case "minimumAvailability": tr("Minimum availability")
            case "searchForMovie": tr("Start _searching now")
            default: option
            }
        },
        choiceLabel: { option, value in
            switch (option, value) {
            case ("monitor", "movieOnly"): tr("Movie only")
            case ("monitor", "movieAndCollection"): tr("Movie and collection")
            case ("monitor", "none"): tr("None")
            case ("minimumAvailability", "released"): tr("Released")
            case ("minimumAvailability", "announced"): tr("Announced")
            case ("minimumAvailability", "inCinemas"): tr("In cinemas")
            default: value
            }
        },
        choiceHelp: { option, value in
            switch (option, value) {
            case ("monitor", "movieOnly"): tr("Radarr monitors this movie.")
            case ("monitor", "movieAndCollection"): tr("This movie and the others of its collection.")
            case ("monitor", "none"): tr("Added, not monitored.")
            case ("minimumAvailability", "released"): tr("Radarr grabs it once it is out digitally or on disc.")
            case ("minimumAvailability", "announced"): tr("Radarr grabs it as soon as a release turns up.")
            case ("minimumAvailability", "inCinemas"): tr("Radarr grabs it once it is in cinemas.")
            default: nil
            }
        },
        samples: .movies)

    private static func releaseName(_ name: String) -> String {
        switch name {
        case "inCinemas": tr("In cinemas")
        case "digital": tr("Digital release")
        case "physical": tr("Physical release")
        default: name
        }
    }
}
