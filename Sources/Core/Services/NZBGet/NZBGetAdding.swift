import Foundation

/// Adding to NZBGet (API-GUIDE-2 §6.1): `append` with its positional parameters — the NZB's bytes
/// (base64) or an http(s) link NZBGet fetches itself. A file whose name is already in its queue or
/// history is reported as a duplicate before anything is sent; one NZBGet itself finds to be a copy
/// or a dupe (it still returns an id, then deletes it) is reported as a duplicate after.
extension NZBGetClient: TransferAdding {
    public static let addable = DownloadSource.Family.usenet

    public func add(_ source: DownloadSource, options: AddOptions) async throws(ServiceError) -> AddOutcome {
        let name: String, content: String
        switch source {
        case .nzbFile(let file, let data):
            name = file
            content = data.base64EncodedString()
        case .url(let url):
            guard case .success = DownloadSource.link(url.absoluteString) else { throw .invalidRequest(.unsupportedLink) }
            name = url.lastPathComponent.isEmpty ? "download.nzb" : url.lastPathComponent
            content = url.absoluteString
        case .magnet, .torrentFile:
            throw .invalidRequest(.sourceNotTaken)
        }
        if let existing = try await held(named: name) { return .duplicate(id: existing) }
        // [NZBFilename, Content, Category, Priority, AddToTop, AddPaused, DupeKey, DupeScore, DupeMode, PPParameters]
        let params = "[\(JSONText.quote(name)),\(JSONText.quote(content)),\(JSONText.quote(options.category ?? "")),0,false,\(options.paused),\"\",0,\"SCORE\",[]]"
        let id = try Self.result(try await call("append", params, effect: .write)) { r throws(ServiceError) in try r.lenientInt() ?? 0 }
        guard id > 0 else { throw .refused(.notAdded) }
        // NZBGet answers with an id even for a duplicate, then moves it straight to its history as
        // DELETED/COPY (the same content as one it has) or DELETED/DUPE (its duplicate rules).
        if let status = try await historyStatus(of: id), status.hasPrefix("DELETED/COPY") || status.hasPrefix("DELETED/DUPE") {
            return .duplicate(id: String(id))
        }
        return .added(id: String(id))
    }

    /// The history status of one NZBID, if it is in the history.
    private func historyStatus(of id: Int) async throws(ServiceError) -> String? {
        try Self.result(try await call("history", "[false]", effect: .read)) { r throws(ServiceError) -> String? in
            var status: String?
            try r.readArray { r, _ throws(ServiceError) in
                var entry: Int?, text: String?
                try r.readObject { r, key throws(ServiceError) in
                    if key("NZBID") { entry = try r.lenientInt() }
                    else if key("Status") { text = try r.lenientString() }
                    else { try r.skipValue() }
                }
                if entry == id { status = text }
            }
            return status
        }
    }

    /// The NZBID of a queue or history entry added from a file of this name.
    private func held(named name: String) async throws(ServiceError) -> String? {
        for (method, params) in [("listgroups", "[0]"), ("history", "[false]")] {
            let body = try await call(method, params, effect: .read)
            let found = try Self.result(body) { r throws(ServiceError) -> String? in
                var found: String?
                try r.readArray { r, _ throws(ServiceError) in
                    var id: Int?, file: String?
                    try r.readObject { r, key throws(ServiceError) in
                        if key("NZBID") { id = try r.lenientInt() }
                        else if key("NZBFilename") { file = try r.lenientString() }
                        else { try r.skipValue() }
                    }
                    if found == nil, file == name, let id { found = String(id) }
                }
                return found
            }
            if let found { return found }
        }
        return nil
    }
}
