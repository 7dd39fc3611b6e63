@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

final class ServiceRegistryTests: XCTestCase {
    private func sampleServices() throws -> [ServiceConfig] {
        [
            ServiceConfig(id: UUID(uuidString: "F1C7F1C7-0000-4000-8000-000000000001")!, kind: .sonarr,
                          displayName: "Sonarr (fixture)",
                          localEndpoint: try Endpoint.parse("http://192.168.1.10:8989"),
                          remoteEndpoint: try Endpoint.parse("https://media.fixture.invalid/sonarr"),
                          allowPlainHTTPOnLocal: true,
                          credential: CredentialReference(UUID(uuidString: "0B5E55ED-0000-4000-8000-000000000001")!)),
            ServiceConfig(id: UUID(uuidString: "F1C7F1C7-0000-4000-8000-000000000002")!, kind: .qbittorrent,
                          displayName: "qBittorrent (fixture)", enabled: false,
                          remoteEndpoint: try Endpoint.parse("https://media.fixture.invalid:8443/qbt/"),
                          preference: .remote,
                          credential: CredentialReference(UUID(uuidString: "0B5E55ED-0000-4000-8000-000000000002")!)),
        ]
    }

    /// Do not edit the golden file to make this pass: a change here breaks users' files.
    func testGoldenFileFormatIsFrozen() async throws {
        let file = try temporaryDirectory(self).appendingPathComponent("switchyard/services.json")
        let registry = ServiceRegistry(fileURL: file)
        for service in try sampleServices() { try await registry.upsert(service) }
        XCTAssertEqual(String(decoding: try Data(contentsOf: file), as: UTF8.self),
                       String(decoding: try fixture("registry/services-v1.json"), as: UTF8.self))
    }

    func testGoldenFileLoadsAsWritten() async throws {
        let file = try temporaryDirectory(self).appendingPathComponent("services.json")
        try fixture("registry/services-v1.json").write(to: file)
        let registry = ServiceRegistry(fileURL: file)
        let loaded = await registry.load()
        XCTAssertEqual(loaded, try sampleServices())
        let issue = await registry.issue
        XCTAssertNil(issue)
    }

    func testRoundTripThroughANewRegistry() async throws {
        let file = try temporaryDirectory(self).appendingPathComponent("services.json")
        let first = ServiceRegistry(fileURL: file)
        var services = try sampleServices()
        for service in services { try await first.upsert(service) }
        services[0].displayName = "Renamed"
        try await first.upsert(services[0])
        try await first.remove(services[1].id)
        let second = ServiceRegistry(fileURL: file)
        let loaded = await second.load()
        XCTAssertEqual(loaded, [services[0]])
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        XCTAssertEqual(attributes[.posixPermissions] as? Int, 0o600, "config is private to the user")
    }

    /// Keys added after schema 1 are optional: old files load, and they are written only when set.
    func testArtworkPrivacyOptionRoundTripsWithoutChangingOldFiles() async throws {
        let file = try temporaryDirectory(self).appendingPathComponent("services.json")
        let registry = ServiceRegistry(fileURL: file)
        var service = try sampleServices()[0]
        service.artworkFromServerOnly = true
        try await registry.upsert(service)
        XCTAssertTrue(String(decoding: try Data(contentsOf: file), as: UTF8.self).contains("\"artworkFromServerOnly\" : true"))
        let reloaded = await ServiceRegistry(fileURL: file).load()
        XCTAssertEqual(reloaded.first?.artworkFromServerOnly, true)
        service.artworkFromServerOnly = false
        try await registry.upsert(service)
        XCTAssertFalse(String(decoding: try Data(contentsOf: file), as: UTF8.self).contains("artworkFromServerOnly"))
    }

    func testMissingFileIsAnEmptyRegistry() async throws {
        let registry = ServiceRegistry(fileURL: try temporaryDirectory(self).appendingPathComponent("none.json"))
        let loaded = await registry.load()
        XCTAssertEqual(loaded, [])
        let issue = await registry.issue
        XCTAssertNil(issue)
    }

