import Foundation

/// What the stack doctor reads of SABnzbd (`mode=get_config`): its categories with their folders
/// (`section=categories`; `*` is its default, not a category) and its completed-downloads folder
/// (`section=misc`, `complete_dir`). Usenet has no seeding.
extension SABnzbdClient: ClientSettingsProviding {
    public func clientSettings() async throws(ServiceError) -> ClientSettings {
        let categories = try JSONReader.read(try await call([("mode", "get_config"), ("section", "categories")], effect: .read)) {
            r throws(ServiceError) -> [String: String] in
            var found: [String: String] = [:]
            try r.readObject { r, key throws(ServiceError) in
                guard key("config") else { return try r.skipValue() }
                try r.readObject { r, key throws(ServiceError) in
                    guard key("categories") else { return try r.skipValue() }
                    try r.readArray { r, _ throws(ServiceError) in
                        var name: String?, dir = ""
                        try r.readObject { r, key throws(ServiceError) in
                            if key("name") { name = try r.lenientString() }
                            else if key("dir") { dir = try r.lenientString() ?? "" }
                            else { try r.skipValue() }
                        }
                        if let name, !name.isEmpty, name != "*" { found[name] = dir }
                    }
                }
            }
            return found
        }
        let complete = try JSONReader.read(try await call([("mode", "get_config"), ("section", "misc"), ("keyword", "complete_dir")], effect: .read)) {
            r throws(ServiceError) -> String? in
            var folder: String?
            try r.readObject { r, key throws(ServiceError) in
                guard key("config") else { return try r.skipValue() }
                try r.readObject { r, key throws(ServiceError) in
                    guard key("misc") else { return try r.skipValue() }
                    try r.readObject { r, key throws(ServiceError) in
                        if key("complete_dir") { folder = try r.lenientString() } else { try r.skipValue() }
                    }
                }
            }
            return folder
        }
        return ClientSettings(categories: categories, defaultSavePath: complete, seedingLimit: nil, createsCategories: true)
    }
}

/// The doctor's fix on SABnzbd: `mode=set_config&section=categories&keyword=<name>` creates a category
/// that does not exist yet (SABnzbd lower-cases its name; its folder is SABnzbd's default), then the
/// categories are read back. The API key travels as a body field, never shown.
extension SABnzbdClient: DoctorFixing {
    static func fixFields(_ name: String) -> [(String, String)] {
        [("mode", "set_config"), ("section", "categories"), ("keyword", name.lowercased())]
    }

    public func plan(_ fix: DoctorFix) async throws(ServiceError) -> FixPlan {
        guard case .createCategory(let name) = fix.action, !name.isEmpty else { throw .notOffered }
        return FixPlan(fix: fix, method: "POST", path: "/api", body: String(decoding: FormEncoding.encode(Self.fixFields(name)), as: UTF8.self))
    }

    public func apply(_ plan: FixPlan) async throws(ServiceError) -> FixOutcome {
        guard case .createCategory(let name) = plan.fix.action else { throw .notOffered }
        _ = try await call(Self.fixFields(name), effect: .write)
        let now = try await clientSettings().categories ?? [:]
        return FixOutcome(confirmed: now.keys.contains { $0.caseInsensitiveCompare(name) == .orderedSame },
                          readBack: "categories: " + now.keys.sorted().joined(separator: ", "))
    }
}
