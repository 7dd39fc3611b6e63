@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Crash-safe state: `switchyard-torture write-state` saves the registry and a
/// cache entry in a loop; it is killed with SIGKILL at random moments, hundreds
/// of times. After every kill the registry must be exactly one whole version
/// (never a torn or mixed file) and the cache entry either a whole version or
/// absent — never served corrupt.
final class CrashSafetyTests: XCTestCase {
    static let iterations = 300

    func testKilledAtRandomWhileSavingLeavesAWholeVersion() async throws {
        let tool = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
            .deletingLastPathComponent().appendingPathComponent("switchyard-torture")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else {
            throw TestSessionRequired(description: "switchyard-torture is not built: run `swift build --build-tests` (make check does)")
        }
        let root = try temporaryDirectory(self)
        let registryFile = root.appendingPathComponent("config/switchyard/services.json")
        let cache = ServiceCache(root: root.appendingPathComponent("cache/switchyard"))
        let cachedService = UUID(uuidString: "F1C7F1C7-0000-4000-8000-00000000CAFE")!
        var versions = Set<Int>()
        var cacheVersions = Set<Int>()

        for _ in 0..<Self.iterations {
            let child = Process()
            child.executableURL = tool
            child.arguments = ["write-state", root.path]
            let cue = Pipe()
            child.standardOutput = cue
            child.standardError = FileHandle.nullDevice
            try child.run()
            // Its first version is whole on disk: from here on every moment is mid-work, on any machine.
            var said = Data()
            while !said.contains(UInt8(ascii: "\n")) {
                let chunk = cue.fileHandleForReading.availableData
                if chunk.isEmpty { break } // it died before saving: the assertion below reports it
                said.append(chunk)
            }
            usleep(UInt32.random(in: 0...40_000)) // a random moment: mid-save or between saves
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            XCTAssertEqual(child.terminationReason, .uncaughtSignal, "the writer exited by itself")

            // The registry: one whole version, as a fresh start would read it.
            let registry = ServiceRegistry(fileURL: registryFile)
            let services = await registry.load()
            let issue = await registry.issue
            XCTAssertNil(issue, "a killed save left a registry that does not load: \(String(describing: issue))")
            XCTAssertEqual(String(decoding: said, as: UTF8.self), "saved\n", "the writer never finished its first save")
            if services.isEmpty {
                XCTFail("no registry version after the writer said its first one was saved")
                continue
            }
            let names = services.map(\.displayName)
            let version = Int(names[0].dropFirst().prefix { $0 != "-" }) ?? -1
            XCTAssertTrue(names.allSatisfy { $0.hasPrefix("v\(version)-") }, "a mixed registry: \(names)")
            XCTAssertEqual(names.count, version % 3 + 1, "version \(version) is incomplete: \(names)")
            versions.insert(version)

            // The cache entry: a whole version or nothing.
            if let cached = await cache.loadFeature([Resource].self, feature: "library", serviceID: cachedService,
                                                     now: Date(timeIntervalSince1970: 1_800_000_000), maxAge: .infinity) {
                let titles = Set(cached.value.map(\.title))
                XCTAssertEqual(titles.count, 1, "a mixed cache entry")
                let cachedVersion = Int(titles.first?.dropFirst() ?? "") ?? -1
                XCTAssertEqual(cached.value.count, max(1, cachedVersion % 50), "cache version \(cachedVersion) is incomplete")
                XCTAssertEqual(cached.refreshedAt, Date(timeIntervalSince1970: TimeInterval(1_800_000_000 + cachedVersion)))
                cacheVersions.insert(cachedVersion)
            }
        }
        let leftovers = (try? FileManager.default.subpathsOfDirectory(atPath: root.path))?.filter { $0.hasSuffix(".tmp") } ?? []
        print("crash safety: \(Self.iterations) kills, \(versions.count) registry versions and \(cacheVersions.count) cache versions seen whole, "
              + "\(leftovers.count) temporary files left (never read)")
        XCTAssertGreaterThan(versions.count, 20, "the writer hardly ran: kills did not land mid-work")
        XCTAssertGreaterThan(cacheVersions.count, 20)

        // What killed writers left behind is cleaned up once it is old (a live writer's file is young).
        let old = Date().addingTimeInterval(-3600)
        for path in leftovers {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: root.appendingPathComponent(path).path)
        }
        _ = await ServiceRegistry(fileURL: registryFile).load()
        // The next process's cache cleans its folders on first use (one listing each, not one per load).
        _ = await ServiceCache(root: cache.root).load(named: "library.json", for: cachedService)
        let remaining = (try? FileManager.default.subpathsOfDirectory(atPath: root.path))?.filter { $0.hasSuffix(".tmp") } ?? []
        XCTAssertEqual(remaining, [], "stale temporary files were not removed")
    }

    func testACorruptOrTruncatedCacheEntryIsDiscardedNotShown() async throws {
        let root = try temporaryDirectory(self)
        let cache = ServiceCache(root: root)
        let service = UUID()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let items = [Resource(id: ResourceID(serviceID: service, itemID: 1), kind: .movie, title: "Fixture", sortTitle: "fixture",
                              year: 2020, status: .released, monitored: true, sizeOnDisk: 1, fileCount: 1, expectedFileCount: 1,
                              hasFile: true, subtitle: nil, added: nil, images: [])]
        let file = await cache.directory(for: service).appendingPathComponent("library.json")
        for damage in ["truncated", "garbage", "empty"] {
            try await cache.storeFeature(items, feature: "library", serviceID: service, refreshedAt: now)
            let whole = try Data(contentsOf: file)
            let damaged: Data = switch damage {
            case "truncated": whole.prefix(whole.count / 2)
            case "garbage": Data((0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37) })
            default: Data()
            }
            try damaged.write(to: file)
            let loaded = await cache.loadFeature([Resource].self, feature: "library", serviceID: service, now: now, maxAge: 3600)
            XCTAssertNil(loaded, "\(damage) entry was served")
            XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "\(damage) entry was kept")
        }
        // A whole entry still loads.
        try await cache.storeFeature(items, feature: "library", serviceID: service, refreshedAt: now)
        let loaded = await cache.loadFeature([Resource].self, feature: "library", serviceID: service, now: now, maxAge: 3600)
        XCTAssertEqual(loaded?.value, items)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600, "cache entries are private")
    }
}
