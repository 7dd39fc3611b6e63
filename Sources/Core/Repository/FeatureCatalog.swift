import Foundation

/// What one feature (one tab of the window) is, as data: which kinds of service it shows, when its tab
/// shows, how often it refreshes while on screen. A library kind's feature comes from its `LibraryKind`;
/// every other feature is one entry here, and a new one is an addition (`FeatureCatalog.register`).
public struct FeatureDescriptor: Sendable {
    /// Where its tab stands: before the library tabs (the Overview) or after them.
    public enum Placement: Sendable { case beforeLibraries, afterLibraries }

    public var feature: Feature
    public var placement: Placement
    /// The kinds of service whose content it shows, by what they offer.
    public var includes: @Sendable (ServiceKind) -> Bool
    /// Whether a window with services of these kinds shows its tab; nil: when any of them is included.
    public var shownFor: (@Sendable ([ServiceKind]) -> Bool)?
    /// How often it refreshes while on screen.
    public var refreshInterval: Duration

    public init(_ feature: Feature, placement: Placement = .afterLibraries, refreshInterval: Duration = .seconds(60),
                includes: @escaping @Sendable (ServiceKind) -> Bool, shownFor: (@Sendable ([ServiceKind]) -> Bool)? = nil) {
        self.feature = feature
        self.placement = placement
        self.includes = includes
        self.shownFor = shownFor
        self.refreshInterval = refreshInterval
    }
}

/// Every feature this build knows besides the library tabs, in tab order. Adding one: its constant on
/// `Feature`, one entry (or, from a test target, `register`), and its tab in the app's `TabCatalog`.
public enum FeatureCatalog {
    public static let builtIn: [FeatureDescriptor] = [
        .init(.overview, placement: .beforeLibraries, refreshInterval: .seconds(30), includes: { _ in true }),
        // Orchestrator queues, joined with every transfer client's list: a transfer list alone has nothing to join.
        .init(.activity, refreshInterval: .seconds(5),
              includes: { $0.offers(Capabilities.queue) || $0.offers(Capabilities.transfers) },
              shownFor: { kinds in kinds.contains { $0.offers(Capabilities.queue) } }),
        .init(.downloads, refreshInterval: .seconds(2), includes: { $0.offers(Capabilities.transfers) }),
        .init(.calendar, refreshInterval: .seconds(600), includes: { $0.offers(Capabilities.calendar) }),
        .init(.indexers, includes: { $0.offers(Capabilities.indexers) }),
        .init(.requests, includes: { $0.offers(Capabilities.requests) }),
    ]

    private static let state = Registered(builtIn)

    /// Every registered feature's descriptor, built-in ones first.
    public static var all: [FeatureDescriptor] { state.read { $0 } }

    public static func descriptor(_ feature: Feature) -> FeatureDescriptor? { state.read { $0.first { $0.feature == feature } } }

    /// Adds a feature outside the built-in list (a test proves a new tab needs nothing else).
    public static func register(_ descriptor: FeatureDescriptor) {
        state.write { list in
            list.removeAll { $0.feature == descriptor.feature }
            list.append(descriptor)
        }
    }

    /// Removes a feature `register` added (built-in ones stay).
    public static func unregister(_ feature: Feature) {
        guard !builtIn.contains(where: { $0.feature == feature }) else { return }
        state.write { list in list.removeAll { $0.feature == feature } }
    }

    private final class Registered: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [FeatureDescriptor]
        init(_ list: [FeatureDescriptor]) { self.list = list }
        func read<T>(_ body: ([FeatureDescriptor]) -> T) -> T { lock.withLock { body(list) } }
        func write(_ body: (inout [FeatureDescriptor]) -> Void) { lock.withLock { body(&list) } }
    }
}
