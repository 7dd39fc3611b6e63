import CSoup
import Foundation

/// Jellyseerr's `/api/v1` as API-GUIDE-3 §3 describes it, from `Fixtures/jellyseerr`: the anonymous
/// status and public settings; everything else only with the key in `X-Api-Key` (a missing or wrong one
/// is 403, as the service answers). The request list enforces the spec as the service's validator does —
/// an undeclared query parameter, a value outside its enum, or a reserved character left unencoded
/// (`+` included) is a 400 — and filters, sorts and pages the requests; approve and decline change a
/// request (404 for an unknown id), delete removes it (204), `POST /request` creates one as the owner's
/// key does (approved at once; 409 and the 202 "no seasons" trap). Faults: `csrf` refuses keyed writes
/// as the CSRF protection does, `503` answers 503. `GET /__state` reports every action received, in
/// order; `/__request_add` adds someone else's pending request.
final class JellyseerrState {
    var requests: [[String: Any]]
    let apiKey: String
    var actions: [[Any]] = []
    private var clock = 0

    init(fixtures: (String) -> Data?, apiKey: String) {
        let page = fixtures("request.json").flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }
        requests = page?["results"] as? [[String: Any]] ?? []
        self.apiKey = apiKey
    }

    static func json(_ value: Any) -> Data { (try? JSONSerialization.data(withJSONObject: value)) ?? Data() }
    static let forbidden = json(["status": 403, "error": "You do not have permission to access this endpoint"])

    var report: Data { Self.json(["actions": actions, "ids": requests.compactMap { $0["id"] as? Int }]) }

    /// Status and body for one request; `rawQuery` as it came (its encoding is checked).
    func answer(_ method: String, _ path: String, rawQuery: String?, key: String?, fault: String?, body: Data? = nil,
                fixture: (String) -> Data?) -> (Int32, Data) {
        if path == "/__request_add" { return addPending(rawQuery) }
        if method == "GET", path == "/api/v1/status" { return (200, fixture("status.json") ?? Data()) }
        if method == "GET", path == "/api/v1/settings/public" { return (200, fixture("settings-public.json") ?? Data()) }
        guard key == apiKey, !apiKey.isEmpty else { return (403, Self.forbidden) }
        if fault == "503" { return (503, Self.json(["message": "Fixture is starting up"])) }
        if method != "GET", fault == "csrf" { return (403, Self.json(["message": "invalid csrf token", "errors": []])) }
        let parts = path.split(separator: "/").map(String.init) // api, v1, …
        switch (method, Array(parts.dropFirst(2))) {
        case ("GET", ["auth", "me"]): return (200, fixture("auth-me.json") ?? Data())
        case ("GET", ["request"]): return list(rawQuery)
        case ("GET", ["request", "count"]): return (200, Self.json(counts))
        case ("GET", let rest) where rest.count == 2 && ["movie", "tv"].contains(rest[0]):
            guard let data = fixture("\(rest[0])-\(rest[1]).json") else { return (404, Self.json(["message": "Unable to retrieve details."])) }
            return (200, data)
        case ("POST", ["request"]): return create(body)
        case ("POST", let rest) where rest.count == 3 && rest[0] == "request":
            guard ["approve", "decline"].contains(rest[2]) else {
                return (400, Self.json(["message": "request/params/status must be equal to one of the allowed values: pending, approve, decline"]))
            }
            guard let id = Int(rest[1]), let index = requests.firstIndex(where: { $0["id"] as? Int == id }) else {
                return (404, Self.json(["message": "Request not found."]))
            }
            actions.append([rest[2], id])
            clock += 1
            requests[index]["status"] = rest[2] == "approve" ? 2 : 3
            requests[index]["updatedAt"] = String(format: "2026-12-01T00:00:%02d.000Z", clock % 60)
            requests[index]["modifiedBy"] = ["id": 1, "displayName": "Fixture Owner", "email": "owner@fixture.invalid", "permissions": 2]
            return (200, Self.json(requests[index]))
        case ("DELETE", let rest) where rest.count == 2 && rest[0] == "request":
            guard let id = Int(rest[1]), let index = requests.firstIndex(where: { $0["id"] as? Int == id }) else {
                return (404, Self.json(["message": "Request not found."]))
            }
            actions.append(["delete", id])
            requests.remove(at: index)
            return (204, Data())
        default:
            return (404, Self.json(["message": "Not Found"]))
        }
    }

    /// `POST /request` (API-GUIDE-3 §3.6): with the owner's key the request is approved at once (status 2).
    /// The same movie again is 409; a series whose asked seasons are all requested already is 202 with
    /// "No seasons available to request" (a failure the service answers as an accepted).
    private func create(_ body: Data?) -> (Int32, Data) {
        guard let object = body.flatMap({ try? JSONSerialization.jsonObject(with: $0) }) as? [String: Any],
              let type = object["mediaType"] as? String, ["movie", "tv"].contains(type), let tmdb = object["mediaId"] as? Int else {
            return (400, Self.json(["message": "request/body must have required property 'mediaType' and 'mediaId'"]))
        }
        let is4k = object["is4k"] as? Bool ?? false
        let existing = requests.filter { ($0["media"] as? [String: Any])?["tmdbId"] as? Int == tmdb && ($0["is4k"] as? Bool ?? false) == is4k }
        var seasons: [Int] = []
        if type == "tv" {
            let taken = Set(existing.flatMap { ($0["seasons"] as? [[String: Any]] ?? []).compactMap { $0["seasonNumber"] as? Int } })
            if let asked = object["seasons"] as? [Int] { seasons = asked.filter { !taken.contains($0) } }
            else if object["seasons"] as? String == "all" { seasons = [1, 2, 3].filter { !taken.contains($0) } }
            else { return (400, Self.json(["message": "request/body/seasons must be array or equal to all"])) }
            if seasons.isEmpty { return (202, Self.json(["message": "No seasons available to request"])) }
        } else if !existing.isEmpty {
            return (409, Self.json(["message": "Request for this media already exists."]))
        }
        let owner: [String: Any] = ["id": 1, "displayName": "Fixture Owner", "email": "owner@fixture.invalid", "permissions": 2]
        let request = made(type: type, tmdb: tmdb, status: 2, by: owner, seasons: seasons, is4k: is4k, mediaStatus: 3)
        actions.append(["create", request["id"] as? Int ?? 0])
        return (201, Self.json(request))
    }

    /// `/__request_add?type=movie&tmdb=900005&user=Cleo%20Example`: someone else asks (pending).
    private func addPending(_ rawQuery: String?) -> (Int32, Data) {
        var query: [String: String] = [:]
        for pair in (rawQuery ?? "").split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            if kv.count == 2 { query[kv[0]] = kv[1] }
        }
        let user: [String: Any] = ["id": 9, "displayName": query["user"] ?? "Cleo Example", "email": "cleo@fixture.invalid", "permissions": 32]
        let request = made(type: query["type"] ?? "movie", tmdb: Int(query["tmdb"] ?? "") ?? 900005, status: 1, by: user,
                           seasons: (query["seasons"] ?? "").split(separator: ",").compactMap { Int($0) }, is4k: false, mediaStatus: 2)
        return (200, Self.json(request))
    }

    private func made(type: String, tmdb: Int, status: Int, by user: [String: Any], seasons: [Int], is4k: Bool, mediaStatus: Int) -> [String: Any] {
        clock += 1
        let id = (requests.compactMap { $0["id"] as? Int }.max() ?? 0) + 1
        let stamp = String(format: "2026-12-02T00:00:%02d.000Z", clock % 60)
        let request: [String: Any] = [
            "id": id, "status": status, "type": type, "is4k": is4k, "createdAt": stamp, "updatedAt": stamp, "requestedBy": user,
            "modifiedBy": status == 2 ? user : NSNull(),
            "seasons": seasons.enumerated().map { ["id": 100 + id * 10 + $0.offset, "seasonNumber": $0.element, "status": status] },
            "media": ["id": 200 + id, "tmdbId": tmdb, "status": mediaStatus, "status4k": 1, "createdAt": stamp, "updatedAt": stamp]]
        requests.insert(request, at: 0)
        return request
    }

    private func list(_ rawQuery: String?) -> (Int32, Data) {
        var query: [String: String] = [:]
        for pair in (rawQuery ?? "").split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
            let value = kv.count > 1 ? kv[1] : ""
            // The validator refuses reserved characters left unencoded in a value, `+` for a space included.
            if value.contains(where: { "+:'!(),;".contains($0) }) {
                return (400, Self.json(["message": "Parameter '\(kv[0])' must be url encoded. Its value may not contain reserved characters."]))
            }
            query[kv[0]] = value.removingPercentEncoding ?? value
        }
        let allowed: Set<String> = ["take", "skip", "filter", "sort", "sortDirection", "requestedBy"]
        if let unknown = query.keys.first(where: { !allowed.contains($0) }) {
            return (400, Self.json(["message": "Unknown query parameter '\(unknown)'"]))
        }
        let filters = ["all", "approved", "available", "pending", "processing", "unavailable", "failed"]
        if let filter = query["filter"], !filters.contains(filter) {
            return (400, Self.json(["message": "request/query/filter must be equal to one of the allowed values: \(filters.joined(separator: ", "))"]))
        }
        if let sort = query["sort"], !["added", "modified"].contains(sort) { return (400, Self.json(["message": "request/query/sort"])) }
        func media(_ request: [String: Any]) -> Int { (request["media"] as? [String: Any])?["status"] as? Int ?? 1 }
        let matching = requests.filter { request in
            let status = request["status"] as? Int ?? 0
            switch query["filter"] ?? "all" {
            case "pending": return status == 1
            case "approved": return status == 2
            case "processing": return status == 2 && media(request) < 5
            case "available": return status == 2 && media(request) == 5
            case "unavailable": return [1, 2].contains(status) && media(request) < 5
            case "failed": return status == 4
            default: return (1...4).contains(status)
            }
        }.sorted { a, b in
            query["sort"] == "modified" ? (a["updatedAt"] as? String ?? "") > (b["updatedAt"] as? String ?? "")
                : (a["id"] as? Int ?? 0) > (b["id"] as? Int ?? 0)
        }
        let take = max(1, Int(query["take"] ?? "") ?? 10), skip = max(0, Int(query["skip"] ?? "") ?? 0)
        let page = Array(matching.dropFirst(skip).prefix(take))
        return (200, Self.json(["pageInfo": ["pages": (matching.count + take - 1) / take, "pageSize": take, "results": matching.count,
                                             "page": skip / take + 1], "results": page]))
    }

    private var counts: [String: Int] {
        func count(_ status: Int) -> Int { requests.filter { $0["status"] as? Int == status }.count }
        func media(_ request: [String: Any]) -> Int { (request["media"] as? [String: Any])?["status"] as? Int ?? 1 }
        let movies = requests.filter { $0["type"] as? String == "movie" }.count
        return ["total": requests.count, "movie": movies, "tv": requests.count - movies, "pending": count(1), "approved": count(2),
                "declined": count(3), "processing": requests.filter { $0["status"] as? Int == 2 && media($0) < 5 }.count,
                "available": requests.filter { $0["status"] as? Int == 2 && media($0) == 5 }.count]
    }
}

/// Serves Jellyseerr (`JellyseerrState`) for one request.
func jellyseerr(_ message: OpaquePointer?, path: String) {
    let headers = soup_server_message_get_request_headers(message)
    let key = soup_message_headers_get_one(headers, "X-Api-Key").map { String(cString: $0) }
    let method = soup_server_message_get_method(message).map { String(cString: $0) } ?? "GET"
    if key == options.apiKey, answeredFault(message, state.faults[path]) { return }
    var raw: String?
    if let uri = soup_server_message_get_uri(message), let query = g_uri_get_query(uri) { raw = String(cString: query) }
    let (status, body) = state.jellyseerr.answer(method, path, rawQuery: raw, key: key, fault: state.faults[path],
                                                 body: requestBody(message), fixture: state.fixture)
    respond(message, status, "application/json", body)
}
