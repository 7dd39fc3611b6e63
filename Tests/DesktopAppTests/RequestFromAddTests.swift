import CGtk
import Core
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// Add Movie with a request manager configured, in the real window against the fixture server as
/// Radarr and as Jellyseerr (real libsoup): "Request" beside "Add" says, before anything is sent, who
/// the request is made as and that it is approved at once; one click is one request naming the movie
/// by its TMDB id, and the outcome is what the service answered; asking again is the service's 409, in
/// its words, and sends nothing more than that one request.
final class RequestFromAddTests: XCTestCase {
    func testRequestBesideAddIsOneRequestByTMDBIdSaidAsTheServiceAnswers() throws {
        try requireTestSession()
        let harness = try Harness()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-request-add-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let serverBinary = harness.binary.deletingLastPathComponent().appendingPathComponent("switchyard-fixture-server")
        let fixtures = harness.root.appendingPathComponent("Fixtures").path
        let radarr = try ServerProcess(serverBinary, ["--kind", "radarr", "--fixtures", fixtures, "--api-key", "fixture-radarr-add-key"])
        let jellyseerr = try ServerProcess(serverBinary, ["--kind", "jellyseerr", "--fixtures", fixtures, "--api-key", "fixture-jellyseerr-add-key"])
        defer { radarr.stop(); jellyseerr.stop() }
        let radarrPort = try XCTUnwrap(radarr.port), jellyseerrPort = try XCTUnwrap(jellyseerr.port)
        func actions() -> [String] {
            let (_, text) = (try? runTool("/usr/bin/python3", ["-c", "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode())",
                                                               "http://127.0.0.1:\(jellyseerrPort)/__state"])) ?? (1, "{}")
            let state = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
            return (state["actions"] as? [[Any]] ?? []).map { $0.map { "\($0)" }.joined(separator: " ") }
        }
        try MainActor.assumeIsolated {
            gtk_init()
            MainLoop.installDispatchBridge()
            let registry = ServiceRegistry(fileURL: folder.appendingPathComponent("config/services.json"))
            let secrets = InMemorySecretStore()
            let movies = ServiceConfig(kind: .radarr, displayName: "Fixture Radarr",
                                       localEndpoint: try Endpoint.parse("http://127.0.0.1:\(radarrPort)"), allowPlainHTTPOnLocal: true)
            let requests = ServiceConfig(kind: .jellyseerr, displayName: "Fixture Jellyseerr",
                                         localEndpoint: try Endpoint.parse("http://127.0.0.1:\(jellyseerrPort)"), allowPlainHTTPOnLocal: true)
            var stored = false
            Task {
                try? await secrets.write(Credential(apiKey: "fixture-radarr-add-key"), for: movies.credential, kind: .radarr)
                try? await secrets.write(Credential(apiKey: "fixture-jellyseerr-add-key"), for: requests.credential, kind: .jellyseerr)
                try? await registry.upsert(movies)
                try? await registry.upsert(requests)
                stored = true
            }
            XCTAssertTrue(iterate(until: { stored }))
            let rig = try AppWindowRig(id: "app.switchyard.Switchyard.RequestFromAddTests", registry: registry,
                                       transport: RetryingTransport(try SoupTransport()), secrets: secrets, cache: folder.appendingPathComponent("cache"))
            let model = rig.model, window = rig.window
            defer { rig.close() }
            XCTAssertTrue(window.availableTabs.contains(.requests), "a request manager shows the Requests tab")

            let adding = try XCTUnwrap(model.controller(AddToLibraryController.self))
            adding.open(.movie)
            XCTAssertTrue(iterate(until: { adding.dialog != nil && adding.requestPanel != nil }), "Request beside Add")
            let dialog = try XCTUnwrap(adding.dialog), panel = try XCTUnwrap(adding.requestPanel)
            var shown: Int?
            dialog.onResultsShown = { shown = $0 }
            dialog.search("fixture movie")
            XCTAssertTrue(iterate(until: { shown == 4 }))
            let index = try XCTUnwrap(dialog.results.firstIndex { $0.tmdbID == 900021 })
            dialog.pick(index)
            XCTAssertTrue(iterate(until: { panel.button.sensitive && panel.noteText.contains("Fixture Owner") }), panel.noteText)
            XCTAssertTrue(panel.noteText.contains("approves it at once"), "said before anything is sent: \(panel.noteText)")
            XCTAssertEqual(actions(), [], "nothing sent by picking")

            gtk_widget_activate(panel.button.widget)
            XCTAssertTrue(iterate(until: { panel.outcomeText != nil }))
            XCTAssertEqual(actions(), ["create 13"], "one request")
            XCTAssertEqual(panel.outcomeText, "Requested “Falcon Summit Meadow (fixture movie 21) (1954)” in Fixture Jellyseerr: approved · being downloaded.")

            // Asked again: the service's 409, in its words; that one request and nothing more.
            gtk_widget_activate(panel.button.widget)
            XCTAssertTrue(iterate(until: { panel.outcomeText?.hasPrefix("Not requested") == true }))
            XCTAssertEqual(panel.outcomeText, "Not requested: " + ErrorText.sentence(.serverMessage(status: 409, message: "Request for this media already exists.")))
            XCTAssertEqual(actions(), ["create 13"])

            // The Requests tab was read back: the new request is listed there.
            window.select(.requests)
            XCTAssertTrue(iterate(until: { window.requests.lists.first?.list.requests.contains { $0.tmdbID == 900021 } == true }))
            _ = (radarr, jellyseerr)
        }
    }
}
