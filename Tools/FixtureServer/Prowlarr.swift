import CSoup
import Foundation

/// Prowlarr's `/api/v1` as API-GUIDE-3 §2 describes it, from `Fixtures/prowlarr`: indexers (only held-back
/// ones in `indexerstatus`), statistics, applications, health; the bulk editor (`ids` must name indexers:
/// none is refused), tests (the failing indexer fails), a search per indexer (the failing one answers
/// `200 []`, as Prowlarr does for most failures; `400` when every asked indexer is disabled) whose download
/// links carry the API key in their query as Prowlarr's proxy links do, and grabs (404 for a release no
/// search returned). `--indexers N` serves N synthetic indexers instead (benchmarks), each answering
/// `--results-per-indexer K` results. `GET /__state` reports grabs, bulk edits and searches.
final class ProwlarrState {
    var indexers: [[String: Any]]
    var failing: Set<Int>
    let template: [[String: Any]]
    let perIndexer: Int?
    let apiKey: String
    /// Release keys (`indexerId_guid`) searches returned: only those can be grabbed.
    var searched: Set<String> = []
    var grabs: [[String: Any]] = []
    var bulkEdits: [[String: Any]] = []
    var searches: [[String: String]] = []
    var tests: [Int] = []

    init(fixtures: (String) -> Data?, syntheticIndexers: Int?, perIndexer: Int?, apiKey: String) {
        func list(_ name: String) -> [[String: Any]] {
            fixtures(name).flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [[String: Any]] } ?? []
        }
        template = list("search.json")
        self.perIndexer = perIndexer
        self.apiKey = apiKey
        if let count = syntheticIndexers {
            let shape = list("indexer.json").first ?? [:]
            indexers = (1...max(1, count)).map { id in
                var indexer = shape
                indexer["id"] = id
                indexer["name"] = "Fixture Indexer \(id)"
                indexer["enable"] = true
                indexer["protocol"] = id % 2 == 0 ? "torrent" : "usenet"
                return indexer
            }
            failing = []
        } else {
            indexers = list("indexer.json")
            let statuses = list("indexerstatus.json")
            failing = Set(statuses.compactMap { $0["indexerId"] as? Int })
        }
    }

    func json(_ value: Any) -> Data { (try? JSONSerialization.data(withJSONObject: value)) ?? Data("[]".utf8) }

    var report: Data {
        json(["grabs": grabs, "bulkEdits": bulkEdits, "searches": searches, "tests": tests,
              "enabled": indexers.filter { $0["enable"] as? Bool == true }.compactMap { $0["id"] as? Int }])
    }

    func answer(_ method: String, _ path: String, query: [String: [String]], body: Data?, fixture: (String) -> Data?) -> (Int32, Data) {
        let notFound: (Int32, Data) = (404, Data(#"{"message":"NotFound"}"#.utf8))
        switch (method, path) {
        case ("GET", "/api/v1/system/status"): return (200, fixture("system-status.json")!)
        case ("GET", "/api/v1/indexer"): return (200, json(indexers))
        case ("GET", "/api/v1/indexerstatus"):
            guard perIndexer == nil else { return (200, Data("[]".utf8)) }
            return (200, fixture("indexerstatus.json")!)
        case ("GET", "/api/v1/indexerstats"):
            guard query["startDate"]?.first != nil else { return (400, Data(#"{"message":"fixture: stats without startDate cover all time"}"#.utf8)) }
            return (200, fixture("indexerstats.json")!)
        case ("GET", "/api/v1/applications"): return (200, fixture("applications.json")!)
        case ("GET", "/api/v1/health"): return (200, fixture("health.json")!)
        case ("GET", "/api/v1/search"): return search(query)
        case ("POST", "/api/v1/search"): return grab(body)
        case ("PUT", "/api/v1/indexer/bulk"): return bulk(body)
        case ("POST", "/api/v1/indexer/test"): return test(body)
        case ("POST", "/api/v1/indexer/testall"):
            let results = indexers.compactMap { $0["id"] as? Int }.map { id -> [String: Any] in
                let valid = !failing.contains(id)
                return ["id": id, "isValid": valid, "validationFailures": valid ? [] : [["propertyName": "", "errorMessage": "Unable to connect to indexer, check the log for more details", "severity": "error"]]]
            }
            return (results.allSatisfy { $0["isValid"] as? Bool == true } ? 200 : 400, json(results))
        default:
            if method == "GET", path.hasPrefix("/api/v1/indexer/"), let id = Int(path.dropFirst("/api/v1/indexer/".count)) {
                guard let indexer = indexers.first(where: { $0["id"] as? Int == id }) else { return notFound }
                return (200, json(indexer))
            }
            return notFound
        }
    }

    private func search(_ query: [String: [String]]) -> (Int32, Data) {
        let asked = (query["indexerIds"] ?? []).compactMap { Int($0) }
        searches.append(["query": query["query"]?.first ?? "", "type": query["type"]?.first ?? "",
                         "indexerIds": asked.map(String.init).joined(separator: ","), "limit": query["limit"]?.first ?? "",
                         "offset": query["offset"]?.first ?? ""])
        let enabled = indexers.filter { $0["enable"] as? Bool == true }.compactMap { $0["id"] as? Int }
        let chosen = asked.isEmpty ? enabled : asked.filter(enabled.contains)
        guard !chosen.isEmpty else { return (400, Data(#"{"message":"Search failed due to all selected indexers being unavailable"}"#.utf8)) }
        let limit = Int(query["limit"]?.first ?? "") ?? 100, offset = Int(query["offset"]?.first ?? "") ?? 0
        let words = (query["query"]?.first ?? "").lowercased().split(separator: " ").map(String.init)
        // Categories as Newznab files them: a result in 5040 (TV/HD) is in 5000 (TV) too.
        let wanted = Set((query["categories"] ?? []).compactMap { Int($0) })
        func inCategory(_ result: [String: Any]) -> Bool {
            guard !wanted.isEmpty else { return true }
            let ids = (result["categories"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            return ids.contains { wanted.contains($0) || wanted.contains($0 / 1000 * 1000) }
        }
        var results: [[String: Any]] = []
        for id in chosen where !failing.contains(id) { // the failing one: 200 with nothing, as Prowlarr answers most failures
            let own: [[String: Any]]
            if let perIndexer {
                let shape = template.first ?? [:]
                own = (0..<perIndexer).map { n in
                    var result = shape
                    result["guid"] = "https://indexer\(id).fixture.invalid/details/\(id)-\(n)"
                    result["indexerId"] = id
                    result["indexer"] = "Fixture Indexer \(id)"
                    result["title"] = "Fixture Release \(id).\(n) 1080p WEB"
                    result["size"] = 1_000_000_000 + id * 1_000_000 + n
                    result["publishDate"] = String(format: "2026-11-%02dT%02d:%02d:00Z", 1 + n % 28, id % 24, n % 60)
                    result["protocol"] = id % 2 == 0 ? "torrent" : "usenet"
                    return result
                }
            } else {
                own = template.filter { ($0["indexerId"] as? Int) == id }.filter { result in
                    let title = (result["title"] as? String ?? "").lowercased()
                    return words.allSatisfy { title.contains($0) } && inCategory(result)
                }
            }
            results += own.dropFirst(offset).prefix(limit)
        }
        results = results.map { result in
            var result = result
            for key in ["downloadUrl", "magnetUrl"] {
                if let link = result[key] as? String { result[key] = link.replacingOccurrences(of: "{APIKEY}", with: apiKey) }
            }
            if let id = result["indexerId"] as? Int, let guid = result["guid"] as? String { searched.insert("\(id)_\(guid)") }
            return result
        }
        return (200, json(results))
    }

    private func object(_ body: Data?) -> [String: Any]? {
        body.flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }
    }

    private func grab(_ body: Data?) -> (Int32, Data) {
        guard let object = object(body), let guid = object["guid"] as? String, let id = object["indexerId"] as? Int else {
            return (400, Data(#"[{"propertyName":"Guid","errorMessage":"'Guid' must not be empty.","severity":"error"}]"#.utf8))
        }
        guard searched.contains("\(id)_\(guid)") else {
            return (404, Data(#"{"message":"Couldn't find requested release in cache, try searching again"}"#.utf8))
        }
        grabs.append(object)
        return (200, body ?? Data())
    }

    private func bulk(_ body: Data?) -> (Int32, Data) {
        guard let object = object(body), let ids = object["ids"] as? [Int], !ids.isEmpty else {
            // Prowlarr would apply an empty list to nothing; the fixture refuses it so a test sees it was sent.
            return (400, Data(#"{"message":"fixture: bulk edit without ids"}"#.utf8))
        }
        bulkEdits.append(object)
        var changed: [[String: Any]] = []
        for index in indexers.indices where ids.contains(indexers[index]["id"] as? Int ?? -1) {
            if let enable = object["enable"] as? Bool { indexers[index]["enable"] = enable }
            changed.append(indexers[index])
        }
        return (202, json(changed))
    }

    private func test(_ body: Data?) -> (Int32, Data) {
        guard let object = object(body), let id = object["id"] as? Int, object["fields"] is [Any], object["implementation"] is String else {
            return (400, Data(#"[{"propertyName":"","errorMessage":"fixture: the test body is not a whole indexer","severity":"error"}]"#.utf8))
        }
        tests.append(id)
        guard !failing.contains(id) else {
            return (400, Data(#"[{"propertyName":"","errorMessage":"Unable to connect to indexer, check the log for more details","severity":"error"}]"#.utf8))
        }
        return (200, Data())
    }
}
