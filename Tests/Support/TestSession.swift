import Foundation

/// A test that needs the test session was run outside it. It fails (never skips): a plain
/// `swift test` must not report a partial run as a pass. `make check` runs the tests that need no
/// display, daemon or keyring; `make test` runs everything inside the session.
public struct TestSessionRequired: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}

/// Throws unless this runs inside `scripts/test-session.sh` (Xvfb, D-Bus, AT-SPI, gnome-keyring) —
/// and, with `peers`, with the real transfer clients running (`scripts/peers.sh`).
public func requireTestSession(peers: Bool = false) throws {
    let environment = ProcessInfo.processInfo.environment
    guard environment["SWITCHYARD_SESSION"] != nil else {
        throw TestSessionRequired(description: "needs the test session (display, D-Bus, AT-SPI, keyring): run `make test`; `make check` runs the tests that need none")
    }
    guard !peers || environment["SWITCHYARD_PEERS"] != nil else {
        throw TestSessionRequired(description: "needs the real peers (qBittorrent, Transmission, Deluge, NZBGet, rTorrent) on 127.0.0.1: run `make test`")
    }
}
