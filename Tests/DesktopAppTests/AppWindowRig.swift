import CGtk
import Core
@testable import DesktopApp
import Foundation
import XCTest

/// The real window over an `AppModel` for tests that drive the app as a user does: a registered
/// application, the model on `transport` and `secrets`, the window bound and presented, the first
/// reading of the configuration awaited. `close()` stops the model and destroys the window.
@MainActor
final class AppWindowRig {
    let application: Application
    let model: AppModel
    let window: MainWindow

    init(id: String, registry: ServiceRegistry, transport: any HTTPTransport, secrets: any SecretStore, cache: URL,
         scheduler: RefreshScheduler = RefreshScheduler()) throws {
        application = Application(id: id, flags: G_APPLICATION_NON_UNIQUE)
        XCTAssertNotEqual(g_application_register(UnsafeMutableRawPointer(application.gtkApplication).assumingMemoryBound(to: GApplication.self),
                                                 nil, nil), 0)
        model = AppModel(registry: registry, transport: transport, secrets: secrets, cache: ServiceCache(root: cache), scheduler: scheduler)
        window = MainWindow(application: application, clock: .system, posters: model.posters)
        model.bind(window)
        window.toplevel.present()
        var loaded = false
        Task { [model] in
            await model.context.firstLoad?.value
            loaded = true
        }
        XCTAssertTrue(iterate(until: { loaded }), "the configuration read")
    }

    func close() {
        model.stop()
        window.toplevel.destroy()
    }
}
