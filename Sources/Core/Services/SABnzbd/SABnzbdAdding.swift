import Foundation

/// Adding to SABnzbd (API-GUIDE-2 §6.1): `mode=addurl` for an http(s) link, `mode=addfile` with the
/// NZB as a multipart part; the key and every parameter in the body, once each. Paused is priority
/// -2. SABnzbd decides duplicates by its own setting.
extension SABnzbdClient: TransferAdding {
    public static let addable = DownloadSource.Family.usenet

    public func add(_ source: DownloadSource, options: AddOptions) async throws(ServiceError) -> AddOutcome {
        var fields: [(String, String)] = []
        var files: [FilePart]?
        switch source {
        case .url(let url):
            guard case .success = DownloadSource.link(url.absoluteString) else { throw .invalidRequest(.unsupportedLink) }
            fields = [("mode", "addurl"), ("name", url.absoluteString)]
        case .nzbFile(let name, let data):
            fields = [("mode", "addfile")]
            files = [FilePart(field: "name", filename: name, contentType: "application/x-nzb", data: data)]
        case .magnet, .torrentFile:
            throw .notOffered
        }
        if let category = options.category { fields.append(("cat", category)) }
        if options.paused { fields.append(("priority", "-2")) }
        let body = try await call(fields, files: files, effect: .write)
        return try JSONReader.read(body) { r throws(ServiceError) -> AddOutcome in
            var ok = false
            var ids: [String] = []
            try r.readObject { r, key throws(ServiceError) in
                if key("status") { ok = try r.lenientBool() ?? false }
                else if key("nzo_ids") { try r.readArray { r, _ throws(ServiceError) in if let id = try r.lenientString() { ids.append(id) } } }
                else { try r.skipValue() }
            }
            guard ok else { throw .refused(.notAdded) }
            return .added(id: ids.first)
        }
    }
}
