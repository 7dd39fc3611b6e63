import CGtk
import Core
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// The stack doctor from the window: the Overview's button opens the doctor's window, which reads the
/// fixture Sonarr's settings (real libsoup) and lists what is wrong — errors first — and writes nothing.
final class DoctorUITests: XCTestCase {
    private static let key = "fixture-doctor-ui-key"

    /// A fixture Sonarr (its files overlaid from `folder` when asked) and the app's window over a registry
    /// naming it, for `body` on the main actor; everything is stopped and removed afterwards.
    private func withDoctorWindow(_ id: String, overlay: Data? = nil,
                                  _ body: @MainActor (AppWindowRig, ServiceConfig, _ port: Int) throws -> Void) throws {
        try requireTestSession()
        let harness = try Harness()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var arguments = ["--kind", "sonarr", "--fixtures", harness.root.appendingPathComponent("Fixtures").path, "--api-key", Self.key]
        if let overlay {
            try overlay.write(to: folder.appendingPathComponent("config-downloadclient.json"))
            arguments += ["--overlay", folder.path]
        }
        let server = try ServerProcess(harness.binary.deletingLastPathComponent().appendingPathComponent("switchyard-fixture-server"), arguments)
        let port = try XCTUnwrap(server.port)
        try MainActor.assumeIsolated {
            gtk_init()
            MainLoop.installDispatchBridge()
            let registry = ServiceRegistry(fileURL: folder.appendingPathComponent("config/services.json"))
            let secrets = InMemorySecretStore()
            let config = ServiceConfig(kind: .sonarr, displayName: "Fixture Sonarr",
                                       localEndpoint: try Endpoint.parse("http://127.0.0.1:\(port)"), allowPlainHTTPOnLocal: true)
            var stored = false
            Task {
                try? await secrets.write(Credential(apiKey: Self.key), for: config.credential, kind: .sonarr)
                try? await registry.upsert(config)
                stored = true
            }
            XCTAssertTrue(iterate(until: { stored }))
            let rig = try AppWindowRig(id: id, registry: registry, transport: RetryingTransport(try SoupTransport()), secrets: secrets,
                                       cache: folder.appendingPathComponent("cache"))
            defer { rig.close() }
            try body(rig, config, port)
        }
        _ = server
    }

