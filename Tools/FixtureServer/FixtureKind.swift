import Foundation

/// The names one Servarr kind answers with: its item resource, id fields, files and words. The
/// fixture server serves Sonarr and Radarr on `/api/v3`, Lidarr on `/api/v1` (API-GUIDE-3 §1).
struct FixtureKind {
    let name: String

    var isSonarr: Bool { name == "sonarr" }
    var isLidarr: Bool { name == "lidarr" }
    var apiBase: String { isLidarr ? "/api/v1" : "/api/v3" }
    /// The item resource: `series`, `movie`, `artist`.
    var item: String { isSonarr ? "series" : isLidarr ? "artist" : "movie" }
    var idsField: String { item + "Ids" }
    var itemField: String { item + "Id" }
    /// The delete query's exclusion flag (Radarr's has another name).
    var exclusion: String { name == "radarr" ? "addImportExclusion" : "addImportListExclusion" }
    var libraryFile: String { isSonarr ? "series.json" : isLidarr ? "artist.json" : "movie.json" }
    var lookupFile: String { item + "-lookup.json" }
    /// The lookup's key of the metadata source, and the add's validation property for it.
    var foreignKey: String { isSonarr ? "tvdbId" : isLidarr ? "foreignArtistId" : "tmdbId" }
    var foreignProperty: String { isSonarr ? "TvdbId" : isLidarr ? "MusicbrainzId" : "TmdbId" }
    /// The item's title field.
    var titleField: String { isLidarr ? "artistName" : "title" }
    /// "Series", "Movie", "Artist": the services' messages.
    var noun: String { item.prefix(1).uppercased() + item.dropFirst() }
}
