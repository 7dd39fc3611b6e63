import CGtk
import Core
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// The detail page's buttons over every group at once (Lidarr's albums): each names its groups —
/// the unmonitored albums in one monitor request, the monitored albums already out with tracks
/// missing in one AlbumSearch — and is off, saying why, when it would name none. Kinds whose group
/// commands take one group (Sonarr's seasons) have no such buttons.
final class EveryGroupTests: XCTestCase {
    private static let service = UUID(uuidString: "F1C7F1C7-0000-4000-8000-000000000008")!
    private static let now = Date(timeIntervalSince1970: 1_768_485_720)

    private static func album(_ id: Int, monitored: Bool, daysFromNow: Double, tracks: Int, onDisk: Int) -> ChildGroup {
        ChildGroup(key: id, ownID: ResourceID(serviceID: service, itemID: id), title: "Album \(id)",
                   date: now.addingTimeInterval(daysFromNow * 86_400), monitored: monitored,
                   children: (1...tracks).map { number in
                       Child(id: ResourceID(serviceID: service, itemID: id * 100 + number), item: ResourceID(serviceID: service, itemID: 7),
                             group: id, number: number, title: "Track \(number)", date: nil, hasFile: number <= onDisk, monitored: true)
                   })
    }

    private static let artist = Resource(id: ResourceID(serviceID: service, itemID: 7), kind: .artist, title: "Fixture Artist",
                                         sortTitle: "fixture artist", year: nil, status: .continuing, monitored: true, sizeOnDisk: 0,
                                         fileCount: 0, expectedFileCount: 0, hasFile: false, subtitle: nil, added: nil, images: [])

    @MainActor private static func section(_ presentation: LibraryPresentation, _ groups: [ChildGroup], sent: @escaping (LibraryRequest) -> Void) -> ChildrenSection {
        gtk_init()
        return ChildrenSection(presentation: presentation, item: Self.artist, groups: groups, now: Self.now,
                        current: { _ in nil }, isBusy: { false }, request: sent)
    }

    func testEachButtonNamesItsAlbumsInOneRequest() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            var sent: [LibraryRequest] = []
            let groups = [Self.album(11, monitored: true, daysFromNow: -400, tracks: 4, onDisk: 4),  // complete
                          Self.album(12, monitored: true, daysFromNow: -30, tracks: 4, onDisk: 2),   // missing tracks
                          Self.album(13, monitored: false, daysFromNow: -10, tracks: 3, onDisk: 0),  // unmonitored
                          Self.album(14, monitored: true, daysFromNow: 3, tracks: 5, onDisk: 0),     // not out yet
                          Self.album(15, monitored: false, daysFromNow: -900, tracks: 2, onDisk: 1), // unmonitored
                          Self.album(16, monitored: true, daysFromNow: -60, tracks: 3, onDisk: 0)]   // missing tracks
            let section = Self.section(.music, groups) { sent.append($0) }
            let monitor = try XCTUnwrap(section.monitorEveryGroup)
            let search = try XCTUnwrap(section.searchMissingGroups)
            XCTAssertTrue(monitor.sensitive)
            XCTAssertTrue(search.sensitive)
            // On screen, as on the detail page: a button's activation ends in "clicked" once its pressed
            // look has shown, and the loop runs until both came.
            let window = Window(), box = Box.vertical(spacing: 0)
            box.append(contentsOf: section.widgets)
            window.setChild(box)
            window.present()
            defer { window.destroy() }
            gtk_widget_activate(monitor.widget)
            gtk_widget_activate(search.widget)
            let guardUntil = Date().addingTimeInterval(30) // a hang guard, not a wait
            while sent.count < 2, Date() < guardUntil { g_main_context_iteration(nil, 1) }
            XCTAssertEqual(sent, [.monitorGroups(true, item: Self.artist, groups: [13, 15], name: "Album 13, Album 15"),
                                  .command(.searchGroups(item: 7, groups: [12, 16]), on: Self.artist)],
                           "one request naming both unmonitored albums; one search naming the monitored albums out already with tracks missing")
            XCTAssertEqual(section.commandButtons[.searchGroups(item: 7, groups: [12, 16])]?.widget, search.widget, "dimmed while its command runs")
        }
    }

    func testWithNothingToNameTheButtonsAreOffAndSayWhy() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            var sent: [LibraryRequest] = []
            let section = Self.section(.music, [Self.album(11, monitored: true, daysFromNow: -400, tracks: 4, onDisk: 4),
                                           Self.album(12, monitored: true, daysFromNow: 3, tracks: 4, onDisk: 0)]) { sent.append($0) }
            let monitor = try XCTUnwrap(section.monitorEveryGroup)
            let search = try XCTUnwrap(section.searchMissingGroups)
            XCTAssertFalse(monitor.sensitive)
            XCTAssertFalse(search.sensitive)
            XCTAssertEqual(monitor.tooltip, "Every album is monitored")
            XCTAssertEqual(search.tooltip, "Every monitored album has its tracks")
            XCTAssertEqual(sent, [])
        }
    }

    func testKindsWhoseGroupCommandsTakeOneGroupHaveNoSuchButtons() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            let seasons = [ChildGroup(key: 1, number: 1, monitored: false, children: []), ChildGroup(key: 2, number: 2, monitored: true, children: [])]
            gtk_init()
            let section = ChildrenSection(presentation: .series, item: Self.artist, groups: seasons, now: Self.now,
                                          current: { _ in nil }, isBusy: { false }, request: { _ in })
            XCTAssertNil(section.monitorEveryGroup)
            XCTAssertNil(section.searchMissingGroups)
        }
    }
}
