import Foundation

/// Writes to transfer clients. Each picked item goes to the client that holds it (its
/// `serviceID`, the row the user picked), one request per client, naming exactly the items;
/// items a client cannot take the action on are left out and reported, and a client with
/// nothing left is sent nothing. A write is never retried; the caller refreshes to read the
/// result back.
extension Repository {
    public func perform(_ action: TransferAction, on items: [TransferItem]) async -> ActionReport {
        var byService: [UUID: [TransferItem]] = [:]
        var order: [UUID] = []
        for item in items {
            if byService[item.serviceID] == nil { order.append(item.serviceID) }
            byService[item.serviceID, default: []].append(item)
        }
        let work = order.compactMap { id -> (ServiceConfig, ServiceSession, [TransferItem])? in
            guard let config = configuredServices.first(where: { $0.id == id }), config.enabled else { return nil }
            return (config, session(for: config), byService[id] ?? [])
        }
        let parts = await withTaskGroup(of: (Int, ActionReport.Part).self) { group in
            for (index, (config, session, picked)) in work.enumerated() {
                group.addTask {
                    (index, await Self.send(action, picked, config: config, session: session))
                }
            }
            var parts: [(Int, ActionReport.Part)] = []
            for await part in group { parts.append(part) }
            return parts.sorted { $0.0 < $1.0 }.map(\.1)
        }
        return ActionReport(action: action, parts: parts) // items of a service no longer configured are not sent
    }

    private static func send(_ action: TransferAction, _ picked: [TransferItem], config: ServiceConfig,
                             session: ServiceSession) async -> ActionReport.Part {
        let service = ServiceRef(config)
        let able = picked.filter { config.kind.availability(of: action, for: $0) == .available }
        let skipped = picked.filter { config.kind.availability(of: action, for: $0) != .available }.map(\.clientID)
        guard !able.isEmpty else { return ActionReport.Part(service: service, itemIDs: [], skipped: skipped, error: nil) }
        // A usenet client takes queue entries and history entries in different requests: one kind per action.
        let sent = able.contains(where: \.isHistoryEntry) && able.contains(where: { !$0.isHistoryEntry })
            ? able.filter { !$0.isHistoryEntry } : able
        let leftOut = skipped + able.filter { item in !sent.contains { $0.clientID == item.clientID } }.map(\.clientID)
        do throws(ServiceError) {
            let done: Void? = try await session.write(Capabilities.transferActions) { client throws(ServiceError) in
                try await client.perform(action, on: sent)
            }
            return ActionReport.Part(service: service, itemIDs: sent.map(\.clientID), skipped: leftOut,
                                     error: done == nil ? .notOffered : nil)
        } catch {
            return ActionReport.Part(service: service, itemIDs: sent.map(\.clientID), skipped: leftOut, error: error)
        }
    }

    /// Each transfer client's turtle mode as it reports it now.
    public func turtleModes() async -> [UUID: Result<Bool, ServiceError>] {
        let configs = configuredServices.filter { $0.enabled && $0.kind.offers(Capabilities.speedLimits) }
        let sessions = configs.map { ($0.id, session(for: $0)) }
        return await withTaskGroup(of: (UUID, Result<Bool, ServiceError>).self) { group in
            for (id, session) in sessions {
                group.addTask {
                    do throws(ServiceError) {
                        let on = try await session.perform(Capabilities.speedLimits, force: true) { client throws(ServiceError) in
                            try await client.turtleMode()
                        }
                        return (id, on.map { .success($0) } ?? .failure(.notOffered))
                    } catch {
                        return (id, .failure(error))
                    }
                }
            }
            var modes: [UUID: Result<Bool, ServiceError>] = [:]
            for await (id, mode) in group { modes[id] = mode }
            return modes
        }
    }

    /// Switches turtle mode on or off on each of `services` (one write each), then reads it back.
    public func setTurtleMode(_ enabled: Bool, on services: [UUID]) async -> [UUID: Result<Bool, ServiceError>] {
        let configs = configuredServices.filter { services.contains($0.id) && $0.enabled && $0.kind.offers(Capabilities.speedLimits) }
        let sessions = configs.map { ($0.id, session(for: $0)) }
        return await withTaskGroup(of: (UUID, Result<Bool, ServiceError>).self) { group in
            for (id, session) in sessions {
                group.addTask {
                    do throws(ServiceError) {
                        _ = try await session.write(Capabilities.speedLimits) { client throws(ServiceError) in
                            try await client.setTurtleMode(enabled)
                        }
                        let now = try await session.perform(Capabilities.speedLimits, force: true) { client throws(ServiceError) in
                            try await client.turtleMode()
                        }
                        return (id, now.map { .success($0) } ?? .failure(.notOffered))
                    } catch {
                        return (id, .failure(error))
                    }
                }
            }
            var modes: [UUID: Result<Bool, ServiceError>] = [:]
            for await (id, mode) in group { modes[id] = mode }
            return modes
        }
    }
}
