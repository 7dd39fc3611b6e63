import Foundation

/// SeriesResource (the fields Switchyard shows).
struct SonarrSeriesDTO {
    var id: Int?
    var title: String?
    var sortTitle: String?
    var status: String?
    var monitored: Bool?
    var year: Int?
    var network: String?
    var added: Date?
    var nextAiring: Date?
    var images: [ServarrImageDTO] = []
    var statistics = SonarrStatisticsDTO()
    var monitoredSeasons: [Int]?

    static func decode(_ r: inout JSONReader) throws(ServiceError) -> SonarrSeriesDTO {
        var dto = SonarrSeriesDTO()
        try r.readObject { r, key throws(ServiceError) in
            if key("id") { dto.id = try r.lenientInt() }
            else if key("title") { dto.title = try r.lenientString() }
            else if key("sortTitle") { dto.sortTitle = try r.lenientString() }
            else if key("status") { dto.status = try r.lenientString() }
            else if key("monitored") { dto.monitored = try r.lenientBool() }
            else if key("year") { dto.year = try r.lenientInt() }
            else if key("network") { dto.network = try r.lenientString() }
            else if key("added") { dto.added = try r.lenientDate() }
            else if key("nextAiring") { dto.nextAiring = try r.lenientDate() }
            else if key("images") { dto.images = try ServarrImageDTO.decodeList(&r) }
            // Tolerance: a missing statistics block reads as zeros.
            else if key("statistics") { dto.statistics = try SonarrStatisticsDTO.decode(&r) }
            else if key("seasons") { dto.monitoredSeasons = try decodeMonitoredSeasons(&r) }
            else { try r.skipValue() }
        }
        return dto
    }
}

extension SonarrSeriesDTO {
    /// `seasons: [{seasonNumber, monitored, …}]` → the numbers of the monitored ones.
    static func decodeMonitoredSeasons(_ r: inout JSONReader) throws(ServiceError) -> [Int]? {
        guard try r.peek() == .array else {
            try r.skipValue()
            return nil
        }
        var numbers: [Int] = []
        try r.readArray { r, _ throws(ServiceError) in
            guard try r.peek() == .object else { return try r.skipValue() }
            var number: Int?, monitored = false
            try r.readObject { r, key throws(ServiceError) in
                if key("seasonNumber") { number = try r.lenientInt() }
                else if key("monitored") { monitored = try r.lenientBool() ?? false }
                else { try r.skipValue() }
            }
            if monitored, let number { numbers.append(number) }
        }
        return numbers
    }
}

/// SeriesStatisticsResource.
struct SonarrStatisticsDTO {
    var episodeFileCount = 0
    var episodeCount = 0
    var sizeOnDisk: Int64 = 0

    static func decode(_ r: inout JSONReader) throws(ServiceError) -> SonarrStatisticsDTO {
        var dto = SonarrStatisticsDTO()
        try r.readObject { r, key throws(ServiceError) in
            if key("episodeFileCount") { dto.episodeFileCount = try r.lenientInt() ?? 0 }
            else if key("episodeCount") { dto.episodeCount = try r.lenientInt() ?? 0 }
            else if key("sizeOnDisk") { dto.sizeOnDisk = try r.lenientInt64() ?? 0 }
            else { try r.skipValue() }
        }
        return dto
    }
}

/// EpisodeResource; `series` is present on calendar answers with includeSeries=true.
struct SonarrEpisodeDTO {
    var id: Int?
    var seriesId: Int?
    var seasonNumber: Int?
    var episodeNumber: Int?
    var title: String?
    var airDate: String?
    var airDateUtc: Date?
    var hasFile: Bool?
    var monitored: Bool?
    var seriesTitle: String?

    static func decode(_ r: inout JSONReader) throws(ServiceError) -> SonarrEpisodeDTO {
        var dto = SonarrEpisodeDTO()
        try r.readObject { r, key throws(ServiceError) in
            if key("id") { dto.id = try r.lenientInt() }
            else if key("seriesId") { dto.seriesId = try r.lenientInt() }
            else if key("seasonNumber") { dto.seasonNumber = try r.lenientInt() }
            else if key("episodeNumber") { dto.episodeNumber = try r.lenientInt() }
            else if key("title") { dto.title = try r.lenientString() }
            else if key("airDate") { dto.airDate = try r.lenientString() }
            else if key("airDateUtc") { dto.airDateUtc = try r.lenientDate() }
            else if key("hasFile") { dto.hasFile = try r.lenientBool() }
            else if key("monitored") { dto.monitored = try r.lenientBool() }
            else if key("series") {
                try r.readObject { r, key throws(ServiceError) in
                    if key("title") { dto.seriesTitle = try r.lenientString() } else { try r.skipValue() }
                }
            } else { try r.skipValue() }
        }
        return dto
    }
}
