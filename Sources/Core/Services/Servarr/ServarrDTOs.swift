import Foundation

// Wire shapes every Servarr shares. Field names as the
// OpenAPI specs define them; every reference field optional because Servarr
// omits nulls. Decoded with JSONReader: unknown keys are skipped, and each
// tolerance is named where it is applied (see ServarrDecodingTests).

struct ServarrStatusDTO {
    var appName: String?
    var instanceName: String?
    var version: String?
    var startTime: Date?
    var urlBase: String?

    static func decode(_ r: inout JSONReader) throws(ServiceError) -> ServarrStatusDTO {
        var dto = ServarrStatusDTO()
        try r.readObject { r, key throws(ServiceError) in
            if key("appName") { dto.appName = try r.lenientString() }
            else if key("instanceName") { dto.instanceName = try r.lenientString() }
            else if key("version") { dto.version = try r.lenientString() }
            else if key("startTime") { dto.startTime = try r.lenientDate() }
            else if key("urlBase") { dto.urlBase = try r.lenientString() }
            else { try r.skipValue() }
        }
        return dto
    }
}

struct ServarrImageDTO {
    var coverType: String?
    var url: String?
    var remoteUrl: String?

    /// Tolerance: a null inside the images array is skipped, not an error.
    static func decodeList(_ r: inout JSONReader) throws(ServiceError) -> [ServarrImageDTO] {
        var images: [ServarrImageDTO] = []
        try r.readArray { r, _ throws(ServiceError) in
            if try r.consumeNull() { return }
            var image = ServarrImageDTO()
            try r.readObject { r, key throws(ServiceError) in
                if key("coverType") { image.coverType = try r.lenientString() }
                else if key("url") { image.url = try r.lenientString() }
                else if key("remoteUrl") { image.remoteUrl = try r.lenientString() }
                else { try r.skipValue() }
            }
            images.append(image)
        }
        return images
    }

    var domain: MediaImage {
        MediaImage(kind: MediaImage.Kind(rawValue: coverType ?? "") ?? .unknown, // tolerance: unknown cover types
                   remoteURL: remoteUrl.flatMap(URL.init(string:)).flatMap { $0.scheme == "https" || $0.scheme == "http" ? $0 : nil },
                   localPath: url)
    }
}

struct ServarrQueueDTO {
    var id: Int?
    /// The record's library item, group and child, read from the flavour's field names.
    var item: Int?
    var group: Int?
    var child: Int?
    var title: String?
    var size: Double?
    var sizeleft: Double?
    var timeleft: String?
    var estimatedCompletionTime: Date?
    var added: Date?
    var status: String?
    var trackedDownloadStatus: String?
    var trackedDownloadState: String?
    var statusMessages: [String] = []
    var errorMessage: String?
    var downloadId: String?
    var `protocol`: String?
    var downloadClient: String?
    var downloadClientHasPostImportCategory: Bool?
    var outputPath: String?

    static func decode(_ r: inout JSONReader, _ fields: ServarrFlavour.QueueFields) throws(ServiceError) -> ServarrQueueDTO {
        var dto = ServarrQueueDTO()
        try r.readObject { r, key throws(ServiceError) in
            if key("id") { dto.id = try r.lenientInt() }
            else if key(fields.item) { dto.item = try r.lenientInt() }
            else if let group = fields.group, key(group) { dto.group = try r.lenientInt() }
            else if let child = fields.child, key(child) { dto.child = try r.lenientInt() }
            else if key("title") { dto.title = try r.lenientString() }
            // Tolerance: size/sizeleft are C# decimals — fractions are fine.
            else if key("size") { dto.size = try r.lenientDouble() }
            else if key("sizeleft") { dto.sizeleft = try r.lenientDouble() }
            else if key("timeleft") { dto.timeleft = try r.lenientString() }
            else if key("estimatedCompletionTime") { dto.estimatedCompletionTime = try r.lenientDate() }
            else if key("added") { dto.added = try r.lenientDate() }
            else if key("status") { dto.status = try r.lenientString() }
            else if key("trackedDownloadStatus") { dto.trackedDownloadStatus = try r.lenientString() }
            else if key("trackedDownloadState") { dto.trackedDownloadState = try r.lenientString() }
            else if key("statusMessages") { dto.statusMessages = try decodeMessages(&r) }
            else if key("errorMessage") { dto.errorMessage = try r.lenientString() }
            else if key("downloadId") { dto.downloadId = try r.lenientString() }
            else if key("protocol") { dto.protocol = try r.lenientString() }
            else if key("downloadClient") { dto.downloadClient = try r.lenientString() }
            else if key("downloadClientHasPostImportCategory") { dto.downloadClientHasPostImportCategory = try r.lenientBool() }
            else if key("outputPath") { dto.outputPath = try r.lenientString() }
            else { try r.skipValue() }
        }
        return dto
    }

