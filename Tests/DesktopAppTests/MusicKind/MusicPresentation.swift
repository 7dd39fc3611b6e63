import Core
@testable import DesktopApp
import Foundation

/// The test kind in words: artists, albums by title, tracks by number, its add form's labels.
extension LibraryPresentation {
    static let artists = LibraryPresentation(
        kind: .artists, title: "Artists",
        words: .plain(singular: "artist", plural: "artists", group: "album", child: ("track", "tracks")),
        icon: "audio-x-generic-symbolic", loading: "Loading artists…",
        emptyTitle: "No Artists", emptyDetail: "Artists added in Musicfix appear here.",
        addTitle: "Add Artist", addHint: "Artist name",
        groupName: { album in album.title ?? "Album \(album.key)" },
        childNumber: { String(format: "%02d", $0.number) },
        childTitle: { track, artist in "Track \(track.number) by \(artist.title)" },
        facts: { artist, _ in [("Tracks on disk", "\(artist.fileCount) of \(artist.expectedFileCount)")] },
        commandName: { command in
            switch command {
            case .search: "Artist search"
            case .refresh: "Artist refresh"
            case .searchGroups: "Album search"
            case .searchChildren: "Track search"
            case .rssSync: "RSS sync"
            }
        },
        optionLabel: { option in
            switch option {
            case "metadataProfileId": "Metadata profile"
            case "monitor": "Monitor"
            case "searchForMissingAlbums": "Start _searching now"
            default: option
            }
        },
        choiceLabel: { _, value in value.capitalized })
}