    func testTheOverviewButtonOpensTheDoctorWithTheFindings() throws {
        try withDoctorWindow("app.switchyard.Switchyard.DoctorUITests") { rig, _, port in
            rig.window.select(.overview)
            let page = rig.window.overview
            let doctor = try XCTUnwrap(rig.model.controller(DoctorController.self))
            page.onDoctor?()
            let shown = try XCTUnwrap(doctor.shown, "the doctor's window opened")
            XCTAssertTrue(iterate(until: { !shown.summaries.isEmpty }), "findings listed")
            XCTAssertEqual(shown.summaries.first, "Fixture Sonarr's root folder /mnt/fixture-offline/tv is missing or not accessible.", "errors first")
            XCTAssertTrue(shown.summaries.contains { $0.contains("which is none of the services set up here") }, "\(shown.summaries)")
            let (_, text) = try runTool("/usr/bin/python3", ["-c", "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode())",
                                                             "http://127.0.0.1:\(port)/__requests"])
            let requests = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Int] ?? [:]
            XCTAssertEqual(requests["/api/v3/config/downloadclient"], 1)
            XCTAssertEqual(requests["/api/v3/remotepathmapping"], 1)
            let state = try runTool("/usr/bin/python3", ["-c", "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode())",
                                                         "http://127.0.0.1:\(port)/__state"]).1
            XCTAssertTrue(state.contains("\"commands\":[]") || state.contains("\"commands\" : []"), "nothing was written: \(state.prefix(300))")
        }
    }

    /// A read that fails is a row above the findings — "Could not read … of Fixture Sonarr: …" with Retry — never
    /// "no problems"; its Retry reads everything again, and once the service answers the row is gone.
    func testAReadThatFailsIsARowWithRetryAndRetryReadsItAgain() throws {
        try withDoctorWindow("app.switchyard.Switchyard.DoctorUnreadTests") { rig, _, port in
            func control(_ path: String) throws {
                _ = try runTool("/usr/bin/python3", ["-c", "import sys, urllib.request; urllib.request.urlopen(sys.argv[1]).read()",
                                                     "http://127.0.0.1:\(port)\(path)"])
            }
            try control("/__fault?path=/api/v3/remotepathmapping&mode=404")
            try control("/__fault?path=/api/v3/downloadclient&mode=500")
            rig.window.select(.overview)
            let doctor = try XCTUnwrap(rig.model.controller(DoctorController.self))
            rig.window.overview.onDoctor?()
            let shown = try XCTUnwrap(doctor.shown)
            XCTAssertTrue(iterate(until: { !shown.unreadLines.isEmpty }), "the unread reads are listed")
            XCTAssertEqual(shown.unreadLines, [
                "Could not read the download clients of Fixture Sonarr: The service reported an internal error (HTTP 500).",
                "Could not read the remote path mappings of Fixture Sonarr: The service refused the request: NotFound"])
            XCTAssertTrue(shown.statusText.hasPrefix("Read in full: 0 of 1 orchestrators, 0 of 0 download clients."), shown.statusText)
            XCTAssertFalse(shown.statusText.contains("No problems found between your services"), shown.statusText)
            XCTAssertTrue(shown.summaries.contains { $0.contains("root folder") }, "what could be read is still checked: \(shown.summaries)")
            XCTAssertEqual(shown.retryButtons.map(\.0.name), ["Fixture Sonarr", "Fixture Sonarr"])
            try control("/__fault?path=/api/v3/remotepathmapping&mode=none")
            try control("/__fault?path=/api/v3/downloadclient&mode=none")
            gtk_widget_activate(shown.retryButtons[0].1.widget)
            XCTAssertTrue(iterate(until: { shown.unreadLines.isEmpty && shown.statusText.hasPrefix("1 orchestrators") }), shown.statusText)
            XCTAssertTrue(shown.summaries.contains { $0.contains("none of the services set up here") }, "the client list read again: \(shown.summaries)")
        }
    }

    /// A fix from the window: its button asks first, showing the exact request (Cancel sends nothing);
    /// confirmed, it is sent once, read back, and the finding is gone from the next check.
    func testAFixIsConfirmedWithItsRequestSentOnceAndReadBack() throws {
        let overlay = Data(#"{"id":1,"enableCompletedDownloadHandling":false,"autoRedownloadFailed":true,"downloadClientWorkingFolders":"_UNPACK_|_FAILED_"}"#.utf8)
        try withDoctorWindow("app.switchyard.Switchyard.DoctorFixTests", overlay: overlay) { rig, config, port in
            func doctorState() throws -> [String: Any] {
                let text = try runTool("/usr/bin/python3", ["-c", "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode())",
                                                            "http://127.0.0.1:\(port)/__doctor"]).1
                return (try JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
            }
            let doctor = try XCTUnwrap(rig.model.controller(DoctorController.self))
            doctor.open()
            let shown = try XCTUnwrap(doctor.shown)
            XCTAssertTrue(iterate(until: { !shown.fixButtons.isEmpty }), "the fix is offered: \(shown.summaries)")
            XCTAssertEqual(shown.fixButtons.map(\.0), [DoctorFix(.enableCompletedHandling, on: ServiceRef(config))])
            XCTAssertEqual(DoctorWords.fixButton(shown.fixButtons[0].0), "Turn On in Fixture Sonarr…")

            gtk_widget_activate(shown.fixButtons[0].1.widget)
            XCTAssertTrue(iterate(until: { doctor.confirmation != nil }), "it asks first")
            doctor.confirmation?.answer(confirmed: false)
            XCTAssertTrue(iterate(until: { shown.statusText == "Nothing was changed." }), shown.statusText)
            XCTAssertEqual((try doctorState()["configPuts"] as? [String])?.count, 0, "Cancel sends nothing")

            gtk_widget_activate(shown.fixButtons[0].1.widget)
            XCTAssertTrue(iterate(until: { doctor.confirmation != nil }))
            doctor.confirmation?.answer(confirmed: true)
            XCTAssertTrue(iterate(until: { shown.statusText.hasPrefix("Done:") }), shown.statusText)
            XCTAssertTrue(shown.statusText.contains("enableCompletedDownloadHandling: true"), shown.statusText)
            XCTAssertFalse(shown.summaries.contains { $0.contains("completed download handling is off") }, "\(shown.summaries)")
            let puts = try doctorState()["configPuts"] as? [String] ?? []
            XCTAssertEqual(puts.count, 1, "sent once")
            XCTAssertTrue(puts.first?.contains(#""downloadClientWorkingFolders":"_UNPACK_|_FAILED_""#) ?? false, "the whole resource: \(puts)")
        }
    }
}
