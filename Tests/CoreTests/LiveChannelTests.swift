@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// The SignalR live channel against the fixture Sonarr's hub (real libsoup WebSocket client and
/// server on 127.0.0.1): handshake, pushes, no secret in any URL, a refused key, a dropped
/// connection, the URL base, a hub that never answers the handshake.
final class LiveChannelTests: XCTestCase {
    private let transport = try? SoupTransport()
    /// Fast reconnects for the tests (a product parameter; the tests wait for events, not for time).
    private let policy = LivePolicy(handshakeDeadline: .seconds(2), pingInterval: .seconds(15), silenceLimit: .seconds(45),
                                    backoffBase: .milliseconds(50), backoffCap: .milliseconds(200), stableAfter: .seconds(60))

    private func channel(_ server: ServarrFixtureServer, key: String = ServarrFixtureServer.key,
                         basePath: String = "", policy: LivePolicy? = nil) async throws -> ServarrLiveChannel {
        let secrets = InMemorySecretStore()
        let config = ServiceConfig(kind: .sonarr, localEndpoint: try Endpoint(scheme: .http, host: "127.0.0.1", port: server.port, basePath: basePath),
                                   allowPlainHTTPOnLocal: true)
        try await secrets.write(Credential(apiKey: key), for: config.credential, kind: .sonarr)
        let channel = ServarrLiveChannel(connection: try ServiceConnection(config: config, role: .local), transport: try XCTUnwrap(transport),
                                         secrets: secrets, policy: policy ?? self.policy)
        await channel.start()
        return channel
    }

    /// Reads updates until `matching` returns a value (the stream ending fails the test).
    private func next<T>(_ updates: inout AsyncStream<LiveUpdate>.Iterator, _ what: String,
                         _ matching: (LiveUpdate) -> T?) async throws -> T {
        while let update = await updates.next() {
            if let found = matching(update) { return found }
        }
        XCTFail("the channel ended before \(what)")
        throw Ended()
    }

    private struct Ended: Error {}

    private func control(_ server: ServarrFixtureServer, _ path: String, _ query: [String: String] = [:]) async throws -> Any {
        let request = HTTPRequest(try Endpoint.parse("http://127.0.0.1:\(server.port)"), path: path,
                                  query: query.map { URLQueryItem(name: $0.key, value: $0.value) }, requestClass: .probe,
                                  schemePolicy: SchemePolicy(allowsPlainHTTP: true))
        return try JSONSerialization.jsonObject(with: try await XCTUnwrap(transport).send(request).body)
    }

    func testPushesArriveAndNoSecretIsInAnyURL() async throws {
        let server = try ServarrFixtureServer(kind: "sonarr")
        let channel = try await channel(server)
        var updates = channel.updates.makeAsyncIterator()
        _ = try await next(&updates, "live") { $0 == .state(.live) ? true : nil }
        let version = try await next(&updates, "the version message") { update -> String? in
            if case .message(let message) = update { return message.version } else { return nil }
        }
        XCTAssertEqual(version, "4.0.19.2979", "the hub greets each connection with the service's version")

        let reached = try await control(server, "/__push", ["name": "queue", "action": "sync"]) as? [String: Int]
        XCTAssertEqual(reached?["reached"], 1)
        let queue = try await next(&updates, "the queue sync") { update -> ServarrLiveMessage? in
            if case .message(let message) = update { return message } else { return nil }
        }
        XCTAssertEqual(queue.name, "queue")
        XCTAssertEqual(queue.action, .sync)
        _ = try await control(server, "/__push", ["name": "command", "action": "updated", "id": "42"])
        let command = try await next(&updates, "the command update") { update -> ServarrLiveMessage? in
            if case .message(let message) = update { return message } else { return nil }
        }
        XCTAssertEqual(command.name, "command")
        XCTAssertEqual(command.action, .updated)
        XCTAssertEqual(command.resourceID, 42)

        let logged = try await control(server, "/__hub_log")
        let log = try XCTUnwrap(logged as? [String: Any])
        let lines = try XCTUnwrap(log["requests"] as? [String])
        XCTAssertEqual(lines, ["GET /signalr/messages"], "one upgrade, no query at all: no key, no access_token, no connection token")
        for line in lines {
            XCTAssertFalse(line.contains(ServarrFixtureServer.key))
            XCTAssertFalse(line.lowercased().contains("access_token"))
            XCTAssertFalse(line.contains("id="))
        }
        let headers = try XCTUnwrap(log["headerNames"] as? [[String]]).first ?? []
        XCTAssertTrue(headers.contains { $0.lowercased() == "x-api-key" }, "the key travels in its header: \(headers)")
        await channel.stop()
    }

