import CSoup

/// GLib registers GIO's types on first use. Two threads registering GDBusConnection
/// at once — the keyring queue (libsecret making its D-Bus proxy) and the HTTP thread
/// (libsoup's proxy resolver loading dconf) — deadlock inside GLib's type system: one
/// holds the class-init lock and waits for the type's once-guard, the other holds the
/// once-guard and waits for the lock (`switchyard --status` hung that way). Registering
/// the type once, before either thread starts, removes the race.
enum GLibTypes {
    private static let registered: Bool = {
        g_type_ensure(g_dbus_connection_get_type())
        g_type_ensure(g_dbus_proxy_get_type())
        return true
    }()

    /// Call before starting a thread that may use D-Bus (idempotent, thread-safe).
    static func prepare() { _ = registered }
}
