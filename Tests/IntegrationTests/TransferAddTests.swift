@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Adding downloads (issue 20, part 3): what Switchyard accepts from the user, and what each client
/// is sent — through the stub transport (request shapes) and against the real daemons (what they
/// then hold, read with their own APIs).
final class TransferAddTests: XCTestCase {
    // MARK: What is accepted

    func testOnlyMagnetAndHTTPLinksAreHandedOn() {
        for text in ["magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567&dn=fixture", "https://indexer.fixture.invalid/get/1.torrent",
                     "  http://indexer.fixture.invalid/nzb?id=2  "] {
            XCTAssertNoThrow(try DownloadSource.link(text).get(), text)
        }
        // Paths and other schemes reach daemons that would read them from their own disk: refused.
        for text in ["/etc/passwd", "~/secret.torrent", "file:///etc/shadow", "ftp://fixture.invalid/a.torrent", "C:\\a.torrent",
                     "https://indexer.fixture.invalid/a\n/etc/passwd", "magnet:?xt=urn:btih:1\n/etc/passwd", "", "https://"] {
            XCTAssertEqual(DownloadSource.link(text), .failure(.notALink), text)
        }
    }

    func testInfoHashesOfFilesAndMagnets() throws {
        // SHA-1 test vector (FIPS 180-2 appendix A.1), through GLib's GChecksum.
        XCTAssertEqual(Checksum.sha1Hex(Array("abc".utf8)[...]), "a9993e364706816aba3e25717850c26c9cd0d89d")
        XCTAssertEqual(Checksum.sha1Hex([][...]), "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        // A synthetic single-file torrent: the hash is the SHA-1 of the bencoded info dictionary.
        let info = "d6:lengthi16384e4:name11:fixture.bin12:piece lengthi16384e6:pieces20:" + String(repeating: "x", count: 20) + "e"
        let torrent = Data(("d8:announce32:http://127.0.0.1:9/announce.none4:info" + info + "e").utf8)
        XCTAssertEqual(TorrentMetainfo.infoHash(torrent), Checksum.sha1Hex(Array(info.utf8)[...]))
        XCTAssertEqual(try DownloadSource.file(name: "fixture.torrent", data: torrent).get().infoHash, Checksum.sha1Hex(Array(info.utf8)[...]))
        XCTAssertNil(TorrentMetainfo.infoHash(Data("d4:infoi3ee".utf8)), "an info that is not a dictionary")
        XCTAssertNil(TorrentMetainfo.infoHash(Data("d4:info".utf8 + Data(repeating: UInt8(ascii: "l"), count: 100_000))), "unterminated nesting")
        XCTAssertEqual(DownloadSource.file(name: "x.torrent", data: Data("not bencode".utf8)), .failure(.notATorrent))
        XCTAssertEqual(DownloadSource.file(name: "x.nzb", data: Data("hello".utf8)), .failure(.notAnNZB))

        // Hex and base32 btih give the same hash.
        XCTAssertEqual(TorrentMetainfo.infoHash(magnet: "magnet:?xt=urn:btih:A9993E364706816ABA3E25717850C26C9CD0D89D&dn=x"),
                       "a9993e364706816aba3e25717850c26c9cd0d89d")
        XCTAssertEqual(TorrentMetainfo.infoHash(magnet: "magnet:?xt=urn:btih:VGMT4NSHA2AWVOR6EVYXQUGCNSONBWE5"),
                       "a9993e364706816aba3e25717850c26c9cd0d89d")
        XCTAssertEqual(DownloadSource.magnet("magnet:?xt=urn:btih:a9993e364706816aba3e25717850c26c9cd0d89d&dn=Fixture+Name").displayName,
                       "Fixture Name")
    }

    // MARK: What each client is sent

    private func stubbed(_ kind: ServiceKind, _ routes: [String: StubTransport.Reply], credential: Credential) async throws
        -> (StubTransport, any TransferAdding) {
        let stub = StubTransport(routes: routes, fixtures: fixturesDirectory)
        let secrets = InMemorySecretStore()
        let config = ServiceConfig(kind: kind, localEndpoint: try Endpoint.parse("http://192.168.1.10:8080"), allowPlainHTTPOnLocal: true)
        try await secrets.write(credential, for: config.credential, kind: kind)
        let connection = try ServiceConnection(config: config, role: .local)
        let client = try XCTUnwrap(ServiceCatalog.descriptor(for: kind)?.client.init(connection: connection, transport: stub, secrets: secrets)
            as? any TransferAdding)
        return (stub, client)
    }

    func testSABnzbdGetsTheFileAsAPartAndTheKeyInTheBodyOnly() async throws {
        let (stub, client) = try await stubbed(.sabnzbd, ["POST /api": .json(#"{"status":true,"nzo_ids":["SABnzbd_nzo_fixture1"]}"#)],
                                               credential: Credential(apiKey: "fixture-sab-key"))
        let nzb = Data("<?xml version=\"1.0\"?><nzb xmlns=\"http://www.newzbin.com/DTD/2003/nzb\"></nzb>".utf8)
        let outcome = try await client.add(try DownloadSource.file(name: "fixture.nzb", data: nzb).get(), options: AddOptions(category: "tv", paused: true))
        XCTAssertEqual(outcome, .added(id: "SABnzbd_nzo_fixture1"))
        let request = try XCTUnwrap(stub.requests.last)
        XCTAssertEqual(request.query, [], "nothing in the URL, the key least of all")
        XCTAssertTrue(request.contentType?.hasPrefix("multipart/form-data; boundary=") == true)
        let body = String(decoding: request.body ?? Data(), as: UTF8.self)
        for part in ["name=\"mode\"\r\n\r\naddfile", "name=\"apikey\"\r\n\r\nfixture-sab-key", "name=\"cat\"\r\n\r\ntv",
                     "name=\"priority\"\r\n\r\n-2", "name=\"name\"; filename=\"fixture.nzb\"", "<nzb xmlns"] {
            XCTAssertTrue(body.contains(part), "missing \(part)")
        }
        XCTAssertEqual(body.components(separatedBy: "name=\"apikey\"").count, 2, "the key once")
    }

    func testSABnzbdFixtureTakesALinkWithTheKeyInTheBody() async throws {
        let server = try ServarrFixtureServer(kind: "sabnzbd")
        let transport = try SoupTransport()
        let secrets = InMemorySecretStore()
        let config = ServiceConfig(kind: .sabnzbd, localEndpoint: try Endpoint.parse("http://127.0.0.1:\(server.port)"), allowPlainHTTPOnLocal: true)
        try await secrets.write(Credential(apiKey: ServarrFixtureServer.key), for: config.credential, kind: .sabnzbd)
        let client = SABnzbdClient(connection: try ServiceConnection(config: config, role: .local), transport: transport, secrets: secrets)
        let link = try DownloadSource.link("https://indexer.fixture.invalid/getnzb/42.nzb").get()
        let outcome = try await client.add(link, options: AddOptions(category: "movies", paused: true))
        XCTAssertEqual(outcome, .added(id: "SABnzbd_nzo_fixtureadd1"))
        let endpoint = try Endpoint.parse("http://127.0.0.1:\(server.port)")
        func control(_ path: String) async throws -> Data {
            try await transport.send(HTTPRequest(endpoint, path: path, requestClass: .probe, schemePolicy: SchemePolicy(allowsPlainHTTP: true))).body
        }
        let added = try await control("/__sabnzbd_added"), keys = try await control("/__query_keys")
        XCTAssertEqual(try JSONDecoder().decode([[String: String]].self, from: added),
                       [["name": "https://indexer.fixture.invalid/getnzb/42.nzb", "cat": "movies", "priority": "-2"]])
        XCTAssertEqual(try JSONDecoder().decode([String].self, from: keys), [], "nothing in the URL query")
    }

    func testAClientOfTheOtherKindIsSentNothing() async throws {
        let (stub, client) = try await stubbed(.nzbget, [:], credential: Credential(username: "u", password: "p"))
        do {
            _ = try await client.add(.magnet("magnet:?xt=urn:btih:a9993e364706816aba3e25717850c26c9cd0d89d"), options: AddOptions())
            XCTFail("a magnet for a usenet client")
        } catch {
            XCTAssertEqual(error as? ServiceError, .invalidRequest(.sourceNotTaken))
        }
        XCTAssertEqual(stub.requests.count, 0)
    }
}

/// Adding to the real daemons (a solo daemon each, holding none of the seed torrents at first).
final class TransferAddPeerTests: XCTestCase {
    private struct View: Decodable {
        let paused: [String: Bool]?
        let categories: [String: String]?
        let queue: [String: String]?
        let history: [String: String]?
    }

    private func repository(_ solo: SoloPeer, _ kind: ServiceKind) async throws -> (Repository, UUID) {
        let directory = try temporaryDirectory(self)
        let registry = ServiceRegistry(fileURL: directory.appendingPathComponent("services.json"))
        let secrets = InMemorySecretStore()
        let config = ServiceConfig(kind: kind, localEndpoint: try Endpoint.parse("http://127.0.0.1:\(solo.daemon.port)"), allowPlainHTTPOnLocal: true)
        try await secrets.write(Credential(username: solo.daemon.username, password: solo.daemon.password), for: config.credential, kind: kind)
        try await registry.upsert(config)
        let repository = Repository(registry: registry, transport: RetryingTransport(try SoupTransport()), secrets: secrets, cache: nil)
        await repository.reload()
        return (repository, config.id)
    }

    private func view(_ solo: SoloPeer, _ kind: ServiceKind) throws -> View {
        let (status, output) = try runTool("/usr/bin/python3", [projectDirectory.appendingPathComponent("Tests/Peers/peers.py").path,
                                                                "query", kind.rawValue, solo.run.path])
        guard status == 0, let line = output.split(separator: "\n").last(where: { $0.hasPrefix("{") }) else {
            throw TestServerError.didNotStart("query: \(output)")
        }
        return try JSONDecoder().decode(View.self, from: Data(line.utf8))
    }

    /// Polls the daemon's own view until `condition` holds (daemons add asynchronously).
    private func eventually(_ solo: SoloPeer, _ kind: ServiceKind, _ what: String, _ condition: (View) -> Bool) async throws {
        let end = Date().addingTimeInterval(30)
        while Date() < end {
            if condition(try view(solo, kind)) { return }
            try await Task.sleep(for: .milliseconds(300))
        }
        XCTFail("\(kind): \(what) (last: \(try view(solo, kind)))")
    }

    private func torrentClient(_ kind: ServiceKind, category: String?) async throws {
        let solo = try SoloPeer(kind, seeds: 0)
        defer { solo.stop() }
        let (repository, id) = try await repository(solo, kind)
        let alpha = try Data(contentsOf: solo.run.appendingPathComponent("fixture-alpha.bin.torrent"))
        let file = try DownloadSource.file(name: "fixture-alpha.bin.torrent", data: alpha).get()
        let hash = try XCTUnwrap(file.infoHash)
        let takers = await repository.clients(taking: file)
        XCTAssertEqual(takers.map(\.id), [id])

        let added = try await repository.add(file, to: id, options: AddOptions(category: category, paused: true))
        XCTAssertEqual(added, .added(id: kind == .qbittorrent ? hash : hash), "\(kind)")
        try await eventually(solo, kind, "holds the file's torrent, paused") { $0.paused?[hash] == true }
        if let category { try await eventually(solo, kind, "in its category") { $0.categories?[hash] == category } }
        let again = try await repository.add(file, to: id, options: AddOptions(paused: true))
        XCTAssertEqual(again, .duplicate(id: hash), "\(kind): a second add is a duplicate")

        let beta = try Data(contentsOf: solo.run.appendingPathComponent("fixture-beta.bin.torrent"))
        let betaHash = try XCTUnwrap(TorrentMetainfo.infoHash(beta))
        var link = "magnet:?xt=urn:btih:\(betaHash)&dn=fixture-beta.bin"
        if kind == .rtorrent {
            // With DHT off rTorrent drops a magnet that names no tracker, and still answers 0: the read-back says so.
            do {
                _ = try await repository.add(try DownloadSource.link(link).get(), to: id, options: AddOptions(paused: true))
                XCTFail("rTorrent did not take a trackerless magnet, and Switchyard must not say it did")
            } catch { XCTAssertEqual(error as? ServiceError, .refused(.notAdded)) }
            link += "&tr=http%3A%2F%2F127.0.0.1%3A9%2Fannounce"
        }
        let magnet = try DownloadSource.link(link).get()
        let fromMagnet = try await repository.add(magnet, to: id, options: AddOptions(paused: true))
        XCTAssertEqual(fromMagnet, .added(id: betaHash))
        try await eventually(solo, kind, "holds the magnet's torrent, paused") { $0.paused?[betaHash] == true }
        let magnetAgain = try await repository.add(magnet, to: id, options: AddOptions(paused: true))
        XCTAssertEqual(magnetAgain, .duplicate(id: betaHash))
        XCTAssertEqual(try view(solo, kind).paused?.count, 2, "nothing else was added")
    }

    func testQBittorrentTakesAFileAndAMagnetPausedInACategoryAndSaysDuplicate() async throws {
        try await torrentClient(.qbittorrent, category: "fixture-added")
    }

    func testTransmissionTakesAFileAndAMagnetPausedAndReportsItsSuccessfulDuplicateAsOne() async throws {
        try await torrentClient(.transmission, category: nil)
    }

    func testDelugeTakesAFileAndAMagnetPausedThroughItsDaemonAndSaysDuplicate() async throws {
        try await torrentClient(.deluge, category: nil)
    }

    /// rTorrent's `load.*` answers 0 whatever happened: each add is confirmed by reading its hash back.
    func testRTorrentTakesAFileAndAMagnetStoppedWithALabelConfirmedByItsHash() async throws {
        try await torrentClient(.rtorrent, category: "fixture-added")
    }

    func testTransmissionThreeRefusesALabelInWordsBeforeAdding() async throws {
        let solo = try SoloPeer(.transmission, seeds: 0)
        defer { solo.stop() }
        let (repository, id) = try await repository(solo, .transmission)
        let alpha = try Data(contentsOf: solo.run.appendingPathComponent("fixture-alpha.bin.torrent"))
        do {
            _ = try await repository.add(.torrentFile(name: "a.torrent", data: alpha), to: id, options: AddOptions(category: "tv"))
            XCTFail("Transmission 3.00 has no labels")
        } catch {
            XCTAssertEqual(error, .refused(.noLabels), "a typed refusal, worded in the app")
        }
        XCTAssertEqual(try view(solo, .transmission).paused?.count, 0, "nothing was added")
    }

    func testNZBGetTakesAnNZBInItsCategoryAndSaysDuplicateForTheSameFileOrTheSameContent() async throws {
        let solo = try SoloPeer(.nzbget)
        defer { solo.stop() }
        let (repository, id) = try await repository(solo, .nzbget)
        func nzb(_ article: String) -> Data {
            Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <nzb xmlns="http://www.newzbin.com/DTD/2003/nzb">
             <file poster="fixture@fixture.invalid" date="1768485720" subject="&quot;fixture-added.bin&quot; yEnc (1/1)">
              <groups><group>alt.binaries.fixture</group></groups>
              <segments><segment bytes="4096" number="1">\(article)@fixture.invalid</segment></segments>
             </file>
            </nzb>
            """.utf8)
        }
        let source = try DownloadSource.file(name: "fixture-added.nzb", data: nzb("fixture-added-1")).get()
        XCTAssertEqual(source.family, .usenet)
        guard case .added(let nzbID?) = try await repository.add(source, to: id, options: AddOptions(category: "fixture-added", paused: true)) else {
            return XCTFail("not added")
        }
        try await eventually(solo, .nzbget, "queues it paused in its category") {
            $0.queue?[nzbID] == "PAUSED" && $0.categories?[nzbID] == "fixture-added"
        }
        let again = try await repository.add(source, to: id, options: AddOptions())
        XCTAssertEqual(again, .duplicate(id: nzbID), "the same file again: nothing sent")
        // The content of a download NZBGet finished already, under another name: NZBGet returns an id and
        // deletes it as a copy — a duplicate, not "added".
        let copy = try DownloadSource.file(name: "fixture-renamed-copy.nzb", data: nzb("fixture-ok-1")).get()
        guard case .duplicate(let copyID?) = try await repository.add(copy, to: id, options: AddOptions()) else { return XCTFail("not a duplicate") }
        XCTAssertEqual(try view(solo, .nzbget).history?[copyID]?.hasPrefix("DELETED/COPY"), true)
    }
}
