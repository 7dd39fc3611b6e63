import Foundation

/// Jellyseerr/Overseerr answers, read with `JSONReader`: the request list and one request, the counts,
/// and a movie's or series' page (its title, year and poster).
enum JellyseerrDecoding {
    static func page(_ r: inout JSONReader, serviceID: UUID) throws(ServiceError) -> RequestPage {
        var requests: [MediaRequest] = [], total = 0
        try r.readObject { r, key throws(ServiceError) in
            if key("results") {
                requests = try r.decodeList { r throws(ServiceError) in try request(&r, serviceID: serviceID) }.compactMap { $0 }
            } else if key("pageInfo") {
                try r.readObject { r, key throws(ServiceError) in
                    if key("results") { total = try r.lenientInt() ?? 0 } else { try r.skipValue() }
                }
            } else { try r.skipValue() }
        }
        return RequestPage(requests: requests, total: max(total, requests.count))
    }

    /// One MediaRequest; nil without an id (tolerance: it cannot be acted on).
    static func request(_ r: inout JSONReader, serviceID: UUID) throws(ServiceError) -> MediaRequest? {
        var id: Int?, status = 0, type = "movie", is4k = false, created: Date?, updated: Date?
        var requester = "", requesterID: Int?, modifier: String?, seasons: [Int] = [], tmdb: Int?, media: Int?, media4k: Int?
        try r.readObject { r, key throws(ServiceError) in
            if key("id") { id = try r.lenientInt() }
            else if key("status") { status = try r.lenientInt() ?? 0 }
            else if key("type") { type = try r.lenientString() ?? "movie" }
            else if key("is4k") { is4k = try r.lenientBool() ?? false }
            else if key("createdAt") { created = try r.lenientDate() }
            else if key("updatedAt") { updated = try r.lenientDate() }
            else if key("requestedBy") { (requester, requesterID) = try user(&r) }
            else if key("modifiedBy") {
                if try r.peek() == .object { modifier = try user(&r).0 } else { try r.skipValue() }
            }
            else if key("seasons") {
                seasons = try r.decodeList { r throws(ServiceError) -> Int? in
                    var number: Int?
                    guard try r.peek() == .object else { try r.skipValue(); return nil }
                    try r.readObject { r, key throws(ServiceError) in
                        if key("seasonNumber") { number = try r.lenientInt() } else { try r.skipValue() }
                    }
                    return number
                }.compactMap { $0 }
            } else if key("media") {
                guard try r.peek() == .object else { return try r.skipValue() }
                try r.readObject { r, key throws(ServiceError) in
                    if key("tmdbId") { tmdb = try r.lenientInt() }
                    else if key("status") { media = try r.lenientInt() }
                    else if key("status4k") { media4k = try r.lenientInt() }
                    else { try r.skipValue() }
                }
            } else { try r.skipValue() }
        }
        guard let id else { return nil }
        return MediaRequest(id: ResourceID(serviceID: serviceID, itemID: id), status: .init(status), mediaType: type == "tv" ? .tv : .movie,
                            is4k: is4k, created: created, updated: updated, requestedBy: requester, requestedByID: requesterID,
                            modifiedBy: modifier, seasons: seasons.sorted(), tmdbID: tmdb, mediaStatus: .init(is4k ? media4k : media))
    }

    /// A user's display name (its email or username when it has none) and id.
    static func user(_ r: inout JSONReader) throws(ServiceError) -> (String, Int?) {
        var name: String?, fallback: String?, id: Int?
        guard try r.peek() == .object else { try r.skipValue(); return ("", nil) }
        try r.readObject { r, key throws(ServiceError) in
            if key("displayName") { name = try r.lenientString() }
            else if key("username") || key("plexUsername") || key("jellyfinUsername") || key("email") {
                let value = try r.lenientString()
                if fallback == nil || fallback?.isEmpty == true { fallback = value }
            } else if key("id") { id = try r.lenientInt() }
            else { try r.skipValue() }
        }
        return ((name?.isEmpty == false ? name : fallback) ?? "", id)
    }

    static func counts(_ r: inout JSONReader) throws(ServiceError) -> RequestCounts {
        var values: [String: Int] = [:]
        try r.readObject { r, key throws(ServiceError) in
            let name = key.string
            if ["total", "pending", "approved", "declined", "processing", "available"].contains(name) {
                values[name] = try r.lenientInt() ?? 0
            } else { try r.skipValue() }
        }
        return RequestCounts(total: values["total"] ?? 0, pending: values["pending"] ?? 0, approved: values["approved"] ?? 0,
                             declined: values["declined"] ?? 0, processing: values["processing"] ?? 0, available: values["available"] ?? 0)
    }

    /// A movie's (`title`, `releaseDate`) or series' (`name`, `firstAirDate`) page.
    static func titlePage(_ r: inout JSONReader) throws(ServiceError) -> (title: String?, year: Int?, poster: String?) {
        var title: String?, date: String?, poster: String?
        try r.readObject { r, key throws(ServiceError) in
            if key("title") || key("name") { title = try r.lenientString() ?? title }
            else if key("releaseDate") || key("firstAirDate") { date = try r.lenientString() }
            else if key("posterPath") { poster = try r.lenientString() }
            else { try r.skipValue() }
        }
        return (title, date.flatMap { Int($0.prefix(4)) }, poster)
    }
}
