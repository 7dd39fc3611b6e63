import CSoup
import Foundation

/// What opening a WebSocket gave: the connection, or the service's answer instead of an upgrade
/// (401 for a refused key, 307 for a missing URL base, 503 while it starts).
public enum WebSocketOpening: Sendable {
    case open(WebSocket)
    case refused(status: Int)
}

/// A WebSocket connection living on the HTTP worker thread (libsoup is only ever called there).
/// Text frames arrive on `events`; it ends with `.closed`. Sends and close hop to the worker.
public final class WebSocket: @unchecked Sendable {
    public enum Event: Sendable, Equatable {
        case text(String)
        /// The connection ended: the peer's close code (0 when the connection dropped).
        case closed(code: Int)
    }

    public let events: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private let worker: SoupWorker
    /// Worker-thread state: the connection (one reference) and its signal handlers.
    private var connection: OpaquePointer?
    private var handlers: [gulong] = []

    init(worker: SoupWorker) {
        self.worker = worker
        (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
    }

    /// Worker thread: takes the connection and listens to it.
    fileprivate func attach(_ connection: OpaquePointer) {
        self.connection = connection
        // Servarr pushes whole resources (a series with its seasons); 128 KiB is libsoup's default.
        soup_websocket_connection_set_max_incoming_payload_size(connection, 8 * 1024 * 1024)
        let onMessage: @convention(c) (OpaquePointer?, Int32, OpaquePointer?, gpointer?) -> Void = { _, type, bytes, data in
            guard let data, let bytes, type == Int32(SOUP_WEBSOCKET_DATA_TEXT.rawValue) else { return }
            var size: gsize = 0
            guard let start = g_bytes_get_data(bytes, &size) else { return }
            let text = String(decoding: UnsafeRawBufferPointer(start: start, count: Int(size)), as: UTF8.self)
            Unmanaged<WebSocket>.fromOpaque(data).takeUnretainedValue().continuation.yield(.text(text))
        }
        let onClosed: @convention(c) (OpaquePointer?, gpointer?) -> Void = { connection, data in
            guard let data else { return }
            let socket = Unmanaged<WebSocket>.fromOpaque(data).takeUnretainedValue() // held for this call
            socket.continuation.yield(.closed(code: Int(connection.map { soup_websocket_connection_get_close_code($0) } ?? 0)))
            socket.continuation.finish()
            socket.release()
        }
        // Each handler holds the socket (its box), released by the destroy notify when the handler is
        // disconnected (on close) or the connection finalized: the socket lives while it is connected.
        let releaseBox: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<WebSocket>.fromOpaque(data).release()
        }
        handlers.append(g_signal_connect_data(UnsafeMutableRawPointer(connection), "message", unsafeBitCast(onMessage, to: GCallback.self),
                                              Unmanaged.passRetained(self).toOpaque(), releaseBox, GConnectFlags(rawValue: 0)))
        handlers.append(g_signal_connect_data(UnsafeMutableRawPointer(connection), "closed", unsafeBitCast(onClosed, to: GCallback.self),
                                              Unmanaged.passRetained(self).toOpaque(), releaseBox, GConnectFlags(rawValue: 0)))
    }

    /// Worker thread: disconnects the handlers (their destroy notifies release their boxes) and drops the connection.
    private func release() {
        guard let connection else { return }
        for handler in handlers { g_signal_handler_disconnect(UnsafeMutableRawPointer(connection), handler) }
        handlers = []
        self.connection = nil
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Sends a text frame (dropped when the connection is no longer open).
    public func send(_ text: String) {
        worker.run { [self] in
            guard let connection, soup_websocket_connection_get_state(connection) == SOUP_WEBSOCKET_STATE_OPEN else { return }
            soup_websocket_connection_send_text(connection, text)
        }
    }

    /// Closes normally; `events` ends once the peer answers (libsoup gives it 5 s).
    public func close() {
        worker.run { [self] in
            guard let connection else { return }
            if soup_websocket_connection_get_state(connection) == SOUP_WEBSOCKET_STATE_OPEN {
                soup_websocket_connection_close(connection, gushort(SOUP_WEBSOCKET_CLOSE_NORMAL.rawValue), nil)
            }
        }
    }
}

/// One WebSocket upgrade in flight on the worker thread, within a deadline.
final class SoupWebSocketOpening: @unchecked Sendable {
    private let request: HTTPRequest
    private let limit: Duration
    private let worker: SoupWorker
    private let deadline: SoupDeadline
    private var continuation: CheckedContinuation<WebSocketOpening, Error>?
    private var message: OpaquePointer?

