import Foundation

/// What the stack doctor reads and fixes on the fixture services (Documentation/Doctor.md):
/// Servarr's `config/downloadclient`, written whole by `PUT …/{id}` — refused unless it carries every
/// key of the resource with only `enableCompletedDownloadHandling` changed, as a client that rebuilt
/// it from a partial decode would not — and SABnzbd's categories (`get_config`, `set_config`).
/// `GET /__doctor` reports every write received.
final class DoctorState {
    var completedHandling: [String: Any]
    /// The bodies of the config PUTs received, as sent.
    var configPuts: [String] = []
    /// SABnzbd: category name → folder; `*` is its default.
    var sabCategories: [(String, String)] = [("*", ""), ("movies", "movies")]
    var sabSetConfig: [[String: String]] = []

    init(fixture: Data?) {
        completedHandling = fixture.flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] } ?? [:]
    }

    var configData: Data { (try? JSONSerialization.data(withJSONObject: completedHandling, options: [.sortedKeys])) ?? Data() }

    func putConfig(_ body: Data?) -> (Int32, Data) {
        configPuts.append(body.map { String(decoding: $0, as: UTF8.self) } ?? "")
        guard let body, let sent = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            return (400, Data(#"{"message":"fixture: the body is not a JSON object"}"#.utf8))
        }
        let missing = Set(completedHandling.keys).subtracting(sent.keys)
        guard missing.isEmpty else {
            return (400, Data(#"{"message":"fixture: the PUT dropped keys: \#(missing.sorted().joined(separator: ", "))"}"#.utf8))
        }
        for (key, value) in completedHandling where key != "enableCompletedDownloadHandling" {
            guard let other = sent[key], "\(other)" == "\(value)" else {
                return (400, Data(#"{"message":"fixture: the PUT changed \#(key)"}"#.utf8))
            }
        }
        completedHandling = sent
        return (202, configData)
    }

    func sabConfig(_ parameters: [String: String]) -> Data {
        let section = parameters["section"] ?? ""
        let value: Any = section == "misc"
            ? ["misc": ["complete_dir": "/data/fixture/complete"]]
            : ["categories": sabCategories.enumerated().map { ["name": $1.0, "order": $0, "pp": "", "script": "Default", "dir": $1.1, "priority": -100] }]
        return (try? JSONSerialization.data(withJSONObject: ["config": value])) ?? Data()
    }

    func sabSet(_ parameters: [String: String]) -> Data {
        sabSetConfig.append(parameters.filter { $0.key != "apikey" })
        guard parameters["section"] == "categories", let name = (parameters["keyword"] ?? parameters["name"])?.lowercased(), !name.isEmpty else {
            return Data(#"{"status": false, "error": "fixture: only categories"}"#.utf8)
        }
        if !sabCategories.contains(where: { $0.0 == name }) { sabCategories.append((name, parameters["dir"] ?? "")) }
        return (try? JSONSerialization.data(withJSONObject: ["config": ["categories": [["name": name, "dir": parameters["dir"] ?? ""]]]])) ?? Data()
    }

    var report: Data {
        let object: [String: Any] = ["configPuts": configPuts, "sabSetConfig": sabSetConfig,
                                     "sabCategories": sabCategories.map(\.0), "completedHandling": completedHandling]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }
}
