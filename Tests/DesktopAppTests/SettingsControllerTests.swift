import CGtk
@testable import Core
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// Settings as a feature controller of the real app model: one dialog at a time (opening again
/// raises it), a service's form when a service is named, and a new dialog once the old one is gone.
final class SettingsControllerTests: XCTestCase {
    func testOneDialogAtATimeOnTheListOrOnAServicesForm() throws {
        try requireTestSession()
        let folder = try temporaryDirectory(self)
        defer { try? FileManager.default.removeItem(at: folder) }
        try MainActor.assumeIsolated {
            gtk_init()
            MainLoop.installDispatchBridge()
            let registry = ServiceRegistry(fileURL: folder.appendingPathComponent("config/services.json"))
            let config = ServiceConfig(kind: .sonarr, displayName: "Fixture Sonarr",
                                       remoteEndpoint: try Endpoint.parse("https://sonarr.fixture.invalid"))
            var stored = false
            Task { try? await registry.upsert(config); stored = true }
            XCTAssertTrue(iterate(until: { stored }))

            let application = Application(id: "app.switchyard.Switchyard.SettingsControllerTests", flags: G_APPLICATION_NON_UNIQUE)
            XCTAssertNotEqual(g_application_register(UnsafeMutableRawPointer(application.gtkApplication).assumingMemoryBound(to: GApplication.self),
                                                     nil, nil), 0)
            let model = AppModel(registry: registry, transport: StubTransport(routes: [:]), secrets: InMemorySecretStore(),
                                 cache: ServiceCache(root: folder.appendingPathComponent("cache")))
            let window = MainWindow(application: application, clock: .system, posters: model.posters)
            model.bind(window)
            defer {
                model.stop()
                window.toplevel.destroy()
            }
            let settings = try XCTUnwrap(model.controller(SettingsController.self), "registered with the model")

            settings.open(on: nil)
            let first = try XCTUnwrap(settings.dialog)
            XCTAssertTrue(iterate(until: { first.page == .services && first.services.map(\.id) == [config.id] }),
                          "the list of configured services")
            settings.open(on: config.id)
            XCTAssertTrue(settings.dialog === first, "a second open raises the dialog that is open")

            first.dialogWindow.destroy()
            XCTAssertNil(settings.dialog, "closing the dialog lets the controller forget it")

            settings.open(on: config.id)
            let second = try XCTUnwrap(settings.dialog)
            XCTAssertFalse(second === first)
            XCTAssertTrue(iterate(until: { second.page == .form }), "the named service's form")
            XCTAssertEqual(second.form?.draft.displayName, "Fixture Sonarr")
            second.dialogWindow.destroy()
        }
    }
}
