import CGtk
import Core
@testable import DesktopApp
import XCTest

/// GIO's network monitor → the repository: a burst of changes becomes one
/// re-resolution, and the watcher lets go of its signal when stopped.
final class NetworkWatcherTests: XCTestCase {
    func testABurstOfChangesIsOneCallAndStopDisconnects() {
        MainActor.assumeIsolated {
            MainLoop.installDispatchBridge()
            var calls = 0
            let boxes = signalBoxesLive.load(ordering: .relaxed)
            let watcher = NetworkWatcher(settle: .milliseconds(50)) { calls += 1 }
            XCTAssertEqual(signalBoxesLive.load(ordering: .relaxed), boxes + 1)
            let first = runLoop { quit in
                for _ in 0..<3 { emitNetworkChanged() }
                g_timeout_add_full(G_PRIORITY_DEFAULT, 400, { data in
                    Unmanaged<QuitBox>.fromOpaque(data!).takeUnretainedValue().quit("settled")
                    return 0
                }, Unmanaged.passRetained(QuitBox(quit)).toOpaque(), { data in Unmanaged<QuitBox>.fromOpaque(data!).release() })
            }
            XCTAssertEqual(first, "settled")
            XCTAssertEqual(calls, 1, "three changes in a burst are one re-resolution")

            watcher.stop()
            XCTAssertEqual(signalBoxesLive.load(ordering: .relaxed), boxes, "the handler's box was released")
            emitNetworkChanged()
            XCTAssertEqual(calls, 1)
        }
    }

    func testAModelForwardsAChangeToTheRepository() throws {
        try MainActor.assumeIsolated {
            MainLoop.installDispatchBridge()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-net-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let model = AppModel(registry: ServiceRegistry(fileURL: folder.appendingPathComponent("services.json")),
                                 transport: StubTransport(routes: [:]), secrets: InMemorySecretStore(),
                                 cache: ServiceCache(root: folder.appendingPathComponent("cache")))
            model.watchNetwork(settle: .milliseconds(20))
            let result = runLoop { quit in
                emitNetworkChanged()
                g_timeout_add_full(G_PRIORITY_DEFAULT, 300, { data in
                    Unmanaged<QuitBox>.fromOpaque(data!).takeUnretainedValue().quit("waited")
                    return 0
                }, Unmanaged.passRetained(QuitBox(quit)).toOpaque(), { data in Unmanaged<QuitBox>.fromOpaque(data!).release() })
            }
            XCTAssertEqual(result, "waited")
            XCTAssertEqual(model.networkChanges, 1)
            model.stop()
        }
    }
}

private final class QuitBox {
    let quit: @MainActor (String) -> Void
    init(_ quit: @escaping @MainActor (String) -> Void) { self.quit = quit }
}

/// Emits "network-changed" on the default monitor, as GIO does when the network changes.
@MainActor
private func emitNetworkChanged() {
    let monitor = g_network_monitor_get_default()
    var values = [GValue(), GValue()]
    g_value_init(&values[0], g_network_monitor_get_type())
    g_value_set_object(&values[0], UnsafeMutableRawPointer(monitor))
    g_value_init(&values[1], sy_gtk_type_boolean())
    g_value_set_boolean(&values[1], 1)
    let signal = g_signal_lookup("network-changed", g_network_monitor_get_type())
    values.withUnsafeMutableBufferPointer { g_signal_emitv($0.baseAddress, signal, 0, nil) }
    for index in values.indices { g_value_unset(&values[index]) }
}

