import Foundation

/// Where secrets live. The only implementation the app uses is the keyring
/// (`KeyringSecretStore`); `InMemorySecretStore` serves unit tests. There is
/// no file-backed store and never a fallback to one.
public protocol SecretStore: Sendable {
    /// The stored credential, or nil when the account has none.
    func read(_ account: CredentialReference) async throws(SecretStoreError) -> Credential?
    /// Replaces the account's credential: set fields are written, unset ones removed.
    func write(_ credential: Credential, for account: CredentialReference, kind: ServiceKind) async throws(SecretStoreError)
    /// Removes every item of the account. Removing nothing is not an error.
    func delete(_ account: CredentialReference) async throws(SecretStoreError)
}

/// Why the keyring could not be used. Each case has a sentence in `ErrorText`.
public enum SecretStoreError: Error, Equatable, Sendable {
    /// No D-Bus session bus (e.g. started outside a desktop session).
    case noSessionBus
    /// A bus, but nothing provides the Secret Service (no GNOME Keyring, KWallet or KeePassXC).
    case noSecretService
    /// The default collection does not exist and could not be created.
    case noCollection
    /// The collection is locked and was not unlocked.
    case locked
    /// The user dismissed the unlock prompt.
    case dismissed
    /// Any other failure; the text comes from libsecret and never holds a secret.
    case failed(String)
    /// An item is there but does not read as what Switchyard stored (its field name, never its value).
    case unreadable(field: String)
}

/// Keyring items of one account: the keyring attribute `field` of each.
enum SecretItemField {
    static let extraHeaders = "extra-headers"

    static var all: [String] { CredentialField.allCases.map(\.rawValue) + [extraHeaders] }
}

/// A secret store in memory, for unit tests.
public actor InMemorySecretStore: SecretStore {
    private var items: [CredentialReference: (kind: ServiceKind, credential: Credential)] = [:]
    /// When set, every call fails with this error (to test keyring faults).
    public var failure: SecretStoreError?

    public init() {}

    public func setFailure(_ failure: SecretStoreError?) { self.failure = failure }

    public func read(_ account: CredentialReference) async throws(SecretStoreError) -> Credential? {
        if let failure { throw failure }
        return items[account]?.credential
    }

    public func write(_ credential: Credential, for account: CredentialReference, kind: ServiceKind) async throws(SecretStoreError) {
        if let failure { throw failure }
        items[account] = credential.isEmpty ? nil : (kind, credential)
    }

    public func delete(_ account: CredentialReference) async throws(SecretStoreError) {
        if let failure { throw failure }
        items[account] = nil
    }

    public var accounts: Set<CredentialReference> { Set(items.keys) }
}

extension SecretStore {
    /// The credential of `account`, required to fill `shape`: the one way clients load theirs.
    func requiredCredential(_ account: CredentialReference, shape: CredentialShape) async throws(ServiceError) -> Credential {
        let stored: Credential?
        do { stored = try await read(account) } catch { throw .keyring(error) }
        guard let stored, stored.satisfies(shape) else { throw .missingCredential }
        return stored
    }
}
