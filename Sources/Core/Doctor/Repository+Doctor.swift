import Foundation

/// One doctor pass: every enabled orchestrator's settings, queue and health, and every enabled transfer
/// client's probe and settings, read at once (each service on its own session, one slow service never
/// holding back the others), then checked (`StackDoctor`). Reads only: the doctor writes nothing.
extension Repository {
    public func doctor() async -> (evidence: StackEvidence, findings: [DoctorFinding]) {
        let configs = services
        let enabled = configs.filter(\.enabled)
        let orchestrators = enabled.filter { $0.kind.offers(Capabilities.stackSettings) }
        let clients = enabled.filter { $0.kind.offers(Capabilities.transfers) }
        let sessions = Dictionary(uniqueKeysWithValues: (orchestrators + clients).map { ($0.id, session(for: $0)) })

        async let readOrchestrators = withTaskGroup(of: StackEvidence.Orchestrator.self) { group in
            for config in orchestrators {
                guard let session = sessions[config.id] else { continue }
                group.addTask { await Self.orchestratorEvidence(config, session: session) }
            }
            var found: [StackEvidence.Orchestrator] = []
            for await one in group { found.append(one) }
            return found
        }
        async let readClients = withTaskGroup(of: StackEvidence.Client.self) { group in
            for config in clients {
                guard let session = sessions[config.id] else { continue }
                group.addTask { await Self.clientEvidence(config, session: session) }
            }
            var found: [StackEvidence.Client] = []
            for await one in group { found.append(one) }
            return found
        }
        func order<T>(_ list: [T], _ id: (T) -> UUID) -> [T] {
            list.sorted { FanOut.position(of: id($0), in: configs) < FanOut.position(of: id($1), in: configs) }
        }
        let evidence = StackEvidence(configs: configs, orchestrators: order(await readOrchestrators) { $0.service.id },
                                     clients: order(await readClients) { $0.service.id })
        return (evidence, StackDoctor.findings(evidence))
    }

    private static func orchestratorEvidence(_ config: ServiceConfig, session: ServiceSession) async -> StackEvidence.Orchestrator {
        let service = ServiceRef(config)
        let version: String
        do throws(ServiceError) {
            version = try await session.probe(force: true).status.version
        } catch {
            return StackEvidence.Orchestrator(service: service, settings: nil, failure: error)
        }
        async let settings = outcome { () throws(ServiceError) in
            try await session.perform(Capabilities.stackSettings, force: true) { client throws(ServiceError) in try await client.stackSettings() }
        }
        async let queue = outcome { () throws(ServiceError) in
            try await session.perform(Capabilities.queue, force: true) { client throws(ServiceError) in try await client.queue() }
        }
        async let health = outcome { () throws(ServiceError) in
            try await session.perform(Capabilities.health, force: true) { client throws(ServiceError) in try await client.health() }
        }
        let (s, q, h) = await (settings, queue, health)
        // Without its settings nothing of the orchestrator's side can be checked: not read at all.
        let read: OrchestratorSettings
        switch s {
        case .success(let value?): read = value
        case .success(nil): return StackEvidence.Orchestrator(service: service, settings: nil, failure: .notOffered)
        case .failure(let error): return StackEvidence.Orchestrator(service: service, settings: nil, failure: error)
        }
        var unread: [StackEvidence.Part: ServiceError] = [:]
        return StackEvidence.Orchestrator(service: service, settings: read, queue: value(q, .queue, into: &unread),
                                          health: value(h, .health, into: &unread), version: version,
                                          fixable: config.kind.offers(Capabilities.doctorFixing), unread: unread)
    }

    private static func clientEvidence(_ config: ServiceConfig, session: ServiceSession) async -> StackEvidence.Client {
        let service = ServiceRef(config)
        let version: String
        do throws(ServiceError) {
            version = try await session.probe(force: true).status.version
        } catch {
            return StackEvidence.Client(service: service, reachable: false, failure: error)
        }
        async let settings = outcome { () throws(ServiceError) in
            try await session.perform(Capabilities.clientSettings, force: true) { client throws(ServiceError) in try await client.clientSettings() }
        }
        async let transfers = outcome { () throws(ServiceError) in
            try await session.perform(Capabilities.transfers, force: true) { client throws(ServiceError) in try await client.transfers().items }
        }
        let (s, t) = await (settings, transfers)
        var unread: [StackEvidence.Part: ServiceError] = [:]
        return StackEvidence.Client(service: service, reachable: true, settings: value(s, .clientSettings, into: &unread), version: version,
                                    transfers: value(t, .transfers, into: &unread), unread: unread)
    }

    /// A read's value; its error goes into `unread` as `part`'s. A capability the kind does not offer reads as nil with
    /// no error (there is nothing to read).
    private static func value<T>(_ result: Result<T?, ServiceError>, _ part: StackEvidence.Part,
                                 into unread: inout [StackEvidence.Part: ServiceError]) -> T? {
        switch result {
        case .success(let value): return value
        case .failure(let error): unread[part] = error; return nil
        }
    }
}