    init(request: HTTPRequest, deadline: Duration, worker: SoupWorker) {
        self.request = request
        limit = deadline
        self.worker = worker
        self.deadline = SoupDeadline(worker: worker)
    }

    func start(_ continuation: CheckedContinuation<WebSocketOpening, Error>) {
        self.continuation = continuation
        _ = Unmanaged.passRetained(self) // released in finish
        worker.run { [self] in
            let opaque = Unmanaged.passUnretained(self).toOpaque()
            guard !deadline.isCancelled else { return finish(.failure(.cancelled)) }
            guard let message = soup_message_new("GET", request.url.absoluteString) else {
                return finish(.failure(.invalidRequest("not a valid URL")))
            }
            self.message = message
            // Never follow a redirect: libsoup would send the API key header to wherever it points.
            soup_message_set_flags(message, SoupMessageFlags(SOUP_MESSAGE_NO_REDIRECT.rawValue))
            let headers = soup_message_get_request_headers(message)
            for (name, value) in request.headers { soup_message_headers_replace(headers, name, value) }
            deadline.arm(limit)
            soup_session_websocket_connect_async(worker.session, message, nil, nil, G_PRIORITY_DEFAULT, deadline.cancellable, { _, result, data in
                Unmanaged<SoupWebSocketOpening>.fromOpaque(data!).takeUnretainedValue().connected(result)
            }, opaque)
        }
    }

    /// Any thread: abandons the upgrade (on the worker, as every libsoup call).
    func cancel() { deadline.cancel() }

    private func connected(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let connection = soup_session_websocket_connect_finish(worker.session, result, &error)
        if let error {
            let status = message.map { Int(soup_message_get_status($0).rawValue) } ?? 0
            if status >= 200, error.pointee.domain == soup_websocket_error_quark() {
                g_error_free(error)
                return finish(.success(.refused(status: status))) // an HTTP answer instead of 101
            }
            return finish(.failure(SoupExchange.transportError(error, deadlinePassed: deadline.deadlinePassed)))
        }
        guard let connection else { return finish(.failure(.protocolError("no connection"))) }
        let socket = WebSocket(worker: worker)
        socket.attach(connection)
        finish(.success(.open(socket)))
    }

    private func finish(_ result: Result<WebSocketOpening, TransportError>) {
        deadline.disarm()
        if let message {
            g_object_unref(UnsafeMutableRawPointer(message))
            self.message = nil
        }
        let continuation = self.continuation
        self.continuation = nil
        switch result {
        case .success(let opening): continuation?.resume(returning: opening)
        case .failure(let error): continuation?.resume(throwing: error)
        }
        Unmanaged.passUnretained(self).release() // balances start
    }
}

extension SoupTransport {
    /// Opens a WebSocket with `request`'s URL and headers (its scheme policy checked first); the
    /// upgrade must complete within `deadline`. No redirect is followed; a non-101 answer is `.refused`.
    public func openWebSocket(_ request: HTTPRequest, deadline: Duration) async throws(TransportError) -> WebSocketOpening {
        guard request.schemePolicy.permits(scheme: request.endpoint.scheme.rawValue) else { throw .insecureSchemeBlocked }
        if Task.isCancelled { throw .cancelled }
        let opening = SoupWebSocketOpening(request: request, deadline: deadline, worker: worker)
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { opening.start($0) }
            } onCancel: {
                opening.cancel()
            }
        } catch let error as TransportError {
            throw error
        } catch {
            throw .other("unexpected failure")
        }
    }
}
