@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// rTorrent's XML-RPC: the reader on answers shaped as rTorrent 0.9.8 sends them (values, faults,
/// entities, hostile nesting), the rows mapped to transfers, and what each action sends — every item
/// named by its hash in its own call of one `system.multicall`, never a setter in `d.multicall2`.
final class RTorrentTests: XCTestCase {
    /// Answers by method name; records every call's method and parameters as sent.
    final class XMLRPCStub: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var sent: [String] = []
        private var urls: [String] = []
        var paths: [String] { lock.withLock { urls } }
        let answer: @Sendable (String, String) -> (Int, String)
        init(_ answer: @escaping @Sendable (String) -> (Int, String)) { self.answer = { method, _ in answer(method) } }
        /// Answers by method name and the call's body.
        init(bodies answer: @escaping @Sendable (String, String) -> (Int, String)) { self.answer = answer }
        var calls: [String] { lock.withLock { sent } }
        func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            let body = String(decoding: request.body ?? Data(), as: UTF8.self)
            let method = body.components(separatedBy: "<methodName>").dropFirst().first?.components(separatedBy: "</methodName>").first ?? ""
            lock.withLock { sent.append(body); urls.append(request.url.path) }
            let (status, text) = answer(method, body)
            return HTTPResponse(status: status, headerFields: [("Content-Type", "text/xml")], body: Data(text.utf8), url: request.url)
        }
    }

    static func response(_ value: String) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?><methodResponse><params><param><value>\#(value)</value></param></params></methodResponse>"#
    }

    private func client(_ stub: XMLRPCStub, address: String = "http://127.0.0.1:18085") async throws -> RTorrentClient {
        let config = ServiceConfig(kind: .rtorrent, localEndpoint: try Endpoint.parse(address), allowPlainHTTPOnLocal: true)
        let secrets = InMemorySecretStore()
        try await secrets.write(Credential(username: "fixture", password: "fixture-password"), for: config.credential, kind: .rtorrent)
        return RTorrentClient(connection: try ServiceConnection(config: config, role: .local), transport: stub, secrets: secrets)
    }

    func testTheReaderTakesRTorrentsAnswers() throws {
        let data = try Data(contentsOf: fixturesDirectory.appendingPathComponent("rtorrent/multicall.xml"))
        guard case .value(let value) = try XMLRPC.read(data) else { return XCTFail("a value") }
        let rows = try XCTUnwrap(value.array)
        XCTAssertEqual(rows.count, 3)
        XCTAssertEqual(rows[1].array?[1], .string("Return & Placeholder <2025>"), "entities decoded")
        XCTAssertEqual(rows[1].array?[2], .int(4_294_967_296), "i8 beyond 32 bits")
        XCTAssertEqual(rows[0].array?[11], .string("Tracker: [Couldn't connect to server]"))
        let fault = try XMLRPC.read(try Data(contentsOf: fixturesDirectory.appendingPathComponent("rtorrent/fault.xml")))
        XCTAssertEqual(fault, .fault(code: -501, message: "Could not find info-hash."))
        // Untyped text is a string; empty strings, nil, booleans, doubles, structs and base64.
        let mixed = Self.response("<array><data><value>plain</value><value></value><value><string/></value><value><nil/></value>"
                                  + "<value><boolean>1</boolean></value><value><double>1.5</double></value>"
                                  + "<value><struct><member><name>k</name><value><i4>-3</i4></value></member></struct></value>"
                                  + "<value><base64>Zml4dHVyZQ==</base64></value><value>&#x263A;&#65;</value></data></array>")
        XCTAssertEqual(try XMLRPC.read(Data(mixed.utf8)), .value(.array([.string("plain"), .string(""), .string(""), .none, .bool(true), .double(1.5),
                                                                        .structure(["k": .int(-3)]), .base64(Data("fixture".utf8)), .string("☺A")])))
    }

    func testHostileAnswersAreDecodingErrorsNotCrashes() {
        let deep = Self.response(String(repeating: "<array><data><value>", count: 500) + "x" + String(repeating: "</value></data></array>", count: 500))
        for body in [deep, "not xml", Self.response("<i4>12x</i4>"), Self.response("<array><data><value>"), "<methodResponse><params>",
                     Self.response("<string>&bogus;</string>"), Self.response("<unknown>1</unknown>"), "<!DOCTYPE x><methodResponse/>"] {
            XCTAssertThrowsError(try XMLRPC.read(Data(body.utf8)), body.prefix(60).description) { error in
                guard case .decoding = error as? ServiceError else { return XCTFail("\(error)") }
            }
        }
    }

    func testTheWriterEscapesAndTypes() {
        let call = String(decoding: XMLRPC.call("load.raw_start", [.string(""), .base64(Data([1, 2])), .string("d.custom1.set=a&b<c"),
                                                                   .int(5_000_000_000), .int(7)]), as: UTF8.self)
        XCTAssertTrue(call.contains("<methodName>load.raw_start</methodName>"))
        XCTAssertTrue(call.contains("<string>d.custom1.set=a&amp;b&lt;c</string>"))
        XCTAssertTrue(call.contains("<base64>AQI=</base64>"))
        XCTAssertTrue(call.contains("<i8>5000000000</i8>") && call.contains("<i4>7</i4>"))
    }

    func testRowsBecomeTransfers() async throws {
        let full = try String(contentsOf: fixturesDirectory.appendingPathComponent("rtorrent/multicall.xml"), encoding: .utf8)
        let moving = try String(contentsOf: fixturesDirectory.appendingPathComponent("rtorrent/multicall-volatile.xml"), encoding: .utf8)
        let stub = XMLRPCStub(bodies: { method, body in
            guard method == "d.multicall2" else { return (200, Self.response("<string>0.9.8</string>")) }
            return (200, body.contains("d.name=") ? full : moving)
        })
        let client = try await client(stub)
        let status = try await client.probe()
        XCTAssertEqual(status.version, "0.9.8")
        let snapshot = try await client.transfers()
        let seeding = try XCTUnwrap(snapshot.items.first { $0.joinKey == "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1" })
        XCTAssertEqual(seeding.state, .seeding)
        XCTAssertEqual(seeding.progress, 1)
        XCTAssertNil(seeding.errorMessage, "a tracker's words are not the transfer's error")
        XCTAssertEqual(seeding.category, "fixture-tv")
        let downloading = try XCTUnwrap(snapshot.items.first { $0.joinKey == "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb2" })
        XCTAssertEqual(downloading.state, .downloading)
        XCTAssertEqual(downloading.progress, 0.5)
        XCTAssertEqual(downloading.category, "fixture movies", "ruTorrent's URL-encoded label read as typed")
        XCTAssertEqual(downloading.eta, 2048)
        XCTAssertEqual(snapshot.stats.downloadSpeed, 1_048_576)
        // Stopped and complete is paused, as every other client says it (Space and Resume start it).
        let stopped = try XCTUnwrap(snapshot.items.first { $0.joinKey == "ccccccccccccccccccccccccccccccccccccccc3" })
        XCTAssertEqual(stopped.state, .paused)
        XCTAssertEqual(stopped.rawState, "stopped")
        let first = stub.calls.dropFirst() // after the probe: the moving fields, then every field for the hashes not seen yet
        XCTAssertEqual(first.map { $0.contains("d.name=") }, [false, true])
        XCTAssertTrue(first.allSatisfy { $0.contains("<string>main</string>") && !$0.contains(".set=") }, "over main; no setter ever inside d.multicall2")
        // The next refresh: only what moves.
        let again = try await client.transfers()
        XCTAssertEqual(again.items, snapshot.items)
        XCTAssertEqual(stub.calls.count, 4)
        XCTAssertFalse(stub.calls.last?.contains("d.name=") ?? true, "names and sizes are not read again")
    }

    func testActionsNameEachHashInItsOwnCallAndRemoveKeepsData() async throws {
        let stub = XMLRPCStub { _ in (200, Self.response("<array><data><value><array><data><value><i4>0</i4></value></data></array></value>"
                                                         + "<value><array><data><value><i4>0</i4></value></data></array></value></data></array>")) }
        let client = try await client(stub)
        let id = UUID()
        let items = ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb2"].map {
            TransferItem(serviceID: id, joinKey: $0, name: $0, state: .seeding, rawState: "seeding", progress: 1, sizeBytes: 1, remainingBytes: 0)
        }
        for (action, method) in [(TransferAction.pause, "d.stop"), (.resume, "d.start"), (.remove, "d.erase")] {
            try await client.perform(action, on: items)
            let sent = try XCTUnwrap(stub.calls.last)
            XCTAssertTrue(sent.contains("<methodName>system.multicall</methodName>"), "\(action)")
            XCTAssertEqual(sent.components(separatedBy: "<string>\(method)</string>").count - 1, 2, "\(action): one call per item")
            XCTAssertTrue(sent.contains("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA1") && sent.contains("BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB2"))
        }
        XCTAssertEqual(RTorrentClient.availability(of: .removeWithData, for: items[0]), .leavesFiles, "d.erase leaves the files")
        XCTAssertEqual(RTorrentClient.availability(of: .forceStart, for: items[0]), .unsupported)
        let before = stub.calls.count
        do {
            try await client.perform(.pause, on: [])
            XCTFail("no items: nothing is sent")
        } catch { XCTAssertEqual(error as? ServiceError, .invalidRequest(.noItems)) }
        XCTAssertEqual(stub.calls.count, before)
    }

    func testAFaultForOneItemIsPartlyDoneAndAMissingMethodIsAVersion() async throws {
        let stub = XMLRPCStub { method in
            method == "system.multicall"
                ? (200, Self.response("<array><data><value><array><data><value><i4>0</i4></value></data></array></value>"
                                      + "<value><struct><member><name>faultCode</name><value><i4>-501</i4></value></member>"
                                      + "<member><name>faultString</name><value><string>Could not find info-hash.</string></value></member>"
                                      + "</struct></value></data></array>"))
                : (200, try! String(contentsOf: fixturesDirectory.appendingPathComponent("rtorrent/fault.xml"), encoding: .utf8)
                    .replacingOccurrences(of: "-501", with: "-506"))
        }
        let client = try await client(stub)
        let items = ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb2"].map {
            TransferItem(serviceID: UUID(), joinKey: $0, name: $0, state: .seeding, rawState: "seeding", progress: 1, sizeBytes: 1, remainingBytes: 0)
        }
        do {
            try await client.perform(.pause, on: items)
            XCTFail("one item failed")
        } catch {
            XCTAssertEqual(error as? ServiceError, .partlyDone(.someFailed(failed: 1, of: 2, reason: "Could not find info-hash.")))
        }
        do {
            _ = try await client.transfers()
            XCTFail("a fault")
        } catch { XCTAssertEqual(error as? ServiceError, .incompatibleVersion(found: "rTorrent without d.multicall2")) }
    }

    func testTurtleModeSetsBothGlobalThrottlesAndRestoresThem() async throws {
        final class Limits: @unchecked Sendable { var down: Int64 = 2_097_152; var up: Int64 = 0 }
        let limits = Limits()
        let stub = XMLRPCStub { method in
            switch method {
            case "throttle.global_down.max_rate": (200, Self.response("<i8>\(limits.down)</i8>"))
            case "throttle.global_up.max_rate": (200, Self.response("<i8>\(limits.up)</i8>"))
            default: (200, Self.response("<array><data><value><array><data><value><i4>0</i4></value></data></array></value>"
                                         + "<value><array><data><value><i4>0</i4></value></data></array></value></data></array>"))
            }
        }
        let client = try await client(stub)
        try await client.setTurtleMode(true)
        let on = try XCTUnwrap(stub.calls.last)
        XCTAssertTrue(on.contains("throttle.global_down.max_rate.set") && on.contains("<string></string>"), "global setters take \"\" first")
        XCTAssertTrue(on.contains("<i4>\(TurtleMode.downloadLimit)</i4>"))
        limits.down = TurtleMode.downloadLimit
        limits.up = TurtleMode.uploadLimit
        let isOn = try await client.turtleMode()
        XCTAssertTrue(isOn)
        try await client.setTurtleMode(false)
        XCTAssertTrue(try XCTUnwrap(stub.calls.last).contains("<i4>2097152</i4>"), "the limit it replaced, restored")
    }

    func testTheAddressNamesTheMount() async throws {
        let stub = XMLRPCStub { _ in (200, Self.response("<string>0.9.8</string>")) }
        _ = try await client(stub).probe()
        _ = try await client(stub, address: "http://127.0.0.1:8080/rutorrent/plugins/httprpc/action.php").probe()
        XCTAssertEqual(stub.paths, ["/RPC2", "/rutorrent/plugins/httprpc/action.php"], "the usual mount, or the path the address names")
    }
}
