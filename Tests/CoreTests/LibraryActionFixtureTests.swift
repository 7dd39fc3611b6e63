@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Library and queue writes through the repository, real libsoup, against the project's Sonarr and
/// Radarr fixture server, which applies each write to its state and refuses malformed ones as the
/// services do. Each test reads the result back from the server.
final class LibraryActionFixtureTests: XCTestCase {
    private struct State: Decodable {
        struct Deletion: Decodable, Equatable { let id: Int; let deleteFiles: Bool; let importListExclusion: Bool }
        struct Removal: Decodable, Equatable {
            let id: Int; let bulk: Bool; let removeFromClient: Bool; let blocklist: Bool; let skipRedownload: Bool; let changeCategory: Bool
        }
        let deleted: [Deletion]
        let removals: [Removal]
        let grabbed: [Int]
        let wholeLibraryCommands: Int
    }

    private var server: ServarrFixtureServer!
    private var repository: Repository!
    private var service: UUID!
    private let transport = try? SoupTransport()

    private func start(_ kind: ServiceKind) async throws {
        server = try ServarrFixtureServer(kind: kind.rawValue)
        (repository, service) = try await server.repository(kind, directory: try temporaryDirectory(self))
    }

    private func get(_ path: String, key: Bool = false) async throws -> Data {
        let request = HTTPRequest(try Endpoint.parse("http://127.0.0.1:\(server.port)"), path: path,
                                  headers: key ? ["X-Api-Key": ServarrFixtureServer.key] : [:], requestClass: .probe,
                                  schemePolicy: SchemePolicy(allowsPlainHTTP: true))
        return try await transport!.send(request).body
    }

    private func state() async throws -> State { try JSONDecoder().decode(State.self, from: await get("/__state")) }

    private func library(_ kind: Resource.Kind) async throws -> [Resource] {
        try unwrapped(await repository.library(kind, force: true).value?.items)
    }

    private func activity() async throws -> [QueueItem] {
        try unwrapped(await repository.activity(force: true).value?.items.map(\.queue))
    }

    func testMonitoringSeriesSeasonAndEpisodeChangesWhatSonarrReportsBack() async throws {
        try await start(.sonarr)
        let series = ResourceID(serviceID: service, itemID: 2)
        let value16 = try await library(.series).first { $0.id == series }?.monitored
        XCTAssertEqual(value16, true)
        let failures = await repository.setMonitored(false, items: [series])
        XCTAssertEqual(failures, [:])
        let value15 = try await library(.series).first { $0.id == series }?.monitored
        XCTAssertEqual(value15, false)
        let value14 = try await library(.series).filter(\.monitored).count
        XCTAssertEqual(value14, 4, "only the named series changed")

        let first = try unwrapped(try await library(.series).first { $0.id.itemID == 1 })
        try await repository.setGroupsMonitored(false, item: first.id, groups: [2])
        let detail = try unwrapped(await repository.detail(of: first, force: true).get())
        XCTAssertEqual(detail.groups?.first { $0.number == 2 }?.children.map(\.monitored), [false, false])
        XCTAssertEqual(detail.groups?.first { $0.number == 1 }?.children.allSatisfy(\.monitored), true)

        try await repository.setChildrenMonitored(false, ids: [1003], on: service)
        let after = try unwrapped(await repository.detail(of: first, force: true).get())
        XCTAssertEqual(after.children.filter { !$0.monitored }.map(\.id.itemID), [1003, 1011, 1012])
    }

    func testMoviesMonitoredThroughTheEditorAndDeletedKeepingFiles() async throws {
        try await start(.radarr)
        let movies = try await library(.movie)
        let unmonitored = movies.filter { !$0.monitored }.map(\.id)
        XCTAssertEqual(unmonitored.count, 3)
        let value13 = await repository.setMonitored(true, items: unmonitored)
        XCTAssertEqual(value13, [:])
        let value12 = try await library(.movie).allSatisfy(\.monitored)
        XCTAssertTrue(value12)

        let movie = ResourceID(serviceID: service, itemID: 4)
        try await repository.delete(movie, deleteFiles: false, excludeFromImportLists: false)
        let value11 = try await library(.movie).first { $0.id == movie }
        XCTAssertNil(value11)
        let value10 = try await state().deleted
        XCTAssertEqual(value10, [.init(id: 4, deleteFiles: false, importListExclusion: false)])
        // Deleting it again: the service no longer has it and says so.
        do {
            try await repository.delete(movie, deleteFiles: false, excludeFromImportLists: false)
            XCTFail("a second delete should be refused")
        } catch {
            XCTAssertEqual(error, .serverMessage(status: 404, message: "NotFound"))
        }
    }

