import Foundation

/// ArtistResource (the fields Switchyard shows; API-GUIDE-3 §1.2).
struct LidarrArtistDTO {
    var id: Int?
    var artistName: String?
    var sortName: String?
    var status: String?
    var monitored: Bool?
    var disambiguation: String?
    var artistType: String?
    var added: Date?
    var nextAlbumDate: Date?
    var images: [ServarrImageDTO] = []
    var statistics = LidarrStatisticsDTO()

    static func decode(_ r: inout JSONReader) throws(ServiceError) -> LidarrArtistDTO {
        var dto = LidarrArtistDTO()
        try r.readObject { r, key throws(ServiceError) in
            if key("id") { dto.id = try r.lenientInt() }
            else if key("artistName") { dto.artistName = try r.lenientString() }
            else if key("sortName") { dto.sortName = try r.lenientString() }
            else if key("status") { dto.status = try r.lenientString() }
            else if key("monitored") { dto.monitored = try r.lenientBool() }
            else if key("disambiguation") { dto.disambiguation = try r.lenientString() }
            else if key("artistType") { dto.artistType = try r.lenientString() }
            else if key("added") { dto.added = try r.lenientDate() }
            else if key("nextAlbum") { dto.nextAlbumDate = try LidarrAlbumDTO.releaseDate(&r) }
            else if key("images") { dto.images = try ServarrImageDTO.decodeList(&r) }
            // Tolerance: a missing statistics block reads as zeros.
            else if key("statistics") { dto.statistics = try LidarrStatisticsDTO.decode(&r) }
            else { try r.skipValue() }
        }
        return dto
    }
}

/// ArtistStatisticsResource and AlbumStatisticsResource: `trackCount` counts the tracks Lidarr wants
/// (as Sonarr's episodeCount), `totalTrackCount` every track.
struct LidarrStatisticsDTO {
    var albumCount = 0
    var trackFileCount = 0
    var trackCount = 0
    var totalTrackCount = 0
    var sizeOnDisk: Int64 = 0

    static func decode(_ r: inout JSONReader) throws(ServiceError) -> LidarrStatisticsDTO {
        var dto = LidarrStatisticsDTO()
        guard try r.peek() == .object else {
            try r.skipValue()
            return dto
        }
        try r.readObject { r, key throws(ServiceError) in
            if key("albumCount") { dto.albumCount = try r.lenientInt() ?? 0 }
            else if key("trackFileCount") { dto.trackFileCount = try r.lenientInt() ?? 0 }
            else if key("trackCount") { dto.trackCount = try r.lenientInt() ?? 0 }
            else if key("totalTrackCount") { dto.totalTrackCount = try r.lenientInt() ?? 0 }
            else if key("sizeOnDisk") { dto.sizeOnDisk = try r.lenientInt64() ?? 0 }
            else { try r.skipValue() }
        }
        return dto
    }
}

/// AlbumResource: on `album?artistId=` and on the calendar (with `artist` when includeArtist=true).
/// Its `releases` are never decoded, so an album is never written back (API-GUIDE-3 §1.3).
struct LidarrAlbumDTO {
    var id: Int?
    var artistId: Int?
    var title: String?
    var albumType: String?
    var releaseDate: Date?
    var monitored: Bool?
    var statistics = LidarrStatisticsDTO()
    var artistName: String?

    static func decode(_ r: inout JSONReader) throws(ServiceError) -> LidarrAlbumDTO {
        var dto = LidarrAlbumDTO()
        try r.readObject { r, key throws(ServiceError) in
            if key("id") { dto.id = try r.lenientInt() }
            else if key("artistId") { dto.artistId = try r.lenientInt() }
            else if key("title") { dto.title = try r.lenientString() }
            else if key("albumType") { dto.albumType = try r.lenientString() }
            else if key("releaseDate") { dto.releaseDate = try r.lenientDate() }
            else if key("monitored") { dto.monitored = try r.lenientBool() }
            else if key("statistics") { dto.statistics = try LidarrStatisticsDTO.decode(&r) }
            else if key("artist") {
                guard try r.peek() == .object else { return try r.skipValue() }
                try r.readObject { r, key throws(ServiceError) in
                    if key("artistName") { dto.artistName = try r.lenientString() } else { try r.skipValue() }
                }
            }
            else { try r.skipValue() }
        }
        return dto
    }

    /// `nextAlbum`/`lastAlbum` on an artist: only its release date is read.
    static func releaseDate(_ r: inout JSONReader) throws(ServiceError) -> Date? {
        guard try r.peek() == .object else {
            try r.skipValue()
            return nil
        }
        var date: Date?
        try r.readObject { r, key throws(ServiceError) in
            if key("releaseDate") { date = try r.lenientDate() } else { try r.skipValue() }
        }
        return date
    }
}

/// TrackResource. There is no `monitored`: a track is wanted when its album is.
struct LidarrTrackDTO {
    var id: Int?
    var artistId: Int?
    var albumId: Int?
    var trackNumber: String?
    var absoluteTrackNumber: Int?
    var mediumNumber: Int?
    var title: String?
    var hasFile: Bool?

    static func decode(_ r: inout JSONReader) throws(ServiceError) -> LidarrTrackDTO {
        var dto = LidarrTrackDTO()
        try r.readObject { r, key throws(ServiceError) in
            if key("id") { dto.id = try r.lenientInt() }
            else if key("artistId") { dto.artistId = try r.lenientInt() }
            else if key("albumId") { dto.albumId = try r.lenientInt() }
            // A string: "1", but "A1" on vinyl.
            else if key("trackNumber") {
                switch try r.peek() {
                case .number: dto.trackNumber = try r.lenientInt().map(String.init)
                default: dto.trackNumber = try r.lenientString()
                }
            }
            else if key("absoluteTrackNumber") { dto.absoluteTrackNumber = try r.lenientInt() }
            else if key("mediumNumber") { dto.mediumNumber = try r.lenientInt() }
            else if key("title") { dto.title = try r.lenientString() }
            else if key("hasFile") { dto.hasFile = try r.lenientBool() }
            else { try r.skipValue() }
        }
        return dto
    }

    /// Its place in the album (its number across every medium; else medium by medium).
    var order: Int {
        if let absoluteTrackNumber, absoluteTrackNumber > 0 { return absoluteTrackNumber }
        return max(mediumNumber ?? 1, 1) * 1000 + (trackNumber.flatMap { Int($0.filter(\.isNumber)) } ?? 0)
    }
}
