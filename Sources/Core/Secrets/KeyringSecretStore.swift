import CSecret
import Foundation

/// Secrets in the desktop keyring through libsecret (Secret Service: GNOME
/// Keyring, KWallet, KeePassXC). One item per field, under the schema
/// `app.switchyard.Switchyard.Credential` with attributes account, kind, field
/// and schema-version. libsecret's sync calls block on D-Bus, so they run on a
/// private serial queue — never on the main loop.
public final class KeyringSecretStore: SecretStore {
    public static let schemaVersion = "1"
    private let queue = DispatchQueue(label: "switchyard-keyring")

    public init() { GLibTypes.prepare() }

    public func read(_ account: CredentialReference) async throws(SecretStoreError) -> Credential? {
        try await onQueue { () throws(SecretStoreError) -> Credential? in
            var credential = Credential()
            for field in CredentialField.allCases {
                credential[field] = try Self.lookup(account: account, field: field.rawValue)
            }
            if let headers = try Self.lookup(account: account, field: SecretItemField.extraHeaders) {
                // Corrupt headers are reported, not read as "none": without them a gateway answers with its sign-in page.
                guard let decoded = try? JSONDecoder().decode([String: String].self, from: Data(headers.utf8)) else {
                    throw .unreadable(field: SecretItemField.extraHeaders)
                }
                credential.extraHeaders = decoded
            }
            return credential.isEmpty ? nil : credential
        }
    }

    public func write(_ credential: Credential, for account: CredentialReference, kind: ServiceKind) async throws(SecretStoreError) {
        try await onQueue { () throws(SecretStoreError) in
            for field in CredentialField.allCases {
                if let value = credential[field], !value.isEmpty {
                    try Self.store(value, account: account, kind: kind, field: field.rawValue)
                } else {
                    try Self.clear(account: account, field: field.rawValue)
                }
            }
            if credential.extraHeaders.isEmpty {
                try Self.clear(account: account, field: SecretItemField.extraHeaders)
            } else {
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                let json = String(decoding: (try? encoder.encode(credential.extraHeaders)) ?? Data(), as: UTF8.self)
                try Self.store(json, account: account, kind: kind, field: SecretItemField.extraHeaders)
            }
        }
    }

    public func delete(_ account: CredentialReference) async throws(SecretStoreError) {
        try await onQueue { () throws(SecretStoreError) in try Self.clear(account: account, field: nil) }
    }

    // MARK: libsecret calls (on the queue)

    private func onQueue<T: Sendable>(_ body: @escaping @Sendable () throws(SecretStoreError) -> T) async throws(SecretStoreError) -> T {
        let result: Result<T, SecretStoreError> = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: Result { () throws(SecretStoreError) -> T in try body() })
            }
        }
        return try result.get()
    }

    private static func attributes(_ pairs: [(String, String)]) -> OpaquePointer {
        let table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free)!
        for (key, value) in pairs {
            g_hash_table_insert(table, g_strdup(key), g_strdup(value))
        }
        return table
    }

    private static func lookup(account: CredentialReference, field: String) throws(SecretStoreError) -> String? {
        let table = attributes([("account", account.description), ("field", field)])
        defer { g_hash_table_unref(table) }
        var error: UnsafeMutablePointer<GError>?
        let secret = secret_password_lookupv_sync(sy_credential_schema(), table, nil, &error)
        if let error { throw map(error) }
        guard let secret else {
            // No value: either there is no item, or it is in a locked collection that could not be
            // unlocked (libsecret then answers nothing, without an error). Tell the two apart.
            if try hasLockedItem(table) { throw .locked }
            return nil
        }
        defer { secret_password_free(secret) }
        return String(cString: secret)
    }

    /// Whether items matching `table` exist (without unlocking or loading secrets): after an
    /// empty lookup, they can only be locked ones.
    private static func hasLockedItem(_ table: OpaquePointer) throws(SecretStoreError) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        let items = secret_password_searchv_sync(sy_credential_schema(), table, SECRET_SEARCH_ALL, nil, &error)
        if let error { throw map(error) }
        guard let items else { return false }
        g_list_free_full(items, g_object_unref)
        return true
    }

    private static func store(_ value: String, account: CredentialReference, kind: ServiceKind, field: String) throws(SecretStoreError) {
        let table = attributes([("account", account.description), ("kind", kind.rawValue), ("field", field),
                                ("schema-version", schemaVersion)])
        defer { g_hash_table_unref(table) }
        let label = "Switchyard \(kind.displayName) \(field) (\(account.description.prefix(8)))"
        var error: UnsafeMutablePointer<GError>?
        let stored = secret_password_storev_sync(sy_credential_schema(), table, nil, label, value, nil, &error)
        if let error { throw map(error) }
        if stored == 0 { throw .failed("the keyring did not store the item") }
    }

    private static func clear(account: CredentialReference, field: String?) throws(SecretStoreError) {
        var pairs = [("account", account.description)]
        if let field { pairs.append(("field", field)) }
        let table = attributes(pairs)
        defer { g_hash_table_unref(table) }
        var error: UnsafeMutablePointer<GError>?
        _ = secret_password_clearv_sync(sy_credential_schema(), table, nil, &error) // FALSE = nothing to clear
        if let error { throw map(error) }
    }

    /// libsecret's errors → our cases, by the messages it is known to produce.
    static func map(_ error: UnsafeMutablePointer<GError>) -> SecretStoreError {
        defer { g_error_free(error) }
        let message = String(cString: error.pointee.message)
        // The keyring daemon libsecret opened its session with is gone (a new one may have been
        // started since): forget the cached connection so the next call opens a new session.
        if message.lowercased().contains("session wrapping the secret does not exist") { secret_service_disconnect() }
        return classify(message)
    }

    static func classify(_ message: String) -> SecretStoreError {
        let text = message.lowercased()
        if text.contains("dbus-launch") || text.contains("autolaunch") || text.contains("session bus")
            || text.contains("dbus_session_bus_address") || text.hasPrefix("could not connect") {
            return .noSessionBus
        }
        if text.contains("org.freedesktop.secrets") { return .noSecretService }
        // The keyring daemon went away while we ran: the bus no longer knows the name we were talking to.
        if text.contains("not provided by any .service files") || text.contains("has no owner")
            || text.contains("serviceunknown") || text.contains("connection is closed")
            || text.contains("session wrapping the secret does not exist") { return .noSecretService }
        if text.contains("locked") { return .locked }
        if text.contains("/collection/") && text.contains("does not exist") { return .noCollection }
        if text.contains("dismissed") || text.contains("cancelled") { return .dismissed }
        return .failed(message)
    }
}
