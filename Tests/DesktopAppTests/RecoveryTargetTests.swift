import CGtk
import Core
@testable import DesktopApp
import SwitchyardTestSupport
import XCTest

/// Recovery buttons that concern one service open Settings on that service:
/// their action is app.edit-service with the service's id as target.
final class RecoveryTargetTests: XCTestCase {
    @MainActor
    private static func buttons(in widget: Widget) -> [(action: String, target: String?)] {
        var found: [(String, String?)] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if g_type_check_instance_is_a(UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self),
                                          gtk_button_get_type()) != 0,
               let name = gtk_actionable_get_action_name(OpaquePointer(current)) {
                let target = gtk_actionable_get_action_target_value(OpaquePointer(current)).flatMap { value -> String? in
                    g_variant_is_of_type(value, sy_variant_type_string()) != 0 ? String(cString: g_variant_get_string(value, nil)) : nil
                }
                found.append((String(cString: name), target))
            }
            found += Self.buttons(in: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    func testOverviewRecoveryButtonsNameTheirService() throws {
        try requireTestSession()
        MainActor.assumeIsolated {
            gtk_init()
            let page = OverviewPage(clock: .inspection)
            page.render(.content(InspectionData.overview(partial: true), refreshedAt: InspectionData.now))
            let found = Self.buttons(in: page.page.widget)
            let qbt = InspectionData.qbittorrent.id.uuidString.lowercased()
            let transmission = InspectionData.transmission.id.uuidString.lowercased()
            XCTAssertTrue(found.contains { $0.action == "app.edit-service" && $0.target == qbt },
                          "Update Credentials for qBittorrent does not open its settings: \(found)")
            XCTAssertTrue(found.contains { $0.action == "app.edit-service" && $0.target == transmission },
                          "Enable in Settings for Transmission does not open its settings: \(found)")
            XCTAssertTrue(found.contains { $0.action == "win.refresh" && $0.target == nil }, "Retry stays a refresh")
            XCTAssertFalse(found.contains { $0.action == "app.preferences" }, "a per-service button opens the plain list")
        }
    }

    func testAFailureRowOpensItsServiceAndAWholePageStateTheList() throws {
        try requireTestSession()
        MainActor.assumeIsolated {
            gtk_init()
            let page = FeaturePage(tab: .series, content: gtk_label_new("content"), clock: .inspection)
            let failure = ServiceFailure(service: InspectionData.sonarr4K, error: .unauthorized)
            page.show(.content, failures: [failure])
            XCTAssertTrue(Self.buttons(in: page.widget).contains {
                $0.action == "app.edit-service" && $0.target == InspectionData.sonarr4K.id.uuidString.lowercased()
            })
            page.show(.unauthorized, failures: [])
            XCTAssertTrue(Self.buttons(in: page.widget).contains { $0.action == "app.preferences" },
                          "with no one service named, the button opens the list")
        }
    }
}
