import Foundation

/// qBittorrent's per-transfer actions (API-GUIDE-4 §1.2, §1.4, §1.6): form POSTs naming the one hash.
extension QBittorrentClient: TransferTuning {
    public static func availability(of action: TransferDetailAction) -> ActionAvailability {
        switch action {
        case .setFilePriority(.low, _): .unsupported // 0, 1, 6, 7 only
        case .setLabels: .unsupported // one category each (its tags are another thing)
        case .setJobPriority, .retry, .setArchivePassword: .unsupported // usenet's
        default: .available
        }
    }

    public static var grouping: TransferGrouping { .category }

    /// A ratio and minutes of seeding, each its own or qBittorrent's setting (its inactive time, 4.6, is kept as it is).
    public static var shareLimitSupport: ShareLimitSupport { ShareLimitSupport(ratio: true, seedingTime: true, idleTime: false, clientDefault: true) }

    public func groupChoices() async throws(ServiceError) -> GroupChoices {
        .oneOf(sorting: try await categories().keys)
    }

    public func perform(_ action: TransferDetailAction, on item: TransferItem) async throws(ServiceError) {
        let hash = try item.infoHash()
        guard Self.availability(of: action) == .available else { throw .notOffered }
        switch action {
        case .setFilePriority(let priority, _):
            let files = try action.checkedFiles().map(String.init).joined(separator: "|")
            // Never -1 ("mixed"): qBittorrent takes it and then reports the file so.
            let value = switch priority { case .skip: "0"; case .low, .normal: "1"; case .high: "6" }
            _ = try await post("/api/v2/torrents/filePrio", [("hash", hash), ("id", files), ("priority", value)])
        case .recheck:
            _ = try await post("/api/v2/torrents/recheck", [("hashes", hash)])
        case .reannounce:
            _ = try await post("/api/v2/torrents/reannounce", [("hashes", hash)])
        case .moveData:
            // Moves the data (and switches the torrent's automatic management off); a folder it cannot make is a 409.
            _ = try await post("/api/v2/torrents/setLocation", [("hashes", hash), ("location", try action.checkedFolder())])
        case .setSpeedLimits:
            // One request per direction (the API has no other); 0 is no limit of its own.
            let limits = try action.checkedLimits()
            _ = try await post("/api/v2/torrents/setDownloadLimit", [("hashes", hash), ("limit", String(limits.down ?? 0))])
            _ = try await post("/api/v2/torrents/setUploadLimit", [("hashes", hash), ("limit", String(limits.up ?? 0))])
        case .setCategory:
            // A name it does not have is a 409; "" takes the category away.
            _ = try await post("/api/v2/torrents/setCategory", [("hashes", hash), ("category", try action.checkedCategory() ?? "")])
        case .moveInQueue(let move):
            // With queueing off in qBittorrent these are its 409 "Torrent queueing must be enabled", said in its words.
            let verb = switch move { case .top: "topPrio"; case .up: "increasePrio"; case .down: "decreasePrio"; case .bottom: "bottomPrio" }
            _ = try await post("/api/v2/torrents/" + verb, [("hashes", hash)])
        case .setSequential(let on), .setFirstLastPiecesFirst(let on):
            // qBittorrent only toggles: the state is read first and the toggle sent only when it differs, so a stale
            // view can never turn it the wrong way.
            let sequential: Bool
            if case .setSequential = action { sequential = true } else { sequential = false }
            let now = try await torrentNow(hash: hash)
            guard (sequential ? now.seqDl ?? false : now.firstLastPiecePrio ?? false) != on else { return }
            _ = try await post(sequential ? "/api/v2/torrents/toggleSequentialDownload" : "/api/v2/torrents/toggleFirstLastPiecePrio",
                               [("hashes", hash)])
        case .rename:
            // The name it shows; the files keep theirs.
            _ = try await post("/api/v2/torrents/rename", [("hash", hash), ("name", try action.checkedName())])
        case .renameFile:
            // Both paths in full, the torrent's folder included; a name the folder holds already is its 409.
            let rename = try action.checkedFileRename()
            _ = try await post("/api/v2/torrents/renameFile", [("hash", hash), ("oldPath", rename.path), ("newPath", rename.newPath)])
        case .addTrackers:
            // One per line; each line its own tier would need blank lines, which qBittorrent counts from tier 0.
            _ = try await post("/api/v2/torrents/addTrackers", [("hash", hash), ("urls", try action.checkedTrackers().joined(separator: "\n"))])
        case .replaceTracker:
            // WebAPI 2.13.0 (5.2) renamed `origUrl` to `url`, with no alias.
            let urls = try action.checkedTrackers()
            let renamed = try await webAPIAtLeast([2, 13, 0])
            _ = try await post("/api/v2/torrents/editTracker", [("hash", hash), (renamed ? "url" : "origUrl", urls[0]), ("newUrl", urls[1])])
        case .removeTrackers:
            _ = try await post("/api/v2/torrents/removeTrackers", [("hash", hash), ("urls", try action.checkedTrackers().joined(separator: "|"))])
        case .setShareLimits:
            try await setShareLimits(try action.checkedShareLimits(Self.shareLimitSupport), hash: hash)
        case .setLabels, .setJobPriority, .retry, .setArchivePassword:
            throw .notOffered // not reached: unavailable above
        }
    }

