import Foundation

/// What one live message means, decoded once, by the kind of service that sent it (its client's
/// `LiveUpdating.change`). The app acts on these and never on a service's message names.
public enum LiveChange: Sendable, Equatable {
    /// The queue changed: Activity reads it again.
    case queueChanged
    /// A library item as the service now has it (the whole resource came with the message).
    case itemChanged(Resource)
    case itemDeleted(ResourceID)
    /// Something about an item changed that the message does not carry (its files): read that item again.
    case itemTouched(ResourceID)
    /// A child as the service now has it (an episode): its row takes it; its item is read again for its counts.
    case childChanged(Child)
    /// The library changed in a way the message does not say (a resource that did not decode): read it again.
    case libraryChanged
    /// A command moved on (queued, started, ended).
    case command(CommandProgress)
    /// Health checks or the service's version: the overview reads them again.
    case healthChanged
    /// Nothing Switchyard shows.
    case ignored
}

/// Whether a service of some version has a live hub Switchyard speaks, and where.
public enum LiveHubPlace: Sendable, Equatable {
    /// Below the endpoint's base path ("/signalr/messages").
    case at(String)
    /// This version has none Switchyard can use (Sonarr v3 speaks another protocol).
    case none
}

/// A kind whose instances push their changes (Sonarr v4+, Radarr, Lidarr): where the hub is for a
/// version, and what each message means — both rules in the kind's own folder.
public protocol LiveUpdating: ServiceClient {
    static func hub(version: String) -> LiveHubPlace
    static func change(_ message: ServarrLiveMessage, service: UUID) -> LiveChange
}

extension Capabilities {
    public static let live = Capability<any LiveUpdating>(
        "live updates", offers: { $0 is any LiveUpdating.Type }, cast: { $0 as? any LiveUpdating })
}
