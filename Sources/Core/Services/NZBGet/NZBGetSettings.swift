import Foundation

/// What the stack doctor reads of NZBGet (`config`, the options in force): its categories
/// (`Category<N>.Name`, `Category<N>.DestDir`) and its completed-downloads folder (`DestDir`). Usenet has
/// no seeding. No fix is offered here: NZBGet changes its options only through `saveconfig`, which
/// rewrites the whole option file and takes effect after `reload`, a restart of the daemon — not one
/// safe, reversible write. The doctor explains the fix instead.
extension NZBGetClient: ClientSettingsProviding {
    public func clientSettings() async throws(ServiceError) -> ClientSettings {
        let options = try Self.result(try await call("config", effect: .read)) { r throws(ServiceError) -> [String: String] in
            var found: [String: String] = [:]
            try r.readArray { r, _ throws(ServiceError) in
                var name: String?, value: String?
                try r.readObject { r, key throws(ServiceError) in
                    if key("Name") { name = try r.lenientString() }
                    else if key("Value") { value = try r.lenientString() }
                    else { try r.skipValue() }
                }
                if let name, name == "DestDir" || name.hasPrefix("Category") { found[name] = value ?? "" }
            }
            return found
        }
        var categories: [String: String] = [:]
        for (key, name) in options where key.hasPrefix("Category") && key.hasSuffix(".Name") && !name.isEmpty {
            categories[name] = options[String(key.dropLast(".Name".count)) + ".DestDir"] ?? ""
        }
        return ClientSettings(categories: categories, defaultSavePath: options["DestDir"], seedingLimit: nil, createsCategories: false)
    }
}
