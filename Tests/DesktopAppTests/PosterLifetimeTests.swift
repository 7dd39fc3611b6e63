import CGtk
import Core
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// Posters arrive after the page that asked for them may be gone. The loader refers to each
/// picture by a weak reference and cancels a finalized picture's load, so a late poster never
/// touches a freed widget (it kept a bare address before: a use-after-free while the allocator
/// happened not to reuse it).
final class PosterLifetimeTests: XCTestCase {
    func testPostersArrivingAfterTheDetailPageWentAwayTouchNoFreedWidget() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            gtk_init()
            MainLoop.installDispatchBridge() // main-actor work (the loads' endings) runs inside the GLib loop
            let gate = Gate()
            let image = try Self.png()
            let loader = PosterLoader(fetch: { _, _ throws(ServiceError) in
                await gate.wait()
                return image
            }, cache: nil)
            var finalized: Set<UInt> = []
            var touched: [UInt] = []
            loader.willSet = { picture in touched.append(UInt(bitPattern: picture)) }

            // A detail page shows one item, then another (its first picture is removed), then goes away.
            let detail = DetailView(presentation: .movies, clock: .inspection, posters: loader)
            g_object_ref_sink(UnsafeMutableRawPointer(detail.widget.widget))
            var pictures: [UInt] = []
            for number in 1...2 {
                detail.render(.detail(Self.detail(number)), title: "Fixture \(number)")
                let picture = try XCTUnwrap(Self.firstPicture(in: detail.widget.widget))
                pictures.append(UInt(bitPattern: picture))
                onFinalize(picture) { finalized.insert(UInt(bitPattern: picture)) }
            }
            XCTAssertEqual(loader.started, 2)
            g_object_unref(UnsafeMutableRawPointer(detail.widget.widget)) // the user left the page
            XCTAssertEqual(finalized, Set(pictures), "both pictures were finalized while their posters were loading")
            XCTAssertEqual(loader.inFlight, 0, "a finalized picture's load is cancelled")

            // One picture that stays: its poster must still arrive.
            let window = gtk_window_new()!
            defer { gtk_window_destroy(cast(window)) }
            let live = gtk_picture_new()!
            gtk_window_set_child(cast(window), live)
            loader.show(Self.detail(3).resource, in: Picture(unchecked: live), width: 40, height: 60)

            Task { await gate.open() } // the posters arrive now
            XCTAssertTrue(iterate(until: { loader.inFlight == 0 }), "the loads never ended")
            // Only the live picture was touched: not the freed ones, and not a new widget that the
            // allocator may have put at a freed one's address (a bare address cannot tell them apart).
            XCTAssertEqual(touched, [UInt(bitPattern: live)], "a poster was set on a widget that did not ask for it")
            XCTAssertEqual(loader.landed, 1, "the live picture got its poster")
            XCTAssertNotNil(gtk_picture_get_paintable(cast(live)))
        }
    }

    /// A fast scroll binds and unbinds rows by the thousand. Posters are fetched a few at a time, the row
    /// asked for last first, and a row that scrolled away while waiting never reaches the service.
    func testAFastScrollFetchesOnlyTheRowsStillShownAFewAtATimeNewestFirst() throws {
        try requireTestSession()
        try MainActor.assumeIsolated {
            gtk_init()
            MainLoop.installDispatchBridge()
            let image = try Self.png()
            let pictures = (1...40).map { _ in Picture(unchecked: g_object_ref_sink(gtk_picture_new()).assumingMemoryBound(to: GtkWidget.self)) }
            defer { for picture in pictures { g_object_unref(UnsafeMutableRawPointer(picture.widget)) } }

            // Rows 1…40 are bound in turn; rows 5…34 scroll away before their posters' turn.
            @MainActor func scroll(turns: Int) throws -> (order: [Int], most: Int, loader: PosterLoader) {
                let gate = Gate()
                let service = FetchLog()
                let loader = PosterLoader(fetch: { resource, _ throws(ServiceError) in
                    await service.begin(resource.id.itemID)
                    await gate.wait()
                    service.end()
                    return image
                }, cache: nil, maxFetches: turns)
                for (index, picture) in pictures.enumerated() {
                    loader.show(Self.detail(index + 1).resource, in: picture, width: 40, height: 60)
                }
                let started = loader.started
                XCTAssertEqual(started, 40)
                XCTAssertTrue(iterate(until: { service.snapshot.0.count == turns }), "the first \(turns) did not start")
                for picture in pictures[4..<34] { loader.cancel(picture) }
                Task { await gate.open() }
                XCTAssertTrue(iterate(until: { loader.inFlight == 0 }), "the loads never ended")
                let (order, most) = service.snapshot
                return (order, most, loader)
            }

            // One at a time: the order is exact.
            let one = try scroll(turns: 1)
            XCTAssertEqual(one.order, [1, 40, 39, 38, 37, 36, 35, 4, 3, 2],
                           "rows that scrolled away were fetched, or the row asked for last did not go first")
            XCTAssertEqual(one.loader.landed, 10)

            // Four at a time: never more, and only the rows still shown.
            let four = try scroll(turns: 4)
            XCTAssertEqual(Set(four.order), Set(Array(1...4) + Array(35...40)), "only rows still shown are fetched")
            XCTAssertEqual(four.order.count, 10, "a poster was fetched twice")
            XCTAssertEqual(four.most, 4, "the fetches did not run four at once, or ran more")
            XCTAssertEqual(four.loader.mostFetchesAtOnce, 4)
            XCTAssertEqual(four.loader.landed, 10)
        }
    }

    private static func detail(_ number: Int) -> ResourceDetail {
        let poster = MediaImage(kind: .poster, remoteURL: URL(string: "https://images.fixture.invalid/\(number).jpg"), localPath: nil)
        let resource = Resource(id: ResourceID(serviceID: UUID(uuidString: "F1C7F1C7-0000-4000-8000-00000000D00D")!, itemID: number),
                                kind: .movie, title: "Fixture \(number)", sortTitle: "fixture \(number)", year: 2026,
                                status: .init("released"), monitored: true, sizeOnDisk: 0, fileCount: 0, expectedFileCount: 1,
                                hasFile: false, subtitle: nil, added: nil, images: [poster])
        return ResourceDetail(resource: resource, groups: [], history: [], queue: [])
    }

    /// The first GtkPicture under `widget`, depth first.
    private static func firstPicture(in widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        if g_type_check_instance_is_a(cast(widget), gtk_picture_get_type()) != 0 { return widget }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if let found = firstPicture(in: current) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// A small PNG, made with GdkPixbuf.
    private static func png() throws -> Data {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 8, 12)!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0x3366_99ff)
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "png", nil, nil, &error) != 0, let buffer else {
            defer { g_clear_error(&error) }
            throw PNGError.notWritten(error.map { String(cString: $0.pointee.message) } ?? "no error given")
        }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }
}

private enum PNGError: Error { case notWritten(String) }

/// What the fake service saw: the items fetched, in order, and the most fetches running at once.
private final class FetchLog: @unchecked Sendable {
    private let lock = NSLock()
    private var order: [Int] = []
    private var running = 0
    private var most = 0

    func begin(_ item: Int) async {
        lock.withLock {
            order.append(item)
            running += 1
            most = max(most, running)
        }
    }

    func end() { lock.withLock { running -= 1 } }

    var snapshot: ([Int], Int) { lock.withLock { (order, most) } }
}
