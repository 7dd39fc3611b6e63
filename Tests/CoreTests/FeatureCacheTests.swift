@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

final class FeatureCacheTests: XCTestCase {
    private let service = UUID(uuidString: "F1C7F1C7-0000-4000-8000-0000000000E1")!
    private let refreshed = Date(timeIntervalSince1970: 1_768_485_720)

    private func library() throws -> [Resource] {
        try Radarr.decodeMovies(try fixture("radarr/movie.json"), serviceID: service)
    }

    func testCachedContentSurvivesARestartWithItsOriginalRefreshTimeAndShowsAsStale() async throws {
        let root = try temporaryDirectory(self)
        let movies = try library()
        try await ServiceCache(root: root).storeFeature(movies, feature: "library", serviceID: service, refreshedAt: refreshed)

        let restarted = ServiceCache(root: root) // a new process reading the same folder
        let loaded = await restarted.loadFeature([Resource].self, feature: "library", serviceID: service,
                                                 now: refreshed.addingTimeInterval(600), maxAge: CacheAge.library)
        let cached = try XCTUnwrap(loaded)
        XCTAssertEqual(cached.value, movies, "domain values round-trip, unknown statuses included")
        XCTAssertEqual(cached.refreshedAt, refreshed)
        XCTAssertFalse(cached.isExpired)
        XCTAssertEqual(cached.state(), .stale(movies, refreshedAt: refreshed, recovery: .retry), "cache is never shown as fresh")
    }

    /// A write that fails keeps the system's own reason (it was CocoaError.fileWriteUnknown).
    func testAFailedWriteSaysWhy() async throws {
        let root = try temporaryDirectory(self)
        let cache = ServiceCache(root: root)
        let blocking = await cache.directory(for: service).appendingPathComponent("library.json/occupied")
        try FileManager.default.createDirectory(at: blocking, withIntermediateDirectories: true) // a folder where the file goes
        do {
            try await cache.storeFeature(try library(), feature: "library", serviceID: service, refreshedAt: refreshed)
            XCTFail("wrote over a folder")
        } catch let error as RegistryError {
            guard case .writeFailed(let reason) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.hasPrefix("rename failed: "), reason)
            XCTAssertTrue(reason.contains("directory"), "the errno text is kept: \(reason)")
        }
    }

    func testExpiryIsHonoured() async throws {
        let cache = ServiceCache(root: try temporaryDirectory(self))
        let queue = [TransferItem(serviceID: service, joinKey: "fixture", name: "Fixture", state: .downloading,
                                  rawState: "downloading", progress: 0.5, sizeBytes: 10, remainingBytes: 5)]
        try await cache.storeFeature(queue, feature: "transfers", serviceID: service, refreshedAt: refreshed)
        let fresh = await cache.loadFeature([TransferItem].self, feature: "transfers", serviceID: service,
                                            now: refreshed.addingTimeInterval(CacheAge.transfers - 1), maxAge: CacheAge.transfers)
        let old = await cache.loadFeature([TransferItem].self, feature: "transfers", serviceID: service,
                                          now: refreshed.addingTimeInterval(CacheAge.transfers + 1), maxAge: CacheAge.transfers)
        XCTAssertEqual(fresh?.isExpired, false)
        XCTAssertEqual(old?.isExpired, true)
    }

    /// Content a client says is unchanged is confirmed instead of written again: read back with the
    /// confirmation's time, so it does not expire while it is still what the service reports.
    func testAConfirmationKeepsUnchangedContentCurrentWithoutRewritingIt() async throws {
        let root = try temporaryDirectory(self)
        let cache = ServiceCache(root: root)
        let queue = [TransferItem(serviceID: service, joinKey: "fixture", name: "Fixture", state: .seeding,
                                  rawState: "uploading", progress: 1, sizeBytes: 10, remainingBytes: 0)]
        try await cache.storeFeature(queue, feature: "transfers", serviceID: service, refreshedAt: refreshed)
        let file = root.appendingPathComponent(service.uuidString.lowercased()).appendingPathComponent("transfers.json")
        let written = try Data(contentsOf: file)
        let later = refreshed.addingTimeInterval(CacheAge.transfers - 10)
        try await cache.confirmFeature("transfers", serviceID: service, currentAt: later)
        XCTAssertEqual(try Data(contentsOf: file), written, "the content is not written again")
        let loaded = await ServiceCache(root: root).loadFeature([TransferItem].self, feature: "transfers", serviceID: service,
                                                                now: refreshed.addingTimeInterval(CacheAge.transfers + 1),
                                                                maxAge: CacheAge.transfers)
        XCTAssertEqual(loaded?.value, queue)
        XCTAssertEqual(loaded?.refreshedAt, later, "shown as current when it was last confirmed")
        XCTAssertEqual(loaded?.isExpired, false)

        // New content written after the confirmation carries its own, newer time.
        let newer = later.addingTimeInterval(5)
        try await cache.storeFeature(queue, feature: "transfers", serviceID: service, refreshedAt: newer)
        let reloaded = await cache.loadFeature([TransferItem].self, feature: "transfers", serviceID: service, now: newer, maxAge: 60)
        XCTAssertEqual(reloaded?.refreshedAt, newer)
    }

    func testRemovingTheServicePurgesItsCacheFiles() async throws {
        let root = try temporaryDirectory(self)
        let cache = ServiceCache(root: root)
        try await cache.storeFeature(try library(), feature: "library", serviceID: service, refreshedAt: refreshed)
        let folder = root.appendingPathComponent(service.uuidString.lowercased())
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("library.json").path))
        await cache.purge(serviceID: service)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), "the service's cache folder is gone")
        let after = await cache.loadFeature([Resource].self, feature: "library", serviceID: service, now: refreshed, maxAge: 1)
        XCTAssertNil(after)
    }
}
