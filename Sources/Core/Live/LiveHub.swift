import Foundation

/// What the live channels should cover now: the instances to connect to, and those whose version has
/// no hub Switchyard speaks (their state says so; nothing is tried).
public struct LiveTargets: Sendable {
    public var connections: [ServiceConnection] = []
    /// Instance → its hub's path below the endpoint's base (its kind's rule for its version).
    public var hubPaths: [UUID: String] = [:]
    /// Instance → the version it reported.
    public var withoutHub: [UUID: String] = [:]

    public init(connections: [ServiceConnection] = [], hubPaths: [UUID: String] = [:], withoutHub: [UUID: String] = [:]) {
        self.connections = connections
        self.hubPaths = hubPaths
        self.withoutHub = withoutHub
    }
}

/// The live channels of every instance whose kind has live updates, one stream of their updates
/// tagged with the instance: states, and each message as what it means (`LiveChange`). `keep` takes the current connections: new ones start, removed or changed ones stop.
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
    private var channels: [UUID: (connection: ServiceConnection, path: String, channel: ServarrLiveChannel, forward: Task<Void, Never>)] = [:]
    /// Each instance's latest state.
    public private(set) var states: [UUID: LiveState] = [:]

    public init(transport: SoupTransport, secrets: any SecretStore, policy: LivePolicy = .standard) {
        self.transport = transport
        self.secrets = secrets
        self.policy = policy
        (updates, continuation) = AsyncStream.makeStream(of: Tagged.self, bufferingPolicy: .unbounded)
    }

    /// Runs a channel for each of the targets' connections (Servarr instances) and stops the others;
    /// an instance without a hub is reported as polling, with its version.
    public func keep(_ targets: LiveTargets) async {
        for id in Array(states.keys) where channels[id] == nil && targets.withoutHub[id] == nil { states[id] = nil }
        for (id, version) in targets.withoutHub {
            await stop(id)
            let state = LiveState.polling(.versionTooOld(version: version))
            guard states[id] != state else { continue }
            states[id] = state
            continuation.yield(Tagged(service: id, update: .state(state)))
        }
        await keep(targets.connections, paths: targets.hubPaths)
    }

    /// Runs a channel for each of `connections` (at its hub path, `/signalr/messages` unless said); stops the others.
    public func keep(_ connections: [ServiceConnection], paths: [UUID: String] = [:]) async {
        let wanted = Dictionary(connections.map { ($0.config.id, $0) }, uniquingKeysWith: { $1 })
        for (id, running) in channels where wanted[id].map({ !Self.same($0, running.connection) }) ?? true {
            await stop(id)
        }
        for (id, connection) in wanted where channels[id] == nil {
            let path = paths[id] ?? ServarrLiveChannel.defaultPath
            let channel = ServarrLiveChannel(connection: connection, transport: transport, secrets: secrets, policy: policy, path: path)
            let forward = Task { [weak self] in
                for await update in channel.updates { await self?.forward(id, update) }
            }
            channels[id] = (connection, path, channel, forward)
            await channel.start()
        }
    }

    /// Stops every channel (the app quits, or nothing needs live updates).
    public func stopAll() async {
        for id in Array(channels.keys) { await stop(id) }
    }

    /// A new credential: that instance's channel starts over (a refused key ended it).
    public func restart(_ id: UUID) async {
        guard let running = channels[id] else { return }
        await stop(id)
        var paths = channels.mapValues(\.path)
        paths[id] = running.path
        await keep(channels.values.map(\.connection) + [running.connection], paths: paths)
    }

    private func stop(_ id: UUID) async {
        guard let running = channels.removeValue(forKey: id) else { return }
        running.forward.cancel()
        await running.channel.stop()
        states[id] = nil
    }

    /// Forwards an update; a message goes out as what it means, decoded once by the instance's kind.
    private func forward(_ id: UUID, _ update: LiveUpdate) {
        guard let running = channels[id] else { return }
        switch update {
        case .state(let state):
            states[id] = state
            continuation.yield(Tagged(service: id, update: update))
        case .message(let message):
            guard let kind = ServiceCatalog.descriptor(for: running.connection.config.kind)?.client as? any LiveUpdating.Type else { return }
            continuation.yield(Tagged(service: id, update: .change(kind.change(message, service: id))))
        case .resumed, .change:
            continuation.yield(Tagged(service: id, update: update))
        }
    }

    /// Each target's live state, tried once (`switchyard --status`): a channel per instance, ended as
    /// soon as it is live or says why it polls. Instances without a hub are reported with their version.
    public static func check(_ targets: LiveTargets, transport: SoupTransport, secrets: any SecretStore,
                             deadline: Duration = .seconds(10)) async -> [UUID: LiveState] {
        var states = targets.withoutHub.mapValues { LiveState.polling(.versionTooOld(version: $0)) }
        let policy = LivePolicy(handshakeDeadline: deadline, pingInterval: .seconds(15), silenceLimit: .seconds(45),
                                backoffBase: .seconds(1), backoffCap: .seconds(1), stableAfter: .seconds(60))
        await withTaskGroup(of: (UUID, LiveState).self) { group in
            for connection in targets.connections {
                group.addTask {
                    let channel = ServarrLiveChannel(connection: connection, transport: transport, secrets: secrets, policy: policy,
                                                     path: targets.hubPaths[connection.config.id] ?? ServarrLiveChannel.defaultPath)
                    await channel.start()
                    var outcome = LiveState.polling(.dropped)
                    for await update in channel.updates {
                        if case .state(let state) = update, state != .connecting {
                            outcome = state
                            break
                        }
                    }
                    await channel.stop()
                    return (connection.config.id, outcome)
                }
            }
            for await (id, state) in group { states[id] = state }
        }
        return states
    }

    private static func same(_ one: ServiceConnection, _ other: ServiceConnection) -> Bool {
        one.config == other.config && one.role == other.role && one.endpoint == other.endpoint
    }
}