    /// statusMessages: [{title, messages: [string]}] flattened to lines.
    private static func decodeMessages(_ r: inout JSONReader) throws(ServiceError) -> [String] {
        var lines: [String] = []
        try r.readArray { r, _ throws(ServiceError) in
            guard try r.peek() == .object else { return try r.skipValue() }
            var title: String?
            var messages: [String] = []
            try r.readObject { r, key throws(ServiceError) in
                if key("title") { title = try r.lenientString() }
                else if key("messages") {
                    try r.readArray { r, _ throws(ServiceError) in
                        if let message = try r.lenientString() { messages.append(message) }
                    }
                } else { try r.skipValue() }
            }
            lines.append(contentsOf: messages.isEmpty ? [title].compactMap { $0 } : messages)
        }
        return lines
    }
}

struct ServarrHealthDTO {
    var id: Int?
    var source: String?
    var type: String?
    var message: String?
    var wikiUrl: String?

    static func decode(_ r: inout JSONReader) throws(ServiceError) -> ServarrHealthDTO {
        var dto = ServarrHealthDTO()
        try r.readObject { r, key throws(ServiceError) in
            if key("id") { dto.id = try r.lenientInt() }
            else if key("source") { dto.source = try r.lenientString() }
            else if key("type") { dto.type = try r.lenientString() }
            else if key("message") { dto.message = try r.lenientString() }
            else if key("wikiUrl") { dto.wikiUrl = try r.lenientString() }
            else { try r.skipValue() }
        }
        return dto
    }
}

struct ServarrDiskSpaceDTO {
    var path: String?
    var label: String?
    var freeSpace: Int64?
    var totalSpace: Int64?

    static func decode(_ r: inout JSONReader) throws(ServiceError) -> ServarrDiskSpaceDTO {
        var dto = ServarrDiskSpaceDTO()
        try r.readObject { r, key throws(ServiceError) in
            if key("path") { dto.path = try r.lenientString() }
            else if key("label") { dto.label = try r.lenientString() }
            else if key("freeSpace") { dto.freeSpace = try r.lenientInt64() }
            else if key("totalSpace") { dto.totalSpace = try r.lenientInt64() }
            else { try r.skipValue() }
        }
        return dto
    }
}

struct ServarrHistoryDTO {
    var id: Int?
    var date: Date?
    var eventType: String?
    var sourceTitle: String?
    var downloadId: String?

    static func decode(_ r: inout JSONReader) throws(ServiceError) -> ServarrHistoryDTO {
        var dto = ServarrHistoryDTO()
        try r.readObject { r, key throws(ServiceError) in
            if key("id") { dto.id = try r.lenientInt() }
            else if key("date") { dto.date = try r.lenientDate() }
            else if key("eventType") { dto.eventType = try r.lenientString() }
            else if key("sourceTitle") { dto.sourceTitle = try r.lenientString() }
            else if key("downloadId") { dto.downloadId = try r.lenientString() }
            else { try r.skipValue() }
        }
        return dto
    }
}

extension JSONReader {
    /// Decodes an array of `T`, skipping null elements (a Servarr quirk on some lists).
    public mutating func decodeList<T>(_ element: (inout JSONReader) throws(ServiceError) -> T) throws(ServiceError) -> [T] {
        var items: [T] = []
        try readArray { r, _ throws(ServiceError) in
            if try r.consumeNull() { return }
            items.append(try element(&r))
        }
        return items
    }

    /// The `records` array of a Servarr paging resource.
    mutating func decodePagedRecords<T>(_ element: (inout JSONReader) throws(ServiceError) -> T)
        throws(ServiceError) -> (records: [T], totalRecords: Int?) {
        var records: [T] = []
        var total: Int?
        try readObject { r, key throws(ServiceError) in
            if key("records") { records = try r.decodeList(element) }
            else if key("totalRecords") { total = try r.lenientInt() }
            else { try r.skipValue() }
        }
        return (records, total)
    }
}
