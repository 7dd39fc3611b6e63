import Core
import Foundation

/// What a tab page shows, independent of the value type its FeatureState carries.
enum PagePresentation: Equatable {
    case loading
    case content
    case empty
    case stale(refreshedAt: Date, recovery: Recovery)
    case unavailable(Recovery)
    case unauthorized
    case disabled

    init<Value>(_ state: FeatureState<Value>) {
        switch state {
        case .loading: self = .loading
        case .content: self = .content
        case .empty: self = .empty
        case .stale(_, let date, let recovery): self = .stale(refreshedAt: date, recovery: recovery)
        case .unavailable(let recovery): self = .unavailable(recovery)
        case .unauthorized: self = .unauthorized
        case .disabled: self = .disabled
        }
    }
}

extension Recovery {
    /// The action a recovery button triggers.
    var actionName: String {
        switch self {
        case .retry: "win.refresh"
        case .updateCredentials, .configureEndpoint, .enableService: "app.preferences"
        }
    }

    /// The action for a recovery that concerns one service: settings open on that service.
    func actionName(for service: UUID?) -> String {
        guard let service, actionName == "app.preferences" else { return actionName }
        return "app.edit-service::\(service.uuidString.lowercased())"
    }
}
