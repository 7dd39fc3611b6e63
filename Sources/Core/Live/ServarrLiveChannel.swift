import Foundation

/// Whether an instance's changes arrive live or by polling, and why not live.
public enum LiveState: Sendable, Equatable {
    case connecting
    case live
    case polling(LivePollingReason)
}

public enum LivePollingReason: Sendable, Equatable {
    /// The service refused the key on the upgrade (401, 403): no retry until the credential changes.
    case refused
    /// No answer to the upgrade, or the connection failed (retrying with backoff).
    case unreachable
    /// The service answered with another status (starting up: 503; retrying with backoff).
    case answered(status: Int)
    /// No hub at this address (404) although the version has one: most often a reverse proxy that
    /// does not pass WebSocket upgrades on, or another URL base. Not retried until the settings change.
    case hubNotFound
    /// The hub answered the upgrade with a redirect (`status`, 3xx). Redirects are not followed: the key
    /// travels in a header, and the scheme and host checks apply to the address the user entered.
    case redirected(status: Int)
    /// This version has no hub Switchyard speaks (Sonarr v3's is another protocol): polled, never tried.
    case versionTooOld(version: String)
    /// Upgraded, but what came back in place of the handshake's answer could not be read (retrying).
    case unreadable
    /// Upgraded, but the hub never answered the handshake in time, or refused it (retrying).
    case handshakeFailed
    /// The connection closed or went silent (retrying with backoff).
    case dropped

    /// Whether the channel ends here instead of trying again (the owner starts a new one when the
    /// credential or settings change).
    public var isFinal: Bool {
        switch self {
        case .refused, .hubNotFound, .versionTooOld: true
        default: false
        }
    }
}

/// What a live channel reports, in order.
public enum LiveUpdate: Sendable, Equatable {
    case state(LiveState)
    /// One Servarr push, as it arrived (the channel's report).
    case message(ServarrLiveMessage)
    /// What a push means, decoded by the instance's kind (the hub's report: it forwards these, not messages).
    case change(LiveChange)
    /// Live again after having been down: messages in between were not replayed, refetch.
    case resumed
}

/// Timings of a live channel. Backoff doubles from `backoffBase` to `backoffCap`, each wait drawn
/// between half and all of it (jitter), and starts over once a connection stayed up `stableAfter`.
public struct LivePolicy: Sendable {
    public var handshakeDeadline: Duration
    public var pingInterval: Duration
    /// No record at all (the server pings every 15 s) for this long: the connection is dead.
    public var silenceLimit: Duration
    public var backoffBase: Duration
    public var backoffCap: Duration
    public var stableAfter: Duration

    public static let standard = LivePolicy(handshakeDeadline: .seconds(15), pingInterval: .seconds(15), silenceLimit: .seconds(45),
                                            backoffBase: .seconds(1), backoffCap: .seconds(60), stableAfter: .seconds(60))

    public init(handshakeDeadline: Duration, pingInterval: Duration, silenceLimit: Duration, backoffBase: Duration,
                backoffCap: Duration, stableAfter: Duration) {
        self.handshakeDeadline = handshakeDeadline
        self.pingInterval = pingInterval
        self.silenceLimit = silenceLimit
        self.backoffBase = backoffBase
        self.backoffCap = backoffCap
        self.stableAfter = stableAfter
    }

    /// The wait before attempt `attempt` (1-based), drawn with `random` in 0...1.
    public func backoff(attempt: Int, random: Double) -> Duration {
        let exponent = min(max(attempt - 1, 0), 16)
        let full = min(backoffBase * (1 << exponent), backoffCap)
        return full * (0.5 + 0.5 * min(max(random, 0), 1))
    }
}

