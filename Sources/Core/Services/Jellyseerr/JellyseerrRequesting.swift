import Foundation

/// New requests (API-GUIDE-3 §3.6): `POST /request` naming the title by its TMDB id, a series with the
/// seasons asked. Made with the API key, a request is the key's user's (the owner's) and is approved at
/// once — the dialog says so before it is sent. Sent once. Its traps: "no seasons available" comes as
/// HTTP 202 (a failure), the same title asked again is 409.
extension JellyseerrClient: RequestCreating {
    /// The key's user, as the service names it (`/auth/me`).
    public func requester() async throws(ServiceError) -> String {
        let body = try await get("/auth/me", class: .probe)
        return try JSONReader.read(body) { r throws(ServiceError) -> String in
            var name = "", email = ""
            guard try r.peek() == .object else { try r.skipValue(); return "" }
            try r.readObject { r, key throws(ServiceError) in
                if key("displayName") { name = try r.lenientString() ?? "" }
                else if key("email") { email = try r.lenientString() ?? "" }
                else { try r.skipValue() }
            }
            return name.isEmpty ? email : name
        }
    }

    public func request(_ ask: MediaAsk) async throws(ServiceError) -> MediaRequest {
        guard ask.tmdbID > 0 else { throw .invalidRequest(.noItems) }
        var object: [String: Any] = ["mediaType": ask.mediaType.rawValue, "mediaId": ask.tmdbID]
        if ask.is4k { object["is4k"] = true }
        if ask.mediaType.hasSeasons {
            if let seasons = ask.seasons {
                guard !seasons.isEmpty else { throw .invalidRequest(.noItems) }
                object["seasons"] = seasons.sorted()
            } else {
                object["seasons"] = "all"
            }
        }
        let json = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        let (status, body) = try await send(.post, "/request", body: json)
        // 202 with "No seasons available to request": nothing was made.
        if status == 202 { throw .refused(.said(Self.message(body) ?? "No seasons available to request")) }
        let serviceID = connection.config.id
        let made = try JSONReader.read(body) { r throws(ServiceError) in try JellyseerrDecoding.request(&r, serviceID: serviceID) }
        guard let made else { throw .decoding(path: "request", detail: "the answer holds no request") }
        return made
    }
}
