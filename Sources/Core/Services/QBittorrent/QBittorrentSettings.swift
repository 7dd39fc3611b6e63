import Foundation

/// What the stack doctor reads of qBittorrent: its categories and their save paths
/// (`torrents/categories`), its default save path and its global seeding limits with what happens at
/// them (`app/preferences`: `max_ratio_enabled`/`max_ratio`, `max_seeding_time_enabled`/`max_seeding_time`
/// in minutes, `max_ratio_act`: 0 pause, 1 remove, 2 super seeding, 3 remove with files).
extension QBittorrentClient: ClientSettingsProviding {
    /// Its categories, each with its save path (empty: qBittorrent's default for it).
    func categories() async throws(ServiceError) -> [String: String] {
        try JSONReader.read(try await get("/api/v2/torrents/categories", class: .list).body) { r throws(ServiceError) in
            var found: [String: String] = [:]
            try r.readObject { r, key throws(ServiceError) in
                let name = key.string
                var path = ""
                if try r.peek() == .object {
                    try r.readObject { r, key throws(ServiceError) in
                        if key("savePath") { path = try r.lenientString() ?? "" } else { try r.skipValue() }
                    }
                } else { try r.skipValue() }
                if !name.isEmpty { found[name] = path }
            }
            return found
        }
    }

    public func clientSettings() async throws(ServiceError) -> ClientSettings {
        let categories = try await categories()
        var savePath: String?, ratioOn = false, ratio: Double?, timeOn = false, minutes: Int?, action = 0
        try JSONReader.read(try await get("/api/v2/app/preferences", class: .list).body) { r throws(ServiceError) in
            try r.readObject { r, key throws(ServiceError) in
                if key("save_path") { savePath = try r.lenientString() }
                else if key("max_ratio_enabled") { ratioOn = try r.lenientBool() ?? false }
                else if key("max_ratio") { ratio = try r.lenientDouble() }
                else if key("max_seeding_time_enabled") { timeOn = try r.lenientBool() ?? false }
                else if key("max_seeding_time") { minutes = try r.lenientInt() }
                else if key("max_ratio_act") { action = try r.lenientInt() ?? 0 }
                else { try r.skipValue() }
            }
        }
        let limitRatio = ratioOn ? ratio.flatMap { $0 >= 0 ? $0 : nil } : nil
        let limitMinutes = timeOn ? minutes.flatMap { $0 >= 0 ? $0 : nil } : nil
        let act: SeedingLimit.Action = switch action {
        case 1: .remove
        case 2: .superSeed
        case 3: .removeWithFiles
        default: .pause
        }
        let limit = limitRatio != nil || limitMinutes != nil ? SeedingLimit(ratio: limitRatio, minutes: limitMinutes, action: act) : nil
        return ClientSettings(categories: categories, defaultSavePath: savePath, seedingLimit: limit, createsCategories: true)
    }
}

/// The doctor's fix on qBittorrent: create a missing category (`torrents/createCategory`, an empty save
/// path: qBittorrent's own default folder for it), then read the categories back.
extension QBittorrentClient: DoctorFixing {
    public func plan(_ fix: DoctorFix) async throws(ServiceError) -> FixPlan {
        guard case .createCategory(let name) = fix.action, !name.isEmpty else { throw .notOffered }
        return FixPlan(fix: fix, method: "POST", path: "/api/v2/torrents/createCategory",
                       body: String(decoding: FormEncoding.encode([("category", name), ("savePath", "")]), as: UTF8.self))
    }

    public func apply(_ plan: FixPlan) async throws(ServiceError) -> FixOutcome {
        guard case .createCategory(let name) = plan.fix.action else { throw .notOffered }
        _ = try await post("/api/v2/torrents/createCategory", [("category", name), ("savePath", "")])
        let now = try await clientSettings().categories ?? [:]
        return FixOutcome(confirmed: now.keys.contains(name), readBack: "categories: " + now.keys.sorted().joined(separator: ", "))
    }
}