/// The SignalR live channel of one Sonarr v4 / Radarr v5+ instance (API-GUIDE-2 §5): connects
/// without negotiate to `{urlBase}/signalr/messages` with the API key (and gateway headers) in
/// headers only — nothing secret in the URL, no `access_token` ever — performs the JSON protocol
/// handshake, pings, and reconnects with capped, jittered backoff. Updates arrive on `updates`.
public actor ServarrLiveChannel {
    public nonisolated let updates: AsyncStream<LiveUpdate>
    private let continuation: AsyncStream<LiveUpdate>.Continuation
    private let connection: ServiceConnection
    private let transport: SoupTransport
    private let secrets: any SecretStore
    private let policy: LivePolicy
    private let path: String
    private var runner: Task<Void, Never>?
    private var socket: WebSocket?
    /// Where a Servarr's hub is (below the endpoint's base path).
    public static let defaultPath = "/signalr/messages"

    public init(connection: ServiceConnection, transport: SoupTransport, secrets: any SecretStore, policy: LivePolicy = .standard,
                path: String = defaultPath) {
        self.connection = connection
        self.transport = transport
        self.secrets = secrets
        self.policy = policy
        self.path = path
        (updates, continuation) = AsyncStream.makeStream(of: LiveUpdate.self, bufferingPolicy: .unbounded)
    }

    /// Starts connecting (again); a running channel is left as it is.
    public func start() {
        guard runner == nil else { return }
        runner = Task { await self.run() }
    }

    /// Closes the connection and ends `updates`.
    public func stop() {
        runner?.cancel()
        runner = nil
        socket?.close()
        socket = nil
        continuation.finish()
    }

    private func run() async {
        var failures = 0
        var wasLive = false
        while !Task.isCancelled {
            continuation.yield(.state(.connecting))
            let started = ContinuousClock.now
            let ended = await connectOnce(resuming: wasLive)
            if ended.reachedLive { wasLive = true }
            guard !Task.isCancelled else { return }
            continuation.yield(.state(.polling(ended.reason)))
            if ended.reason.isFinal { // not retried: the owner makes a new channel when the credential or settings change
                continuation.finish()
                return
            }
            failures = ended.reachedLive && ContinuousClock.now - started >= policy.stableAfter ? 1 : failures + 1
            try? await Task.sleep(for: policy.backoff(attempt: failures, random: Double.random(in: 0...1)))
        }
    }

    /// More than this before the handshake's answer is complete is not a SignalR hub talking.
    static let handshakeAnswerLimit = 65_536

    private struct Ending {
        var reason: LivePollingReason
        var reachedLive = false
    }

    private func connectOnce(resuming: Bool) async -> Ending {
        let credential: Credential?
        do { credential = try await secrets.read(connection.config.credential) } catch { return Ending(reason: .refused) }
        guard let key = credential?.apiKey, !key.isEmpty else { return Ending(reason: .refused) }
        var headers = ["X-Api-Key": key]
        for (name, value) in credential?.extraHeaders ?? [:] { headers[name] = value }
        var request = HTTPRequest(connection.endpoint, path: path, headers: headers, requestClass: .list,
                                  schemePolicy: connection.policy)
        request.hasGatewayHeaders = !(credential?.extraHeaders ?? [:]).isEmpty
        let opening: WebSocketOpening
        do { opening = try await transport.openWebSocket(request, deadline: policy.handshakeDeadline) } catch {
            return Ending(reason: error == .timedOut ? .handshakeFailed : .unreachable)
        }
        let socket: WebSocket
        switch opening {
        case .refused(let status):
            switch status {
            case 401, 403: return Ending(reason: .refused)
            case 404: return Ending(reason: .hubNotFound)
            case 300..<400: return Ending(reason: .redirected(status: status))
            default: return Ending(reason: .answered(status: status))
            }
        case .open(let open): socket = open
        }
        self.socket = socket
        defer { self.socket = nil }
        socket.send(SignalRProtocol.handshake)
        let watchdog = Watchdog(policy: policy, socket: socket)
        let watching = Task { await watchdog.watch() }
        defer { watching.cancel() }

        var buffer = ""
        var handshakeDone = false
        var unreadable = false
        var ending = Ending(reason: .dropped)
        reading: for await event in socket.events {
            guard case .text(let text) = event else { break }
            await watchdog.heard()
            for record in SignalRProtocol.records(appending: text, to: &buffer) {
                switch SignalRProtocol.decode(record, handshakeDone: handshakeDone) {
                case .handshake(let error):
                    guard error == nil else {
                        ending.reason = .handshakeFailed
                        socket.close()
                        break reading
                    }
                    handshakeDone = true
                    await watchdog.handshaken()
                    ending.reachedLive = true
                    continuation.yield(.state(.live))
                    if resuming { continuation.yield(.resumed) }
                case .message(let message):
                    continuation.yield(.message(message))
                case .close:
                    socket.close()
                    break reading
                case .unreadable:
                    unreadable = true
                    socket.close()
                    break reading
                case .ping, .ignored:
                    break
                }
            }
            if !handshakeDone, buffer.utf8.count > Self.handshakeAnswerLimit { // no record separator in sight: not SignalR
                unreadable = true
                socket.close()
                break reading
            }
        }
        if !handshakeDone { ending.reason = unreadable || !buffer.isEmpty ? .unreadable : .handshakeFailed }
        return ending
    }
}

/// Sends pings and closes a connection that went silent or never finished its handshake.
private actor Watchdog {
    private let policy: LivePolicy
    private let socket: WebSocket
    private var lastHeard = ContinuousClock.now
    private var handshakeDone = false
    private let opened = ContinuousClock.now

    init(policy: LivePolicy, socket: WebSocket) {
        self.policy = policy
        self.socket = socket
    }

    func heard() { lastHeard = .now }
    func handshaken() { handshakeDone = true }

    func watch() async {
        let step = min(policy.pingInterval, policy.handshakeDeadline) / 3
        var lastPing = ContinuousClock.now
        while !Task.isCancelled {
            try? await Task.sleep(for: step)
            guard !Task.isCancelled else { return }
            let now = ContinuousClock.now
            if !handshakeDone, now - opened >= policy.handshakeDeadline { return socket.close() }
            if now - lastHeard >= policy.silenceLimit { return socket.close() }
            if handshakeDone, now - lastPing >= policy.pingInterval {
                socket.send(SignalRProtocol.ping)
                lastPing = now
            }
        }
    }
}
