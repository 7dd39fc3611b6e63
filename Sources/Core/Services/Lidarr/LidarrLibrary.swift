import Foundation

extension LibraryKind.ID {
    public static let artist: Self = "artist"
}

extension Feature {
    public static let music = Feature(rawValue: "music")
}

extension LibraryKind {
    /// Lidarr's library: artists, their albums (resources with ids of their own, monitored one by one)
    /// and the albums' tracks (no monitoring of their own; API-GUIDE-3 §1.2–1.3). Calendar entries are
    /// albums coming out.
    public static let music = LibraryKind(
        id: .artist, feature: .music,
        // ArtistSearch takes one artist (API-GUIDE-3 §1.5).
        item: Level(name: "artist", batchCommands: false),
        // AlbumSearch and the album editor take several albums.
        groups: Level(name: "album", releaseSearch: true, batchCommands: true),
        // Tracks: no monitoring, search or date of their own (their album has them).
        children: Level(name: "track", monitorable: false, searchable: false, dated: false),
        calendar: .group,
        addOptions: [
            AddOption(name: "metadataProfileId", control: .metadataProfile),
            AddOption(name: "monitor", control: .choice(["all", "future", "missing", "existing", "latest", "first", "none"])),
            AddOption(name: "searchForMissingAlbums", control: .toggle(default: false)),
        ])
}