    func testARefusedKeyStopsTheChannelUntilItChanges() async throws {
        let server = try ServarrFixtureServer(kind: "sonarr")
        let channel = try await channel(server, key: "fixture-wrong-key")
        var states: [LiveState] = []
        for await update in channel.updates {
            if case .state(let state) = update { states.append(state) }
        }
        XCTAssertEqual(states, [.connecting, .polling(.refused)], "refused once, then no retry (the stream ended)")
        let logged = try await control(server, "/__hub_log")
        let log = try XCTUnwrap(logged as? [String: Any])
        XCTAssertEqual((log["requests"] as? [String])?.count, 1, "one attempt")
    }

    func testADroppedConnectionReconnectsAndAsksForARefetch() async throws {
        let server = try ServarrFixtureServer(kind: "sonarr")
        let channel = try await channel(server)
        var updates = channel.updates.makeAsyncIterator()
        _ = try await next(&updates, "live") { $0 == .state(.live) ? true : nil }
        let dropped = try await control(server, "/__hub_drop") as? [String: Int]
        XCTAssertEqual(dropped?["dropped"], 1)
        var after: [LiveUpdate] = []
        while let update = await updates.next() {
            if case .message = update { continue }
            after.append(update)
            if update == .resumed { break }
        }
        XCTAssertEqual(after, [.state(.polling(.dropped)), .state(.connecting), .state(.live), .resumed])
        let logged = try await control(server, "/__hub_log")
        let log = try XCTUnwrap(logged as? [String: Any])
        XCTAssertEqual(log["requests"] as? [String], ["GET /signalr/messages", "GET /signalr/messages"])
        await channel.stop()
    }

    func testTheURLBaseIsHonoured() async throws {
        let server = try ServarrFixtureServer(kind: "sonarr", urlBase: "/sonarr")
        let channel = try await channel(server, basePath: "/sonarr")
        var updates = channel.updates.makeAsyncIterator()
        _ = try await next(&updates, "live") { $0 == .state(.live) ? true : nil }
        await channel.stop()
        // Without it the service redirects (307), which is not followed (the key would go along).
        let missing = try await self.channel(server)
        var states: [LiveState] = []
        var iterator = missing.updates.makeAsyncIterator()
        while states.count < 2, let update = await iterator.next() {
            if case .state(let state) = update { states.append(state) }
        }
        XCTAssertEqual(states, [.connecting, .polling(.redirected(status: 307))])
        await missing.stop()
        let logged = try await control(server, "/__hub_log")
        let log = try XCTUnwrap(logged as? [String: Any])
        XCTAssertEqual(log["requests"] as? [String], ["GET /sonarr/signalr/messages"], "the redirect was not followed")
    }

    func testAHubThatNeverAnswersTheHandshakeTimesOut() async throws {
        let server = try ServarrFixtureServer(kind: "sonarr")
        _ = try await control(server, "/__hub_silent", ["on": "1"])
        let channel = try await channel(server)
        var states: [LiveState] = []
        var iterator = channel.updates.makeAsyncIterator()
        while states.count < 2, let update = await iterator.next() {
            if case .state(let state) = update { states.append(state) }
        }
        XCTAssertEqual(states, [.connecting, .polling(.handshakeFailed)])
        await channel.stop()
    }

    /// Each way a hub can fail says which it was: no hub at the address (a reverse proxy that does not pass
    /// WebSocket upgrades answers 404), a redirect (never followed), an answer that is no SignalR, a refused
    /// key. The first two and the refusal end the channel (nothing changes until the settings do).
    func testEachHubFailureSaysWhy() async throws {
        let server = try ServarrFixtureServer(kind: "sonarr")
        func firstStates(fault: String, key: String = ServarrFixtureServer.key) async throws -> [LiveState] {
            _ = try await control(server, "/__hub_fault", ["fault": fault])
            let channel = try await channel(server, key: key)
            var states: [LiveState] = []
            var iterator = channel.updates.makeAsyncIterator()
            while states.count < 2, let update = await iterator.next() {
                if case .state(let state) = update { states.append(state) }
            }
            await channel.stop()
            return states
        }
        let missing = try await firstStates(fault: "missing")
        XCTAssertEqual(missing, [.connecting, .polling(.hubNotFound)])
        XCTAssertTrue(LivePollingReason.hubNotFound.isFinal)
        let redirected = try await firstStates(fault: "redirect")
        XCTAssertEqual(redirected, [.connecting, .polling(.redirected(status: 301))])
        let garbage = try await firstStates(fault: "garbage")
        XCTAssertEqual(garbage, [.connecting, .polling(.unreadable)])
        let refused = try await firstStates(fault: "none", key: "fixture-wrong-key")
        XCTAssertEqual(refused, [.connecting, .polling(.refused)])
        let logged = try await control(server, "/__hub_log")
        let log = try XCTUnwrap(logged as? [String: Any])
        XCTAssertEqual((log["requests"] as? [String])?.count, 4, "one upgrade each; the redirect was not followed")
    }