    func testACommandIsFollowedToItsEndAndASecondPressJoinsIt() async throws {
        try await start(.sonarr)
        let tracker = CommandTracker(repository: repository, interval: .milliseconds(20))
        let seen = Recorder()
        await tracker.observe { _, result in seen.add(result) }
        let command = LibraryCommand.searchChildren(item: 1, ids: [1003])
        let service: UUID = service
        async let first = tracker.run(command, on: service)
        async let second = tracker.run(command, on: service)
        let (a, b) = await (first, second)
        XCTAssertEqual(try a.get().status, .completed)
        XCTAssertEqual(try a.get().message, "Search completed. 0 reports downloaded.")
        XCTAssertEqual(try b.get().id, try a.get().id)
        let counts = try JSONDecoder().decode([String: Int].self, from: await get("/__requests"))
        XCTAssertEqual(counts["/api/v3/command"], 1, "the second press sent nothing")
        XCTAssertEqual(seen.statuses.first, .queued)
        XCTAssertTrue(seen.statuses.contains(.started))
        XCTAssertEqual(seen.statuses.last, .completed)
        let value9 = try await state().wholeLibraryCommands
        XCTAssertEqual(value9, 0)
    }

    func testAFailedCommandCarriesTheServicesWords() async throws {
        try await start(.radarr)
        try await server.setFault("fail", on: "/api/v3/command", via: transport!)
        let tracker = CommandTracker(repository: repository, interval: .milliseconds(20))
        let result = await tracker.run(.search(items: [2]), on: service)
        XCTAssertEqual(try result.get().status, .failed)
        XCTAssertEqual(try result.get().message, "Fixture search failed: all indexers are unavailable due to failures")
    }

    func testRemovingWithBlocklistTakesTheItemOutAndBlocklistsTheRelease() async throws {
        try await start(.sonarr)
        let queue = try await activity()
        let record = try XCTUnwrap(queue.first { $0.id.itemID == 1_000_001 })
        let report = await repository.removeFromQueue([record], QueueRemoval(disposition: .ignore, blocklist: .blocklistOnly))
        XCTAssertEqual(report.removed, [record.id])
        XCTAssertEqual(report.failures, [:])
        let value8 = try await activity().first { $0.id == record.id }
        XCTAssertNil(value8)
        let value7 = try await state().removals
        XCTAssertEqual(value7, [.init(id: 1_000_001, bulk: false, removeFromClient: false, blocklist: true,
                                                           skipRedownload: true, changeCategory: false)])
        let blocklist = try JSONSerialization.jsonObject(with: await get("/api/v3/blocklist", key: true)) as? [String: Any]
        let records = try XCTUnwrap(blocklist?["records"] as? [[String: Any]])
        XCTAssertEqual(records.map { $0["sourceTitle"] as? String }, [record.title])
    }

    func testABulkCallOnlyWhenEveryIdIsCurrent() async throws {
        try await start(.radarr)
        let queue = try await activity()
        let picked = queue.filter { [1_000_103, 1_000_104].contains($0.id.itemID) }
        XCTAssertEqual(picked.count, 2)
        let keep = QueueRemoval(disposition: .ignore, blocklist: .no)
        let report = await repository.removeFromQueue(picked, keep)
        XCTAssertEqual(Set(report.removed), Set(picked.map(\.id)))
        let value6 = try await state().removals.map(\.bulk)
        XCTAssertEqual(value6, [true, true])

        // One of two picked records is gone by now: no bulk call (it would fail whole); the current one alone.
        let stale = picked[0]
        let current = try XCTUnwrap(queue.first { $0.id.itemID == 1_000_105 })
        let second = await repository.removeFromQueue([stale, current], keep)
        XCTAssertEqual(second.gone, [stale.id])
        XCTAssertEqual(second.removed, [current.id])
        let value5 = try await state().removals.last
        XCTAssertEqual(value5, .init(id: 1_000_105, bulk: false, removeFromClient: false, blocklist: false,
                                                               skipRedownload: false, changeCategory: false))
    }

