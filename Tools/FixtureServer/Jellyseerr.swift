import CSoup
import Foundation

/// Jellyseerr's `/api/v1` as API-GUIDE-3 §3 describes it, from `Fixtures/jellyseerr`: the anonymous
/// status and public settings; everything else only with the key in `X-Api-Key` (a missing or wrong one
/// is 403, as the service answers). The request list enforces the spec as the service's validator does —
/// an undeclared query parameter, a value outside its enum, or a reserved character left unencoded
/// (`+` included) is a 400 — and filters, sorts and pages the requests; approve and decline change a
/// request (404 for an unknown id), delete removes it (204). Faults: `csrf` refuses keyed writes as
/// the CSRF protection does, `503` answers 503. `GET /__state` reports every action received, in order.
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
    func answer(_ method: String, _ path: String, rawQuery: String?, key: String?, fault: String?,
                fixture: (String) -> Data?) -> (Int32, Data) {
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
    var raw: String?
    if let uri = soup_server_message_get_uri(message), let query = g_uri_get_query(uri) { raw = String(cString: query) }
    let (status, body) = state.jellyseerr.answer(method, path, rawQuery: raw, key: key, fault: state.faults[path], fixture: state.fixture)
    respond(message, status, "application/json", body)
}
