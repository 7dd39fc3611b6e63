import Foundation

/// Live channels: where each instance's hub is, and a channel's refused key counted like a refused request.
extension Repository {
    /// Where each enabled instance of a kind with live updates can be reached now, and its hub (the
    /// endpoint its last probe chose; one is probed when it has not been), and the instances whose
    /// version has no hub Switchyard speaks. Instances that cannot be reached are left out until the next call.
    public func liveTargets() async -> LiveTargets {
        var targets = LiveTargets()
        for config in services where config.enabled {
            guard let client = ServiceCatalog.descriptor(for: config.kind)?.client as? any LiveUpdating.Type,
                  let link = try? await pool.session(config).probe(force: false) else { continue }
            switch client.hub(version: link.status.version) {
            case .none: targets.withoutHub[config.id] = link.status.version
            case .at(let path):
                if let connection = try? ServiceConnection(config: config, role: link.role) {
                    targets.connections.append(connection)
                    targets.hubPaths[config.id] = path
                }
            }
        }
        return targets
    }

    /// A live channel's upgrade was refused with the instance's key: that counts toward the
    /// session's refusals like a refused request (Documentation/Reliability.md) — reads stop asking
    /// until the user does, and three refusals stop even that until the key changes.
    public func liveRefused(serviceID: UUID) async {
        guard let config = configuredServices.first(where: { $0.id == serviceID }), config.enabled else { return }
        await session(for: config).refusedElsewhere()
    }
}
