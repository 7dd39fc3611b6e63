import CSoup
import Foundation

/// The fixture Sonarr/Radarr live channel: `{urlBase}/signalr/messages` as Servarr serves it
/// (API-GUIDE-2 §5) — the API key from the `X-Api-Key` header (an `access_token` query parameter,
/// even empty, takes precedence and is refused unless it is the key), the JSON hub protocol's
/// handshake, pings, a `version` message to each new connection, and pushes the tests ask for.
/// Every upgrade request's line is logged (`GET /__hub_log`) so tests can prove no secret is in it.
///
/// Control paths (handled by main.swift): `/__hub_log`, `/__push?name=…&action=…[&id=N]`,
/// `/__advance_commands` (every running command one state on, each pushed as `command` updated),
/// `/__hub_drop` (closes every connection as a restarting service would), `/__hub_silent?on=1`
/// (new connections never answer the handshake), `/__hub_fault?fault=…` (how new upgrades fail: `missing`
/// answers 404 as a reverse proxy that does not pass WebSockets does, `redirect` answers 301 elsewhere,
/// `garbage` upgrades and answers the handshake with an HTML page, `none` ends the fault).
final class FixtureHub: @unchecked Sendable {
    let apiKey: String
    let version: String
    /// Request lines of upgrade attempts: "GET /path?query".
    private(set) var log: [String] = []
    /// Header names of upgrade attempts (values never kept).
    private(set) var headerNames: [[String]] = []
    var silent = false
    enum Fault: String { case none, missing, redirect, garbage }
    var fault = Fault.none
    private var connections: [OpaquePointer] = [] // SoupWebsocketConnection, one reference each
    private var handshaken: Set<UInt> = []

    init(apiKey: String, version: String) {
        self.apiKey = apiKey
        self.version = version
    }

    func install(on server: UnsafeMutablePointer<SoupServer>, path: String) {
        let box = Unmanaged.passRetained(self).toOpaque() // lives as long as the server
        // The check runs before the upgrade: a status set here answers instead of 101.
        soup_server_add_handler(server, path, { _, message, _, query, data in
            Unmanaged<FixtureHub>.fromOpaque(data!).takeUnretainedValue().check(message, query: query)
        }, box, nil)
        soup_server_add_websocket_handler(server, path, nil, nil, { _, _, _, connection, data in
            Unmanaged<FixtureHub>.fromOpaque(data!).takeUnretainedValue().accept(connection!)
        }, box, nil)
    }

    private func check(_ message: OpaquePointer?, query: OpaquePointer?) {
        let uri = soup_server_message_get_uri(message)
        let path = uri.flatMap { g_uri_get_path($0) }.map { String(cString: $0) } ?? ""
        let rawQuery = uri.flatMap { g_uri_get_query($0) }.map { String(cString: $0) }
        let method = soup_server_message_get_method(message).map { String(cString: $0) } ?? "?"
        log.append("\(method) \(path)\(rawQuery.map { "?" + $0 } ?? "")")
        let headers = soup_server_message_get_request_headers(message)
        final class Names { var list: [String] = [] }
        let names = Names()
        soup_message_headers_foreach(headers, { name, _, data in
            Unmanaged<Names>.fromOpaque(data!).takeUnretainedValue().list.append(String(cString: name!))
        }, Unmanaged.passUnretained(names).toOpaque())
        headerNames.append(names.list)
        // Servarr's order: the access_token query parameter, then the header (exact compare).
        let parameters = queryDictionary(query)
        let key = parameters["access_token"] ?? soup_message_headers_get_one(headers, "X-Api-Key").map { String(cString: $0) }
        guard key == apiKey else {
            soup_server_message_set_status(message, 401, nil)
            return
        }
        switch fault {
        case .missing: soup_server_message_set_status(message, 404, nil)
        case .redirect:
            soup_message_headers_replace(soup_server_message_get_response_headers(message), "Location",
                                         "http://elsewhere.fixture.invalid/signalr/messages")
            soup_server_message_set_status(message, 301, nil)
        case .none, .garbage: break
        }
        // Status left unset: libsoup performs the upgrade.
    }

