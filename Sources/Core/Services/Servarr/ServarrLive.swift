import Foundation

/// Live updates of every Servarr (API-GUIDE-2 §5): the hub is at `/signalr/messages` from the flavour's
/// minimum major version on, and each message is decoded here, once, into what it means. The names
/// shared by every Servarr (queue, command, health, version) are here; the flavour names its item's,
/// its child's and the file messages that touch an item.
extension ServarrClient {
    public static func hub(version: String) -> LiveHubPlace {
        guard let hub = Kind.flavour.hub else { return .none }
        let major = version.split(separator: ".").first.flatMap { Int($0) } ?? 0
        return major >= hub.minimumMajor ? .at("/signalr/messages") : .none
    }

    public static func change(_ message: ServarrLiveMessage, service: UUID) -> LiveChange {
        let flavour = Kind.flavour
        switch message.name {
        case "queue", "queue/details": return .queueChanged
        case "health", "version": return .healthChanged
        case "command":
            // Its resource is a CommandResource.
            guard message.action == .updated, let body = (try? JSONSerialization.jsonObject(with: message.body)) as? [String: Any],
                  let resource = body["resource"] as? [String: Any], let data = try? JSONSerialization.data(withJSONObject: resource),
                  let progress = try? ServarrCommands.decode(data) else { return .ignored }
            return .command(progress)
        default: break
        }
        guard let hub = flavour.hub else { return .ignored }
        let resource = (try? JSONSerialization.jsonObject(with: message.body)) as? [String: Any]
        let fields = resource?["resource"] as? [String: Any]
        if message.name == hub.item {
            // The whole resource comes with the message; one that does not decode makes the library refetch.
            guard let fields, let id = fields["id"] as? Int, id > 0 else { return .libraryChanged }
            switch message.action {
            case .deleted?: return .itemDeleted(ResourceID(serviceID: service, itemID: id))
            case .updated?, .created?:
                guard let data = try? JSONSerialization.data(withJSONObject: [fields]),
                      let item = (try? flavour.decodeItems(data, service))?.first, !item.title.isEmpty else { return .libraryChanged }
                return .itemChanged(item)
            default: return .ignored
            }
        }
        if message.name == hub.child, message.action == .updated || message.action == .created,
           let fields, let data = try? JSONSerialization.data(withJSONObject: fields),
           let child = flavour.children?.decodeChild(data, service) {
            return .childChanged(child)
        }
        if message.name == hub.child || hub.itemTouched.contains(message.name) {
            // It names its item (the series an episode file belongs to): that item alone is read again.
            let owner = fields?[String(describing: flavour.queueFields.item)] as? Int
            return owner.flatMap { $0 > 0 ? .itemTouched(ResourceID(serviceID: service, itemID: $0)) : nil } ?? .libraryChanged
        }
        return .ignored
    }
}
