import Core
import Foundation

/// A path-routing transport for tests and inspection routes: answers only the
/// requests it was told about, from synthetic fixtures, and fails loudly —
/// recording the request and throwing — on anything else.
public final class StubTransport: HTTPTransport, @unchecked Sendable {
    public enum Reply: Sendable {
        /// A JSON body from a file under the fixtures directory.
        case fixture(String, status: Int = 200)
        case json(String, status: Int = 200)
        case status(Int)
        case html(String)
        case failure(TransportError)
    }

    private let routes: [String: Reply]
    private let fixtures: URL?
    private let lock = NSLock()
    private var seen: [HTTPRequest] = []
    private var unexpected: [String] = []
    private var held: Set<String> = []
    private var waiting: [(key: String, resume: CheckedContinuation<Void, Never>)] = []

    /// Routes are keyed "METHOD /path" (the path below the endpoint's base path, without query).
    public init(routes: [String: Reply], fixtures: URL? = nil) {
        self.routes = routes
        self.fixtures = fixtures
    }

    public var requests: [HTTPRequest] { lock.withLock { seen } }
    /// Requests no route matched. A test that ends with any of these has a bug.
    public var unexpectedRequests: [String] { lock.withLock { unexpected } }

    /// Requests to `key` ("METHOD /path") are recorded as sent but not answered until `release(key)`:
    /// a test can act while a read is in flight, whatever the machine's speed.
    public func hold(_ key: String) { lock.withLock { _ = held.insert(key) } }

    /// Answers the requests held on `key`, and those sent later.
    public func release(_ key: String) {
        let resumed = lock.withLock {
            held.remove(key)
            let matching = waiting.filter { $0.key == key }
            waiting.removeAll { $0.key == key }
            return matching
        }
        for entry in resumed { entry.resume.resume() }
    }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let key = "\(request.method.rawValue) \(request.path)"
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let answerNow = lock.withLock {
                seen.append(request)
                guard held.contains(key) else { return true }
                waiting.append((key, continuation))
                return false
            }
            if answerNow { continuation.resume() }
        }
        guard let reply = routes[key] else {
            lock.withLock { unexpected.append(key) }
            Log.warning("stub transport: no route for \(key)")
            throw .other("no stub route for \(key)")
        }
        let url = request.url
        switch reply {
        case .fixture(let name, let status):
            guard let fixtures, let data = try? Data(contentsOf: fixtures.appendingPathComponent(name)) else {
                lock.withLock { unexpected.append("missing fixture \(name)") }
                throw .other("missing fixture \(name)")
            }
            return HTTPResponse(status: status, headerFields: [("Content-Type", "application/json")], body: data, url: url)
        case .json(let text, let status):
            return HTTPResponse(status: status, headerFields: [("Content-Type", "application/json")], body: Data(text.utf8), url: url)
        case .status(let status):
            return HTTPResponse(status: status, url: url)
        case .html(let text):
            return HTTPResponse(status: 200, headerFields: [("Content-Type", "text/html")], body: Data(text.utf8), url: url)
        case .failure(let error):
            throw error
        }
    }
}
