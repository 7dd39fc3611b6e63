import Foundation

/// Request managers (Jellyseerr, Overseerr): their requests, pending first, and acting on them — one
/// request per id, each sent once, then read back.
extension Repository {
    /// How many pending requests, and how many of the others, one refresh reads (the service's largest page).
    static let requestPage = 100

    /// Every request manager's pending requests, the most recently changed others and the counts.
    public func requests(force: Bool = false, progress: Progress<RequestsContent>? = nil) async -> FeatureState<RequestsContent> {
        let configs = services.filter { Feature.requests.includes($0.kind) }
        let aggregate = await gather(configs, Capabilities.requests, .requests, cache: .requests, force: force,
                                     progress: progress.map { FeatureStates.progress($0, clock: clock) }) { client throws(ServiceError) in
            try await Self.requestList(client)
        }
        return FeatureStates.state(aggregate, configs: configs, now: clock.now) { $0.parts.allSatisfy(\.value.requests.isEmpty) }
    }

    public func cachedRequests() async -> FeatureState<RequestsContent> {
        await store.state(services.filter { Feature.requests.includes($0.kind) }, .requests, now: clock.now)
    }

    /// Two pages (pending, then everything by last change) and the counts. The counts are extra: a
    /// service that cannot give them still lists its requests.
    static func requestList(_ client: any RequestsProviding) async throws(ServiceError) -> RequestList {
        let pending = try await client.requests(.pending, take: requestPage, skip: 0)
        let others = try await client.requests(.all, take: requestPage, skip: 0)
        var list = RequestList(requests: RequestList.ordered(pending: pending.requests, others: others.requests),
                               counts: nil, pendingTruncated: pending.total > pending.requests.count)
        switch await outcome({ () throws(ServiceError) in try await client.requestCounts() }) {
        case .success(let counts): list.counts = counts
        case .failure(let error): list.countsFailure = error
        }
        return list
    }

    /// Acts on exactly these requests of one service, one call each, in order; none is retried. Each
    /// outcome is the service's answer for that id (nil after a delete) or why it failed; a failure does
    /// not stop the others (each names its own id).
    public func act(_ action: RequestAction, on ids: [Int], service: UUID) async throws(ServiceError)
        -> [(id: Int, outcome: Result<MediaRequest?, ServiceError>)] {
        guard !ids.isEmpty, ids.allSatisfy({ $0 > 0 }) else { throw .invalidRequest(.noItems) }
        let session = try enabledSession(service)
        guard session.config.kind.offers(Capabilities.requestActions) else { throw .notOffered }
        var outcomes: [(id: Int, outcome: Result<MediaRequest?, ServiceError>)] = []
        for id in ids {
            do throws(ServiceError) {
                let answer = try await session.write(Capabilities.requestActions) { client throws(ServiceError) in
                    try await client.perform(action, on: id)
                }
                outcomes.append((id, .success(answer ?? nil)))
            } catch {
                outcomes.append((id, .failure(error)))
                // Refused credentials or a read-only API refuse the rest alike: they are not sent.
                if case .unauthorized = error { break }
                if case .refused(.readOnlyAPI) = error { break }
            }
        }
        return outcomes
    }
}

/// Asking a request manager for a title (the Add Series / Add Movie dialog's Request).
extension Repository {
    /// The enabled request managers that take new requests.
    public func requestManagers() -> [ServiceRef] {
        configuredServices.filter { $0.enabled && $0.kind.offers(Capabilities.requestCreating) }.map(ServiceRef.init)
    }

    /// Who a request made through `service` is attributed to.
    public func requester(on service: UUID) async throws(ServiceError) -> String {
        guard let name = try await enabledSession(service).perform(Capabilities.requestCreating, force: true, { client throws(ServiceError) in
            try await client.requester()
        }) else { throw .notOffered }
        return name
    }

    /// Sends one request, once; the service's answer is the request it made.
    public func request(_ ask: MediaAsk, on service: UUID) async throws(ServiceError) -> MediaRequest {
        guard let made = try await enabledSession(service).write(Capabilities.requestCreating, { client throws(ServiceError) in
            try await client.request(ask)
        }) else { throw .notOffered }
        return made
    }
}
