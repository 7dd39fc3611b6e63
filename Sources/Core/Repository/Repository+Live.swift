import Foundation

/// Live channels: where each instance's hub is, and a channel's refused key counted like a refused request.
extension Repository {
    /// Where each enabled instance of a kind with live updates can be reached now, and its hub (the
    /// endpoint its last probe chose; one is probed when it has not been), and the instances whose
    /// version has no hub Switchyard speaks. Instances that cannot be reached are left out until the next call.
    public func liveTargets() async -> LiveTargets {
        var targets = LiveTargets()
        for config in services where config.enabled {
            guard let client = ServiceCatalog.descriptor(for: config.kind)?.client as? any LiveUpdating.Type else { continue }
            let session = pool.session(config)
            do throws(ServiceError) {
                let link = try await session.probe(force: false)
                switch client.hub(version: link.status.version) {
                case .none: targets.withoutHub[config.id] = link.status.version
                case .at(let path):
                    targets.connections.append(try ServiceConnection(config: config, role: link.role))
                    targets.hubPaths[config.id] = path
                }
                await session.note(.liveProbe, nil)
            } catch {
                await session.note(.liveProbe, error) // polled meanwhile; the reason stays readable
            }
        }
        return targets
    }

    /// The last failure of each read made beside the features, per instance (those that failed only).
    public func sideReadFailures() async -> [UUID: [SideRead: ServiceError]] {
        var all: [UUID: [SideRead: ServiceError]] = [:]
        for config in services {
            let failures = await pool.session(config).sideFailures
            if !failures.isEmpty { all[config.id] = failures }
        }
        return all
    }

    /// A live channel's upgrade was refused with the instance's key: that counts toward the
    /// session's refusals like a refused request (Documentation/Reliability.md) — reads stop asking
    /// until the user does, and three refusals stop even that until the key changes.
    public func liveRefused(serviceID: UUID) async {
        guard let config = configuredServices.first(where: { $0.id == serviceID }), config.enabled else { return }
        await session(for: config).refusedElsewhere()
    }
}
