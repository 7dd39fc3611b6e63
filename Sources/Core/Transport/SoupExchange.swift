import CSoup
import Foundation

/// One request in flight on the worker thread: send, follow allowed
/// redirects, read the decoded body under the size cap, all within the class
/// deadline. Retained from `start` until `finish` resumes the continuation.
final class SoupExchange: @unchecked Sendable {
    private let request: HTTPRequest
    private let limits: RequestLimits
    private let maxRedirects: Int
    private let worker: SoupWorker
    private let deadline: SoupDeadline
    private var cancellable: UnsafeMutablePointer<GCancellable> { deadline.cancellable }
    private var continuation: CheckedContinuation<HTTPResponse, Error>?

    // Worker-thread state.
    private var message: OpaquePointer?
    private var stream: UnsafeMutablePointer<GInputStream>?
    private var body = Data()
    private var currentURL: URL
    private var method: String
    private var requestBody: Data?
    private var redirects = 0
    private var pendingRedirect: URL?
    private var finished = false

    init(request: HTTPRequest, limits: RequestLimits, maxRedirects: Int, worker: SoupWorker) {
        self.request = request
        self.limits = limits
        self.maxRedirects = maxRedirects
        self.worker = worker
        deadline = SoupDeadline(worker: worker)
        currentURL = request.url
        method = request.method.rawValue
        requestBody = request.body
    }

    func start(_ continuation: CheckedContinuation<HTTPResponse, Error>) {
        self.continuation = continuation
        _ = Unmanaged.passRetained(self) // released in finish
        worker.run { self.begin() }
    }

    /// Any thread: aborts the exchange. The cancellation itself runs on the HTTP
    /// thread: cancelling fires libsoup's handlers synchronously in the calling
    /// thread, and libsoup must only ever run on its own (a cancel from a Swift
    /// task's thread crashed libsoup under fast poster scrolling).
    func cancel() { deadline.cancel() }

    private var opaqueSelf: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private func begin() {
        if deadline.isCancelled { return finish(.failure(.cancelled)) }
        deadline.arm(limits.deadline)
        send()
    }

    private func send() {
        guard let message = soup_message_new(method, currentURL.absoluteString) else {
            return finish(.failure(.invalidRequest("not a valid URL")))
        }
        self.message = message
        var flags = SOUP_MESSAGE_NO_REDIRECT.rawValue | SOUP_MESSAGE_COLLECT_METRICS.rawValue
        // libsoup opens a new connection for every POST unless told the request is idempotent; the
        // RPC services (Transmission, Deluge, NZBGet) read with POST, so without this every refresh
        // was a new TCP (and TLS) connection. Writes stay on fresh connections, as libsoup intends.
        if request.isIdempotent { flags |= SOUP_MESSAGE_IDEMPOTENT.rawValue }
        soup_message_set_flags(message, SoupMessageFlags(flags))
        let headers = soup_message_get_request_headers(message)
        for (name, value) in request.headers { soup_message_headers_replace(headers, name, value) }
        if let requestBody {
            let bytes = requestBody.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            soup_message_set_request_body_from_bytes(message, request.contentType ?? "application/octet-stream", bytes)
            g_bytes_unref(bytes)
        }
        soup_session_send_async(worker.session, message, G_PRIORITY_DEFAULT, cancellable, { _, result, data in
            Unmanaged<SoupExchange>.fromOpaque(data!).takeUnretainedValue().didSend(result)
        }, opaqueSelf)
    }

    private func didSend(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let stream = soup_session_send_finish(worker.session, result, &error)
        if let error { return finish(.failure(map(error))) }
        self.stream = stream
        let status = Int(soup_message_get_status(message).rawValue)
        if (300...399).contains(status), status != 304 {
            switch redirectTarget(status: status) {
            case .success(let url): pendingRedirect = url
            case .failure(let failure): return finish(.failure(failure))
            }
        }
        readNext()
    }

    private func readNext() {
        g_input_stream_read_bytes_async(stream, 64 * 1024, G_PRIORITY_DEFAULT, cancellable, { _, result, data in
            Unmanaged<SoupExchange>.fromOpaque(data!).takeUnretainedValue().didRead(result)
        }, opaqueSelf)
    }

