import Foundation

/// A fix the doctor offers for a finding: one safe, reversible write on a service Switchyard already
/// writes to — create the category an orchestrator sends to in the client, or switch an orchestrator's
/// completed download handling on. Everything else is explained, never done; an orchestrator's
/// download-client and path settings are never changed.
public struct DoctorFix: Sendable, Equatable, Codable {
    public enum Action: Sendable, Equatable, Codable {
        /// Create this category (label) in the client, with the client's own default folder for it.
        case createCategory(String)
        /// Switch the orchestrator's completed download handling on.
        case enableCompletedHandling
    }

    public var action: Action
    /// The service the write goes to.
    public var service: ServiceRef

    public init(_ action: Action, on service: ServiceRef) {
        self.action = action
        self.service = service
    }
}

/// Exactly what a fix will send, shown in the confirmation before anything is sent: the method, the
/// path on the service and the body as sent (a form or JSON). The credential travels in a header or
/// the session cookie and is never part of it.
public struct FixPlan: Sendable, Equatable {
    public var fix: DoctorFix
    public var method: String
    public var path: String
    public var body: String

    public init(fix: DoctorFix, method: String, path: String, body: String) {
        self.fix = fix
        self.method = method
        self.path = path
        self.body = body
    }
}

/// What the service reports after a fix: read back, never assumed.
public struct FixOutcome: Sendable, Equatable {
    /// The read-back shows the fix in place.
    public var confirmed: Bool
    /// What was read back, in the service's own values ("categories: tv, tv-sonarr").
    public var readBack: String

    public init(confirmed: Bool, readBack: String) {
        self.confirmed = confirmed
        self.readBack = readBack
    }
}

/// A service the doctor can fix: it plans a fix (reading what it must, writing nothing) and applies
/// exactly that plan — one write, never retried — then reads the state back.
public protocol DoctorFixing: ServiceClient {
    func plan(_ fix: DoctorFix) async throws(ServiceError) -> FixPlan
    func apply(_ plan: FixPlan) async throws(ServiceError) -> FixOutcome
}

extension Repository {
    /// What `fix` would send; reads only.
    public func plan(_ fix: DoctorFix) async throws(ServiceError) -> FixPlan {
        guard let config = services.first(where: { $0.id == fix.service.id && $0.enabled }) else { throw .notConfigured }
        let plan = try await session(for: config).perform(Capabilities.doctorFixing, force: true) { client throws(ServiceError) in
            try await client.plan(fix)
        }
        guard let plan else { throw .notOffered }
        return plan
    }

    /// Sends exactly `plan` once (never retried, not even on another endpoint), then reads back.
    public func apply(_ plan: FixPlan) async throws(ServiceError) -> FixOutcome {
        guard let config = services.first(where: { $0.id == plan.fix.service.id && $0.enabled }) else { throw .notConfigured }
        let outcome = try await session(for: config).write(Capabilities.doctorFixing) { client throws(ServiceError) in
            try await client.apply(plan)
        }
        guard let outcome else { throw .notOffered }
        return outcome
    }
}