    /// `torrents/setShareLimits` takes every limit at once, and from 4.6 and 5.2 two more that this form does not show
    /// (the inactive seeding time, the action at the limit): they are read from `torrents/info` first and sent back
    /// as they are, so setting a ratio never clears them. A part left out of `limits` is sent back as read too.
    private func setShareLimits(_ limits: ShareLimits, hash: String) async throws(ServiceError) {
        let now = try await torrentNow(hash: hash)
        let ratio: String = switch limits.ratio {
        case .clientDefault: "-2"
        case .unlimited: "-1"
        case .value(let value): ShareLimits.wire(value)
        case nil: now.ratioLimit.map(ShareLimits.wire) ?? "-2"
        }
        let minutes: String = switch limits.seedingMinutes {
        case .clientDefault: "-2"
        case .unlimited: "-1"
        case .value(let value): String(value)
        case nil: String(now.seedingTimeLimit ?? -2)
        }
        var form = [("hashes", hash), ("ratioLimit", ratio), ("seedingTimeLimit", minutes),
                    ("inactiveSeedingTimeLimit", String(now.inactiveSeedingTimeLimit ?? -2))]
        // Required from WebAPI 2.12.0 (5.2); "Default" (the client's setting) only when the torrent did not say its own.
        if let action = now.shareLimitAction {
            form.append(("shareLimitAction", action))
        } else if try await webAPIAtLeast([2, 12, 0]) {
            form.append(("shareLimitAction", "Default"))
        }
        _ = try await post("/api/v2/torrents/setShareLimits", form)
    }

    /// `torrents/info?hashes=H`: the one torrent as qBittorrent reports it now.
    private func torrentNow(hash: String) async throws(ServiceError) -> QBittorrentTorrentDTO {
        let body = try await get("/api/v2/torrents/info", query: [URLQueryItem(name: "hashes", value: hash)], class: .list).body
        let torrents = try JSONReader.read(body) { r throws(ServiceError) -> [QBittorrentTorrentDTO] in
            var list: [QBittorrentTorrentDTO] = []
            try r.readArray { r, position throws(ServiceError) in
                guard position < 2 else { throw r.failure("more than the one torrent asked for") }
                var torrent = QBittorrentTorrentDTO()
                try torrent.merge(&r)
                list.append(torrent)
            }
            return list
        }
        guard let torrent = torrents.first else { throw Self.gone }
        return torrent
    }

    /// Whether the WebAPI version this qBittorrent reports is at least `version`, read once per session.
    func webAPIAtLeast(_ version: [Int]) async throws(ServiceError) -> Bool {
        _ = try await usesStopStart()
        return Self.isAtLeast(webAPIVersion ?? "", version)
    }
}
