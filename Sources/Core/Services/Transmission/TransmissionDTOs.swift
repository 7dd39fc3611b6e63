import Foundation

/// A torrent of `torrent-get` (legacy 3.00 dialect, also served by 4.x).
struct TransmissionTorrentDTO: Equatable {
    var id: Int?
    var hashString: String?
    var name: String?
    var status: Int?
    var percentDone: Double?
    var sizeWhenDone: Int64?
    var leftUntilDone: Int64?
    var rateDownload: Int64?
    var rateUpload: Int64?
    var eta: Int64?
    var error: Int?
    var errorString: String?
    var addedDate: Int64?
    var doneDate: Int64?
    var labels: [String] = []
    var downloadDir: String?

    /// The fields the UI shows: a lean list keeps each refresh small.
    static let fields = ["id", "hashString", "name", "status", "percentDone", "sizeWhenDone", "leftUntilDone", "rateDownload",
                         "rateUpload", "eta", "error", "errorString", "addedDate", "doneDate", "labels"]

    /// What changes while a torrent runs: an incremental refresh asks only for these
    /// (names, hashes, sizes, labels and dates added come with the full fetch).
    static let changingFields = ["id", "status", "percentDone", "leftUntilDone", "rateDownload", "rateUpload", "eta",
                                 "error", "errorString", "doneDate"]

    /// Takes the changing fields of a later, partial answer.
    mutating func update(from partial: TransmissionTorrentDTO) {
        if let value = partial.status { status = value }
        if let value = partial.percentDone { percentDone = value }
        if let value = partial.leftUntilDone { leftUntilDone = value }
        if let value = partial.rateDownload { rateDownload = value }
        if let value = partial.rateUpload { rateUpload = value }
        if let value = partial.eta { eta = value }
        if let value = partial.error { error = value }
        if let value = partial.errorString { errorString = value }
        if let value = partial.doneDate { doneDate = value }
    }

    static func decode(_ r: inout JSONReader) throws(ServiceError) -> TransmissionTorrentDTO {
        var dto = TransmissionTorrentDTO()
        try r.readObject { r, key throws(ServiceError) in
            if key("id") { dto.id = try r.lenientInt() }
            else if key("hashString") { dto.hashString = try r.lenientString() }
            else if key("name") { dto.name = try r.lenientString() }
            else if key("status") { dto.status = try r.lenientInt() }
            else if key("percentDone") { dto.percentDone = try r.lenientDouble() }
            else if key("sizeWhenDone") { dto.sizeWhenDone = try r.lenientInt64() }
            else if key("leftUntilDone") { dto.leftUntilDone = try r.lenientInt64() }
            else if key("rateDownload") { dto.rateDownload = try r.lenientInt64() }
            else if key("rateUpload") { dto.rateUpload = try r.lenientInt64() }
            else if key("eta") { dto.eta = try r.lenientInt64() }
            else if key("error") { dto.error = try r.lenientInt() }
            else if key("errorString") { dto.errorString = try r.lenientString() }
            else if key("addedDate") { dto.addedDate = try r.lenientInt64() }
            else if key("doneDate") { dto.doneDate = try r.lenientInt64() }
            else if key("labels") {
                try r.readArray { r, _ throws(ServiceError) in
                    if let label = try r.lenientString() { dto.labels.append(label) }
                }
            } else { try r.skipValue() }
        }
        return dto
    }

    func domain(serviceID: UUID) -> TransferItem? {
        guard let hash = hashString?.lowercased(), !hash.isEmpty else { return nil }
        let raw = Self.statusNames[status ?? -1] ?? "unknown"
        var state = Self.state(status ?? -1, percentDone: percentDone ?? 0)
        let failed = (error ?? 0) == 3 // 1, 2 = tracker warning/error: the torrent still works
        if failed { state = .error }
        return TransferItem(
            serviceID: serviceID, joinKey: hash, name: name ?? hash, state: state, rawState: raw,
            progress: percentDone ?? 0, sizeBytes: sizeWhenDone ?? 0, remainingBytes: leftUntilDone ?? 0,
            downloadSpeed: rateDownload ?? 0, uploadSpeed: rateUpload ?? 0,
            eta: eta.flatMap { $0 >= 0 ? TimeInterval($0) : nil }, // -1 not available, -2 unknown
            category: labels.first, labels: labels, added: Date(epochSeconds: addedDate), completed: Date(epochSeconds: doneDate),
            errorMessage: (error ?? 0) != 0 ? errorString : nil)
    }

    static let statusNames = [0: "stopped", 1: "check-wait", 2: "check", 3: "download-wait", 4: "download",
                              5: "seed-wait", 6: "seed"]

    static func state(_ status: Int, percentDone: Double) -> TransferItem.State {
        switch status {
        case 0: .paused
        case 1, 2: .checking
        case 3, 5: .queued
        case 4: .downloading
        case 6: .seeding
        default: .queued
        }
    }
}
