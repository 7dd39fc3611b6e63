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

// MARK: Transitions the repositories use

extension FeatureState {
    /// A refresh started: shown data stays on screen; otherwise show loading.
    public func refreshing() -> FeatureState {
        switch self {
        case .content, .stale: self
        case .loading, .empty, .unavailable, .unauthorized, .disabled: .loading
        }
    }

    /// A refresh failed. Data already shown becomes stale with the error's
    /// recovery (never blanked); without data the failure itself is shown.
    public func failed(_ error: ServiceError) -> FeatureState {
        if let value, let refreshedAt {
            return .stale(value, refreshedAt: refreshedAt, recovery: error.recovery)
        }
        switch error {
        case .unauthorized, .missingCredential: return .unauthorized
        default: return .unavailable(error.recovery)
        }
    }

    /// Content older than `maxAge` is no longer fresh: it shows as stale.
    public func expired(now: Date, maxAge: TimeInterval) -> FeatureState {
        guard case .content(let value, let refreshedAt) = self, now.timeIntervalSince(refreshedAt) > maxAge else {
            return self
        }
        return .stale(value, refreshedAt: refreshedAt, recovery: .retry)
    }
}

extension FeatureState where Value: Collection {
    /// A refresh succeeded: content, or empty when there is nothing to show.
    public static func loaded(_ value: Value, at date: Date) -> FeatureState {
        value.isEmpty ? .empty : .content(value, refreshedAt: date)
    }
}