    /// `switchyard --status`'s check: each target tried once, ended as soon as it says live or why not;
    /// an instance whose version has no hub is reported without a connection.
    func testTheOneShotCheckReportsEachInstance() async throws {
        let server = try ServarrFixtureServer(kind: "sonarr")
        let secrets = InMemorySecretStore()
        let config = ServiceConfig(kind: .sonarr, localEndpoint: try Endpoint(scheme: .http, host: "127.0.0.1", port: server.port),
                                   allowPlainHTTPOnLocal: true)
        try await secrets.write(Credential(apiKey: ServarrFixtureServer.key), for: config.credential, kind: .sonarr)
        let old = UUID()
        let targets = LiveTargets(connections: [try ServiceConnection(config: config, role: .local)], withoutHub: [old: "3.0.10.1567"])
        let states = await LiveHub.check(targets, transport: try XCTUnwrap(transport), secrets: secrets)
        XCTAssertEqual(states, [config.id: .live, old: .polling(.versionTooOld(version: "3.0.10.1567"))])
        _ = try await control(server, "/__hub_fault", ["fault": "missing"])
        let missing = await LiveHub.check(targets, transport: try XCTUnwrap(transport), secrets: secrets)
        XCTAssertEqual(missing[config.id], .polling(.hubNotFound))
    }