    private func accept(_ connection: OpaquePointer) {
        g_object_ref(UnsafeMutableRawPointer(connection))
        connections.append(connection)
        let box = Unmanaged.passUnretained(self).toOpaque()
        let onMessage: @convention(c) (OpaquePointer?, Int32, OpaquePointer?, gpointer?) -> Void = { connection, _, bytes, data in
            guard let connection, let bytes, let data else { return }
            var size: gsize = 0
            guard let start = g_bytes_get_data(bytes, &size) else { return }
            let text = String(decoding: UnsafeRawBufferPointer(start: start, count: Int(size)), as: UTF8.self)
            Unmanaged<FixtureHub>.fromOpaque(data).takeUnretainedValue().received(text, on: connection)
        }
        let onClosed: @convention(c) (OpaquePointer?, gpointer?) -> Void = { connection, data in
            guard let connection, let data else { return }
            Unmanaged<FixtureHub>.fromOpaque(data).takeUnretainedValue().forget(connection)
        }
        g_signal_connect_data(UnsafeMutableRawPointer(connection), "message", unsafeBitCast(onMessage, to: GCallback.self), box, nil,
                              GConnectFlags(rawValue: 0))
        g_signal_connect_data(UnsafeMutableRawPointer(connection), "closed", unsafeBitCast(onClosed, to: GCallback.self), box, nil,
                              GConnectFlags(rawValue: 0))
    }

    private func received(_ text: String, on connection: OpaquePointer) {
        let id = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
        for record in text.split(separator: "\u{1E}") {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(record.utf8))) as? [String: Any] else { continue }
            if !handshaken.contains(id) {
                guard object["protocol"] as? String == "json", !silent else { continue }
                if fault == .garbage { // what a web server's error page looks like to a SignalR client: no record separator
                    send("<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>", on: connection)
                    continue
                }
                handshaken.insert(id)
                send("{}\u{1E}", on: connection)
                send(Self.invocation(name: "version", body: ["version": version]), on: connection)
            } else if object["type"] as? Int == 6 {
                send(#"{"type":6}"# + "\u{1E}", on: connection)
            }
        }
    }

    private func forget(_ connection: OpaquePointer) {
        handshaken.remove(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))))
        if let index = connections.firstIndex(of: connection) {
            connections.remove(at: index)
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
    }

    private func send(_ text: String, on connection: OpaquePointer) {
        guard soup_websocket_connection_get_state(connection) == SOUP_WEBSOCKET_STATE_OPEN else { return }
        soup_websocket_connection_send_text(connection, text)
    }

    static func invocation(name: String, body: [String: Any]) -> String {
        let message: [String: Any] = ["type": 1, "target": "receiveMessage", "arguments": [["name": name, "body": body]]]
        let data = (try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\u{1E}"
    }

    /// Sends a message to every connection past its handshake; the number reached.
    func push(name: String, action: String, id: Int?, resource: [String: Any]? = nil) -> Int {
        var body: [String: Any] = ["action": action]
        if let id { body["resource"] = ["id": id] }
        if let resource { body["resource"] = resource }
        let text = Self.invocation(name: name, body: body)
        var reached = 0
        for connection in connections where handshaken.contains(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))) {
            send(text, on: connection)
            reached += 1
        }
        return reached
    }

    /// Closes every connection (a service restarting): the clients see the close, then reconnect.
    func dropAll() -> Int {
        let open = connections.filter { soup_websocket_connection_get_state($0) == SOUP_WEBSOCKET_STATE_OPEN }
        for connection in open { soup_websocket_connection_close(connection, gushort(SOUP_WEBSOCKET_CLOSE_GOING_AWAY.rawValue), "restarting") }
        return open.count
    }

    var report: Data {
        let object: [String: Any] = ["requests": log, "headerNames": headerNames, "open": connections.count, "live": handshaken.count]
        return (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }
}
