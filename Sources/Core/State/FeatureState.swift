import Foundation

/// What the user can do to get a feature surface working again.
/// The UI turns each case into one button; Core never decides how it looks.
public enum Recovery: String, Sendable, Equatable, CaseIterable {
    case retry
    case updateCredentials
    case configureEndpoint
    case enableService
}

/// The one state every remote feature surface renders (the design's FeatureState).
///
/// A page shows exactly one of these; partial multi-service failure is expressed
/// in the value (content of working services plus a per-service failure list),
/// never by blanking the whole surface.
public enum FeatureState<Value: Sendable>: Sendable {
    case loading
    case content(Value, refreshedAt: Date)
    case empty
    case stale(Value, refreshedAt: Date, recovery: Recovery)
    case unavailable(Recovery)
    case unauthorized
    case disabled

    /// The value a page can show, fresh or stale.
    public var value: Value? {
        switch self {
        case .content(let value, _), .stale(let value, _, _): value
        case .loading, .empty, .unavailable, .unauthorized, .disabled: nil
        }
    }

    /// When the shown value was fetched, if a value is shown.
    public var refreshedAt: Date? {
        switch self {
        case .content(_, let date), .stale(_, let date, _): date
        case .loading, .empty, .unavailable, .unauthorized, .disabled: nil
        }
    }

    /// The recovery the page offers, if any.
    public var recovery: Recovery? {
        switch self {
        case .stale(_, _, let recovery), .unavailable(let recovery): recovery
        case .unauthorized: .updateCredentials
        case .disabled: .enableService
        case .loading, .content, .empty: nil
        }
    }
}

extension FeatureState: Equatable where Value: Equatable {}