    func testFramesAndBackoff() {
        var buffer = ""
        XCTAssertEqual(SignalRProtocol.records(appending: "{}\u{1E}{\"type\":6}\u{1E}{\"ty", to: &buffer), ["{}", "{\"type\":6}"])
        XCTAssertEqual(buffer, "{\"ty")
        XCTAssertEqual(SignalRProtocol.records(appending: "pe\":7,\"error\":\"bye\"}\u{1E}", to: &buffer), ["{\"type\":7,\"error\":\"bye\"}"])
        XCTAssertEqual(SignalRProtocol.decode("{}", handshakeDone: false), .handshake(error: nil))
        XCTAssertEqual(SignalRProtocol.decode(#"{"error":"Requested protocol 'json' is not available."}"#, handshakeDone: false),
                       .handshake(error: "Requested protocol 'json' is not available."))
        XCTAssertEqual(SignalRProtocol.decode(#"{"type":7,"error":"bye","allowReconnect":true}"#, handshakeDone: true),
                       .close(error: "bye", allowReconnect: true))
        XCTAssertEqual(SignalRProtocol.decode(#"{"type":1,"target":"other","arguments":[]}"#, handshakeDone: true), .ignored)
        XCTAssertEqual(SignalRProtocol.decode("not json", handshakeDone: true), .ignored)
        XCTAssertEqual(SignalRProtocol.decode("<html>", handshakeDone: false), .unreadable, "not a hub answering the handshake")
        guard case .message(let message) = SignalRProtocol.decode(
            #"{"type":1,"target":"receiveMessage","arguments":[{"name":"movie","body":{"action":"deleted","resource":{"id":7}}}]}"#,
            handshakeDone: true) else { return XCTFail("a message") }
        XCTAssertEqual(message.name, "movie")
        XCTAssertEqual(message.action, .deleted)
        XCTAssertEqual(message.resourceID, 7)

        let policy = LivePolicy.standard
        XCTAssertEqual(policy.backoff(attempt: 1, random: 1), .seconds(1))
        XCTAssertEqual(policy.backoff(attempt: 1, random: 0), .milliseconds(500), "jitter: half to all of the step")
        XCTAssertEqual(policy.backoff(attempt: 4, random: 1), .seconds(8))
        XCTAssertEqual(policy.backoff(attempt: 30, random: 1), .seconds(60), "capped")
    }
}

/// Commands followed by their live `command` messages: with polling effectively off, a search runs
/// queued → started → completed as the fixture Sonarr pushes each state, and `command/{id}` is never polled.
final class CommandTrackerLiveTests: XCTestCase {
    func testPushedStatesCarryACommandToItsEndWithoutPolling() async throws {
        let server = try ServarrFixtureServer(kind: "sonarr")
        let (repository, service) = try await server.repository(.sonarr, directory: try temporaryDirectory(self))
        let connections = await repository.liveTargets().connections
        let connection = try XCTUnwrap(connections.first)
        XCTAssertEqual(connection.config.id, service)
        let secrets = InMemorySecretStore()
        try await secrets.write(Credential(apiKey: ServarrFixtureServer.key), for: connection.config.credential, kind: .sonarr)
        let transport = try SoupTransport()
        let channel = ServarrLiveChannel(connection: connection, transport: transport, secrets: secrets)
        // Polls only after 45 s: a push that did not arrive shows up as a poll in the report (a failure, not a hang).
        let tracker = CommandTracker(repository: repository, interval: .seconds(45), liveInterval: .seconds(45))
        let (seen, seenContinuation) = AsyncStream.makeStream(of: CommandProgress.Status.self)
        await tracker.observe { _, result in
            if case .success(let progress) = result { seenContinuation.yield(progress.status) }
        }
        let (live, liveContinuation) = AsyncStream.makeStream(of: Void.self)
        let forwarding = Task {
            for await update in channel.updates {
                if update == .state(.live) { liveContinuation.yield() }
                // As the hub does: the message decoded by the instance's kind.
                if case .message(let message) = update, case .command(let progress) = SonarrClient.change(message, service: service) {
                    await tracker.pushed(progress, on: service)
                }
            }
        }
        defer { forwarding.cancel() }
        await channel.start()
        var liveIterator = live.makeAsyncIterator()
        _ = await liveIterator.next()
        await tracker.setLive([service])

        let run = Task { await tracker.run(.searchChildren(item: 1, ids: [1003]), on: service) }
        var states = seen.makeAsyncIterator()
        let first = await states.next()
        XCTAssertEqual(first, .queued)
        func advance() async throws {
            let request = HTTPRequest(try Endpoint.parse("http://127.0.0.1:\(server.port)"), path: "/__advance_commands",
                                      requestClass: .probe, schemePolicy: SchemePolicy(allowsPlainHTTP: true))
            _ = try await transport.send(request)
        }
        try await advance()
        let second = await states.next()
        XCTAssertEqual(second, .started, "the pushed state reached the observers")
        try await advance()
        let result = await run.value
        XCTAssertEqual(try result.get().status, .completed)
        XCTAssertEqual(try result.get().message, "Search completed. 0 reports downloaded.")
        let stateRequest = HTTPRequest(try Endpoint.parse("http://127.0.0.1:\(server.port)"), path: "/__state",
                                       requestClass: .probe, schemePolicy: SchemePolicy(allowsPlainHTTP: true))
        let report = try JSONSerialization.jsonObject(with: try await transport.send(stateRequest).body) as? [String: Any]
        let polls = report?["commandPolls"] as? [String: Int]
        XCTAssertEqual(polls ?? [:], [:], "command/{id} was never polled")
        await channel.stop()
    }
}

/// Activity with a queue kept on a live channel's word: not asked for again, the transfers still are.
final class KeptQueueTests: XCTestCase {
    func testAKeptQueueIsNotAskedForAgainUntilTheCallerSaysItChanged() async throws {
        let server = try ServarrFixtureServer(kind: "sonarr")
        let (repository, service) = try await server.repository(.sonarr, directory: try temporaryDirectory(self))
        let first = await repository.activity()
        let before = try XCTUnwrap(first.value?.items.count)
        let readsAfterFirst = await repository.queuesRead
        XCTAssertEqual(readsAfterFirst, 1)
        let transport = try SoupTransport()
        let request = HTTPRequest(.delete, try Endpoint.parse("http://127.0.0.1:\(server.port)"), path: "/api/v3/queue/1000004",
                                  query: [URLQueryItem(name: "removeFromClient", value: "false"), URLQueryItem(name: "blocklist", value: "false"),
                                          URLQueryItem(name: "skipRedownload", value: "false"), URLQueryItem(name: "changeCategory", value: "false")],
                                  headers: ["X-Api-Key": ServarrFixtureServer.key], requestClass: .mutation,
                                  schemePolicy: SchemePolicy(allowsPlainHTTP: true))
        let removed = try await transport.send(request)
        XCTAssertEqual(removed.status, 200)
        let kept = await repository.activity(keepingQueues: [service])
        let readsAfterKept = await repository.queuesRead
        XCTAssertEqual(readsAfterKept, 1, "the kept queue was not asked for")
        XCTAssertEqual(kept.value?.items.count, before, "the last read stands until the caller says it changed")
        let fresh = await repository.activity()
        let readsAfterFresh = await repository.queuesRead
        XCTAssertEqual(readsAfterFresh, 2)
        XCTAssertEqual(fresh.value?.items.count, before - 1)
    }
}
