import Foundation

/// What the stack doctor reads of Deluge: its download folder and what it does at its global seeding
/// ratio (`core.get_config_values`: `stop_seed_at_ratio`, `stop_seed_ratio`, `remove_seed_at_ratio` —
/// pause, or remove), and its labels with their move-completed folders (the Label plugin, which the
/// orchestrators need for a category; without it Deluge has no labels at all).
extension DelugeClient: ClientSettingsProviding {
    public func clientSettings() async throws(ServiceError) -> ClientSettings {
        let keys = ["download_location", "stop_seed_at_ratio", "stop_seed_ratio", "remove_seed_at_ratio"].map(Self.quote).joined(separator: ",")
        var folder: String?, stopAt = false, ratio: Double?, remove = false
        try Self.settingsResult(try await authorized("core.get_config_values", "[[\(keys)]]", effect: .read)) { r throws(ServiceError) in
            try r.readObject { r, key throws(ServiceError) in
                if key("download_location") { folder = try r.lenientString() }
                else if key("stop_seed_at_ratio") { stopAt = try r.lenientBool() ?? false }
                else if key("stop_seed_ratio") { ratio = try r.lenientDouble() }
                else if key("remove_seed_at_ratio") { remove = try r.lenientBool() ?? false }
                else { try r.skipValue() }
            }
        }
        let limit = stopAt ? SeedingLimit(ratio: ratio, minutes: nil, action: remove ? .remove : .pause) : nil
        guard let labels = try await labels() else {
            return ClientSettings(categories: [:], defaultSavePath: folder, seedingLimit: limit, createsCategories: false)
        }
        var categories: [String: String] = [:]
        for label in labels where !label.isEmpty {
            let body = try await authorized("label.get_options", "[\(Self.quote(label))]", effect: .read)
            var move = false, path = ""
            try Self.settingsResult(body) { r throws(ServiceError) in
                guard try r.peek() == .object else { return try r.skipValue() }
                try r.readObject { r, key throws(ServiceError) in
                    if key("apply_move_completed") { move = try r.lenientBool() ?? false }
                    else if key("move_completed_path") { path = try r.lenientString() ?? "" }
                    else { try r.skipValue() }
                }
            }
            categories[label] = move ? path : ""
        }
        return ClientSettings(categories: categories, defaultSavePath: folder, seedingLimit: limit, createsCategories: true)
    }

    /// Its Label plugin's labels (`label.get_labels`); nil when the plugin is off (`core.get_enabled_plugins`).
    func labels() async throws(ServiceError) -> [String]? {
        let plugins = try Self.settingsResult(try await authorized("core.get_enabled_plugins", "[]", effect: .read)) { r throws(ServiceError) in
            try r.decodeList { r throws(ServiceError) in try r.lenientString() }.compactMap { $0 }
        }
        guard plugins.contains("Label") else { return nil }
        return try Self.settingsResult(try await authorized("label.get_labels", "[]", effect: .read)) { r throws(ServiceError) in
            try r.decodeList { r throws(ServiceError) in try r.lenientString() }.compactMap { $0 }
        }
    }

    static func settingsResult<T>(_ data: Data, _ body: (inout JSONReader) throws(ServiceError) -> T) throws(ServiceError) -> T {
        try JSONRPCEnvelope.result(data, missing: .decoding(path: "$.result", detail: "missing key"), body)
    }
}

/// The doctor's fix on Deluge: add a missing label (`label.add`; Deluge lower-cases it, as the
/// orchestrators do), then read the labels back. Offered only with the Label plugin on.
extension DelugeClient: DoctorFixing {
    public func plan(_ fix: DoctorFix) async throws(ServiceError) -> FixPlan {
        guard case .createCategory(let name) = fix.action, !name.isEmpty else { throw .notOffered }
        return FixPlan(fix: fix, method: "POST", path: "/json", body: #"{"method":"label.add","params":[\#(Self.quote(name.lowercased()))]}"#)
    }

    public func apply(_ plan: FixPlan) async throws(ServiceError) -> FixOutcome {
        guard case .createCategory(let name) = plan.fix.action else { throw .notOffered }
        _ = try await authorized("label.add", "[\(Self.quote(name.lowercased()))]", effect: .write)
        let labels = try Self.settingsResult(try await authorized("label.get_labels", "[]", effect: .read)) { r throws(ServiceError) in
            try r.decodeList { r throws(ServiceError) in try r.lenientString() }.compactMap { $0 }
        }
        return FixOutcome(confirmed: labels.contains(name.lowercased()), readBack: "labels: " + labels.sorted().joined(separator: ", "))
    }
}
