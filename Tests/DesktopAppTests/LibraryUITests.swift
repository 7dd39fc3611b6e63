import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Library and queue actions end to end, as a user drives them: the real window under Xvfb, real
/// clicks and keys (Tools/library-ui-check.py over AT-SPI and xdotool), the session's real keyring,
/// and the project's Sonarr and Radarr fixture servers, whose state each step is checked against.
final class LibraryUITests: XCTestCase {
    func testUnmonitorASeasonSearchAnEpisodeAddASeriesRemoveWithBlocklistDeleteAMovieKeepingFiles() throws {
        let harness = try Harness()
        try requireTestSession()
        let key = "fixture-library-ui-key"
        let server = harness.binary.deletingLastPathComponent().appendingPathComponent("switchyard-fixture-server")
        let fixtures = harness.root.appendingPathComponent("Fixtures").path
        let sonarr = try ServerProcess(server, ["--kind", "sonarr", "--fixtures", fixtures, "--api-key", key])
        defer { sonarr.stop() }
        let radarr = try ServerProcess(server, ["--kind", "radarr", "--fixtures", fixtures, "--api-key", key])
        defer { radarr.stop() }
        let sonarrPort = try XCTUnwrap(sonarr.port), radarrPort = try XCTUnwrap(radarr.port)

        // A fresh profile: both services in its registry, their keys in the session's keyring (WalkThrough).
        let services = try [("Fixture Sonarr", ServiceKind.sonarr, sonarrPort), ("Fixture Radarr", .radarr, radarrPort)].map { name, kind, port in
            (config: ServiceConfig(kind: kind, displayName: name, localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"),
                                   allowPlainHTTPOnLocal: true), credential: Credential(apiKey: key))
        }
        let series = try Self.title(harness, "sonarr/series.json", id: 1)
        let movie = try Self.title(harness, "radarr/movie.json", id: 4)
        let queue = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: harness.root.appendingPathComponent(
            "Fixtures/sonarr/queue-details.json"))) as? [[String: Any]])
        let download = try XCTUnwrap(queue.first { $0["id"] as? Int == 1_000_001 }?["title"] as? String)
        let lookup = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: harness.root.appendingPathComponent(
            "Fixtures/sonarr/series-lookup.json"))) as? [[String: Any]])
        let newSeries = try XCTUnwrap(lookup.first { $0["tvdbId"] as? Int == 800_021 }?["title"] as? String)
        let walk = try WalkThrough("Tools/library-ui-check.py", services: services, driverEnvironment: [
            "SY_SONARR": String(sonarrPort), "SY_RADARR": String(radarrPort), "SY_KEY": key, "SY_SERIES": series, "SY_MOVIE": movie,
            "SY_QUEUE_TITLE": download, "SY_NEW_TITLE": newSeries, "SY_NEW_TERM": "fixture series 21"])
        let seen = walk.seen, log = walk.log

        XCTAssertEqual(seen["seasonBefore"] as? Bool, true)
        XCTAssertEqual(seen["seasonTwoInSonarr"] as? [Bool], [false, false], "Season 2's episodes are unmonitored in Sonarr")
        XCTAssertEqual(seen["commandWords"] as? String, "Episode search completed: Search completed. 0 reports downloaded.")
        let commands = seen["commandsInSonarr"] as? [[Any]]
        XCTAssertEqual(commands?.count, 1, "one command sent")
        XCTAssertEqual(commands?.first?[0] as? String, "EpisodeSearch")
        XCTAssertEqual(commands?.first?[1] as? [Int], [1003])
        XCTAssertEqual(commands?.first?[2] as? String, "completed")
        XCTAssertEqual(seen["wholeLibraryCommands"] as? Int, 0)
        let addedSeries = seen["addedSeries"] as? [String: Any]
        XCTAssertEqual(addedSeries?["tvdbId"] as? Int, 800_021)
        XCTAssertEqual(addedSeries?["monitor"] as? String, "future", "added with Future episodes")
        XCTAssertEqual(addedSeries?["monitored"] as? Bool, true)
        XCTAssertEqual(addedSeries?["seasonFolder"] as? Bool, true)
        XCTAssertEqual(seen["newSeriesListed"] as? Bool, true)
        XCTAssertEqual(seen["removalChoices"] as? [String], ["Keep it in the client", "Remove it from the client and delete its files",
                                                             "Do not blocklist", "Blocklist and search for another", "Blocklist only"],
                       "no change-category choice for a usenet client")
        XCTAssertEqual(seen["removedBeforeConfirming"] as? Bool, false)
        XCTAssertEqual(seen["blocklisted"] as? [String], [download])
        XCTAssertEqual(seen["removal"] as? [String: Bool], ["removeFromClient": false, "blocklist": true, "skipRedownload": true,
                                                            "changeCategory": false])
        XCTAssertEqual(seen["deleteOptions"] as? [String: Bool], ["Also delete its files": false, "Prevent re-adding by import lists": false])
        XCTAssertEqual(seen["deleteFocus"] as? String, "Cancel")
        let deleted = seen["deleted"] as? [[String: Any]]
        XCTAssertEqual(deleted?.count, 1)
        XCTAssertEqual(deleted?.first?["id"] as? Int, 4)
        XCTAssertEqual(deleted?.first?["deleteFiles"] as? Bool, false, "the files were kept")
        XCTAssertEqual(deleted?.first?["importListExclusion"] as? Bool, false)
        XCTAssertEqual(seen["movieGoneFromList"] as? Bool, true)
        let warnings = log.split(separator: "\n").filter { $0.contains("-CRITICAL") || $0.contains("-WARNING") }
        XCTAssertEqual(warnings, [], "GTK warnings while acting")
    }

    private static func title(_ harness: Harness, _ path: String, id: Int) throws -> String {
        let items = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: harness.root.appendingPathComponent("Fixtures/\(path)")))
            as? [[String: Any]])
        return try XCTUnwrap(items.first { $0["id"] as? Int == id }?["title"] as? String)
    }
}