    func testCorruptFileIsKeptAsideAndNeverOverwritten() async throws {
        let directory = try temporaryDirectory(self)
        let file = directory.appendingPathComponent("services.json")
        let garbage = Data("{\"schemaVersion\": 1, \"services\": [ {\"kind\": \"sonarr\"".utf8)
        try garbage.write(to: file)
        let registry = ServiceRegistry(fileURL: file, clock: .inspection)
        let loaded = await registry.load()
        XCTAssertEqual(loaded, [])
        guard case .corruptFileKept(let kept, _)? = await registry.issue else {
            return XCTFail("corrupt file not reported")
        }
        XCTAssertEqual(kept.lastPathComponent, "services.json.corrupt-20260115T140200Z")
        XCTAssertEqual(try Data(contentsOf: kept), garbage, "the user's bytes are kept verbatim")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))

        // Saving afterwards writes a new file and leaves the kept one alone.
        try await registry.upsert(try sampleServices()[0])
        XCTAssertEqual(try Data(contentsOf: kept), garbage)
        // A second corrupt file on the same second gets its own name.
        try garbage.write(to: file)
        await registry.load()
        guard case .corruptFileKept(let second, _)? = await registry.issue else { return XCTFail() }
        XCTAssertNotEqual(second, kept)
    }

    func testInvalidServiceInAHandWrittenFileIsKeptAside() async throws {
        let file = try temporaryDirectory(self).appendingPathComponent("services.json")
        // A remote endpoint over plain HTTP is refused on load, as in the form.
        let text = String(decoding: try fixture("registry/services-v1.json"), as: UTF8.self)
            .replacingOccurrences(of: "\"port\" : 443,\n        \"scheme\" : \"https\"", with: "\"port\" : 80,\n        \"scheme\" : \"http\"")
        try Data(text.utf8).write(to: file)
        let registry = ServiceRegistry(fileURL: file, clock: .inspection)
        await registry.load()
        guard case .corruptFileKept(_, let reason)? = await registry.issue else { return XCTFail("not kept aside") }
        XCTAssertTrue(reason.contains("plainHTTPNotAllowed"), reason)
    }

    func testNewerSchemaIsLeftAloneAndSavingIsRefused() async throws {
        let file = try temporaryDirectory(self).appendingPathComponent("services.json")
        let newer = Data("{\"schemaVersion\": 2, \"services\": [], \"future\": true}".utf8)
        try newer.write(to: file)
        let registry = ServiceRegistry(fileURL: file)
        await registry.load()
        let issue = await registry.issue
        XCTAssertEqual(issue, .newerSchema(found: 2))
        let service = try sampleServices()[0]
        do {
            try await registry.upsert(service)
            XCTFail("saved over a newer file")
        } catch {
            XCTAssertEqual(error, .readOnly(.newerSchema(found: 2)))
        }
        XCTAssertEqual(try Data(contentsOf: file), newer)
    }

    func testInvalidConfigIsRefusedBeforeSaving() async throws {
        let registry = ServiceRegistry(fileURL: try temporaryDirectory(self).appendingPathComponent("s.json"))
        let noEndpoint = ServiceConfig(kind: .radarr)
        do {
            try await registry.upsert(noEndpoint)
            XCTFail("accepted a service without endpoints")
        } catch {
            XCTAssertEqual(error, .invalid(.noEndpoint))
        }
        let plainLocal = ServiceConfig(kind: .radarr, localEndpoint: try Endpoint.parse("http://10.0.0.5:7878"))
        do {
            try await registry.upsert(plainLocal)
            XCTFail("accepted plain HTTP the user did not allow")
        } catch {
            XCTAssertEqual(error, .invalid(.endpoint(.local, .plainHTTPNotAllowed)))
        }
    }

    /// Two registries (as two processes would) save concurrently while a reader
    /// keeps reading: every read is one whole, valid file.
    func testConcurrentSavesNeverProduceATornFile() async throws {
        let file = try temporaryDirectory(self).appendingPathComponent("services.json")
        let writers = [ServiceRegistry(fileURL: file), ServiceRegistry(fileURL: file)]
        let stop = ManagedAtomicFlag()
        let reader = Task.detached { () -> (reads: Int, torn: Int) in
            var reads = 0, torn = 0
            while !stop.isSet {
                guard let data = try? Data(contentsOf: file) else { continue }
                reads += 1
                if (try? JSONDecoder().decode(RegistryFile.self, from: data)) == nil { torn += 1 }
            }
            return (reads, torn)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                for index in 0..<100 {
                    group.addTask {
                        let service = ServiceConfig(kind: .sonarr, displayName: "Sonarr \(writer)-\(index) " + String(repeating: "x", count: index * 20),
                                                    remoteEndpoint: try Endpoint.parse("https://s\(index).fixture.invalid"))
                        try await writers[writer].upsert(service)
                    }
                }
            }
            try await group.waitForAll()
        }
        stop.set()
        let result = await reader.value
        XCTAssertGreaterThan(result.reads, 0)
        XCTAssertEqual(result.torn, 0, "a reader saw a torn file")
        let finalRegistry = ServiceRegistry(fileURL: file)
        let final = await finalRegistry.load()
        XCTAssertEqual(final.count, 100, "each writer's last save holds its own 100 services")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
            .filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [], "temporary files left behind")
    }

    func testDefaultLocationFollowsXDG() {
        XCTAssertEqual(ServiceRegistry.defaultFileURL(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/u"]).path,
                       "/cfg/switchyard/services.json")
        XCTAssertEqual(ServiceRegistry.defaultFileURL(environment: ["HOME": "/home/u"]).path,
                       "/home/u/.config/switchyard/services.json")
        XCTAssertEqual(ServiceRegistry.defaultFileURL(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"]).path,
                       "/home/u/.config/switchyard/services.json", "XDG paths must be absolute")
    }
}

/// A set-once flag shared with a detached reader.
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
