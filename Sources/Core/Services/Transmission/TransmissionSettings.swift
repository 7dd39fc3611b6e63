import Foundation

/// What the stack doctor reads of Transmission (`session-get`): its download folder and its global
/// seeding limits — a ratio (`seedRatioLimited`/`seedRatioLimit`) and an idle time in minutes
/// (`idle-seeding-limit-enabled`/`idle-seeding-limit`); at either it stops the torrent. It has no named
/// categories (its labels are free words), so there is no category to be missing.
extension TransmissionClient: ClientSettingsProviding {
    public func clientSettings() async throws(ServiceError) -> ClientSettings {
        let body = try await call("session-get", #"{"fields":["download-dir","seedRatioLimited","seedRatioLimit","idle-seeding-limit-enabled","idle-seeding-limit"]}"#,
                                  effect: .read)
        var folder: String?, ratioOn = false, ratio: Double?, idleOn = false, idle: Int?
        try JSONReader.read(body) { r throws(ServiceError) in
            try r.readObject { r, key throws(ServiceError) in
                guard key("arguments") else { return try r.skipValue() }
                try r.readObject { r, key throws(ServiceError) in
                    if key("download-dir") { folder = try r.lenientString() }
                    else if key("seedRatioLimited") { ratioOn = try r.lenientBool() ?? false }
                    else if key("seedRatioLimit") { ratio = try r.lenientDouble() }
                    else if key("idle-seeding-limit-enabled") { idleOn = try r.lenientBool() ?? false }
                    else if key("idle-seeding-limit") { idle = try r.lenientInt() }
                    else { try r.skipValue() }
                }
            }
        }
        let limitRatio = ratioOn ? ratio : nil, limitIdle = idleOn ? idle : nil
        let limit = limitRatio != nil || limitIdle != nil ? SeedingLimit(ratio: limitRatio, minutes: limitIdle, action: .pause) : nil
        return ClientSettings(categories: nil, defaultSavePath: folder, seedingLimit: limit)
    }
}