    func testChangeCategoryWhereTheClientHasNoneIsRefusedInTheServicesWords() async throws {
        try await start(.sonarr)
        let usenet = try unwrapped(try await activity().first { $0.id.itemID == 1_000_000 })
        let report = await repository.removeFromQueue([usenet], QueueRemoval(disposition: .changeCategory, blocklist: .no))
        XCTAssertEqual(report.removed, [])
        XCTAssertEqual(report.failures[service], .serverMessage(status: 500, message: "Specified method is not supported."))
        let value4 = try await activity().first { $0.id == usenet.id }
        XCTAssertNotNil(value4, "nothing removed")
    }

    func testGrabOnlyForADelayedRelease() async throws {
        try await start(.sonarr)
        let queue = try await activity()
        let delayed = try XCTUnwrap(queue.first { $0.status == .delay })
        try await repository.grab(delayed)
        let value3 = try await activity().first { $0.id == delayed.id }?.status
        XCTAssertEqual(value3, .queued)
        let value2 = try await state().grabbed
        XCTAssertEqual(value2, [delayed.id.itemID])
        let downloading = try XCTUnwrap(queue.first { $0.status != .delay })
        do {
            try await repository.grab(downloading)
            XCTFail("grab of a record that is not pending should be refused")
        } catch {
            XCTAssertEqual(error, .serverMessage(status: 404, message: "NotFound"))
        }
    }

    /// The fixture server refuses shapes the services would not bind (and fields they would ignore).
    func testMalformedWritesAreRefusedWithTheReason() async throws {
        try await start(.sonarr)
        func send(_ method: HTTPMethod, _ path: String, _ body: String) async throws -> (Int, String) {
            let request = HTTPRequest(method, try Endpoint.parse("http://127.0.0.1:\(server.port)"), path: path,
                                      headers: ["X-Api-Key": ServarrFixtureServer.key, "Content-Type": "application/json"],
                                      body: Data(body.utf8), requestClass: .probe, schemePolicy: SchemePolicy(allowsPlainHTTP: true))
            let response = try await transport!.send(request)
            return (response.status, String(decoding: response.body, as: UTF8.self))
        }
        let wrongType = try await send(.put, "/api/v3/series/editor", #"{"seriesIds":[1],"monitored":"no"}"#)
        XCTAssertEqual(wrongType.0, 400)
        XCTAssertTrue(wrongType.1.contains("$.monitored"), wrongType.1)
        let misspelt = try await send(.post, "/api/v3/command", #"{"name":"RefreshSeries","seriesID":1}"#)
        XCTAssertEqual(misspelt.0, 400)
        XCTAssertTrue(misspelt.1.contains("seriesID is not a field"), misspelt.1)
        let empty = try await send(.put, "/api/v3/series/editor", #"{"seriesIds":[],"monitored":false}"#)
        XCTAssertEqual(empty.0, 400)
        XCTAssertTrue(empty.1.contains(#""propertyName":"SeriesIds""#), empty.1)
        let unknown = try await send(.delete, "/api/v3/queue/42", "")
        XCTAssertEqual(unknown.0, 404)
        let value1 = try await library(.series).allSatisfy(\.monitored)
        XCTAssertTrue(value1, "nothing changed")
    }
}

/// XCTUnwrap without an autoclosure (its argument may await).
private func unwrapped<T>(_ value: T?, file: StaticString = #filePath, line: UInt = #line) throws -> T {
    guard let value else {
        XCTFail("unexpected nil", file: file, line: line)
        throw CancellationError()
    }
    return value
}

private final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<CommandProgress, ServiceError>] = []
    func add(_ result: Result<CommandProgress, ServiceError>) { lock.withLock { results.append(result) } }
    var statuses: [CommandProgress.Status] { lock.withLock { results.compactMap { try? $0.get().status } } }
}