    private func didRead(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let bytes = g_input_stream_read_bytes_finish(stream, result, &error)
        if let error { return finish(.failure(map(error))) }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)
        if size == 0 { return endOfBody() }
        if body.count + Int(size) > limits.maxBodyBytes {
            return finish(.failure(.bodyTooLarge(limit: limits.maxBodyBytes)))
        }
        body.append(data!.assumingMemoryBound(to: UInt8.self), count: Int(size))
        readNext()
    }

    private func endOfBody() {
        if let next = pendingRedirect {
            pendingRedirect = nil
            releaseMessage()
            body = Data()
            currentURL = next
            return send()
        }
        let status = Int(soup_message_get_status(message).rawValue)
        var response = HTTPResponse(status: status, headerFields: responseHeaders(), body: body, url: currentURL)
        if let metrics = soup_message_get_metrics(message) {
            response.wireBytes = Int(soup_message_metrics_get_response_header_bytes_received(metrics)
                                     + soup_message_metrics_get_response_body_bytes_received(metrics))
        }
        finish(.success(response))
    }

    /// Where a 3xx may lead, under the scheme policy and the origin rule.
    private func redirectTarget(status: Int) -> Result<URL, TransportError> {
        redirects += 1
        guard redirects <= maxRedirects else { return .failure(.tooManyRedirects) }
        guard let location = soup_message_headers_get_one(soup_message_get_response_headers(message), "Location"),
              let next = URL(string: String(cString: location), relativeTo: currentURL)?.absoluteURL
        else { return .failure(.redirectNotFollowed(status: status)) }
        guard request.schemePolicy.permits(scheme: next.scheme) else { return .failure(.insecureSchemeBlocked) }
        let nextOrigin = Self.origin(of: next)
        if nextOrigin != Self.origin(of: currentURL), request.carriesCredentials {
            return .failure(.crossOriginRedirect(toOrigin: nextOrigin))
        }
        switch status {
        case 307, 308: break
        case 303 where method != "HEAD":
            method = "GET"
            requestBody = nil
        default:
            guard method == "GET" || method == "HEAD" else { return .failure(.redirectNotFollowed(status: status)) }
        }
        return .success(next)
    }

    private static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    private func responseHeaders() -> [(name: String, value: String)] {
        final class Collector { var fields: [(name: String, value: String)] = [] }
        let collector = Collector()
        soup_message_headers_foreach(soup_message_get_response_headers(message), { name, value, data in
            let collector = Unmanaged<Collector>.fromOpaque(data!).takeUnretainedValue()
            collector.fields.append((String(cString: name!), String(cString: value!)))
        }, Unmanaged.passUnretained(collector).toOpaque())
        return collector.fields
    }

    private func map(_ error: UnsafeMutablePointer<GError>) -> TransportError {
        Self.transportError(error, deadlinePassed: deadline.deadlinePassed)
    }

    /// A libsoup/GIO error as a transport error (the GError is freed). A cancellation after the
    /// deadline is a timeout.
    static func transportError(_ error: UnsafeMutablePointer<GError>, deadlinePassed: Bool) -> TransportError {
        defer { g_error_free(error) }
        let domain = error.pointee.domain, code = error.pointee.code
        let text = String(cString: error.pointee.message)
        if domain == sy_io_error_quark() {
            switch GIOErrorEnum(rawValue: UInt32(code)) {
            case G_IO_ERROR_CANCELLED: return deadlinePassed ? .timedOut : .cancelled
            case G_IO_ERROR_TIMED_OUT: return .timedOut
            case G_IO_ERROR_CONNECTION_REFUSED: return .connectionRefused
            case G_IO_ERROR_HOST_UNREACHABLE, G_IO_ERROR_NETWORK_UNREACHABLE: return .unreachable
            case G_IO_ERROR_CONNECTION_CLOSED, G_IO_ERROR_BROKEN_PIPE, G_IO_ERROR_PARTIAL_INPUT: return .connectionLost
            case G_IO_ERROR_FAILED where text.localizedCaseInsensitiveContains("connection")
                || text.localizedCaseInsensitiveContains("closed") || text.localizedCaseInsensitiveContains("reset"):
                return .connectionLost
            case G_IO_ERROR_HOST_NOT_FOUND: return .nameNotResolved
            default: return .other(text)
            }
        }
        if domain == sy_resolver_error_quark() { return .nameNotResolved }
        if domain == sy_tls_error_quark() {
            return GTlsError(rawValue: UInt32(code)) == G_TLS_ERROR_BAD_CERTIFICATE ? .tlsUntrusted(text) : .tlsFailed(text)
        }
        if domain == soup_session_error_quark() {
            switch SoupSessionError(rawValue: UInt32(code)) {
            case SOUP_SESSION_ERROR_TOO_MANY_REDIRECTS: return .tooManyRedirects
            default: return .protocolError(text)
            }
        }
        return .other(text)
    }

    private func releaseMessage() {
        if let stream {
            g_object_unref(UnsafeMutableRawPointer(stream))
            self.stream = nil
        }
        if let message {
            g_object_unref(UnsafeMutableRawPointer(message))
            self.message = nil
        }
    }

    private func finish(_ result: Result<HTTPResponse, TransportError>) {
        guard !finished else { return }
        finished = true
        deadline.disarm()
        if case .failure = result { deadline.cancelHere() } // drop a half-read connection
        releaseMessage()
        let continuation = self.continuation
        self.continuation = nil
        switch result {
        case .success(let response): continuation?.resume(returning: response)
        case .failure(let error): continuation?.resume(throwing: error)
        }
        Unmanaged.passUnretained(self).release() // balances start
    }
}
