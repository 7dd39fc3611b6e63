import Foundation

/// What a refresh does with its content for the disk cache (`ServiceSession.shouldKeep`).
enum CacheKeeping: Sendable, Equatable {
    /// Encode and write the content.
    case write
    /// The cache already holds this content: note only that it was still current.
    case confirm
    case skip
}

/// One configured service between refreshes: the endpoint chosen for it, the
/// client at that endpoint, and the backoff after failures.
///
/// - The endpoint is resolved once (`ConnectionResolver`) and kept until a
///   request finds it unreachable or the network changes; then it is resolved again.
/// - After a failure the service is left alone for a while instead of being
///   asked again on every tick: unreachable services back off exponentially
///   (2 s doubling to 60 s); refused credentials or an address that answers as
///   something else wait until the user asks (a forced refresh) — asking
///   qBittorrent again with a wrong password every two seconds would get the
///   address banned. A forced refresh always tries.
actor ServiceSession {
    struct Link: Sendable {
        var client: any ServiceClient
        var role: EndpointRole
        var status: ServiceStatus
        var latency: Duration
    }

    static let firstBackoff: TimeInterval = 2
    static let maximumBackoff: TimeInterval = 60
    /// Refused sign-ins allowed with one credential, forced refreshes included. qBittorrent bans an
    /// address after 5 failures by default: after 3, only a new credential (a new session) tries again.
    static let maximumRefusals = 3

    let config: ServiceConfig
    private let transport: any HTTPTransport
    private let secrets: any SecretStore
    private let clock: Clock
    private var link: Link?
    private var resolving: Task<Link, any Error>?
    private var failure: (error: ServiceError, retryAt: Date?, streak: Int)?
    private var refusals = 0

    init(config: ServiceConfig, transport: any HTTPTransport, secrets: any SecretStore, clock: Clock) {
        self.config = config
        self.transport = transport
        self.secrets = secrets
        self.clock = clock
    }

    /// The last failure of each read made beside the features (an orchestrator's download-client
    /// list, the live channel's probe, one item read again): nil once it next succeeds. Nothing shows
    /// these as a tab's state; `--status` and the stack doctor read them.
    private(set) var sideFailures: [SideRead: ServiceError] = [:]

    func note(_ read: SideRead, _ error: ServiceError?) { sideFailures[read] = error }

    private var keptAt: [String: Date] = [:]
    /// Features whose newest content was not written (within `interval` of the last write).
    private var unkept: Set<String> = []

    /// What to do with content fetched now for the disk cache: write it at most once per `interval`
    /// per feature (transfers refresh every 2 s; writing 2,000 items each time cost more CPU than the
    /// refresh itself). Content its client says is `unchanged` since the content before is not
    /// written again (an idle seedbox's 2,000 transfers were encoded every 30 s for nothing) unless
    /// something newer was left unwritten. When the cache would age past half its life (5 × `interval`),
    /// unchanged content is only confirmed: the cache notes that what it holds was still current then,
    /// without encoding it again (that encode was a quarter of an idle seedbox window's CPU).
    func shouldKeep(_ feature: String, at now: Date, every interval: TimeInterval, unchanged: Bool = false) -> CacheKeeping {
        if let last = keptAt[feature], now >= last {
            let age = now.timeIntervalSince(last)
            if unchanged, !unkept.contains(feature) {
                guard age >= interval * 5 else { return .skip }
                keptAt[feature] = now
                return .confirm
            }
            if age < interval {
                if !unchanged { unkept.insert(feature) }
                return .skip
            }
        }
        keptAt[feature] = now
        unkept.remove(feature)
        return .write
    }

    /// Forgets the chosen endpoint (the network changed); the next request resolves again.
    func invalidate() {
        link = nil
        resolving?.cancel()
        resolving = nil
        if let error = failure?.error, Self.isUnreachable(error) { failure = nil }
    }

    /// Probes the service again at its current endpoint (resolving one when
    /// there is none) and reports what it said and how long it took.
    func probe(force: Bool) async throws(ServiceError) -> Link {
        try checkBackoff(force: force)
        if let current = link {
            let started = ContinuousClock.now
            do throws(ServiceError) {
                let status = try await current.client.probe()
                let fresh = Link(client: current.client, role: current.role, status: status, latency: ContinuousClock.now - started)
                link = fresh
                failure = nil
                return fresh
            } catch {
                if case .cancelled = error { throw error }
                if Self.isUnreachable(error) { link = nil } else { throw record(error) }
            }
        }
        return try await resolved()
    }

    /// Runs `body` with the client, resolving the endpoint first when needed.
    /// An unreachable endpoint is resolved again once (the other endpoint may answer).
    func perform<T: Sendable>(force: Bool, _ body: @Sendable (any ServiceClient) async throws(ServiceError) -> T)
        async throws(ServiceError) -> T {
        try checkBackoff(force: force)
        var current = try await resolved()
        for attempt in 0..<2 {
            do throws(ServiceError) {
                let value = try await body(current.client)
                failure = nil
                return value
            } catch {
                guard Self.isUnreachable(error), attempt == 0 else {
                    if case .cancelled = error { throw error }
                    throw record(error)
                }
                link = nil
                current = try await resolved()
            }
        }
        throw record(.unavailable(.unreachable))
    }

    /// Runs `body` with the client's provider of `capability`; nil when the kind does not offer it
    /// (then nothing is resolved or sent).
    func perform<Provider, T: Sendable>(_ capability: Capability<Provider>, force: Bool,
                                        _ body: @escaping @Sendable (Provider) async throws(ServiceError) -> T)
        async throws(ServiceError) -> T? {
        guard config.kind.offers(capability) else { return nil }
        return try await perform(force: force) { client throws(ServiceError) -> T? in
            guard let provider = capability.provider(client) else { return nil }
            return try await body(provider)
        }
    }

    /// A write: runs `body` once with the client's provider of `capability`. Unlike a read it is
    /// never sent again — not on another endpoint, not after a dropped connection: the first
    /// request may have reached the service. The user asked for it, so a backoff does not hold it
    /// back, but three refused credentials still do. nil when the kind does not offer it.
    func write<Provider, T: Sendable>(_ capability: Capability<Provider>,
                                      _ body: @escaping @Sendable (Provider) async throws(ServiceError) -> T)
        async throws(ServiceError) -> T? {
        guard config.kind.offers(capability) else { return nil }
        try checkBackoff(force: true)
        let current = try await resolved()
        guard let provider = capability.provider(current.client) else { return nil }
        do throws(ServiceError) {
            return try await body(provider)
        } catch {
            if case .cancelled = error { throw error }
            if Self.isUnreachable(error) { link = nil } // the next read resolves again; this write is not repeated
            throw record(error)
        }
    }

    /// The credential was refused outside this session's own requests (a live channel's upgrade
    /// answered 401): one of its refusals, and reads wait for the user as after any other.
    func refusedElsewhere() { _ = record(.unauthorized) }

    private func checkBackoff(force: Bool) throws(ServiceError) {
        if refusals >= Self.maximumRefusals, let failure, failure.error == .unauthorized { throw failure.error }
        guard !force, let failure else { return }
        if let retryAt = failure.retryAt, clock.now >= retryAt { return }
        throw failure.error
    }

    /// The current link, or a new one from the resolver. Concurrent callers
    /// (several features refreshing at once) share one resolution.
    private func resolved() async throws(ServiceError) -> Link {
        if let link { return link }
        let task: Task<Link, any Error>
        if let resolving {
            task = resolving
        } else {
            let config = config, transport = transport, secrets = secrets
            task = Task {
                let resolution = try await ConnectionResolver.resolve(config) { connection throws(ServiceError) in
                    let client = try ServiceProbe.client(for: connection, transport: transport, secrets: secrets)
                    let started = ContinuousClock.now
                    let status = try await client.probe()
                    return Link(client: client, role: connection.role, status: status, latency: ContinuousClock.now - started)
                }
                return resolution.answer
            }
            resolving = task
        }
        do {
            let fresh = try await task.value
            if resolving == task { resolving = nil }
            link = fresh
            failure = nil
            refusals = 0
            return fresh
        } catch {
            if resolving == task { resolving = nil }
            let serviceError = error as? ServiceError ?? .cancelled
            if case .cancelled = serviceError { throw serviceError }
            throw record(serviceError)
        }
    }

    /// The endpoint did not answer at all: another endpoint, or the same one
    /// after a network change, may do better.
    static func isUnreachable(_ error: ServiceError) -> Bool {
        guard case .unavailable(let reason) = error else { return false }
        switch reason {
        case .timedOut, .connectionRefused, .nameNotResolved, .unreachable, .connectionLost,
             .certificateUntrusted, .tlsFailed, .plainHTTPBlocked, .redirectRefused: return true
        case .responseTooLarge, .rateLimited, .serverUnavailable, .serverError, .badResponse: return false
        }
    }

    /// The service answered, but one request's content failed: the service is
    /// up (its status row is "degraded"), and nothing backs off.
    static func isContentProblem(_ error: ServiceError) -> Bool {
        switch error {
        case .decoding, .serverMessage, .keyring: true
        case .unavailable(let reason):
            switch reason {
            case .responseTooLarge, .serverError, .badResponse: true
            default: false
            }
        case .notOffered, .invalidRequest, .refused, .partlyDone: true
        case .unauthorized, .missingCredential, .authGateway, .wrongServiceKind, .incompatibleVersion, .cancelled, .noEndpoint,
             .notConfigured: false
        }
    }

    /// Remembers a failure for the backoff and hands it back.
    private func record(_ error: ServiceError) -> ServiceError {
        guard !Self.isContentProblem(error) else { return error }
        let streak = (failure?.streak ?? 0) + 1
        if error == .unauthorized { refusals += 1 }
        let retryAt: Date?
        switch error {
        case .unavailable(.rateLimited(let retryAfter?)):
            retryAt = clock.now.addingTimeInterval(min(Self.maximumBackoff * 5, max(Self.firstBackoff, retryAfter)))
        case .unavailable:
            retryAt = clock.now.addingTimeInterval(min(Self.maximumBackoff, Self.firstBackoff * pow(2, Double(streak - 1))))
        default:
            retryAt = nil // refused credentials, a sign-in page, the wrong service: until the user asks again
        }
        failure = (error, retryAt, streak)
        return error
    }
}
