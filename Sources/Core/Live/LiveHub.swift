import Foundation

/// The live channels of every Sonarr and Radarr instance, one stream of their updates tagged with
/// the instance. `keep` takes the current connections: new ones start, removed or changed ones stop.
public actor LiveHub {
    public struct Tagged: Sendable, Equatable {
        public var service: UUID
        public var update: LiveUpdate

        public init(service: UUID, update: LiveUpdate) {
            self.service = service
            self.update = update
        }
    }

    public nonisolated let updates: AsyncStream<Tagged>
    private let continuation: AsyncStream<Tagged>.Continuation
    private let transport: SoupTransport
    private let secrets: any SecretStore
    private let policy: LivePolicy
    private var channels: [UUID: (connection: ServiceConnection, channel: ServarrLiveChannel, forward: Task<Void, Never>)] = [:]
    /// Each instance's latest state.
    public private(set) var states: [UUID: LiveState] = [:]

    public init(transport: SoupTransport, secrets: any SecretStore, policy: LivePolicy = .standard) {
        self.transport = transport
        self.secrets = secrets
        self.policy = policy
        (updates, continuation) = AsyncStream.makeStream(of: Tagged.self, bufferingPolicy: .unbounded)
    }

    /// Runs a channel for each of `connections` (Servarr instances); stops the others.
    public func keep(_ connections: [ServiceConnection]) async {
        let wanted = Dictionary(connections.map { ($0.config.id, $0) }, uniquingKeysWith: { $1 })
        for (id, running) in channels where wanted[id].map({ !Self.same($0, running.connection) }) ?? true {
            await stop(id)
        }
        for (id, connection) in wanted where channels[id] == nil {
            let channel = ServarrLiveChannel(connection: connection, transport: transport, secrets: secrets, policy: policy)
            let forward = Task { [weak self] in
                for await update in channel.updates { await self?.forward(id, update) }
            }
            channels[id] = (connection, channel, forward)
            await channel.start()
        }
    }

    /// Stops every channel (the app quits, or nothing needs live updates).
    public func stopAll() async {
        for id in Array(channels.keys) { await stop(id) }
    }

    /// A new credential: that instance's channel starts over (a refused key ended it).
    public func restart(_ id: UUID) async {
        guard let connection = channels[id]?.connection else { return }
        await stop(id)
        await keep(channels.values.map(\.connection) + [connection])
    }

    private func stop(_ id: UUID) async {
        guard let running = channels.removeValue(forKey: id) else { return }
        running.forward.cancel()
        await running.channel.stop()
        states[id] = nil
    }

    private func forward(_ id: UUID, _ update: LiveUpdate) {
        guard channels[id] != nil else { return }
        if case .state(let state) = update { states[id] = state }
        continuation.yield(Tagged(service: id, update: update))
    }

    private static func same(_ one: ServiceConnection, _ other: ServiceConnection) -> Bool {
        one.config == other.config && one.role == other.role && one.endpoint == other.endpoint
    }
}
