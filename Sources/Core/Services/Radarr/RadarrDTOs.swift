import Foundation

/// MovieResource (the fields Switchyard shows).
struct RadarrMovieDTO {
    var id: Int?
    var title: String?
    var sortTitle: String?
    var status: String?
    var monitored: Bool?
    var year: Int?
    var hasFile: Bool?
    var sizeOnDisk: Int64?
    var studio: String?
    var added: Date?
    var inCinemas: Date?
    var digitalRelease: Date?
    var physicalRelease: Date?
    var images: [ServarrImageDTO] = []

    static func decode(_ r: inout JSONReader) throws(ServiceError) -> RadarrMovieDTO {
        var dto = RadarrMovieDTO()
        try r.readObject { r, key throws(ServiceError) in
            if key("id") { dto.id = try r.lenientInt() }
            else if key("title") { dto.title = try r.lenientString() }
            else if key("sortTitle") { dto.sortTitle = try r.lenientString() }
            else if key("status") { dto.status = try r.lenientString() }
            else if key("monitored") { dto.monitored = try r.lenientBool() }
            else if key("year") { dto.year = try r.lenientInt() }
            else if key("hasFile") { dto.hasFile = try r.lenientBool() }
            // Tolerance: sizes may arrive as decimals; truncated to bytes.
            else if key("sizeOnDisk") { dto.sizeOnDisk = try r.lenientInt64() }
            else if key("studio") { dto.studio = try r.lenientString() }
            else if key("added") { dto.added = try r.lenientDate() }
            else if key("inCinemas") { dto.inCinemas = try r.lenientDate() }
            else if key("digitalRelease") { dto.digitalRelease = try r.lenientDate() }
            else if key("physicalRelease") { dto.physicalRelease = try r.lenientDate() }
            else if key("images") { dto.images = try ServarrImageDTO.decodeList(&r) }
            else { try r.skipValue() }
        }
        return dto
    }
}
