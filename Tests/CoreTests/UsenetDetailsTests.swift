@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// A usenet job in depth (API-GUIDE-4 §5–6) through the real SABnzbd and NZBGet clients over a scripted transport:
/// each read names the one job, only the parts asked for are read, files have no priorities, the logs decode with
/// their stages, kinds and times, a job the client no longer holds is said so, and a hostile answer is bounded.
final class UsenetDetailsTests: XCTestCase {
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [(path: String, body: String)] = []
        func add(_ request: HTTPRequest) { lock.withLock { seen.append((request.path, String(decoding: request.body ?? Data(), as: UTF8.self))) } }
        var requests: [(path: String, body: String)] { lock.withLock { seen } }
    }

    func fixture(_ name: String) throws -> Data { try Data(contentsOf: fixturesDirectory.appendingPathComponent(name)) }

    func connection(_ kind: ServiceKind) async throws -> (ServiceConnection, InMemorySecretStore) {
        let config = ServiceConfig(kind: kind, remoteEndpoint: try Endpoint.parse("https://\(kind.rawValue).fixture.invalid"))
        let secrets = InMemorySecretStore()
        let credential = kind == .sabnzbd ? Credential(apiKey: "fixture-sabnzbd-key") : Credential(username: "fixture", password: "fixture-password")
        try await secrets.write(credential, for: config.credential, kind: kind)
        return (try ServiceConnection(config: config, role: .remote), secrets)
    }

    static func answer(_ request: HTTPRequest, _ body: Data) -> HTTPResponse {
        HTTPResponse(status: 200, headerFields: [("Content-Type", "application/json")], body: body, url: request.url)
    }

    func job(_ config: ServiceConfig, _ id: String, history: Bool = false, actionID: String? = nil) -> TransferItem {
        TransferItem(serviceID: config.id, joinKey: id, name: "Fixture.Usenet", state: history ? .error : .downloading, rawState: "",
                     progress: 0.5, sizeBytes: 6_000_000_000, remainingBytes: 1_000_000_000, actionID: actionID, inHistory: history)
    }

    // MARK: SABnzbd

    func sabnzbd(files: Data? = nil) async throws -> (SABnzbdClient, Log, ServiceConfig) {
        let (connection, secrets) = try await connection(.sabnzbd)
        let log = Log()
        let queue = try fixture("sabnzbd/queue.json"), history = try fixture("sabnzbd/history-failed-job.json")
        let fileList = try files ?? fixture("sabnzbd/get-files.json")
        let transport = ScriptedTransport { request throws(TransportError) in
            log.add(request)
            let body = String(decoding: request.body ?? Data(), as: UTF8.self)
            if body.contains("mode=get_files") { return Self.answer(request, fileList) }
            if body.contains("mode=history") {
                return Self.answer(request, body.contains("nzo_ids=SABnzbd_nzo_fixture0011") ? history
                                   : Data(#"{"history": {"slots": [], "last_history_update": 9}}"#.utf8))
            }
            if body.contains("name=rename") { return Self.answer(request, Data(#"{"status": true}"#.utf8)) }
            // The job's new place, -1 when it does not hold it; change_cat's status likewise.
            let holds = body.contains("value=SABnzbd_nzo_fixture000")
            if body.contains("name=priority") { return Self.answer(request, Data(#"{"position": \#(holds ? 1 : -1)}"#.utf8)) }
            if body.contains("mode=change_cat") { return Self.answer(request, Data(#"{"status": \#(holds)}"#.utf8)) }
            if body.contains("mode=retry") {
                let failed = body.contains("value=SABnzbd_nzo_fixture0011")
                return Self.answer(request, Data((failed ? #"{"status": true, "nzo_id": "SABnzbd_nzo_fixture0011"}"# : #"{"status": false, "error": "item does not exist"}"#).utf8))
            }
            if body.contains("mode=get_config") {
                return Self.answer(request, Data(#"{"config": {"categories": [{"name": "*", "dir": ""}, {"name": "tv", "dir": "tv"}, {"name": "movies", "dir": ""}]}}"#.utf8))
            }
            if body.contains("mode=queue") { return Self.answer(request, queue) }
            if body.contains("mode=switch") {
                // -1: a job it does not hold.
                let known = ["0", "SABnzbd_nzo_fixture0001", "SABnzbd_nzo_fixture0002", "SABnzbd_nzo_fixture0003"].contains { (body + "&").contains("value2=\($0)&") }
                return Self.answer(request, Data(#"{"result": {"position": \#(known ? 0 : -1), "priority": 0}}"#.utf8))
            }
            return Self.answer(request, Data(#"{"status": false, "error": "not implemented"}"#.utf8))
        }
        return (SABnzbdClient(connection: connection, transport: transport, secrets: secrets), log, connection.config)
    }

    func testASABnzbdQueuedJobsFilesAndPlaceAreReadNamingIt() async throws {
        let (client, log, config) = try await sabnzbd()
        let item = job(config, "SABnzbd_nzo_fixture0002")
        let details = try await client.inspect(item, parts: [.general, .files])
        XCTAssertEqual(log.requests.count, 2, "one read per part")
        XCTAssertTrue(log.requests.allSatisfy { $0.path == "/api" })
        XCTAssertTrue(log.requests[0].body.contains("mode=queue") && log.requests[0].body.contains("nzo_ids=SABnzbd_nzo_fixture0002"))
        XCTAssertTrue(log.requests[1].body.contains("mode=get_files") && log.requests[1].body.contains("value=SABnzbd_nzo_fixture0002"))
        XCTAssertFalse(log.requests.contains { $0.body.contains("name=") || $0.body.contains("mode=change") }, "nothing but reads")
        XCTAssertEqual(details.general?.queuePosition, 1)
        XCTAssertEqual(details.general?.sizeBytes, 3_221_225_472, "3072.00 MiB")
        XCTAssertEqual(details.general?.doneBytes, Int64(921.6 * 1_048_576))
        XCTAssertEqual(details.files?.map(\.path), ["fixture.usenet.big.part01.rar", "fixture.usenet.big.part02.rar", "fixture.usenet.big.vol00+01.par2"])
        XCTAssertEqual(details.files?.map(\.sizeBytes), [100_000_000, 100_000_000, 1_048_576], "sizes sent as strings")
        XCTAssertEqual(details.files?.map(\.doneBytes), [100_000_000, 100_000_000 - Int64(47.68 * 1_048_576), 0])
        XCTAssertEqual(details.files?.map(\.priority), [nil, nil, nil], "usenet files have no priority")
        XCTAssertNil(details.log)
        XCTAssertNil(details.peers)
    }

    func testASABnzbdFinishedJobsStageLogAndFailureAreRead() async throws {
        let (client, log, config) = try await sabnzbd()
        let details = try await client.inspect(job(config, "SABnzbd_nzo_fixture0011", history: true), parts: [.general, .log, .files])
        XCTAssertEqual(log.requests.count, 1, "the general page and the log are one history read; a finished job has no files to ask for")
        XCTAssertTrue(log.requests[0].body.contains("mode=history") && log.requests[0].body.contains("nzo_ids=SABnzbd_nzo_fixture0011"))
        XCTAssertEqual(details.files, [])
        XCTAssertEqual(details.general?.savePath, "/data/fixture/incomplete/Fixture.Usenet.Broken")
        XCTAssertEqual(details.general?.completed, Date(timeIntervalSince1970: 1_768_483_600))
        XCTAssertEqual(details.general?.sizeBytes, 734_003_200)
        XCTAssertEqual(details.log?.map(\.stage), ["Download", "Download", "Servers", "Repair", nil])
        XCTAssertEqual(details.log?.last, TransferLogLine(kind: .error, time: nil, stage: nil, text: "Fixture: repair failed, not enough repair blocks"))
        XCTAssertEqual(details.log?[3].text, "[fixture.usenet.broken] Repair failed, not enough repair blocks (12 short)")

        do {
            _ = try await client.inspect(job(config, "SABnzbd_nzo_gone", history: true), parts: [.general])
            XCTFail("a job no longer in the history")
        } catch { XCTAssertEqual(error, .refused(.noSuchTransfer)) }
        do {
            _ = try await client.inspect(job(config, "SABnzbd_nzo_gone"), parts: [.general])
            XCTFail("a job no longer in the queue")
        } catch { XCTAssertEqual(error, .refused(.noSuchTransfer)) }
        let before = log.requests.count
        for id in ["", "all", "a,b", "a b"] {
            do {
                _ = try await client.inspect(job(config, id), parts: [.files])
                XCTFail("\(id): not one job")
            } catch { XCTAssertEqual(error, .invalidRequest(.noItems), id) }
        }
        XCTAssertEqual(log.requests.count, before, "nothing sent for an id that is not one job")
    }

    func testASABnzbdFileListPastTheBoundIsABoundedError() async throws {
        var body = #"{"files": ["#
        body += Array(repeating: #"{"filename": "f", "mb": "1", "mbleft": "0", "bytes": "1"}"#, count: TransferInspection.maxFiles + 1).joined(separator: ",")
        body += "]}"
        let (client, _, config) = try await sabnzbd(files: Data(body.utf8))
        do {
            _ = try await client.inspect(job(config, "SABnzbd_nzo_fixture0001"), parts: [.files])
            XCTFail("200,001 files")
        } catch {
            guard case .decoding(let path, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "files")
        }
    }

    // MARK: NZBGet

    func nzbget() async throws -> (NZBGetClient, Log, ServiceConfig) {
        let (connection, secrets) = try await connection(.nzbget)
        let log = Log()
        let files = try fixture("nzbget/listfiles.json"), lines = try fixture("nzbget/loadlog.json")
        let groups = try fixture("nzbget/listgroups.json"), history = try fixture("nzbget/history.json")
        let transport = ScriptedTransport { request throws(TransportError) in
            log.add(request)
            let body = String(decoding: request.body ?? Data(), as: UTF8.self)
            if body.contains(#""method":"listfiles""#) { return Self.answer(request, files) }
            if body.contains(#""method":"loadlog""#) { return Self.answer(request, lines) }
            if body.contains(#""method":"listgroups""#) { return Self.answer(request, groups) }
            if body.contains(#""method":"history""#) { return Self.answer(request, history) }
            if body.contains(#""method":"editqueue""#) {
                // `true` when an NZBID is one it holds.
                return Self.answer(request, Data(#"{"version": "1.1", "id": 1, "result": \#(body.contains("[7]") || body.contains("[8]") || body.contains("[7,8]"))}"#.utf8))
            }
            return Self.answer(request, Data(#"{"version": "1.1", "id": 1, "error": {"code": 3, "message": "Invalid procedure"}}"#.utf8))
        }
        return (NZBGetClient(connection: connection, transport: transport, secrets: secrets), log, connection.config)
    }

    func testAnNZBGetJobsFilesLogAndPlaceAreReadNamingItsNZBID() async throws {
        let (client, log, config) = try await nzbget()
        let item = job(config, "fixturedrone0000000000000000000a", actionID: "7")
        let details = try await client.inspect(item, parts: [.general, .files, .log])
        XCTAssertEqual(log.requests.map(\.body), [#"{"method":"listgroups","params":[0],"id":1}"#,
                                                 #"{"method":"listfiles","params":[0,0,7],"id":1}"#,
                                                 #"{"method":"loadlog","params":[7,0,500],"id":1}"#],
                       "the NZBID, never 0 (listfiles [0,0,0] lists every file of the queue)")
        XCTAssertEqual(details.general?.queuePosition, 0)
        XCTAssertEqual(details.files?.map(\.index), [101, 102], "the file IDs NZBGet's file commands take")
        XCTAssertEqual(details.files?.map(\.sizeBytes), [100_000_000, 4_294_967_296 + 705_032_704], "64-bit sizes from two halves")
        XCTAssertEqual(details.files?.map(\.doneBytes), [100_000_000, 4_294_967_296])
        XCTAssertEqual(details.files?.map(\.priority), [nil, nil])
        XCTAssertEqual(details.log?.map(\.kind), [.info, .warning, .detail, .error])
        XCTAssertEqual(details.log?.first?.time, Date(timeIntervalSince1970: 1_768_480_000))
        XCTAssertEqual(details.log?.last?.text, "Download of fixture.usenet.big.part02.rar failed: 3 articles missing")

        let before = log.requests.count
        for actionID in ["0", "-1", "x", "7,8"] {
            do {
                _ = try await client.inspect(job(config, "fixture", actionID: actionID), parts: [.files])
                XCTFail("\(actionID): not one NZBID")
            } catch { XCTAssertEqual(error, .invalidRequest(.noItems), actionID) }
        }
        XCTAssertEqual(log.requests.count, before, "nothing sent")
        do {
            _ = try await client.inspect(job(config, "fixture", actionID: "99"), parts: [.general])
            XCTFail("a job no longer queued")
        } catch { XCTAssertEqual(error, .refused(.noSuchTransfer)) }
    }
}
